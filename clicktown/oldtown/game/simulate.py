"""Many marker games between bots: one game per seed, summaries, traces, win rates.

A game's summary: the bots by seat, points, winners, turns, the reason the game ended, the
buildings built and the stop calls (right and wrong). `summarize` folds the summaries of a run
into the table `oldtown simulate` prints: points per seat and per bot, win rates with 95%
intervals, turns per game, how often the town is completed, stops called.
"""

from __future__ import annotations

import functools
import random
from statistics import mean

from ...arena.rates import Rate
from ...arena.simulate import GameRecord, run_games
from ...arena.state import play_game
from .bots import make_bot
from .rule_options import RuleOptions
from .state import TOWN_BUILT, new_game


@functools.lru_cache(maxsize=8)
def _catalogue(board=None, cards=None):
    from ..transcribe import any_catalogue

    return any_catalogue(board=board, cards=cards)


def seat_bots(bots: tuple[str, ...], index: int, rotate: bool) -> tuple[str, ...]:
    """The bot of each seat in game `index`: turned one seat per game with `rotate`."""
    if not rotate:
        return tuple(bots)
    k = index % len(bots)
    return tuple(bots[k:]) + tuple(bots[:k])


def play_one(index: int, seed: int, players: int, bots: tuple[str, ...], board=None, cards=None,
             trace: bool = False, rotate: bool = False, options: RuleOptions | None = None) -> GameRecord:
    """Play game `index` with its seed under the rule options; the record's events are the trace when asked for."""
    bots = seat_bots(bots, index, rotate)
    catalogue = _catalogue(board, cards)
    state = new_game(catalogue, players, record=trace, options=options)
    rng = random.Random(seed)
    play_game(state, [make_bot(b) for b in bots], rng)
    summary = {"game": index, "bots": list(bots), "points": list(state.points), "winners": state.winners(),
               "turns": state.turns, "reason": state.reason, "built": len(state.town.built),
               "stops": dict(state.stops)}
    events = []
    if trace:
        events = [{"event": "game_start", "game": index, "seed": seed, "players": players, "bots": list(bots)},
                  *state.events]
    return GameRecord(index, seed, summary, events)


def run(games: int, players: int, bots: tuple[str, ...], seed: int, workers: int = 1, board=None,
        cards=None, trace: bool = False, rotate: bool = False, options: RuleOptions | None = None):
    """The records of `games` games in game order, the same whatever `workers`."""
    play = functools.partial(play_one, players=players, bots=tuple(bots), board=board, cards=cards, trace=trace,
                             rotate=rotate, options=options)
    return run_games(play, games, seed, workers)


def summarize(summaries: list[dict], players: int, bots: tuple[str, ...], rotate: bool = False) -> dict:
    """Points per seat and per bot, win rates (ties count for every tied seat), turns, completion, stops.

    `seats` are the seats as named; `by_bot` (and `win_rate_per_bot`, its win rates) follow each
    game's own seating, so they count a rotated bot wherever it sat."""
    n = len(summaries)
    seats = []
    for seat in range(players):
        points = [s["points"][seat] for s in summaries]
        wins = sum(seat in s["winners"] for s in summaries)
        seats.append({"seat": seat, "bot": bots[seat], "mean_points": mean(points) if points else 0.0,
                      "wins": Rate(wins, n).to_json()})
    by_bot = {}
    for name in dict.fromkeys(bots):
        places = [(s, seat) for s in summaries for seat, b in enumerate(s["bots"]) if b == name]
        by_bot[name] = {"seats": [seat for seat in range(players) if bots[seat] == name],
                        "mean_points": mean(s["points"][seat] for s, seat in places) if places else 0.0,
                        "wins": Rate(sum(seat in s["winners"] for s, seat in places), len(places)).to_json()}
    built = sum(s["reason"] == TOWN_BUILT for s in summaries)
    return {
        "games": n, "players": players, "bots": list(bots), "rotate": rotate, "seats": seats, "by_bot": by_bot,
        "win_rate_per_bot": {name: b["wins"] for name, b in by_bot.items()},
        "mean_turns": mean(s["turns"] for s in summaries) if n else 0.0,
        "town_completed": Rate(built, n).to_json(),
        "mean_buildings_built": mean(s["built"] for s in summaries) if n else 0.0,
        "stops_per_game": {"right": mean(s["stops"]["right"] for s in summaries) if n else 0.0,
                           "wrong": mean(s["stops"]["wrong"] for s in summaries) if n else 0.0},
    }
