"""Sequence's reference implementations: the rules written plainly, slow, and called only by the tests,
which hold the fast forms the engine and the bots use to the same answers.

  count_cpsat                the sequence count and one best reading, by CP-SAT over the candidate
                             windows (the locked sequences forced in); of `sequences.count_fast`
  count_exhaustive           the same count by branch and bound over every set of windows that fit
                             together (small cases only)
  reading_by_cells           the line-by-line reading, cell by cell; of `sequences.reading`
  placement_score_by_counts  a chip's worth read from each team's chip counts, window by window;
                             of `game.bots.placement_score` (window codes looked up in tables)
  removal_score_by_counts    the same for taking a chip; of `game.bots.removal_score`
"""

from __future__ import annotations

from .game.bots import BLOCK, OWN
from .game.state import MatchState
from .geometry import (CONFLICTS, CONFLICTS_OF, CORNERS_IN, LINES, RUN, WINDOW_AT, WINDOWS, WINDOWS_BY_CELL, Window,
                       conflicting)
from .position import Position, complete_windows, locked_windows


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


def reading_by_cells(position: Position, team: str) -> list[int]:
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


def placement_score_by_counts(state: MatchState, team: str, cell: int) -> float:
    """The same worth read from each team's chip counts, window by window (the reference of `bots.placement_score`)."""
    chips = state.window_chips
    made = state.sequences[team]
    others = [t for t in chips if t != team]
    score = 0.0
    for w in WINDOWS_BY_CELL[cell]:
        theirs = [chips[o][w] for o in others]
        if not any(theirs):
            if not any(m in CONFLICTS_OF[w] for m in made):
                score += OWN[chips[team][w] + CORNERS_IN[w]]
        elif chips[team][w] == 0:
            for o, n in zip(others, theirs):
                if n:
                    score += BLOCK[min(4, n + CORNERS_IN[w])]
    return score


def removal_score_by_counts(state: MatchState, team: str, cell: int) -> float:
    """The same worth read from each team's chip counts, window by window (the reference of `bots.removal_score`)."""
    chips = state.window_chips
    owner = state.board[cell].upper()
    score = 0.0
    for w in WINDOWS_BY_CELL[cell]:
        others = sum(chips[t][w] for t in chips if t not in (team, owner))
        mine, theirs = chips[team][w], chips[owner][w]
        if mine == 0 and others == 0:
            score += BLOCK[min(4, theirs + CORNERS_IN[w])]
        elif theirs == 1 and others == 0:
            score += OWN[min(4, mine + CORNERS_IN[w])] / 2
    return score
