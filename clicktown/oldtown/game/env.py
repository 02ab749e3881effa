"""The marker game as a PettingZoo AEC environment (needs the `rl` extra): `env(players=4)`.

A thin module: the engine (`state.OldTownState`) decides everything; `clicktown.arena.env` wraps
it. A seat's observation shows the board, its own hand and buildings, the points and the phase,
never another seat's hand or the order of the piles:

  markers    18 x 16   1 where the building has a marker on the plot
  built      18 x 16   1 where the building stands
  hand       60        1 for each card in the seat's own hand
  mine       18        1 for each of the seat's buildings
  points     4         every seat's points (0 for seats not playing), from the seat's own on
  phase      8         one-hot: choose, turn, discard, take, pile, stop, and 2 unused
"""

from __future__ import annotations

import functools

import numpy as np

from ...arena.env import ArenaEnv, EnvSpec, wrapped
from ...arena.state import NOBODY
from ..catalogue import builtin_catalogue
from .rule_options import RuleOptions
from .state import NUM_ACTIONS, deal_plan, new_game

PHASES = ("choose", "turn", "discard", "take", "pile", "stop")
SHAPE = (18 * 16 * 2 + 60 + 18 + 4 + 8,)


def observe(state, seat: int) -> np.ndarray:
    """The seat's view (see the module docstring)."""
    out = np.zeros(SHAPE, dtype=np.int8)
    index = state.index
    for building, plots in state.town.markers.items():
        for plot in plots:
            out[index[building] * 16 + plot - 1] = 1
    for building, plot in state.town.built.items():
        out[288 + index[building] * 16 + plot - 1] = 1
    for card in state.hands[seat]:
        out[576 + card - 1] = 1
    for building in state.owned[seat]:
        out[636 + index[building]] = 1
    for k in range(state.players):
        out[654 + k] = state.points[(seat + k) % state.players]
    if state.phase in PHASES:
        out[658 + PHASES.index(state.phase)] = 1
    return out


def spec(players: int = 4, **rules) -> EnvSpec:
    """The game as the arena wrapper sees it; `rules` are RuleOptions fields (stop_callers=..., ...)."""
    catalogue = builtin_catalogue()
    options = RuleOptions(**rules)
    return EnvSpec(name=f"oldtown_marker_game_{players}p", players=players, num_actions=NUM_ACTIONS,
                   observation_shape=SHAPE, new_state=functools.partial(new_game, catalogue, players, False, options),
                   observe=observe, low=0, high=90, dtype=np.int8)


def openspiel_new(params: dict):
    """OpenSpiel's new game: a fresh engine state of the built-in catalogue, recording nothing."""
    return new_game(builtin_catalogue(), params["players"], record=False)


def openspiel_describe(params: dict) -> dict:
    """OpenSpiel's game description (the number of players checked by the deal)."""
    deal_plan(params["players"])
    return {"players": params["players"], "num_actions": NUM_ACTIONS, "chance_outcomes": 61, "length": 20_000}


def openspiel_seen_by(state, card: int):
    """Who sees a card dealt or drawn: the seat it goes to, or nobody (a face-down pile)."""
    if state.phase == "deal":
        where, seat, _ = state.plan[0]
        return seat if where == "hand" else NOBODY
    return state.drawing[1]


def raw_env(players: int = 4, **rules) -> ArenaEnv:
    """The environment without PettingZoo's guards (`rules`: RuleOptions fields)."""
    return ArenaEnv(spec(players, **rules))


def env(players: int = 4, **rules):
    """The environment with PettingZoo's usual guards (`rules`: RuleOptions fields, e.g. stop_callers="others")."""
    return wrapped(spec(players, **rules))
