"""Generating new Old Town solo scenarios in the rulebook's shape, at a level the grader measures.

The rulebook's eight scenarios use 11 to 15 A cards, 0 to 8 B cards and 3 to 7 C cards, with one
to three "my buildings" (unknown, "?, ?, ?", in 7 and 8); its B cards are bound to a building of
the town ("45 = Bank"; two cards may share one: "46 and 51 = Doc"), except one unbound card in 6.
A draft is a random solution and the cards that are true of it:
  mine      my buildings: one for leicht drafts, two or three otherwise; for a fifth of the
            schwer drafts unknown ("?, ?, ?") as in the rulebook's scenarios 7 and 8
  town      drawn card by card: C cards first (the card's building and one of my buildings on
            one of its pairs), then A cards (the building on one of its free plots), so that 3
            to 7 C cards and 11 or more A cards hold; cards, pairs and plots are drawn one at a
            time, and a town whose A cards cannot reach the least number is dropped at once
  pool      the order cards are added in until the solution is unique: the honoured A cards,
            the true C cards, the other true A cards, then B cards, each bound to the building
            of the town it tells most about (a schwer draft with known my buildings may leave
            one B card unbound, "my building", as in scenario 6)
Cards are then removed while the solution stays unique, bound B cards tried first, then A and C
cards so that neither type falls below its range first, an unbound B card last (so the mix leans
the rulebook's way); a minimal puzzle outside the rulebook's ranges is dropped, as soon as the
cards left are short of A or C cards. Whether a card can go is asked as "does some solution of
the other cards break it?" (`unique_without`), which the counter answers looking only where the
card is broken: the same answer as counting the puzzle without it, in a fraction of the time.
Before counting, the draft's witnesses are read (`witness.Witnesses`): every town two buildings
apart from the drawn one, and every solution the counter found while adding cards, as the mask
of the pool's cards it breaks; one that breaks the card and keeps every other one settles "the card stays" at once.
The level is the grader's (`grade.py`: the hardest rung of the deduction ladder, climbed here on
bit masks by `ladder.py`, step for step the same as `deduce.py`), never the format: a draft drawn
for schwer that grades mittel is not kept as schwer.

No false positives: a kept puzzle is unique by the fast counter and solved to the drawn solution
by the deduction solver, two independent exact proofs (every rung of the ladder is sound; the
tests check both against CP-SAT on random puzzles). `recheck="cpsat"` adds the CP-SAT model.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import ClicktownError
from ...puzzles.generate import Made, Tally, generate
from ..catalogue import LEVELS, Catalogue, Scenario
from ..solve.count import Counter
from .deduce import deduce
from .ladder import climb
from .grade import Grade, grade_puzzle
from ..solve.count import PLACE, compile_card, plot_mask
from .witness import Witnesses, holds, swapped
from ..solo import PLOTS, Clue, Puzzle, Solution, validate


@dataclass(frozen=True)
class Recipe:
    """How drafts are drawn for a level (a bias only: the level kept is the grader's)."""

    mine_sizes: tuple[int, ...]
    unknown_share: float
    honoured: tuple[int, int]
    c_cards: tuple[int, int]
    unbound_share: float


RECIPES = {
    "leicht": Recipe((1,), 0.0, (13, 16), (3, 5), 0.0),
    "mittel": Recipe((2, 3), 0.0, (12, 15), (4, 6), 0.0),
    "schwer": Recipe((2, 3), 0.2, (12, 15), (4, 7), 0.5),
}
UNKNOWN_MINE = 3
RECHECKS = ("deduction", "cpsat")
#: How many of a C card's pairs a drawn town tries before passing the card over.
PAIR_TRIES = 12
#: Every plot, as a mask (bit p for plot p).
PLOT_MASK = sum(1 << p for p in PLOTS)
#: The rulebook's ranges of card types over its eight scenarios.
SHAPE = {"A": (11, 15), "B": (0, 8), "C": (3, 7)}


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

    def __init__(self, catalogue: Catalogue, recheck: str = "deduction"):
        if recheck not in RECHECKS:
            raise ClicktownError(f"unknown re-check {recheck!r} (known: {', '.join(RECHECKS)})")
        self.catalogue, self.check = catalogue, recheck
        self._deduced = None
        self._clues: dict[tuple[int, str | None], Clue] = {}
        self._checks: dict[tuple[int, str | None], tuple] = {}
        self._index = {b: i for i, b in enumerate(catalogue.building_names)}
        self._slots = None  # the last draft asked about: (draft, its slots, my buildings' indices)
        self._witnesses = None  # the last draft's (draft, Witnesses, pool positions)
        self.a_cards = [n for n, c in sorted(catalogue.cards.items()) if c.kind == "A"]
        self.sorted_plots = {n: sorted(c.plots) for n, c in catalogue.cards.items()}
        self.sorted_pairs = {n: sorted(c.pairs) for n, c in catalogue.cards.items()}
        self.c_cards = [n for n, c in sorted(catalogue.cards.items()) if c.kind == "C"]
        self.kinds = {n: c.kind for n, c in catalogue.cards.items()}
        cards = catalogue.cards
        self._places = {n: (cards[n].building, cards[n].plots, self.sorted_plots[n]) for n in self.a_cards}
        self._relations = {n: (cards[n].building, self.sorted_pairs[n], frozenset(p for p, q in cards[n].pairs if p != q))
                           for n in self.c_cards}
        self._a_and_c = [n for n, c in sorted(cards.items()) if c.kind != "B"]
        self.b_cards = [c for _, c in sorted(cards.items()) if c.kind == "B"]
        self._plot_masks = {n: plot_mask(c.plots) for n, c in cards.items()}

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, rng: random.Random, level: str) -> Draft:
        """My buildings, a random town honouring some A and C cards, and the pool of true cards."""
        recipe = RECIPES[level]
        unknown = rng.random() < recipe.unknown_share
        size = UNKNOWN_MINE if unknown else rng.choice(recipe.mine_sizes)
        drawn = None
        while drawn is None:
            mine = frozenset(rng.sample(self.catalogue.building_names, size))
            drawn = self._town(rng, recipe, mine)
        town, honoured = drawn
        pool = self._pool(rng, town, mine, honoured, recipe, not unknown)
        return Draft(town, mine, not unknown, pool)

    def _town(self, rng: random.Random, recipe: Recipe, mine) -> tuple[dict[int, str], list[int]] | None:
        """A random town with my buildings, built card by card so that many A and C cards hold.

        C cards first (each puts its building and one of my buildings on one of its pairs, when
        that fits what is placed), then A cards (each puts its building on one of its free plots,
        drawn at random); a card that does not fit is passed over. Cards and pairs are drawn one
        at a time, only as many as are looked at. Returns the town and the A cards honoured, or
        None as soon as the A cards left cannot bring the honoured ones up to the recipe's least
        number (the town would be drawn again anyway).

        A building fits on a plot when it stands there already, or when both are free and the
        plots left after it still hold my buildings not yet placed (`waiting`, kept as they go).
        """
        placed: dict[int, str] = {}
        where: dict[str, int] = {}
        waiting = self._relations_placed(rng, recipe, mine, placed, where)
        honoured = self._places_honoured(rng, recipe, mine, placed, where, waiting)
        if honoured is None:
            return None
        missing = [b for b in sorted(mine) if b not in where]
        rest = [b for b in self.catalogue.building_names if b not in where and b not in mine]
        free = [p for p in PLOTS if p not in placed]
        for p, b in zip(free, rng.sample(missing, len(missing)) + rng.sample(rest, len(rest))):
            placed[p] = b
        return placed, honoured

    def _relations_placed(self, rng: random.Random, recipe: Recipe, mine, placed: dict, where: dict) -> int:
        """The town's C cards, drawn one at a time until the recipe's number hold: each puts its
        building and one of my buildings on the first of its pairs that fits (`_pair`). Returns
        how many of my buildings still wait for a plot."""
        waiting = len(mine)  # my buildings not yet placed
        ordered_mine = sorted(mine)
        relations = rng.randint(*recipe.c_cards)
        for n in one_by_one(rng, self.c_cards):
            if relations <= 0:
                break
            x, pairs, firsts = self._relations[n]
            others = [m for m in ordered_mine if m != x]
            if not others:
                continue
            drawn = self._pair(rng, x, pairs, firsts, others, placed, where, waiting - (x in mine), waiting)
            if drawn is None:
                continue
            p, q, m = drawn
            if x not in where:
                placed[p], where[x] = x, p
                waiting -= x in mine
            if m not in where:
                placed[q], where[m] = m, q
                waiting -= 1
            relations -= 1
        return waiting

    @staticmethod
    def _pair(rng: random.Random, x: str, pairs: list, firsts: frozenset[int], others: list, placed: dict,
              where: dict, x_room: int, waiting: int) -> tuple[int, int, str] | None:
        """The first of a C card's pairs (p, q) drawn at random, at most PAIR_TRIES of them (a
        Fisher-Yates shuffle that stops there, as `one_by_one`), where its building x fits on p
        and one of my buildings, drawn for each such pair among `others`, fits on q: (p, q, that
        building), or None.

        x fits on p when it stands there, or when p is free and the plots left still hold my
        buildings not yet placed (`x_room` of them once x is placed). When no pair can take x
        (x stands on none of the card's first plots `firsts`, or x is not placed and the town
        has no room or every first plot is taken) the same random numbers are drawn, unread.
        """
        random = rng.random
        n = len(pairs)
        tries = min(PAIR_TRIES, n)
        x_at = where.get(x)
        if x_at is None:
            hopeless = len(placed) + 1 + x_room > len(PLOTS) or firsts.issubset(placed)
        else:
            hopeless = x_at not in firsts
        if hopeless:
            for _ in range(tries):
                random()
            return None
        pool = list(pairs)
        full = len(placed) + waiting > len(PLOTS)  # no room for one of my buildings not yet placed
        for i in range(tries):
            last = n - i - 1
            j = int(random() * (last + 1))
            p, q = pool[j]
            pool[j] = pool[last]
            if p == q or (p != x_at if x_at is not None else p in placed):
                continue
            m = others[int(random() * len(others))]  # with one of my buildings drawn for each
            m_at = where.get(m)
            if m_at is not None:
                if m_at != q:
                    continue
            elif q in placed or full:
                continue
            return p, q, m
        return None

    def _places_honoured(self, rng: random.Random, recipe: Recipe, mine, placed: dict, where: dict,
                         waiting: int) -> list[int] | None:
        """The A cards the town honours, drawn one at a time: each puts its building on one of its
        free plots drawn at random, when it fits, until the recipe's drawn number hold; None as
        soon as the A cards left cannot reach the recipe's least number."""
        least = recipe.honoured[0]
        elsewhere = 0  # A cards whose building the C cards put off the card's plots
        for b, plots, _ in self._places.values():
            if b in where and where[b] not in plots:
                elsewhere += 1
        if elsewhere > len(self.a_cards) - least:
            return None
        honoured = []
        wanted = rng.randint(*recipe.honoured)
        left = len(self.a_cards)
        random = rng.random
        for n in one_by_one(rng, self.a_cards):
            if len(honoured) >= wanted:
                break
            if len(honoured) + left < least:
                return None
            left -= 1
            b, plots, ordered = self._places[n]
            if b in where:  # honoured when the building already stands on one of the card's plots
                if where[b] in plots:
                    honoured.append(n)
            elif len(placed) + 1 + waiting - (b in mine) <= len(PLOTS):  # room while my buildings still fit
                free = [p for p in ordered if p not in placed]
                if free:
                    p = free[int(random() * len(free))]
                    placed[p], where[b] = b, p
                    waiting -= b in mine
                    honoured.append(n)
        if len(honoured) < least:
            return None
        return honoured

    def _pool(self, rng, town, mine, honoured, recipe, mine_known: bool = True) -> tuple:
        """The honoured A cards, the true C cards, the other true A cards, then some B cards."""
        position = {b: p for p, b in town.items()}
        first = [(n, None) for n in rng.sample(honoured, len(honoured))]
        known = {b: PLOT_MASK for b in town.values()}  # what the pool's cards say of each building (plot masks)
        for n in honoured:
            card = self.catalogue.cards[n]
            known[card.building] &= self._plot_masks[n]
        slots = [position.get(b, 0) for b in self.catalogue.building_names]
        mine_at = tuple(self._index[b] for b in mine)
        kept = set(honoured)
        true = [n for n in self._a_and_c if n not in kept and holds(self.compiled((n, None)), slots, mine_at)]
        kinds = self.kinds
        c_cards = [(n, None) for n in rng.sample(true, len(true)) if kinds[n] == "C"]
        a_cards = [(n, None) for n in rng.sample(true, len(true)) if kinds[n] == "A"]
        bound = []
        unbound = mine_known and len(mine) > 1 and rng.random() < recipe.unbound_share
        plots = sorted(town.items())
        mine_plots = sum(1 << p for p, b in plots if b in mine)
        for card in rng.sample(self.b_cards, len(self.b_cards)):
            clue = self._bind(rng, card, plots, mine_plots, known, unbound)
            if clue is not None:
                bound.append(clue)
                unbound = unbound and clue[1] is not None
        return tuple(first + c_cards + a_cards + bound)

    def _bind(self, rng, card, plots, mine_plots: int, known, unbound: bool):
        """A B card bound to the building of the town (`plots`: plot, building by plot) it tells
        most about (`known`: building -> the plots the pool's cards leave it, as a mask), or left
        unbound when `unbound` and one of my buildings (on `mine_plots`) stands on its plots."""
        plot_mask = self._plot_masks[card.number]
        if unbound and mine_plots & plot_mask:
            return (card.number, None)
        fitting = [b for p, b in plots if plot_mask >> p & 1]
        if not fitting:
            return None
        left = {b: (known[b] & plot_mask).bit_count() / known[b].bit_count() for b in fitting}
        least = min(left.values())
        chosen = rng.choice([b for b in fitting if left[b] == least])
        known[chosen] &= plot_mask
        return (card.number, chosen)

    # -- the loop's questions ------------------------------------------------------------------

    def puzzle(self, draft: Draft, clues, ordered: bool = True) -> Puzzle:
        """The puzzle made of these cards, in a scenario's order (A, B, C cards, each by number);
        with ordered=False in the order given (the counter's answers do not depend on it)."""
        if ordered:
            cards = self.catalogue.cards
            clues = sorted(clues, key=lambda clue: ("ABC".index(cards[clue[0]].kind), clue[0]))
        resolved = tuple(self.resolved(clue) for clue in clues)
        if draft.mine_known:
            return Puzzle(resolved, self.catalogue.building_names, draft.mine, len(draft.mine))
        return Puzzle(resolved, self.catalogue.building_names, None, len(draft.mine))

    def removal_order(self, draft: Draft, clues, rng: random.Random) -> list:
        """The order cards are tried for removal: bound B cards first, then A and C cards by their
        slack, an unbound B card last.

        After the B cards, the next card tried is of the type furthest above its rulebook minimum
        (counting as if every card tried went), so neither type is worn below its range first.
        """
        kinds = {kind: [c for c in clues if self.kinds[c[0]] == kind] for kind in "ABC"}
        unbound = [c for c in kinds["B"] if c[1] is None]
        bound = [c for c in kinds["B"] if c[1] is not None]
        order = rng.sample(bound, len(bound))
        left = {kind: rng.sample(kinds[kind], len(kinds[kind])) for kind in "AC"}
        while left["A"] or left["C"]:
            slack = {kind: len(left[kind]) - SHAPE[kind][0] for kind in "AC" if left[kind]}
            most = max(slack.values())
            kind = rng.choice(sorted(k for k, v in slack.items() if v == most))
            order.append(left[kind].pop())
        return order + unbound

    def may_fit(self, draft: Draft, clues, untried) -> bool:
        """Could removing some of the cards `untried` still leave a mix inside the rulebook's
        ranges (enough of each type now, and not too many even if every untried card goes)?"""
        kinds = self.kinds
        now = [kinds[n] for n, _ in clues]
        spare = [kinds[n] for n, _ in untried]
        for kind, (low, high) in SHAPE.items():
            have = now.count(kind)
            if have < low or have - spare.count(kind) > high:
                return False
        return True

    def fits(self, draft: Draft, clues) -> bool:
        """Is the card mix inside the rulebook's ranges (SHAPE)?"""
        mix = card_mix(self.catalogue, [n for n, _ in clues])
        return all(low <= mix[kind] <= high for kind, (low, high) in SHAPE.items())

    def count(self, draft: Draft, clues, limit: int) -> int:
        """Solutions of the puzzle, capped (fast counter); each one besides the drawn solution is
        kept as a witness."""
        slots, mine = self._drawn(draft)
        found = 0
        for town, theirs in self._counter(draft, clues).found(limit):
            found += 1
            if town != slots or tuple(sorted(theirs)) != mine:  # another solution than the drawn one
                self._witnessed(draft)[0].add_solution(town, theirs)
        return found

    def unique_without(self, draft: Draft, clues, clue) -> bool:
        """Is the puzzle of `clues` (unique) still unique without `clue`?

        No when a kept witness (a swap of two buildings of the drawn town, or a solution found
        while the pool's cards were added) keeps every other card and breaks this one. Otherwise yes when no solution of the
        other cards breaks it (the drawn solution keeps every card of the pool): the counter looks
        only where the card is broken. A card about my building when my buildings are unknown is
        counted again instead.
        """
        witnesses, index = self._witnessed(draft)
        chosen = 0
        for c in clues:
            chosen |= 1 << index[c]
        if witnesses.settles(chosen, index[clue]):
            return False
        checks, at = witnesses.checks, index[clue]
        broken = checks[at]
        if not draft.mine_known and broken[0] != PLACE:  # a card about my building
            return self.count(draft, [c for c in clues if c is not clue], 2) == 1
        rest = [checks[index[c]] for c in clues if c is not clue]
        # a solution found is not kept as a witness: it breaks this card, which stays, so it settles no later question
        return not self._counter_of(draft, rest, broken).exists()

    def _counter(self, draft: Draft, clues) -> Counter:
        """The fast counter of these cards (hinted with the drawn solution), from compiled cards."""
        return self._counter_of(draft, [self.compiled(c) for c in clues])

    def _counter_of(self, draft: Draft, checks, broken=None) -> Counter:
        """The fast counter of compiled cards, only where the compiled card `broken` (if any) is broken."""
        slots, mine = self._drawn(draft)
        return Counter.of_checks(self.catalogue.building_names, list(mine) if draft.mine_known else None,
                                 len(draft.mine), checks, broken, slots)

    def swap_witness(self, draft: Draft, rest, clue) -> list[int] | None:
        """Another solution of the cards `rest`, breaking `clue`, two buildings apart from the
        drawn one (`witness.swapped`), or None."""
        slots, mine = self._drawn(draft)
        return swapped(slots, mine, [self.compiled(c) for c in rest], self.compiled(clue))

    def ambiguous_prefix(self, draft: Draft) -> int:
        """How many of the pool's first cards a swap of two buildings of the drawn town keeps
        (`witness.kept_prefix`): that prefix has a second solution."""
        return self._witnessed(draft)[0].prefix

    def _witnessed(self, draft: Draft) -> tuple[Witnesses, dict]:
        """The draft's witnesses, and each pool card's position in the pool."""
        if self._witnesses is None or self._witnesses[0] is not draft:
            slots, mine = self._drawn(draft)
            witnesses = Witnesses(slots, mine, [self.compiled(c) for c in draft.pool])
            self._witnesses = (draft, witnesses, {c: i for i, c in enumerate(draft.pool)})
        return self._witnesses[1], self._witnesses[2]

    def _drawn(self, draft: Draft) -> tuple[list[int], tuple[int, ...]]:
        """The drawn town as building index -> plot (0 out of town), and my buildings' indices."""
        if self._slots is None or self._slots[0] is not draft:
            names = self.catalogue.building_names
            where = {b: p for p, b in draft.town.items()}
            mine = tuple(i for i, b in enumerate(names) if b in draft.mine)
            self._slots = (draft, [where.get(b, 0) for b in names], mine)
        return self._slots[1], self._slots[2]

    def compiled(self, clue):
        """A (card number, bound building) of the pool compiled for `witness`."""
        found = self._checks.get(clue)
        if found is None:
            found = self._checks[clue] = compile_card(self.resolved(clue), self._index)
        return found

    def resolved(self, clue) -> Clue:
        """A (card number, bound building) of the pool as a clue."""
        found = self._clues.get(clue)
        if found is None:
            found = self._clues[clue] = self.catalogue.cards[clue[0]].clue(clue[1])
        return found

    def grade(self, draft: Draft, clues) -> Grade:
        """The grade of a unique puzzle (its deduction, the ladder on bit masks, is kept for the re-check)."""
        puzzle = self.puzzle(draft, clues)
        deduction = climb(puzzle)
        self._deduced = (puzzle, deduction.solution())
        return grade_puzzle(puzzle, solutions=1, deduction=deduction)

    def recheck(self, draft: Draft, clues) -> bool:
        """A second, independent proof that the drawn solution is the only one.

        "deduction": the deduction solver, every step of it sound, reached the drawn solution;
        "cpsat": also the CP-SAT model finds no other solution.
        """
        puzzle = self.puzzle(draft, clues)
        deduced = self._deduced[1] if self._deduced and self._deduced[0] == puzzle else deduce(puzzle).solution()
        if deduced != draft.solution or not validate(puzzle, draft.solution):
            return False
        return self.check != "cpsat" or only_solution(puzzle, draft.solution)

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


def one_by_one(rng: random.Random, items: list, most: int | None = None):
    """The items in a random order (at most `most` of them), each drawn only when asked for: a
    Fisher-Yates shuffle that stops where the caller stops."""
    pool = list(items)
    n = len(pool)
    for i in range(n if most is None else min(most, n)):
        j = int(rng.random() * (n - i))
        yield pool[j]
        pool[j] = pool[n - i - 1]


def card_mix(catalogue: Catalogue, numbers) -> dict[str, int]:
    """How many A, B and C cards."""
    mix = {"A": 0, "B": 0, "C": 0}
    for n in numbers:
        mix[catalogue.cards[n].kind] += 1
    return mix


def only_solution(puzzle: Puzzle, solution: Solution) -> bool:
    """CP-SAT (one worker): is `solution` a solution, and is there no other?"""
    from ortools.sat.python import cp_model

    from ..solve.cpsat import SoloModel

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
                       on_draft=None, tally: Tally | None = None, game: OldTownGame | None = None,
                       recheck: str = "deduction"):
    """Yield `count` generated scenarios at `level`; the same seed gives the same scenarios."""
    if level not in LEVELS:
        raise ClicktownError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    game = game or OldTownGame(catalogue, recheck)
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

    from ...writing import write_file

    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ClicktownError(f"cannot write to {directory}: {exc.strerror or exc}") from None
    paths = []
    for g in found:
        path = folder / f"{g.scenario.id}.json"
        write_file(path, json.dumps(g.as_dict(), indent=1, ensure_ascii=False) + "\n")
        paths.append(str(path))
    return paths
