"""Counting a team's sequences: five of its chips in a line, the free corners counting for everyone.

Rules: a sequence is "eine zusammenhängende Reihe von fünf Spielchips derselben Farbe in einer
geraden Linie" (across, down or diagonal); a corner stands in for any team's chip; two sequences
of a team may share at most one cell ("kann ein Feld der ersten Sequence als Teil der zweiten
benutzt werden"). A long line or crossing lines can be read several ways; the count is the
largest number of sequences that can be read at once.

Three implementations answer the same question and are tested against each other:
  count_cpsat      -- CP-SAT over the candidate windows (the reference; also returns the lines);
  count_exhaustive -- tries every set of candidate windows (small cases only);
  count_fast       -- the closed form: windows only conflict on one line, so each run of L
                      cells of a team on a line holds (L - 1) // 4 sequences.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from .geometry import CONFLICTS, LINES, RUN, WINDOWS, Window, conflicting, row_col
from .position import Position


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


def complete_windows(position: Position, team: str) -> list[Window]:
    """Every window whose five cells all count for `team`."""
    return [w for w in WINDOWS if all(position.owns(c, team) for c in w.cells)]


def count_fast(position: Position, team: str) -> int:
    """The count by the closed form over runs of the team's cells on each line."""
    total = 0
    for line in LINES:
        run = 0
        for c in line + (None,):
            if c is not None and position.owns(c, team):
                run += 1
                continue
            if run >= RUN:
                total += (run - 1) // (RUN - 1)
            run = 0
    return total


def count_exhaustive(position: Position, team: str) -> int:
    """The count by branch and bound over every compatible set of candidate windows (small cases)."""
    windows = complete_windows(position, team)
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
    return best


def count_cpsat(position: Position, team: str) -> tuple[int, list[Window]]:
    """The count and one best reading, by CP-SAT; among best readings, one covering most locked chips."""
    candidates = [n for n, w in enumerate(WINDOWS) if all(position.owns(c, team) for c in w.cells)]
    if not candidates:
        return 0, []
    model = cp_model.CpModel()
    chosen = {n: model.new_bool_var(f"sequence_{n}") for n in candidates}
    for i, j in CONFLICTS:
        if i in chosen and j in chosen:
            model.add_at_most_one(chosen[i], chosen[j])
    locked = sorted({c for n in candidates for c in WINDOWS[n].cells if position.chip(c) == team.lower()})
    covered = []
    for c in locked:
        cover = model.new_bool_var(f"locked_{c}_covered")
        model.add(cover <= sum(chosen[n] for n in candidates if c in WINDOWS[n].cells))
        covered.append(cover)
    model.maximize((len(locked) + 1) * sum(chosen.values()) + sum(covered))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    assert status == cp_model.OPTIMAL, "the count model always has an optimum"
    picked = [WINDOWS[n] for n in candidates if solver.boolean_value(chosen[n])]
    return len(picked), picked


def count_sequences(position: Position, teams: tuple[str, ...] | None = None) -> SequenceCount:
    """Each team's sequence count and the lines of one best reading (CP-SAT)."""
    teams = teams or position.teams()
    counts, lines = {}, []
    for team in teams:
        n, picked = count_cpsat(position, team)
        counts[team] = n
        lines.extend(Line(team, w.cells) for w in picked)
    return SequenceCount(counts, tuple(lines))


def protected_cells(position: Position) -> set[int]:
    """Chips no remove card may take: locked ones and those in a completed line of their team."""
    guarded = {i for i in range(len(position.cells)) if position.is_locked(i)}
    for team in "ABC":
        guarded |= {c for w in complete_windows(position, team) for c in w.cells if position.team_at(c) == team}
    return guarded
