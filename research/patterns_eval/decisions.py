"""`python -m research.patterns_eval.decisions [--games 100] [--seed 0] [--playouts 40] [--workers 2]`:
which of mcts's decisions matter in the games the reaction order gave the planner.

Replays the games of `strength.py base` (the games of `clicktown patterns simulate --players 2 --bots
mcts,planner --rotate` for the seed). In each game whose reaction order favoured the planner (its
seat first more often), every decision of mcts with more than one sensible move is taken again
from the true state (both cards known): each sensible move (`bots.candidates`) is played, then two
planners play the game out `--playouts` times, every move meeting the same chance draws (common
random numbers). A move's value is mcts's seat's share of those games won. Per kind of decision it
prints how many there were, how much the best move is worth over the worst (how much the decision
matters), what mcts left (the move best on the first half of the playouts, against mcts's move, both
valued on the second half: the best of several noisy means would overstate it) and mcts's move over
the planner's (what the search added), split by games mcts won and lost.
"""

from __future__ import annotations

import argparse
import random
from multiprocessing import get_context

from clicktown.arena.simulate import game_seed
from clicktown.arena.state import CHANCE, resolve_chance, sample_chance
from clicktown.patterns.game import bots
from clicktown.patterns.game.simulate import Setup, start
from research.patterns_eval import numbered_arguments


def kind(state) -> str:
    """The kind of a decision, in the game's words."""
    phase = state.phase
    if phase == "race":
        return "race, first" if state.race_index == 0 else "race, after the other waited"
    if phase == "click":
        return "answer to a Click!"
    if phase == "take":
        return "take (" + state.take_queue[0][3] + ")"
    if phase == "activate":
        return "challenge card: whether and which"
    if phase == "power":
        return "challenge card: target"
    return phase


def outcomes(state, action: int, seat: int, seeds: list[int]) -> list[int]:
    """Whether seat wins after `action` (1 or 0), two planners playing on with the draws of each seed."""
    planner, won = bots.PlannerBot(), []
    for seed in seeds:
        rng, game = random.Random(seed), state.clone()
        game.apply_action(action)
        while not game.is_terminal():
            if game.current_player() == CHANCE:
                game.apply_action(sample_chance(game, rng))
            else:
                game.apply_action(planner.choose(game, rng))
        won.append(int(seat in game.winners))
    return won


def mean(values) -> float:
    return sum(values) / max(len(values), 1)


def play(index: int, seed: int, playouts: int) -> list[tuple] | None:
    """(kind, best - worst, best - mcts's held out, mcts's - planner's, mcts won) for each searched
    decision of mcts in game `index`, when the order favoured the planner; None otherwise."""
    setup = Setup(players=2, bots=("mcts", "planner"), rotate=True)
    seats = setup.seats(index)
    me = seats.index("mcts")
    players = [bots.MctsBot() if bot == "mcts" else bots.PlannerBot() for bot in seats]
    state, rng = start(setup), random.Random(game_seed(seed, index))
    asked = []
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat == me and len(bots.candidates(state, rng)) > 1:
            planned = bots.PlannerBot().choose(state, random.Random(0))
            before = state.clone()
            action = players[seat].choose(state, rng)
            asked.append((before, action, planned))
        else:
            action = players[seat].choose(state, rng)
        state.apply_action(action)
    if state.firsts[me] >= state.firsts[1 - me]:
        return None
    won = me in state.winners
    rows = []
    half = playouts // 2
    for number, (before, action, planned) in enumerate(asked):
        seeds = [game_seed(index * 1000 + number, k) for k in range(playouts)]
        options = sorted(set(bots.candidates(before, random.Random(0))) | {action, planned})
        wins = {a: outcomes(before, a, me, seeds) for a in options}
        values = {a: mean(w) for a, w in wins.items()}
        chosen = max(options, key=lambda a: (mean(wins[a][:half]), a == action))
        left = mean(wins[chosen][half:]) - mean(wins[action][half:])
        rows.append((kind(before), max(values.values()) - min(values.values()), left,
                     values[action] - values[planned], won))
    return rows


def main() -> None:
    args = numbered_arguments(argparse.ArgumentParser(), games=100, seed=0, playouts=40, workers=2)
    with get_context("fork").Pool(args.workers) as pool:
        games = pool.starmap(play, [(i, args.seed, args.playouts) for i in range(args.games)])
    rows = [row for game in games if game for row in game]
    print(f"{sum(1 for g in games if g is not None)} games the order gave the planner (seed {args.seed}, "
          f"{args.playouts} playouts a move)")
    print("kind | decisions (in games mcts won) | best over worst | left by mcts (held out), sum | "
          "mcts's over the planner's (won / lost games), sum")
    for name in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == name]
        won, lost = [r for r in mine if r[4]], [r for r in mine if not r[4]]
        print(f"{name} | {len(mine)} ({len(won)}) | {mean([r[1] for r in mine]):.3f} | "
              f"{mean([r[2] for r in mine]):+.3f}, {sum(r[2] for r in mine):+.2f} | "
              f"{mean([r[3] for r in mine]):+.3f} ({mean([r[3] for r in won]):+.3f} / "
              f"{mean([r[3] for r in lost]):+.3f}), {sum(r[3] for r in mine):+.2f}")


if __name__ == "__main__":
    main()
