"""Why a card set has no solution: the smallest set of cards that cannot hold together.

Glossary:
  guard     a Boolean per card of the CP-SAT model (`SoloModel(guarded=True)`); the card's
            constraints hold only when its guard is on
  core      cards whose guards, assumed on together, leave the model without a solution
            (CP-SAT's `sufficient_assumptions_for_infeasibility`)
  minimal   a core from which no card can be left out: every card in it is needed for the
            contradiction (found by trying to leave out each card in turn)
  violated  the cards a published town breaks (the town is fixed, the cards are checked one by one)

A designer whose scenario has no solution, or an owner who typed a card wrong, reads the minimal
core first: one of its cards is wrong, or they cannot all be true at once. For a scenario with a
published town the cards that town breaks point at the mistyped card directly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from ...messages import say, say_n
from ..solo import PLOTS, Puzzle, clue_holds


@dataclass(frozen=True)
class Conflict:
    """What makes a card set contradictory, or keeps the published town out."""

    cards: tuple[int, ...] | None  # a minimal set of cards with no solution together; None when solvable
    violated: tuple[int, ...]  # the cards the published town breaks; () when it breaks none or is unknown
    mine: tuple[str, ...] = ()  # my buildings that the published town was checked with

    def as_dict(self) -> dict:
        """The JSON shape: {"cards": [...], "published_violates": [...], "published_mine": [...]}."""
        return {"cards": None if self.cards is None else list(self.cards), "published_violates": list(self.violated),
                "published_mine": list(self.mine)}

    def sentence(self, lang: str = "en") -> str:
        """One line for people, in `lang`."""
        parts = []
        if self.cards == ():
            parts.append(say(lang, "oldtown.verify.mine_cannot_stand"))
        elif self.cards:
            parts.append(say_n(lang, "oldtown.verify.cards_clash", len(self.cards), cards=", ".join(map(str, self.cards))))
        if self.violated:
            parts.append(say_n(lang, "oldtown.verify.published_breaks", len(self.violated),
                               cards=", ".join(map(str, self.violated))))
        return "; ".join(parts)


class _Guarded:
    """One guarded CP-SAT model of a puzzle, solved again under different sets of assumed cards."""

    def __init__(self, puzzle: Puzzle):
        from .cpsat import SoloModel

        self.solo = SoloModel(puzzle, guarded=True)
        self.card_of = {g.index: n for n, g in self.solo.guards.items()}

    def core(self, cards) -> list[int] | None:
        """None when the cards hold together; otherwise a core among them (card numbers).

        A card not assumed keeps its guard free, so the solver may switch it off.
        """
        from ortools.sat.python import cp_model

        model = self.solo.model
        model.clear_assumptions()
        model.add_assumptions([self.solo.guards[n] for n in sorted(cards)])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.cp_model_presolve = False  # measured: 3x faster to the proof, same cores
        solver.parameters.linearization_level = 0
        if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return sorted(self.card_of[i] for i in solver.sufficient_assumptions_for_infeasibility()
                      if i in self.card_of)


def minimal_core(puzzle: Puzzle, engine: str = "count") -> tuple[int, ...] | None:
    """A smallest-by-inclusion set of the puzzle's cards with no solution together; None when solvable
    (and () when even no card at all has a solution: my buildings cannot all stand in town).

    The set is shrunk by deletion: each card is left out in turn and stays out whenever the rest
    still has no solution (asked of the fast exact counter), so every card that remains is needed
    for the contradiction. With `engine="cpsat"` the deletion starts from the core CP-SAT gives
    under assumptions (one guard per card); with the counter it starts from all the cards, which
    is faster for a scenario (measured: 8 ms against 0.9 s for 5 as first printed) and just as minimal.
    """
    every = [c.card for c in puzzle.clues]
    if engine == "cpsat":
        core = _Guarded(puzzle).core(every)
    else:
        core = None if _holds_together(puzzle, every) else every
    if core is None:
        return None
    needed = list(core)
    for card in core:
        rest = [n for n in needed if n != card]
        if not _holds_together(puzzle, rest):
            needed = rest
    return tuple(sorted(needed))


def _holds_together(puzzle: Puzzle, cards) -> bool:
    """Do these cards of the puzzle (with its my-buildings) have a solution?"""
    from .count import solve

    wanted = set(cards)
    part = replace(puzzle, clues=tuple(c for c in puzzle.clues if c.card in wanted))
    return bool(solve(part, 1))


def violated_by(puzzle: Puzzle, town: dict[int, str], mine=None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The cards a complete town breaks, and the my-buildings it was checked with.

    With my buildings unknown (only their number given), the town is checked with the choice of my
    buildings that breaks the fewest cards (ties: the first in alphabetical order).
    """
    position = {b: p for p, b in town.items()}
    if sorted(town) != list(PLOTS):
        return (), ()
    if mine is not None:
        choices = [frozenset(mine)]
    else:
        choices = [frozenset(c) for c in combinations(sorted(position), puzzle.mine_count)]
    best = None
    for chosen in choices:
        broken = tuple(sorted(c.card for c in puzzle.clues if not clue_holds(c, position, chosen)))
        if best is None or len(broken) < len(best[0]):
            best = (broken, tuple(sorted(chosen)))
        if not broken:
            break
    return best


def explain(puzzle: Puzzle, published: dict[int, str] | None = None, mine=None,
            solvable: bool | None = None, engine: str = "count") -> Conflict | None:
    """The conflict of a puzzle, or None when it has a solution and the published town (if any) fits.

    `solvable` may pass what a solver already found, to skip asking again.
    """
    cards = None if solvable else minimal_core(puzzle, engine)
    violated, checked = ((), ())
    if published and len(published) == len(PLOTS):
        violated, checked = violated_by(puzzle, published, mine)
    if cards is None and not violated:
        return None
    return Conflict(cards, violated, checked)


def explain_scenario(catalogue, scenario, solvable: bool | None = None, engine: str = "count") -> Conflict | None:
    """The conflict of a catalogue's scenario (see `explain`)."""
    return explain(catalogue.puzzle(scenario), scenario.published, scenario.mine, solvable, engine)
