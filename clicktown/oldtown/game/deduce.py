"""Deduction on the marker board: the bipartite graph of buildings and the plots their markers lie on.

Glossary:
  marker graph  one node per building with markers on the board, one per plot not yet built on;
                an edge for every marker (building, plot)
  free plot     a plot not built on; free plots without markers are open to any building
  complete      a matching that gives every building with markers a plot of its own
  feasible      the board has a complete matching: some town still fits every marker
  forced        a marker on no complete matching: logic alone removes it (a "stop", Beispiel 8)
  held plot     a plot some set of k buildings needs all of: k plots holding every marker of k
                buildings (Beispiel 7); no further building may get a marker there

Three implementations answer the same questions (feasible? which markers are forced?):

  fast path   the one the engine uses: augmenting paths (Kuhn) for the matching, then Régin's
              all-different filter, on bit masks of plots (bit p = plot p), cached by board.
              With a complete matching M, orient the graph from the plots: a plot leads to the
              building M puts on it, and that building to its other plots. A marker off M lies
              on some complete matching exactly when its plot leads to a plot M leaves free (an
              alternating path), or back to its own building's plot (an alternating cycle: the
              building and the plot in one strongly connected component). The graphs have at
              most 18 buildings and 16 plots: a networkx graph object costs more to build than
              the whole search.
  networkx    the readable reference (`clicktown.oldtown.reference`: `matching_networkx`,
              `supported_networkx`, ...): Hopcroft-Karp from `networkx.algorithms.bipartite`, the
              same filter in networkx's own words (`strongly_connected_components`, `ancestors`).
  CP-SAT      the slow check (`reference.supported_cpsat`): one solve per marker not yet seen on a
              solution.

The tests hold all three to the same answers on 1,000 boards met in random games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping


Markers = Mapping[str, Iterable[int]]
Key = tuple[frozenset, frozenset]


def key_of(markers: Markers, free: Iterable[int] = ()) -> Key:
    """A hashable form of a board's markers and free plots (the deductions are cached by it)."""
    return frozenset((b, frozenset(p)) for b, p in markers.items()), frozenset(free)


def _markers(key: Key) -> dict[str, frozenset]:
    return dict(key[0])


def matching(markers: Markers, start: Mapping[str, int] | None = None) -> dict[str, int] | None:
    """A complete matching (building -> plot), or None when no town fits the markers.

    Augmenting paths, one building at a time (Kuhn): at most 18 buildings of at most 5 markers,
    so a plain search beats building a graph object for Hopcroft-Karp. `start` is a matching of
    some of the buildings (each on a plot of its markers, no plot twice) to extend.
    """
    owner: dict[int, str] = {p: b for b, p in (start or {}).items()}  # plot -> the building matched to it
    for building in markers:
        if building not in (start or ()) and not _augment(building, markers, owner, set()):
            return None
    return {b: p for p, b in owner.items()}


def _augment(building: str, markers: Markers, owner: dict[int, str], seen: set[int]) -> bool:
    """Find `building` a plot, moving matched buildings along an alternating path if need be."""
    for plot in markers[building]:
        if plot not in seen:
            seen.add(plot)
            if plot not in owner or _augment(owner[plot], markers, owner, seen):
                owner[plot] = building
                return True
    return False


def feasible(markers: Markers) -> bool:
    """Does some town fit every marker (every building with markers on a plot of its own)?"""
    return matching(markers) is not None



def _spread(start: int, step: list[int]) -> int:
    """Every plot reached from the plots of `start`, plot p leading to the plots of step[p]."""
    seen = todo = start
    while todo:
        low = todo & -todo
        todo ^= low
        ahead = step[low.bit_length() - 1] & ~seen
        seen |= ahead
        todo |= ahead
    return seen


def match_masks(masks: list[int]) -> list[int] | None:
    """The plot of each building (by index) on a complete matching, or None (augmenting paths on
    masks, a building first taking a plot no other building holds when it has one)."""
    owner = [-1] * 17  # plot -> the index of the building matched to it
    taken = 0          # the plots matched so far
    for i, mask in enumerate(masks):
        open_plots = mask & ~taken
        if open_plots:
            low = open_plots & -open_plots
            owner[low.bit_length() - 1] = i
        else:
            low = _augment_masks(masks, owner, i, taken, [0])
            if not low:
                return None
        taken |= low
    plot = [0] * len(masks)
    for p, i in enumerate(owner):
        if i >= 0:
            plot[i] = p
    return plot


def _augment_masks(masks: list[int], owner: list[int], i: int, taken: int, seen: list[int]) -> int:
    """An augmenting path from building i: the plot (as a bit) it newly takes, or 0 when none."""
    mask = masks[i]
    open_plots = mask & ~taken
    if open_plots:
        low = open_plots & -open_plots
        owner[low.bit_length() - 1] = i
        return low
    rest = mask & ~seen[0]
    while rest:
        low = rest & -rest
        seen[0] |= low
        plot = low.bit_length() - 1
        end = _augment_masks(masks, owner, owner[plot], taken, seen)
        if end:
            owner[plot] = i
            return end
        rest = mask & ~seen[0]
    return 0


class _Oriented:
    """The marker graph oriented by a complete matching, seen from the plots.

    A plot leads to the building matched to it, and that building to its other plots; a plot the
    matching leaves free leads nowhere. `open` is the mask of the plots with markers the matching
    leaves free, and `to_open` that of the plots leading to one of them along such alternating
    paths (found backwards from them); `step[p]` the plots p leads to in one step.
    """

    def __init__(self, masks: list[int], free: int):
        match = match_masks(masks)
        self.match = match
        if match is None:
            return
        self.owner = owner = [-1] * 17
        marked = matched = 0
        for i, plot in enumerate(match):
            owner[plot] = i
            matched |= 1 << plot
            marked |= masks[i]
        self.open = marked & free & ~matched
        step, back = [0] * 17, [0] * 17
        for i, plot in enumerate(match):
            ahead = step[plot] = masks[i] & ~(1 << plot)
            while ahead:
                low = ahead & -ahead
                ahead ^= low
                back[low.bit_length() - 1] |= 1 << plot
        self.step = step
        self.to_open = _spread(self.open, back)
        self.marked = marked


@lru_cache(maxsize=16384)
def off_matchings(masks: tuple[int, ...], free: int) -> tuple[int, ...] | None:
    """For each building (its plots as a mask, bit p = plot p), the mask of its markers on no complete
    matching: those logic removes (Régin's filter on masks). None when no town fits the markers.

    A marker off the matching lies on a complete matching exactly when its plot leads to a plot
    the matching leaves free (an alternating path), or back to its own building's plot (an
    alternating cycle: the building and the plot lie in one strongly connected component).
    `free`: the mask of the plots not built on.
    """
    graph = _Oriented(list(masks), free)
    if graph.match is None:
        return None
    to_open, reach = graph.to_open, {}
    out = []
    for mask, plot in zip(masks, graph.match):
        home = 1 << plot
        off, rest = 0, mask & ~home & ~to_open
        while rest:
            low = rest & -rest
            rest ^= low
            if low not in reach:
                reach[low] = _spread(low, graph.step)
            if not reach[low] & home:
                off |= low
        out.append(off)
    return tuple(out)


@lru_cache(maxsize=16384)
def closed_sets(masks: tuple[int, ...], free: int) -> tuple[tuple[int, int], ...] | None:
    """The closed sets of buildings (Beispiel 7) as (mask of the plots they hold, mask of the
    buildings' indices), on masks as `off_matchings`; None when no town fits the markers.

    A plot is held when it leads to no plot the matching leaves free; the buildings matched to
    held plots are held too, and the closed sets are the connected groups of held plots, two
    plots joined when the building of one has a marker on the other.
    """
    graph = _Oriented(list(masks), free)
    if graph.match is None:
        return None
    held = graph.marked & ~graph.to_open
    joined = [0] * 17  # held plot -> the held plots it is joined to, either way
    for plot in range(17):
        if held >> plot & 1:
            ahead = masks[graph.owner[plot]] & held
            joined[plot] |= ahead
            for other in range(17):
                if ahead >> other & 1:
                    joined[other] |= 1 << plot
    out = []
    left = held
    while left:
        group = _spread(left & -left, joined)
        left &= ~group
        out.append((group, sum(1 << graph.owner[p] for p in range(17) if group >> p & 1)))
    return tuple(out)


def _on_masks(key: Key) -> tuple[list[str], tuple[int, ...], int]:
    """The buildings of a key, their plots as masks, and the free plots as a mask."""
    markers = _markers(key)
    names = list(markers)
    return names, tuple(sum(1 << p for p in markers[b]) for b in names), sum(1 << p for p in key[1])


def _supported(key: Key) -> frozenset | None:
    names, masks, free = _on_masks(key)
    off = off_matchings(masks, free)
    if off is None:
        return None
    return frozenset((b, p) for b, mask, gone in zip(names, masks, off) for p in range(17) if (mask & ~gone) >> p & 1)


def _held(key: Key) -> tuple | None:
    names, masks, free = _on_masks(key)
    sets = closed_sets(masks, free)
    if sets is None:
        return None
    out = []
    for plots, buildings in sets:
        group = tuple(sorted(names[i] for i in range(len(names)) if buildings >> i & 1))
        out += [(p, group) for p in range(17) if plots >> p & 1]
    return tuple(sorted(out))


def supported(markers: Markers, free: Iterable[int]) -> set[tuple[str, int]] | None:
    """The markers that lie on some complete matching (Régin's filter); None when infeasible.

    `free` is every plot not built on; plots without markers count as free plots.
    """
    found = _supported(key_of(markers, free))
    return None if found is None else set(found)


def forced_removals(markers: Markers, free: Iterable[int]) -> set[tuple[str, int]] | None:
    """Every marker logic removes (on no complete matching); None when the board is infeasible."""
    keep = supported(markers, free)
    if keep is None:
        return None
    return {(b, p) for b, plots in markers.items() for p in plots} - keep


def held_plots(markers: Markers, free: Iterable[int]) -> dict[int, tuple[str, ...]] | None:
    """Plots that a closed set of buildings needs (Beispiel 7), each with that set's buildings.

    A plot is held when its matched building cannot move to a free plot along alternating
    edges: the buildings and plots that cannot reach a free plot form sets of k buildings whose
    markers all lie on the same k plots. None when the board is infeasible.
    """
    found = _held(key_of(markers, free))
    return None if found is None else dict(found)


def clear_caches() -> None:
    """Forget every cached deduction (for timing the filter on boards it has not seen)."""
    for cached in (off_matchings, closed_sets):
        cached.cache_clear()
