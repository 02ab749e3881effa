"""Wild Wild Pattern as a PettingZoo environment: `clicktown.patterns.env.env(players=3)` (see `game/env.py`)."""

from .game.env import env, raw_env  # noqa: F401
