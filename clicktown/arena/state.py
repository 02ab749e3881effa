"""The game-state protocol every engine follows, and playing one game with bots.

Actions are small non-negative integers below the game's `num_actions`; `action_to_string`
names them for people. A chance node (`current_player() == CHANCE`) lists its outcomes with
probabilities; whoever drives the state picks one with its own seeded generator, so one seed
makes one game whatever drives it. An engine that knows how its chance nodes are drawn (cards from
a pile, each card as likely as the next) may also offer `draw_chance(rng)`: it picks the very
outcome the list would give for the same generator (`draw_by_counts`, `draw_uniform`), without
building the list.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import Protocol, Sequence

CHANCE = -1
PUBLIC, NOBODY = "public", "nobody"  # who sees a chance outcome: everybody, or no seat (a face-down pile)
SPECTATOR = -1  # a watcher who holds no seat: views and traces tell nothing to it as "you"
TERMINAL = -4


class GameState(Protocol):
    """The shape of a game state (OpenSpiel's)."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply_action(self, action: int) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> "GameState": ...
    def action_to_string(self, action: int) -> str: ...


class Bot(Protocol):
    """A player: picks one of the legal actions of the seat to move."""

    name: str

    def choose(self, state: GameState, rng: random.Random) -> int: ...


class RandomBot:
    """Plays a legal action chosen uniformly at random."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> int:
        return rng.choice(state.legal_actions())


def sample_chance(state: GameState, rng: random.Random) -> int:
    """One outcome of a chance node, drawn with `rng` by the outcomes' probabilities.

    The draw takes one `rng.random()` (none when only one outcome is possible), as
    `rng.choices` with the outcomes' weights does; an engine's own `draw_chance` gives the same.
    """
    draw = getattr(state, "draw_chance", None)
    if draw is not None:
        return draw(rng)
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    actions, weights = zip(*outcomes)
    return rng.choices(actions, weights=weights)[0]


def draw_by_counts(counts: list[int], total: int, rng: random.Random) -> int:
    """The index drawn from `counts` (e.g. cards of each kind in a pile, `total` in all), each of
    the `total` items equally likely: what `sample_chance` picks from the outcomes
    (index, count / total) of the non-zero counts, with the same one `rng.random()`."""
    if counts.count(0) == len(counts) - 1:  # one outcome only: nothing to draw
        return next(i for i, n in enumerate(counts) if n)
    point = min(rng.random() * total, total - 0.5)  # a point in [0, total), safe from rounding up
    return bisect_right(list(accumulate(counts)), point)


def draw_uniform(outcomes: Sequence[int], rng: random.Random) -> int:
    """One of `outcomes`, each equally likely: what `sample_chance` picks from (outcome, 1 / n)."""
    if len(outcomes) == 1:
        return outcomes[0]
    return outcomes[int(rng.random() * len(outcomes))]


def resolve_chance(state: GameState, rng: random.Random) -> None:
    """Apply chance outcomes until a player is to move or the game is over."""
    draw = getattr(state, "draw_chance", None)
    if draw is None:
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        return
    while state.current_player() == CHANCE:
        state.apply_action(draw(rng))


def play_game(state: GameState, bots: Sequence[Bot], rng: random.Random, max_moves: int = 1_000_000) -> GameState:
    """Play `state` to the end with `bots[seat]` for each seat; chance and bots draw from `rng`.

    `max_moves` guards against an engine that never ends: passing it is a bug, so it raises.
    """
    for _ in range(max_moves):
        resolve_chance(state, rng)
        if state.is_terminal():
            return state
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state, rng))
    raise RuntimeError(f"the game did not end within {max_moves} moves")


def untimed(people, reaction: float) -> None:
    """A table's `timed_phase` for a game with no phase played against the clock: no driver."""
    return None


def refusal(state, action: int, lang: str = "en") -> str:
    """The plain refusal of an action the engine does not allow now (a game may tell more)."""
    from ..messages import say

    return say(lang, "web.refused", action=action)
