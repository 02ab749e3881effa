"""Old Town generation: scenarios per second at each level, the share of drawn towns that reach
the level, where the time goes, and the fast counter against CP-SAT as the inner-loop counter
(the baseline, measured in the same run on the same drafts)."""

from __future__ import annotations

import random
import time
from collections import defaultdict

from clicktown.oldtown.solve import cpsat as model
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.puzzles.generate import OldTownGame, generate_scenarios
from clicktown.puzzles.generate import Tally, make_one

PER_LEVEL = 10
BASELINE_DRAFTS = 6


class TimedGame(OldTownGame):
    """The Old Town game with a stopwatch on each question the loop asks."""

    def __init__(self, catalogue, exact_counter: bool = False):
        super().__init__(catalogue)
        self.seconds = defaultdict(float)
        self.exact_counter = exact_counter

    def _timed(self, name, fn, *args):
        """Call fn and add its time to the named question."""
        start = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.seconds[name] += time.perf_counter() - start

    def draw(self, rng, level):
        return self._timed("draw", super().draw, rng, level)

    def count(self, draft, clues, limit):
        if self.exact_counter:
            return self._timed("count", lambda: model.count_solutions(self.puzzle(draft, clues), limit))
        return self._timed("count", super().count, draft, clues, limit)

    def grade(self, draft, clues):
        return self._timed("grade", super().grade, draft, clues)

    def recheck(self, draft, clues):
        return self._timed("recheck (CP-SAT)", super().recheck, draft, clues)


def per_level(catalogue, level: str) -> tuple[float, Tally, dict]:
    """Generate PER_LEVEL scenarios; seconds, tally and time per question."""
    game = TimedGame(catalogue)
    tally = Tally()
    start = time.perf_counter()
    found = list(generate_scenarios(catalogue, level, PER_LEVEL, seed=1, tally=tally, game=game))
    seconds = time.perf_counter() - start
    assert len(found) == PER_LEVEL
    return seconds, tally, dict(game.seconds)


def inner_loop(catalogue, exact: bool) -> float:
    """Seconds to make BASELINE_DRAFTS drafts minimal and unique with one counter or the other."""
    game = TimedGame(catalogue, exact_counter=exact)
    rng = random.Random(2)
    drafts = [game.draw(rng, "leicht") for _ in range(BASELINE_DRAFTS)]
    start = time.perf_counter()
    for draft in drafts:
        make_one(game, draft, random.Random(0), Tally())
    return time.perf_counter() - start


def main() -> None:
    """Print scenarios per second by level, where time goes, and the counter ratio."""
    catalogue = load_catalogue()
    print(f"{'level':8} {'scenarios/s':>11} {'drafts':>7} {'reach level':>11} {'unique':>7}  time by step")
    for level in ("leicht", "mittel", "schwer"):
        seconds, tally, spent = per_level(catalogue, level)
        where = ", ".join(f"{k} {v / seconds:.0%}" for k, v in sorted(spent.items(), key=lambda kv: -kv[1]))
        print(f"{level:8} {PER_LEVEL / seconds:11.2f} {tally.drafts:7d} {tally.kept / tally.drafts:11.1%} "
              f"{tally.unique / tally.drafts:7.1%}  {where}")
    fast = inner_loop(catalogue, exact=False)
    slow = inner_loop(catalogue, exact=True)
    print(f"inner loop on {BASELINE_DRAFTS} leicht drafts: fast counter {fast:.2f}s, CP-SAT counter (baseline) "
          f"{slow:.2f}s, ratio {slow / fast:.1f}x")


if __name__ == "__main__":
    main()
