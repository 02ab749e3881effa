"""The Old Town marker game as a PettingZoo environment: `clicktown.oldtown.env.env(players=4)`."""

from .game.env import env, raw_env  # noqa: F401
