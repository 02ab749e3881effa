"""Plain-text and JSON reports of the pattern engine's results (strings and dicts; no printing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...output import table
from ..cards import Card, Wheel
from ..analysis import Move, Pattern, Verdict, best_move
from ...arena.rates import Rate

if TYPE_CHECKING:  # the CP-SAT model (OR-Tools) is loaded only by the commands that solve with it
    from ..model import Puzzle, WildCompletion


def wheel_lines(wheel: Wheel) -> str:
    """The wheel, one position a line."""
    return "\n".join(f"  {i}: {c if c is not None else '_ (gap)'}" for i, c in enumerate(wheel.cards))


def pattern_rows(patterns: list[Pattern]) -> list[list[str]]:
    """Table rows for patterns."""
    return [[p.statement.text_en(), p.statement.kind, p.occurrences, p.tier,
             " ".join(map(str, p.involved)), "WILD" if p.wild else ""] for p in patterns]


PATTERN_HEADER = ["pattern", "kind", "k", "tier", "involved", "wild"]


def list_json(wheel: Wheel, patterns: list[Pattern]) -> dict:
    """{"wheel", "patterns"}."""
    return {"wheel": wheel.as_dict(), "patterns": [p.as_dict() for p in patterns]}


def list_text(wheel: Wheel, patterns: list[Pattern]) -> str:
    """The valid patterns on a wheel as a table."""
    head = f"wheel (clockwise):\n{wheel_lines(wheel)}\n"
    if not patterns:
        return head + "no valid pattern on this wheel"
    return head + f"{len(patterns)} valid pattern(s):\n" + table(pattern_rows(patterns), PATTERN_HEADER)


def moves_json(wheel: Wheel, card: Card, all_moves: list[Move]) -> dict:
    """{"wheel", "card", "moves", "best"}."""
    best = best_move(all_moves)
    return {"wheel": wheel.as_dict(), "card": str(card), "moves": [m.as_dict() for m in all_moves],
            "best": best.position if best else None}


def moves_text(wheel: Wheel, card: Card, all_moves: list[Move]) -> str:
    """Each position, what covering it creates, and the best move."""
    rows = []
    for m in all_moves:
        created = "; ".join(p.statement.text_en() + (" (WILD)" if p.wild else "") for p in m.patterns)
        rows.append([m.position, m.covered, created or "-", m.reward.text if m.patterns else ""])
    best = best_move(all_moves)
    verdict = (f"best move: cover position {best.position} ({best.covered}): {best.reward.text}"
               if best else f"no move creates a pattern with {card}: say Click!")
    return (f"playing {card}:\n" + table(rows, ["pos", "covered", "patterns created", "reward"])
            + "\n" + verdict)


def verdict_text(v: Verdict) -> str:
    """A judged declaration in words."""
    head = f"declared: {v.statement.text_en()} ({v.statement.kind})"
    if v.valid:
        p = v.pattern
        tier = "repeats once" if p.tier == 1 else "repeats twice or more"
        wild = " WILD WILD PATTERN!" if p.wild else ""
        return (f"{head}\nVALID: {p.occurrences} occurrences ({tier}), involved positions "
                f"{' '.join(map(str, p.involved))}.{wild}\nreward: {v.reward.text}")
    return f"{head}\nNOT VALID:\n" + "\n".join(f"  - {r}" for r in v.reasons) + f"\n{v.reward.text}"


def click_json(wheel: Wheel, card: Card, all_moves: list[Move]) -> dict:
    """{"wheel", "card", "pattern_possible", "outcome", "moves", "best"}."""
    data = moves_json(wheel, card, all_moves)
    possible = data["best"] is not None
    data["pattern_possible"] = possible
    data["outcome"] = CLICK_OUTCOMES[possible]
    return data


CLICK_OUTCOMES = {
    False: "nobody can create a pattern with the clicked card: the clicker takes a wheel card of their "
           "choice and the clicked card leaves the game",
    True: "an opponent can create a pattern with the clicked card and wins the usual reward",
}


def click_text(wheel: Wheel, card: Card, all_moves: list[Move]) -> str:
    """The Click! verdict and the moves that refute it."""
    best = best_move(all_moves)
    if best is None:
        return f"Click! holds: {card} creates no pattern on this wheel.\n{CLICK_OUTCOMES[False]}"
    return (f"Click! fails: {card} creates a pattern.\n{CLICK_OUTCOMES[True]}, e.g.:\n"
            + moves_text(wheel, card, all_moves))


def puzzle_text(p: Puzzle, show_solution: bool) -> str:
    """The puzzle, and its solution when asked."""
    text = (f"puzzle (seed {p.seed}): the wheel, clockwise:\n{wheel_lines(p.wheel)}\n"
            f"you drew {p.card}. Exactly one move creates a pattern: where, and which?")
    if show_solution:
        text += (f"\nsolution: cover position {p.position} ({p.wheel.cards[p.position]}) and declare "
                 f"\"{p.pattern.statement.text_en()}\" (tier {p.pattern.tier}): {p.pattern.reward().text}")
    return text


def wild_text(w: WildCompletion) -> str:
    """The completed wheel and the Wild Wild Pattern move, or that there is none."""
    if w.wheel is None:
        return f"no completion of this wheel lets {w.card} create a Wild Wild Pattern"
    return (f"completed wheel:\n{wheel_lines(w.wheel)}\ncover position {w.position} "
            f"({w.wheel.cards[w.position]}) with {w.card} and declare "
            f"\"{w.pattern.statement.text_en()}\": WILD WILD PATTERN!")


def stats_json(rates: dict[str, Rate], seed: int) -> dict:
    """{"wheels", "seed", "wild_wheel", "no_move"} with rates and 95% intervals."""
    n = next(iter(rates.values())).n
    return {"wheels": n, "seed": seed, **{k: r.as_dict() for k, r in rates.items()}}


def stats_text(rates: dict[str, Rate], seed: int) -> str:
    """The two rates with their 95% intervals."""
    labels = {"wild_wheel": "wheel holds a Wild Wild Pattern", "no_move": "drawn card has no move"}
    rows = []
    for key, rate in rates.items():
        j = rate.as_dict()
        low, high = j["ci95"]
        rows.append([labels[key], f"{rate.hits}/{rate.n}", f"{100 * j['rate']:.3f}%",
                     f"{100 * low:.3f}% - {100 * high:.3f}%"])
    return f"random wheels (seed {seed}):\n" + table(rows, ["event", "count", "rate", "95% interval"])
