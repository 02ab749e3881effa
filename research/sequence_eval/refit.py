"""`python -m research.sequence_eval.refit [--iterations 3] [--games 4000] [--check 2000]`: does the
evaluation get better for the bot of one move ahead when it is fitted again on that bot's own games?

The bot of one move ahead (`variants.OneMoveAhead`) plays the move whose position the fitted
evaluation likes best. Each iteration plays `--games` games of it against greedy (seats turned,
seeds 100, 101, ...), fits the logistic model of the winner again on the team features of every
decision (as `python -m research.sequence_eval` does on greedy's games; one game in five held out),
and plays `--check` games of the refitted bot against greedy on the benchmark's deals (seed 25).
Prints, per iteration, the held-out log-loss of the weights before and after, the new weights and
the refitted bot's wins with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import get_context

import numpy as np

from clicktown.arena.rates import Rate
from clicktown.sequence.game.bots import FITTED_WEIGHTS, TO_MOVE_WEIGHT
from research.sequence_eval.__main__ import fit_logistic, log_loss
from research.sequence_eval.strength import count, play_game
from research.sequence_eval.variants import OneMoveAhead

BENCHMARK_SEED = 25


def one_game(index: int, seed: int, weights: tuple, to_move: float, record: bool):
    """(won, the game's positions and A's result, or None when not recorded or drawn)."""
    seen: list | None = [] if record else None
    won, *_, winner = play_game(OneMoveAhead(weights=weights, to_move=to_move), index, seed, seen)
    if seen is None or winner is None:
        return won, None
    return won, (seen, float(winner == "A"))


def games(count: int, seed: int, weights: tuple, to_move: float, record: bool, workers: int) -> list:
    with get_context("fork").Pool(workers) as pool:
        return pool.starmap(one_game, [(i, seed, weights, to_move, record) for i in range(count)])


def refit(played: list, weights: tuple, to_move: float) -> tuple[list[float], float, float, float]:
    """(new weights, the to-move weight, held-out log-loss before, after) from recorded games."""
    x, y, held = [], [], []
    for index, (_, record) in enumerate(played):
        if record is not None:
            positions, a_won = record
            x += positions
            y += [a_won] * len(positions)
            held += [index % 5 == 0] * len(positions)
    x, y, held = np.array(x), np.array(y), np.array(held)
    w = fit_logistic(x[~held], y[~held])
    before = log_loss(x[held], y[held], np.array(list(weights) + [to_move]))
    return list(map(float, w[:-1])), float(w[-1]), before, log_loss(x[held], y[held], w)


def against_greedy(played: list) -> str:
    """'wins/games [low, high]' (the 95% Wilson interval in per cent)."""
    wins = sum(won for won, _ in played)
    low, high = Rate(wins, len(played)).as_dict()["ci95"]
    return f"{wins}/{len(played)} [{100 * low:.1f}, {100 * high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=count, default=3)
    parser.add_argument("--games", type=count, default=4000)
    parser.add_argument("--check", type=count, default=2000)
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    weights, to_move = tuple(FITTED_WEIGHTS), TO_MOVE_WEIGHT
    checked = games(args.check, BENCHMARK_SEED, weights, to_move, False, args.workers)
    print(f"fitted on greedy's games: {against_greedy(checked)}", flush=True)
    for iteration in range(args.iterations):
        played = games(args.games, 100 + iteration, weights, to_move, True, args.workers)
        new, new_to_move, before, after = refit(played, weights, to_move)
        weights, to_move = tuple(new), new_to_move
        checked = games(args.check, BENCHMARK_SEED, weights, to_move, False, args.workers)
        print(f"iteration {iteration}: held-out log-loss {before:.4f} -> {after:.4f}; weights "
              f"{json.dumps([round(w, 4) for w in weights])}, to move {to_move:.4f}; against greedy "
              f"{against_greedy(checked)}", flush=True)


if __name__ == "__main__":
    main()
