"""The bots by strength: a round robin of every bot of each game, fitted to Elo ratings.

    python -m benchmarks elo                          # every game, the default counts (about 820 s of processor time)
    python -m benchmarks elo --games 8 --only sequence --workers 2
    python -m benchmarks elo --write                  # also write the levels into clicktown/arena/levels.json

Two players, seats rotated (each bot holds each seat equally often), every pair of bots: a pairing
with mcts plays `--games` games, the others (a hundred times cheaper) ten times as many. Old Town
also at four players: all four bots at every table, in each of the 6 orders round the table,
turned through the 4 seats; each game's placings by points count as pairwise results (of two
seats, the one with more points won, equal points a draw), six a game. Every pairing plays the
same seeded games (`--seed`), so the results are the same whatever `--workers`.

The ratings are Elo with greedy at 0 (clicktown.arena.elo: OpenSpiel's fit, one virtual draw a pair,
95% intervals from 1000 bootstrap fits that resample whole games, table by table). A bot's level
(`--write`, docs/bots.md) is read against greedy: "strong" when its interval lies above greedy
(lower bound above 0), "easy" when it lies below (upper bound under 0), otherwise "medium" (greedy
itself is medium). Old Town's level is the same in its 2- and 4-player fits, or the one nearer
medium when they differ. The baseline of this benchmark is greedy, rated in the same run.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from itertools import combinations, permutations
from pathlib import Path

#: Every game's bots, cheapest first (the order "a cheaper bot is as strong" reads).
BOTS = ("random", "greedy", "planner", "mcts")
#: How many times more games a pairing without mcts plays.
CHEAP_FACTOR = 10
ANCHOR = "greedy"
RESAMPLES = 1000
LEVELS_FILE = Path(__file__).resolve().parent.parent / "clicktown" / "arena" / "levels.json"
#: The fits, in the order printed: (name, game of levels.json, players).
FITS = (("oldtown", "oldtown", 2), ("oldtown-4", "oldtown", 4), ("patterns", "patterns", 2),
        ("sequence", "sequence", 2), ("numbers", "numbers", 2))


def seat_scores(game: str, bots: tuple[str, ...], games: int, seed: int, workers: int) -> list[dict]:
    """Each game's scores by bot (bot -> the scores of its seats: Old Town's points, elsewhere 1 for
    a seat that won and 0 otherwise), seats turned one a game."""
    if game == "oldtown":
        from clicktown.oldtown.game.simulate import Setup, run

        records = run(Setup(len(bots), bots, rotate=True), games, seed, workers)
        return [by_bot(r.summary["seats"], r.summary["points"]) for r in records]
    if game == "patterns":
        from clicktown.patterns.game.simulate import Setup, run

        records = run(Setup(players=len(bots), bots=bots, rotate=True), games, seed, workers)
    else:
        from clicktown.sequence.game.simulate import Setup, run

        records = run(Setup(game=game, players=len(bots), bots=bots, rotate=True), games, seed, workers)
    return [by_bot(r.summary["seats"], [float(s in r.summary["winners"]) for s in range(len(bots))])
            for r in records]


def by_bot(seats: list[str], scores: list[float]) -> dict[str, list[float]]:
    held: dict[str, list[float]] = {}
    for bot, score in zip(seats, scores):
        held.setdefault(bot, []).append(score)
    return held


def tables(players: int, games: int) -> list[tuple[tuple[str, ...], int]]:
    """The tables of a fit and the games each plays: at two players every pair of bots; at four,
    the 6 orders of all four bots round the table (about 2 x `games` in all, each a whole number of
    turns of the table)."""
    if players == 2:
        return [(pair, games if "mcts" in pair else CHEAP_FACTOR * games) for pair in combinations(BOTS, 2)]
    orders = [(BOTS[0],) + rest for rest in permutations(BOTS[1:])]
    turns = max(1, math.ceil(2 * games / (len(orders) * len(BOTS))))
    return [(order, turns * len(BOTS)) for order in orders]


def round_robin(name: str, game: str, players: int, games: int, seed: int, workers: int):
    """The tally of one fit's games (printing each table's time as it goes)."""
    from clicktown.arena.elo import Tally

    tally = Tally(BOTS)
    for bots, count in tables(players, games):
        start = time.perf_counter()
        for scores in seat_scores(game, bots, count, seed, workers):
            tally.add_game(" ".join(bots), scores)
        print(f"  {name:9} {' '.join(bots):28} {count:4} games  {time.perf_counter() - start:6.1f} s", flush=True)
    return tally


def level(fitted, bot: str) -> str:
    """The level of `bot` against the anchor: strong above it, easy below it, else medium."""
    if bot == ANCHOR:
        return "medium"
    low, high = fitted.gap(bot, ANCHOR)
    return "strong" if low > 0 else "easy" if high < 0 else "medium"


def nearer_medium(levels: list[str]) -> str:
    """Of a bot's levels in several fits, the one nearer medium (they agree: that one)."""
    return "medium" if len(set(levels)) > 1 else levels[0]


def as_strong(fitted) -> list[tuple[str, str]]:
    """(bot, cheaper bot) where the cheaper bot is not shown weaker: the interval of the gap reaches 0."""
    return [(bot, cheaper) for i, bot in enumerate(BOTS) for cheaper in BOTS[:i] if fitted.gap(bot, cheaper)[0] <= 0]


def markdown(name: str, fitted, levels: dict[str, str]) -> str:
    """One fit as a Markdown table (bot, Elo and interval, games, level) and its cheaper-as-strong notes."""
    lines = [f"{name}:", "", "| bot | Elo (greedy = 0) | 95% interval | games | level |", "|---|---|---|---|---|"]
    for rating in sorted(fitted.ratings(ANCHOR), key=lambda r: -r.elo):
        lines.append(f"| {rating.bot} | {rating.elo:+.0f} | {rating.low:+.0f} to {rating.high:+.0f} | "
                     f"{rating.games} | {levels[rating.bot]} |")
    for bot, cheaper in as_strong(fitted):
        low, high = fitted.gap(bot, cheaper)
        lines.append(f"- {cheaper} is as strong as {bot} as far as these games show ({bot} - {cheaper}: "
                     f"{low:+.0f} to {high:+.0f})")
    return "\n".join(lines)


def write_levels(levels: dict[str, dict[str, str]], command: str) -> None:
    """levels.json with these games' levels (one line a game) and the command that measured them."""
    data = json.loads(LEVELS_FILE.read_text())
    games = {**data["games"], **levels}
    about = ("Each game's bots by strength: the level a person reads beside a bot's name, fitted by the round "
             "robin of benchmarks/bench_elo.py (docs/bots.md): strong when the 95% interval of its Elo lies above "
             "greedy's, easy when below, else medium.")
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in
             (("about", about), ("command", command), ("levels", data["levels"]))]
    rows = ",\n".join(f"    {json.dumps(game)}: {json.dumps(bots)}" for game, bots in games.items())
    LEVELS_FILE.write_text("{\n" + "\n".join(lines) + '\n  "games": {\n' + rows + "\n  }\n}\n")


def parse(argv: list[str] | None):
    parser = argparse.ArgumentParser(prog="python -m benchmarks elo", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20,
                        help="games a pairing with mcts plays (an even number; the others play ten times as many)")
    parser.add_argument("--seed", type=int, default=1, help="the games' and the bootstrap's seed")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (same results whatever the number)")
    parser.add_argument("--only", default="", help="only the fits whose name contains this (oldtown, patterns, ...)")
    parser.add_argument("--write", action="store_true", help="write the levels into clicktown/arena/levels.json")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2 or args.workers < 1:
        parser.error("--games must be an even number of at least 2, --workers at least 1")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    started = time.perf_counter()
    found: dict[str, dict[str, list[str]]] = {}
    for name, game, players in FITS:
        if args.only and args.only not in name:
            continue
        tally = round_robin(name, game, players, args.games, args.seed, args.workers)
        fitted = tally.fitted(RESAMPLES, args.seed)
        levels = {bot: level(fitted, bot) for bot in BOTS}
        for bot, word in levels.items():
            found.setdefault(game, {}).setdefault(bot, []).append(word)
        print(markdown(f"{name} ({players} players)", fitted, levels), flush=True)
    print(f"elo: {time.perf_counter() - started:.0f} s in all", flush=True)
    if args.write:
        command = f"python -m benchmarks elo --games {args.games} --seed {args.seed} --write"
        write_levels({game: {bot: nearer_medium(words) for bot, words in bots.items()}
                      for game, bots in found.items()}, command)
        print(f"levels written to {LEVELS_FILE}", flush=True)


if __name__ == "__main__":
    main()
