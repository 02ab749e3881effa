"""The solo puzzle of Old Town as plain data, and the solver-independent check of a solution.

Glossary:
  town      16 of the 18 buildings, one on each plot
  mine      the set M of "my buildings" that type-B (unbound) and type-C cards speak of
  clue      one info card of a scenario, resolved against the board: its plots or pairs
  puzzle    the clues of a scenario, with M given, or only its size ("?, ?, ?")
  solution  a town together with M; two solutions differ when their towns or their M differ

Semantics (rulebook, "Das Spiel für 1 Person", made exact):
  A (building X, plots S):      X stands in the town and pos(X) is in S.
  B bound to X (plots S):       the same.
  B with no building (plots S): some m in M has pos(m) in S.
  C (X, pairs R):               X stands in the town and some m in M, m != X, has (pos(X), pos(m)) in R.
  My buildings always stand in the town.
"""

from __future__ import annotations

from dataclasses import dataclass

PLOTS = tuple(range(1, 17))


@dataclass(frozen=True)
class Clue:
    """One card of a scenario: its kind, the building it speaks of, and its plots or pairs."""

    card: int
    kind: str  # "A", "B" or "C"
    building: str | None
    plots: frozenset[int] = frozenset()
    pairs: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class Puzzle:
    """The clues of a scenario and what is known of my buildings."""

    clues: tuple[Clue, ...]
    buildings: tuple[str, ...]
    mine: frozenset[str] | None = None  # given, or None when unknown
    mine_count: int = 0  # the size of M when unknown

    @property
    def mine_known(self) -> bool:
        """Are my buildings given by the scenario?"""
        return self.mine is not None


@dataclass(frozen=True)
class Solution:
    """A town (plot -> building) and my buildings."""

    town: tuple[tuple[int, str], ...]
    mine: frozenset[str]

    @classmethod
    def of(cls, town: dict[int, str], mine) -> "Solution":
        """A solution from a plot -> building mapping and a collection of my buildings."""
        return cls(tuple(sorted(town.items())), frozenset(mine))

    @property
    def placement(self) -> dict[int, str]:
        """Plot -> building."""
        return dict(self.town)

    @property
    def position(self) -> dict[str, int]:
        """Building -> plot, for the buildings in the town."""
        return {b: p for p, b in self.town}

    def as_dict(self) -> dict:
        """The JSON shape: {"placement": {"1": name, ...}, "mine": [...]}."""
        return {"placement": {str(p): b for p, b in self.town}, "mine": sorted(self.mine)}


def clue_holds(clue: Clue, position: dict[str, int], mine: frozenset[str]) -> bool:
    """Does the town (building -> plot) with my buildings satisfy the clue?"""
    if clue.kind == "C":
        here = position.get(clue.building)
        return here is not None and any(
            (here, position.get(m)) in clue.pairs for m in mine if m != clue.building
        )
    if clue.building is None:
        return any(position.get(m) in clue.plots for m in mine)
    return position.get(clue.building) in clue.plots


def validate(puzzle: Puzzle, solution: Solution) -> bool:
    """Is `solution` a solution of `puzzle`? (The reference every backend is tested against.)"""
    position = solution.position
    if sorted(p for p, _ in solution.town) != list(PLOTS) or len(position) != len(PLOTS):
        return False
    if not set(position) <= set(puzzle.buildings) or not solution.mine <= set(position):
        return False
    if puzzle.mine_known:
        if solution.mine != puzzle.mine:
            return False
    elif len(solution.mine) != puzzle.mine_count:
        return False
    return all(clue_holds(c, position, solution.mine) for c in puzzle.clues)


# -- a partial town, as a player fills it in ------------------------------------------------------

def broken_cards(puzzle: Puzzle, placement: dict[int, str]) -> list[int]:
    """The cards the placed buildings break, whatever the empty plots get (the numbers, in card order).

    A card is broken when no way of filling the empty plots (and leaving the rest out of town) can
    make it hold: an A or bound B card whose building stands elsewhere, or whose plots are all taken
    by others; a C card none of whose pairs the named building and a possible building of mine can
    still take; an unbound B card none of whose plots a possible building of mine can still reach.
    Nothing else is said: a card that other cards doom is not reported.
    """
    position = {b: p for p, b in placement.items()}
    free = frozenset(PLOTS) - frozenset(placement)

    def plots_of(b: str) -> frozenset[int]:
        return frozenset({position[b]}) if b in position else free

    mine = puzzle.mine if puzzle.mine_known else frozenset(puzzle.buildings)
    broken = []
    for clue in puzzle.clues:
        if clue.kind == "C":
            holds = any(p != q and (p, q) in clue.pairs
                        for m in mine if m != clue.building
                        for p in plots_of(clue.building) for q in plots_of(m))
        elif clue.building is None:
            holds = any(plots_of(m) & clue.plots for m in mine)
        else:
            holds = bool(plots_of(clue.building) & clue.plots)
        if not holds:
            broken.append(clue.card)
    return broken


def misplaced(placement: dict[int, str], solutions) -> list[int]:
    """The plots whose building is not where the nearest solution has it ([] when some solution
    agrees with every placement; every placed plot when there is no solution)."""
    if not solutions:
        return sorted(placement)
    towns = [s.placement for s in solutions]
    nearest = max(towns, key=lambda town: sum(town.get(p) == b for p, b in placement.items()))
    return sorted(p for p, b in placement.items() if nearest.get(p) != b)


def town_complete(placement: dict[int, str], solutions) -> bool:
    """Does the placement fill every plot as some solution's town does?"""
    return len(placement) == len(PLOTS) and any(s.placement == placement for s in solutions)
