"""An independent second solver of Old Town solo puzzles, on python-constraint2.

Variables are the buildings' plots: 1..16 on the board, 17 and 18 for the two buildings that stay
out of town (with 17 before 18 in building order, so each town is found once). Type-A and bound
type-B cards become domains; the other cards are constraints on the plots of the named building
and of my buildings. With my buildings unknown, every choice of them is solved in turn (a
constraint spanning all buildings would only be checked once all are placed). Tests check that
this solver and the CP-SAT model (`model.py`) give the same solutions.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from constraint import AllDifferentConstraint, FunctionConstraint, Problem

from ..solo import PLOTS, Clue, Puzzle, Solution

OUT = (17, 18)


def _plot(b: str) -> str:
    return f"plot:{b}"


def plot_domains(puzzle: Puzzle) -> dict[str, set[int]]:
    """Each building's possible plots after the cards that name it (17, 18: out of town)."""
    domains = {b: set(PLOTS) | set(OUT) for b in puzzle.buildings}
    for clue in puzzle.clues:
        if clue.kind in "AB" and clue.building is not None:
            domains[clue.building] &= set(clue.plots)
        if clue.kind == "C":
            domains[clue.building] &= set(PLOTS)
    for b in puzzle.mine or ():
        domains[b] &= set(PLOTS)
    return domains


def build_problem(puzzle: Puzzle) -> Problem | None:
    """The constraint problem of a puzzle, or None when some building has no plot left."""
    problem = Problem()
    domains = plot_domains(puzzle)
    if not all(domains.values()):
        return None
    for b in puzzle.buildings:
        problem.addVariable(_plot(b), sorted(domains[b]))
    problem.addConstraint(AllDifferentConstraint(), [_plot(b) for b in puzzle.buildings])
    for a, b in combinations(puzzle.buildings, 2):
        problem.addConstraint(FunctionConstraint(lambda x, y: not (x == 18 and y == 17)), [_plot(a), _plot(b)])
    for clue in puzzle.clues:
        _add_clue(problem, puzzle, clue)
    return problem


def _add_clue(problem: Problem, puzzle: Puzzle, clue: Clue) -> None:
    if clue.kind in "AB" and clue.building is not None:
        return  # already a domain restriction
    named = clue.building if clue.kind == "C" else None
    mine = [_plot(b) for b in puzzle.buildings if b in puzzle.mine and b != named]
    if not mine:
        problem.addConstraint(FunctionConstraint(lambda *_: False), [_plot(puzzle.buildings[0])])
    elif clue.kind == "C":
        pairs = clue.pairs
        problem.addConstraint(FunctionConstraint(lambda x, *ms: any((x, m) in pairs for m in ms)),
                              [_plot(named), *mine])
    else:
        plots = clue.plots
        problem.addConstraint(FunctionConstraint(lambda *ms: any(m in plots for m in ms)), mine)


def _with_mine_given(puzzle: Puzzle):
    """The puzzle itself, or one puzzle per choice of my buildings when they are unknown."""
    if puzzle.mine_known:
        yield puzzle
        return
    domains = plot_domains(puzzle)
    for mine in combinations(puzzle.buildings, puzzle.mine_count):
        if all(_may_answer(clue, mine, domains) for clue in puzzle.clues):
            yield replace(puzzle, mine=frozenset(mine))


def _may_answer(clue: Clue, mine, domains) -> bool:
    """Can some building of `mine` answer a card about my building, judging by plots alone?"""
    if clue.kind in "AB" and clue.building is not None:
        return True
    if clue.kind == "C":
        here = domains[clue.building]
        return any((p, q) in clue.pairs for m in mine if m != clue.building for p in here for q in domains[m])
    return any(domains[m] & clue.plots for m in mine)


def solve(puzzle: Puzzle, limit: int = 10) -> list[Solution]:
    """Up to `limit` solutions of the puzzle."""
    found = []
    for given in _with_mine_given(puzzle):
        problem = build_problem(given)
        if problem is None:
            continue
        for assignment in problem.getSolutionIter():
            found.append(_solution(given, assignment))
            if len(found) >= limit:
                return found
    return found


def _solution(puzzle: Puzzle, assignment: dict) -> Solution:
    town = {assignment[_plot(b)]: b for b in puzzle.buildings if assignment[_plot(b)] <= 16}
    return Solution.of(town, puzzle.mine)


def count_solutions(puzzle: Puzzle, limit: int = 10) -> int:
    """The number of solutions, capped at `limit`."""
    return len(solve(puzzle, limit))
