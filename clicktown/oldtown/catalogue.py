"""Loading and validating the Old Town data files in one place: buildings, cards, scenarios.

Files (all inside `clicktown/oldtown/data/`, each replaceable by a user's own file):
  buildings.json  the 18 buildings with their German names
  board.json      the board plan (see board.py)
  cards.json      the 60 info cards, each a region or relation of the board (a reconstruction)
  scenarios.json  the rulebook's solo scenarios and their published solutions

A card names its predicate by key ("side:Main Street:N", "across:railway", ...), so its plots are
computed from whatever board is loaded; a card may instead list its "plots" or "pairs" directly,
with its own "text_de"/"text_en", for owners who copy the printed cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from ..datafiles import DataError, builtin_path, read_json, require, validated
from ..errors import ClicktownError
from .board import Board, Region, Relation, load_board, meets_of, unions_of

#: Regions that combine with each other into 'X and Y' sentences.
COMBINABLE = ("on:", "off:", "side:", "edge:", "door:", "sight:", "beside:")
from .solo import Clue, Puzzle

LEVELS = ("leicht", "mittel", "schwer")
KIND_OF_NUMBER = {**{n: "A" for n in range(1, 19)}, **{n: "C" for n in range(19, 37)},
                  **{n: "B" for n in range(37, 61)}}


@dataclass(frozen=True)
class Building:
    """A building tile: English name, German name, its article and its genitive ('Saloons')."""

    name: str
    de: str
    article: str
    genitive: str = ""

    def called(self, lang: str) -> dict[str, str]:
        """The building's name in `lang` and the forms the catalog's articles take (`oldtown.building.*`):
        `genitive`, the noun after 'des' ('Gefängnisses'; English: the name), `possessive` ("Bank's")."""
        english = {"name": self.name, "genitive": self.name,
                   "possessive": self.name if self.name.endswith("'s") else f"{self.name}'s"}
        german_genitive = self.genitive or (self.de if self.article == "die" else f"{self.de}s")
        german = {"name": self.de, "genitive": german_genitive, "possessive": german_genitive}
        return {"en": english, "de": german}[lang]

    @property
    def de_nominative(self) -> str:
        """'der Sheriff', 'die Kirche', 'das Hotel'."""
        return f"{self.article} {self.de}"


@dataclass(frozen=True)
class Card:
    """An info card: number, type, the building it names (A, C), and its plots or pairs."""

    number: int
    kind: str
    building: str | None
    predicate: str | None
    plots: frozenset[int] = frozenset()
    pairs: frozenset[tuple[int, int]] = frozenset()
    text_de: str = ""
    text_en: str = ""

    def sentence(self, lang: str) -> str:
        """The card's sentence in `lang` (the data holds both)."""
        return {"en": self.text_en, "de": self.text_de}[lang]

    def clue(self, building: str | None = None) -> Clue:
        """This card as a clue; a type-B card takes the building the scenario binds it to."""
        return Clue(self.number, self.kind, building if self.kind == "B" else self.building,
                    self.plots, self.pairs)

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown cards --json`."""
        out = {"number": self.number, "type": self.kind, "building": self.building,
               "text_de": self.text_de, "text_en": self.text_en}
        if self.kind == "C":
            out["pairs"] = [list(p) for p in sorted(self.pairs)]
        else:
            out["plots"] = sorted(self.plots)
        return out


@dataclass(frozen=True)
class Scenario:
    """A solo scenario: card numbers by type, B bindings, my buildings, published solution(s)."""

    id: str
    level: str
    a: tuple[int, ...]
    b: tuple[tuple[int, str | None], ...]
    c: tuple[int, ...]
    mine: frozenset[str] | None
    mine_count: int
    published: dict[int, str] = field(default_factory=dict, hash=False, compare=False)
    remains: dict = field(default_factory=dict, hash=False, compare=False)
    note: str = ""
    expect: str = "unique"
    rulebook: bool = False  # does the scenario carry what the rulebook implies (an "expect" entry)?
    place: tuple[str, str] | tuple = field(default=(), hash=False, compare=False)  # (file, its place there)

    def where(self, field_name: str) -> str:
        """'FILE: scenarios[3].b[0].card: ' for a scenario read from a user's file, else 'scenario 5: '."""
        if not self.place:
            return f"scenario {self.id}: "
        inside = f"{self.place[1]}.{field_name}" if self.place[1] else field_name
        return f"{self.place[0]}: {inside}: "

    @property
    def card_numbers(self) -> list[int]:
        """Every card number the scenario uses."""
        return [*self.a, *(n for n, _ in self.b), *self.c]

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown scenarios --json`."""
        return {
            "id": self.id, "level": self.level, "a": list(self.a),
            "b": [{"card": n, "building": x} for n, x in self.b], "c": list(self.c),
            "mine": sorted(self.mine) if self.mine is not None else {"unknown": self.mine_count},
            "published": {str(p): x for p, x in sorted(self.published.items())},
        }


class Catalogue:
    """Board, buildings, cards and scenarios, loaded and cross-checked together."""

    def __init__(self, board: Board, buildings: list[Building], cards: dict[int, Card],
                 scenarios: dict[str, Scenario]):
        self.board, self.cards, self.scenarios = board, cards, scenarios
        self.buildings = {b.name: b for b in buildings}
        for scenario in scenarios.values():
            self.check_scenario(scenario)

    @cached_property
    def building_names(self) -> tuple[str, ...]:
        """The 18 English building names in the data file's order."""
        return tuple(self.buildings)

    def names_in(self, lang: str) -> dict[str, str]:
        """Each building's name in `lang` (English name -> the name to write on a plan)."""
        return {b: x.called(lang)["name"] for b, x in self.buildings.items()}

    def building(self, name: str) -> str:
        """The English name for an English or German building name (any case)."""
        return building_called(self.buildings.values(), name)

    def card(self, number: int) -> Card:
        """The card with this number."""
        if number not in self.cards:
            raise ClicktownError(f"unknown card {number}")
        return self.cards[number]

    def scenario(self, ident: str) -> Scenario:
        """The built-in or loaded scenario with this id."""
        if ident not in self.scenarios:
            raise ClicktownError(f"unknown scenario {ident!r} (known: {', '.join(self.scenarios)})")
        return self.scenarios[ident]

    def check_scenario(self, s: Scenario) -> None:
        """Raise a ClicktownError if the scenario names an unknown or repeated card or building; from a
        user's file, the error names the file and the field (`Scenario.place`)."""
        groups = [("a", n, k, "A") for k, n in enumerate(s.a)] + [("b", n, k, "B") for k, (n, _) in enumerate(s.b)]
        groups += [("c", n, k, "C") for k, n in enumerate(s.c)]
        numbers = s.card_numbers
        for group, n, k, want in groups:
            place = s.where(f"{group}[{k}]" + (".card" if group == "b" else ""))
            if n not in self.cards:
                raise ClicktownError(f"{place}unknown card {n}")
            if self.cards[n].kind != want:
                raise ClicktownError(f"{place}card {n} is of type {self.cards[n].kind}, listed as {want}")
            if numbers.count(n) > 1:
                raise ClicktownError(f"{place}the scenario names card {n} twice")
        for k, (n, x) in enumerate(s.b):
            if x is not None and x not in self.buildings:
                raise ClicktownError(f"{s.where(f'b[{k}].building')}card {n} is bound to unknown building {x!r}")
        for k, x in enumerate(s.mine or ()):
            if x not in self.buildings:
                raise ClicktownError(f"{s.where(f'mine[{k}]')}unknown building {x!r}")
        for p, x in s.published.items():
            if x not in self.buildings:
                raise ClicktownError(f"{s.where(f'published.{p}')}unknown building {x!r}")

    def puzzle(self, s: Scenario) -> Puzzle:
        """The scenario's cards resolved into clues."""
        clues = [self.cards[n].clue() for n in s.a]
        clues += [self.cards[n].clue(x) for n, x in s.b]
        clues += [self.cards[n].clue() for n in s.c]
        return Puzzle(tuple(clues), self.building_names, s.mine, s.mine_count)


# -- reading the files -----------------------------------------------------------------------------

def _read(path, builtin: str):
    """A data file's JSON; a user's file is checked against its schema (the built-in ones by the tests)."""
    data = read_json(path or builtin_path("oldtown", builtin))
    if path is not None:
        from .schema import model_for

        validated(data, model_for(builtin, data), path)
    return data


def load_buildings(path=None) -> list[Building]:
    """The 18 buildings."""
    data = _read(path, "buildings.json")
    path = path or builtin_path("oldtown", "buildings.json")
    try:
        out = [Building(b["name"], b["de"], b["article"], b.get("genitive", "")) for b in data["buildings"]]
    except (KeyError, TypeError) as exc:
        raise DataError(f"{path}: malformed building list ({exc})") from None
    require(len({b.name for b in out}) == len(out) == 18, f"{path}: Old Town has 18 distinct buildings")
    return out


def card_text(kind: str, building: Building | None, phrase_de: str, phrase_en: str) -> tuple[str, str]:
    """The card's sentence in German and English."""
    if building is None:
        de, en = f"Mein Gebäude lag {phrase_de}", f"My building stood {phrase_en}"
    else:
        subject = building.de_nominative
        de, en = f"{subject[0].upper()}{subject[1:]} lag {phrase_de}", f"The {building.name} stood {phrase_en}"
    return _full_stop(de), _full_stop(en)


def _full_stop(sentence: str) -> str:
    """End a sentence with one full stop ('Main St.' already has one)."""
    return sentence if sentence.endswith(".") else sentence + "."


def vocabulary(board: Board) -> tuple[dict[str, Region], dict[str, Relation]]:
    """All regions (with the 'X or Y' unions and 'X and Y' meets cards may use) and relations of a
    board, made at once: the card reconstruction reads them all; reading cards looks each one up
    (`card_region`, `Board.relation`)."""
    regions = dict(board.regions)
    fours = [r for r in board.regions.values() if len(r.plots) == 4]
    for r in unions_of(fours, {7, 8}):
        regions.setdefault(r.key, r)
    bases = [r for r in board.regions.values() if r.key.startswith(COMBINABLE)]
    for r in meets_of(bases, {4, 7, 8}):
        regions.setdefault(r.key, r)
    return regions, dict(board.relations)


def card_region(board: Board, key: str | None) -> Region | None:
    """The region a card's predicate key names (None: the board has none by that key): one of the
    board's regions; 'X or Y' ("X|Y"), two regions of four plots making 7 or 8; 'X and Y' ("X&Y"),
    the plots two line, edge or landmark regions share, 4, 7 or 8 of them; or the plots of a card's
    little plan ("map:2-6-9-10"). X comes before Y in the board's order of regions."""
    if not key:
        return None
    if key.startswith("map:"):
        try:
            return map_region(int(p) for p in key[4:].split("-"))
        except ValueError:
            return None
    for mark, combine, sizes in (("|", unions_of, {7, 8}), ("&", meets_of, {4, 7, 8})):
        if mark in key:
            pair = [board.regions.get(part) for part in key.split(mark)]
            if len(pair) != 2 or None in pair or not _combinable(board, mark, *pair):
                return None
            made = combine(pair, sizes)
            return made[0] if made else None
    return board.regions.get(key)


def _combinable(board: Board, mark: str, first: Region, second: Region) -> bool:
    """May these two regions, in this order, make an 'X or Y' (mark "|") or 'X and Y' ("&") region?"""
    order = list(board.regions)
    if order.index(first.key) >= order.index(second.key):
        return False
    if mark == "|":
        return len(first.plots) == len(second.plots) == 4
    return first.key.startswith(COMBINABLE) and second.key.startswith(COMBINABLE)


def map_region(plots) -> Region:
    """A region given only by the plots on a card's little plan ("map:2-6-9-10")."""
    plots = frozenset(plots)
    listed = ", ".join(map(str, sorted(plots)))
    return Region("map:" + "-".join(map(str, sorted(plots))), plots,
                  f"auf einem der Plätze {listed} (laut Kartenplan)",
                  f"on one of plots {listed} (as the card's plan shows)")


def load_cards(board: Board, buildings: list[Building], path=None) -> dict[int, Card]:
    """The 60 info cards, their plots computed from the board."""
    data = _read(path, "cards.json")
    path = path or builtin_path("oldtown", "cards.json")
    by_name = {b.name: b for b in buildings}
    cards = {}
    for place, item in enumerate(data["cards"]):
        try:
            card = _card_from_json(item, by_name, board)
        except DataError as exc:  # a check that needs the board or the buildings: name the place too
            raise DataError(f"{path}: cards[{place}]: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"{path}: cards[{place}]: malformed card ({exc.__class__.__name__}: {exc})") from None
        require(card.number not in cards, f"{path}: card {card.number} appears twice")
        cards[card.number] = card
    return cards


def _card_from_json(item: dict, buildings: dict[str, Building], board: Board) -> Card:
    number, kind = int(item["number"]), str(item["type"])
    require(kind in ("A", "B", "C"), f"card {number}: type must be A, B or C")
    building = item.get("building")
    require(building is None or building in buildings, f"card {number}: unknown building {building!r}")
    require((building is None) == (kind == "B"), f"card {number}: types A and C name a building, B does not")
    key = item.get("predicate")
    plots, pairs, de, en = frozenset(), frozenset(), item.get("text_de", ""), item.get("text_en", "")
    if kind == "C":
        if "pairs" in item:
            pairs = frozenset((int(p), int(q)) for p, q in item["pairs"])
        else:
            named = board.relation(str(key))
            require(named is not None, f"card {number}: the board has no relation {key!r}")
            pairs = named.pairs
            de, en = card_text(kind, buildings[building], named.de, named.en)
    else:
        if "plots" in item:
            plots = frozenset(int(p) for p in item["plots"])
        else:
            region = card_region(board, key)
            require(region is not None, f"card {number}: the board has no region {key!r}")
            plots = region.plots
            de, en = card_text(kind, buildings.get(building), region.de, region.en)
    require(all(1 <= p <= 16 for p in plots) and all(1 <= p <= 16 and 1 <= q <= 16 for p, q in pairs),
            f"card {number}: plots are numbered 1 to 16")
    return Card(number, kind, building, key, plots, pairs, de, en)


def load_scenarios(path=None, buildings=None) -> dict[str, Scenario]:
    """The solo scenarios of a scenario file (the rulebook's, or generated ones). A user's file may name
    the `buildings` (the catalogue's) in English or German; each is read as its English name, and its
    errors name the file and the field."""
    if path is None:
        data = read_json(builtin_path("oldtown", "scenarios.json"))
    else:
        from .schema import model_for

        data = read_json(path)
        lookup = (lambda name: building_called(buildings, name)) if buildings is not None else None
        data = validated(data, model_for("scenarios.json", data), path, {"building": lookup}).model_dump(
            exclude_unset=True)
    path = path or builtin_path("oldtown", "scenarios.json")
    listed = isinstance(data, dict) and "scenarios" in data
    items = data["scenarios"] if listed else data
    many = isinstance(items, list)
    items = items if many else [items]
    out = {}
    for k, item in enumerate(items):
        try:
            s = scenario_from_json(item)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"{path}: malformed scenario ({exc.__class__.__name__}: {exc})") from None
        require(s.id not in out, f"{path}: scenario {s.id} appears twice")
        if path != builtin_path("oldtown", "scenarios.json"):
            s = replace(s, place=(str(path), f"{'scenarios' if listed else ''}[{k}]" if many else ""))
        out[s.id] = s
    return out


def building_called(buildings, name: str) -> str:
    """The English name of the building `name` names in English or German (any case), among `buildings`."""
    wanted = name.strip().casefold()
    for b in buildings:
        if wanted in (b.name.casefold(), b.de.casefold()):
            return b.name
    raise ClicktownError(f"unknown building {name!r}")


def scenario_from_json(item: dict) -> Scenario:
    """One scenario in the shape of `oldtown scenarios --json`."""
    mine = item["mine"]
    if isinstance(mine, dict):
        known, count = None, int(mine["unknown"])
    else:
        known, count = frozenset(mine), len(mine)
    level = item.get("level", "")
    require(level in LEVELS or level == "", f"scenario {item['id']}: level must be one of {', '.join(LEVELS)}")
    return Scenario(
        id=str(item["id"]), level=level,
        a=tuple(int(n) for n in item.get("a", [])),
        b=tuple((int(x["card"]), x.get("building")) for x in item.get("b", [])),
        c=tuple(int(n) for n in item.get("c", [])),
        mine=known, mine_count=count,
        published={int(p): x for p, x in item.get("published", {}).items()},
        remains=item.get("published_remains", {}), note=item.get("note", ""),
        expect=_expectation(item), rulebook="expect" in item,
    )


def _expectation(item: dict) -> str:
    expect = item.get("expect", "unique")
    require(expect in ("unique", "not-unique", "two-mine-swap"),
            f"scenario {item['id']}: expect must be unique, not-unique or two-mine-swap")
    return expect


def load_catalogue(board=None, cards=None, scenarios=None, buildings=None) -> Catalogue:
    """Everything, from the built-in files or the user's files in their place."""
    the_board = load_board(board)
    the_buildings = load_buildings(buildings)
    the_cards = load_cards(the_board, the_buildings, cards)
    the_scenarios = load_scenarios(scenarios, the_buildings)
    return Catalogue(the_board, the_buildings, the_cards, the_scenarios)


@lru_cache(maxsize=1)
def builtin_catalogue() -> Catalogue:
    """The built-in catalogue, loaded once per process and shared (read it, never change it)."""
    return load_catalogue()


def is_sheet(path) -> bool:
    """Is this --cards file a transcription sheet (CSV) rather than a JSON catalogue?"""
    return str(path).lower().endswith(".csv")
