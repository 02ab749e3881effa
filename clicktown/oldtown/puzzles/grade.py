"""Grading Old Town solo puzzles: the hardest rung of the deduction ladder needed, and its steps.

  level      from the hardest tier (see `deduce.TIERS`): tiers 1-2 leicht, 3 mittel, 4 and up
             schwer; a puzzle longer than LONG_STEPS steps goes up one level. A puzzle the
             solver cannot finish is "needs search" (one solution, but only guessing finds it),
             "ambiguous" (more than one town) or "contradictory" (none). A puzzle whose town the
             deductions complete while my buildings stay one of two or more sets (the rulebook's
             scenario 7) is graded on its deductions and reported with its solutions.
  score      hardest tier * 1000 + steps: the order used for the rank correlation with the
             rulebook's printed levels (leicht < mittel < schwer).

Calibration against the printed levels ("Das erste Spiel ist das leichteste, das achte das
schwerste"; 1-2 leicht, 3-5 mittel, 6-8 schwer) is in docs/oldtown-generation.md.
Regenerate the measured grades of the rulebook scenarios that the tests assert with:
    .venv/bin/python -m clicktown.oldtown.puzzles.grade --write tests/data/oldtown_grades.json
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass

from ..catalogue import LEVELS, Catalogue, Scenario, load_catalogue
from ..solve.count import count_solutions
from .deduce import SEARCH_TIER, Deduction, deduce
from ..solo import Puzzle

LEVEL_OF_TIER = {0: "leicht", 1: "leicht", 2: "leicht", 3: "mittel", 4: "schwer", 5: "schwer", 6: "schwer"}
LONG_STEPS = 60
UNFINISHED = ("needs search", "ambiguous", "contradictory")


@dataclass(frozen=True)
class Grade:
    """The grade of one puzzle."""

    id: str
    level: str
    printed: str
    techniques: tuple[str, ...]
    steps: int
    needs_search: bool
    solutions: int  # capped at 2
    hardest: int

    @property
    def score(self) -> int:
        """Hardest tier, then steps: bigger is harder."""
        return self.hardest * 1000 + self.steps

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown grade --json`."""
        return {"id": self.id, "level": self.level, "techniques": list(self.techniques), "steps": self.steps,
                "needs_search": self.needs_search, "printed": self.printed, "solutions": self.solutions,
                "hardest_tier": self.hardest}


def level_of(deduction: Deduction, solutions: int) -> str:
    """The level a deduction earns (or why it earns none)."""
    if solutions == 0:
        return "contradictory"
    if solutions > 1 and deduction.status != "town":
        return "ambiguous"
    if deduction.status not in ("solved", "town"):
        return "needs search"
    level = LEVEL_OF_TIER[deduction.hardest]
    if len(deduction.steps) > LONG_STEPS and level != LEVELS[-1]:
        level = LEVELS[LEVELS.index(level) + 1]
    return level


def grade_puzzle(puzzle: Puzzle, ident: str = "", printed: str = "", solutions: int | None = None,
                 deduction: Deduction | None = None) -> Grade:
    """Grade a puzzle; `solutions` (capped at 2) is counted when not given."""
    deduction = deduction or deduce(puzzle)
    if solutions is None:
        solutions = count_solutions(puzzle, 2)
    level = level_of(deduction, solutions)
    return Grade(ident, level, printed, tuple(deduction.techniques), len(deduction.steps),
                 level in UNFINISHED, solutions, deduction.hardest)


def grade_scenario(catalogue: Catalogue, scenario: Scenario) -> Grade:
    """Grade a scenario of the catalogue (or a generated one)."""
    return grade_puzzle(catalogue.puzzle(scenario), scenario.id, scenario.level)


# -- calibration against the rulebook -------------------------------------------------------------

def calibration(grades: list[Grade]) -> dict:
    """How many grades land in their printed level, and the rank correlation of score and level.

    Rows without a solution (the first printing of 5, replaced by the correction sheet) are
    listed apart: they have no difficulty to compare.
    """
    printed = [g for g in grades if g.printed in LEVELS and g.level != "contradictory"]
    hits = sum(1 for g in printed if g.level == g.printed)
    rho = spearman([LEVELS.index(g.printed) for g in printed], [_rank_score(g) for g in printed])
    return {"in_printed_level": hits, "of": len(printed), "spearman": rho,
            "contradictory": [g.id for g in grades if g.level == "contradictory"]}


def _rank_score(g: Grade) -> int:
    """The score for ranking; unfinished puzzles rank hardest."""
    return SEARCH_TIER * 1000 if g.level in UNFINISHED else g.score


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation (ties get their average rank); None if either side is constant."""
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return round(sxy / (sxx * syy) ** 0.5, 4)


def _ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def rulebook_grades(catalogue: Catalogue | None = None) -> list[Grade]:
    """The grades of every built-in scenario."""
    catalogue = catalogue or load_catalogue()
    return [grade_scenario(catalogue, s) for s in catalogue.scenarios.values()]


def main(argv: list[str] | None = None) -> None:
    """`python -m clicktown.oldtown.puzzles.grade --write FILE`: store the rulebook scenarios' grades."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", metavar="FILE", required=True, help="Where to write the grades (JSON).")
    args = parser.parse_args(argv)
    grades = rulebook_grades()
    document = {"note": "Measured grades of the built-in solo scenarios; regenerate with "
                        "`.venv/bin/python -m clicktown.oldtown.puzzles.grade --write tests/data/oldtown_grades.json`.",
                "grades": [g.as_dict() for g in grades], "calibration": calibration(grades)}
    from ...writing import write_file

    write_file(args.write, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
