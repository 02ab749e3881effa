"""`python -m research.sequence_eval.strength VARIANT [--games 100] [--first 0] [--seed 0]`: a variant of the
mcts bot (or the bot of one move ahead) against greedy, two players, seats turned each game, on the
games `clicktown sequence simulate` deals for the same seed (same game seeds). Prints wins with a
95% Wilson interval, how often the search left greedy's own choice, and the processor time per move.

Variants change the search's settings from the outside (horizon, playouts, candidates), so the
bot's defaults are only changed once a variant has shown it plays better.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from functools import partial
from multiprocessing import get_context

from clicktown.arena.rates import Rate
from clicktown.arena.simulate import game_seed
from clicktown.arena.state import resolve_chance
from clicktown.sequence.game import bots
from clicktown.sequence.game.simulate import Setup, make_match
from research.sequence_eval.variants import OneMoveAhead, VariantMcts


def variant(name: str):
    """The mcts bot of a variant: 'base', or settings joined by '+':
    h4 (horizon), p480 (playouts), k6 (candidates kept), r0 (no reading of the opponent's hand),
    r4 (read only from the open fours it left alone), ahead (the candidates after greedy's choice
    ranked by the evaluation one move ahead), counted (the evaluation that counts cards), own (in the
    playouts the searching seat plays one move ahead, the opponent greedy), seeing (the opponent's
    hand seen, not dealt: how much reading it could be worth at most). 'one-ahead' is not a search:
    the bot that plays one move ahead by the fitted evaluation (`OneMoveAhead`)."""
    if name == "one-ahead":
        return OneMoveAhead()
    parts = name.split("+")
    bot = VariantMcts(read_hands="r0" not in parts, greedy_model="r4" not in parts, looked_ahead="ahead" in parts,
                      counting="counted" in parts, own_ahead="own" in parts)
    search = bot.search
    for part in parts:
        if part in ("base", "r0", "r4", "ahead", "counted", "own"):
            continue
        if part == "seeing":  # the other hand seen: an upper bound for reading it, not a bot
            search.game = dataclasses.replace(search.game, determinize=lambda state, seat, rng: state.clone())
            continue
        key, digits = part[:1], part[1:]
        if key not in ("h", "p", "k") or not (digits.isascii() and digits.isdigit()) or int(digits) < 1:
            raise ValueError(f"unknown setting {part!r} in variant {name!r}")
        value = int(digits)
        if key == "h":
            search.horizon = value
        elif key == "p":
            search.playouts = value
        else:
            ranked = search.game.candidates
            search.game = dataclasses.replace(search.game, candidates=partial(ranked, keep=value))
    return bot


def checked_variant(parser: argparse.ArgumentParser, name: str) -> None:
    """Stop with the parser's one-line error (exit 2) when `name` is not a variant."""
    try:
        variant(name)
    except ValueError as error:
        parser.error(str(error))


def count(text: str) -> int:
    """A whole number from 1 up, for argparse."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 up")
    return int(text)


def play(index: int, seed: int, name: str) -> tuple[int, int, int, float]:
    """(mcts won, its decisions, decisions where it left greedy's choice, processor seconds) of one game."""
    return play_game(variant(name), index, seed)[:4]


def play_game(bot, index: int, seed: int, seen: list | None = None) -> tuple[int, int, int, float, str | None]:
    """`play` for any bot against greedy, and the winning team last (None for a draw); `seen` (when
    given) gets the team features of A less B and +1/-1 for A/B to move at every decision, for a fit."""
    match = make_match(Setup())
    rng = random.Random(game_seed(seed, index))
    greedy = bots.GreedyBot()
    bot_seat = index % 2
    state = match.new_state()
    decisions = left = 0
    spent = 0.0
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        if seen is not None:
            a, b = bots.team_features(state, "A"), bots.team_features(state, "B")
            seen.append([x - y for x, y in zip(a, b)] + [1.0 if state.seat == 0 else -1.0])
        if state.seat == bot_seat:
            first = bots.root_candidates(state, random.Random(0))[0]
            start = time.process_time()
            action = bot.choose(state, rng)
            spent += time.process_time() - start
            decisions += 1
            left += action != first
        else:
            action = greedy.choose(state, rng)
        state.apply_action(action)
    won = state.winner == match.table.team_of(bot_seat)
    return int(won), decisions, left, spent, state.winner


def arguments() -> argparse.Namespace:
    """VARIANT [--games 100] [--first 0] [--seed 0] [--workers 2], the variant checked."""
    parser = argparse.ArgumentParser()
    parser.add_argument("variant")
    parser.add_argument("--games", type=count, default=100)
    parser.add_argument("--first", type=int, default=0, help="the index of the first game (to go on from a run)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    checked_variant(parser, args.variant)
    return args


def main() -> None:
    args = arguments()
    with get_context("fork").Pool(args.workers) as pool:
        results = pool.starmap(play, [(i, args.seed, args.variant) for i in range(args.first, args.first + args.games)])
    wins = sum(r[0] for r in results)
    decisions, left, spent = (sum(r[k] for r in results) for k in (1, 2, 3))
    rate = Rate(wins, len(results)).as_dict()
    low, high = rate["ci95"]
    print(f"{args.variant}: {wins}/{len(results)} [{100 * low:.1f}, {100 * high:.1f}]  left greedy's choice "
          f"{left}/{decisions}  {spent / max(decisions, 1):.3f} s a move")


if __name__ == "__main__":
    main()
