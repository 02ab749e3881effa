"""`python -m research.oldtown_eval`: see the package docstring."""

from __future__ import annotations

import argparse
import random

import numpy as np

from clicktown.arena.state import resolve_chance
from clicktown.oldtown.game.bots import GreedyBot
from clicktown.oldtown.catalogue import builtin_catalogue
from clicktown.oldtown.game.state import new_game
from research.sequence_eval.__main__ import fit_logistic, log_loss  # the same fit and loss as Sequence's

MARKERS = 90  # 18 buildings of 5 markers: the points of a whole game
NAMES = ("lead_best", "lead_mean", "lead_best_x_left", "lead_mean_x_left", "after_1", "after_2", "after_3",
         "hand", "owned", "left", "bias")
NESTED = (("lead_best", "bias"),
          ("lead_best", "lead_mean", "bias"),
          ("lead_best", "lead_mean", "lead_best_x_left", "lead_mean_x_left", "bias"),
          ("lead_best", "lead_mean", "lead_best_x_left", "lead_mean_x_left", "after_1", "after_2", "after_3", "bias"),
          ("lead_best", "lead_mean", "lead_best_x_left", "lead_mean_x_left", "after_1", "after_2", "after_3",
           "hand", "bias"))


def seat_features(state, seat: int) -> list[float]:
    """The seat's lead over the best other seat and over the others' mean, both also weighted by the
    share of the game's points still to win, its place after the seat to move (one-hot), its cards,
    its buildings, the share of points left, and a constant."""
    points = state.points
    others = [p for s, p in enumerate(points) if s != seat]
    left = (MARKERS - sum(points)) / MARKERS
    best, mean = points[seat] - max(others), points[seat] - sum(others) / len(others)
    after = (seat - state.seat) % len(points)
    return [best, mean, best * left, mean * left, float(after == 1), float(after == 2), float(after == 3),
            float(len(state.hands[seat])), float(len(state.owned[seat])), left, 1.0]


def positions(games: int, seed: int, players: int) -> list[tuple[list[float], float, int]]:
    """(a seat's features, 1 if it won, the game's index) for every seat at the start of every turn."""
    bot, catalogue, rows = GreedyBot(), builtin_catalogue(), []
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        state, seen = new_game(catalogue, players, record=False), []
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            if state.phase == "turn":
                seen.append([seat_features(state, s) for s in range(players)])
            state.apply_action(bot.choose(state, rng))
        winners = state.winners()
        rows += [(f, float(s in winners), index) for features in seen for s, f in enumerate(features)]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    rows = positions(args.games, args.seed, args.players)
    x, y = np.array([f for f, _, _ in rows]), np.array([w for _, w, _ in rows])
    held_out = np.array([index % 5 == 0 for *_, index in rows])
    column = {name: i for i, name in enumerate(NAMES)}
    print(f"{len(rows)} seat positions, {y.mean():.3f} of them won")
    for names in NESTED:
        cols = [column[n] for n in names]
        w = fit_logistic(x[~held_out][:, cols], y[~held_out])
        loss = log_loss(x[held_out][:, cols], y[held_out], w)
        print(f"held-out log-loss {loss:.4f}  " + ", ".join(f"{n} {v:+.4f}" for n, v in zip(names, w)))


if __name__ == "__main__":
    main()
