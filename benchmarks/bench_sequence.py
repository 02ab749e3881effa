"""Sequence: positions counted per second, and the time to solve win-in-2 and win-in-3 puzzles.

Baselines measured in the same run: the CP-SAT count (the reference) against the closed form used
by the search; CP-SAT against the search on the same puzzles.
"""

import random
import time

from clicktown.sequence.cards import load_game
from clicktown.sequence.geometry import CELLS, CORNERS
from clicktown.sequence.position import Position
from clicktown.sequence.puzzle import generate_puzzle
from clicktown.sequence.sequences import count_cpsat, count_fast
from clicktown.sequence.solve import solve_cpsat, solve_search

POSITIONS = 300
PUZZLES = 12


def _positions(n: int) -> list[Position]:
    """Random mid-game positions (a fixed seed)."""
    rng = random.Random(0)
    return [Position("".join("*" if i in CORNERS else rng.choice("AABB...") for i in CELLS)) for _ in range(n)]


def _rate(count, positions) -> float:
    """Positions (both teams) counted per second."""
    start = time.perf_counter()
    for p in positions:
        count(p, "A"), count(p, "B")
    return len(positions) / (time.perf_counter() - start)


def _solve_time(solver, game, puzzles) -> float:
    """Mean seconds to solve each puzzle."""
    start = time.perf_counter()
    for puzzle in puzzles:
        hand = tuple(game.deck.card(n) for n in puzzle.hand)
        assert solver(game, puzzle.position, "A", hand, puzzle.turns, puzzle.needed).turns == puzzle.turns
    return (time.perf_counter() - start) / len(puzzles)


def main() -> None:
    """Print the rates, times and ratios."""
    positions = _positions(POSITIONS)
    fast, cpsat = _rate(count_fast, positions), _rate(lambda p, t: count_cpsat(p, t)[0], positions)
    print(f"count, closed form: {fast:9.0f} positions/s")
    print(f"count, CP-SAT:      {cpsat:9.0f} positions/s (baseline); closed form is {fast / cpsat:.1f}x faster")
    game = load_game("sequence")
    for turns, unique in ((2, True), (3, False)):
        puzzles = [generate_puzzle(game, seed, turns, unique) for seed in range(PUZZLES)]
        search, model = _solve_time(solve_search, game, puzzles), _solve_time(solve_cpsat, game, puzzles)
        print(f"win in {turns} puzzles: search {search * 1000:7.1f} ms, CP-SAT {model * 1000:7.1f} ms per puzzle (baseline); "
              f"search is {model / search:.1f}x faster")
    _proofs(game)


def _proofs(game) -> None:
    """Proving there is no win in 3 with two wild jacks and a one-eyed jack in hand (search's worst case)."""
    rng = random.Random(1)
    hand = tuple(game.deck.card(n) for n in ("jd", "jc", "jh", "5s", "kd"))
    timings = {solve_search: 0.0, solve_cpsat: 0.0}
    for _ in range(5):
        position = Position("".join("*" if i in CORNERS else rng.choice("AB....") for i in CELLS))
        for solver in timings:
            start = time.perf_counter()
            solver(game, position, "A", hand, 3, 2)
            timings[solver] += (time.perf_counter() - start) / 5
    search, model = timings[solve_search], timings[solve_cpsat]
    print(f"win in 3 with wild jacks (mostly no win): search {search * 1000:7.1f} ms, CP-SAT {model * 1000:7.1f} ms "
          f"(baseline); search is {model / search:.2f}x as fast")


if __name__ == "__main__":
    main()
