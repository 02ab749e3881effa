"""The Old Town board plan and every spatial relation the info cards use, derived from it.

Glossary:
  plot      one of the 16 building places, numbered row by row from the north-west (1..16)
  line      a street or the railway, running between two rows or two columns of plots
  landmark  the cemetery, the buffalo pasture: areas beside the town that border some plot sides
  edge      two touching plots (side by side in a row or a column) and the line between them, if any
  block     plots that touch each other with no line in between
  region    a set of plots a card sentence describes ("north of Main St.")
  relation  a set of (plot of a building, plot of my building) pairs ("across the railway from")

The plan itself lives in `data/board.json`; nothing here is typed in by hand: every region and
relation is computed from the lines, landmarks and entrances of that file through its edges. The plan
has 16 plots and 24 edges, so plain tuples serve better than a graph library here (and start faster).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import combinations
from typing import Callable

from ..datafiles import DataError, builtin_path, read_json, require, validated

SIDES = ("N", "E", "S", "W")
STEP = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_DE = {"N": "nördlich", "S": "südlich", "W": "westlich", "E": "östlich"}
SIDE_EN = {"N": "north", "S": "south", "W": "west", "E": "east"}
EDGE_DE = {"N": "nördlichen", "S": "südlichen", "W": "westlichen", "E": "östlichen"}
QUARTER_DE = {"NW": "nordwestlich", "NE": "nordöstlich", "SW": "südwestlich", "SE": "südöstlich"}
QUARTER_EN = {"NW": "north-west", "NE": "north-east", "SW": "south-west", "SE": "south-east"}


@dataclass(frozen=True)
class Edge:
    """Two touching plots, `p` west or north of `q`, the side of p they touch on, the line between."""

    p: int
    q: int
    side: str
    line: str | None


@dataclass(frozen=True)
class Line:
    """A street or the railway between rows (horizontal) or columns (vertical) `between`."""

    name: str
    kind: str
    de: str
    en: str
    orientation: str
    between: tuple[int, int]
    span: tuple[int, int]  # the columns (horizontal line) or rows (vertical line) it runs along

    @property
    def partial(self) -> bool:
        """Does the line stop short of the edges of town?"""
        return self.span != (1, 4)

    @property
    def de_dative(self) -> str:
        """'der Main St.', 'der Bahnlinie' (all lines are feminine in German)."""
        return f"der {self.de}"


@dataclass(frozen=True)
class Landmark:
    """An area beside the town that borders the given (plot, side) pairs."""

    name: str
    de: str
    de_genitive: str
    de_at: str
    en: str
    borders: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Region:
    """A set of plots with the phrase that describes it (after 'lag' / 'stood')."""

    key: str
    plots: frozenset[int]
    de: str
    en: str


@dataclass(frozen=True)
class Relation:
    """Pairs (plot of the named building, plot of my building) with their phrase."""

    key: str
    pairs: frozenset[tuple[int, int]]
    de: str
    en: str

    @property
    def building_plots(self) -> frozenset[int]:
        """Plots the named building can stand on."""
        return frozenset(a for a, _ in self.pairs)

    @property
    def my_plots(self) -> frozenset[int]:
        """Plots my building can stand on."""
        return frozenset(b for _, b in self.pairs)


@dataclass(frozen=True)
class Board:
    """The board plan: a grid of plots, lines between them, landmarks and entrances."""

    rows: int
    columns: int
    lines: tuple[Line, ...]
    landmarks: tuple[Landmark, ...]
    entrances: dict = field(hash=False, compare=False)
    note: str = ""

    # -- geometry ---------------------------------------------------------------------------

    @property
    def plots(self) -> range:
        """Plot numbers 1..rows*columns."""
        return range(1, self.rows * self.columns + 1)

    def row(self, plot: int) -> int:
        """Row of a plot, 1 = north."""
        return (plot - 1) // self.columns + 1

    def column(self, plot: int) -> int:
        """Column of a plot, 1 = west."""
        return (plot - 1) % self.columns + 1

    def plot_at(self, row: int, column: int) -> int | None:
        """The plot at (row, column), or None off the board."""
        if 1 <= row <= self.rows and 1 <= column <= self.columns:
            return (row - 1) * self.columns + column
        return None

    def neighbour(self, plot: int, side: str) -> int | None:
        """The plot touching `plot` on `side`, or None at the edge of town."""
        dr, dc = STEP[side]
        return self.plot_at(self.row(plot) + dr, self.column(plot) + dc)

    def line_on_side(self, plot: int, side: str) -> Line | None:
        """The line running along `side` of `plot`, if any."""
        for line in self.lines:
            along = self.column(plot) if line.orientation == "horizontal" else self.row(plot)
            if not line.span[0] <= along <= line.span[1]:
                continue
            if line.orientation == "horizontal" and side in "NS":
                edge = (self.row(plot) - 1, self.row(plot)) if side == "N" else (self.row(plot), self.row(plot) + 1)
                if line.between == edge:
                    return line
            if line.orientation == "vertical" and side in "WE":
                edge = (self.column(plot) - 1, self.column(plot)) if side == "W" else (self.column(plot), self.column(plot) + 1)
                if line.between == edge:
                    return line
        return None

    @cached_property
    def edges(self) -> dict[tuple[int, int], Edge]:
        """Every pair of touching plots (west or north plot first) with the line between them."""
        found = {}
        for p in self.plots:
            for side in ("E", "S"):
                q = self.neighbour(p, side)
                if q is not None:
                    line = self.line_on_side(p, side)
                    found[p, q] = Edge(p, q, side, line.name if line else None)
        return found

    def edge(self, p: int, q: int) -> Edge | None:
        """The edge between plots p and q (in either order), or None when they do not touch."""
        return self.edges.get((p, q)) or self.edges.get((q, p))

    @cached_property
    def blocks(self) -> list[frozenset[int]]:
        """Groups of plots that touch with no street or railway between them."""
        block_of = {p: {p} for p in self.plots}
        for e in self.edges.values():
            if e.line is None and block_of[e.p] is not block_of[e.q]:
                merged = block_of[e.p] | block_of[e.q]
                for plot in merged:
                    block_of[plot] = merged
        unique = {id(b): frozenset(b) for b in block_of.values()}
        return sorted(unique.values(), key=min)

    def shares_wall(self, p: int, q: int) -> bool:
        """Do plots p and q share a wall: side by side with no street or railway between them?"""
        e = self.edge(p, q)
        return e is not None and e.line is None

    def block_of(self, plot: int) -> frozenset[int]:
        """The block a plot belongs to."""
        return next(b for b in self.blocks if plot in b)

    def line(self, name: str) -> Line:
        """The line called `name`."""
        for line in self.lines:
            if line.name == name:
                return line
        raise DataError(f"the board has no line called {name!r}")

    # -- the vocabulary of the cards ----------------------------------------------------------

    @cached_property
    def glossary(self) -> list[Word]:
        """Every relation word of the cards with the pairs (or plots) it allows on this plan."""
        relations = self.relations
        words = []
        for key, en, de, men, mde, focus in WORDS:
            if key in ("across", "diagonal"):
                pairs = frozenset().union(*(relations[f"{key}:{ln.name}"].pairs for ln in self.lines
                                            if f"{key}:{ln.name}" in relations))
            elif key in ("next-door", "back-to-back"):
                pairs = relations[key].pairs if key in relations else frozenset()
            else:
                pairs = relations[f"{key}:town:town"].pairs if f"{key}:town:town" in relations else frozenset()
            words.append(Word(key, en, de, men, mde, pairs, focus=focus))
        for key, en, de, men, mde in LANDMARK_WORDS:
            plots = frozenset().union(*(self.regions[f"{key}:{m.name}"].plots for m in self.landmarks
                                        if f"{key}:{m.name}" in self.regions))
            words.append(Word(key, en, de, men, mde, plots=plots))
        return words

    @cached_property
    def regions(self) -> dict[str, Region]:
        """Every region a card sentence can name, by key."""
        found: dict[str, Region] = {}
        for region in self._all_regions():
            if region.plots and len(region.plots) < len(self.plots):
                found.setdefault(region.key, region)
        return found

    @cached_property
    def relations(self) -> dict[str, Relation]:
        """Every relation between a building and my building a card can name, by key."""
        return {key: found for key in self._relation_makers if (found := self.relation(key)) is not None}

    def relation(self, key: str) -> Relation | None:
        """The relation called `key`, worked out on first use (None: the plan has no such pairs).
        Reading a card needs a few of the plan's 1,257 relations, so they are not all made up front."""
        made = self._made_relations
        if key not in made:
            make = self._relation_makers.get(key)
            found = make() if make is not None else None
            made[key] = found if found is not None and found.pairs else None
        return made[key]

    @cached_property
    def _made_relations(self) -> dict[str, Relation | None]:
        return {}

    def _all_regions(self):
        yield from self._line_regions()
        yield from self._town_regions()
        yield from self._landmark_regions()

    def _line_regions(self):
        for line in self.lines:
            on = frozenset(p for p in self.plots if any(self.line_on_side(p, s) == line for s in SIDES))
            yield Region(f"on:{line.name}", on, f"an {line.de_dative}", f"on {line.en}")
            yield Region(f"off:{line.name}", frozenset(self.plots) - on,
                         f"nicht an {line.de_dative}", f"away from {line.en}")
            for side in SIDES:
                fronting = frozenset(p for p in self.plots if self.line_on_side(p, OPPOSITE[side]) == line)
                yield Region(f"side:{line.name}:{side}", fronting,
                             f"{SIDE_DE[side]} {line.de_dative}", f"just {SIDE_EN[side]} of {line.en}")
            doors = frozenset(p for p in self.plots if self.line_on_side(p, self.entrances[p]) == line)
            yield Region(f"door:{line.name}", doors, f"mit dem Eingang zur {line.de}",
                         f"with its door on {line.en}")
        for h in (ln for ln in self.lines if ln.orientation == "horizontal"):
            for v in (ln for ln in self.lines if ln.orientation == "vertical"):
                yield from self._crossing_regions(h, v)

    def _touches(self, plot: int, line: Line) -> bool:
        return any(self.line_on_side(plot, s) == line for s in SIDES)

    def _crossing_regions(self, h: Line, v: Line):
        at = frozenset(p for p in self.plots if self.row(p) in h.between and self.column(p) in v.between
                       and self._touches(p, h) and self._touches(p, v))
        if len(at) == 4:
            yield Region(f"crossing:{h.name}:{v.name}", at, f"an der Kreuzung {h.de}/{v.de}",
                         f"at the crossing of {h.en} and {v.en}")
        if h.partial or v.partial:
            return
        for ns in "NS":
            for we in "WE":
                rows = range(1, h.between[0] + 1) if ns == "N" else range(h.between[1], self.rows + 1)
                cols = range(1, v.between[0] + 1) if we == "W" else range(v.between[1], self.columns + 1)
                quarter = frozenset(self.plot_at(r, c) for r in rows for c in cols)
                yield Region(f"quarter:{h.name}:{v.name}:{ns}{we}", quarter,
                             f"im Viertel {QUARTER_DE[ns + we]} der Kreuzung {h.de}/{v.de}",
                             f"in the quarter {QUARTER_EN[ns + we]} of the crossing of {h.en} and {v.en}")

    def _town_regions(self):
        corners = frozenset(self.plot_at(r, c) for r in (1, self.rows) for c in (1, self.columns))
        yield Region("corner", corners, "in einer der Ecken am Rande der Stadt", "in one of the corners of town")
        centre = frozenset(p for p in self.plots
                           if 1 < self.row(p) < self.rows and 1 < self.column(p) < self.columns)
        yield Region("centre", centre, "im Zentrum der Stadt", "in the town centre")
        yield Region("edge", frozenset(self.plots) - centre, "am Rande der Stadt", "on the edge of town")
        for side in SIDES:
            edge = frozenset(p for p in self.plots if self.neighbour(p, side) is None)
            yield Region(f"edge:{side}", edge, f"am {EDGE_DE[side]} Stadtrand",
                         f"on the {SIDE_EN[side]} edge of town")

    def _landmark_regions(self):
        for mark in self.landmarks:
            beside = frozenset(p for p, _ in mark.borders)
            yield Region(f"beside:{mark.name}", beside, f"direkt {mark.de_at}",
                         f"right by {mark.en}")
            sight = frozenset().union(*(self.block_of(p) for p in beside))
            yield Region(f"sight:{mark.name}", sight, f"in Sichtweite {mark.de_genitive}",
                         f"in sight of {mark.en}")

    @cached_property
    def _relation_makers(self) -> dict[str, Callable[[], Relation]]:
        """Each relation's key and how to make it (cheap: no pairs are worked out here)."""
        makers: dict[str, Callable[[], Relation]] = {}
        for line in self.lines:
            makers[f"across:{line.name}"] = partial(self._across, line)
            makers[f"diagonal:{line.name}"] = partial(self._diagonally_across, line)
        makers["next-door"] = self._next_door
        makers["back-to-back"] = self._back_to_back
        makers.update(self._street_pairs())
        makers.update(self._neighbourhoods())
        return makers

    def _across(self, line: Line) -> Relation:
        pairs = {(e.p, e.q) for e in self.edges.values() if e.line == line.name}
        pairs |= {(q, p) for p, q in pairs}
        return Relation(f"across:{line.name}", frozenset(pairs), f"an {line.de_dative} gegenüber meinem Gebäude",
                        f"across {line.en} from my building")

    def _diagonally_across(self, line: Line) -> Relation:
        pairs = set()
        for p in self.plots:
            for q in self.plots:
                dr, dc = self.row(q) - self.row(p), self.column(q) - self.column(p)
                if abs(dr) == 1 and abs(dc) == 1 and self._separates(line, p, q) \
                        and self._touches(p, line) and self._touches(q, line):
                    pairs.add((p, q))
        return Relation(f"diagonal:{line.name}", frozenset(pairs),
                        f"schräg gegenüber meinem Gebäude, auf der anderen Seite {line.de_dative}",
                        f"diagonally across {line.en} from my building")

    def _separates(self, line: Line, p: int, q: int) -> bool:
        """Does `line` run between plots p and q?"""
        if line.orientation == "horizontal":
            return tuple(sorted((self.row(p), self.row(q)))) == line.between
        return tuple(sorted((self.column(p), self.column(q)))) == line.between

    def _street_pairs(self):
        """'X stood on L1, my building on L2' for the plots on or away from each line."""
        regions = self.regions
        sides = [regions[f"{w}:{ln.name}"] for ln in self.lines for w in ("on", "off")]
        for r1 in sides:
            for r2 in sides:
                key = f"both:{r1.key}" if r1 is r2 else f"pair:{r1.key}:{r2.key}"
                yield key, partial(self._street_pair, key, r1, r2)

    @staticmethod
    def _street_pair(key: str, r1: Region, r2: Region) -> Relation:
        pairs = frozenset((p, q) for p in r1.plots for q in r2.plots if p != q)
        if r1 is r2:
            return Relation(key, pairs, f"{r1.de}, wie auch mein Gebäude", f"{r1.en}, and so did my building")
        return Relation(key, pairs, f"{r1.de}, mein Gebäude {r2.de}", f"{r1.en}, my building {r2.en}")

    def _neighbourhoods(self):
        """Grid relations ('wall to wall with', 'a knight's move from', ...) on or away from lines."""
        town = Region("town", frozenset(self.plots), "", "")
        sides = [town] + [self.regions[f"{w}:{ln.name}"] for ln in self.lines for w in ("on", "off")]
        for name in GRID_RELATIONS:
            for r1 in sides:
                for r2 in sides:
                    key = f"{name}:{r1.key}:{r2.key}"
                    yield key, partial(self._neighbourhood, key, name, r1, r2, town)

    def _neighbourhood(self, key: str, name: str, r1: Region, r2: Region, town: Region) -> Relation:
        _, de, en = GRID_RELATIONS[name]
        pairs = frozenset((p, q) for p, q in self._grid_pairs(name) if p in r1.plots and q in r2.plots)
        return Relation(key, pairs, *_qualified(de, en, r1, r2, town))

    def _grid_pairs(self, name: str) -> list[tuple[int, int]]:
        """Every pair of plots a grid relation allows, wherever the two stand (made once per name)."""
        bases = self._made_grid_pairs
        if name not in bases:
            test = GRID_RELATIONS[name][0]
            at = [(p, self.row(p), self.column(p)) for p in self.plots]
            bases[name] = [(p, q) for p, row, column in at for q, row2, column2 in at
                           if p != q and test((abs(row - row2), abs(column - column2)))
                           and (name != "wall" or self.shares_wall(p, q))]
        return bases[name]

    @cached_property
    def _made_grid_pairs(self) -> dict[str, list[tuple[int, int]]]:
        return {}

    def _next_door(self) -> Relation:
        pairs = set()
        for e in self.edges.values():
            if e.line is None and self.entrances[e.p] == self.entrances[e.q]:
                pairs |= {(e.p, e.q), (e.q, e.p)}
        return Relation("next-door", frozenset(pairs), "direkt neben meinem Gebäude",
                        "right next door to my building (same block, doors to the same side)")

    def _back_to_back(self) -> Relation:
        pairs = set()
        for e in self.edges.values():
            if e.line is None and self.entrances[e.p] == OPPOSITE[e.side] and self.entrances[e.q] == e.side:
                pairs |= {(e.p, e.q), (e.q, e.p)}
        return Relation("back-to-back", frozenset(pairs), "Rücken an Rücken mit meinem Gebäude",
                        "back to back with my building")


GRID_RELATIONS = {
    # "wall" also needs the two plots to share a wall (no line between them): see _neighbourhoods
    "wall": (lambda d: sum(d) == 1, "Wand an Wand mit meinem Gebäude", "wall to wall with my building"),
    "side-by-side": (lambda d: sum(d) == 1, "auf einem Nachbarplatz meines Gebäudes (gleich was dazwischen liegt)",
                     "on a plot side by side with my building's (whatever runs between)"),
    "diagonal-beside": (lambda d: d == (1, 1), "schräg neben meinem Gebäude", "diagonally beside my building"),
    "row-two": (lambda d: d == (0, 2), "zwei Plätze neben meinem Gebäude in derselben Reihe",
                "two plots along the row from my building"),
    "column-two": (lambda d: d == (2, 0), "zwei Plätze nördlich oder südlich meines Gebäudes",
                   "two plots north or south of my building"),
    "around": (lambda d: max(d) == 1, "gleich bei meinem Gebäude", "close by my building, side or corner"),
    "knight": (lambda d: sorted(d) == [1, 2], "einen Rösselsprung von meinem Gebäude entfernt",
               "a knight's move from my building"),
    "same-row": (lambda d: d[0] == 0, "in derselben Häuserreihe wie mein Gebäude", "in the same row as my building"),
    "same-column": (lambda d: d[1] == 0, "in derselben Spalte wie mein Gebäude", "in the same column as my building"),
    "far": (lambda d: max(d) >= 2, "weit weg von meinem Gebäude", "well away from my building"),
}


@dataclass(frozen=True)
class Word:
    """A relation word of the cards with its one meaning on the plan, in English and German.

    `pairs` are the ordered (plot, plot) pairs it allows between the building named and my
    building; a landmark word ("in sight of") has `plots` instead. `focus` is the plot a picture
    shows the word from, for words that relate most plots to many others ("well away").
    """

    key: str
    en: str
    de: str
    meaning_en: str
    meaning_de: str
    pairs: frozenset[tuple[int, int]] = frozenset()
    plots: frozenset[int] = frozenset()
    focus: int | None = None

    @property
    def unordered(self) -> list[tuple[int, int]]:
        """Each allowed pair once, smaller plot first (every relation word is symmetric)."""
        return sorted({tuple(sorted(p)) for p in self.pairs})


#: The relation words (key, English, German, meaning in English, meaning in German, focus plot).
WORDS = (
    ("wall", "wall to wall", "Wand an Wand",
     "the two plots share a wall: side by side in the same block, no street or railway between them",
     "die beiden Plätze teilen eine Wand: nebeneinander im selben Block, keine Straße und keine Bahnlinie dazwischen",
     None),
    ("across", "across (a street or the railway)", "gegenüber (an einer Straße oder der Bahnlinie)",
     "the two plots face each other over that street or the railway: side by side on the plan with it between them",
     "die beiden Plätze liegen einander an dieser Straße oder der Bahnlinie gegenüber: nebeneinander, sie dazwischen",
     None),
    ("diagonal", "diagonally across (a street or the railway)", "schräg gegenüber (an einer Straße oder der Bahnlinie)",
     "the two plots touch corner to corner with that street or the railway between them, both on it",
     "die beiden Plätze berühren sich über Eck, diese Straße oder die Bahnlinie dazwischen, beide an ihr",
     None),
    ("side-by-side", "side by side (whatever runs between)", "auf einem Nachbarplatz (gleich was dazwischen liegt)",
     "the two plots are side by side on the plan, in a row or a column, with or without a street or the railway "
     "between them",
     "die beiden Plätze liegen auf dem Plan nebeneinander, in einer Reihe oder Spalte, mit oder ohne Straße oder "
     "Bahnlinie dazwischen",
     None),
    ("next-door", "next door", "direkt neben",
     "the two plots share a wall (wall to wall) and their doors face the same way",
     "die beiden Plätze teilen eine Wand (Wand an Wand) und ihre Eingänge zeigen in dieselbe Richtung",
     None),
    ("back-to-back", "back to back", "Rücken an Rücken",
     "the two plots share a wall (wall to wall) and each door faces away from the other plot",
     "die beiden Plätze teilen eine Wand (Wand an Wand) und jeder Eingang zeigt vom anderen Platz weg",
     None),
    ("diagonal-beside", "diagonally beside", "schräg neben",
     "the two plots touch corner to corner on the plan, whatever runs between them",
     "die beiden Plätze berühren sich auf dem Plan über Eck, gleich was dazwischen liegt",
     None),
    ("around", "close by", "gleich bei",
     "the two plots touch on the plan, at a side or at a corner, whatever runs between them",
     "die beiden Plätze berühren sich auf dem Plan, an einer Seite oder über Eck, gleich was dazwischen liegt",
     6),
    ("far", "well away", "weit weg",
     "the two plots do not touch on the plan, not even at a corner: a plot lies between them in their row or column",
     "die beiden Plätze berühren sich nicht, auch nicht über Eck: in ihrer Reihe oder Spalte liegt ein Platz dazwischen",
     6),
    ("same-row", "in the same row", "in derselben Häuserreihe",
     "the two plots lie in the same row of the plan (west to east)",
     "die beiden Plätze liegen in derselben Reihe des Plans (von West nach Ost)", 6),
    ("same-column", "in the same column", "in derselben Spalte",
     "the two plots lie in the same column of the plan (north to south)",
     "die beiden Plätze liegen in derselben Spalte des Plans (von Nord nach Süd)", 6),
    ("row-two", "two plots along the row", "zwei Plätze weiter in derselben Reihe",
     "one plot lies between the two in their row", "in ihrer Reihe liegt genau ein Platz zwischen den beiden", None),
    ("column-two", "two plots north or south", "zwei Plätze nördlich oder südlich",
     "one plot lies between the two in their column", "in ihrer Spalte liegt genau ein Platz zwischen den beiden", None),
    ("knight", "a knight's move from", "einen Rösselsprung entfernt",
     "one plot along and two across on the plan, as a chess knight moves",
     "ein Platz in die eine und zwei in die andere Richtung, wie ein Springer im Schach zieht", 6),
)

#: Landmark words: the plots they allow, for each landmark (key, English, German, meanings).
LANDMARK_WORDS = (
    ("sight", "in sight of (a landmark)", "in Sichtweite (des Friedhofs, der Büffelweide)",
     "the plots of every block that borders the landmark: a plot beside it, and every plot that shares a wall "
     "with one of those, and so on",
     "die Plätze jedes Blocks, der an das Gelände grenzt: ein Platz daneben und jeder Platz, der mit einem "
     "solchen eine Wand teilt, und so weiter"),
    ("beside", "right by (a landmark)", "direkt am (Friedhof, an der Büffelweide)",
     "the plots with a side on the landmark", "die Plätze mit einer Seite am Gelände"),
)


def _qualified(de: str, en: str, r1: Region, r2: Region, town: Region) -> tuple[str, str]:
    """The relation's phrase, with where the building and my building stood when limited."""
    if r1 is not town:
        de, en = f"{de}, und zwar {r1.de}", f"{en}, itself {r1.en}"
    if r2 is not town:
        de, en = f"{de}, mein Gebäude {r2.de}", f"{en}, my building {r2.en}"
    return de, en


# -- loading -------------------------------------------------------------------------------------

def load_board(path=None) -> Board:
    """The board plan from `path`, or the built-in reconstruction; validated."""
    data = read_json(path or builtin_path("oldtown", "board.json"))
    if path is not None:  # a user's file; the built-in one is checked by the tests (docs/validation.md)
        from .schema import BoardFile

        validated(data, BoardFile, path)
    path = path or builtin_path("oldtown", "board.json")
    try:
        return _board_from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"{path}: malformed board plan ({exc.__class__.__name__}: {exc})") from None


def _board_from_json(data: dict) -> Board:
    rows, columns = int(data["rows"]), int(data["columns"])
    require(rows == 4 and columns == 4, "an Old Town board has 4 rows and 4 columns of plots")
    lines = tuple(_line_from_json(item, rows, columns) for item in data["lines"])
    require(len({ln.name for ln in lines}) == len(lines), "two lines of the board share a name")
    landmarks = tuple(
        Landmark(m["name"], m["de"], m["de_genitive"], m["de_at"], m["en"],
                 tuple((int(p), str(s)) for p, s in m["borders"]))
        for m in data.get("landmarks", [])
    )
    entrances = {int(k): str(v) for k, v in data["entrances"].items()}
    require(set(entrances) == set(range(1, rows * columns + 1)), "every plot needs exactly one entrance side")
    require(all(s in SIDES for s in entrances.values()), "entrance sides must be N, E, S or W")
    for mark in landmarks:
        require(all(1 <= p <= rows * columns and s in SIDES for p, s in mark.borders),
                f"landmark {mark.name!r} borders a plot side that does not exist")
    return Board(rows, columns, lines, landmarks, entrances, data.get("note", ""))


def _line_from_json(item: dict, rows: int, columns: int) -> Line:
    a, b = (int(x) for x in item["between"])
    limit = rows if item["orientation"] == "horizontal" else columns
    require(item["orientation"] in ("horizontal", "vertical"), f"line {item['name']!r}: orientation must be horizontal or vertical")
    require(b == a + 1 and 1 <= a < limit, f"line {item['name']!r} must run between two neighbouring rows or columns")
    lo, hi = (int(x) for x in item.get("span", [1, 4]))
    require(1 <= lo <= hi <= 4, f"line {item['name']!r}: span must lie within 1 to 4")
    return Line(item["name"], item.get("kind", "street"), item["de"], item["en"], item["orientation"], (a, b), (lo, hi))


def meets_of(regions: list[Region], sizes: set[int]) -> list[Region]:
    """Regions 'X and Y': the plots in both of two regions, keeping only those with a size in `sizes`."""
    out = []
    for r1, r2 in combinations(regions, 2):
        plots = r1.plots & r2.plots
        if len(plots) in sizes and plots != r1.plots and plots != r2.plots:
            out.append(Region(f"{r1.key}&{r2.key}", plots, f"{r1.de} und {r2.de}", f"{r1.en} and {r2.en}"))
    return out


def unions_of(regions: list[Region], sizes: set[int]) -> list[Region]:
    """Regions 'X or Y' made of two regions, keeping only those with a size in `sizes`."""
    out = []
    for r1, r2 in combinations(regions, 2):
        plots = r1.plots | r2.plots
        if len(plots) in sizes and not (r1.plots <= r2.plots or r2.plots <= r1.plots):
            out.append(Region(f"{r1.key}|{r2.key}", plots, f"{r1.de} oder {r2.de}", f"{r1.en} or {r2.en}"))
    return out
