"""The shapes of the two text inputs, a position and a hand, checked in plain Python.

Reading a position must not wait for pydantic (about 90 ms to import), so the checks of a
position's rows and of a hand's names live here as plain functions; `schema.PositionRows` and
`schema.HandCards` are built from the same functions, and the tests hold both readers to the same
one-line errors (`SOURCE: rows[3]: expected ..., found ...`).
"""

from __future__ import annotations

import re

from ..datafiles import PATTERN_WORDS, fail
from ..errors import DataError

SIZE = 10
CHIP_MARKS = ".ABCabc"  # an empty cell, a team's chip, a team's locked chip
FREE_MARK = "*"
CORNER_COLUMNS = (0, SIZE - 1)
HAND_CARD = r"^[0-9A-Za-z+\-*/]{1,16}$"
PATTERN_WORDS[HAND_CARD] = "a card name such as 7h, jd, 10c, 3+4 or plus (at most 16 letters, digits or + - * /)"
MAX_HAND = 7  # the largest hand of either rulebook: "Bei 2 Spielern: je 7 Karten"
_CARD_NAME = re.compile(HAND_CARD)


def row_count(rows):
    """Ten rows, said in words when there are not."""
    if isinstance(rows, (list, tuple)) and len(rows) != SIZE:
        raise ValueError(f"expected {SIZE} rows of {SIZE} cells, found {len(rows)} row{'' if len(rows) == 1 else 's'}")
    return rows


def position_row(edge: bool):
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


_EDGE_ROW, _INNER_ROW = position_row(edge=True), position_row(edge=False)


def hand_size(cards):
    """One to seven cards, said in words when there are not."""
    if isinstance(cards, list) and not cards:
        raise ValueError("expected at least one card, e.g. 7h,jd, found an empty hand")
    if isinstance(cards, list) and len(cards) > MAX_HAND:
        raise ValueError(f"expected at most {MAX_HAND} cards (no hand in the rulebooks holds more), found {len(cards)}")
    return cards


def _checked(check, value, place: str, source: str) -> None:
    """Run one of the checks above; its own 'expected ..., found ...' becomes the layer's one-line error."""
    try:
        check(value)
    except ValueError as exc:
        raise DataError(f"{source}: {place}: {exc}") from None


def position_rows(rows: list[str], source: str) -> list[str]:
    """The rows of a position text, checked as `schema.PositionRows` checks them (same errors)."""
    _checked(row_count, rows, "rows", source)
    for r, row in enumerate(rows):
        _checked(_EDGE_ROW if r in (0, SIZE - 1) else _INNER_ROW, row, f"rows[{r}]", source)
    return rows


def hand_cards(names: list[str], source: str) -> list[str]:
    """The names of a hand, checked as `schema.HandCards` checks them (same errors)."""
    _checked(hand_size, names, "cards", source)
    for k, name in enumerate(names):
        if not _CARD_NAME.match(name):
            raise fail(source, f"cards[{k}]", PATTERN_WORDS[HAND_CARD], name)
    return names
