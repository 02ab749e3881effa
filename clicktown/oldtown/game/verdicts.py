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
            (Berge); the held plots are worked out once per board, and only when a card needs them;
            two new buildings (a type-C card) fit when the markers and both have a complete matching
  follows   what a card does and everything that follows by itself (situations A, B and C,
            Beispiel 10) played on the masks; the board after it is made only when asked for
  judged    each verdict is judged once per board (`Sight.judged`), shared by every hand and
            every copy of the game on that board (the search's determinizations meet the same
            board many times)

A verdict is not carried over from one board to the next. Kept with what it read of the board
(the states of the buildings it speaks of, the markers on the plots it leaves a new building),
verdicts came back on a later board about one time in eight in 4-player greedy games (nearly
every move changes some plot a card in some hand reads), and comparing what they read cost more
than judging again: whole games ran 12-15% slower than judging afresh on every board.
"""

from __future__ import annotations

from ..catalogue import Card
from . import deduce, rules
from .rule_options import DEFAULTS
from .rules import CONFIRMATION, CONTRADICTION, FORBIDDEN, PLAYABLE, Verdict
from .town import MARKERS_PER_BUILDING, PLOTS, Impossible, Town, _order
from .wording import Reason

ALL_PLOTS = sum(1 << p for p in PLOTS)
NEW = 1 << 20    # the state of a building no card spoke of: NEW | the free plots
BUILT = 1 << 21  # the state of a built building: BUILT | its plot
_NOTHING_CHANGES = Reason("nothing_changes")  # the reason of every confirmation card (Beispiel 4)


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
        self._look: _Look | None = None
        occupied = 0
        for plot in town.built.values():
            occupied |= 1 << plot
        self.free = ALL_PLOTS & ~occupied
        self.new = NEW | self.free  # the state of a building no card spoke of
        state: dict[str, int] = {}
        settled = True
        masks = []
        marked = two = three = 0  # plots with at least one, two, three markers (counted on the masks)
        for building, plots in town.markers.items():
            m = 0
            for plot in plots:
                m |= 1 << plot
            state[building] = m
            masks.append(m)
            three |= two & m
            two |= marked & m
            marked |= m
            settled = settled and len(plots) >= 2
        self.masks = tuple(masks)  # the marker masks of the buildings with markers, in the board's order
        self.marker_masks = dict(state)  # building with markers -> its marker mask
        for building, plot in town.built.items():
            state[building] = BUILT | 1 << plot
        self.state = state
        full, nearly = three, two  # three markers fill a plot (town.MAX_PER_PLOT)
        self.marked = marked  # plots with markers
        self.full = full      # plots no further marker fits on
        self.nearly = nearly  # plots one more marker at most fits on
        self.settled = settled  # no building down to one marker (nothing follows by itself)
        self._held: int | None = None
        self._removable: list | None = None
        self._forced: set | None = None
        self._off: tuple | None = None
        self._off_known = False
        self._takings: dict = {}
        self.stops: list[int] | None = None  # the game's "stop" actions on this board, kept by the game
        self.judged: dict = {}  # (card, my building) -> its verdict on this board, kept by the game

    @property
    def look(self) -> "_Look":
        """The reference's look at the board, for the verdicts it judges (made when first asked for)."""
        if self._look is None:
            self._look = _Look(self.town, self)
        return self._look

    def code(self, building: str) -> int:
        """The building's state: BUILT | its plot, its marker mask, or NEW | the free plots."""
        found = self.state.get(building)
        return self.new if found is None else found

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
        """`rules.removable` on this board, on the masks (worked out once; a game keeps one set of
        options): a marker may be taken when its building has another marker on some complete
        matching; with break_pair "forbidden", not a marker of a held pair."""
        if self._removable is None:
            off = self.off()
            out = []
            if off is not None:
                town = self.town
                paired = rules.held_pairs(town) if (options or DEFAULTS).break_pair == "forbidden" else ()
                kept = {b: mask & ~gone for b, mask, gone in zip(town.markers, self.masks, off)}
                for building in town.names:
                    keep = kept.get(building)
                    if keep and building not in paired:
                        out += [(building, plot) for plot in plots_of(self.marker_masks[building])
                                if keep & ~(1 << plot)]
            self._removable = out
        return self._removable

    def forced(self) -> set[tuple[str, int]]:
        """`Town.forced` on this board (worked out once)."""
        if self._forced is None:
            off = self.off() or ()
            self._forced = {(b, p) for b, gone in zip(self.town.markers, off) if gone for p in plots_of(gone)}
        return self._forced

    def taking(self, building: str, plot: int) -> rules.Taking:
        """`rules.take` on this board, played on the masks (each marker worked out once).

        On a settled board, a building left with two markers or more after the taking, one of them
        on some complete matching: nothing follows and a town still fits, so the player takes just
        that marker.
        """
        key = (building, plot)
        found = self._takings.get(key)
        if found is None:
            mask = self.state.get(building, 0)
            if (self.settled and not mask & BUILT and mask.bit_count() >= 3 and mask >> plot & 1
                    and self._supported_besides(building, plot)):
                found = rules.Taking(building, plot, True, rules.takes(1), 1, _one_taken(self.town, building, plot))
            else:
                found = _taking(self, building, plot)
            self._takings[key] = found
        return found

    def _supported_besides(self, building: str, plot: int) -> bool:
        """Has the building a marker on some complete matching besides the one on `plot`?"""
        off = self.off()
        if off is None:
            return False
        i = list(self.town.markers).index(building)
        return bool(self.masks[i] & ~off[i] & ~(1 << plot))

    def off(self) -> tuple[int, ...] | None:
        """`deduce.off_matchings` of this board (asked once)."""
        if not self._off_known:
            self._off, self._off_known = deduce.off_matchings(self.masks, self.free), True
        return self._off

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
          options: rules.RuleOptions | None = None) -> Verdict:
    """`rules.judge` on a sight (`options`: the rule options)."""
    number, kind, state = card.number, card.kind, sight.state
    if kind == "A":
        my = None
        names = (card.building,)
        code = state.get(card.building)
        codes = (sight.new if code is None else code,)
    else:
        if my is None or (mine is not None and my not in mine):
            return _by_reference(sight, card, my, mine, options)
        mine_code = state.get(my)
        if mine_code is None:
            mine_code = sight.new
        elif mine_code & BUILT:
            return Verdict(number, my, FORBIDDEN, lambda: Reason("built_mine", my))
        if kind == "B":
            names, codes = (my,), (mine_code,)
        else:
            if my == card.building:
                return Verdict(number, my, FORBIDDEN, lambda: Reason("same_building", card.building))
            names = (card.building, my)
            code = state.get(card.building)
            codes = (sight.new if code is None else code, mine_code)
    wanted = _wanted(card, codes)
    if len(codes) == 1:
        if not wanted[0]:
            return Verdict(number, my, CONTRADICTION, _contradiction(sight.town, names[0]))
        new = [0] if codes[0] & NEW else []
        same = wanted[0] == codes[0] & ALL_PLOTS
    else:
        for building, plots in zip(names, wanted):
            if not plots:
                return Verdict(number, my, CONTRADICTION, _contradiction(sight.town, building))
        new = [i for i, code in enumerate(codes) if code & NEW]
        same = wanted[0] == codes[0] & ALL_PLOTS and wanted[1] == codes[1] & ALL_PLOTS
    if not new:
        if same:
            return Verdict(number, my, CONFIRMATION, _NOTHING_CHANGES, made=sight.town)
        if not sight.settled:
            return _by_reference(sight, card, my, mine, options)
        return _follows(sight, card, my, names, wanted, ())  # situation C
    if not sight.settled:
        return _by_reference(sight, card, my, mine, options)
    return _new_buildings(sight, card, my, mine, names, codes, wanted, new, options)


def _wanted(card: Card, codes: tuple) -> tuple[int, ...]:
    """The plots the card leaves each building it speaks of (`rules.subjects` on masks)."""
    if card.kind != "C":
        return (codes[0] & ALL_PLOTS & plot_mask(card.plots),)
    named, mine = codes[0] & ALL_PLOTS, codes[1] & ALL_PLOTS
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


def _fits(sight: Sight, wanted: list[int]) -> bool:
    """Does a town fit the markers with the new buildings on the plots the card leaves them?

    One new building: yes exactly when one of its plots is not held (a plot without markers never
    is). Two: yes when each has a plot without markers and they have two such plots between them,
    otherwise when the markers and the two buildings have a complete matching.
    """
    if len(wanted) == 1:
        plots = wanted[0]
        return bool(plots & ~sight.marked) or bool(plots & ~sight.held_in(plots))
    empty = [w & ~sight.marked for w in wanted]
    if all(empty) and (empty[0] | empty[1]).bit_count() >= 2:
        return True
    return deduce.match_masks([*sight.masks, *wanted]) is not None


def _new_buildings(sight: Sight, card: Card, my, mine, names, codes, wanted, new: list[int], options=None) -> Verdict:
    """A card that gives markers to buildings no card spoke of (on a settled board)."""
    if len(names) == 1:
        return _new_building(sight, card, my, mine, names[0], wanted[0], options)
    number = card.number
    plots = [wanted[i] for i in new]
    if not _fits(sight, plots):
        return _no_town_fits(number, my, [names[i] for i in new])
    held = False
    for w in plots:
        if w & sight.marked and sight.held_in(w):
            held = True
            break
    if held and (options or DEFAULTS).held_plots == "marker":  # Beispiel 7 read as "marker": fewer plots
        return _by_reference(sight, card, my, mine, options)
    for i in new:
        size = wanted[i].bit_count()
        if size > MARKERS_PER_BUILDING:
            return _too_many_plots(number, my, names[i], size)
    # one marker too many: a plot already full, or nearly full where both new buildings go
    too_many = sight.full | (plots[0] & plots[1] & sight.nearly if len(plots) == 2 else 0)
    if too_many:
        for i in new:
            if wanted[i] & too_many:
                return _one_too_many(sight, number, my, names[i], wanted[i] & too_many)
    if held:
        return _held_plot(sight, number, my, [(names[i], wanted[i]) for i in new])
    for i in range(len(names)):
        w = wanted[i]
        if (not w & (w - 1)) if i in new else w != codes[i] & ALL_PLOTS:  # built, or markers taken off
            return _follows(sight, card, my, names, wanted, new)
    supply = sight.town.supply
    gain = sum(supply.get(names[i], 0) - wanted[i].bit_count() for i in new)
    return _placed(sight, number, my, tuple((names[i], plots_of(wanted[i])) for i in new), gain)


def _new_building(sight: Sight, card: Card, my, mine, building: str, plots: int, options=None) -> Verdict:
    """`_new_buildings` for a card speaking of one building only, no card spoke of before (types A
    and B): it fits when one of its plots is not held (a plot without markers never is)."""
    number = card.number
    held = sight.held_in(plots)
    if not plots & ~held:
        return _no_town_fits(number, my, [building])
    if held and (options or DEFAULTS).held_plots == "marker":  # Beispiel 7 read as "marker": fewer plots
        plots, held = plots & ~held, 0
    size = plots.bit_count()
    if size > MARKERS_PER_BUILDING:
        return _too_many_plots(number, my, building, size)
    if plots & sight.full:
        return _one_too_many(sight, number, my, building, plots & sight.full)
    if held:
        return _held_plot(sight, number, my, [(building, plots)])
    if size == 1:  # built at once
        return _follows(sight, card, my, (building,), (plots,), [0])
    return _placed(sight, number, my, ((building, plots_of(plots)),), sight.town.supply.get(building, 0) - size)


def _contradiction(town: Town, building: str):
    """A function wording why the card leaves the building no plot (called when the reason is read)."""
    return lambda: rules._why_contradiction(town, building)


def _no_town_fits(number: int, my, new: list[str]) -> Verdict:
    return Verdict(number, my, CONTRADICTION, lambda: Reason("no_room", tuple(new)))


def _too_many_plots(number: int, my, building: str, size: int) -> Verdict:
    return Verdict(number, my, FORBIDDEN, lambda: Reason("too_many_plots", building, size))


def _one_too_many(sight: Sight, number: int, my, building: str, too_many: int) -> Verdict:
    """Beispiel 6: the first of these plots (full, or nearly full for two new buildings) is one too many."""
    plot = plots_of(too_many)[0]
    count = sum(plot in plots for plots in sight.town.markers.values())
    return Verdict(number, my, FORBIDDEN, lambda: Reason("one_too_many", plot, count, building))


def _placed(sight: Sight, number: int, my, added, gain: int) -> Verdict:
    """Situation A: the new buildings' markers go on the plots the card leaves them."""
    return Verdict(number, my, PLAYABLE, _situation_a(added, gain), gain, _markers_put(sight.town, added), added)


def _held_plot(sight: Sight, number: int, my, new: list[tuple[str, int]]) -> Verdict:
    """Beispiel 7: the first plot the card leaves a new building that a closed set holds."""
    held = sight.held_names()
    for building, plots in new:
        for plot in plots_of(plots):
            if plot in held:
                names = tuple(held[plot])
                return Verdict(number, my, FORBIDDEN, lambda: Reason("held", plot, names))
    raise AssertionError("no held plot among the new buildings' plots")


class _Play:
    """A board being changed on masks (the buildings with markers, the plots built on, the supply),
    as `Town` changes a copy of itself: building, settling, and the board it becomes."""

    def __init__(self, sight: Sight):
        self.town = sight.town
        self.masks = dict(sight.marker_masks)
        self.occupied = ALL_PLOTS & ~sight.free
        self.supply = dict(sight.town.supply)
        self.built: list[tuple[str, int]] = []

    def build(self, building: str, plot: int) -> int:
        """`Town.build`: the markers it takes off the plot."""
        masks = self.masks
        self.occupied |= 1 << plot
        masks.pop(building, None)
        self.built.append((building, plot))
        taken = 0
        for other, mask in masks.items():
            if mask >> plot & 1:
                masks[other] = mask & ~(1 << plot)
                taken += 1
        return taken

    def settle(self) -> int:
        """`Town.settle` (Beispiel 10): a building down to one marker is built there, until nothing
        follows; the markers it takes. Raises Impossible as `Town.settle` does."""
        masks, gain = self.masks, 0
        while True:
            low = [b for b, m in masks.items() if not m & (m - 1)]  # buildings with one plot or none
            if not low:
                return gain
            order = _order(self.town.names)
            empty = [b for b in low if not masks[b]]
            if empty:
                raise Impossible(Reason("no_plot_left", min(empty, key=order.__getitem__)))
            building = min(low, key=order.__getitem__)
            plot = plots_of(masks[building])[0]
            if self.occupied >> plot & 1:
                raise Impossible(Reason("last_plot_built", building, plot))
            gain += 1 + self.supply.get(building, 0)
            self.supply[building] = 0
            gain += self.build(building, plot)

    def feasible(self) -> bool:
        return deduce.match_masks(list(self.masks.values())) is not None

    def after(self):
        """A function making the board it has become (called on first use)."""
        town, masks, built, supply = self.town, self.masks, tuple(self.built), self.supply
        return lambda: Town(town.names, {b: set(plots_of(m)) for b, m in masks.items()},
                            {**town.built, **dict(built)}, supply)


def _follows(sight: Sight, card: Card, my, names: tuple, wanted: tuple, new) -> Verdict:
    """What the card does and everything that follows by itself (situations A, B and C, then
    Beispiel 10), played on the sight's masks as `rules._apply` plays it on a copy of the town; the
    board after it is made when first asked for."""
    number = card.number
    play = _Play(sight)
    masks, supply = play.masks, play.supply
    gain, removed, added = 0, [], []
    for i, building in enumerate(names):
        plots = wanted[i]
        if i in new:  # situation A, or B on its one plot
            stock, supply[building] = supply[building], 0
            if plots.bit_count() == 1:
                gain += stock + play.build(building, plots_of(plots)[0])
            else:
                masks[building] = plots
                gain += stock - plots.bit_count()
                added.append((building, plots_of(plots)))
        elif building in masks:  # situation C
            gone = masks[building] & ~plots
            removed += [(building, p) for p in plots_of(gone)]
            masks[building] &= plots
            gain += gone.bit_count()
    try:
        gain += play.settle()
    except Impossible as exc:
        cause = exc.args[0]
        return Verdict(number, my, CONTRADICTION, lambda: Reason("no_town_any_more", cause))
    if (removed or play.built) and not play.feasible():
        return Verdict(number, my, CONTRADICTION, lambda: Reason("too_few_plots"))
    new_plots = {names[i]: set(plots_of(wanted[i])) for i in new}
    removed, built = tuple(removed), tuple(play.built)
    return Verdict(number, my, PLAYABLE, lambda: rules._what_happens(new_plots, removed, built, gain), gain,
                   play.after(), tuple(added), removed, built)


def _one_taken(town: Town, building: str, plot: int):
    """A function making the board with one marker taken off (called on first use)."""
    def made() -> Town:
        after = town.copy()
        after.remove(building, (plot,))
        return after
    return made


def _taking(sight: Sight, building: str, plot: int) -> rules.Taking:
    """`rules.take` played on the sight's masks; the board after it is made when first asked for."""
    mask = sight.state.get(building, 0)
    if mask & BUILT or not mask >> plot & 1:
        return rules.Taking(building, plot, False, lambda: Reason("no_marker", building, plot))
    play = _Play(sight)
    play.masks[building] &= ~(1 << plot)
    try:
        gain = 1 + play.settle()
    except Impossible as exc:
        cause = exc.args[0]
        return rules.Taking(building, plot, False, lambda: Reason("would_not_fit_as", cause))
    if not play.feasible():
        return rules.Taking(building, plot, False, lambda: Reason("would_not_fit"))
    return rules.Taking(building, plot, True, rules.takes(gain), gain, play.after(), tuple(play.built))


def _situation_a(added, gain: int):
    """A function wording what situation A does (called when the reason is read)."""
    return lambda: rules._what_happens({b: set(p) for b, p in added}, [], (), gain)


def _by_reference(sight: Sight, card: Card, my, mine, options=None) -> Verdict:
    """The reference's verdict, kept for this board only."""
    return rules.judge(sight.town, card, my, mine, sight.look, options)
