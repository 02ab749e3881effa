"""The generation loop any puzzle can use (after Tatham's generators).

  1. draw a random solution, with the pool of clues that are true of it, in the order to try;
  2. add clues from the pool until the solution is unique (by a fast exact counter);
  3. remove clues, in random order (or the game's `removal_order`), while the solution stays
     unique; one pass leaves a minimal set, because a clue that could not go from a larger set
     cannot go from a smaller one;
  4. drop a puzzle whose clues the game's `fits` rejects (e.g. a mix of clue types; `may_fit`
     rejects what no further removal can bring back into range, before removing and after
     each clue tried, so a hopeless puzzle costs no more counting), grade the rest, and keep
     a puzzle only at the requested level;
  5. never a false positive: re-check every kept puzzle with an independent exact solver.

A game plugs in through the `Game` protocol; nothing here knows any game's rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol, Sequence

from ..errors import ClicktownError


class Game(Protocol):
    """What a game gives the generation loop."""

    def draw(self, rng: random.Random, level: str) -> Any:
        """A random draft: a solution and its pool of true clues (attribute `pool`)."""

    def count(self, draft: Any, clues: Sequence[Any], limit: int) -> int:
        """The number of solutions of the draft's puzzle with these clues, capped at `limit`."""

    def grade(self, draft: Any, clues: Sequence[Any]) -> Any:
        """The grade of the puzzle (attribute `level`)."""

    def recheck(self, draft: Any, clues: Sequence[Any]) -> bool:
        """Does an independent exact solver confirm the drawn solution is the only one?"""

    # optional: unique_without(draft, clues, clue) -> bool, the same answer as
    # count(draft, [c for c in clues if c is not clue], 2) == 1 when `clues` has one solution,
    # found a faster way (e.g. by looking only for solutions that break `clue`)
    # optional: ambiguous_prefix(draft) -> int, a length k such that the pool's first k clues are
    # known to have a second solution (0 when nothing is known): the bisection starts above it


@dataclass
class Made:
    """A generated puzzle: the draft it came from, its clues and its grade."""

    draft: Any
    clues: list
    grade: Any


@dataclass
class Tally:
    """How the drafts fared (for benchmarks and progress)."""

    drafts: int = 0
    unique: int = 0
    kept: int = 0
    counts: int = 0


def add_until_unique(game: Game, draft, tally: Tally) -> list | None:
    """The shortest prefix of the pool that makes the solution unique; None if the whole pool does not.

    More clues never add solutions, so the prefix is found by bisection (above the prefix the
    game's `ambiguous_prefix` knows to have a second solution, if it knows one).
    """
    pool = list(draft.pool)
    known = game.ambiguous_prefix(draft) if hasattr(game, "ambiguous_prefix") else 0
    if known >= len(pool):
        return None
    tally.counts += 1
    if game.count(draft, pool, 2) != 1:
        return None
    low, high = known, len(pool)  # the prefix of length `high` is unique, of length `low` is not known to be
    while high - low > 1:
        middle = (low + high) // 2
        tally.counts += 1
        if game.count(draft, pool[:middle], 2) == 1:
            high = middle
        else:
            low = middle
    return pool[:high]


def remove_while_unique(game: Game, draft, clues: list, rng: random.Random, tally: Tally,
                        viable: Callable[[Any, list, list], bool] | None = None) -> list | None:
    """Drop clues in random order while the solution stays unique (leaves a minimal set).

    With `viable`, give up (None) as soon as the clues left, with the clues still to be tried,
    fail it: removing only ever takes clues away, so a set that is short of some clue type stays
    short, and one that keeps too many of a type even if every clue still to be tried goes keeps
    too many.
    """
    chosen = list(clues)
    order = game.removal_order(draft, clues, rng) if hasattr(game, "removal_order") else rng.sample(clues, len(clues))
    unique_without = getattr(game, "unique_without", None)
    for k, clue in enumerate(order):
        trial = [c for c in chosen if c is not clue]
        tally.counts += 1
        if unique_without(draft, chosen, clue) if unique_without else game.count(draft, trial, 2) == 1:
            chosen = trial
        if viable is not None and not viable(draft, chosen, order[k + 1:]):
            return None
    return chosen


def make_one(game: Game, draft, rng: random.Random, tally: Tally) -> Made | None:
    """One minimal unique puzzle from a draft, graded (not yet filtered by level)."""
    clues = add_until_unique(game, draft, tally)
    if clues is None:
        return None
    tally.unique += 1
    viable = getattr(game, "may_fit", None)
    if viable is not None and not viable(draft, clues, clues):
        return None  # removing clues cannot bring the mix into the game's ranges
    clues = remove_while_unique(game, draft, clues, rng, tally, viable)
    if clues is None or hasattr(game, "fits") and not game.fits(draft, clues):
        return None
    return Made(draft, clues, game.grade(draft, clues))


def generate(game: Game, level: str, count: int, rng: random.Random, max_drafts: int = 10_000,
             on_draft: Callable[[Tally], None] | None = None, tally: Tally | None = None) -> Iterator[Made]:
    """Yield `count` puzzles at `level`, each re-checked.

    Raise when `max_drafts` drafts in a row bring no puzzle at the level (the bound holds per
    puzzle, so any `count` can be asked for).
    """
    tally = tally if tally is not None else Tally()
    since_kept = 0
    while tally.kept < count:
        if since_kept >= max_drafts:
            raise ClicktownError(f"no {level} puzzle found in {max_drafts} drawn solutions; try another seed or level")
        tally.drafts += 1
        since_kept += 1
        made = make_one(game, game.draw(rng, level), rng, tally)
        if on_draft is not None:
            on_draft(tally)
        if made is None or made.grade.level != level:
            continue
        if not game.recheck(made.draft, made.clues):
            raise AssertionError("the fast counter and the exact re-check disagree")  # a bug, never bad input
        tally.kept += 1
        since_kept = 0
        yield made
