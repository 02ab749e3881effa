"""Verdicts on the cards in the players' hands, judged on bit masks and kept from board to board.

`rules.judge` is the readable reference; this module gives the same verdicts (the tests compare
every field on thousands of boards met in random games and on random small boards), faster:

  sight     one look at a board, shared by every hand until the board changes: the free plots,
            each building's state and plots as bit masks (bit p = plot p), the markers on each
            plot, the held plots (Beispiel 7), and, when first asked, the markers a player may
            take and those logic removes
  fits      a building no card spoke of fits beside the markers exactly when one of the plots
            the card leaves it has no marker or is not held: a held plot's building cannot move
            to a free plot along alternating paths, any other plot can take the new building
            (Berge); the held plots are worked out once per board, and only when a card needs them
  kept      each verdict is kept with what it read of the board, and judged again only when
            that changed:
              subjects  the states of the buildings the card speaks of, and the plots the card
                        leaves each (a built "my building", no plot left, a confirmation)
              fits      the same, and whether a new building fits beside the markers on the
                        plots the card leaves it (more than five plots, Beispiel 9)
              marked    the same, and the markers on each plot the card leaves a new building
                        and which of those plots are held: the verdict that puts a new
                        building's markers on the board (situation A), or one marker too many
                        on a plot (Beispiel 6); the board after situation A is made again from
                        the board it is kept onto
              board     anything else (markers put on, taken off, a building built, what
                        follows): the whole board; the board after situation A is made on first use

A verdict depends on the board only through what its kind names, so a new board that leaves that
as it was leaves the verdict as it was.
"""

from __future__ import annotations

from dataclasses import replace

from ..catalogue import Card
from . import deduce, rules
from .rules import CONFIRMATION, CONTRADICTION, FORBIDDEN, PLAYABLE, Verdict
from .town import MARKERS_PER_BUILDING, MAX_PER_PLOT, PLOTS, Town

ALL_PLOTS = sum(1 << p for p in PLOTS)
NEW = 1 << 20    # the state of a building no card spoke of: NEW | the free plots
BUILT = 1 << 21  # the state of a built building: BUILT | its plot
SUBJECTS, FITS, MARKED, BOARD = "subjects", "fits", "marked", "board"


_PLOTS_OF: dict[int, tuple[int, ...]] = {}


def plots_of(mask: int) -> tuple[int, ...]:
    """The plots of a mask, lowest first (kept per mask)."""
    found = _PLOTS_OF.get(mask)
    if found is None:
        out, rest = [], mask
        while rest:
            low = rest & -rest
            out.append(low.bit_length() - 1)
            rest ^= low
        found = _PLOTS_OF[mask] = tuple(out)
    return found


_PLOT_MASKS: dict[frozenset, int] = {}
_PARTNER_MASKS: dict[frozenset, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def plot_mask(plots: frozenset) -> int:
    """The mask of a card's plots (kept per set of plots)."""
    found = _PLOT_MASKS.get(plots)
    if found is None:
        found = _PLOT_MASKS[plots] = sum(1 << p for p in plots)
    return found


def partner_masks(pairs: frozenset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A type-C card's pairs as two tables: plot of its building -> mask of my building's partner
    plots, and plot of my building -> mask of its building's partner plots (a pair of one plot
    with itself left out, as in `rules.subjects`)."""
    found = _PARTNER_MASKS.get(pairs)
    if found is None:
        ahead, back = [0] * 17, [0] * 17
        for x, y in pairs:
            if x != y:
                ahead[x] |= 1 << y
                back[y] |= 1 << x
        found = _PARTNER_MASKS[pairs] = (tuple(ahead), tuple(back))
    return found


class Sight:
    """One look at a board (never changed in place), shared by every verdict on it."""

    def __init__(self, town: Town):
        self.town = town
        self.look = _Look(town, self)  # the reference's look, for what follows a card (rules._apply)
        occupied = 0
        for plot in town.built.values():
            occupied |= 1 << plot
        self.free = ALL_PLOTS & ~occupied
        state: dict[str, int] = {}
        counts = [0] * 17
        settled = True
        masks = []
        for building, plots in town.markers.items():
            m = 0
            for plot in plots:
                m |= 1 << plot
                counts[plot] += 1
            state[building] = m
            masks.append(m)
            settled = settled and len(plots) >= 2
        self.masks = tuple(masks)  # the marker masks of the buildings with markers, in the board's order
        for building, plot in town.built.items():
            state[building] = BUILT | 1 << plot
        self.state = state
        self.counts = counts
        marked = full = nearly = 0
        for plot in PLOTS:
            count = counts[plot]
            if count:
                marked |= 1 << plot
                if count >= MAX_PER_PLOT - 1:
                    nearly |= 1 << plot
                    if count >= MAX_PER_PLOT:
                        full |= 1 << plot
        self.marked = marked  # plots with markers
        self.full = full      # plots no further marker fits on
        self.nearly = nearly  # plots one more marker at most fits on
        self.settled = settled  # no building down to one marker (nothing follows by itself)
        self._held: int | None = None
        self._removable: list | None = None
        self._forced: set | None = None
        self._takings: dict = {}
        self.stops: list[int] | None = None  # the game's "stop" actions on this board, kept by the game

    def code(self, building: str) -> int:
        """The building's state: BUILT | its plot, its marker mask, or NEW | the free plots."""
        found = self.state.get(building)
        return NEW | self.free if found is None else found

    @staticmethod
    def domain(code: int) -> int:
        """The plots a building of this state may stand on."""
        return code & ALL_PLOTS

    def held_in(self, plots: int) -> int:
        """The held plots among these (only plots with markers can be held: worked out only then)."""
        if not plots & self.marked:
            return 0
        if self._held is None:
            sets = deduce.closed_sets(self.masks, self.free) or ()
            self._held = sum(plots for plots, _ in sets)
        return self._held & plots

    def removable(self, options: rules.RuleOptions | None = None) -> list[tuple[str, int]]:
        """`rules.removable` on this board (worked out once; a game keeps one set of options)."""
        if self._removable is None:
            self._removable = rules.removable(self.town, options)
        return self._removable

    def forced(self) -> set[tuple[str, int]]:
        """`Town.forced` on this board (worked out once)."""
        if self._forced is None:
            off = deduce.off_matchings(self.masks, self.free) or ()
            self._forced = {(b, p) for b, gone in zip(self.town.markers, off) if gone for p in plots_of(gone)}
        return self._forced

    def taking(self, building: str, plot: int) -> rules.Taking:
        """`rules.take` on this board (each marker worked out once).

        A building left with two markers or more after the taking, one of them on some complete
        matching: nothing follows and a town still fits, so the player takes just that marker.
        """
        key = (building, plot)
        found = self._takings.get(key)
        if found is None:
            mask = self.state.get(building, 0)
            if mask & BUILT or mask.bit_count() < 3 or not mask >> plot & 1 or not self._kept_besides(building, plot):
                found = rules.take(self.town, building, plot)
            else:
                after = self.town.copy()
                after.remove(building, (plot,))
                found = rules.Taking(building, plot, True, "the player takes 1 marker", 1, after)
            self._takings[key] = found
        return found

    def _kept_besides(self, building: str, plot: int) -> bool:
        """Has the building a marker on some complete matching besides the one on `plot`?"""
        off = deduce.off_matchings(self.masks, self.free)
        if off is None:
            return False
        i = list(self.town.markers).index(building)
        return bool(self.masks[i] & ~off[i] & ~(1 << plot))

    def held_names(self) -> dict[int, tuple[str, ...]]:
        """`Town.held` on this board: each held plot with the buildings of its closed set."""
        sets = deduce.closed_sets(self.masks, self.free)
        names = list(self.town.markers)
        out = {}
        for plots, buildings in sets or ():
            group = tuple(sorted(names[i] for i in range(len(names)) if buildings >> i & 1))
            out.update((p, group) for p in plots_of(plots))
        return out


class _Look(rules.Look):
    """The reference's look at a board, its held plots read from the sight's masks."""

    def __init__(self, town: Town, sight: "Sight"):
        super().__init__(town)
        self.sight = sight

    @property
    def held(self) -> dict[int, tuple[str, ...]]:
        if self._held is None:
            self._held = self.sight.held_names()
        return self._held


def spoken_of(card: Card, my: str | None) -> tuple[str, ...]:
    """The buildings a card speaks of, in `rules.subjects`' order."""
    if card.kind == "A":
        return (card.building,)
    if card.kind == "B":
        return (my,)
    return (card.building, my)


class Kept:
    """A verdict with what it read of the board: its kind (SUBJECTS, FITS, BOARD) and the reading."""

    __slots__ = ("card", "verdict", "kind", "states", "reading", "sight")

    def __init__(self, card: Card, verdict: Verdict, kind: str, states: tuple | None, sight: Sight):
        self.card, self.verdict, self.kind, self.states, self.sight = card, verdict, kind, states, sight
        self.reading = None  # the rest of what it read, worked out when first compared

    def on(self, sight: Sight, card: Card, my: str | None) -> Verdict | None:
        """The verdict on `sight` if what it read is unchanged there, else None."""
        if card is not self.card:
            return None
        if sight is self.sight:
            return self.verdict
        if self.kind == BOARD:
            return None
        names = spoken_of(card, my)
        codes = tuple(sight.code(b) for b in names)
        if _states(codes) != self.states:
            return None  # a building it speaks of changed: no need to look further
        if self.reading is None:
            self.reading = _reading(self.sight, card, names, tuple(self.sight.code(b) for b in names), self.kind)
        if _reading(sight, card, names, codes, self.kind) != self.reading:
            return None
        if self.verdict.status == CONFIRMATION:  # the board after a confirmation is the board itself
            self.verdict = replace(self.verdict, made=sight.town)
        elif self.verdict.status == PLAYABLE:  # situation A on the board it is kept onto
            self.verdict = replace(self.verdict, made=_markers_put(sight.town, self.verdict.added))
        self.sight = sight
        return self.verdict


def _reading(sight: Sight, card: Card, names: tuple, codes: tuple, kind: str) -> tuple:
    """What a verdict of this kind read of the board.

    SUBJECTS: the states of the buildings the card speaks of (a new building's free plots only as
    far as the card leaves them) and the plots the card leaves each. FITS adds whether the new
    building fits beside the markers on those plots. MARKED adds, instead, the markers on each
    plot the card leaves a new building, which of those plots are held, and whether the board
    is settled.
    """
    wanted = _wanted(card, codes)
    states = _states(codes)
    if kind == SUBJECTS:
        return states, wanted
    if kind == MARKED:
        plots = 0
        for code, w in zip(codes, wanted):
            if code & NEW:
                plots |= w
        counts = sight.counts
        return states, wanted, tuple(counts[p] for p in plots_of(plots)), sight.held_in(plots), sight.settled
    return states, wanted, _fits(sight, [w for code, w in zip(codes, wanted) if code & NEW])


def _with_markers(town: Town, added) -> Town:
    """The board after situation A: the new buildings' markers put on their plots."""
    after = town.copy()
    for building, plots in added:
        after.put_markers(building, set(plots))
    return after


def _markers_put(town: Town, added):
    """A function making the board after situation A on `town` (called on first use)."""
    return lambda: _with_markers(town, added)


def judge(sight: Sight, card: Card, my: str | None = None, mine=None,
          options: rules.RuleOptions | None = None) -> Kept:
    """`rules.judge` on a sight, with what the verdict read of the board (`options`: the rule options)."""
    number = card.number
    if card.kind in ("B", "C") and (my is None or (mine is not None and my not in mine)):
        return _by_reference(sight, card, my, mine, options)
    if card.kind == "A":
        my = None
    names = spoken_of(card, my)
    codes = tuple(sight.code(b) for b in names)
    if card.kind != "A" and codes[-1] & BUILT:
        verdict = Verdict(number, my, FORBIDDEN, f"the {my} is built: it is no longer one of your buildings")
        return _kept(sight, card, names, codes, verdict, SUBJECTS)
    if card.kind == "C" and my == card.building:
        verdict = Verdict(number, my, FORBIDDEN, f"my building must be another building than the {card.building}")
        return _kept(sight, card, names, codes, verdict, SUBJECTS)
    wanted = _wanted(card, codes)
    for building, plots in zip(names, wanted):
        if not plots:
            verdict = Verdict(number, my, CONTRADICTION, rules._why_contradiction(sight.town, building))
            return _kept(sight, card, names, codes, verdict, SUBJECTS)
    new = [i for i, code in enumerate(codes) if code & NEW]
    if not new:
        if all(w == Sight.domain(c) for w, c in zip(wanted, codes)):
            verdict = Verdict(number, my, CONFIRMATION, "the card changes nothing on the board (Beispiel 4)",
                              made=sight.town)
            return _kept(sight, card, names, codes, verdict, SUBJECTS)
        return _by_reference(sight, card, my, mine, options)
    if not sight.settled:
        return _by_reference(sight, card, my, mine, options)
    return _new_buildings(sight, card, my, mine, names, codes, wanted, new, options)


def _kept(sight: Sight, card: Card, names: tuple, codes: tuple, verdict: Verdict, kind: str) -> Kept:
    return Kept(card, verdict, kind, _states(codes), sight)


def _states(codes: tuple) -> tuple:
    """The states of the buildings a card speaks of, a new building's free plots left out."""
    if len(codes) == 1:
        return (NEW,) if codes[0] & NEW else codes
    return tuple([NEW if code & NEW else code for code in codes])


def _wanted(card: Card, codes: tuple) -> tuple[int, ...]:
    """The plots the card leaves each building it speaks of (`rules.subjects` on masks)."""
    if card.kind != "C":
        return (Sight.domain(codes[0]) & plot_mask(card.plots),)
    named, mine = Sight.domain(codes[0]), Sight.domain(codes[1])
    key = (card.pairs, named, mine)
    found = _PAIRED.get(key)
    if found is None:
        ahead, back = partner_masks(card.pairs)
        keep_named = keep_mine = 0
        for x in plots_of(named):
            if ahead[x] & mine:
                keep_named |= 1 << x
        for y in plots_of(mine):
            if back[y] & named:
                keep_mine |= 1 << y
        found = _PAIRED[key] = (keep_named, keep_mine)
    return found


_PAIRED: dict = {}


def _fits(sight: Sight, wanted: list[int]) -> bool | None:
    """Does a town fit the markers with the new buildings on the plots the card leaves them?

    One new building: yes exactly when one of its plots is not held (a plot without markers never
    is). Two: yes when each has a plot without markers and they have two such plots between them;
    None (not decided here) otherwise.
    """
    if len(wanted) == 1:
        plots = wanted[0]
        return bool(plots & ~sight.marked) or bool(plots & ~sight.held_in(plots))
    empty = [w & ~sight.marked for w in wanted]
    if all(empty) and (empty[0] | empty[1]).bit_count() >= 2:
        return True
    return None


def _new_buildings(sight: Sight, card: Card, my, mine, names, codes, wanted, new: list[int], options=None) -> Kept:
    """A card that gives markers to buildings no card spoke of (on a settled board)."""
    number = card.number
    plots = [wanted[i] for i in new]
    fits = _fits(sight, plots)
    if fits is None:
        return _by_reference(sight, card, my, mine, options)
    if not fits:
        verdict = Verdict(number, my, CONTRADICTION,
                          f"no town fits the {rules._listing(names[i] for i in new)} on the plots the card allows: the buildings with markers "
                          f"need them (Beispiele 5 and 7)")
        return _kept(sight, card, names, codes, verdict, FITS)
    leave_out = options is not None and options.held_plots == "marker"
    if leave_out and any(sight.held_in(w) for w in plots):  # Beispiel 7 read as "marker": fewer plots
        return _by_reference(sight, card, my, mine, options)
    for i in new:
        size = wanted[i].bit_count()
        if size > MARKERS_PER_BUILDING:
            verdict = Verdict(number, my, FORBIDDEN, f"the {names[i]} would have {size} possible plots, more than "
                                                     f"its five markers (Beispiel 9)")
            # as "marker", the held plots (which FITS does not read) would be left out first
            return _kept(sight, card, names, codes, verdict, FITS if len(new) == 1 and not leave_out else MARKED)
    # one marker too many: a plot already full, or nearly full where both new buildings go
    too_many = sight.full | (plots[0] & plots[1] & sight.nearly if len(plots) == 2 else 0)
    for i in new:
        if wanted[i] & too_many:
            plot = plots_of(wanted[i] & too_many)[0]
            verdict = Verdict(number, my, FORBIDDEN, f"plot {plot} holds {sight.counts[plot]} markers: a marker of "
                                                     f"the {names[i]} would be one too many (Beispiel 6)")
            return _kept(sight, card, names, codes, verdict, MARKED)
    if any(sight.held_in(w) for w in plots):  # the closed set's names are the whole board's
        return _by_reference(sight, card, my, mine, options)
    if any(w.bit_count() == 1 for w in plots) or any(
            wanted[i] != Sight.domain(codes[i]) for i in range(len(names)) if i not in new):
        return _by_reference(sight, card, my, mine, options)  # a building built or markers taken off: what follows
    supply = sight.town.supply
    gain = sum(supply.get(names[i], 0) - wanted[i].bit_count() for i in new)
    added = tuple((names[i], tuple(plots_of(wanted[i]))) for i in new)
    reason = _situation_a(added, gain)
    verdict = Verdict(number, my, PLAYABLE, reason, gain, _markers_put(sight.town, added), added)
    return _kept(sight, card, names, codes, verdict, MARKED)


def _situation_a(added, gain: int):
    """A function wording what situation A does (called when the reason is read)."""
    return lambda: rules._what_happens({b: set(p) for b, p in added}, [], (), gain)


def _by_reference(sight: Sight, card: Card, my, mine, options=None) -> Kept:
    """The reference's verdict, kept for this board only."""
    return Kept(card, rules.judge(sight.town, card, my, mine, sight.look, options), BOARD, None, sight)
