"""Many seeded games of Sequence or Sequence Numbers between bots, their traces and a summary.

One game: `play_one(index, seed, setup)` deals and plays with `random.Random(seed)` for both the
chance nodes and the bots, and returns a `GameRecord` whose events are the trace when the setup asks
for one (see docs/sequence-game.md for the schema). `run(setup, games, seed, workers)` plays many through
`clicktown.arena.simulate.run_games`, so the results do not depend on the number of workers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache, partial

from ...arena.rates import Rate
from ...arena.seating import round_the_table, turned
from ...arena.simulate import GameRecord, run_games
from ...arena.state import play_game
from ...arena.summary import summary
from ...errors import ClicktownError
from .bots import make_bot
from ..cards import load_game
from .state import Match, MatchState
from ..rules import seat_table


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: game, table, the bot of each seat, data files."""

    game: str = "sequence"
    players: int = 2
    teams: int | None = None
    bots: tuple[str, ...] = ("greedy",)
    board_file: str | None = None
    deck_file: str | None = None
    rotate: bool = False
    trace: bool = False

    def seat_bots(self, index: int = 0) -> tuple[str, ...]:
        """The bot of each seat in game `index`: the list given, repeated round the table (and
        turned `index` seats with `rotate`)."""
        return turned(round_the_table(self.bots, self.players), index, self.rotate)


@lru_cache(maxsize=16)
def make_match(setup: Setup) -> Match:
    """The checked game data and table of a setup (loaded once per process)."""
    for name in setup.bots:
        make_bot(name)
    if len(setup.bots) > setup.players:
        raise ClicktownError(f"{len(setup.bots)} bots for {setup.players} players: give at most one per seat")
    table = seat_table(setup.game, setup.players, setup.teams)
    return Match(load_game(setup.game, setup.board_file, setup.deck_file), table)


def start_event(state: MatchState, bots: tuple[str, ...], index: int, seed: int) -> dict:
    """The trace's first event: who plays, in which team, with how many cards."""
    table = state.match.table
    return {"event": "game_start", "game": table.game, "index": index, "seed": seed, "players": table.players,
            "teams": [table.team_of(s) for s in range(table.players)], "bots": list(bots),
            "hand_sizes": [table.hand] * table.players, "sequences_needed": table.needed}


def end_event(state: MatchState) -> dict:
    """The trace's last event: the final board, the winners, the turns."""
    return {"event": "game_end", "board": state.position().rows(), "winners": [state.winner] if state.winner else [],
            "turns": state.turns, "reason": state.end_reason, "sequences": state.sequence_counts()}


def play_one(index: int, seed: int, setup: Setup) -> GameRecord:
    """One game between the setup's bots, seeded with `seed`."""
    match = make_match(setup)
    names = setup.seat_bots(index)
    bots = [make_bot(n) for n in names]
    state = match.new_state()
    state.events = [] if setup.trace else None
    play_game(state, bots, random.Random(seed))
    table = match.table
    winners = [s for s in range(table.players) if state.winner is not None and table.team_of(s) == state.winner]
    summary = {"seats": list(names), "winner": state.winner, "winners": winners, "turns": state.turns,
               "reason": state.end_reason, **state.stats, "sequences": state.sequence_counts()}
    events = [start_event(state, names, index, seed), *(state.events or []), end_event(state)] if setup.trace else []
    return GameRecord(index, seed, summary, events)


def run(setup: Setup, games: int, seed: int, workers: int = 1):
    """The records of `games` games in game order (the same whatever `workers`)."""
    make_match(setup)  # check the setup before any work starts
    return run_games(partial(play_one, setup=setup), games, seed, workers)


def summarize(summaries: list[dict], setup: Setup, seed: int = 0) -> dict:
    """The shared summary (a seat wins when its team wins), then wins per team, draws, averages."""
    table = make_match(setup).table
    games = summaries
    n = len(games)

    def mean(key):
        return sum(g[key] for g in games) / n if n else 0.0

    return summary(games, seed=seed, players=table.players, bots=setup.seat_bots(), rotate=setup.rotate,
                   game=table.game, teams=table.teams, sequences_needed=table.needed, hand_size=table.hand,
                   win_rate_per_team={t: Rate(sum(g["winner"] == t for g in games), n).as_dict()
                                      for t in table.team_names},
                   draws=Rate(sum(g["winner"] is None for g in games), n).as_dict(),
                   wild_played_per_game=mean("wild"), remove_played_per_game=mean("remove"),
                   dead_cards_exchanged_per_game=mean("exchanged"), passes_per_game=mean("passes"))

