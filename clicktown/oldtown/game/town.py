"""The town as the players see it during the marker game: markers, built buildings, the supply.

Glossary:
  marker    one of the 5 markers of a building; on the board it says "this building may stand here"
  built     a building placed on its plot (its markers are gone)
  supply    markers of a building neither on the board nor collected: the 5 of a building no card
            has spoken of yet (situation A gives the markers left over to the player at once)
  settle    what follows by itself once markers go (Beispiel 10): a building down to one marker
            is built there, and every other marker on that plot is taken off, and so on
  gain      the markers a player collects by an action: one point each

Every marker is in exactly one place: on the board, in the supply, or collected by a player, so
markers on the board + supply + collected = 18 x 5 = 90.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import deduce
from .wording import Reason

MARKERS_PER_BUILDING = 5
MAX_PER_PLOT = 3
PLOTS = tuple(range(1, 17))


_ORDERS: dict[tuple[str, ...], dict[str, int]] = {}


def _order(names: tuple[str, ...]) -> dict[str, int]:
    """Building -> its place in the catalogue (kept per catalogue)."""
    if names not in _ORDERS:
        _ORDERS[names] = {b: i for i, b in enumerate(names)}
    return _ORDERS[names]


class Impossible(Exception):
    """Settling the board left a building with no marker and no plot: no town fits any more (the
    argument says which, a `wording.Reason`)."""


@dataclass
class Town:
    """Markers (building -> plots with its marker), built buildings (building -> plot), the supply."""

    names: tuple[str, ...]
    markers: dict[str, set[int]] = field(default_factory=dict)
    built: dict[str, int] = field(default_factory=dict)
    supply: dict[str, int] = field(default_factory=dict)

    @classmethod
    def empty(cls, names) -> "Town":
        """The board before the game: every marker in the supply."""
        return cls(tuple(names), {}, {}, {b: MARKERS_PER_BUILDING for b in names})

    def copy(self) -> "Town":
        """An independent copy."""
        return Town(self.names, {b: set(p) for b, p in self.markers.items()}, dict(self.built), dict(self.supply))

    def key(self) -> tuple:
        """A hashable summary of the board (markers and built buildings)."""
        return (tuple(sorted((b, tuple(sorted(p))) for b, p in self.markers.items())),
                tuple(sorted(self.built.items())))

    # -- reading the board --------------------------------------------------------------------

    @property
    def occupied(self) -> set[int]:
        """Plots with a building on them."""
        return set(self.built.values())

    @property
    def free(self) -> set[int]:
        """Plots not built on."""
        return set(PLOTS) - self.occupied

    def on_plot(self, plot: int) -> list[str]:
        """Buildings with a marker on the plot, in catalogue order."""
        return self.in_order(b for b, plots in self.markers.items() if plot in plots)

    def in_order(self, buildings) -> list[str]:
        """The buildings in catalogue order."""
        order = _order(self.names)
        return sorted(buildings, key=order.__getitem__)

    def count(self, plot: int) -> int:
        """Markers on the plot."""
        return sum(plot in plots for plots in self.markers.values())

    def counts(self) -> dict[int, int]:
        """Plot -> markers on it, for every plot with a marker."""
        out: dict[int, int] = {}
        for plots in self.markers.values():
            for plot in plots:
                out[plot] = out.get(plot, 0) + 1
        return out

    def markers_on_board(self) -> int:
        """All markers on the board."""
        return sum(len(p) for p in self.markers.values())

    def is_new(self, building: str) -> bool:
        """Has no card spoken of the building yet (no markers, not built)?"""
        return building not in self.markers and building not in self.built

    def domain(self, building: str) -> set[int]:
        """Plots the building may still stand on as the board shows it."""
        if building in self.built:
            return {self.built[building]}
        if building in self.markers:
            return set(self.markers[building])
        return self.free

    def complete(self) -> bool:
        """Is every plot built on (the town is complete)?"""
        return len(self.built) == len(PLOTS)

    def plots_json(self) -> dict[str, list[str]]:
        """Plot number (as text) -> buildings with a marker there, for traces and state files."""
        found: dict[int, list[str]] = {}
        for building in self.in_order(self.markers):
            for plot in self.markers[building]:
                found.setdefault(plot, []).append(building)
        return {str(p): found[p] for p in sorted(found)}

    # -- deduction ----------------------------------------------------------------------------

    def feasible(self) -> bool:
        """Does some town still fit every marker?"""
        return deduce.feasible(self.markers)

    def forced(self) -> set[tuple[str, int]]:
        """Markers logic removes (Beispiel 8)."""
        return deduce.forced_removals(self.markers, self.free) or set()

    def held(self) -> dict[int, tuple[str, ...]]:
        """Plots a closed set of buildings needs (Beispiel 7)."""
        return deduce.held_plots(self.markers, self.free) or {}

    # -- changing the board -------------------------------------------------------------------

    def put_markers(self, building: str, plots: set[int]) -> int:
        """Situation A (2 to 5 plots) or B (1 plot) for a building no card spoke of; returns the gain."""
        stock = self.supply[building]
        self.supply[building] = 0
        if len(plots) == 1:
            return stock + self.build(building, next(iter(plots)))
        self.markers[building] = set(plots)
        return stock - len(plots)

    def remove(self, building: str, plots) -> int:
        """Take the building's markers off these plots; returns how many."""
        mine = self.markers[building]
        gone = mine & set(plots)
        mine -= gone
        return len(gone)

    def build(self, building: str, plot: int) -> int:
        """Place the building on its plot and take every other marker off it; returns how many."""
        self.built[building] = plot
        self.markers.pop(building, None)
        return sum(self.remove(other, {plot}) for other in self.on_plot(plot))

    def settle(self) -> int:
        """Build every building down to one marker and clear its plot, until nothing follows.

        Returns the markers this takes off the board (the last marker of each building built,
        and the other buildings' markers on its plot). Raises Impossible when a building loses
        its last marker to a plot another building takes.
        """
        gain = 0
        while True:
            empty = [b for b, plots in self.markers.items() if not plots]
            if empty:
                raise Impossible(Reason("no_plot_left", self.in_order(empty)[0]))
            single = [b for b, plots in self.markers.items() if len(plots) == 1]
            if not single:
                return gain
            building = self.in_order(single)[0]
            plot = next(iter(self.markers[building]))
            if plot in self.occupied:
                raise Impossible(Reason("last_plot_built", building, plot))
            gain += 1 + self.supply.get(building, 0)
            self.supply[building] = 0
            gain += self.build(building, plot)
