"""How often things happen on random wheels: sampling, counting, 95% confidence intervals.

A trial deals 9 different deck cards at random: 8 make the wheel (clockwise), the 9th is the drawn
card. It records whether the wheel as dealt already holds a Wild Wild Pattern (a valid pattern
involving all 8 cards) and whether the drawn card has no pattern-creating move at all (a sure
"Click!"). Intervals are Wilson score intervals (they stay inside 0-1 even for rare events).

The deals come in batches of BATCH: batch b is dealt by numpy's generator seeded with (seed, b)
(the last batch dealt whole, then cut), so a run is reproducible from its seed, and the first
deals of a longer run are those of a shorter one. The batch engine (`batch`) judges a whole batch
at once; `reference.trial` judges one deal with the readable engine, and the tests hold the two to
the same counts.
"""

from __future__ import annotations

from typing import Callable

from ..arena.rates import Rate
from ..errors import ClicktownError
from .analysis import Rules
from .cards import WHEEL_SIZE, Deck

BATCH = 1 << 16


def deals(deck: Deck, wheels: int, seed: int):
    """Yield the deals of a run, a batch at a time: (n, 9) arrays of card kinds (see the docstring)."""
    import numpy as np

    from .batch import deal
    from .tables import kinds_of

    if wheels < 1:
        raise ClicktownError(f"--wheels must be at least 1, not {wheels}")
    if len(deck.cards) < WHEEL_SIZE + 1:
        raise ClicktownError(f"a deal takes {WHEEL_SIZE + 1} cards; {deck.source} has {len(deck.cards)}")
    kinds = np.array(kinds_of(deck.cards), dtype=np.uint8)
    for start in range(0, wheels, BATCH):
        rng = np.random.default_rng(np.random.SeedSequence([seed, start // BATCH]))
        yield deal(kinds, BATCH, rng)[:wheels - start]


def tally(deck: Deck, wheels: int, seed: int, rules: Rules = Rules(),
          done: Callable[[int], None] | None = None) -> dict[str, Rate]:
    """Deal `wheels` random wheels and count: the wheels holding a Wild Wild Pattern, the drawn
    cards without a move. `done(n)` hears of every batch of n deals judged."""
    from .batch import has_moves, wild_wheels

    n = wild = stuck = 0
    for batch in deals(deck, wheels, seed):
        n += len(batch)
        wild += int(wild_wheels(batch[:, :WHEEL_SIZE], rules).sum())
        stuck += len(batch) - int(has_moves(batch[:, :WHEEL_SIZE], batch[:, WHEEL_SIZE], rules).sum())
        if done is not None:
            done(len(batch))
    return {"wild_wheel": Rate(wild, n), "no_move": Rate(stuck, n)}


