"""Plain-text and JSON reports of the pattern engine's results (strings and dicts; no printing).

The text reports are worded in a language (`lang`, the command's --lang) from the catalogs
(`patterns.<command>.*`): statements as players say them, cards by their traits in that language;
the JSON keeps the data's English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import percent, say, say_n
from ...output import table
from ...words import tell
from ..cards import Card, Wheel
from ..analysis import Move, Pattern, Verdict, best_move
from ..wording import card_name
from ...arena.rates import Rate

if TYPE_CHECKING:  # the CP-SAT model (OR-Tools) is loaded only by the commands that solve with it
    from ..model import Puzzle, WildCompletion


def named(card, lang: str) -> str:
    """A card by its traits in `lang` ('white-barrel-bullets', 'weiß-Fass-Kugeln')."""
    return card_name(str(card), lang)


def wheel_lines(wheel: Wheel, lang: str = "en") -> str:
    """The wheel, one position a line."""
    gap = say(lang, "patterns.report.gap")
    return "\n".join(f"  {i}: {named(c, lang) if c is not None else gap}" for i, c in enumerate(wheel.cards))


def pattern_rows(patterns: list[Pattern], lang: str = "en") -> list[list[str]]:
    """Table rows for patterns."""
    wild = say(lang, "patterns.report.wild")
    return [[p.statement.told(lang), p.statement.kind_told(lang), p.occurrences, p.tier,
             " ".join(map(str, p.involved)), wild if p.wild else ""] for p in patterns]


#: The columns of `patterns list` (catalog keys `patterns.list.column.*`).
PATTERN_COLUMNS = ("pattern", "kind", "k", "tier", "involved", "wild")


def header(lang: str, area: str, columns) -> list[str]:
    """A table's column headers from the catalog (`<area>.column.<name>`)."""
    return [say(lang, f"{area}.column.{name}") for name in columns]


def list_json(wheel: Wheel, patterns: list[Pattern]) -> dict:
    """{"wheel", "patterns"}."""
    return {"wheel": wheel.as_dict(), "patterns": [p.as_dict() for p in patterns]}


def list_text(wheel: Wheel, patterns: list[Pattern], lang: str = "en") -> str:
    """The valid patterns on a wheel as a table."""
    head = f"{say(lang, 'patterns.list.wheel')}\n{wheel_lines(wheel, lang)}\n"
    if not patterns:
        return head + say(lang, "patterns.list.none")
    return (head + say_n(lang, "patterns.list.found", len(patterns)) + "\n"
            + table(pattern_rows(patterns, lang), header(lang, "patterns.list", PATTERN_COLUMNS)))


def moves_json(wheel: Wheel, card: Card, all_moves: list[Move]) -> dict:
    """{"wheel", "card", "moves", "best"}."""
    best = best_move(all_moves)
    return {"wheel": wheel.as_dict(), "card": str(card), "moves": [m.as_dict() for m in all_moves],
            "best": best.position if best else None}


def created_words(pattern: Pattern, lang: str) -> str:
    """A created pattern in a moves table: its statement, marked when it is a Wild Wild Pattern."""
    return say(lang, "patterns.moves.wild", said=pattern.statement.told(lang)) if pattern.wild else pattern.statement.told(lang)


def moves_text(wheel: Wheel, card: Card, all_moves: list[Move], lang: str = "en") -> str:
    """Each position, what covering it creates, and the best move."""
    rows = [[m.position, named(m.covered, lang), "; ".join(created_words(p, lang) for p in m.patterns) or "-",
             m.reward.told(lang) if m.patterns else ""] for m in all_moves]
    best = best_move(all_moves)
    verdict = (say(lang, "patterns.moves.best", position=best.position, covered=named(best.covered, lang),
                   reward=best.reward.told(lang))
               if best else say(lang, "patterns.moves.none", card=named(card, lang)))
    return (say(lang, "patterns.moves.playing", card=named(card, lang)) + "\n"
            + table(rows, header(lang, "patterns.moves", ("pos", "covered", "created", "reward"))) + "\n" + verdict)


def verdict_text(v: Verdict, lang: str = "en") -> str:
    """A judged declaration in words."""
    head = say(lang, "patterns.check.declared", said=v.statement.told(lang), kind=v.statement.kind_told(lang))
    if v.valid:
        p = v.pattern
        valid = say_n(lang, "patterns.check.valid", p.occurrences, tier=say(lang, f"patterns.check.tier{min(p.tier, 2)}"),
                      involved=" ".join(map(str, p.involved)))
        wild = say(lang, "patterns.check.wild") if p.wild else ""
        return f"{head}\n{valid}{wild}\n{say(lang, 'patterns.check.reward', reward=v.reward.told(lang))}"
    reasons = "\n".join(f"  - {tell(r, lang)}" for r in v.reasons)
    return f"{head}\n{say(lang, 'patterns.check.not_valid')}\n{reasons}\n{v.reward.told(lang)}"


def click_json(wheel: Wheel, card: Card, all_moves: list[Move]) -> dict:
    """{"wheel", "card", "pattern_possible", "outcome", "moves", "best"}."""
    data = moves_json(wheel, card, all_moves)
    possible = data["best"] is not None
    data["pattern_possible"] = possible
    data["outcome"] = click_outcome(possible, "en")
    return data


def click_outcome(possible: bool, lang: str) -> str:
    """What follows a Click!: an opponent wins with the clicked card, or the clicker takes a wheel card."""
    return say(lang, f"patterns.click.outcome.{'refuted' if possible else 'upheld'}")


def click_text(wheel: Wheel, card: Card, all_moves: list[Move], lang: str = "en") -> str:
    """The Click! verdict and the moves that refute it."""
    best = best_move(all_moves)
    if best is None:
        return say(lang, "patterns.click.holds", card=named(card, lang)) + "\n" + click_outcome(False, lang)
    return (say(lang, "patterns.click.fails", card=named(card, lang)) + "\n"
            + say(lang, "patterns.click.for_example", outcome=click_outcome(True, lang)) + "\n"
            + moves_text(wheel, card, all_moves, lang))


def puzzle_text(p: Puzzle, show_solution: bool, lang: str = "en") -> str:
    """The puzzle, and its solution when asked."""
    text = "\n".join((say(lang, "patterns.puzzle.heading", seed=p.seed), wheel_lines(p.wheel, lang),
                      say(lang, "patterns.puzzle.drawn", card=named(p.card, lang))))
    if show_solution:
        text += "\n" + say(lang, "patterns.puzzle.solution", position=p.position,
                           covered=named(p.wheel.cards[p.position], lang), said=p.pattern.statement.told(lang),
                           tier=p.pattern.tier, reward=p.pattern.reward().told(lang))
    return text


def wild_text(w: WildCompletion, lang: str = "en") -> str:
    """The completed wheel and the Wild Wild Pattern move, or that there is none."""
    if w.wheel is None:
        return say(lang, "patterns.wild.none", card=named(w.card, lang))
    return "\n".join((say(lang, "patterns.wild.completed"), wheel_lines(w.wheel, lang),
                      say(lang, "patterns.wild.move", position=w.position, covered=named(w.wheel.cards[w.position], lang),
                          card=named(w.card, lang), said=w.pattern.statement.told(lang))))


def stats_json(rates: dict[str, Rate], seed: int) -> dict:
    """{"wheels", "seed", "wild_wheel", "no_move"} with rates and 95% intervals."""
    n = next(iter(rates.values())).n
    return {"wheels": n, "seed": seed, **{k: r.as_dict() for k, r in rates.items()}}


def stats_text(rates: dict[str, Rate], seed: int, lang: str = "en") -> str:
    """The two rates with their 95% intervals."""
    rows = []
    for key, rate in rates.items():
        j = rate.as_dict()
        low, high = j["ci95"]
        rows.append([say(lang, f"patterns.stats.{key}"), f"{rate.hits}/{rate.n}", percent(lang, j["rate"], 3),
                     f"{percent(lang, low, 3)} - {percent(lang, high, 3)}"])
    columns = [say(lang, "patterns.stats.event"), say(lang, "patterns.stats.count"), say(lang, "simulate.rate"),
               say(lang, "simulate.interval")]
    return say(lang, "patterns.stats.heading", seed=seed) + "\n" + table(rows, columns)
