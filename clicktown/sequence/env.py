"""Sequence as a PettingZoo environment: `clicktown.sequence.env.env(game="sequence", players=2)` (see `game/env.py`)."""

from .game.env import env, raw_env  # noqa: F401
