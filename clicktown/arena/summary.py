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


def shared_text(result: dict, table_of: str = "") -> str:
    """The shared figures as text: a heading line, wins per seat and per bot, turns per game."""
    from ..output import table

    heading = (f"{result['games']} games, {result['players']} players{table_of}, bots {','.join(result['bots'])}"
               f"{' (rotated)' if result['rotate'] else ''}, seed {result['seed']}")
    rows = [[f"seat {seat}"] + rate_cells(rate) for seat, rate in enumerate(result["win_rate_per_seat"])]
    rows += [[f"bot {bot}"] + rate_cells(rate) for bot, rate in result["win_rate_per_bot"].items()]
    turns = result["turns_per_game"]
    return "\n".join([heading, "", table(rows, ["who", "wins", "rate", "95% interval"]), "",
                      f"turns per game: {turns['mean']:.1f} (fewest {turns['min']}, most {turns['max']})"])


def rate_cells(rate: dict) -> list[str]:
    """A rate as table cells: hits/n, the rate, its 95% interval."""
    low, high = rate["ci95"]
    return [f"{rate['hits']}/{rate['n']}", f"{100 * rate['rate']:.1f}%", f"{100 * low:.1f}% - {100 * high:.1f}%"]
