"""`python -m research.sequence_eval.duplicate BOT [--deals 1000] [--seed 25] [--workers 2]`: how much of a
Sequence game the cards decide, measured on duplicate deals (as duplicate bridge does).

Each deal is played twice, BOT against greedy (two players): BOT in seat 0 the first time, in seat 1
the second. Chance draws from a generator of their own, seeded by the deal, and the bots from
another, so both games deal each seat the same hand and draw it the same cards until the draw pile
is first rebuilt from the discards (the pile holds the same cards whatever was played; only the
rebuilt pile depends on the play). Each deal then ends one of four ways: BOT wins both games,
greedy wins both, or one seat wins both whoever holds it (its cards decided). BOT's win rate is
one half plus half the difference of the first two shares, so the deals the cards decide are
evenly shared whatever BOT does, and a rate of 50% + d needs BOT to win both games of 2d more
deals than greedy does.

BOT is a variant name of `strength.py` ('base' for the product's mcts, 'one-ahead', ...).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from multiprocessing import get_context

from clicktown.arena.simulate import game_seed
from clicktown.sequence.game import bots
from clicktown.sequence.game.simulate import Setup, make_match
from clicktown.sequence.game.state import MatchState
from research.sequence_eval.strength import checked_variant, count, variant


def play_twice(index: int, seed: int, name: str) -> tuple[str | None, str | None, int]:
    """(the winning team with BOT in seat 0, the same with BOT in seat 1, the draw pile's rebuilds in
    the first game) of deal `index`."""
    first, _ = play_once(index, seed, name, 0)
    second, _ = play_once(index, seed, name, 1)
    return first.winner, second.winner, first.reshuffles


def play_once(index: int, seed: int, name: str, bot_seat: int) -> tuple[MatchState, list[int]]:
    """(the finished game, the kinds drawn in order) of deal `index` with BOT in `bot_seat`."""
    chance, choices = random.Random(game_seed(seed, index)), random.Random(game_seed(seed + 1, index))
    players = {bot_seat: variant(name), 1 - bot_seat: bots.GreedyBot()}
    state, drawn = make_match(Setup()).new_state(), []
    while not state.is_terminal():
        if state.to_draw:
            drawn.append(state.draw_chance(chance))
            state.apply_action(drawn[-1])
        else:
            state.apply_action(players[state.seat].choose(state, choices))
    return state, drawn


def outcome(first: str | None, second: str | None) -> str:
    """How a deal ended: 'bot' (won both), 'greedy' (won both), 'cards' (one seat won both), 'drawn'."""
    if first is None or second is None:
        return "drawn"
    if first == second:
        return "cards"
    return "bot" if first == "A" else "greedy"  # seat 0 plays for team A


def paired_interval(scores: list[float]) -> tuple[float, float]:
    """The 95% interval of the mean of the deals' scores (BOT's share of each deal's two games: 1, 1/2
    or 0) by the normal approximation: the two games of a deal are not independent, so the interval
    is the deals', not the games' (where the cards decide, the deal's score is 1/2 whoever plays)."""
    n = len(scores)
    mean = sum(scores) / n
    spread = (sum((s - mean) ** 2 for s in scores) / max(1, n - 1) / n) ** 0.5
    return mean - 1.96 * spread, mean + 1.96 * spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bot")
    parser.add_argument("--deals", type=count, default=1000)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    checked_variant(parser, args.bot)
    with get_context("fork").Pool(args.workers) as pool:
        played = pool.starmap(play_twice, [(i, args.seed, args.bot) for i in range(args.deals)])
    ends = Counter(outcome(a, b) for a, b, _ in played)
    scores = [((a == "A") + (b == "B")) / 2 for a, b, _ in played]  # BOT's share of each deal's two games
    wins = round(2 * sum(scores))
    low, high = paired_interval(scores)
    shares = ", ".join(f"{end} {ends[end]} ({100 * ends[end] / args.deals:.1f}%)"
                       for end in ("bot", "greedy", "cards", "drawn"))
    print(f"{args.bot} against greedy on {args.deals} duplicate deals (seed {args.seed}): {shares}; "
          f"{args.bot} won {wins}/{2 * args.deals} games ({100 * wins / (2 * args.deals):.1f}%, "
          f"{100 * low:.1f}-{100 * high:.1f}% over the deals); the pile was rebuilt in "
          f"{sum(1 for *_, r in played if r)} of the first games")


if __name__ == "__main__":
    main()
