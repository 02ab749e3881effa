"""The geometry of the 10 x 10 board: cells, corners, lines and the five-cell windows on them.

Glossary used across the package:
  cell    -- an index 0..99 (row * 10 + column, row 0 at the top);
  line    -- a maximal straight run of cells across, down or along a diagonal, at least 5 long;
  window  -- five consecutive cells of one line: the cells a sequence can occupy.

Two windows "conflict" when they share two or more cells: the rules let two sequences of a team
share at most one chip, which only collinear, overlapping windows can violate.

Bitboards: a set of cells as an integer, bit i for cell i. `WINDOW_MASKS[w]` is window w so.
Every line steps by a fixed amount (1 across, 10 down, 11 and 9 along the diagonals), so a
bitboard shifted right by that step lines each cell up with the next one on its line: the cells
that start five owned cells in a row are found for a whole direction at once (`complete_windows_in`).
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 10
CELLS = range(SIZE * SIZE)
CORNERS = frozenset({0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1})
RUN = 5
DIRECTIONS = {"across": (0, 1), "down": (1, 0), "diagonal": (1, 1), "antidiagonal": (1, -1)}


def cell(row: int, col: int) -> int:
    """The cell index of (row, column)."""
    return row * SIZE + col


def row_col(index: int) -> tuple[int, int]:
    """The (row, column) of a cell index."""
    return divmod(index, SIZE)


@dataclass(frozen=True)
class Window:
    """Five consecutive cells of one line; `line` and `start` place it on that line."""

    cells: tuple[int, ...]
    line: int
    start: int


def _on_board(r: int, c: int) -> bool:
    """True when (r, c) lies on the board."""
    return 0 <= r < SIZE and 0 <= c < SIZE


def _lines() -> list[tuple[int, ...]]:
    """Every maximal straight line of at least five cells, in all four directions."""
    found = []
    for dr, dc in DIRECTIONS.values():
        for r in range(SIZE):
            for c in range(SIZE):
                if _on_board(r - dr, c - dc):
                    continue  # not the start of a line
                run = []
                rr, cc = r, c
                while _on_board(rr, cc):
                    run.append(cell(rr, cc))
                    rr, cc = rr + dr, cc + dc
                if len(run) >= RUN:
                    found.append(tuple(run))
    return found


LINES: list[tuple[int, ...]] = _lines()
WINDOWS: list[Window] = [
    Window(line[s:s + RUN], n, s) for n, line in enumerate(LINES) for s in range(len(line) - RUN + 1)
]
WINDOWS_BY_CELL: dict[int, list[int]] = {i: [] for i in CELLS}
for _w, _window in enumerate(WINDOWS):
    for _c in _window.cells:
        WINDOWS_BY_CELL[_c].append(_w)


def conflicting(a: Window, b: Window) -> bool:
    """True when two windows share two or more cells (too many for two sequences of one team)."""
    return len(set(a.cells) & set(b.cells)) >= 2


WINDOW_AT: dict[tuple[int, int], int] = {(w.line, w.start): n for n, w in enumerate(WINDOWS)}
WINDOW_CELLS: list[frozenset[int]] = [frozenset(w.cells) for w in WINDOWS]
CORNERS_IN: list[int] = [sum(1 for c in w.cells if c in CORNERS) for w in WINDOWS]

CONFLICTS: list[tuple[int, int]] = [  # only windows of one line, numbered in a row, can share two cells
    (i, j) for i in range(len(WINDOWS)) for j in range(i + 1, min(i + RUN - 1, len(WINDOWS)))
    if WINDOWS[j].line == WINDOWS[i].line
]
CONFLICTS_OF: dict[int, frozenset[int]] = {n: frozenset() for n in range(len(WINDOWS))}
for _i, _j in CONFLICTS:
    CONFLICTS_OF[_i] |= {_j}
    CONFLICTS_OF[_j] |= {_i}

WINDOW_MASKS: list[int] = [sum(1 << c for c in w.cells) for w in WINDOWS]
STEPS = tuple(dr * SIZE + dc for dr, dc in DIRECTIONS.values())  # 1, 10, 11, 9
WINDOW_STARTING: dict[int, dict[int, int]] = {step: {} for step in STEPS}  # step -> first cell -> window
for _w, _window in enumerate(WINDOWS):
    WINDOW_STARTING[_window.cells[1] - _window.cells[0]][_window.cells[0]] = _w
FIRST_CELLS: dict[int, int] = {step: sum(1 << c for c in firsts) for step, firsts in WINDOW_STARTING.items()}


def complete_windows_in(owned: int) -> list[int]:
    """The windows (numbers, in order) whose five cells are all in the bitboard `owned`."""
    found = []
    for step in STEPS:
        two = owned & (owned >> step)
        starts = two & (two >> 2 * step) & (owned >> 4 * step) & FIRST_CELLS[step]
        if starts:
            firsts = WINDOW_STARTING[step]
            while starts:
                low = starts & -starts
                found.append(firsts[low.bit_length() - 1])
                starts ^= low
    found.sort()
    return found
