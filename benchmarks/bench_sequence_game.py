"""Sequence, the whole game: full 2-player games per minute on one core with greedy bots (target 1,000).

Baseline measured in the same run: the same greedy evaluation computed from the board itself
(every line of five through a cell read cell by cell) instead of from the per-line chip counts the
engine keeps up to date. Random bots show what the engine alone costs.
"""

import random
import time

from clicktown.arena.state import RandomBot, play_game
from clicktown.sequence.game.bots import BLOCK, OWN, SPECIAL_COST, GreedyBot
from clicktown.sequence.geometry import CONFLICTS_OF, CORNERS, WINDOWS, WINDOWS_BY_CELL
from clicktown.sequence.game.state import CELL_COUNT
from clicktown.sequence.game.simulate import Setup, make_match

GAMES = 150


class BoardReadingGreedy(GreedyBot):
    """The greedy evaluation, reading every line of five from the board (the baseline)."""

    name = "greedy-from-board"

    def choose(self, state, rng):
        actions = state.legal_actions()
        match = state.match
        exchanges = [a for a in actions if match.exchange <= a < match.pass_action]
        if exchanges or actions == [match.pass_action]:
            return (exchanges or actions)[0]
        team = match.table.team_of(state.seat)
        best, best_score = actions[0], float("-inf")
        for action in actions:
            kind, cell = divmod(action, CELL_COUNT)
            card = match.actions[kind]
            score = (0.0 if card == "remove" else self.placement(state, team, cell)) - SPECIAL_COST.get(card, 0)
            score += rng.random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def placement(state, team, cell):
        score = 0.0
        for w in WINDOWS_BY_CELL[cell]:
            mine = theirs = 0
            for c in WINDOWS[w].cells:
                ch = state.board[c]
                if c in CORNERS:
                    mine += 1
                elif ch.upper() == team:
                    mine += 1
                elif ch != ".":
                    theirs += 1
            if theirs == 0 and not any(m in CONFLICTS_OF[w] for m in state.sequences[team]):
                score += OWN[min(4, mine)]
            elif mine == sum(1 for c in WINDOWS[w].cells if c in CORNERS):
                score += BLOCK[min(4, theirs)]
        return score


def _games_per_minute(bots, games: int = GAMES) -> tuple[float, int]:
    """Full 2-player Sequence games per minute, and how many ended with a winner."""
    match = make_match(Setup("sequence", 2, 2, ("greedy",)))
    won = 0
    start = time.perf_counter()
    for seed in range(games):
        state = play_game(match.new_state(), bots, random.Random(seed))
        won += state.winner is not None
    return games / (time.perf_counter() - start) * 60, won


def main() -> None:
    """Print the rates and the ratio against the baseline."""
    greedy, won = _games_per_minute([GreedyBot(), GreedyBot()])
    baseline, _ = _games_per_minute([BoardReadingGreedy(), BoardReadingGreedy()], games=GAMES // 3)
    rand, _ = _games_per_minute([RandomBot(), RandomBot()])
    print(f"greedy vs greedy:               {greedy:8.0f} full games/min on one core ({won}/{GAMES} won, target >= 1000)")
    print(f"greedy reading the board:       {baseline:8.0f} full games/min (baseline); "
          f"the engine's line counts make greedy {greedy / baseline:.1f}x faster")
    print(f"random vs random (engine only): {rand:8.0f} full games/min")


if __name__ == "__main__":
    main()
