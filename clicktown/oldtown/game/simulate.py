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
from dataclasses import dataclass
from statistics import mean

from ...arena.rates import Rate
from ...arena.seating import turned
from ...arena.simulate import GameRecord, run_games
from ...arena.state import play_game
from ...arena.summary import summary
from .bots import make_bot
from .rule_options import RuleOptions
from .state import TOWN_BUILT, new_game


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (picklable: files by path, the rule options as a dataclass)."""

    players: int = 4
    bots: tuple[str, ...] = ("greedy",) * 4
    rotate: bool = False
    board_file: str | None = None
    cards_file: str | None = None
    options: RuleOptions | None = None
    trace: bool = False

    def seats(self, index: int) -> tuple[str, ...]:
        """The bot of each seat in game `index` (turned `index` seats with `rotate`)."""
        return turned(tuple(self.bots), index, self.rotate)


@functools.lru_cache(maxsize=8)
def _catalogue(board=None, cards=None):
    """The catalogue of a run: the built-in one (cached once), or the user's files, read once per process."""
    from ..sources import any_catalogue

    return any_catalogue(board=board, cards=cards)


def play_one(index: int, seed: int, setup: Setup) -> GameRecord:
    """Play game `index` with its seed under the setup's rule options; the record's events are the
    trace when the setup asks for one."""
    bots = setup.seats(index)
    state = new_game(_catalogue(setup.board_file, setup.cards_file), setup.players, record=setup.trace,
                     options=setup.options)
    rng = random.Random(seed)
    play_game(state, [make_bot(b) for b in bots], rng)
    summary = {"game": index, "seats": list(bots), "points": list(state.points), "winners": state.winners(),
               "turns": state.turns, "reason": state.reason, "built": len(state.town.built),
               "stops": dict(state.stops)}
    events = []
    if setup.trace:
        events = [{"event": "game_start", "game": index, "seed": seed, "players": setup.players, "bots": list(bots)},
                  *state.events]
    return GameRecord(index, seed, summary, events)


def run(setup: Setup, games: int, seed: int, workers: int = 1):
    """The records of `games` games in game order, the same whatever `workers`."""
    return run_games(functools.partial(play_one, setup=setup), games, seed, workers)


def summarize(summaries: list[dict], setup: Setup, seed: int = 0) -> dict:
    """The shared summary (ties count for every tied seat), then points per seat and per bot,
    completed towns, buildings built and stops called per game."""
    players, bots = setup.players, tuple(setup.bots)
    n = len(summaries)
    points_per_bot = {}
    for name in dict.fromkeys(bots):
        held = [s["points"][seat] for s in summaries for seat, b in enumerate(s["seats"]) if b == name]
        points_per_bot[name] = mean(held) if held else 0.0
    return summary(
        summaries, seed=seed, players=players, bots=bots, rotate=setup.rotate,
        points_per_seat=[mean(s["points"][seat] for s in summaries) if n else 0.0 for seat in range(players)],
        points_per_bot=points_per_bot,
        town_completed=Rate(sum(s["reason"] == TOWN_BUILT for s in summaries), n).as_dict(),
        buildings_built_per_game=mean(s["built"] for s in summaries) if n else 0.0,
        stops_per_game={"right": mean(s["stops"]["right"] for s in summaries) if n else 0.0,
                        "wrong": mean(s["stops"]["wrong"] for s in summaries) if n else 0.0})

