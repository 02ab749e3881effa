"""Wild Wild Pattern as a PettingZoo AEC environment (needs the `rl` extra: `pip install 'clicktown[rl]'`).

    from clicktown.patterns.game.env import env
    e = env(players=3, mode="saloon")
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]          # the engine's legal actions
        e.step(None if termination or truncation else int(mask.nonzero()[0][0]))

The engine (`game.GameState`) decides everything; this module only says what a seat sees. The
observation is a flat int16 vector, seats counted from the observer: the wheel (8 one-hot card
slots), the observer's own card in hand, the card being played or clicked, the covered card and
position while a declaration is pending, each seat's won cards and face-up challenge cards, money
in cents (capped at 1000), who is still in, each seat's Target card, and the phase. The other
seats' cards in hand and the deck are never shown.
"""

from __future__ import annotations

import functools

import numpy as np

from ...arena.env import ArenaEnv, EnvSpec, wrapped
from ...arena.state import PUBLIC
from ..cards import WHEEL_SIZE
from .state import new_game, new_table

PHASES = ("race", "declare", "click", "take", "activate", "power", "place")
MAX_CENTS = 1000


def spec(players: int = 3, mode: str = "saloon", used_challenges: str = "out") -> EnvSpec:
    """The environment's description for `players` seats in `mode` (`used_challenges`: the rule option)."""
    from ..analysis import Rules

    rules = Rules(used_challenges=used_challenges)
    table = new_table(players, mode, rules=rules)
    k, targets = len(table.names), len(table.bank.targets)
    size = WHEEL_SIZE * k + 3 * k + WHEEL_SIZE + players * (2 * k + 2 + targets) + len(PHASES)

    def observe(state, seat):
        return observation(state, seat, k, targets, size)

    return EnvSpec(f"wild_wild_pattern_{mode}_{players}p", players, table.num_actions, (size,),
                   lambda: new_game(players, mode, rules=rules, record=False), observe, low=0, high=MAX_CENTS, dtype=np.int16)


def observation(state, seat: int, k: int, targets: int, size: int) -> np.ndarray:
    """What `seat` sees of the game, as a flat vector (see the module docstring)."""
    out = np.zeros(size, dtype=np.int16)
    for p, card in enumerate(state.wheel):
        if card is not None:
            out[p * k + card] = 1
    at = WHEEL_SIZE * k
    if state.hand[seat] is not None:
        out[at + state.hand[seat]] = 1
    at += k
    if state.click is not None:
        out[at + state.click["card"]] = 1
    elif state.phase == "declare":
        out[at + state.pending["card"]] = 1
    at += k
    if state.phase == "declare":
        out[at + state.pending["covered"]] = 1
        out[at + k + state.pending["position"]] = 1
    at += k + WHEEL_SIZE
    players = state.table.players
    for offset in range(players):
        other = (seat + offset) % players
        for card in state.won[other]:
            out[at + card] = 1
        for card in state.faceup[other]:
            out[at + k + card] = 1
        out[at + 2 * k] = min(state.cents[other], MAX_CENTS)
        out[at + 2 * k + 1] = int(state.active[other])
        if state.target[other] is not None:
            out[at + 2 * k + 2 + state.target[other]] = 1
        at += 2 * k + 2 + targets
    if state.phase in PHASES:
        out[at + PHASES.index(state.phase)] = 1
    return out


def openspiel_table(params: dict):
    """The table OpenSpiel's parameters describe (players, mode and the rule options)."""
    from ..analysis import Rules

    rules = Rules(params["after"], params["min_occurrences"], params["lenient"], params["extend"])
    return new_table(params["players"], params["mode"], rules=rules)


def openspiel_new(params: dict):
    """OpenSpiel's new game: a fresh engine state, recording nothing."""
    from .state import GameState

    return GameState(openspiel_table(params), record=False)


def openspiel_describe(params: dict) -> dict:
    """OpenSpiel's game description: the most chance outcomes of any chance node, a bound on its length."""
    import math

    from .state import MAX_TURNS

    table = openspiel_table(params)
    chance = max(len(table.names), math.factorial(table.players), len(table.bank.targets))
    return {"players": table.players, "num_actions": table.num_actions, "chance_outcomes": chance,
            "length": MAX_TURNS * (12 * table.players + 40)}


def openspiel_seen_by(state, outcome: int):
    """Who sees a chance outcome: a pattern card drawn, its seat; the rest (challenge and Target
    cards, the reaction order, the wheel) everybody."""
    if state.phase == "draw" and outcome not in state.table.challenges:
        return state.draw_queue[0]
    return PUBLIC


@functools.lru_cache(maxsize=8)
def _observer(players: int, mode: str):
    return spec(players, mode).observe


def observe(state, seat: int) -> np.ndarray:
    """What `seat` sees (the observation of the environment for its table's players and mode)."""
    return _observer(state.table.players, state.table.mode)(state, seat)


def raw_env(players: int = 3, mode: str = "saloon", used_challenges: str = "out") -> ArenaEnv:
    """The bare AEC environment."""
    return ArenaEnv(spec(players, mode, used_challenges))


def env(players: int = 3, mode: str = "saloon", used_challenges: str = "out"):
    """The AEC environment with PettingZoo's usual guards."""
    return wrapped(spec(players, mode, used_challenges))
