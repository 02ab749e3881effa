"""A board position in the plain text format, and the chips on it.

The format: 10 lines of 10 characters, row 0 at the top; `*` on the four corners (and only there),
`.` an empty cell, `A`/`B`/`C` a team's chip, `a`/`b`/`c` that team's chip locked in a completed
sequence (it can no longer be removed). Blank lines and lines starting with `#` are ignored.
A corner belongs to every team ("Alle Spieler verwenden sie so, als ob sich ihr farbiger
Spielchip in der Ecke befindet").

The locked chips are the team's completed sequences. `locked_windows` reads them back as windows:
on each line, the set of fully locked windows (no two sharing two cells) that covers most of the
locked chips not already explained by a locked window on another line; ties go to more windows,
then to the earlier ones. A second sequence may share only one cell with each completed one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..errors import DataError
from .geometry import CELLS, CORNERS, SIZE, WINDOWS, Window, row_col
from .text_shapes import position_rows

TEAMS = "ABC"
EMPTY = "."
FREE = "*"
_CHIPS = set(TEAMS) | set(TEAMS.lower())


@dataclass(frozen=True)
class Position:
    """The 100 cells of a board position, row by row, as the format's characters."""

    cells: str

    def chip(self, index: int) -> str:
        """The character on a cell."""
        return self.cells[index]

    def team_at(self, index: int) -> str | None:
        """The team whose chip is on a cell (None for empty cells and corners)."""
        ch = self.cells[index]
        return ch.upper() if ch in _CHIPS else None

    def is_empty(self, index: int) -> bool:
        """True for a cell without a chip (corners are never empty: they are free for all)."""
        return self.cells[index] == EMPTY

    def is_locked(self, index: int) -> bool:
        """True for a chip locked in a completed sequence."""
        return self.cells[index] in TEAMS.lower()

    def owns(self, index: int, team: str) -> bool:
        """True when the cell counts for `team`: its own chip or a free corner."""
        ch = self.cells[index]
        return ch == FREE or ch.upper() == team

    def teams(self) -> tuple[str, ...]:
        """The teams in play: A and B always, C as soon as one of its chips is on the board."""
        return ("A", "B", "C") if any(ch in "Cc" for ch in self.cells) else ("A", "B")

    def with_chip(self, index: int, ch: str) -> "Position":
        """A copy with `ch` on a cell."""
        return Position(self.cells[:index] + ch + self.cells[index + 1:])

    def rows(self) -> list[str]:
        """The position as 10 strings of 10 characters."""
        return [self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]

    def text(self) -> str:
        """The position in the text format."""
        return "\n".join(self.rows()) + "\n"

    def chips(self, team: str) -> list[int]:
        """The cells holding `team`'s chips."""
        return [i for i in CELLS if self.team_at(i) == team]

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"rows": self.rows()}


def empty_position() -> Position:
    """The board before the first chip: free corners, every other cell empty."""
    return Position("".join(FREE if i in CORNERS else EMPTY for i in CELLS))


def parse_position(text: str, source: str = "") -> Position:
    """A Position from the text format, or a DataError naming `source`, the row and what was found.

    The shape (ten rows of ten marks, the corners) is checked by `text_shapes.position_rows`, the
    plain form of `schema.PositionRows` with the same errors; the locks (every locked chip in a
    locked line) here, in the same format.
    """
    source = source or "position"
    rows = [line.strip() for line in text.splitlines()]
    rows = [line for line in rows if line and not line.startswith("#")]
    position = Position("".join(position_rows(rows, source)))
    _check_locks(position, source)
    return position


def complete_windows(position: Position, team: str) -> list[Window]:
    """Every window whose five cells all count for `team`."""
    return [w for w in WINDOWS if all(position.owns(c, team) for c in w.cells)]


_ONLY_LOCKS = str.maketrans({ch: EMPTY for ch in TEAMS})


def locked_windows(position: Position, team: str) -> tuple[int, ...]:
    """The team's completed sequences as its locked chips show them (window numbers)."""
    return _locked_reading(position.cells.translate(_ONLY_LOCKS), team.lower())


@lru_cache(maxsize=8192)
def _locked_reading(locks: str, mark: str) -> tuple[int, ...]:
    """The reading of one team's locked chips; `locks` holds only corners and locked chips."""
    if mark not in locks:
        return ()
    fully = [n for n, w in enumerate(WINDOWS)
             if all(locks[c] in (mark, FREE) for c in w.cells) and any(locks[c] == mark for c in w.cells)]
    picked: list[int] = []
    for line in sorted({WINDOWS[n].line for n in fully}):
        here = [n for n in fully if WINDOWS[n].line == line]
        elsewhere = {c for n in fully if WINDOWS[n].line != line for c in WINDOWS[n].cells}
        best, best_key = (), None
        for size in range(1, len(here) + 1):
            for chosen in combinations(here, size):
                starts = [WINDOWS[n].start for n in chosen]
                if any(b - a < 4 for a, b in zip(starts, starts[1:])):
                    continue
                cover = {c for n in chosen for c in WINDOWS[n].cells if locks[c] == mark and c not in elsewhere}
                key = (len(cover), size, [-s for s in starts])
                if best_key is None or key > best_key:
                    best, best_key = chosen, key
        picked.extend(best)
    return tuple(sorted(picked))


def _check_locks(position: Position, source: str) -> None:
    """Every locked chip must lie in a line of five locked chips (or corners) of its team."""
    for team in TEAMS:
        mark = team.lower()
        covered = {c for w in WINDOWS if all(position.chip(c) in (mark, FREE) for c in w.cells) for c in w.cells}
        for i in CELLS:
            if position.chip(i) == mark and i not in covered:
                r, c = row_col(i)
                raise DataError(f"{source}: rows[{r}]: expected the locked chip {mark!r} at column {c} in a line of "
                                f"five locked chips of team {team} (or corners), found none")
