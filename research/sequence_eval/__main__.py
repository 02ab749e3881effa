"""`python -m research.sequence_eval`: see the package docstring."""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

import numpy as np

from clicktown.arena.state import resolve_chance
from clicktown.sequence.game.bots import FEATURES, GreedyBot
from clicktown.sequence.geometry import CONFLICTS_OF, CORNERS_IN
from research.sequence_eval.variants import COUNTING, counted_features

# The hand-made evaluation the fit replaced: open lines weighted 1, 4, 16, 64 for 1-4 chips, 400 a
# sequence, 40 a two-eyed and 30 a one-eyed jack in hand; its lead went through tanh(lead / 120).
LINE_WORTH = (0, 1, 4, 16, 64, 0)
SEQUENCE_WORTH = 400
HAND_WORTH = {"wild": 40, "remove": 30}


def line_potential(state, team: str) -> float:
    """The hand-made evaluation's worth of a team's sequences and of its lines no opponent chip blocks."""
    chips, made = state.window_chips, state.sequences[team]
    others = [counts for t, counts in chips.items() if t != team]
    total = SEQUENCE_WORTH * len(made)
    for w, n in enumerate(chips[team]):
        if n and not any(counts[w] for counts in others) and not any(m in CONFLICTS_OF[w] for m in made):
            total += LINE_WORTH[min(4, n + CORNERS_IN[w])]
    return total
from clicktown.sequence.game.simulate import Setup, make_match


def hand_made_lead(state, team: str, other: str) -> float:
    """The hand-made evaluation's lead of `team` (line potential and jacks in hand), before its squash."""
    actions, table = state.match.actions, state.match.table
    potential = {t: line_potential(state, t) for t in (team, other)}
    for seat, hand in enumerate(state.hands):
        potential[table.team_of(seat)] += sum(HAND_WORTH.get(actions[k], 0) for k in hand)
    return potential[team] - potential[other]


def positions(games: int, seed: int):
    """(features of A minus B, A to move as +1/-1, the hand-made lead, A won, game index) at every decision."""
    match = make_match(Setup())
    bot = GreedyBot()
    rows = []
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        state, seen = match.new_state(), []
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            a, b = counted_features(state, "A"), counted_features(state, "B")
            seen.append(([x - y for x, y in zip(a, b)], 1.0 if state.seat == 0 else -1.0,
                         hand_made_lead(state, "A", "B")))
            state.apply_action(bot.choose(state, rng))
        if state.winner is None:
            continue
        rows += [(f, m, lead, float(state.winner == "A"), index) for f, m, lead in seen]
    return rows


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Weights maximising the log-likelihood of y under sigmoid(x . w) (Newton's method, a little L2)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    return float(np.mean(((x @ w) > 0) == (y > 0.5)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default=str(Path(__file__).parent / "data" / "fit.json"))
    args = parser.parse_args()
    rows = positions(args.games, args.seed)
    counted = np.array([f + [m] for f, m, _, _, _ in rows])  # FEATURES, COUNTING, to move
    plain = [i for i in range(counted.shape[1]) if not len(FEATURES) <= i < len(FEATURES) + len(COUNTING)]
    features = counted[:, plain]
    leads = np.array([[lead, m] for _, m, lead, _, _ in rows])
    won = np.array([y for _, _, _, y, _ in rows])
    held_out = np.array([index % 5 == 0 for *_, index in rows])
    train, test = ~held_out, held_out
    w = fit_logistic(features[train], won[train])
    w_counted = fit_logistic(counted[train], won[train])
    w_lead = fit_logistic(leads[train], won[train])
    result = {
        "games": args.games, "seed": args.seed, "positions": len(rows),
        "weights": dict(zip(list(FEATURES) + ["to_move"], map(float, w))),
        "weights_counting": dict(zip(list(FEATURES + COUNTING) + ["to_move"], map(float, w_counted))),
        "held_out": {
            "positions": int(test.sum()),
            "log_loss_fitted": log_loss(features[test], won[test], w),
            "log_loss_counting": log_loss(counted[test], won[test], w_counted),
            "log_loss_hand_made_lead": log_loss(leads[test], won[test], w_lead),
            "log_loss_coin": -math.log(0.5),
            "accuracy_fitted": accuracy(features[test], won[test], w),
            "accuracy_counting": accuracy(counted[test], won[test], w_counted),
            "accuracy_hand_made_lead": accuracy(leads[test], won[test], w_lead),
        },
        "hand_made_lead_weight": float(w_lead[0]),
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
