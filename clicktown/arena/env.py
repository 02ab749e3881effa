"""A thin PettingZoo AEC wrapper around any game state of this project (needs the `rl` extra).

    from clicktown.arena.env import env
    e = env("oldtown", players=3)      # any game of clicktown.games.GAMES, with its settings

The wrapper only translates: the engine decides what is legal, what happens and who won. Each
game describes itself with an `EnvSpec`; its observation for a seat must show only what that seat
may see. Chance nodes are resolved inside the wrapper with a generator seeded by `reset(seed=...)`.
Rewards are the engine's `returns()` when the game ends, 0 before.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..games import game_spec
from .state import resolve_chance


@dataclass(frozen=True)
class EnvSpec:
    """How a game appears to PettingZoo.

    new_state()          -- a fresh game (chance nodes still to be resolved)
    observe(state, seat) -- the seat's view as an array of `observation_shape` in [low, high]
    """

    name: str
    players: int
    num_actions: int
    observation_shape: tuple[int, ...]
    new_state: Callable[[], Any]
    observe: Callable[[Any, int], np.ndarray]
    low: float = 0.0
    high: float = 1.0
    dtype: Any = np.int8


class ArenaEnv(AECEnv):
    """The AEC environment for one game spec: agents `player_0`, `player_1`, ... by seat."""

    metadata = {"render_modes": [], "name": "clicktown", "is_parallelizable": False}

    def __init__(self, spec: EnvSpec):
        super().__init__()
        self.spec = spec
        self.metadata = {**ArenaEnv.metadata, "name": spec.name}
        self.possible_agents = [f"player_{seat}" for seat in range(spec.players)]
        self.agent_name_mapping = {name: seat for seat, name in enumerate(self.possible_agents)}
        observation = spaces.Box(spec.low, spec.high, spec.observation_shape, dtype=spec.dtype)
        mask = spaces.Box(0, 1, (spec.num_actions,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(spec.num_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.spec.num_actions, dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        observation = np.asarray(self.spec.observe(self.state, seat), dtype=self.spec.dtype)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self._rng = random.Random(seed)
        self.state = self.spec.new_state()
        resolve_chance(self.state, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select_next()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        resolve_chance(self.state, self._rng)
        if self.state.is_terminal():
            for name, value in zip(self.possible_agents, self.state.returns()):
                self.rewards[name] = value
                self.terminations[name] = True
        else:
            self.rewards = {a: 0 for a in self.agents}
        self._select_next()
        self._accumulate_rewards()

    def _select_next(self):
        """The seat to move; once the game is over the last mover stays selected for the wrap-up."""
        if not self.state.is_terminal():
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def render(self):
        return None

    def close(self):
        pass


def wrapped(spec: EnvSpec) -> AECEnv:
    """The environment with PettingZoo's usual guards: an illegal move ends the game with -1."""
    env = ArenaEnv(spec)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def raw_env(game: str, **settings) -> ArenaEnv:
    """The environment of a game of `clicktown.games.GAMES` by name, without PettingZoo's guards;
    `settings` are its spec's `env_spec` keywords (players, the rule options...)."""
    return ArenaEnv(game_spec(game).env_spec(**settings))


def env(game: str, **settings) -> AECEnv:
    """The environment of a game of `clicktown.games.GAMES` by name, with PettingZoo's usual guards."""
    return wrapped(game_spec(game).env_spec(**settings))
