"""A second solution found next to the drawn one: the generator's shortcut before counting.

When the generator asks whether a card can go (`OldTownGame.unique_without`), the answer is
"no" exactly when another solution of the other cards exists, and that solution breaks the card.
Most such solutions differ from the drawn town by two buildings changing places (or one building
leaving town for one that was out): a swap. `swapped` tries every swap that breaks the card and
checks the cards a swap can change (those about the two buildings, and, when one of them is mine,
those about my building). A swap that keeps every other card is a solution: a proof of "no" as
good as the counter's, found without a search. When no swap works the counter decides.

Adding cards until the solution is unique asks the same of the pool's prefixes: the cards before
the first one the best swap breaks have a second solution (`kept_prefix`), so the bisection for
the shortest unique prefix starts above them.

Glossary:
  slots     the drawn solution as a list: building index -> plot (0 = out of town)
  check     a card compiled to (kind, building index or None, plot mask or relation table)
"""

from __future__ import annotations

from functools import lru_cache

from ..solve.count import PLACE, REGION


def holds(check, slots: list[int], mine: tuple[int, ...]) -> bool:
    """Does the card hold in the town `slots` with my buildings `mine` (as `solo.clue_holds`)?"""
    kind, x, data = check
    if kind == PLACE:
        return bool(data >> slots[x] & 1)
    if kind == REGION:
        return any(data >> slots[m] & 1 for m in mine)
    here = slots[x]
    if not here:
        return False
    near = data[here]
    return any(m != x and near >> slots[m] & 1 for m in mine)


def readers(checks: list) -> tuple[dict[int, list], list]:
    """The checks a move of each building can change, and those a move of mine can change, as
    (position, check): a card about a building reads its plot; a card about my building (and a C
    card, which reads both) reads my buildings' plots."""
    about: dict[int, list] = {}
    mine_cards = []
    for i, check in enumerate(checks):
        if check[1] is not None:
            about.setdefault(check[1], []).append((i, check))
        if check[0] != PLACE:
            mine_cards.append((i, check))
    return about, mine_cards


def swapped(slots: list[int], mine: tuple[int, ...], rest: list, broken) -> list[int] | None:
    """A town two buildings apart from `slots` that keeps every check of `rest` and breaks
    `broken` (`slots` keeps them all), or None.

    Only swaps that can break the card are tried: ones that move its building, or, for a card
    about my building, one of mine. Only the checks a swap can change are read again.
    """
    kind, x, data = broken
    movers = (x,) if kind == PLACE else (mine if kind == REGION else (x, *mine))
    about, mine_cards = readers(rest)
    tried = set()
    for a in movers:
        here = slots[a]
        for b, there in enumerate(slots):
            if there == here or (b, a) in tried:
                continue  # the same building, or two buildings out of town: the same town
            if kind == PLACE and data >> there & 1:
                continue  # the card's building would still stand on one of its plots
            tried.add((a, b))
            if not there and a in mine or not here and b in mine:
                continue  # my buildings stand in town
            trial = list(slots)
            trial[a], trial[b] = there, here
            if kind != PLACE and holds(broken, trial, mine):
                continue
            again = about.get(a, []) + about.get(b, [])
            if a in mine or b in mine:
                again += mine_cards
            if all(holds(check, trial, mine) for _, check in again):
                return trial
    return None


def swap_pairs(slots: list[int], mine: tuple[int, ...]):
    """The pairs of buildings (a < b) whose swap makes another town (my buildings staying in town)."""
    for a, here in enumerate(slots):
        for b in range(a + 1, len(slots)):
            there = slots[b]
            if there == here or not there and a in mine or not here and b in mine:
                continue  # the same town, or one of my buildings out of town
            yield a, b


def swaps(slots: list[int], mine: tuple[int, ...], about: dict[int, list], mine_cards: list):
    """Every town two buildings apart from `slots` (my buildings staying in town), with the
    (position, check) pairs the swap can change (`readers`)."""
    for a, b in swap_pairs(slots, mine):
        trial = list(slots)
        trial[a], trial[b] = slots[b], slots[a]
        again = about.get(a, []) + about.get(b, [])
        if a in mine or b in mine:
            again += mine_cards
        yield trial, again


def kept_prefix(slots: list[int], mine: tuple[int, ...], checks: list) -> int:
    """The longest prefix of `checks` that a town two buildings apart from `slots` keeps (`slots`
    keeps them all): the cards before the first one the best swap breaks. That prefix has a
    second solution, so the shortest unique prefix is longer."""
    best, n = 0, len(checks)
    for trial, again in swaps(slots, mine, *readers(checks)):
        first = n
        for i, check in again:
            if best < i < first and not holds(check, trial, mine):
                first = i
        if first > best and all(holds(check, trial, mine) for i, check in again if i <= best):
            best = first
            if best == n:
                return n
    return best


class Witnesses:
    """Other solutions of a draft's cards, each kept as the mask of the pool's cards it breaks.

    A solution of `chosen` without card i breaks i and keeps every other chosen card: a kept
    mask w with w & chosen == 1 << i settles "card i stays" at once. Every swap of two buildings
    of the drawn town is read once per draft (only the cards the two buildings' moves can change),
    and the solutions the generator's counter finds may be added, so what one proof found serves the next
    questions (and `prefix`, the longest prefix of the pool some swap keeps, is read off the same
    masks).

    The masks are sorted by card only when a question is first asked, and only over the cards
    asked about so far (`universe`, which grows when a question names others): the removal asks
    about the cards of one unique prefix, which only shrinks, so the pool's later cards are never
    sorted, and a draft whose pool is not unique asks nothing.
    """

    def __init__(self, slots: list[int], mine: tuple[int, ...], checks: list):
        self.slots, self.mine, self.checks = slots, mine, checks
        misplaced = [[0] * 17 for _ in slots]  # A and bound B cards: building, slot -> the cards broken
        related: dict[int, list] = {}  # C cards about each building: (bit, kind, building, data)
        mine_cards = []  # the cards about my building (C and unbound B cards)
        for i, (kind, x, data) in enumerate(checks):
            if kind == PLACE:
                row, bit = misplaced[x], 1 << i
                for s in outside(data):
                    row[s] |= bit
            else:
                mine_cards.append((1 << i, kind, x, data))
                if x is not None:
                    related.setdefault(x, []).append((1 << i, kind, x, data))
        mine_plots = sum(1 << slots[m] for m in mine)
        masks = set()
        count = len(slots)
        is_mine = [i in mine for i in range(count)]
        about = [related.get(i, []) for i in range(count)]
        for a in range(count):  # every swap of two buildings, as `swap_pairs` lists them
            here, row, about_a, a_mine = slots[a], misplaced[a], about[a], is_mine[a]
            for b in range(a + 1, count):
                there = slots[b]
                if there == here or not there and a_mine or not here and is_mine[b]:
                    continue  # the same town, or one of my buildings out of town
                broken = row[there] | misplaced[b][here]
                if a_mine != is_mine[b]:  # one of mine moves: here and there trade places in mine_plots
                    plots = mine_plots ^ (1 << here) ^ (1 << there)
                    again = about_a + about[b] + mine_cards
                elif about_a or about[b]:
                    plots = mine_plots
                    again = about_a + about[b]
                else:
                    masks.add(broken)
                    continue
                for bit, kind, x, data in again:
                    if kind == REGION:
                        if not data & plots:
                            broken |= bit
                    else:  # a C card: its building where the swap puts it, one of mine in relation to it
                        at = there if x == a else here if x == b else slots[x]
                        if not at or not data[at] & plots:  # (a C card's table never holds the building's own plot)
                            broken |= bit
                masks.add(broken)
        n = len(checks)
        self.prefix = max(((w & -w).bit_length() - 1 if w else n for w in masks), default=0)
        self.kept = list(masks)
        self.universe = 0  # the cards the masks are sorted by (`by_card`)
        self.by_card: dict[int, list[int]] = {}

    def add(self, broken: int) -> None:
        """Keep another solution, as the mask of the cards it breaks."""
        self.kept.append(broken)
        if self.universe:
            self._sort(broken & self.universe)

    def _sort(self, broken: int) -> None:
        """File a mask (of the cards in `universe`) under each card it breaks."""
        by_card, rest = self.by_card, broken
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            if i in by_card:
                by_card[i].append(broken)
            else:
                by_card[i] = [broken]

    def _sort_all(self, universe: int) -> None:
        """File every kept mask again, over the cards of `universe`."""
        self.universe, self.by_card = universe, {}
        for broken in {w & universe for w in self.kept}:
            self._sort(broken)

    def add_solution(self, slots: list[int], mine: tuple[int, ...]) -> None:
        """Keep a solution found by the counter (town as building index -> slot, my buildings)."""
        self.add(sum(1 << i for i, check in enumerate(self.checks) if not holds(check, slots, mine)))

    def settles(self, chosen: int, i: int) -> bool:
        """Does a kept solution keep every chosen card but card i, and break i (so i stays)?"""
        if chosen & ~self.universe or not self.universe >> i & 1:
            self._sort_all(self.universe | chosen | 1 << i)
        alone = 1 << i
        return any(w & chosen == alone for w in self.by_card.get(i, ()))


@lru_cache(maxsize=4096)
def outside(plots: int) -> tuple[int, ...]:
    """The slots (0 to 16) not in a card's plot mask."""
    return tuple(s for s in range(17) if not plots >> s & 1)
