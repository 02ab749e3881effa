"""A solver of Old Town solo puzzles that reasons like a player, one named deduction at a time.

Glossary:
  slot       where a building can be: a plot 1..16, or OUT (0) for the two buildings left out of town
  markers    a building's candidate slots (the rules' markers: "Mit diesen Informationen werden die
             möglichen Standorte festgelegt und mit Markern gekennzeichnet"); a building no card has
             touched yet has every slot
  placed     a building with one candidate plot left ("Gibt es nur noch einen möglichen Standort
             für das Gebäude, wird der Marker entfernt und das Gebäude platziert")
  sure/maybe my buildings known for sure / still possible (when the scenario gives "?, ?, ?")
  technique  one kind of deduction, with a tier: the player's effort it takes

Techniques, cheapest first (the tier in brackets):
  card           [1] an A card, or a B card bound to a building, narrows that building's markers
  placed         [1] a building with one candidate plot is placed; that plot leaves every other
                     building's markers (two buildings out of town close OUT to the rest)
  only-building  [2] a plot only one building can still take gets that building; likewise the
                     last two buildings that can stay out of town
  my-building    [2] a B or C card about my building when I have exactly one, given building
  pair           [3] two buildings confined to two plots take them from every other building
                     (the rulebook's Beispiel 7 and 8)
  one-of-mine    [3] a C card about "my building" with several given my buildings: a
                     disjunction that narrows once only one alternative is left
  unbound-card   [4] a B card left unbound ("my building stood ...") with several given my
                     buildings: the rulebook's mark of a hard scenario (its scenario 6)
  group          [4] k >= 3 buildings confined to k plots (Hall's theorem on the building-plot
                     graph: a maximum matching and its strongly connected components name every
                     marker that lies on no complete town)
  unknown-mine   [4] a B or C card, or the count of my buildings, when my buildings are unknown
  case-split     [3] a card about my building split by which possible building of mine answers
                     it; each case is followed through the techniques of tiers 1-4 (no nesting)
                     and a case refuted within SHORT_CASE steps drops ("if it is the Bank, the
                     Church has no plot left; so it is the Saloon")
  unbound-case   [4] the same split on a B card left unbound (the rulebook binds B cards in its
                     scenarios except 6: "In meinen Spielen ist das Gebäude, auf das sich eine
                     Karte vom Typ B bezieht, festgelegt")
  long-case      [5] a case split whose refutation takes more than SHORT_CASE steps (at most
                     CHAIN_STEPS)
  mine-sets      [5] unknown my buildings: the few sets (at most MINE_SETS) that could answer
                     every card, each followed as a case
  chain          [6] "if the X stood on plot p, then ... a contradiction": one marker refuted
                     within CHAIN_STEPS steps

A deduction ends "solved", "town" (every building placed, my buildings still one of several
sets: the rulebook's scenario 7, "Es gibt zwei Lösungen"), "stuck" or "contradiction".

Every technique is sound: it only removes a marker that lies on no solution. When none applies
and the town is not complete, the puzzle needs search (guessing), and the solver says so.
The marker limits of the table game (at most 5 markers per building, 3 per plot at the end of a
turn) govern which card a player may play when; they do not change what is true, so the solver
holds every candidate and applies cards whenever they help (see docs/oldtown-generation.md).
"""

from __future__ import annotations

from collections import Counter as CountOf
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain

from ..solo import PLOTS, Clue, Puzzle, Solution, validate
from ..solve.count import hitting_sets

OUT = 0
SLOTS = frozenset((OUT, *PLOTS))
EMPTY: frozenset[int] = frozenset()
ONLY_OUT = frozenset({OUT})
OUT_OF_TOWN = 2  # 18 buildings, 16 plots

TIERS = {"card": 1, "placed": 1, "only-building": 2, "my-building": 2, "pair": 3,
         "one-of-mine": 3, "unbound-card": 4, "group": 4, "case-split": 3, "unknown-mine": 4,
         "unbound-case": 4, "long-case": 5, "mine-sets": 5, "chain": 6}
SEARCH_TIER = 7


class Contradiction(Exception):
    """The markers leave no solution (`card`: the card about my building that no building answers)."""

    def __init__(self, message: str, card: int | None = None):
        super().__init__(message)
        self.card = card


@dataclass(frozen=True)
class Markers:
    """The marker board: each building's candidate slots and what is known of my buildings."""

    cand: dict[str, frozenset[int]]
    sure: frozenset[str]
    maybe: frozenset[str]
    mine_count: int

    @cached_property
    def held(self) -> CountOf[int]:
        """How many buildings still hold each slot."""
        return CountOf(chain.from_iterable(self.cand.values()))

    def placed(self, building: str) -> int | None:
        """The one slot left to a building, or None."""
        slots = self.cand[building]
        return next(iter(slots)) if len(slots) == 1 else None

    @property
    def complete(self) -> bool:
        """Is every building placed (or out) and every one of my buildings known?"""
        return all(len(s) == 1 for s in self.cand.values()) and self.sure == self.maybe


@dataclass(frozen=True)
class Change:
    """What one deduction finds, before it is applied."""

    technique: str
    removed: dict[str, frozenset[int]]
    card: int | None = None
    buildings: tuple[str, ...] = ()
    plots: tuple[int, ...] = ()
    mine_found: frozenset[str] = frozenset()
    not_mine: frozenset[str] = frozenset()
    answer: str | None = None  # the one building of mine a card can still speak of
    depth: int = 0  # case splits and chains: the steps their longest refuted case took


@dataclass(frozen=True)
class Step:
    """One deduction as plain data: the card, the technique, the markers removed, the board after."""

    technique: str
    card: int | None
    buildings: tuple[str, ...]
    plots: tuple[int, ...]
    removed: tuple[tuple[str, int], ...]
    mine_found: tuple[str, ...]
    not_mine: tuple[str, ...]
    after: Markers = field(compare=False)
    answer: str | None = None
    depth: int = 0

    @property
    def tier(self) -> int:
        """The technique's tier."""
        return TIERS[self.technique]

    def as_dict(self) -> dict:
        """The JSON shape of one step (slot 0 is 'out of town')."""
        return {"technique": self.technique, "card": self.card, "buildings": list(self.buildings),
                "plots": list(self.plots),
                "removed": [{"building": b, "plot": p} for b, p in self.removed],
                "mine_found": list(self.mine_found), "not_mine": list(self.not_mine), "answer": self.answer,
                "depth": self.depth,
                "candidates": {b: sorted(s) for b, s in self.after.cand.items()},
                "mine": sorted(self.after.sure), "mine_maybe": sorted(self.after.maybe)}


class Ending:
    """What grading reads of a deduction: its `status` and `steps` (each with a technique and tier)."""

    status: str
    steps: tuple

    @property
    def techniques(self) -> list[str]:
        """The techniques used, cheapest first."""
        used = {s.technique for s in self.steps}
        return [t for t in TIERS if t in used]

    @property
    def hardest(self) -> int:
        """The tier of the hardest technique used (SEARCH_TIER when stuck)."""
        if self.status not in ("solved", "town"):
            return SEARCH_TIER
        return max((s.tier for s in self.steps), default=0)


@dataclass(frozen=True)
class Deduction(Ending):
    """The outcome: solved, stuck (needs search) or contradiction, with every step taken."""

    status: str
    steps: tuple[Step, ...]
    final: Markers

    def solution(self) -> Solution | None:
        """The solution the deductions reached, when solved."""
        if self.status != "solved":
            return None
        town = {self.final.placed(b): b for b in self.final.cand if self.final.placed(b) != OUT}
        return Solution.of(town, self.final.sure)


# -- the board at the start ---------------------------------------------------------------------

def start(puzzle: Puzzle) -> Markers:
    """Every building on every slot; my buildings, when given, stand in the town."""
    cand = {b: SLOTS for b in puzzle.buildings}
    if puzzle.mine_known:
        for b in puzzle.mine:
            cand[b] = SLOTS - {OUT}
        mine = frozenset(puzzle.mine)
        return Markers(cand, mine, mine, len(mine))
    everyone = frozenset(puzzle.buildings)
    return Markers(cand, frozenset(), everyone, puzzle.mine_count)


def start_from(puzzle: Puzzle, placement: dict[int, str]) -> Markers:
    """The board of a player who has placed some buildings (plot -> building): each placed
    building holds its plot only, and its plot leaves every other building's markers.

    The placements are taken as given: call it only with placements some solution agrees with
    (`solo.misplaced` names the others), or the deductions from it may end in a contradiction.
    """
    board = start(puzzle)
    taken = frozenset(placement)
    cand = {b: slots - taken for b, slots in board.cand.items()}
    for p, b in placement.items():
        cand[b] = frozenset({p})
    if any(not slots for slots in cand.values()):
        raise Contradiction("a building has no slot left")
    return Markers(cand, board.sure, board.maybe, board.mine_count)


def apply(board: Markers, change: Change) -> Markers:
    """The board after a change; raises Contradiction when a building has no slot left."""
    cand = dict(board.cand)
    for b, gone in change.removed.items():
        cand[b] = cand[b] - gone
        if not cand[b]:
            raise Contradiction(f"no slot left for the {b}")
    sure = board.sure | change.mine_found
    maybe = board.maybe - change.not_mine
    if not sure <= maybe or len(sure) > board.mine_count or len(maybe) < board.mine_count:
        raise Contradiction("my buildings cannot be chosen")
    return Markers(cand, sure, maybe, board.mine_count)


# -- the techniques -------------------------------------------------------------------------------

def _removal(removed: dict[str, frozenset[int]]) -> dict[str, frozenset[int]]:
    """Only the buildings that lose something."""
    return {b: s for b, s in removed.items() if s}


def card_narrows(puzzle: Puzzle, board: Markers):
    """An A card or a bound B card leaves its building only the card's plots."""
    cand = board.cand
    for clue in puzzle.clues:
        if clue.kind in "AB" and clue.building is not None and not cand[clue.building] <= clue.plots:
            gone = cand[clue.building] - clue.plots
            yield Change("card", {clue.building: gone}, clue.card, (clue.building,), tuple(sorted(clue.plots)))


def placed_leaves(puzzle: Puzzle, board: Markers):
    """A placed building's plot leaves the others; two buildings out close OUT to the rest."""
    held = board.held
    cand = board.cand
    for b, slots in cand.items():
        if len(slots) != 1:
            continue
        p, = slots
        if p != OUT and held[p] > 1:
            here = frozenset(slots)
            removed = {o: here for o, s in cand.items() if o != b and p in s}
            if removed:
                yield Change("placed", removed, None, (b,), (p,))
    outs = [b for b, s in cand.items() if s == ONLY_OUT]
    if len(outs) > OUT_OF_TOWN:
        raise Contradiction("more than two buildings out of town")
    if len(outs) == OUT_OF_TOWN and held[OUT] > OUT_OF_TOWN:
        removed = _removal({o: s & {OUT} for o, s in board.cand.items() if o not in outs})
        if removed:
            yield Change("placed", removed, None, tuple(outs), (OUT,))


def only_building(puzzle: Puzzle, board: Markers):
    """A plot only one building can take; the last two buildings that can stay out."""
    held = board.held
    for p in PLOTS:
        count = held[p]
        if not count:
            raise Contradiction(f"no building left for plot {p}")
        if count == 1:
            b = next(b for b, s in board.cand.items() if p in s)
            if len(board.cand[b]) != 1:
                yield Change("only-building", {b: board.cand[b] - {p}}, None, (b,), (p,))
    outs = [b for b, s in board.cand.items() if OUT in s]
    if len(outs) < OUT_OF_TOWN:
        raise Contradiction("fewer than two buildings can stay out of town")
    if len(outs) == OUT_OF_TOWN:
        removed = _removal({b: board.cand[b] - {OUT} for b in outs})
        if removed:
            yield Change("only-building", removed, None, tuple(outs), (OUT,))


def _mine_technique(puzzle: Puzzle, region: bool = False) -> str:
    """The technique a card about my building needs (B cards: region=True)."""
    if not puzzle.mine_known:
        return "unknown-mine"
    if len(puzzle.mine) == 1:
        return "my-building"
    return "unbound-card" if region else "one-of-mine"


def relation_cards(puzzle: Puzzle, board: Markers):
    """C cards: 'X stood ... my building', a disjunction over the buildings that may be mine."""
    technique = _mine_technique(puzzle)
    for clue in puzzle.clues:
        if clue.kind == "C":
            change = _relation_card(clue, board, technique)
            if change is not None:
                yield change


def region_cards(puzzle: Puzzle, board: Markers):
    """Unbound B cards: 'my building stood ...', a disjunction over the buildings that may be mine."""
    technique = _mine_technique(puzzle, region=True)
    for clue in puzzle.clues:
        if clue.kind == "B" and clue.building is None:
            change = _region_card(clue, board, technique)
            if change is not None:
                yield change


def _region_card(clue: Clue, board: Markers, technique: str) -> Change | None:
    """'My building stood ...': if only one building may be the one, it is mine and stood there."""
    viable = [m for m in sorted(board.maybe) if board.cand[m] & clue.plots]
    if not viable:
        raise Contradiction(f"card {clue.card} fits none of my buildings", clue.card)
    if len(viable) > 1:
        return None
    m = viable[0]
    removed = _removal({m: board.cand[m] - clue.plots})
    found = frozenset({m}) - board.sure
    if not removed and not found:
        return None
    return Change(technique, removed, clue.card, (m,), tuple(sorted(clue.plots)), found, answer=m)


@lru_cache(maxsize=None)
def _partners(pairs: frozenset[tuple[int, int]]) -> dict[int, frozenset[int]]:
    """A C card's pairs as: plot p of the named building -> the plots q (not p, not OUT) of my building."""
    table: dict[int, set[int]] = {}
    for p, q in pairs:
        if p != OUT and q not in (OUT, p):
            table.setdefault(p, set()).add(q)
    return {p: frozenset(qs) for p, qs in table.items()}


def _relation_card(clue: Clue, board: Markers, technique: str) -> Change | None:
    """'X stood ... my building': X keeps the plots some possible building of mine answers."""
    x = clue.building
    support_x: set[int] = set()
    support: dict[str, set[int]] = {}
    partners = _partners(clue.pairs)
    cand = board.cand
    nears = [(p, partners[p]) for p in cand[x] if p in partners]
    for m in sorted(board.maybe - {x}):
        slots = cand[m]
        for p, near in nears:
            answers = near & slots
            if answers:
                support_x.add(p)
                support.setdefault(m, set()).update(answers)
    if not support:
        raise Contradiction(f"card {clue.card} fits none of my buildings", clue.card)
    removed = {x: board.cand[x] - support_x}
    found, answer = frozenset(), None
    if len(support) == 1:
        (answer, qs), = support.items()
        removed[answer] = board.cand[answer] - qs
        found = frozenset({answer}) - board.sure
    removed = _removal(removed)
    if not removed and not found:
        return None
    return Change(technique, removed, clue.card, (x, *sorted(support)), tuple(sorted(support_x)), found, answer=answer)


def mine_count(puzzle: Puzzle, board: Markers):
    """Unknown my buildings: they stand in town, and there are exactly as many as the scenario says."""
    if puzzle.mine_known:
        return
    out = frozenset(b for b in board.maybe if board.cand[b] == {OUT})
    if out:
        yield Change("unknown-mine", {}, None, tuple(sorted(out)), (OUT,), not_mine=out)
    in_town = _removal({b: board.cand[b] & {OUT} for b in board.sure})
    if in_town:
        yield Change("unknown-mine", in_town, None, tuple(sorted(in_town)))
    if len(board.sure) == board.mine_count and board.maybe != board.sure:
        yield Change("unknown-mine", {}, None, tuple(sorted(board.sure)), not_mine=board.maybe - board.sure)
    if len(board.maybe) == board.mine_count and board.maybe != board.sure:
        found = board.maybe - board.sure
        yield Change("unknown-mine", _removal({b: board.cand[b] & {OUT} for b in found}), None,
                     tuple(sorted(found)), mine_found=found)
    if board.mine_count - len(board.sure) == 1:
        yield from _last_of_mine(puzzle, board)


def _last_of_mine(puzzle: Puzzle, board: Markers):
    """With one of my buildings left to find, it must answer every card my known ones cannot."""
    for clue in puzzle.clues:
        if clue.kind == "A" or (clue.kind == "B" and clue.building is not None):
            continue
        if any(_can_answer(clue, board, m) for m in board.sure):
            continue
        answering = frozenset(m for m in board.maybe - board.sure if _can_answer(clue, board, m))
        others = board.maybe - board.sure - answering
        if others:
            yield Change("unknown-mine", {}, clue.card, tuple(sorted(answering)), not_mine=others)


def _can_answer(clue: Clue, board: Markers, m: str) -> bool:
    """Could building m be the 'my building' the card speaks of?"""
    if clue.kind == "B":
        return bool(board.cand[m] & clue.plots)
    partners = _partners(clue.pairs)
    return m != clue.building and any(partners.get(p, EMPTY) & board.cand[m] for p in board.cand[clue.building])


def confined_pairs(puzzle: Puzzle, board: Markers):
    """Two buildings confined to two plots take them from every other building (Beispiel 7, 8).

    (The smallest Hall sets of two buildings: one building on one slot is `placed`, and "out of
    town" holds two buildings, so a pair is two buildings whose markers lie on the same two plots.)
    """
    open_ = sorted((b for b, s in board.cand.items() if len(s) == 2 and OUT not in s), key=lambda b: sorted(board.cand[b]))
    for i, b in enumerate(open_):
        for c in open_[i + 1:]:
            if board.cand[c] != board.cand[b]:
                continue
            plots = board.cand[b]
            removed = _removal({o: s & plots for o, s in board.cand.items() if o not in (b, c)})
            if removed:
                yield Change("pair", removed, None, tuple(sorted((b, c))), tuple(sorted(plots)))
                return


def confined_groups(puzzle: Puzzle, board: Markers):
    """k buildings confined to k slots take them from every other building (Hall's theorem)."""
    yield from _confined(board, largest=len(board.cand))


def _confined(board: Markers, largest: int):
    """The smallest Hall set (of at most `largest` buildings) as a change."""
    best = _smallest_hall_set(board)
    if best is None or len(best[0]) > largest:
        return
    group, slots = best
    plots = frozenset(OUT if s < 0 else s for s in slots)
    removed = _removal({b: board.cand[b] & plots for b in board.cand if b not in group})
    technique = "pair" if len(group) <= 2 else "group"
    yield Change(technique, removed, None, tuple(sorted(group)), tuple(sorted(plots)))


def _slot_nodes(slots) -> list[int]:
    """Matching nodes of a building's slots, in order: OUT as the two nodes -1 and -2, then the plots."""
    return [n for s in sorted(slots) for n in ((-1, -2) if s == OUT else (s,))]


def _smallest_hall_set(board: Markers):
    """The smallest (buildings, slot nodes) Hall set that removes a marker, or None."""
    import networkx as nx

    graph = nx.Graph()
    buildings = list(board.cand)
    graph.add_nodes_from(buildings, bipartite=0)
    graph.add_nodes_from(_slot_nodes(SLOTS), bipartite=1)
    graph.add_edges_from((b, n) for b in buildings for n in _slot_nodes(board.cand[b]))
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=buildings)
    if sum(1 for b in buildings if b in matching) < len(buildings):
        raise Contradiction("the buildings cannot all be placed at once")
    directed = nx.DiGraph()
    for b in buildings:
        for n in _slot_nodes(board.cand[b]):
            if matching[b] != n:
                directed.add_edge(b, n)
        directed.add_edge(matching[b], b)
    component = {v: i for i, comp in enumerate(nx.strongly_connected_components(directed)) for v in comp}
    best = None
    for b in buildings:
        for n in _slot_nodes(board.cand[b]):
            if matching[b] != n and component[b] != component[n]:
                reach = nx.descendants(directed, n) | {n}
                group = frozenset(v for v in reach if isinstance(v, str))
                if best is None or len(group) < len(best[0]):
                    best = (group, frozenset(v for v in reach if not isinstance(v, str)))
    return best


# -- case splits and short contradiction chains --------------------------------------------------

#: How many steps of the basic techniques a case or a chain may take to reach its contradiction.
CHAIN_STEPS = 12
#: A case split refuted within this many steps is a short one; a longer one is a "long-case".
SHORT_CASE = 6
#: At most this many sets of my buildings are followed case by case (more is no human's case split).
MINE_SETS = 40


def follow(puzzle: Puzzle, board: Markers, change: Change | None = None, limit: int | None = None):
    """A case followed through the basic techniques (tiers 1 to 4, no search, no nested cases).

    Returns (None, steps) when the case runs into a contradiction within `limit` steps, else
    (the board reached, steps): a board that keeps every marker the case allows.
    """
    limit = CHAIN_STEPS if limit is None else limit
    if change is not None:
        try:
            board = apply(board, change)
        except Contradiction:
            return None, 0
    taken = 0
    basic = basic_finders(puzzle)
    try:
        while taken < limit:
            found = next_change(puzzle, board, basic)
            if found is None:
                return board, taken
            taken += 1
            board = apply(board, found)
        return board, taken
    except Contradiction:
        return None, taken + 1


def basic_finders(puzzle: Puzzle):
    """The finders of tiers 1 to 4, cheapest first (what a case is followed with)."""
    return [f for f in finders_in_order(puzzle) if f not in (mine_cases, mine_sets, contradiction_chains, confined_groups)]


def _merged(board: Markers, cases: list[Markers]) -> Change | None:
    """What every surviving case agrees on: markers none keeps, my buildings all or none hold."""
    removed = _removal({b: slots - frozenset().union(*(c.cand[b] for c in cases))
                        for b, slots in board.cand.items()})
    found = frozenset.intersection(*(c.sure for c in cases)) - board.sure
    gone = board.maybe - frozenset.union(*(c.maybe for c in cases))
    if not removed and not found and not gone:
        return None
    return Change("", removed, mine_found=found, not_mine=gone)


def mine_cases(puzzle: Puzzle, board: Markers):
    """A card about my building, split by which possible building of mine answers it.

    Each case (this building is mine and answers the card) is followed through the basic
    techniques for at most CHAIN_STEPS steps. When one case survives, its assumption holds;
    when several do, what they all agree on. The player's "if it is the Bank, then ... a
    contradiction; so it is the Saloon". Of all cards, the split whose refutation is shortest
    is taken; the step's depth is its longest refutation.
    """
    best = None
    for clue in puzzle.clues:
        if clue.kind == "A" or (clue.kind == "B" and clue.building is not None):
            continue
        change = _split_card(puzzle, board, clue)
        if change is not None and (best is None or change.depth < best.depth):
            best = change
    if best is not None:
        yield best


def _split_card(puzzle: Puzzle, board: Markers, clue: Clue) -> Change | None:
    """The case split of one card about my building, or None when it finds nothing."""
    cases = answer_cases(clue, board)
    if len(cases) < 2:
        return None
    trails, refuted, depth = [], 0, 0
    for m, own, other in cases:
        removed = {m: board.cand[m] - own}
        if other is not None:
            removed[clue.building] = board.cand[clue.building] - other
        case = Change("", _removal(removed), mine_found=frozenset({m}) - board.sure)
        boards, dead = trail(puzzle, board, case)
        if dead:
            refuted += 1
            depth = max(depth, len(boards))
        else:
            trails.append((m, case, boards))
    if not trails:
        raise Contradiction(f"card {clue.card} fits none of my buildings", clue.card)
    who = tuple(m for m, _, _ in cases)
    if len(trails) == 1:
        (m, case, _), = trails
        if not case.removed and not case.mine_found:
            return None
        return Change(_case_name(depth, clue), case.removed, clue.card, who, (), case.mine_found, answer=m, depth=depth)
    for k in range(max(len(b) for _, _, b in trails)):  # the fewest steps after which the cases agree
        merged = _merged(board, [b[min(k, len(b) - 1)] for _, _, b in trails])
        if merged is not None:
            return Change(_case_name(max(depth, k), clue), merged.removed, clue.card, who, (), merged.mine_found,
                          merged.not_mine, depth=max(depth, k))
    return None


def trail(puzzle: Puzzle, board: Markers, change: Change, limit: int | None = None):
    """A case's boards step by step (board after 0, 1, ... steps), and whether it ran into a contradiction."""
    limit = CHAIN_STEPS if limit is None else limit
    try:
        board = apply(board, change)
    except Contradiction:
        return [], True
    boards = [board]
    basic = basic_finders(puzzle)
    try:
        while len(boards) <= limit:
            found = next_change(puzzle, board, basic)
            if found is None:
                return boards, False
            board = apply(board, found)
            boards.append(board)
        return boards, False
    except Contradiction:
        return boards, True


def _case_name(depth: int, clue: Clue) -> str:
    """The rung of a case split: by how long its refutation is, and whether the card is an unbound B card."""
    if depth > SHORT_CASE:
        return "long-case"
    return "unbound-case" if clue.kind == "B" else "case-split"


def answer_cases(clue: Clue, board: Markers) -> list[tuple[str, frozenset[int], frozenset[int] | None]]:
    """Who may answer a card about my building: (building, its slots, the named building's slots)."""
    if clue.kind == "B":
        return [(m, clue.plots, None) for m in sorted(board.maybe) if board.cand[m] & clue.plots]
    cases = []
    x = clue.building
    partners = _partners(clue.pairs)
    for m in sorted(board.maybe - {x}):
        own, other = set(), set()
        for p in board.cand[x]:
            near = partners.get(p, EMPTY) & board.cand[m]
            if near:
                own.update(near)
                other.add(p)
        if own:
            cases.append((m, frozenset(own), frozenset(other)))
    return cases


def mine_sets(puzzle: Puzzle, board: Markers):
    """Unknown my buildings, split by the sets that could answer every card about my building.

    Each set still possible (it meets every such card and holds every building known to be mine)
    is followed through the basic techniques; what every surviving set agrees on is deduced.
    """
    if puzzle.mine_known or board.sure == board.maybe:
        return
    names = list(board.cand)
    index = {b: i for i, b in enumerate(names)}
    needs = [sum(1 << index[m] for m in board.maybe if _can_answer(clue, board, m)) for clue in puzzle.clues
             if clue.kind == "C" or (clue.kind == "B" and clue.building is None)]
    needs += [1 << index[m] for m in board.sure]
    universe = sum(1 << index[m] for m in board.maybe)
    sets = hitting_sets(needs, universe, board.mine_count, MINE_SETS + 1)
    if not sets:
        raise Contradiction("no set of my buildings answers every card")
    if len(sets) > MINE_SETS:
        return
    survivors, depth = [], 0
    for chosen in sets:
        mine = frozenset(names[i] for i in range(len(names)) if chosen >> i & 1)
        case = Change("", {}, mine_found=mine - board.sure, not_mine=board.maybe - mine)
        reached, taken = follow(puzzle, board, case)
        if reached is None:
            depth = max(depth, taken)
        else:
            survivors.append((reached, case))
    if not survivors:
        raise Contradiction("no set of my buildings answers every card")
    kept = frozenset.union(*(c.maybe for c, _ in survivors))
    if len(survivors) == 1:
        case = survivors[0][1]
        if not case.mine_found and not case.not_mine:
            return
        yield Change("mine-sets", {}, None, tuple(sorted(kept)), (), case.mine_found, case.not_mine, depth=depth)
        return
    merged = _merged(board, [c for c, _ in survivors])
    if merged is not None:
        yield Change("mine-sets", merged.removed, None, tuple(sorted(kept)), (), merged.mine_found,
                     merged.not_mine, depth=depth)


def contradiction_chains(puzzle: Puzzle, board: Markers):
    """'If the X stood on plot p, then ... a contradiction': that marker goes.

    Tries each marker of the buildings with the fewest markers first and keeps the one whose
    contradiction comes soonest (within CHAIN_STEPS steps of the basic techniques).
    """
    best = None
    for size in sorted({len(s) for s in board.cand.values() if len(s) > 1}):
        for b, slots in board.cand.items():
            if len(slots) != size:
                continue
            for slot in sorted(slots):
                reached, depth = follow(puzzle, board, Change("", {b: slots - {slot}}))
                if reached is None and (best is None or depth < best[0]):
                    best = (depth, b, slot)
        if best is not None:
            break
    if best is not None:
        depth, b, slot = best
        yield Change("chain", {b: frozenset({slot})}, None, (b,), (slot,), depth=depth)


#: Each finder with the tier of the technique it produces (cards about my building: see finders_in_order).
FINDERS = ((card_narrows, 1), (placed_leaves, 1), (only_building, 2), (relation_cards, None),
           (region_cards, None), (confined_pairs, 3), (mine_count, 4), (confined_groups, 4),
           (mine_cases, 5), (mine_sets, 5), (contradiction_chains, 6))


def finders_in_order(puzzle: Puzzle):
    """The finders, cheapest tier first."""
    tiers = {relation_cards: TIERS[_mine_technique(puzzle)], region_cards: TIERS[_mine_technique(puzzle, True)]}
    return [f for f, _ in sorted(FINDERS, key=lambda ft: ft[1] if ft[1] is not None else tiers[ft[0]])]


def next_change(puzzle: Puzzle, board: Markers, finders) -> Change | None:
    """The cheapest deduction available."""
    for finder in finders:
        for change in finder(puzzle, board):
            return change
    return None


def deduce(puzzle: Puzzle, max_steps: int = 500, board: Markers | None = None) -> Deduction:
    """Apply the cheapest deduction until the town is complete, stuck, or contradictory (or
    `max_steps` steps are taken), from the start or from `board` (a player's, see `start_from`)."""
    board = start(puzzle) if board is None else board
    finders = finders_in_order(puzzle)
    steps: list[Step] = []
    try:
        while not board.complete and len(steps) < max_steps:
            change = next_change(puzzle, board, finders)
            if change is None:
                return Deduction(_ending(board), tuple(steps), board)
            board = apply(board, change)
            steps.append(step_of(change, board))
        _check_complete(puzzle, board)
    except Contradiction:
        return Deduction("contradiction", tuple(steps), board)
    return Deduction(_ending(board), tuple(steps), board)


def _ending(board: Markers) -> str:
    """solved; town (every building placed, my buildings still one of several sets); or stuck."""
    if board.complete:
        return "solved"
    if all(len(s) == 1 for s in board.cand.values()):
        return "town"
    return "stuck"


def _check_complete(puzzle: Puzzle, board: Markers) -> None:
    """A complete board must be a true solution (every card holds)."""
    if board.complete:
        town = {board.placed(b): b for b in board.cand if board.placed(b) != OUT}
        if len(town) != len(PLOTS) or not validate(puzzle, Solution.of(town, board.sure)):
            raise Contradiction("the completed town breaks a card")


def step_of(change: Change, board: Markers) -> Step:
    """The applied change as a step, with the board after it."""
    removed = tuple((b, p) for b in change.removed for p in sorted(change.removed[b]))
    return Step(change.technique, change.card, change.buildings, change.plots, removed,
                tuple(sorted(change.mine_found)), tuple(sorted(change.not_mine)), board, change.answer,
                change.depth)
