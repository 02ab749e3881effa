"""The fast exact counter of Old Town solo solutions: the default engine of `verify` and `solve`.

The same semantics as `solo.py` (and the CP-SAT model): a solution is a town (16 of the 18
buildings on the 16 plots) together with my buildings.

Glossary:
  slot      bit 0 = out of town, bits 1..16 = the plots
  domain    a building's candidate slots as a 17-bit mask (the rules' markers)
  fixed     a building whose domain is one slot

The search is propagation first, branching only on what propagation leaves (as in Norvig's
sudoku solver): a fixed building's plot leaves every other domain, a plot only one building can
take gets it, two buildings out of town close OUT to the rest, and every card about "my
building" keeps only the plots that some possible building of mine still answers. It then
branches on the building with the fewest slots. When my buildings are unknown, each complete
town is followed by the sets of my buildings that answer every such card. Tests compare its
solutions with the CP-SAT model's and python-constraint2's on the rulebook and random puzzles.

For the generator it also lists only the solutions that break one given card (`broken`): a
puzzle with one solution stays unique without that card exactly when there are none, and the
search looks only where the card is broken, which is much less than the whole puzzle.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..solo import PLOTS, Clue, Puzzle, Solution

OUT_BIT = 1
ALL = (1 << 17) - 1
PLOT_BITS = ALL & ~OUT_BIT
OUT_OF_TOWN = 2


def mask(plots) -> int:
    """The bit mask of a set of plots."""
    m = 0
    for p in plots:
        m |= 1 << p
    return m


@lru_cache(maxsize=4096)
def plot_mask(plots: frozenset[int]) -> int:
    """The bit mask of a card's plots (cached: the generator asks for the same cards again and again)."""
    return mask(plots)


@lru_cache(maxsize=4096)
def relation_table(pairs: frozenset[tuple[int, int]]) -> tuple[int, ...]:
    """For each plot p of the named building, the mask of plots q of my building with (p, q) allowed."""
    table = [0] * 17
    for p, q in pairs:
        if p != q and p > 0:
            table[p] |= 1 << q
    return tuple(table)


REGION, PLACE, RELATION = 0, 1, 2


@lru_cache(maxsize=4096)
def partners(candidates: tuple[int, ...], x: int) -> tuple[int, ...]:
    """The buildings that may be mine, without building x (cached: the same few sets come back)."""
    return tuple(m for m in candidates if m != x)


def compile_card(clue: Clue, index: dict[str, int]) -> tuple[int, int | None, object]:
    """A card as a check: (kind, building index or None, plot mask or relation table); REGION is
    an unbound B card, PLACE an A card or bound B card, RELATION a C card."""
    x = None if clue.building is None else index[clue.building]
    if clue.kind == "C":
        return RELATION, x, relation_table(clue.pairs)
    return (REGION if x is None else PLACE), x, plot_mask(clue.plots)


def bits(m: int):
    """The slot numbers of a mask, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def single(d: int) -> bool:
    """Is the domain exactly one slot?"""
    return d != 0 and d & (d - 1) == 0


class Counter:
    """The solutions of one puzzle: propagation on bit masks, then branching.

    With `broken` (a card not in the puzzle), only the solutions that break that card: an A
    card or a bound B card, its building stands on none of the card's plots (or out of town);
    when my buildings are given, an unbound B card, none of them stands on its plots; a C card,
    its building is out of town or none of mine stands in the relation to it. The generator
    asks this when it tries to drop a card from a puzzle with one solution: the puzzle without
    the card has another solution exactly when one of its solutions breaks the card, and the
    search looks only there. With `hint` (a solution), each branching tries the building's
    slot in it first: the same solutions, in another order (another solution near the hint,
    when there is one, turns up after few nodes).
    """

    def __init__(self, puzzle: Puzzle, broken: Clue | None = None, hint: Solution | None = None):
        names = list(puzzle.buildings)
        index = {b: i for i, b in enumerate(names)}
        mine = [index[b] for b in sorted(puzzle.mine)] if puzzle.mine_known else None
        where = hint.position if hint is not None else None
        self.setup(names, mine, puzzle.mine_count if mine is None else len(mine),
                   [compile_card(c, index) for c in puzzle.clues],
                   None if broken is None else compile_card(broken, index),
                   None if where is None else [where.get(b, 0) for b in names])

    @classmethod
    def of_checks(cls, names: list[str], mine: list[int] | None, mine_count: int, checks, broken=None,
                  hint: list[int] | None = None) -> "Counter":
        """The counter of a puzzle given as compiled cards (`compile_card`): building names, my
        buildings' indices (None when unknown) and their number, the cards, the card to break (or
        None), and the hint as building index -> slot. The generator compiles each card once."""
        counter = cls.__new__(cls)
        counter.setup(names, mine, mine_count, checks, broken, hint)
        return counter

    def setup(self, names, mine, mine_count, checks, broken, hint) -> None:
        """The domains and card lists of a puzzle of compiled cards."""
        self.names, self.mine, self.mine_count = names, mine, mine_count
        self.domain = [ALL] * len(names)
        for i in mine or ():
            self.domain[i] &= ~OUT_BIT
        self.regions: list[int] = []  # unbound B cards: plot masks
        self.relations: list[tuple[int, tuple[int, ...]]] = []  # C cards: (building, mask of my plots per plot)
        for kind, x, data in checks:
            if kind == RELATION:
                self.domain[x] &= ~OUT_BIT
                self.relations.append((x, data))
            elif kind == REGION:
                self.regions.append(data)
            else:
                self.domain[x] &= data
        self.hint = None if hint is None else [1 << s for s in hint]  # each building's slot, tried first
        self.unrelated: list[tuple[int, tuple[int, ...]]] = []  # a broken C card: (building, table)
        if broken is not None:
            self._break(broken)
        candidates = tuple(mine) if mine is not None else tuple(range(len(names)))
        self.candidates = candidates  # the buildings that may be mine
        # C cards with the buildings that may answer them: (building, table, possible buildings of mine but it)
        self.partnered = [(x, table, partners(candidates, x)) for x, table in self.relations]
        self.nodes = 0

    def _break(self, check) -> None:
        """Keep only the solutions that break the compiled card `check`."""
        kind, x, data = check
        if kind == PLACE:
            self.domain[x] &= ALL & ~data
        elif self.mine is None:
            raise ValueError("the card speaks of my building, and my buildings are not given")
        elif kind == REGION:
            for m in self.mine:
                self.domain[m] &= ALL & ~data
        else:
            self.unrelated.append((x, data))

    # -- propagation ---------------------------------------------------------------------------

    def propagate(self, dom: list[int]) -> bool:
        """Narrow the domains in place to a fixed point; False when a building or plot is left empty."""
        while True:
            if not self._board_rules(dom):
                return False
            changed = self._card_rules(dom)
            if changed is None:
                return False
            if not changed:
                return True

    @staticmethod
    def _board_rules(dom: list[int]) -> bool:
        """The board's rules to their fixed point: fixed plots leave the others, a plot only one
        building can take gets it, the last two buildings that can stay out go out. False on a
        contradiction (a building without a slot, a plot without a building, a plot taken twice).

        The board is read once (holders of each slot, fixed plots, buildings out and able to be
        out); then each round narrows every open building a rule touches at once and reads the
        open buildings again, the settled ones (placed or out) standing as the fixed plots and
        the count of buildings out (a settled building never changes).
        """
        fixed = outs = once = twice = holders_out = 0
        open_ = []  # the buildings with two or more slots
        for i, d in enumerate(dom):
            twice |= once & d
            once |= d
            if d & OUT_BIT:
                holders_out += 1
                if d == OUT_BIT:
                    outs += 1
                else:
                    open_.append(i)
            elif d & (d - 1):
                open_.append(i)
            else:
                if not d or fixed & d:
                    return False
                fixed |= d
        while True:
            if outs > OUT_OF_TOWN or holders_out < OUT_OF_TOWN or once & PLOT_BITS != PLOT_BITS:
                return False
            lone = once & ~twice & ~fixed & PLOT_BITS  # (a fixed plot held once is settled already)
            go_out = holders_out == OUT_OF_TOWN and outs < OUT_OF_TOWN
            if outs == OUT_OF_TOWN:
                taken = fixed | OUT_BIT if holders_out > OUT_OF_TOWN else fixed
            else:
                taken = fixed
            if not (taken & twice or lone or go_out):
                return True
            still = []
            open_once = open_twice = open_out = 0
            for i in open_:
                d = dom[i]
                nd = d & ~taken
                s = nd & lone
                if s:
                    if s & (s - 1):
                        return False  # the only holder of two plots
                    nd = s
                elif go_out and nd & OUT_BIT:
                    nd = OUT_BIT
                if nd != d:
                    if not nd:
                        return False
                    dom[i] = nd
                if nd & (nd - 1):
                    still.append(i)
                    open_twice |= open_once & nd
                    open_once |= nd
                    open_out += nd & OUT_BIT
                elif nd == OUT_BIT:
                    outs += 1
                elif fixed & nd:
                    return False
                else:
                    fixed |= nd
            open_ = still
            out_bit = OUT_BIT if outs else 0
            once = fixed | open_once | out_bit
            twice = open_twice | fixed & open_once | (out_bit & open_once if outs < 2 else OUT_BIT)
            holders_out = outs + open_out

    def _card_rules(self, dom: list[int]) -> bool | None:
        """Cards about my building keep only what a possible building of mine answers.

        A card only one possible building of mine can answer puts that building where it answers.
        (Given buildings of mine never hold out of town: `setup` takes it from their domains.)
        """
        changed = False
        known = self.mine
        for x, table in self.unrelated:
            d = dom[x]
            if not d & (d - 1):
                if d != OUT_BIT:  # x is placed: no building of mine stands in the relation to it
                    near = table[d.bit_length() - 1]
                    for m in known:
                        if m != x and dom[m] & near:
                            dom[m] &= ~near
                            changed = True
                            if not dom[m]:
                                return None
                continue
            placed = 0
            for m in known:
                dm = dom[m]
                if m != x and not dm & (dm - 1):
                    placed |= dm
            if placed:  # x keeps no plot in the relation to a placed building of mine
                keep = d
                for p in bits(d & PLOT_BITS):
                    if table[p] & placed:
                        keep &= ~(1 << p)
                if keep != d:
                    if not keep:
                        return None
                    dom[x] = keep
                    changed = True
        for region in self.regions:
            viable = -1
            for m in self.candidates:
                if dom[m] & region:
                    if viable >= 0:
                        break
                    viable = m
            else:
                if viable < 0:
                    return None
                nd = dom[viable] & region
                if nd != dom[viable]:
                    dom[viable] = nd
                    changed = True
        for x, table, partners in self.partnered:
            others = 0  # every slot a possible building of mine (not x) still has
            for m in partners:
                others |= dom[m]
            kept = reach = 0  # x's plots with a partner there; every plot a partner may take
            d = dom[x]
            rest = d & PLOT_BITS
            while rest:
                low = rest & -rest
                rest ^= low
                near = table[low.bit_length() - 1]
                if near & others:
                    kept |= low
                    reach |= near
            if not kept:
                return None
            if kept != d:
                dom[x] = kept
                changed = True
            answering = -1
            for m in partners:
                if dom[m] & reach:
                    if answering >= 0:
                        break
                    answering = m
            else:  # the one building of mine that can answer stands where it answers
                nd = dom[answering] & reach
                if nd != dom[answering]:
                    dom[answering] = nd
                    changed = True
        return changed

    # -- search ------------------------------------------------------------------------------

    def solutions(self, limit: int | None = None):
        """Yield solutions (up to `limit`)."""
        for town, mine in self.found(limit):
            yield self._solution(town, mine)

    def found(self, limit: int | None = None):
        """Yield solutions (up to `limit`) as the counter finds them: the town as building index ->
        slot (0 out of town) and my buildings' indices, without building a `Solution`."""
        found = 0
        dom = list(self.domain)
        if not self.propagate(dom):
            return
        for town in self._towns(dom):
            for mine in self._mines(town):
                yield town, mine
                found += 1
                if limit is not None and found >= limit:
                    return

    def exists(self) -> bool:
        """Is there a solution? (as `solutions(1)`, without building it)"""
        dom = list(self.domain)
        if not self.propagate(dom):
            return False
        for town in self._towns(dom):
            for _ in self._mines(town):
                return True
        return False

    def count(self, limit: int = 2) -> int:
        """The number of solutions, capped at `limit`."""
        return sum(1 for _ in self.solutions(limit))

    def _towns(self, dom: list[int]):
        """Complete towns (building index -> slot) below a propagated set of domains."""
        self.nodes += 1
        best, best_n = -1, 99
        for i, d in enumerate(dom):
            if d & (d - 1):
                n = d.bit_count()
                if n < best_n:
                    best, best_n = i, n
        if best < 0:
            yield [d.bit_length() - 1 for d in dom]
            return
        slots = dom[best]
        first = self.hint[best] & slots if self.hint else 0
        for slot in ((first,) if first else ()) + tuple(1 << s for s in bits(slots & ~first)):
            trial = list(dom)
            trial[best] = slot
            if self.propagate(trial) and self._mine_possible(trial):
                yield from self._towns(trial)

    def _mine_possible(self, dom: list[int]) -> bool:
        """Unknown my buildings: can some set of the right size still answer every card about them?"""
        if self.mine is not None or not (self.regions or self.relations):
            return True
        needs = []
        for region in self.regions:
            needs.append(sum(1 << i for i, d in enumerate(dom) if d & region))
        for x, table in self.relations:
            near = 0
            for p in bits(dom[x] & PLOT_BITS):
                near |= table[p]
            needs.append(sum(1 << i for i, d in enumerate(dom) if i != x and d & near))
        in_town = sum(1 << i for i, d in enumerate(dom) if d & PLOT_BITS)
        return bool(hitting_sets(needs, in_town, self.mine_count, 1))

    def _mines(self, slots: list[int]):
        """The sets of my buildings that answer every card, for a complete town."""
        if self.mine is not None:
            if self._answers(slots, self.mine):
                yield tuple(self.mine)
            return
        town = sum(1 << i for i, s in enumerate(slots) if s > 0)
        for chosen in hitting_sets(self._witnesses(slots), town, self.mine_count):
            yield tuple(i for i in range(len(slots)) if chosen >> i & 1)

    def _witnesses(self, slots: list[int]) -> list[int]:
        """For each card about my building, the mask of buildings that would answer it."""
        needs = []
        for region in self.regions:
            needs.append(sum(1 << i for i, s in enumerate(slots) if s > 0 and (1 << s) & region))
        for x, table in self.relations:
            near = table[slots[x]]
            needs.append(sum(1 << i for i, s in enumerate(slots) if i != x and s > 0 and (1 << s) & near))
        return needs

    def _answers(self, slots: list[int], mine: list[int]) -> bool:
        """Do these buildings of mine (the given ones) answer every card about my building?"""
        for region in self.regions:
            if not any(slots[m] and region >> slots[m] & 1 for m in mine):
                return False
        for x, table, partners in self.partnered:
            near = table[slots[x]]
            if not any(slots[m] and near >> slots[m] & 1 for m in partners):
                return False
        return True

    def _solution(self, slots: list[int], mine) -> Solution:
        """The solution for a complete town and a set of my buildings."""
        town = {s: self.names[i] for i, s in enumerate(slots) if s > 0}
        assert len(town) == len(PLOTS)
        return Solution.of(town, {self.names[i] for i in mine})


def hitting_sets(needs: list[int], universe: int, k: int, limit: int | None = None) -> list[int]:
    """The sets of k members of `universe` (bit masks) that meet every mask in `needs`, up to `limit`.

    Branches on the first need not yet met, so sets are found without trying all k-subsets.
    """
    found: set[int] = set()

    def extend(chosen: int, size: int, rest: int) -> bool:
        """Add completions of `chosen`; True once `limit` sets are found."""
        unmet = next((w for w in needs if not w & chosen), None)
        if unmet is None:
            for extra in _subsets(rest & ~chosen, k - size):
                found.add(chosen | extra)
                if limit is not None and len(found) >= limit:
                    return True
            return False
        if size == k:
            return False
        options = unmet & universe & ~chosen
        while options:
            low = options & -options
            options ^= low
            if extend(chosen | low, size + 1, rest):
                return True
        return False

    extend(0, 0, universe)
    return sorted(found)


def _subsets(mask: int, k: int):
    """Every k-subset of the bits of `mask`."""
    bits_ = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    for combo in combinations(bits_, k):
        yield sum(combo)


def count_solutions(puzzle: Puzzle, limit: int = 10) -> int:
    """The number of solutions, capped at `limit`."""
    return Counter(puzzle).count(limit)


def solve(puzzle: Puzzle, limit: int = 10) -> list[Solution]:
    """Up to `limit` solutions."""
    return list(Counter(puzzle).solutions(limit))
