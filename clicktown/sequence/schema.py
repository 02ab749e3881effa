"""The shapes of every Sequence input, as pydantic models (the structure; `game` and `position` check the meaning).

A deck file is `{"game"?, "note"?, "cards": [{"card", "action"?, "names"?, "copies"?}], "aliases"?}`;
a board file, once split into rows of labels, is ten rows of ten short labels. Numbers must be
real integers (no floats, no booleans, no `Infinity`), names are short strings, copies are 1 to 8.
A position file, once its comment and blank lines are dropped, is `PositionRows`: ten rows of ten
characters from `* . A B C a b c`, `*` on the four corners and nowhere else. A hand (`--hand`),
once split at commas and spaces, is `HandCards`: one to seven short card names. Every error reads
`SOURCE: place: expected ..., found ...`, the place being `rows[3]` or `cards[2]`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, StrictStr

from ..datafiles import PATTERN_WORDS

Name = Annotated[StrictStr, Field(min_length=1, max_length=16)]
MAX_COPIES = 8


class CardEntry(BaseModel):
    """One kind of card of a deck."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    card: Name
    action: Literal["place", "wild", "remove"] = "place"
    names: Name | None = None
    copies: Annotated[StrictInt, Field(ge=1, le=MAX_COPIES)] = 1


class DeckFile(BaseModel):
    """A deck: its cards and other spellings of their names."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    game: Annotated[StrictStr, Field(max_length=200)] | None = None
    note: Annotated[StrictStr, Field(max_length=2000)] | None = None
    cards: Annotated[list[CardEntry], Field(min_length=1, max_length=500)]
    aliases: dict[Name, Name] = {}


Label = Annotated[StrictStr, Field(min_length=1, max_length=8, pattern=r"^[0-9a-z*+\-]+$")]


class BoardFile(BaseModel):
    """A board: ten rows of ten labels."""

    model_config = ConfigDict(defer_build=True)
    rows: Annotated[list[Annotated[list[Label], Field(min_length=10, max_length=10)]], Field(min_length=10, max_length=10)]


# -- positions -------------------------------------------------------------------------------------

SIZE = 10
CHIP_MARKS = ".ABCabc"  # an empty cell, a team's chip, a team's locked chip
FREE_MARK = "*"
CORNER_COLUMNS = (0, SIZE - 1)


def _row_count(rows):
    """Ten rows, said in words when there are not."""
    if isinstance(rows, (list, tuple)) and len(rows) != SIZE:
        raise ValueError(f"expected {SIZE} rows of {SIZE} cells, found {len(rows)} row{'' if len(rows) == 1 else 's'}")
    return rows


def _position_row(edge: bool):
    """The check of one row: ten cells, known marks, `*` exactly on the corners of the top and bottom rows."""

    def check(row: str) -> str:
        if len(row) != SIZE:
            raise ValueError(f"expected {SIZE} cells, found {len(row)} cells: {row[:20]!r}")
        for col, mark in enumerate(row):
            corner = edge and col in CORNER_COLUMNS
            if corner and mark != FREE_MARK:
                raise ValueError(f"expected '*' at column {col} (a free corner), found {mark!r}")
            if not corner and mark not in CHIP_MARKS:
                known = "* . A B C a b c" if mark != FREE_MARK else ". A B C a b c ('*' stands on the four corners only)"
                raise ValueError(f"expected one of {known} at column {col}, found {mark!r}")
        return row

    return check


EdgeRow = Annotated[StrictStr, AfterValidator(_position_row(edge=True))]
InnerRow = Annotated[StrictStr, AfterValidator(_position_row(edge=False))]


class PositionRows(BaseModel):
    """A board position: ten rows of ten marks, row 0 at the top (see `position.py` for the format)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    rows: Annotated[tuple[EdgeRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow,
                          EdgeRow], BeforeValidator(_row_count)]


# -- hands -----------------------------------------------------------------------------------------

HAND_CARD = r"^[0-9A-Za-z+\-*/]{1,16}$"
PATTERN_WORDS[HAND_CARD] = "a card name such as 7h, jd, 10c, 3+4 or plus (at most 16 letters, digits or + - * /)"
MAX_HAND = 7  # the largest hand of either rulebook: "Bei 2 Spielern: je 7 Karten"


def _hand_size(cards):
    """One to seven cards, said in words when there are not."""
    if isinstance(cards, list) and not cards:
        raise ValueError("expected at least one card, e.g. 7h,jd, found an empty hand")
    if isinstance(cards, list) and len(cards) > MAX_HAND:
        raise ValueError(f"expected at most {MAX_HAND} cards (no hand in the rulebooks holds more), found {len(cards)}")
    return cards


class HandCards(BaseModel):
    """The cards of a hand, by name, as typed (`--hand 7h,jd,as`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    cards: Annotated[list[Annotated[StrictStr, Field(pattern=HAND_CARD)]], BeforeValidator(_hand_size)]
