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

from .text_shapes import HAND_CARD, hand_size, position_row, row_count

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


# -- positions (the checks themselves are plain functions in `text_shapes`, which reads the text without pydantic)

EdgeRow = Annotated[StrictStr, AfterValidator(position_row(edge=True))]
InnerRow = Annotated[StrictStr, AfterValidator(position_row(edge=False))]


class PositionRows(BaseModel):
    """A board position: ten rows of ten marks, row 0 at the top (see `position.py` for the format)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    rows: Annotated[tuple[EdgeRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow, InnerRow,
                          EdgeRow], BeforeValidator(row_count)]


# -- hands -----------------------------------------------------------------------------------------

class HandCards(BaseModel):
    """The cards of a hand, by name, as typed (`--hand 7h,jd,as`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    cards: Annotated[list[Annotated[StrictStr, Field(pattern=HAND_CARD)]], BeforeValidator(hand_size)]
