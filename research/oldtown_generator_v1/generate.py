"""Generating new Old Town solo scenarios at a chosen level, from the 60-card catalogue.

A draft is a random solution and the cards that are true of it:
  town      16 of the 18 buildings, drawn so that the A cards chosen to be honoured hold
            (a town drawn blindly satisfies only about one A card in four; the rulebook's
            scenarios use 11 to 14 of the 18)
  mine      my buildings: given (1 for leicht, 2-3 for mittel and schwer) or, for half of
            the schwer drafts (60 %), unknown ("?, ?, ?") as in the rulebook's scenarios 7 and 8
  pool      the honoured A cards first, then the other true A cards and the true C cards
            shuffled, then the B cards, each bound to the building of the town it tells most
            about (schwer drafts leave some B cards unbound, "my building", as in scenario 6);
            B cards come last because the rulebook's scenarios use few of them

The shared loop (`clicktown.puzzles.generate`) makes each draft a minimal unique puzzle with the
fast counter (`count.py`), grades it (`grade.py`) and keeps it at the requested level after the
CP-SAT model has confirmed that the drawn solution is the only one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ortools.sat.python import cp_model

from clicktown.errors import ClicktownError
from .loop import Made, Tally, generate
from clicktown.oldtown.catalogue import LEVELS, Catalogue, Scenario
from .count import Counter, hitting_sets
from .grade import Grade, grade_puzzle
from clicktown.oldtown.solve.cpsat import SoloModel
from clicktown.oldtown.solo import PLOTS, Puzzle, Solution, clue_holds, validate


@dataclass(frozen=True)
class Recipe:
    """The mix of a level, after the rulebook's scenarios at that level."""

    mine_sizes: tuple[int, ...]
    unknown_share: float
    honoured: tuple[int, int]
    unbound_b_share: float


RECIPES = {
    "leicht": Recipe((1,), 0.0, (12, 13), 0.0),
    "mittel": Recipe((2, 3), 0.0, (11, 14), 0.0),
    "schwer": Recipe((2, 3), 0.6, (11, 13), 0.3),
}
UNKNOWN_MINE = 3


@dataclass(frozen=True)
class Draft:
    """A drawn solution and the pool of true cards: (card number, bound building or None)."""

    town: dict[int, str]
    mine: frozenset[str]
    mine_known: bool
    pool: tuple[tuple[int, str | None], ...]

    @property
    def solution(self) -> Solution:
        """The drawn solution."""
        return Solution.of(self.town, self.mine)


class OldTownGame:
    """Old Town solo scenarios for the shared generation loop."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self.a_cards = [n for n, c in sorted(catalogue.cards.items()) if c.kind == "A"]

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, rng: random.Random, level: str) -> Draft:
        """A random town honouring some A cards, my buildings, and the pool of true cards."""
        recipe = RECIPES[level]
        while True:
            honoured = rng.sample(self.a_cards, min(rng.randint(*recipe.honoured), len(self.a_cards)))
            town = self._town(rng, honoured)
            if town is not None:
                break
        unknown = rng.random() < recipe.unknown_share
        if unknown:
            mine = self._unknown_mine(rng, town)
            if mine is None:
                return self.draw(rng, level)
        else:
            mine = frozenset(rng.sample(sorted(town.values()), rng.choice(recipe.mine_sizes)))
        pool = self._pool(rng, town, mine, honoured, recipe)
        return Draft(town, mine, not unknown, pool)

    def _unknown_mine(self, rng: random.Random, town: dict[int, str], tries: int = 10) -> frozenset[str] | None:
        """Three buildings of mine that the town's true C cards single out (None if none found).

        With my buildings unknown, any building can stand in for one of mine that no card needs;
        so the draw keeps only sets that the C cards true of the town determine: a few random
        tries, then three buildings that are each the only possible answer to some C card.
        """
        position = {b: p for p, b in town.items()}
        names = sorted(town.values())
        bit = {b: 1 << i for i, b in enumerate(names)}
        witnesses = []
        for card in self.catalogue.cards.values():
            if card.kind == "C" and card.building in position:
                near = {q for p, q in card.pairs if p == position[card.building]}
                witnesses.append(sum(bit[b] for b in names if b != card.building and position[b] in near))
        everyone = (1 << len(names)) - 1
        singles = [b for b in names if bit[b] in witnesses]
        draws = [rng.sample(names, UNKNOWN_MINE) for _ in range(tries)]
        if len(singles) >= UNKNOWN_MINE:
            draws.append(rng.sample(singles, UNKNOWN_MINE))
        for chosen in draws:
            mine = sum(bit[b] for b in chosen)
            needs = [w for w in witnesses if w & mine]
            if len(hitting_sets(needs, everyone, UNKNOWN_MINE, 2)) == 1:
                return frozenset(chosen)
        return None

    def _town(self, rng: random.Random, honoured: list[int]) -> dict[int, str] | None:
        """A random town in which the honoured A cards hold (None if they cannot all hold)."""
        cards = [self.catalogue.cards[n] for n in honoured]
        if len({c.building for c in cards}) != len(cards):
            return None
        placed = _fill(rng, sorted(cards, key=lambda c: len(c.plots)), {})
        if placed is None:
            return None
        rest = [b for b in self.catalogue.building_names if b not in placed.values()]
        free = [p for p in PLOTS if p not in placed]
        for p, b in zip(free, rng.sample(rest, len(free))):
            placed[p] = b
        return placed

    def _pool(self, rng, town, mine, honoured, recipe) -> tuple:
        """The honoured A cards, then every other true card in random order."""
        position = {b: p for p, b in town.items()}
        first = [(n, None) for n in rng.sample(honoured, len(honoured))]
        known = {b: frozenset(PLOTS) for b in town.values()}  # what the pool's cards say of each building
        for n in honoured:
            card = self.catalogue.cards[n]
            known[card.building] &= card.plots
        rest = [(n, None) for n, card in sorted(self.catalogue.cards.items())
                if n not in honoured and card.kind != "B" and clue_holds(card.clue(), position, mine)]
        rng.shuffle(rest)
        b_cards = [c for _, c in sorted(self.catalogue.cards.items()) if c.kind == "B"]
        for card in rng.sample(b_cards, len(b_cards)):
            clue = self._bind(rng, card, town, mine, recipe, known)
            if clue is not None:
                rest.append(clue)
        return tuple(first + rest)

    def _bind(self, rng, card, town, mine, recipe, known):
        """A B card bound to the building of the town it tells most about, or left unbound."""
        if rng.random() < recipe.unbound_b_share and any(p in card.plots for p, b in town.items() if b in mine):
            return (card.number, None)
        fitting = [b for p, b in sorted(town.items()) if p in card.plots]
        if not fitting:
            return None
        left = {b: len(known[b] & card.plots) / len(known[b]) for b in fitting}
        chosen = rng.choice([b for b in fitting if left[b] == min(left.values())])
        known[chosen] &= card.plots
        return (card.number, chosen)


    # -- the loop's questions ------------------------------------------------------------------

    def puzzle(self, draft: Draft, clues) -> Puzzle:
        """The puzzle made of these cards, in a scenario's order (A, B, C cards, each by number)."""
        cards = self.catalogue.cards
        ordered = sorted(clues, key=lambda clue: ("ABC".index(cards[clue[0]].kind), clue[0]))
        resolved = tuple(cards[n].clue(x) for n, x in ordered)
        if draft.mine_known:
            return Puzzle(resolved, self.catalogue.building_names, draft.mine, len(draft.mine))
        return Puzzle(resolved, self.catalogue.building_names, None, len(draft.mine))

    def count(self, draft: Draft, clues, limit: int) -> int:
        """Solutions of the puzzle, capped (fast counter)."""
        return Counter(self.puzzle(draft, clues)).count(limit)

    def grade(self, draft: Draft, clues) -> Grade:
        """The grade of a unique puzzle."""
        return grade_puzzle(self.puzzle(draft, clues), solutions=1)

    def recheck(self, draft: Draft, clues) -> bool:
        """CP-SAT: the drawn solution holds and no other solution exists."""
        return only_solution(self.puzzle(draft, clues), draft.solution)

    # -- scenarios -----------------------------------------------------------------------------

    def scenario(self, made: Made, ident: str, level: str) -> Scenario:
        """A generated puzzle as a scenario (the published solution is the drawn town)."""
        draft, numbers = made.draft, sorted(made.clues)
        kinds = {n: self.catalogue.cards[n].kind for n, _ in numbers}
        return Scenario(
            id=ident, level=level,
            a=tuple(n for n, _ in numbers if kinds[n] == "A"),
            b=tuple((n, x) for n, x in numbers if kinds[n] == "B"),
            c=tuple(n for n, _ in numbers if kinds[n] == "C"),
            mine=draft.mine if draft.mine_known else None, mine_count=len(draft.mine),
            published=dict(draft.town))


def _fill(rng: random.Random, cards, placed: dict[int, str]) -> dict[int, str] | None:
    """Place each card's building on one of its plots (random backtracking)."""
    if not cards:
        return dict(placed)
    card, rest = cards[0], cards[1:]
    for p in rng.sample(sorted(card.plots), len(card.plots)):
        if p not in placed:
            placed[p] = card.building
            found = _fill(rng, rest, placed)
            del placed[p]
            if found is not None:
                return found
    return None


def only_solution(puzzle: Puzzle, solution: Solution) -> bool:
    """CP-SAT (one worker): is `solution` a solution, and is there no other?"""
    if not validate(puzzle, solution):
        return False
    solo = SoloModel(puzzle)
    same = [solo.at[b][p] for p, b in solution.town]
    same += [solo.mine[b] if b in solution.mine else solo.mine[b].Not() for b in puzzle.buildings]
    solo.model.add_bool_or([v.Not() for v in same])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(solo.model) == cp_model.INFEASIBLE


@dataclass(frozen=True)
class Generated:
    """A generated scenario with its solution and grade."""

    scenario: Scenario
    solution: Solution
    grade: Grade

    def as_dict(self) -> dict:
        """The shape of `oldtown scenarios --json`, with "solution" and "grade"."""
        out = self.scenario.as_dict()
        out["solution"] = self.solution.as_dict()
        out["grade"] = {**self.grade.as_dict(), "id": self.scenario.id}
        return out


def generate_scenarios(catalogue: Catalogue, level: str, count: int, seed: int, max_drafts: int = 5000,
                       on_draft=None, tally: Tally | None = None, game: OldTownGame | None = None):
    """Yield `count` generated scenarios at `level`; the same seed gives the same scenarios."""
    if level not in LEVELS:
        raise ClicktownError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    game = game or OldTownGame(catalogue)
    rng = random.Random(seed)
    for i, made in enumerate(generate(game, level, count, rng, max_drafts, on_draft, tally), 1):
        ident = f"{level}-{seed}-{i}"
        grade = Grade(ident, made.grade.level, level, made.grade.techniques, made.grade.steps,
                      made.grade.needs_search, 1, made.grade.hardest)
        yield Generated(game.scenario(made, ident, level), made.draft.solution, grade)


def write_scenarios(found: list[Generated], directory) -> list[str]:
    """Write each scenario to DIRECTORY/<id>.json (a file `verify`, `solve`, `grade` and `explain` accept)."""
    import json
    from pathlib import Path

    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for g in found:
            path = folder / f"{g.scenario.id}.json"
            path.write_text(json.dumps(g.as_dict(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            paths.append(str(path))
    except OSError as exc:
        raise ClicktownError(f"cannot write to {directory}: {exc.strerror or exc}") from None
    return paths
