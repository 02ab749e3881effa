"""Many games, each seeded from (seed, game number), on any number of worker processes.

A game's seed depends only on the run's seed and the game's number, and results come back in
game order, so a run gives the same results whatever `workers` is.

    play = functools.partial(play_one_saloon_game, players=3, bots=("greedy",) * 3)
    for record in run_games(play, games=1000, seed=7, workers=2):
        ...                                   # record.index, record.seed, record.summary, record.events

`play(index, seed)` must be a picklable callable (a module-level function, or a
`functools.partial` of one) returning a `GameRecord`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Callable, Iterator

MAX_SEED = 2**32 - 1


@dataclass
class GameRecord:
    """What one simulated game leaves: a summary for the tables, and its trace events."""

    index: int
    seed: int
    summary: dict
    events: list[dict] = field(default_factory=list)


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded with `seed` (a 64-bit number)."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _play_numbered(play: Callable[[int, int], GameRecord], seed: int, index: int) -> GameRecord:
    return play(index, game_seed(seed, index))


def _leave_interrupts_to_parent() -> None:
    """Workers ignore Ctrl-C, and SIGTERM ends them outright: the parent stops the pool and reports the
    interrupt once, quietly. (A worker forked from a command inherits the command's SIGTERM handler,
    which raises in Python; raised between a queue lock's acquire and its `with` block, it would leave
    the worker waiting on that lock for ever, and the parent joining it.)"""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run_games(play: Callable[[int, int], GameRecord], games: int, seed: int, workers: int = 1) -> Iterator[GameRecord]:
    """Play `games` games and yield their records in game order."""
    from functools import partial

    job = partial(_play_numbered, play, seed)
    if workers <= 1 or games <= 1:
        for index in range(games):
            yield job(index)
        return
    import multiprocessing

    chunk = max(1, min(64, games // (workers * 8)))
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_leave_interrupts_to_parent)
    try:
        yield from pool.imap(job, range(games), chunksize=chunk)
        pool.close()  # every game is in: the workers end at their queue's end, no signal sent
    except BaseException:
        pool.terminate()  # the run stopped early (an interrupt, an error, the reader went away): at once
        raise
    finally:
        pool.join()
