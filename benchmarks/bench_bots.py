"""The bots' strength, seats rotated, with 95% Wilson intervals, and what the mcts bots cost a move.

Strength: for each game, pairs of bots play games with the seats turned one seat per game (so
each bot sits in each seat equally often); a bot's rate is the share of its games it won (ties
count for every tied seat in Old Town). "random vs random" shows how much the seat alone wins.
Cost: the processor time of the mcts bot's decisions over one seeded game against greedy (mean and
most), against the greedy bot's, measured in the same run (the ratio is the baseline comparison). Luck: in Wild Wild Pattern the seat first in the reaction
order (a chance draw every turn) covers first; how often the seat that was first more often wins
a game between two planners shows how much of a game no bot decides, and each pairing's wins are
split by whether the order favoured the bot's seat.

    python -m benchmarks bots                     # BENCH_BOTS_GAMES games per pairing (default 20)
    BENCH_BOTS_ONLY=sequence python -m benchmarks bots   # only the pairings of one game

A pairing of one bot with itself (Sequence's "greedy vs greedy") is played without turning the
seats and shows the first seat's wins: how much the seat alone is worth.
"""

import os
import random
import time

from clicktown.arena.rates import Rate

GAMES = int(os.environ.get("BENCH_BOTS_GAMES", "20"))
WORKERS = int(os.environ.get("BENCH_BOTS_WORKERS", "2"))
SEED = 25
ONLY = os.environ.get("BENCH_BOTS_ONLY", "")

PAIRINGS = {
    "sequence": [("mcts", "greedy"), ("planner", "greedy"), ("greedy", "random"), ("greedy", "greedy")],
    "oldtown-2": [("mcts", "greedy"), ("planner", "greedy"), ("random", "random")],
    "oldtown-4": [("mcts", "greedy", "greedy", "greedy"), ("planner", "greedy", "greedy", "greedy"),
                  ("random", "greedy", "greedy", "greedy")],
    "patterns": [("mcts", "planner"), ("planner", "greedy"), ("random", "random")],
}


def sequence_rates(bots, games):
    """Each named bot's wins per seat it held (Sequence, 2 players, rotated); a bot against itself:
    the first seat's wins."""
    from clicktown.sequence.game.simulate import Setup, run, summarize

    alone = len(set(bots)) == 1
    setup = Setup(bots=bots, rotate=not alone)
    summary = summarize([r.summary for r in run(setup, games, SEED, WORKERS)], setup, SEED)
    if alone:
        first = summary["win_rate_per_seat"][0]
        return {bots[0]: Rate(first["hits"], first["n"])}
    return {b: Rate(t["hits"], t["n"]) for b, t in summary["win_rate_per_bot"].items()}


def oldtown_rates(bots, games):
    """Each named bot's wins per seat it held (Old Town, rotated)."""
    from clicktown.oldtown.game.simulate import Setup, run, summarize

    setup = Setup(len(bots), tuple(bots), rotate=True)
    summaries = [r.summary for r in run(setup, games, SEED, WORKERS)]
    table = summarize(summaries, setup)["win_rate_per_bot"]
    return {b: Rate(t["hits"], t["n"]) for b, t in table.items()}


def patterns_rates(bots, games):
    """Each named bot's wins per seat it held (Wild Wild Pattern, saloon, 2 players, rotated)."""
    from clicktown.patterns.game.simulate import Setup, run, summarize

    setup = Setup(players=len(bots), bots=tuple(bots), rotate=True)
    result = summarize([r.summary for r in run(setup, games, SEED, WORKERS)], setup, SEED)
    if len(set(bots)) > 1:
        for bot, split in result["reaction_order"].items():
            lucky, other = split["first_most_often"], split["otherwise"]
            print(f"{'':10} {bot:>9} won {lucky['hits']}/{lucky['n']} of the games its seat was first in the "
                  f"reaction order most often, {other['hits']}/{other['n']} of the others", flush=True)
    return {b: Rate(t["hits"], t["n"]) for b, t in result["win_rate_per_bot"].items()}


MEASURE = {"sequence": sequence_rates, "oldtown-2": oldtown_rates, "oldtown-4": oldtown_rates,
           "patterns": patterns_rates}


def strength_tables(games: int = GAMES) -> list[str]:
    """One line per pairing: the first bot's win rate and its 95% interval."""
    lines = []
    for game, pairings in PAIRINGS.items():
        if ONLY and ONLY not in game:
            continue
        for bots in pairings:
            start = time.perf_counter()
            rate = MEASURE[game](bots, games)[bots[0]].as_dict()
            low, high = rate["ci95"]
            lines.append(f"{game:10} {' vs '.join(bots):34} {bots[0]:>9} wins {rate['hits']:4}/{rate['n']:<4} "
                         f"{100 * rate['rate']:5.1f}%  [{100 * low:4.1f}, {100 * high:4.1f}]  "
                         f"({time.perf_counter() - start:.0f} s)")
            print(lines[-1], flush=True)
    return lines


def reaction_order_luck(games: int = 300) -> Rate:
    """Of the two-player planner games in which one seat was first in the reaction order more
    often, the share that seat won."""
    from clicktown.arena.state import CHANCE, sample_chance
    from clicktown.patterns.game.bots import make_bot
    from clicktown.patterns.game.state import new_game

    hits = decided = 0
    for index in range(games):
        state, rng, bots = new_game(2, record=False), random.Random(SEED * 1000 + index), [make_bot("planner")] * 2
        first = [0, 0]
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                drawing_order = state.phase == "order"
                state.apply_action(sample_chance(state, rng))
                if drawing_order:
                    first[state.order[0]] += 1
                continue
            state.apply_action(bots[state.current_player()].choose(state, rng))
        luckier = 0 if first[0] > first[1] else 1
        if first[0] != first[1] and len(state.winners) == 1:
            decided += 1
            hits += state.winners == [luckier]
    return Rate(hits, decided)


def move_seconds(make_state, bot, greedy) -> list[float]:
    """The processor time of each decision of `bot` (seat 0) over one seeded game against `greedy`
    in every other seat (a decision with one legal action is not counted)."""
    from clicktown.arena.state import CHANCE, sample_chance

    state, rng, spent = make_state(), random.Random(SEED), []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if state.current_player() != 0:
            state.apply_action(greedy.choose(state, rng))
            continue
        start = time.process_time()
        action = bot.choose(state, rng)
        if len(state.legal_actions()) > 1:
            spent.append(time.process_time() - start)
        state.apply_action(action)
    return spent


def move_costs() -> None:
    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.game import bots as oldtown
    from clicktown.oldtown.game.state import new_game as oldtown_game
    from clicktown.patterns.game import bots as patterns
    from clicktown.patterns.game.state import new_game as patterns_game
    from clicktown.sequence.game import bots as sequence
    from clicktown.sequence.game.simulate import Setup, make_match

    catalogue = load_catalogue()
    games = {"sequence": (make_match(Setup()).new_state, sequence.make_bot),
             "oldtown-2": (lambda: oldtown_game(catalogue, 2, record=False), oldtown.make_bot),
             "oldtown-4": (lambda: oldtown_game(catalogue, 4, record=False), oldtown.make_bot),
             "patterns": (lambda: patterns_game(2, record=False), patterns.make_bot)}
    for game, (new_state, make_bot) in games.items():
        if ONLY and ONLY not in game:
            continue
        mcts = move_seconds(new_state, make_bot("mcts"), make_bot("greedy"))
        greedy = move_seconds(new_state, make_bot("greedy"), make_bot("greedy"))
        mean, worst, base = sum(mcts) / len(mcts), max(mcts), sum(greedy) / len(greedy)
        print(f"{game:10} mcts {mean:.3f} s a move, at most {worst:.3f} s ({len(mcts)} decisions of one game, "
              f"processor time); greedy {1000 * base:.2f} ms a move (mcts/greedy {mean / base:,.0f}x)", flush=True)


def luck() -> None:
    if ONLY and ONLY not in "patterns":
        return
    rate = reaction_order_luck().as_dict()
    low, high = rate["ci95"]
    print(f"patterns   planner vs planner: the seat first in the reaction order more often wins "
          f"{rate['hits']}/{rate['n']} {100 * rate['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]", flush=True)


def main() -> None:
    move_costs()
    luck()
    strength_tables()


if __name__ == "__main__":
    main()
