"""An independent second solver of Old Town solo puzzles, on python-constraint2.

Variables are the buildings' plots: 1..16 on the board, 17 and 18 for the two buildings that stay
out of town (with 17 before 18 in building order, so each town is found once). With my buildings
unknown, a 0/1 variable per building says whether it is mine. Tests check that this solver and
the CP-SAT model (`model.py`) give the same solutions.
"""

from __future__ import annotations

from itertools import combinations

from constraint import AllDifferentConstraint, ExactSumConstraint, FunctionConstraint, Problem

from .solo import PLOTS, Clue, Puzzle, Solution

OUT = (17, 18)


def _plot(b: str) -> str:
    return f"plot:{b}"


def _mine(b: str) -> str:
    return f"mine:{b}"


def build_problem(puzzle: Puzzle) -> Problem:
    """The constraint problem of a puzzle."""
    problem = Problem()
    domains = {b: set(PLOTS) | set(OUT) for b in puzzle.buildings}
    for clue in puzzle.clues:
        if clue.kind in "AB" and clue.building is not None:
            domains[clue.building] &= set(clue.plots)
        if clue.kind == "C":
            domains[clue.building] &= set(PLOTS)
    for b in puzzle.mine or ():
        domains[b] &= set(PLOTS)
    for b in puzzle.buildings:
        problem.addVariable(_plot(b), sorted(domains[b]))
    problem.addConstraint(AllDifferentConstraint(), [_plot(b) for b in puzzle.buildings])
    for a, b in combinations(puzzle.buildings, 2):
        problem.addConstraint(FunctionConstraint(lambda x, y: not (x == 18 and y == 17)), [_plot(a), _plot(b)])
    if not puzzle.mine_known:
        for b in puzzle.buildings:
            problem.addVariable(_mine(b), [0, 1])
            problem.addConstraint(FunctionConstraint(lambda flag, at: not flag or at <= 16), [_mine(b), _plot(b)])
        problem.addConstraint(ExactSumConstraint(puzzle.mine_count), [_mine(b) for b in puzzle.buildings])
    for clue in puzzle.clues:
        _add_clue(problem, puzzle, clue)
    return problem


def _add_clue(problem: Problem, puzzle: Puzzle, clue: Clue) -> None:
    if clue.kind in "AB" and clue.building is not None:
        return  # already a domain restriction
    named = clue.building if clue.kind == "C" else None
    candidates = [b for b in puzzle.buildings if b != named]
    if puzzle.mine_known:
        candidates = [b for b in candidates if b in puzzle.mine]
        if not candidates:
            problem.addConstraint(FunctionConstraint(lambda *_: False), [_plot(puzzle.buildings[0])])
            return
        variables = [_plot(b) for b in candidates]
        flags = None
    else:
        variables = [v for b in candidates for v in (_plot(b), _mine(b))]
        flags = True
    if clue.kind == "C":
        pairs = clue.pairs

        def related(x, *rest, pairs=pairs, flags=flags):
            mine = _my_plots(rest, flags)
            return any((x, m) in pairs for m in mine)

        problem.addConstraint(FunctionConstraint(related), [_plot(named), *variables])
    else:
        plots = clue.plots

        def inside(*rest, plots=plots, flags=flags):
            return any(m in plots for m in _my_plots(rest, flags))

        problem.addConstraint(FunctionConstraint(inside), variables)


def _my_plots(values, flags) -> list[int]:
    """Plots of my buildings from the constraint's arguments."""
    if flags is None:
        return list(values)
    return [values[i] for i in range(0, len(values), 2) if values[i + 1]]


def solve(puzzle: Puzzle, limit: int = 10) -> list[Solution]:
    """Up to `limit` solutions of the puzzle."""
    found = []
    for assignment in build_problem(puzzle).getSolutionIter():
        found.append(_solution(puzzle, assignment))
        if len(found) >= limit:
            break
    return found


def _solution(puzzle: Puzzle, assignment: dict) -> Solution:
    town = {assignment[_plot(b)]: b for b in puzzle.buildings if assignment[_plot(b)] <= 16}
    if puzzle.mine_known:
        mine = puzzle.mine
    else:
        mine = {b for b in puzzle.buildings if assignment[_mine(b)]}
    return Solution.of(town, mine)


def count_solutions(puzzle: Puzzle, limit: int = 10) -> int:
    """The number of solutions, capped at `limit`."""
    return len(solve(puzzle, limit))
