"""Sequence, the whole game: full 2-player games per minute of CPU with greedy bots (target 20,000).

Baseline measured in the same run: the engine and bots as they stood at BASELINE_REV, read from the
project's history (benchmarks/baseline.py), on the same seeds. Both play the very same games (the
bots' evaluation is the same, only computed differently), which the benchmark checks. Random bots
show what the engine alone costs.
"""

import random
import time

from clicktown.arena.state import RandomBot, play_game
from clicktown.sequence.cards import load_game
from clicktown.sequence.game.bots import GreedyBot
from clicktown.sequence.game.state import Match
from clicktown.sequence.rules import seat_table
from .baseline import module_from_history

#: The engine before window codes and the greedy bot before its tables (the tree at this commit).
BASELINE_REV = "d4cb3032c9527649f6c989ed2431ad2cd9e499bc"
BASELINE_MODULES = {"geometry": "clicktown/sequence/geometry.py", "state": "clicktown/sequence/game/state.py",
                    "bots": "clicktown/sequence/game/bots.py"}
BASELINE_IMPORTS = {
    "from ...arena.state import": "from clicktown.arena.state import",
    "from ...errors import": "from clicktown.errors import",
    "from ..geometry import": "from .geometry import",
    "from ..cards import": "from clicktown.sequence.cards import",
    "from ..position import": "from clicktown.sequence.position import",
    "from ..rules import": "from clicktown.sequence.rules import",
}
GAMES = 300


def _games(match, bots, games: int) -> tuple[float, list]:
    """Full games per minute of CPU (one core), and each game's (winner, turns)."""
    outcomes = []
    start = time.process_time()
    for seed in range(games):
        state = play_game(match.new_state(), bots, random.Random(seed))
        outcomes.append((state.winner, state.turns))
    return games / (time.process_time() - start) * 60, outcomes


def main() -> None:
    """Print the rates and the ratios against the baseline."""
    bots = module_from_history("sequence_game_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS, "bots")
    old_match_module = module_from_history("sequence_game_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS,
                                           "state")
    game, table = load_game("sequence"), seat_table("sequence", 2)
    new, old = Match(game, table), old_match_module.Match(game, table)
    greedy, same = _games(new, [GreedyBot(), GreedyBot()], GAMES)
    baseline, before = _games(old, [bots.GreedyBot(), bots.GreedyBot()], GAMES // 3)
    rand, _ = _games(new, [RandomBot(), RandomBot()], GAMES)
    old_rand, _ = _games(old, [RandomBot(), RandomBot()], GAMES // 3)
    won = sum(w is not None for w, _ in same)
    print(f"greedy vs greedy:            {greedy:8.0f} full games/min of CPU ({won}/{GAMES} won, target >= 20000)")
    print(f"greedy vs greedy, baseline:  {baseline:8.0f} full games/min ({BASELINE_REV[:7]}); {greedy / baseline:.1f}x faster, "
          f"{'the same' if same[:len(before)] == before else 'DIFFERENT'} games")
    print(f"random vs random (engine):   {rand:8.0f} full games/min; baseline {old_rand:.0f}, {rand / old_rand:.1f}x faster")


if __name__ == "__main__":
    main()
