"""Old Town's marker game: full 4-player games per minute, and the matching filter against CP-SAT.

1. Full 4-player games with greedy bots on one core (target: at least 100 per minute). Baseline
   measured in the same run: the same number of games with random bots, whose many wrong "stop"
   calls and unplanned moves make long games.
2. Every forced marker of the same reachable boards, found by the matching filter (Régin's
   all-different filter: augmenting paths and Tarjan's components, its cache emptied before
   every board) and by CP-SAT (one solve per marker not yet seen on a solution); both must
   agree. Target: the filter at least 10x faster.
"""

import random
import time

from clicktown.arena.state import RandomBot, resolve_chance
from clicktown.oldtown.game import deduce
from clicktown.oldtown.game.simulate import _catalogue, play_one
from clicktown.oldtown.game.state import new_game

GAMES = 60
BOARDS = 300


def _games_per_minute(bots: tuple[str, ...]) -> float:
    start = time.perf_counter()
    for index in range(GAMES):
        play_one(index, 1000 + index, 4, bots)
    return GAMES * 60 / (time.perf_counter() - start)


def _boards(count: int) -> list:
    """Distinct boards with markers met in random 4-player games (a fixed seed)."""
    cat, boards, keys, seed = _catalogue(), [], set(), 0
    while len(boards) < count:
        state, rng, bot = new_game(cat, 4, record=False), random.Random(seed), RandomBot()
        seed += 1
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            if state.town.markers and state.town.key() not in keys:
                keys.add(state.town.key())
                boards.append(state.town.copy())
            state.apply_action(bot.choose(state, rng))
    return boards[:count]


def main() -> None:
    """Print the rates, times and ratios."""
    play_one(0, 0, 4, ("greedy",) * 4)  # load the catalogue before timing
    greedy = _games_per_minute(("greedy",) * 4)
    baseline = _games_per_minute(("random",) * 4)
    verdict = "meets" if greedy >= 100 else "MISSES"
    print(f"4-player games, greedy bots: {greedy:7.0f} per minute on one core ({verdict} the target of 100)")
    print(f"4-player games, random bots: {baseline:7.0f} per minute (baseline); greedy games are {greedy / baseline:.1f}x as fast")
    boards = _boards(BOARDS)
    start = time.perf_counter()
    fast = []
    for town in boards:
        deduce.clear_caches()
        fast.append(deduce.forced_removals(town.markers, town.free))
    filter_time = (time.perf_counter() - start) / len(boards)
    start = time.perf_counter()
    slow = [deduce.forced_removals_cpsat(town.markers) for town in boards]
    cpsat_time = (time.perf_counter() - start) / len(boards)
    assert fast == slow, "the matching filter and CP-SAT disagree"
    ratio = cpsat_time / filter_time
    print(f"forced markers on {len(boards)} boards: matching filter {filter_time * 1000:.3f} ms, "
          f"CP-SAT {cpsat_time * 1000:.3f} ms per board (baseline); the filter is {ratio:.0f}x faster "
          f"({'meets' if ratio >= 10 else 'MISSES'} the target of 10x); they agree on every board")


if __name__ == "__main__":
    main()
