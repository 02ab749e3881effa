"""Wild Wild Pattern, the whole game: full 3-player Saloon games per minute on one core.

Greedy bots (each race decision runs the move enumerator over 8 positions) against a baseline
measured in the same run: the same games between random bots, whose decisions cost almost
nothing, so the ratio shows what the bots' thinking adds to the engine's own work. The planner
(which plays its options out on copies of the game) is measured too, in 2-player games.
"""

import time
from functools import partial

from clicktown.patterns.game.simulate import Setup, play_one


def _games_per_minute(setup: Setup, games: int) -> float:
    """Full games per minute for `setup` on one core (games seeded 0..games-1)."""
    play = partial(play_one, setup=setup)
    start = time.perf_counter()
    for index in range(games):
        play(index, index)
    return games * 60 / (time.perf_counter() - start)


def main() -> None:
    greedy = _games_per_minute(Setup(3, "saloon", ("greedy",) * 3), 600)
    random_bots = _games_per_minute(Setup(3, "saloon", ("random",) * 3), 600)
    planner = _games_per_minute(Setup(2, "saloon", ("planner", "greedy")), 200)
    print(f"3-player Saloon, greedy bots: {greedy:8.0f} games/minute (target >= 1,000)")
    print(f"3-player Saloon, random bots: {random_bots:8.0f} games/minute (baseline)")
    print(f"ratio greedy / random: {greedy / random_bots:.2f}x")
    print(f"2-player Saloon, planner vs greedy: {planner:8.0f} games/minute")


if __name__ == "__main__":
    main()
