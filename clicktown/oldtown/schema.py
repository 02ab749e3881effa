"""The shapes of the Old Town data files, as pydantic v2 models (checked by `datafiles.validated`).

One model per file: `BoardFile` (board.json), `BuildingsFile` (buildings.json), `CardsFile`
(cards.json) and the scenario files (`scenarios_model`: scenarios.json, a generated scenario or a
list of them); `model_for(kind, data)` picks one. The models check shape and ranges only, strictly (no "3" for 3, no 3.0, no true
for a plot number); what needs the board or the catalogue (a card's predicate, a card's type) is
checked by the loaders in board.py and catalogue.py, with the same error format. A scenario file's
buildings may be named in English or German: with the catalogue's lookup in the validation context
each is read as its English name, and an unknown one is refused at its place in the file.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ..datafiles import PATTERN_WORDS
from ..errors import ClicktownError
from pydantic import (AfterValidator, BaseModel, ConfigDict, Discriminator, Field, RootModel, Strict, StringConstraints,
                      Tag, ValidationInfo, model_validator)

Plot = Annotated[int, Strict(), Field(ge=1, le=16)]
Index = Annotated[int, Strict(), Field(ge=1, le=4)]
PlotKey = Annotated[str, StringConstraints(pattern=r"^([1-9]|1[0-6])$")]
CardNumber = Annotated[int, Strict(), Field(ge=1, le=60)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=80)]
Text = Annotated[str, StringConstraints(max_length=2000)]
Side = Literal["N", "E", "S", "W"]
ScenarioId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")]

PATTERN_WORDS.update({
    r"^([1-9]|1[0-6])$": 'a plot number "1" to "16"',
    r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$": "an id of letters, digits, '_', '.' and '-' (at most 64)",
})


class Shape(BaseModel):
    """Every model: exact JSON types, no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)  # built on first use: quick start-up


# -- board.json ------------------------------------------------------------------------------------

class LineEntry(Shape):
    name: Name
    kind: Literal["street", "railway"] = "street"
    de: Name
    en: Name
    orientation: Literal["horizontal", "vertical"]
    between: Annotated[tuple[Index, Index], Strict(False)]
    span: Annotated[tuple[Index, Index], Strict(False)] = (1, 4)

    @model_validator(mode="after")
    def _neighbouring(self):
        a, b = self.between
        if b != a + 1:
            raise ValueError(f"two neighbouring rows or columns in 'between', found {list(self.between)}")
        if self.span[0] > self.span[1]:
            raise ValueError(f"a span [from, to] with from <= to, found {list(self.span)}")
        return self


class LandmarkEntry(Shape):
    name: Name
    de: Name
    de_genitive: Name
    de_at: Name
    en: Name
    borders: Annotated[list[Annotated[tuple[Plot, Side], Strict(False)]], Field(min_length=1, max_length=64)]


class BoardFile(Shape):
    note: Text = ""
    rows: Literal[4]
    columns: Literal[4]
    lines: Annotated[list[LineEntry], Field(max_length=16)]
    landmarks: Annotated[list[LandmarkEntry], Field(max_length=16)] = []
    entrances: dict[PlotKey, Side]

    @model_validator(mode="after")
    def _whole(self):
        names = [ln.name for ln in self.lines]
        if len(set(names)) != len(names):
            raise ValueError("lines with different names, found a name used twice")
        missing = sorted(set(range(1, 17)) - {int(k) for k in self.entrances})
        if missing:
            raise ValueError(f"an entrance side for each of the 16 plots, found none for plot {missing[0]}")
        return self


# -- buildings.json --------------------------------------------------------------------------------

class BuildingEntry(Shape):
    name: Name
    de: Name
    article: Literal["der", "die", "das"]
    genitive: Name | None = None


class BuildingsFile(Shape):
    note: Text = ""
    buildings: Annotated[list[BuildingEntry], Field(min_length=18, max_length=18)]

    @model_validator(mode="after")
    def _distinct(self):
        if len({b.name for b in self.buildings}) != 18:
            raise ValueError("18 buildings with different names, found a name used twice")
        return self


# -- cards.json ------------------------------------------------------------------------------------

class CardEntry(Shape):
    number: CardNumber
    type: Literal["A", "B", "C"]
    building: Name | None = None
    predicate: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None
    plots: Annotated[list[Plot], Field(min_length=1, max_length=16)] | None = None
    pairs: Annotated[list[Annotated[tuple[Plot, Plot], Strict(False)]], Field(min_length=1, max_length=256)] | None = None
    text_de: Text = ""
    text_en: Text = ""

    @model_validator(mode="after")
    def _consistent(self):
        if (self.building is None) != (self.type == "B"):
            raise ValueError("a building for types A and C and none for type B, found "
                             f"type {self.type} with building {self.building!r}")
        given = self.pairs if self.type == "C" else self.plots
        wrong = self.plots if self.type == "C" else self.pairs
        if wrong is not None:
            raise ValueError(f"{'pairs' if self.type == 'C' else 'plots'} for a type {self.type} card, "
                             f"found {'plots' if self.type == 'C' else 'pairs'}")
        if given is None and self.predicate is None:
            raise ValueError(f"a predicate or the {'pairs' if self.type == 'C' else 'plots'}, found neither")
        return self


class CardsFile(Shape):
    note: Text = ""
    search: dict[str, Any] = {}
    cards: Annotated[list[CardEntry], Field(min_length=1, max_length=60)]

    @model_validator(mode="after")
    def _distinct(self):
        numbers = [c.number for c in self.cards]
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        if twice:
            raise ValueError(f"each card number once, found card {twice[0]} twice")
        return self


# -- scenario files --------------------------------------------------------------------------------

def _building(name: str, info: ValidationInfo) -> str:
    """A building named in English or German, as its English name, when the reader passes the catalogue's
    `building` lookup in the context (`catalogue.load_scenarios`); an unknown name is refused with it."""
    lookup = (info.context or {}).get("building")
    if lookup is None:
        return name
    try:
        return lookup(name)
    except ClicktownError as exc:
        raise ValueError(str(exc)) from None


BuildingName = Annotated[Name, AfterValidator(_building)]


class UnknownMine(Shape):
    unknown: Annotated[int, Strict(), Field(ge=1, le=18)]


def _mine_kind(value) -> str | None:
    return "[names]" if isinstance(value, list) else "[unknown count]" if isinstance(value, (dict, UnknownMine)) else None


Mine = Annotated[
    Annotated[Annotated[list[BuildingName], Field(min_length=1, max_length=18)], Tag("[names]")]
    | Annotated[UnknownMine, Tag("[unknown count]")],
    Discriminator(_mine_kind, custom_error_type="mine",
                  custom_error_message='a list of building names or {"unknown": N}'),
]


class Binding(Shape):
    card: CardNumber
    building: BuildingName | None = None


class ScenarioEntry(Shape):
    id: ScenarioId
    level: Literal["leicht", "mittel", "schwer", ""] = ""
    a: Annotated[list[CardNumber], Field(max_length=60)] = []
    b: Annotated[list[Binding], Field(max_length=60)] = []
    c: Annotated[list[CardNumber], Field(max_length=60)] = []
    mine: Mine
    published: dict[PlotKey, BuildingName] = {}
    published_remains: dict[str, Any] = {}
    note: Text = ""
    expect: Literal["unique", "not-unique", "two-mine-swap"] = "unique"
    solution: dict[str, Any] | None = None  # written by `oldtown generate`, not read back
    grade: dict[str, Any] | None = None
    code: Text = ""  # the puzzle code `oldtown generate --json` adds, not read back

    @model_validator(mode="after")
    def _consistent(self):
        if not (self.a or self.b or self.c):
            raise ValueError("at least one card in a, b or c, found none")
        names = list(self.published.values())
        twice = sorted({x for x in names if names.count(x) > 1})
        if twice:
            raise ValueError(f"each building on one plot in 'published', found {twice[0]!r} twice")
        if isinstance(self.mine, list) and len(set(self.mine)) != len(self.mine):
            raise ValueError("different buildings in 'mine', found one named twice")
        return self


class ScenariosFile(Shape):
    note: Text = ""
    scenarios: Annotated[list[ScenarioEntry], Field(min_length=1, max_length=10000)]


class ScenarioList(RootModel[Annotated[list[ScenarioEntry], Field(min_length=1, max_length=10000)]]):
    """A scenario file that is a plain list (as `oldtown generate --json` prints)."""


def scenarios_model(data):
    """The model for a scenario file of this shape: {"scenarios": [...]}, a list, or one scenario."""
    if isinstance(data, dict) and "scenarios" in data:
        return ScenariosFile
    if isinstance(data, list):
        return ScenarioList
    return ScenarioEntry


def model_for(kind: str, data):
    """The model for a file that takes the place of the built-in `kind` ("cards.json", ...)."""
    fixed = {"board.json": BoardFile, "buildings.json": BuildingsFile, "cards.json": CardsFile}
    return fixed[kind] if kind in fixed else scenarios_model(data)
