"""The shapes of the Wild Wild Pattern data files, as pydantic v2 models (checked by `datafiles.validated`).

`DeckFile` is a deck (data/deck.json or the user's `--deck FILE`): a list of cards written as on the
command line; `VocabularyFile` is data/vocabulary.json, the traits and their names. The models check
the shape; whether each card's words name a color, an object and a suit is checked by the loader in
cards.py, with the same one-line error format.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

CardText = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Words = Annotated[list[Annotated[str, StringConstraints(min_length=1, max_length=60)]], Field(min_length=1, max_length=50)]


class Shape(BaseModel):
    """Every model: exact JSON types, no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)  # built on first use: quick start-up


class DeckFile(Shape):
    about: Annotated[str, StringConstraints(max_length=5000)] = ""
    cards: Annotated[list[CardText], Field(min_length=9, max_length=1000)]


class Attribute(Shape):
    names: dict[str, Words] = {}
    values: Annotated[dict[str, dict[str, Words]], Field(min_length=1, max_length=50)]


class Attributes(Shape):
    color: Attribute
    suit: Attribute
    object: Attribute


class VocabularyFile(Shape):
    about: Annotated[str, StringConstraints(max_length=5000)] = ""
    attributes: Attributes
