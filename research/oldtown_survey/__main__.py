"""`python -m research.oldtown_survey`: see the package docstring."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from clicktown.oldtown.catalogue import LEVELS, load_catalogue
from clicktown.oldtown.puzzles.deduce import TIERS
from clicktown.oldtown.puzzles.generate import OldTownGame, card_mix, generate_scenarios, only_solution
from clicktown.oldtown.puzzles.grade import grade_scenario
from clicktown.oldtown.solve import count, cpsat
from clicktown.puzzles.generate import Tally, make_one

RUNG_OF_TIER = {}
for name, tier in TIERS.items():
    RUNG_OF_TIER.setdefault(tier, name)


def hardest_rung(techniques) -> str:
    """The technique of the highest tier used."""
    return max(techniques, key=lambda t: TIERS[t])


def level_mix(catalogue, drafts: int, seed: int) -> Counter:
    """The grades of the minimal unique puzzles in the rulebook's mix made from `drafts` drafts, recipes in turn."""
    game, rng = OldTownGame(catalogue), random.Random(seed)
    levels = Counter()
    made = 0
    while made < drafts:
        recipe = LEVELS[made % 3]
        one = make_one(game, game.draw(rng, recipe), rng, Tally())
        if one is None:
            continue
        made += 1
        levels[one.grade.level] += 1
    return levels


def spread(values) -> str:
    """'min / median / max'."""
    values = sorted(values)
    return f"{values[0]} / {statistics.median(values):g} / {values[-1]}"


def removed(catalogue, scenario, number):
    """The scenario's puzzle without one card."""
    puzzle = catalogue.puzzle(scenario)
    return type(puzzle)(tuple(c for c in puzzle.clues if c.card != number), puzzle.buildings, puzzle.mine,
                        puzzle.mine_count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-level", type=int, default=100)
    parser.add_argument("--mix", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpsat-minimal", type=int, default=20, help="scenarios per level checked minimal by CP-SAT")
    args = parser.parse_args()
    catalogue = load_catalogue()
    start = time.perf_counter()
    mix = level_mix(catalogue, args.mix, args.seed)
    print(f"Level mix of {args.mix} minimal unique drafts in the rulebook's card mix "
          f"(recipes in turn, seed {args.seed}): " + ", ".join(f"{k} {v}" for k, v in sorted(mix.items())))
    print(f"({time.perf_counter() - start:.0f} s)\n")
    rows = {}
    rulebook = [s for s in catalogue.scenarios.values() if s.id != "5-first-printing"]
    rows["rulebook"] = [(s, grade_scenario(catalogue, s)) for s in rulebook]
    checks = Counter()
    for level in LEVELS:
        start = time.perf_counter()
        found = list(generate_scenarios(catalogue, level, args.per_level, args.seed))
        seconds = time.perf_counter() - start
        rows[level] = [(g.scenario, g.grade) for g in found]
        for i, g in enumerate(found):
            puzzle = catalogue.puzzle(g.scenario)
            checks[level, "unique (CP-SAT)"] += only_solution(puzzle, g.solution)
            numbers = g.scenario.card_numbers
            checks[level, "minimal (counter)"] += all(count.count_solutions(removed(catalogue, g.scenario, n), 2) == 2
                                                      for n in numbers)
            if i < args.cpsat_minimal:
                checks[level, "minimal (CP-SAT)"] += all(
                    cpsat.count_solutions(removed(catalogue, g.scenario, n), 2) == 2 for n in numbers)
            mixed = card_mix(catalogue, numbers)
            checks[level, "in the rulebook's ranges"] += (11 <= mixed["A"] <= 15 and mixed["B"] <= 8
                                                          and 3 <= mixed["C"] <= 7)
        print(f"{level}: {args.per_level} in {seconds:.1f} s ({args.per_level / seconds:.1f}/s)")
    print()
    print("| scenarios | n | A cards | B cards | C cards | my buildings (1/2/3/unknown) | steps | hardest rung |")
    print("|---|---|---|---|---|---|---|---|")
    for name, items in rows.items():
        mixes = [card_mix(catalogue, s.card_numbers) for s, _ in items]
        mine = Counter("unknown" if s.mine is None else len(s.mine) for s, _ in items)
        rungs = Counter(hardest_rung(g.techniques) for _, g in items)
        print(f"| {name} | {len(items)} | {spread([m['A'] for m in mixes])} | {spread([m['B'] for m in mixes])} | "
              f"{spread([m['C'] for m in mixes])} | {mine[1]}/{mine[2]}/{mine[3]}/{mine['unknown']} | "
              f"{spread([g.steps for _, g in items])} | "
              + ", ".join(f"{r} {k}" for r, k in sorted(rungs.items(), key=lambda rk: TIERS[rk[0]])) + " |")
    print()
    print("| level | check | passed |")
    print("|---|---|---|")
    for (level, what), k in sorted(checks.items()):
        n = args.cpsat_minimal if what == "minimal (CP-SAT)" else args.per_level
        print(f"| {level} | {what} | {k} of {min(n, args.per_level)} |")
    print()
    print("| technique | tier | " + " | ".join(rows) + " |")
    print("|---|---|" + "---|" * len(rows))
    for t, tier in TIERS.items():
        print(f"| {t} | {tier} | " + " | ".join(f"{sum(t in g.techniques for _, g in items)}" for items in rows.values())
              + " |")


if __name__ == "__main__":
    main()
