"""How often things happen on random wheels: sampling, counting, 95% confidence intervals.

A trial deals 9 different deck cards at random: 8 make the wheel, the 9th is the drawn card.
It records whether the wheel as dealt already holds a Wild Wild Pattern (a valid pattern involving
all 8 cards) and whether the drawn card has no pattern-creating move at all (a sure "Click!").
Intervals are Wilson score intervals (they stay inside 0-1 even for rare events).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..arena.rates import Rate
from ..errors import ClicktownError
from .cards import WHEEL_SIZE, Deck, Wheel
from .analysis import Rules, has_move, holds_wild

@dataclass(frozen=True)
class Trial:
    """One random deal: does the wheel hold a Wild Wild Pattern, is the drawn card without a move?"""

    wild_wheel: bool
    no_move: bool


def trials(deck: Deck, wheels: int, seed: int, rules: Rules = Rules()):
    """`wheels` trials (an iterator), reproducible from `seed`."""
    if wheels < 1:
        raise ClicktownError(f"--wheels must be at least 1, not {wheels}")
    return _deal(deck, wheels, seed, rules)


def _deal(deck: Deck, wheels: int, seed: int, rules: Rules):
    """The trials generator behind `trials`."""
    rng = random.Random(seed)
    cards = list(deck.cards)
    for _ in range(wheels):
        deal = rng.sample(cards, WHEEL_SIZE + 1)
        wheel = Wheel(tuple(deal[:WHEEL_SIZE]))
        yield Trial(holds_wild(wheel, rules), not has_move(wheel, deal[WHEEL_SIZE], rules))


def summarize(all_trials) -> dict[str, Rate]:
    """Count the trials: the wheels holding a Wild Wild Pattern, the drawn cards without a move."""
    n = wild = stuck = 0
    for trial in all_trials:
        n += 1
        wild += trial.wild_wheel
        stuck += trial.no_move
    return {"wild_wheel": Rate(wild, n), "no_move": Rate(stuck, n)}
