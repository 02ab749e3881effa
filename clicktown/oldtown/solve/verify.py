"""Verifying the rulebook's solo scenarios: is each published solution the one and only?

Three engines find the solutions: `count` (the fast exact counter, the default), `cpsat` (the
CP-SAT model) and `constraint` (python-constraint2); the tests keep all three agreeing.

What the rulebook leads one to expect ("Die Lösung ist immer eindeutig", the correction sheet, the
footnote of solution 7) is written in each scenario's `expect` entry of scenarios.json:
  unique         exactly one solution, the published one
  two-mine-swap  exactly two solutions, one town, my buildings differing only in the two named
  not-unique     the published solution is not the only one (or not one at all)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...messages import say
from ..catalogue import Catalogue, Scenario
from ..solo import Puzzle, Solution

#: The engines by name: the fast exact counter (the default), CP-SAT, python-constraint2.
ENGINES = ("count", "cpsat", "constraint")
DEFAULT_ENGINE = "count"
LIMIT = 10


@dataclass(frozen=True)
class Verdict:
    """The outcome of verifying one scenario."""

    id: str
    level: str
    solutions: list[Solution]
    matches_published: bool
    verdict: str
    expected: str
    ok: bool
    seconds: float

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown verify --json`."""
        return {"id": self.id, "solutions": len(self.solutions), "matches_published": self.matches_published,
                "verdict": self.verdict, "expected": self.expected, "ok": self.ok,
                "seconds": round(self.seconds, 3)}


def solver(engine: str):
    """The solve function `(puzzle, limit) -> [Solution]` of an engine by name.

    CP-SAT and python-constraint2 are imported only when asked for, so the default engine
    starts in a fraction of their start-up time.
    """
    if engine == "count":
        from .count import solve
    elif engine == "cpsat":
        from .cpsat import solve
    elif engine == "constraint":
        from .csp import solve
    else:
        from ...errors import ClicktownError

        raise ClicktownError(f"unknown engine {engine!r} (known: {', '.join(ENGINES)})")
    return solve


def solve(puzzle: Puzzle, limit: int = LIMIT, engine: str = DEFAULT_ENGINE) -> list[Solution]:
    """Up to `limit` solutions of a puzzle by the named engine."""
    return solver(engine)(puzzle, limit)


def matches_published(scenario: Scenario, found: list[Solution]) -> bool:
    """Is the published town (and my buildings, where printed) among the solutions?"""
    if len(scenario.published) == 16:
        return any(s.placement == scenario.published and (scenario.mine is None or s.mine == scenario.mine)
                   for s in found)
    in_town = {b for row in scenario.remains.get("rows", []) for b in row if not b.endswith("*")}
    return bool(found) and all(in_town <= set(s.placement.values()) for s in found)


def classify(scenario: Scenario, found: list[Solution]) -> str:
    """unique / ambiguous / contradictory / mismatch."""
    if not found:
        return "contradictory"
    if len(found) > 1:
        return "ambiguous"
    return "unique" if matches_published(scenario, found) else "mismatch"


def meets_expectation(scenario: Scenario, found: list[Solution]) -> bool:
    """Does the outcome show what the rulebook implies for this scenario?"""
    expect = scenario.expect
    if expect == "unique":
        return len(found) == 1 and matches_published(scenario, found)
    if expect == "not-unique":
        return not (len(found) == 1 and matches_published(scenario, found))
    if expect == "two-mine-swap":
        return _two_mine_swap(scenario, found)
    raise ValueError(f"unknown expectation {expect!r}")


def _two_mine_swap(scenario: Scenario, found: list[Solution]) -> bool:
    swap = set(scenario.remains.get("two_solutions_differ_in_mine", []))
    if len(found) != 2 or found[0].town != found[1].town or not matches_published(scenario, found):
        return False
    return found[0].mine ^ found[1].mine == swap


def swapped_mine(scenario: Scenario) -> tuple[str, ...]:
    """The two buildings my buildings differ in between the two solutions the rulebook implies (or ())."""
    return tuple(scenario.remains.get("two_solutions_differ_in_mine", ["?", "?"])) if scenario.expect == "two-mine-swap" \
        else ()


def expectation_words(lang: str, expect: str, swap: tuple[str, ...] = (), names: dict[str, str] | None = None) -> str:
    """An expectation (`unique`, `not-unique`, `two-mine-swap` of the buildings `swap`) in a few words of `lang`."""
    if expect == "two-mine-swap":
        a, b = ((names or {}).get(x, x) for x in swap)
        return say(lang, "oldtown.expect.two_mine_swap", a=a, b=b)
    return say(lang, "oldtown.expect." + expect.replace("-", "_"))


def describe_expectation(scenario: Scenario, lang: str = "en", names: dict[str, str] | None = None) -> str:
    """The expectation in a few words, for the table (`names`: the buildings' names in `lang`)."""
    return expectation_words(lang, scenario.expect, swapped_mine(scenario), names)


def verify(catalogue: Catalogue, scenario: Scenario, engine: str = DEFAULT_ENGINE) -> Verdict:
    """Solve the scenario with the engine and judge it against the rulebook."""
    start = time.perf_counter()
    found = solver(engine)(catalogue.puzzle(scenario), LIMIT)
    seconds = time.perf_counter() - start
    return Verdict(scenario.id, scenario.level, found, matches_published(scenario, found),
                   classify(scenario, found), describe_expectation(scenario),
                   meets_expectation(scenario, found), seconds)
