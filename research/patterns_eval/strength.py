"""`python -m research.patterns_eval.strength VARIANT [--games 100] [--seed 0] [--workers 2]`: a variant
of Wild Wild Pattern's mcts bot against the planner, two players, seats turned each game, on the games
`clicktown patterns simulate --players 2 --bots mcts,planner --rotate` deals for the same seed (same
game seeds, one generator for chance and bots, as `simulate` plays them).

Prints mcts's wins with a 95% Wilson interval, the reaction order's split (mcts's wins in the games
the order favoured its seat, the planner's in the games it favoured the planner's), the two sides
weighed equally, and the processor time of a move of mcts.

Variants:
  base     the bot as it stands
  blind    the other seat's card dealt from every unseen pattern card (no reading)
  reading  the other seat's card dealt from those a planner could have waited with (when it waited)
  takes    the cards taken by sequential halving over planner playouts to the game's end (128 a take)
  seeing   the other seat's true card kept in every determinization: how much knowing it could be
           worth at most (a measurement, not a bot)
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from multiprocessing import get_context

from clicktown.arena.rates import Rate
from clicktown.arena.simulate import game_seed
from clicktown.arena.state import resolve_chance
from clicktown.patterns.game import bots
from clicktown.patterns.game.simulate import Setup, start
from research.patterns_eval import numbered_arguments
from research.patterns_eval.variants import VariantMcts

VARIANTS = ("base", "blind", "reading", "seeing", "takes")


def variant(name: str):
    """The mcts bot of a variant (see the module docstring)."""
    if name not in VARIANTS:
        raise SystemExit(f"unknown variant {name!r}: one of {', '.join(VARIANTS)}")
    bot = VariantMcts(read=name == "reading", take_playouts=128 if name == "takes" else 0)
    if name == "seeing":
        search = bot.search
        search.game = dataclasses.replace(search.game, determinize=lambda state, seat, rng: state.clone())
    return bot


def play(index: int, seed: int, name: str) -> tuple[int, int, int, float]:
    """(mcts won, mcts's seat first in the order more often (1), less (-1) or as often (0), mcts's
    moves, processor seconds) of one game."""
    setup = Setup(players=2, bots=("mcts", "planner"), rotate=True)
    seats = setup.seats(index)
    mcts_seat = seats.index("mcts")
    players = [variant(name) if bot == "mcts" else bots.PlannerBot() for bot in seats]
    state = start(setup)
    rng = random.Random(game_seed(seed, index))
    moves, spent = 0, 0.0
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        seat = state.current_player()
        begin = time.process_time()
        action = players[seat].choose(state, rng)
        if seat == mcts_seat:
            spent += time.process_time() - begin
            moves += 1
        state.apply_action(action)
    mine, theirs = state.firsts[mcts_seat], state.firsts[1 - mcts_seat]
    favoured = (mine > theirs) - (mine < theirs)
    return int(mcts_seat in state.winners), favoured, moves, spent


def report(name: str, seed: int, results: list[tuple[int, int, int, float]]) -> str:
    wins = sum(r[0] for r in results)
    rate = Rate(wins, len(results)).as_dict()
    low, high = rate["ci95"]
    fav = [r[0] for r in results if r[1] > 0]
    unfav = [r[0] for r in results if r[1] < 0]
    planner_won = len(unfav) - sum(unfav)
    weighed = (sum(fav) / max(len(fav), 1) + sum(unfav) / max(len(unfav), 1)) / 2
    moves, spent = sum(r[2] for r in results), sum(r[3] for r in results)
    return (f"{name} seed {seed}: {wins}/{len(results)} [{100 * low:.1f}, {100 * high:.1f}]  order favoured mcts: "
            f"it won {sum(fav)}/{len(fav)}; favoured the planner: it won {planner_won}/{len(unfav)}; weighed "
            f"{100 * weighed:.0f}%  {spent / max(moves, 1):.3f} s a move")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("variant")
    args = numbered_arguments(parser, games=100, seed=0, workers=2)
    variant(args.variant)
    with get_context("fork").Pool(args.workers) as pool:
        results = pool.starmap(play, [(i, args.seed, args.variant) for i in range(args.games)])
    print(report(args.variant, args.seed, results), flush=True)


if __name__ == "__main__":
    main()
