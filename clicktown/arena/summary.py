"""The summary every game's `simulate` prints: one shape for all three games (docs/simulate.md).

Each game's per-game record summary holds at least
  seats   -- the bot of each seat in that game (after `--rotate` turned the table),
  winners -- the seats that won (every tied seat; in a team game every seat of the winning team),
  turns   -- the turns the game lasted.
`summary` folds them into `games`, `seed`, `players`, `bots`, `rotate`, `win_rate_per_seat`,
`win_rate_per_bot` and `turns_per_game`; the game adds its own figures under its own keys.
"""

from __future__ import annotations

from .rates import Rate

SHARED_KEYS = ("games", "seed", "players", "bots", "rotate", "win_rate_per_seat", "win_rate_per_bot",
               "turns_per_game")


def summary(games: list[dict], *, seed: int, players: int, bots: tuple[str, ...], rotate: bool, **own) -> dict:
    """The shared figures of a run, then the game's own (`own`, which may not reuse a shared key)."""
    clash = sorted(set(own) & set(SHARED_KEYS))
    if clash:
        raise ValueError(f"a game's own figures reuse the shared keys {clash}")
    return {"games": len(games), "seed": seed, "players": players, "bots": list(bots), "rotate": rotate,
            "win_rate_per_seat": seat_rates(games, players), "win_rate_per_bot": bot_rates(games, bots),
            "turns_per_game": spread([g["turns"] for g in games]), **own}


def seat_rates(games: list[dict], players: int) -> list[dict]:
    """For each seat, the games it won (hits) out of the games played (n), with the 95% interval."""
    return [Rate(sum(seat in g["winners"] for g in games), len(games)).as_dict() for seat in range(players)]


def bot_rates(games: list[dict], bots: tuple[str, ...]) -> dict[str, dict]:
    """For each bot, the seats it held that won (hits) out of the seats it held (n), game by game."""
    rates = {}
    for bot in dict.fromkeys(bots):
        held = [(g, seat) for g in games for seat, name in enumerate(g["seats"]) if name == bot]
        rates[bot] = Rate(sum(seat in g["winners"] for g, seat in held), len(held)).as_dict()
    return rates


def spread(values: list[float]) -> dict:
    """mean, min and max of a list (all 0 when it is empty)."""
    if not values:
        return {"mean": 0.0, "min": 0, "max": 0}
    return {"mean": sum(values) / len(values), "min": min(values), "max": max(values)}


def shared_text(result: dict, lang: str, table_of: str = "") -> str:
    """The shared figures as text in `lang`: a heading line, wins per seat and per bot, turns per game.

    `table_of` is the game's own words on how the table is made up ("in 2 teams of sequence ..."),
    already in `lang`, put after the players."""
    from ..messages import decimal, say, say_n
    from ..output import table

    rotated = say(lang, "simulate.rotated") if result["rotate"] else ""
    heading = say(lang, "simulate.heading", games=say_n(lang, "simulate.games", result["games"]),
                  players=say_n(lang, "simulate.players", result["players"]), table_of=table_of,
                  bots=",".join(result["bots"]), rotated=rotated, seed=result["seed"])
    rows = [[seat_label(lang, seat)] + rate_cells(rate, lang) for seat, rate in enumerate(result["win_rate_per_seat"])]
    rows += [[bot_label(lang, bot)] + rate_cells(rate, lang) for bot, rate in result["win_rate_per_bot"].items()]
    turns = result["turns_per_game"]
    return "\n".join([heading, "", table(rows, rate_header(lang, "simulate.who")), "",
                      say(lang, "simulate.turns", mean=decimal(lang, turns["mean"], 1), fewest=turns["min"],
                          most=turns["max"])])


def seat_label(lang: str, seat: int) -> str:
    """A seat's row label in a summary table ('seat 0')."""
    from ..messages import say

    return say(lang, "simulate.seat", seat=seat)


def bot_label(lang: str, bot: str) -> str:
    """A bot's row label in a summary table ('bot greedy')."""
    from ..messages import say

    return say(lang, "simulate.bot", bot=bot)


def rate_header(lang: str, first: str) -> list[str]:
    """The header of a table of rates: the first column's word (a catalog key), wins, rate, interval."""
    from ..messages import say

    return [say(lang, first), say(lang, "simulate.wins"), say(lang, "simulate.rate"), say(lang, "simulate.interval")]


def rate_cells(rate: dict, lang: str) -> list[str]:
    """A rate as table cells in `lang`: hits/n, the rate, its 95% interval."""
    from ..messages import percent

    low, high = rate["ci95"]
    return [f"{rate['hits']}/{rate['n']}", percent(lang, rate["rate"]), f"{percent(lang, low)} - {percent(lang, high)}"]
