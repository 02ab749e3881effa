"""Who sits where: the bots named for a table, repeated round it, and turned from game to game.

One rule for every game. `--bots greedy,planner` at four seats seats greedy, planner, greedy,
planner; in `play` the names fill the seats other than the player's, in order, the same way.
`--rotate` turns the table one seat per game, so over `players` games every bot sits in every seat.
A name no game knows is refused by `unknown_bot`, the one wording for it.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..errors import ClicktownError


def unknown_bot(name: str, known: Iterable[str]) -> ClicktownError:
    """The error for a bot name the game does not know, listing the names it does."""
    return ClicktownError(f"unknown bot {name!r}: the bots are {', '.join(known)}")


def bot_list(text: str, seats: int, make_bot: Callable[[str], object], aliases: dict[str, str] | None = None,
             seats_text: str = "seats") -> tuple[tuple[str, ...], list[str]]:
    """The names in a comma-separated `--bots` text, checked, repeated round `seats` seats.

    Returns the names by seat and the old names replaced through `aliases` (for a note). Every
    name is checked by the game's own `make_bot`, so its registry stays the one list of names.
    """
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    if not names:
        raise ClicktownError("--bots is empty: name at least one bot")
    if len(names) > seats:
        raise ClicktownError(f"--bots names {len(names)} bots for {seats} {seats_text}: give at most one per seat")
    aliases = aliases or {}
    renamed = [name for name in dict.fromkeys(names) if name in aliases]
    names = [aliases.get(name, name) for name in names]
    for name in dict.fromkeys(names):
        make_bot(name)
    return round_the_table(names, seats), renamed


def round_the_table(names: Iterable[str], seats: int) -> tuple[str, ...]:
    """The names repeated round the table until every one of `seats` seats has one."""
    names = tuple(names)
    return tuple(names[seat % len(names)] for seat in range(seats))


def turned(bots: tuple[str, ...], index: int, rotate: bool) -> tuple[str, ...]:
    """The bot of each seat in game `index`: with `rotate`, the table turned `index` seats."""
    if not rotate or not bots:
        return tuple(bots)
    k = index % len(bots)
    return tuple(bots[k:]) + tuple(bots[:k])


def seated(players: int, seat: int, others: Iterable[str], person: str = "human") -> list[str]:
    """Who sits where in `play`: `person` at `seat`, the bots in the other seats in order."""
    if not 0 <= seat < players:
        raise ClicktownError(f"--seat {seat}: the seats of {players} players are 0 to {players - 1}")
    rest = iter(round_the_table(others, players - 1))
    return [person if s == seat else next(rest) for s in range(players)]
