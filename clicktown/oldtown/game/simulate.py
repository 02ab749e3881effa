"""Many marker games between bots: one game per seed, summaries, traces, win rates.

A game's summary: the bots by seat, points, winners, turns, the reason the game ended, the
buildings built and the stop calls (right and wrong). `summarize` folds the summaries of a run
into the summary every game shares (arena.summary: win rates per seat and per bot with 95%
intervals, turns per game), then Old Town's own figures: points per seat and per bot, how often
the town is completed, buildings built, stops called.
"""

from __future__ import annotations

import functools
import random
from statistics import mean

from ...arena.rates import Rate
from ...arena.seating import turned
from ...arena.simulate import GameRecord, run_games
from ...arena.state import play_game
from ...arena.summary import summary
from .bots import make_bot
from .rule_options import RuleOptions
from .state import TOWN_BUILT, new_game
from .trace import trace_lines


@functools.lru_cache(maxsize=8)
def _catalogue(board=None, cards=None):
    from ..sources import any_catalogue

    return any_catalogue(board=board, cards=cards)


def play_one(index: int, seed: int, players: int, bots: tuple[str, ...], board=None, cards=None,
             trace: bool = False, rotate: bool = False, options: RuleOptions | None = None) -> GameRecord:
    """Play game `index` with its seed under the rule options (the table turned `index` seats with
    `rotate`); the record's events are the trace when asked for."""
    bots = turned(tuple(bots), index, rotate)
    catalogue = _catalogue(board, cards)
    state = new_game(catalogue, players, record=trace, options=options)
    rng = random.Random(seed)
    play_game(state, [make_bot(b) for b in bots], rng)
    summary = {"game": index, "seats": list(bots), "points": list(state.points), "winners": state.winners(),
               "turns": state.turns, "reason": state.reason, "built": len(state.town.built),
               "stops": dict(state.stops)}
    events = trace_lines(state, index, seed, bots, board, cards) if trace else []
    return GameRecord(index, seed, summary, events)


def run(games: int, players: int, bots: tuple[str, ...], seed: int, workers: int = 1, board=None,
        cards=None, trace: bool = False, rotate: bool = False, options: RuleOptions | None = None):
    """The records of `games` games in game order, the same whatever `workers`."""
    play = functools.partial(play_one, players=players, bots=tuple(bots), board=board, cards=cards, trace=trace,
                             rotate=rotate, options=options)
    return run_games(play, games, seed, workers)


def summarize(summaries: list[dict], players: int, bots: tuple[str, ...], seed: int = 0,
              rotate: bool = False) -> dict:
    """The shared summary (ties count for every tied seat), then points per seat and per bot,
    completed towns, buildings built and stops called per game."""
    n = len(summaries)
    points_per_bot = {}
    for name in dict.fromkeys(bots):
        held = [s["points"][seat] for s in summaries for seat, b in enumerate(s["seats"]) if b == name]
        points_per_bot[name] = mean(held) if held else 0.0
    return summary(
        summaries, seed=seed, players=players, bots=bots, rotate=rotate,
        points_per_seat=[mean(s["points"][seat] for s in summaries) if n else 0.0 for seat in range(players)],
        points_per_bot=points_per_bot,
        town_completed=Rate(sum(s["reason"] == TOWN_BUILT for s in summaries), n).to_json(),
        buildings_built_per_game=mean(s["built"] for s in summaries) if n else 0.0,
        stops_per_game={"right": mean(s["stops"]["right"] for s in summaries) if n else 0.0,
                        "wrong": mean(s["stops"]["wrong"] for s in summaries) if n else 0.0})

