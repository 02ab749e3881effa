"""The rules of playing an info card, taking a marker and calling "stop", judged on a Town.

Glossary:
  subject       a building a card speaks of: the card's building (A), my building (B), or both (C)
  domain        plots a subject may still stand on: its plot if built, its markers, or every
                plot not built on for a building no card spoke of yet ("new")
  verdict       what a card does now: playable (changes the board), confirmation (changes
                nothing, Beispiel 4), contradiction (no plot left or no town fits, Beispiel 5), or
                forbidden (Beispiele 6 and 9, Beispiel 7 with held_plots "card", or "my building" not
                the player's), with the reason
  look          one look at the board (free plots, markers per plot, held plots, a matching),
                shared by the verdicts on a whole hand

Situations of "zu 1" (rulebook): A -- a new building with 2 to 5 possible plots gets a marker on
each, the player takes the rest of its 5; B -- one possible plot: the building is built there and
the player takes all its markers on or beside the board; C -- a building with markers loses those
the card rules out, and the player takes them. Whatever follows by itself (Beispiel 10) is
settled at once and its markers go to the same player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..catalogue import Card
from . import deduce
from .rule_options import DEFAULTS, RuleOptions
from .town import MAX_PER_PLOT, MARKERS_PER_BUILDING, Impossible, Town
from .wording import Reason

PLAYABLE, CONFIRMATION, CONTRADICTION, FORBIDDEN = "playable", "confirmation", "contradiction", "forbidden"
STATUSES = (PLAYABLE, CONFIRMATION, CONTRADICTION, FORBIDDEN)


@dataclass
class Verdict:
    """What playing `card` (for `my` building, B and C) does to the board now.

    Never changed once made (not frozen only because a frozen dataclass takes several times as
    long to make, and the engine makes one for every card in every hand on every board)."""

    card: int
    my: str | None
    status: str
    why: str | Callable[[], str] = field(compare=False)  # the reason (a wording.Reason), or a function making it
    gain: int = 0
    made: Town | Callable[[], Town] | None = field(default=None, compare=False, repr=False)
    added: tuple[tuple[str, tuple[int, ...]], ...] = ()
    removed: tuple[tuple[str, int], ...] = ()
    built: tuple[tuple[str, int], ...] = ()

    @property
    def reason(self) -> str:
        """Why the card has this status, in English (worded on first use when `why` is a function): a
        `wording.Reason`, which `Reason.told(lang, buildings)` words in any language."""
        if callable(self.why):
            self.why = self.why()
        return self.why

    @property
    def after(self) -> Town | None:
        """The board after the card (None unless the card may be played); `made` may be a function
        that makes it, called on first use."""
        if callable(self.made):
            self.made = self.made()
        return self.made

    @property
    def allowed(self) -> bool:
        """May the card be played (action 1)? Confirmation cards may, and change nothing."""
        return self.status in (PLAYABLE, CONFIRMATION)

    @property
    def discardable(self) -> bool:
        """Does the card count for action 2 (a confirmation or contradiction card)?"""
        return self.status in (CONFIRMATION, CONTRADICTION)

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown referee --json`."""
        return {"card": self.card, "my": self.my, "status": self.status, "allowed": self.allowed,
                "discardable": self.discardable, "reason": self.reason, "gain": self.gain,
                "added": {b: list(p) for b, p in self.added},
                "removed": [[b, p] for b, p in self.removed],
                "built": {b: p for b, p in self.built}}


class Look:
    """One look at the board, shared by the verdicts on a whole hand: each thing worked out once, when first needed."""

    def __init__(self, town: Town):
        self.town = town
        self.free = town.free
        self._counts: dict[int, int] | None = None
        self._held: dict[int, tuple[str, ...]] | None = None
        self._match: dict[str, int] | None = None

    def domain(self, building: str) -> set[int]:
        """As Town.domain, with the free plots worked out once."""
        town = self.town
        if building in town.built:
            return {town.built[building]}
        if building in town.markers:
            return set(town.markers[building])
        return self.free

    @property
    def counts(self) -> dict[int, int]:
        """Plot -> markers on it."""
        if self._counts is None:
            self._counts = self.town.counts()
        return self._counts

    @property
    def held(self) -> dict[int, tuple[str, ...]]:
        """Plots a closed set of buildings needs (Beispiel 7)."""
        if self._held is None:
            self._held = self.town.held()
        return self._held

    @property
    def match(self) -> dict[str, int]:
        """A complete matching of the board (empty when there is none)."""
        if self._match is None:
            self._match = deduce.matching(self.town.markers) or {}
        return self._match


def subjects(card: Card, my: str | None, town: Town, look: Look | None = None,
             closed: frozenset[int] | set[int] = frozenset()) -> dict[str, set[int]]:
    """Each building the card speaks of, with the plots the card leaves it on the board now.

    `closed`: plots a building no card spoke of may not take (the held plots, Beispiel 7 read as
    "marker"), left out of its plots before a type-C card's pairs are read, so that my building's
    plots pair only with plots the named building may still take, and the other way round.
    """
    look = look or Look(town)

    def domain(building: str) -> set[int]:
        plots = look.domain(building)
        return plots - closed if closed and town.is_new(building) else plots

    if card.kind == "A":
        return {card.building: domain(card.building) & card.plots}
    if card.kind == "B":
        return {my: domain(my) & card.plots}
    named, mine = domain(card.building), domain(my)
    ahead, back = _partners(card)
    return {card.building: {x for x in named if x in ahead and not ahead[x].isdisjoint(mine)},
            my: {y for y in mine if y in back and not back[y].isdisjoint(named)}}


_PARTNERS: dict = {}


def _partners(card: Card) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """A type-C card's pairs as plot -> partner plots, both ways (kept per card).

    A pair of one plot with itself is left out: the two buildings need two plots.
    """
    key = (card.number, card.pairs)
    if key not in _PARTNERS:
        ahead, back = {}, {}
        for x, y in card.pairs:
            if x != y:
                ahead.setdefault(x, set()).add(y)
                back.setdefault(y, set()).add(x)
        _PARTNERS[key] = (ahead, back)
    return _PARTNERS[key]


def judge(town: Town, card: Card, my: str | None = None, mine=None, look: Look | None = None,
          options: RuleOptions | None = None) -> Verdict:
    """The verdict on playing `card` now; `mine` are the player's buildings (None: not checked).

    `look` shares what the board shows between the verdicts on one hand (by default a new one);
    `options` are the rule options (`held_plots` decides Beispiel 7's reading).
    """
    number = card.number
    if card.kind in ("B", "C"):
        if my is None:
            return Verdict(number, my, FORBIDDEN, Reason("needs_mine", number, card.kind))
        if mine is not None and my not in mine:
            return Verdict(number, my, FORBIDDEN, Reason("not_mine", my))
        if my in town.built:
            return Verdict(number, my, FORBIDDEN, Reason("built_mine", my))
        if card.kind == "C" and my == card.building:
            return Verdict(number, my, FORBIDDEN, Reason("same_building", card.building))
    else:
        my = None
    look = look or Look(town)
    wanted = subjects(card, my, town, look)
    for building, plots in wanted.items():
        if not plots:
            return Verdict(number, my, CONTRADICTION, _why_contradiction(town, building))
    new = {b: p for b, p in wanted.items() if town.is_new(b)}
    if new and (options or DEFAULTS).held_plots == "marker":
        wanted = _leaving_out_held(card, my, look, wanted, new)
        new = {b: wanted[b] for b in new}
    if new and (not all(wanted.values()) or deduce.matching({**town.markers, **new}, look.match) is None):
        # before the limits on markers: a card that leaves a new building only plots the others need
        # contradicts the board ("kann kein weiteres Gebäude dort stehen", Beispiel 7)
        return Verdict(number, my, CONTRADICTION, Reason("no_room", tuple(new)))
    for building, plots in new.items():
        if len(plots) > MARKERS_PER_BUILDING:
            return Verdict(number, my, FORBIDDEN, Reason("too_many_plots", building, len(plots)))
    counts = look.counts if new else {}
    for building, plots in new.items():
        for plot in sorted(plots):
            if counts.get(plot, 0) + sum(plot in p for p in new.values()) > MAX_PER_PLOT:
                return Verdict(number, my, FORBIDDEN, Reason("one_too_many", plot, counts.get(plot, 0), building))
    if any(plot in counts for plots in new.values() for plot in plots):  # only plots with markers are held
        held = look.held
        for building, plots in new.items():
            for plot in sorted(plots):
                if plot in held:
                    return Verdict(number, my, FORBIDDEN, Reason("held", plot, tuple(held[plot])))
    if not new and all(plots == look.domain(b) for b, plots in wanted.items()):
        return Verdict(number, my, CONFIRMATION, Reason("nothing_changes"), made=town)
    return _apply(look, number, my, wanted, new)


def _leaving_out_held(card: Card, my: str | None, look: Look, wanted: dict[str, set[int]],
                      new: dict[str, set[int]]) -> dict[str, set[int]]:
    """Beispiel 7 read as "marker": the card read again with the held plots left out of the new
    buildings' plots (like Beispiel 1: "einer schon besetzt. Also bleiben drei Plätze übrig"), before
    a type-C card's pairs are read: the new building's markers go on its plots no closed set holds,
    and my building keeps only plots that pair with those. Only plots with markers can be held."""
    if not any(plot in look.counts for plots in new.values() for plot in plots):
        return wanted
    return subjects(card, my, look.town, look, frozenset(look.held))


def _why_contradiction(town: Town, building: str) -> Reason:
    if building in town.built:
        return Reason("built_elsewhere", building, town.built[building])
    if building in town.markers:
        return Reason("markers_ruled_out", building, tuple(sorted(town.markers[building])))
    return Reason("no_plot_allowed", building)


def _apply(look: Look, number: int, my: str | None, wanted: dict[str, set[int]], new: dict[str, set[int]]) -> Verdict:
    """Play the card on a copy: situations A, B and C, then everything that follows."""
    town = look.town
    after = town.copy()
    gain = 0
    removed = []
    for building, plots in wanted.items():
        if building in new:
            gain += after.put_markers(building, plots)
        elif building in after.markers:
            gone = after.markers[building] - plots
            removed += [(building, p) for p in sorted(gone)]
            gain += after.remove(building, gone)
    try:
        gain += after.settle()
    except Impossible as exc:
        return Verdict(number, my, CONTRADICTION, Reason("no_town_any_more", exc.args[0]))
    changed = removed or len(after.built) != len(town.built)  # else: the board judge() already matched
    if changed and not _still_feasible(look, after):
        return Verdict(number, my, CONTRADICTION, Reason("too_few_plots"))
    added = tuple((b, tuple(sorted(p))) for b, p in new.items() if len(p) > 1)
    built = tuple((b, p) for b, p in after.built.items() if b not in town.built)
    return Verdict(number, my, PLAYABLE, _what_happens(new, removed, built, gain), gain, after, added, tuple(removed), built)


def _still_feasible(look: Look, after: Town) -> bool:
    """Does a town fit the board after the card? The matching of the board before, repaired."""
    occupied = after.occupied
    start = {b: p for b, p in look.match.items() if p in after.markers.get(b, ()) and p not in occupied}
    return deduce.matching(after.markers, start) is not None


def _what_happens(new, removed, built, gain) -> Reason:
    """Situations A (new buildings on more than one plot), C (the markers taken off) and B (the
    buildings built), and the markers the player takes."""
    added = tuple((b, tuple(sorted(plots))) for b, plots in new.items() if len(plots) > 1)
    return Reason("happens", added, tuple(removed), tuple(built), gain)


# -- taking a marker (action 2) and calling "stop" -----------------------------------------------

@dataclass
class Taking:
    """Taking the marker (building, plot) off the board, and everything that follows (never changed
    once made, like `Verdict`)."""

    building: str
    plot: int
    ok: bool
    why: str | Callable[[], str] = field(compare=False)  # the reason (a wording.Reason), or a function making it
    gain: int = 0
    made: Town | Callable[[], Town] | None = field(default=None, compare=False, repr=False)
    built: tuple[tuple[str, int], ...] = ()

    @property
    def reason(self) -> str:
        """Why the taking is allowed or refused, in English (as `Verdict.reason`)."""
        if callable(self.why):
            self.why = self.why()
        return self.why

    @property
    def after(self) -> Town | None:
        """The board after the taking (None when it is refused); `made` may be a function that makes
        it, called on first use."""
        if callable(self.made):
            self.made = self.made()
        return self.made


def take(town: Town, building: str, plot: int) -> Taking:
    """Take one marker off the board, settle the board (Beispiel 10) and check a town still fits."""
    if plot not in town.markers.get(building, ()):
        return Taking(building, plot, False, Reason("no_marker", building, plot))
    after = town.copy()
    gain = after.remove(building, {plot})
    try:
        gain += after.settle()
    except Impossible as exc:
        return Taking(building, plot, False, Reason("would_not_fit_as", exc.args[0]))
    if not after.feasible():
        return Taking(building, plot, False, Reason("would_not_fit"))
    built = tuple((b, p) for b, p in after.built.items() if b not in town.built)
    return Taking(building, plot, True, takes(gain), gain, after, built)


def takes(gain: int) -> Callable[[], Reason]:
    """A function wording "the player takes `gain` markers" (called when the reason is read)."""
    return lambda: Reason("takes", gain)


def removable(town: Town, options: RuleOptions | None = None) -> list[tuple[str, int]]:
    """Markers a player may take by action 2: those after which a town still fits the board.

    Taking (b, p) leaves a town exactly when b has another marker on some complete matching.
    With the option break_pair "forbidden", not a marker of a held pair (`held_pairs`).
    """
    keep = deduce.supported(town.markers, town.free) or set()
    paired = held_pairs(town) if (options or DEFAULTS).break_pair == "forbidden" else set()
    out = []
    for building in town.names:
        if building in paired:
            continue
        for plot in sorted(town.markers.get(building, ())):
            if any(b == building and p != plot for b, p in keep):
                out.append((building, plot))
    return out


def held_pairs(town: Town) -> set[str]:
    """Buildings of a held pair: two buildings down to two markers each, on the same two plots
    (Beispiel 7: "Liegen von zwei Gebäuden nur noch jeweils zwei Marker auf ein und demselben
    Gebäudeplatz")."""
    by_plots: dict[frozenset, list[str]] = {}
    for building, plots in town.markers.items():
        if len(plots) == 2:
            by_plots.setdefault(frozenset(plots), []).append(building)
    return {b for names in by_plots.values() if len(names) == 2 for b in names}


def judge_stop(town: Town, building: str, plot: int, forced: set | None = None, taking=None) -> Taking:
    """A "stop" claim that logic removes the marker (building, plot) (Beispiel 8).

    `forced` (the board's forced markers) and `taking` (a function like `take` on this board) may
    come from what was already worked out on the board.
    """
    if plot not in town.markers.get(building, ()):
        return Taking(building, plot, False, Reason("no_marker", building, plot))
    if (building, plot) not in (town.forced() if forced is None else forced):
        return Taking(building, plot, False, Reason("may_still_stand", building, plot))
    done = taking(building, plot) if taking else take(town, building, plot)
    reason = Reason("stop_right", building, plot, done.reason)
    return Taking(building, plot, True, reason, done.gain, done.after, done.built)


def action_two(done: Taking, options: RuleOptions | None = None) -> tuple[int, Town]:
    """Action 2 after its marker is taken (`done`, allowed): (markers the player takes, the board
    after). With the rule option logic_markers "player", what logic then removes goes to the player
    too (Beispiel 10: "alle Marker, die nun vom Plan entfernt werden müssen"), in the same count."""
    if (options or DEFAULTS).logic_markers == "player":
        more, after = take_forced(done.after)
        return done.gain + more, after
    return done.gain, done.after


def claimable(town: Town) -> int:
    """Markers all "stop" claims together collect from this board (claimed one after another)."""
    return take_forced(town)[0]


def take_forced(town: Town) -> tuple[int, Town]:
    """Every marker logic removes, taken one after another: (markers taken, the board after)."""
    total, board = 0, town
    while True:
        forced = sorted(board.forced())
        if not forced:
            return total, board
        done = take(board, *forced[0])
        total, board = total + done.gain, done.after
