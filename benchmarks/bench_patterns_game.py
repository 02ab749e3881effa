"""Wild Wild Pattern, the whole game: full 2- and 3-player Saloon games per minute of CPU on one core (target 20,000).

Greedy bots against the game, bots and engine as they stood at BASELINE_REV (read from the
project's history, the same seeds, the same run), and where the time goes now. Random bots,
whose decisions cost almost nothing, show what the game's own bookkeeping costs; the planner
(which plays its options out on copies of the game) is measured in 2-player games.
"""

from __future__ import annotations

import cProfile
import importlib
import pstats
import time

from clicktown.patterns.game.simulate import Setup, play_one
from .baseline import module_from_history
from .bench_patterns import BASELINE_REV

BASELINE_MODULES = {name: f"clicktown/patterns/{name}.py" for name in ("engine", "bank", "game", "bots", "simulate")}
BASELINE_IMPORTS = {
    "from ..errors import": "from clicktown.errors import",
    "from ..arena.": "from clicktown.arena.",
    "from ..datafiles import": "from clicktown.datafiles import",
    "from .cards import": "from clicktown.patterns.cards import",
}
GAMES = 400


def games_per_minute(old, new, games: int, rounds: int = 8) -> tuple[float, float]:
    """Games per minute of CPU of two setups, each a (simulate module, setup), on the same seeds, in
    turns of games // rounds games each (so that a busy machine slows both alike)."""
    seconds = [0.0, 0.0]
    size = max(1, games // rounds)
    for start in range(0, games, size):
        for side, (simulate, setup) in enumerate((old, new)):
            began = time.process_time()
            for index in range(start, min(games, start + size)):
                simulate.play_one(index, index, setup)
            seconds[side] += time.process_time() - began
    return games * 60 / seconds[0], games * 60 / seconds[1]


def where_time_goes(setup: Setup, games: int) -> str:
    """The share of time in the pattern tables, the Bank, chance and the rest (profiled)."""
    profile = cProfile.Profile()
    profile.runcall(lambda: [play_one(i, i, setup) for i in range(games)])
    table = pstats.Stats(profile).stats
    total = sum(tt for _, _, tt, _, _ in table.values())
    parts = {"pattern tables": "patterns/tables.py", "Bank": "patterns/bank.py", "chance": "arena/state.py",
             "game": "patterns/game/state.py", "bots": "patterns/game/bots.py"}
    shares = {name: sum(tt for (file, _, _), (_, _, tt, _, _) in table.items() if file.endswith(end)) / total
              for name, end in parts.items()}
    shares["rest (random, builtins)"] = 1 - sum(shares.values())
    return ", ".join(f"{name} {share:.0%}" for name, share in shares.items())


def main() -> None:
    old = module_from_history("patterns_game_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS,
                              "simulate")
    new = importlib.import_module("clicktown.patterns.game.simulate")
    rows = [("3-player Saloon, greedy bots", ("greedy",) * 3, 3, GAMES),
            ("2-player Saloon, greedy bots", ("greedy",) * 2, 2, GAMES),
            ("3-player Saloon, random bots", ("random",) * 3, 3, GAMES),
            ("2-player Saloon, planner vs greedy", ("planner", "greedy"), 2, GAMES // 4)]
    print(f"{'one core':36} {'baseline':>10} {'now':>10} {'':12} {'ratio':>6}")
    for label, bots, players, games in rows:
        pair = (old, old.Setup(players, "saloon", bots)), (new, Setup(players, "saloon", bots))
        games_per_minute(*pair, 2, 1)                                     # first-use costs out of the timing
        before, after = games_per_minute(*pair, games)
        print(f"{label:36} {before:10,.0f} {after:10,.0f} games/minute {after / before:5.1f}x")
    print("greedy games now, time by part:", where_time_goes(Setup(3, "saloon", ("greedy",) * 3), 100))


if __name__ == "__main__":
    main()
