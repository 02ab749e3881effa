"""The shapes of the Sequence data files, as pydantic models (the structure; `game` checks the meaning).

A deck file is `{"game"?, "note"?, "cards": [{"card", "action"?, "names"?, "copies"?}], "aliases"?}`;
a board file, once split into rows of labels, is ten rows of ten short labels. Numbers must be
real integers (no floats, no booleans, no `Infinity`), names are short strings, copies are 1 to 8.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

Name = Annotated[StrictStr, Field(min_length=1, max_length=16)]
MAX_COPIES = 8


class CardEntry(BaseModel):
    """One kind of card of a deck."""

    model_config = ConfigDict(extra="forbid")
    card: Name
    action: Literal["place", "wild", "remove"] = "place"
    names: Name | None = None
    copies: Annotated[StrictInt, Field(ge=1, le=MAX_COPIES)] = 1


class DeckFile(BaseModel):
    """A deck: its cards and other spellings of their names."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[StrictStr, Field(max_length=200)] | None = None
    note: Annotated[StrictStr, Field(max_length=2000)] | None = None
    cards: Annotated[list[CardEntry], Field(min_length=1, max_length=500)]
    aliases: dict[Name, Name] = {}


Label = Annotated[StrictStr, Field(min_length=1, max_length=8, pattern=r"^[0-9a-z*+\-]+$")]


class BoardFile(BaseModel):
    """A board: ten rows of ten labels."""

    rows: Annotated[list[Annotated[list[Label], Field(min_length=10, max_length=10)]], Field(min_length=10, max_length=10)]
