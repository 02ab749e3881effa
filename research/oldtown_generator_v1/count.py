"""A fast exact counter of Old Town solo solutions, for the generator's inner loop.

The same semantics as `solo.py` (and the CP-SAT model): a solution is a town (16 of the 18
buildings on the 16 plots) together with my buildings. The counter is a depth-first search on
bit masks: each building's slots are a 17-bit mask (bit 0 = out of town, bits 1..16 = plots),
the building with the fewest slots left is placed first, and every card about "my building" is
checked as soon as the buildings it speaks of are placed. When my buildings are unknown, each
complete town is followed by a count of the sets of my buildings that answer every such card.
Tests compare its solutions with the CP-SAT model's on the rulebook and on random puzzles.
"""

from __future__ import annotations

from itertools import combinations

from clicktown.oldtown.solo import PLOTS, Puzzle, Solution

OUT_BIT = 1
ALL = (1 << 17) - 1


def mask(plots) -> int:
    """The bit mask of a set of plots."""
    m = 0
    for p in plots:
        m |= 1 << p
    return m


class Counter:
    """The solutions of one puzzle, searched on bit masks."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.names = list(puzzle.buildings)
        index = {b: i for i, b in enumerate(self.names)}
        self.domain = [ALL] * len(self.names)
        self.mine = [index[b] for b in sorted(puzzle.mine)] if puzzle.mine_known else None
        for i in self.mine or ():
            self.domain[i] &= ~OUT_BIT
        self.regions: list[int] = []  # unbound B cards: plot masks
        self.relations: list[tuple[int, list[int]]] = []  # C cards: (building, mask of my plots per plot)
        for clue in puzzle.clues:
            if clue.kind == "C":
                x = index[clue.building]
                self.domain[x] &= ~OUT_BIT
                table = [mask(q for (p2, q) in clue.pairs if p2 == p and q != p) for p in range(17)]
                table[0] = 0
                self.relations.append((x, table))
            elif clue.building is None:
                self.regions.append(mask(clue.plots))
            else:
                self.domain[index[clue.building]] &= mask(clue.plots)

    # -- search ------------------------------------------------------------------------------

    def solutions(self, limit: int | None = None):
        """Yield solutions (up to `limit`)."""
        found = 0
        for slots in self._towns([-1] * len(self.names), 0, 0):
            for mine in self._mines(slots):
                yield self._solution(slots, mine)
                found += 1
                if limit is not None and found >= limit:
                    return

    def count(self, limit: int = 2) -> int:
        """The number of solutions, capped at `limit`."""
        return sum(1 for _ in self.solutions(limit))

    def _towns(self, slots: list[int], used: int, outs: int):
        """Complete towns (building index -> slot) extending a partial one."""
        best, best_free, best_n = -1, 0, 99
        for i, s in enumerate(slots):
            if s < 0:
                free = self.domain[i] & ~used
                if outs >= 2:
                    free &= ~OUT_BIT
                n = bin(free).count("1")
                if n < best_n:
                    best, best_free, best_n = i, free, n
                    if n == 0:
                        return
        if best < 0:
            yield slots
            return
        free = best_free
        while free:
            low = free & -free
            free ^= low
            slot = low.bit_length() - 1
            slots[best] = slot
            if self._possible(slots, used | (low if slot else 0)):
                yield from self._towns(slots, used | (low if slot else 0), outs + (slot == 0))
            slots[best] = -1

    def _possible(self, slots: list[int], used: int) -> bool:
        """Can every card about my building still hold, by one of the buildings that may be mine?"""
        mine = self.mine if self.mine is not None else range(len(slots))
        for region in self.regions:
            if not any(self._may_lie(slots, used, m, region) for m in mine):
                return False
        for x, table in self.relations:
            px = slots[x]
            if px > 0 and not any(m != x and self._may_lie(slots, used, m, table[px]) for m in mine):
                return False
        return True

    def _may_lie(self, slots: list[int], used: int, m: int, region: int) -> bool:
        """Is building m on a plot of `region`, or could it still be?"""
        s = slots[m]
        if s >= 0:
            return bool((1 << s) & region) and s > 0
        return bool(self.domain[m] & ~used & region)

    def _mines(self, slots: list[int]):
        """The sets of my buildings that answer every card, for a complete town."""
        if self.mine is not None:
            if self._answers(slots, self.mine):
                yield tuple(self.mine)
            return
        town = sum(1 << i for i, s in enumerate(slots) if s > 0)
        for chosen in hitting_sets(self._witnesses(slots), town, self.puzzle.mine_count):
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
        """Do these buildings of mine answer every card about my building?"""
        chosen = sum(1 << i for i in mine)
        return all(w & chosen for w in self._witnesses(slots))

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
    bits = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    for combo in combinations(bits, k):
        yield sum(combo)


def count_solutions(puzzle: Puzzle, limit: int = 10) -> int:
    """The number of solutions, capped at `limit`."""
    return Counter(puzzle).count(limit)


def solve(puzzle: Puzzle, limit: int = 10) -> list[Solution]:
    """Up to `limit` solutions."""
    return list(Counter(puzzle).solutions(limit))
