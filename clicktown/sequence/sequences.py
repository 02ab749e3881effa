"""Counting a team's sequences: five of its chips in a line, the free corners counting for everyone.

Rules: a sequence is "eine zusammenhängende Reihe von fünf Spielchips derselben Farbe in einer
geraden Linie" (across, down or diagonal); a corner stands in for any team's chip; two sequences
of a team may share at most one cell ("kann ein Feld der ersten Sequence als Teil der zweiten
benutzt werden"). The locked chips are the team's completed sequences (`position.locked_windows`):
they always count, and every other sequence read shares at most one cell with each of them. Beyond
that, long or crossing lines can be read several ways; the count is the largest number of
sequences that can be read at once.

Three implementations answer the same question and are tested against each other:
  count_cpsat      -- CP-SAT over the candidate windows (the reference);
  count_exhaustive -- tries every set of candidate windows (small cases only);
  count_fast       -- windows only conflict on their own line, so each line is read on its own:
                      from one end, take every window that fits after the last one taken and
                      before the next locked one (the reading `count_sequences` prints).
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import CONFLICTS, LINES, RUN, WINDOW_AT, WINDOWS, Window, conflicting, row_col
from .position import Position, complete_windows, locked_windows

__all__ = ["Line", "SequenceCount", "complete_windows", "count_cpsat", "count_exhaustive", "count_fast",
           "count_sequences", "protected_cells", "reading"]


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


def reading(position: Position, team: str) -> list[int]:
    """The team's sequences (window numbers): its locked ones, and on each line the windows that fit."""
    forced = set(locked_windows(position, team))
    picked = []
    for n_line, line in enumerate(LINES):
        owned = [position.owns(c, team) for c in line]
        starts = [s for s in range(len(line) - RUN + 1) if WINDOW_AT[n_line, s] in forced]
        last, upcoming = -RUN, iter(starts + [len(line) + RUN])
        next_forced = next(upcoming)
        for s in range(len(line) - RUN + 1):
            if s == next_forced:
                picked.append(WINDOW_AT[n_line, s])
                last, next_forced = s, next(upcoming)
            elif s - last >= RUN - 1 and next_forced - s >= RUN - 1 and all(owned[s:s + RUN]):
                picked.append(WINDOW_AT[n_line, s])
                last = s
    return picked


def count_fast(position: Position, team: str) -> int:
    """The count by reading each line on its own."""
    return len(reading(position, team))


def count_exhaustive(position: Position, team: str) -> int:
    """The count by branch and bound over every compatible set of candidate windows (small cases)."""
    forced = [WINDOWS[n] for n in locked_windows(position, team)]
    windows = [w for w in complete_windows(position, team)
               if w not in forced and not any(conflicting(w, f) for f in forced)]
    best = 0

    def grow(k: int, chosen: list[Window]) -> None:
        nonlocal best
        best = max(best, len(chosen))
        if k == len(windows) or len(chosen) + len(windows) - k <= best:
            return
        if not any(conflicting(windows[k], w) for w in chosen):
            grow(k + 1, chosen + [windows[k]])
        grow(k + 1, chosen)

    grow(0, [])
    return best + len(forced)


def count_cpsat(position: Position, team: str) -> tuple[int, list[Window]]:
    """The count and one best reading, by CP-SAT (the locked sequences are always in it)."""
    from ortools.sat.python import cp_model

    candidates = [n for n, w in enumerate(WINDOWS) if all(position.owns(c, team) for c in w.cells)]
    if not candidates:
        return 0, []
    model = cp_model.CpModel()
    chosen = {n: model.new_bool_var(f"sequence_{n}") for n in candidates}
    for n in locked_windows(position, team):
        model.add(chosen[n] == 1)
    for i, j in CONFLICTS:
        if i in chosen and j in chosen:
            model.add_at_most_one(chosen[i], chosen[j])
    model.maximize(sum(chosen.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    assert status == cp_model.OPTIMAL, "the count model always has an optimum"
    picked = [WINDOWS[n] for n in candidates if solver.boolean_value(chosen[n])]
    return len(picked), picked


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
        guarded |= {c for w in complete_windows(position, team) for c in w.cells if position.team_at(c) == team}
    return guarded
