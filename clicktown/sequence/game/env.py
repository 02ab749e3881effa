"""Sequence and Sequence Numbers as PettingZoo AEC environments (needs the `rl` extra).

    from clicktown.sequence.game.env import env
    e = env(game="sequence", players=2)          # or game="numbers", players=4, teams=2
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]        # the engine's legal actions
        e.step(None if termination or truncation else int(mask.nonzero()[0][0]))

The engine (`match.MatchState`) decides everything; this module only says what a seat sees: the
board from its team's side, its own hand, and nothing of the other hands or the draw pile.

Observation (int8, flat): four planes of 100 cells (own chips, own locked chips, opponents'
chips, opponents' locked chips), then the number of each kind of card in the seat's own hand (in
the deck file's order), then 1 if the seat has already exchanged a dead card this turn. Actions are
the engine's: `kind * 100 + cell` to play, then one exchange per kind, then pass.
"""

from __future__ import annotations

import functools

import numpy as np

from ...arena.env import ArenaEnv, EnvSpec, wrapped
from ..cards import load_game
from .state import CELL_COUNT, Match, MatchState
from ..rules import seat_table

PLANES = 4


def observe(state: MatchState, seat: int) -> np.ndarray:
    """What `seat` may see: the board from its team's side, its own hand, whether it exchanged."""
    match = state.match
    kinds = len(match.kinds)
    out = np.zeros(PLANES * CELL_COUNT + kinds + 1, dtype=np.int8)
    team = match.table.team_of(seat)
    for cell, chip in enumerate(state.board):
        if chip in ".*":
            continue
        plane = (0 if chip.upper() == team else 2) + (1 if chip.islower() else 0)
        out[plane * CELL_COUNT + cell] = 1
    base = PLANES * CELL_COUNT
    for kind in state.hands[seat]:
        out[base + kind] += 1
    out[-1] = int(state.exchanged and state.seat == seat)
    return out


def spec(game: str = "sequence", players: int = 2, teams: int | None = None,
         board_file: str | None = None, deck_file: str | None = None) -> EnvSpec:
    """The environment description of a game at a table."""
    match = Match(load_game(game, board_file, deck_file), seat_table(game, players, teams))
    size = PLANES * CELL_COUNT + len(match.kinds) + 1
    return EnvSpec(f"clicktown_{game}_{players}p", players, match.num_actions, (size,), match.new_state,
                   observe, low=0, high=max(match.copies + [1]), dtype=np.int8)


@functools.lru_cache(maxsize=16)
def openspiel_match(game: str, players: int, teams: int) -> Match:
    """The match OpenSpiel's parameters describe (teams 0: the rulebook's for that many players)."""
    return Match(load_game(game), seat_table(game, players, teams or None))


def openspiel_new(game: str, params: dict) -> MatchState:
    """OpenSpiel's new game: a fresh engine state."""
    return openspiel_match(game, params["players"], params["teams"]).new_state()


def openspiel_describe(game: str, params: dict) -> dict:
    """OpenSpiel's game description: players, actions, kinds of card drawn, a bound on the length."""
    match = openspiel_match(game, params["players"], params["teams"])
    return {"players": match.table.players, "num_actions": match.num_actions,
            "chance_outcomes": len(match.kinds), "length": 4 * (sum(match.copies) * 3 + 200)}


def openspiel_seen_by(state: MatchState, kind: int) -> int:
    """A card drawn is seen by the seat that draws it."""
    return state.to_draw[0]


def raw_env(**kwargs) -> ArenaEnv:
    """The unwrapped AEC environment."""
    return ArenaEnv(spec(**kwargs))


def env(**kwargs):
    """The AEC environment with PettingZoo's usual guards."""
    return wrapped(spec(**kwargs))
