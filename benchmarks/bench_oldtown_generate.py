"""Old Town generation: scenarios per second at each level, the generator against the one it
replaced (read from the project's history at BASELINE_REV, measured in the same run, same
catalogue, same seeds), against itself before the deduction ladder on bit masks, the witness
masks and the one-by-one drawing (BEFORE_REV), against the previous generator (PREVIOUS_REV, the
same random numbers: it makes the same scenarios, which the benchmark checks), and where the time
goes.

The rates are measured on the plain generator, with no stopwatch inside; the time by step comes
from a separate run with a stopwatch on each of the loop's questions (`TimedGame`), which costs
time of its own, so it gives shares only.

The baseline's levels followed the format (schwer = my buildings unknown); the generator's follow
the grader's measured difficulty and the rulebook's card mix, so a schwer here is a harder thing.
Since BEFORE_REV the drawing takes its random numbers in another order (cards and plots drawn one
at a time, hopeless towns dropped early: the same law, other scenarios for a seed), so every
scenario made here is checked unique and minimal by the counter instead of compared with before.
"""

from __future__ import annotations

import time
from collections import defaultdict

from clicktown.oldtown.catalogue import load_catalogue, scenario_from_json
from clicktown.oldtown.solve.count import count_solutions
from clicktown.oldtown.puzzles.generate import OldTownGame, generate_scenarios
from clicktown.puzzles.generate import Tally
from .baseline import module_from_history

#: The generator before the deduction ladder and the propagating counter: its counter, deduction
#: solver, grader, generator and shared loop, as they stood at this commit.
BASELINE_REV = "4c8388c7a12b8bd3b9572fa35847f02cfd09636c"
BASELINE_MODULES = {
    "count": "clicktown/oldtown/solve/count.py",
    "deduce": "clicktown/oldtown/puzzles/deduce.py",
    "grade": "clicktown/oldtown/puzzles/grade.py",
    "generate": "clicktown/oldtown/puzzles/generate.py",
    "loop": "clicktown/puzzles/generate.py",
}
BASELINE_IMPORTS = {
    "from ...errors import": "from clicktown.errors import",
    "from ..errors import": "from clicktown.errors import",
    "from ...puzzles.generate import": "from .loop import",
    "from ..solve.count import": "from .count import",
    "from ..solve.cpsat import": "from clicktown.oldtown.solve.cpsat import",
    "from ..catalogue import": "from clicktown.oldtown.catalogue import",
    "from ..solo import": "from clicktown.oldtown.solo import",
}
#: The generator before the deduction ladder on bit masks, the witness masks and the one-by-one drawing.
BEFORE_REV = "93b1d3e"
BEFORE_MODULES = {**BASELINE_MODULES, "witness": "clicktown/oldtown/puzzles/witness.py"}
#: The generator before the pair drawing step, the lazily filed witness masks, the cached partners
#: in the counter and the ladder's shortcuts: the same scenarios for a seed.
PREVIOUS_REV = "e394c002c6ce974ebf025ea9230a083a67b2dd3e"
PREVIOUS_MODULES = {**BEFORE_MODULES, "ladder": "clicktown/oldtown/puzzles/ladder.py"}
PER_LEVEL = 10
SEEDS = (1, 2)
#: The previous generator and this one are each timed this many times, in turn (the best counts).
ROUNDS = 3


class TimedGame(OldTownGame):
    """The Old Town game with a stopwatch on each question the loop asks."""

    def __init__(self, catalogue):
        super().__init__(catalogue)
        self.seconds = defaultdict(float)

    def _timed(self, name, fn, *args):
        start = time.process_time()
        try:
            return fn(*args)
        finally:
            self.seconds[name] += time.process_time() - start

    def draw(self, rng, level):
        return self._timed("draw", super().draw, rng, level)

    def count(self, draft, clues, limit):
        return self._timed("count", super().count, draft, clues, limit)

    def unique_without(self, draft, clues, clue):
        return self._timed("count", super().unique_without, draft, clues, clue)

    def grade(self, draft, clues):
        return self._timed("grade", super().grade, draft, clues)

    def recheck(self, draft, clues):
        return self._timed("recheck", super().recheck, draft, clues)


def unique_and_minimal(catalogue, made: dict) -> bool:
    """One solution (the published one) by the counter, and two or more without any one card."""
    scenario = scenario_from_json(made)
    if count_solutions(catalogue.puzzle(scenario), 2) != 1:
        return False
    for number in scenario.card_numbers:
        data = dict(made, a=[n for n in made["a"] if n != number], c=[n for n in made["c"] if n != number],
                    b=[x for x in made["b"] if x["card"] != number])
        if count_solutions(catalogue.puzzle(scenario_from_json(data)), 2) != 2:
            return False
    return True


def rate(make, made: list | None = None) -> tuple[float, float]:
    """Scenarios per CPU second over SEEDS (PER_LEVEL each), and the CPU seconds taken (CPU time:
    other work on the shared machine weighs less); the scenarios found go to `made`."""
    start = time.process_time()
    for seed in SEEDS:
        found = list(make(seed))
        assert len(found) == PER_LEVEL
        if made is not None:
            made += [g.as_dict() for g in found]
    seconds = time.process_time() - start
    return PER_LEVEL * len(SEEDS) / seconds, seconds


def main() -> None:
    baseline = module_from_history("oldtown_generator_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS,
                                   "generate")
    before = module_from_history("oldtown_generator_before", BEFORE_REV, BEFORE_MODULES, BASELINE_IMPORTS,
                                 "generate")
    previous = module_from_history("oldtown_generator_previous", PREVIOUS_REV, PREVIOUS_MODULES, BASELINE_IMPORTS,
                                   "generate")
    catalogue = load_catalogue()
    for generator in (baseline, before, previous):  # first-use costs out of the timing
        list(generator.generate_scenarios(catalogue, "leicht", 1, 0))
    list(generate_scenarios(catalogue, "leicht", 1, 0))
    print(f"{PER_LEVEL} scenarios per level and seed, seeds {SEEDS}, one core, CPU time:")
    print(f"{'level':8} {'baseline/s':>10} {'before/s':>8} {'previous/s':>10} {'now/s':>8} {'ratio':>6} {'/before':>7} "
          f"{'/previous':>9}  {'drafts':>6} {'kept':>6}  time by step (now, a separate timed run)")
    for level in ("leicht", "mittel", "schwer"):
        old, _ = rate(lambda seed: baseline.generate_scenarios(catalogue, level, PER_LEVEL, seed))
        earlier, _ = rate(lambda seed: before.generate_scenarios(catalogue, level, PER_LEVEL, seed))
        tallies: list = []

        def made(seed, game=None):
            tallies.append(Tally())
            return generate_scenarios(catalogue, level, PER_LEVEL, seed, tally=tallies[-1], game=game)

        last: list = []
        now: list = []
        prior = new = 0.0
        for round_ in range(ROUNDS):  # in turn, the best of each: the shared machine's load weighs less
            first = round_ == 0  # the scenarios and tallies of the first round are checked and shown
            prior = max(prior, rate(lambda seed: previous.generate_scenarios(catalogue, level, PER_LEVEL, seed),
                                    last if first else None)[0])
            new = max(new, rate(made, now if first else None)[0])
        assert all(unique_and_minimal(catalogue, made) for made in now), "a scenario is not unique and minimal"
        assert now == last, "the same seed made other scenarios than the previous generator"
        shown = tallies[:len(SEEDS)]
        tally = Tally(sum(t.drafts for t in shown), sum(t.unique for t in shown), sum(t.kept for t in shown))
        print(f"{level:8} {old:10.2f} {earlier:8.2f} {prior:10.2f} {new:8.2f} {new / old:5.1f}x {new / earlier:6.2f}x "
              f"{new / prior:8.2f}x  {tally.drafts:6d} {tally.kept / tally.drafts:6.1%}  {steps(made)}")


def steps(made) -> str:
    """Where the time goes, as shares of a run with a stopwatch on each question the loop asks."""
    game = TimedGame(load_catalogue())
    _, seconds = rate(lambda seed: made(seed, game))
    return ", ".join(f"{k} {v / seconds:.0%}" for k, v in sorted(game.seconds.items(), key=lambda kv: -kv[1]))


if __name__ == "__main__":
    main()
