"""Counting a team's sequences: five of its chips in a line, the free corners counting for everyone.

Rules: a sequence is "eine zusammenhängende Reihe von fünf Spielchips derselben Farbe in einer
geraden Linie" (across, down or diagonal); a corner stands in for any team's chip; two sequences
of a team may share at most one cell ("kann ein Feld der ersten Sequence als Teil der zweiten
benutzt werden"). The locked chips are the team's completed sequences (`position.locked_windows`):
they always count, and every other sequence read shares at most one cell with each of them. Beyond
that, long or crossing lines can be read several ways; the count is the largest number of
sequences that can be read at once.

Windows only conflict on their own line, so each line is read on its own: from one end, take
every window that fits after the last one taken and before the next locked one. `count_fast` is
that reading from the complete windows found on a bitboard of the cells that count for the team
(`reading`, the one `count_sequences` prints); the tests hold it to the references in
`clicktown.sequence.reference` (CP-SAT, every set of windows, the reading cell by cell).
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import CONFLICTS_OF, RUN, WINDOW_MASKS, WINDOWS, complete_windows_in, row_col
from .position import Position, complete_windows, locked_windows

__all__ = ["Line", "SequenceCount", "complete_windows", "count_fast", "count_sequences", "empty_mask", "owned_mask",
           "protected_cells", "reading"]


@dataclass(frozen=True)
class Line:
    """One sequence read on the board: the team and its five cells."""

    team: str
    cells: tuple[int, ...]

    def as_dict(self) -> dict:
        """Plain form for JSON: cells as [row, column]."""
        return {"team": self.team, "cells": [list(row_col(c)) for c in self.cells]}


@dataclass(frozen=True)
class SequenceCount:
    """How many sequences each team has, and one reading of them on the board."""

    sequences: dict
    lines: tuple[Line, ...]

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"sequences": dict(self.sequences), "lines": [line.as_dict() for line in self.lines]}


# ---- the same reading on bitboards --------------------------------------------------------------

def _owned_bytes(team: str) -> bytes:
    """A translation table: b'1' for the marks that count for `team` (its chips, locked or not, and corners), b'0' else."""
    marks = {ord("*"), ord(team), ord(team.lower())}
    return bytes(ord("1") if b in marks else ord("0") for b in range(256))


_OWNED = {team: _owned_bytes(team) for team in "ABC"}
_EMPTY = bytes(ord("1") if b == ord(".") else ord("0") for b in range(256))


def owned_mask(position: Position, team: str) -> int:
    """The cells that count for `team` as a bitboard (bit i for cell i)."""
    return int(position.cells.encode().translate(_OWNED[team])[::-1], 2)


def empty_mask(position: Position) -> int:
    """The cells without a chip as a bitboard."""
    return int(position.cells.encode().translate(_EMPTY)[::-1], 2)


def reading(position: Position, team: str) -> list[int]:
    """The reading of `reference.reading_by_cells`, from the complete windows found on the bitboard.

    Windows come by line, earliest start first; a locked window is always taken, and so is any
    other that shares at most one cell with the last one taken and with every locked one.
    """
    complete = complete_windows_in(owned_mask(position, team))
    if not complete:
        return []
    forced: set[int] = set()
    if team.lower() in position.cells:
        forced = set(locked_windows(position, team))
        blocked = {c for f in forced for c in CONFLICTS_OF[f]}
        complete = [w for w in complete if w in forced or w not in blocked]
    picked, last_line, last_start = [], -1, -RUN
    for w in complete:
        window = WINDOWS[w]
        if w in forced or window.line != last_line or window.start - last_start >= RUN - 1:
            picked.append(w)
            last_line, last_start = window.line, window.start
    return picked


def count_fast(position: Position, team: str) -> int:
    """The count of `reading`: most positions have no complete window and stop at the bitboard."""
    return len(reading(position, team))


def count_sequences(position: Position, teams: tuple[str, ...] | None = None) -> SequenceCount:
    """Each team's sequence count and the lines of one best reading (line by line)."""
    teams = teams or position.teams()
    counts, lines = {}, []
    for team in teams:
        picked = sorted(reading(position, team), key=lambda n: WINDOWS[n].cells)
        counts[team] = len(picked)
        lines.extend(Line(team, WINDOWS[n].cells) for n in picked)
    return SequenceCount(counts, tuple(lines))


def protected_cells(position: Position) -> set[int]:
    """Chips no remove card may take: locked ones and those in a completed line of their team."""
    guarded = {i for i in range(len(position.cells)) if position.is_locked(i)}
    for team in "ABC":
        if team not in position.cells:
            continue
        complete = 0
        for w in complete_windows_in(owned_mask(position, team)):
            complete |= WINDOW_MASKS[w]
        guarded |= {c for c in _cells_of(complete) if position.cells[c] == team}
    return guarded


def _cells_of(mask: int) -> list[int]:
    """The cells of a bitboard, in order."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells
