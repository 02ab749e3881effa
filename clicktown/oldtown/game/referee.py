"""The referee for one disputed move, from a saved state file.

A state file is JSON in the shape of a trace's `turn_end` line (so a line of a trace, with the
player's buildings added, is a state file):

  {"plots": {"5": ["Sheriff", "Saloon"], "7": ["Sheriff"]},   plot -> buildings with a marker there
   "built": {"Saloon": 6},                                     building -> its plot
   "mine":  ["Hotel", "Bank"],                                 the buildings of the player to judge
   "supply": {"Hotel": 5, ...}}                                optional: markers beside the board

A B or C card (and action 2, whose cards may be B or C cards) is judged only when the referee
knows the player's buildings: from "mine", or from `--mine` when the state has no "mine".

Without "supply", every building no card has spoken of has its 5 markers beside the board and
every other building none (what the game itself leaves). The keys "event", "turn", "seat" and
"points" of a trace line are accepted and not used. Building names may be English or German.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from ...datafiles import DataError, read_json, validated
from ...numbers import whole_number
from ..catalogue import Catalogue
from . import rules
from .town import MARKERS_PER_BUILDING, MAX_PER_PLOT, PLOTS, Town
from .wording import Reason


class StateFile(BaseModel):
    """A saved position of the marker game."""

    model_config = ConfigDict(extra="forbid")

    plots: dict[str, list[str]] = Field(default_factory=dict)
    built: dict[str, int] = Field(default_factory=dict)
    mine: list[str] | None = None
    supply: dict[str, int] | None = None
    event: str | None = None
    turn: int | None = None
    seat: int | None = None
    points: list[int] | None = None


def load_state(path, catalogue: Catalogue) -> tuple[Town, frozenset[str] | None]:
    """The town and the player's buildings of a state file; one DataError for anything wrong."""
    data = validated(read_json(path), StateFile, str(path))
    return town_from(data, catalogue, str(path))


def town_from(data: StateFile, catalogue: Catalogue, source: str = "state") -> tuple[Town, frozenset[str] | None]:
    """Check a parsed state file against the rules and turn it into a Town."""
    def name(text: str) -> str:
        try:
            return catalogue.building(text)
        except Exception:
            raise DataError(f"{source}: unknown building {text!r}") from None

    town = Town.empty(catalogue.building_names)
    for building, plot in data.built.items():
        b = name(building)
        if plot not in PLOTS:
            raise DataError(f"{source}: built.{building}: plots are numbered 1 to 16; found {plot}")
        if b in town.built:
            raise DataError(f"{source}: built.{building}: the {b} is built twice (plots {town.built[b]} and {plot})")
        if plot in town.occupied:
            raise DataError(f"{source}: two buildings are built on plot {plot}")
        town.built[b] = plot
        town.supply[b] = 0
    for key, buildings in data.plots.items():
        plot = whole_number(key)
        if plot not in PLOTS:
            raise DataError(f"{source}: plots.{key[:40]}: plots are numbered 1 to 16")
        if plot in town.occupied and buildings:
            raise DataError(f"{source}: plot {plot} is built on and still holds markers")
        if len(buildings) > MAX_PER_PLOT:
            raise DataError(f"{source}: plot {plot} holds {len(buildings)} markers; at most three may lie on a plot")
        for building in buildings:
            b = name(building)
            if b in town.built:
                raise DataError(f"{source}: the {b} is built and still has a marker on plot {plot}")
            if plot in town.markers.get(b, ()):
                raise DataError(f"{source}: the {b} has two markers on plot {plot}")
            town.markers.setdefault(b, set()).add(plot)
            town.supply[b] = 0
    for b, plots in town.markers.items():
        if len(plots) == 1:
            raise DataError(f"{source}: the {b} has one marker left (plot {next(iter(plots))}): it would be built there")
        if len(plots) > MARKERS_PER_BUILDING:
            raise DataError(f"{source}: the {b} has {len(plots)} markers on the board; it has five")
    if data.supply is not None:
        for building, count in data.supply.items():
            b = name(building)
            if not 0 <= count <= MARKERS_PER_BUILDING - len(town.markers.get(b, ())):
                raise DataError(f"{source}: supply.{building}: the {b} has five markers in all; found {count} beside the board")
            if town.is_new(b) and count != MARKERS_PER_BUILDING:
                raise DataError(f"{source}: supply.{building}: no card has spoken of the {b} yet, so all five of its markers are beside the board; found {count}")
            town.supply[b] = count
    if not town.feasible():
        raise DataError(f"{source}: no town fits these markers (the buildings with markers need more plots than they have)")
    mine = None
    if data.mine is not None:
        mine = frozenset(name(b) for b in data.mine)
        for b in mine:
            if b in town.built:
                raise DataError(f"{source}: mine: the {b} is built, so it is no longer a player's building")
    return town, mine


def owner(mine, named: str | None, catalogue: Catalogue, source: str = "the state") -> frozenset[str] | None:
    """The player's buildings: the state's "mine", or those `--mine` names when it has none."""
    from ...errors import ClicktownError

    if named is None:
        return mine
    if mine is not None:
        raise ClicktownError(f"{source} names the player's buildings in \"mine\" already: leave out --mine")
    names = [part for part in named.split(",") if part.strip()]
    if not names:
        raise ClicktownError("--mine: name the player's buildings, comma-separated, e.g. Hotel,Bank")
    return frozenset(catalogue.building(part.strip()) for part in names)


def _needs_mine(mine, what: str) -> None:
    from ...errors import ClicktownError

    if mine is None:
        raise ClicktownError(f"{what}: the state has no \"mine\" field, so the referee cannot check whose building "
                             f"it is; add \"mine\" to the state or name the player's buildings with --mine")


def judge_card(town: Town, mine, catalogue: Catalogue, number: int, my: str | None,
               options: rules.RuleOptions | None = None) -> rules.Verdict:
    """The verdict on playing card `number` (for my building `my`, types B and C)."""
    from ...errors import ClicktownError

    card = catalogue.card(number)
    if card.kind == "A" and my is not None:
        raise ClicktownError(f"card {number} is of type A: it names its building, so --my does not apply")
    if card.kind != "A" and my is None:
        raise ClicktownError(f"card {number} is of type {card.kind}: name your building with --my")
    if card.kind != "A":
        _needs_mine(mine, f"card {number} is of type {card.kind}")
    return rules.judge(town, card, catalogue.building(my) if my else None, mine, options=options)


@dataclass(frozen=True)
class Discarding:
    """Action 2 judged: two confirmation or contradiction cards for one marker, and what follows."""

    cards: tuple[int, int]
    taking: rules.Taking
    ok: bool
    reason: str
    gain: int = 0
    verdicts: tuple[rules.Verdict, ...] = ()

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown referee --discard ... --take ... --json`."""
        return {"cards": list(self.cards), "building": self.taking.building, "plot": self.taking.plot,
                "allowed": self.ok, "reason": self.reason, "gain": self.gain,
                "built": dict(self.taking.built) if self.ok else {},
                "verdicts": [v.as_dict() for v in self.verdicts]}


def discard_verdict(town: Town, mine, catalogue: Catalogue, number: int,
                    options: rules.RuleOptions | None = None) -> rules.Verdict:
    """The card's verdict that lets it be discarded: type A as it is; B and C for the player's
    building that makes it a confirmation or contradiction card (else the first verdict)."""
    card = catalogue.card(number)
    if card.kind == "A":
        return rules.judge(town, card, options=options)
    _needs_mine(mine, f"card {number} is of type {card.kind}")
    found = [rules.judge(town, card, my, mine, options=options) for my in sorted(mine)]
    if not found:
        return rules.Verdict(number, None, rules.FORBIDDEN, Reason("no_building_for", card.kind))
    return next((v for v in found if v.discardable), found[0])


def judge_discard(town: Town, mine, catalogue: Catalogue, cards: str, claim: str,
                  options: rules.RuleOptions | None = None) -> Discarding:
    """Action 2: discard the cards "N,M" and take the marker BUILDING:PLOT."""
    from ...errors import ClicktownError

    options = options or rules.RuleOptions()
    numbers = [whole_number(part) for part in cards.split(",")]
    if len(numbers) != 2 or None in numbers or not all(1 <= n <= 60 for n in numbers):
        raise ClicktownError(f"--discard takes two card numbers (1-60) as N,M, e.g. 12,40; found {cards[:60]!r}")
    if numbers[0] == numbers[1]:
        raise ClicktownError(f"--discard: two different cards, not card {numbers[0]} twice")
    building, plot = _marker(catalogue, claim, "--take")
    verdicts = tuple(discard_verdict(town, mine, catalogue, n, options) for n in numbers)
    done = rules.take(town, building, plot)
    for verdict in verdicts:
        if not verdict.discardable:
            why = Reason("not_discardable", verdict.card, verdict.reason)
            return Discarding(tuple(numbers), done, False, why, 0, verdicts)
    if not done.ok:
        return Discarding(tuple(numbers), done, False, done.reason, 0, verdicts)
    if (building, plot) not in rules.removable(town, options):
        why = Reason("held_pair", building)
        return Discarding(tuple(numbers), done, False, why, 0, verdicts)
    gain, _ = rules.action_two(done, options)
    return Discarding(tuple(numbers), done, True, Reason("takes", gain), gain, verdicts)


def _marker(catalogue: Catalogue, text: str, option: str) -> tuple[str, int]:
    """A marker written BUILDING:PLOT."""
    from ...errors import ClicktownError

    building, _, plot = text.rpartition(":")
    number = whole_number(plot)
    if not building or number is None:
        raise ClicktownError(f"write {option} as BUILDING:PLOT, e.g. Saloon:7; found {text[:60]!r}")
    if number not in PLOTS:
        raise ClicktownError(f"{option} {text[:60]!r}: plots are numbered 1 to 16")
    return catalogue.building(building), number


def judge_claim(town: Town, catalogue: Catalogue, claim: str) -> rules.Taking:
    """A "stop" claim written BUILDING:PLOT."""
    building, number = _marker(catalogue, claim, "a stop claim")
    return rules.judge_stop(town, building, number)
