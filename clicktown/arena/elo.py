"""Elo ratings of bots from games between them, with bootstrap intervals.

Every game is read as pairwise results: of two seats held by different bots, the one placed higher
won (a two-player game is one such pair; a four-player game six). `fit` is OpenSpiel's Elo
(`open_spiel.python.algorithms.elo`: the Bradley-Terry model fitted by Hunter's MM algorithm, a
draw counting half a win for each side), on the 400-point scale: 100 points more win 64% of the
games, 200 points 76%. `smoothing` adds that many won games each way to every pair of bots
(0.5: one virtual draw), so a bot that lost every game against another keeps a finite rating.

The games of one table (one pairing of bots) are correlated (a four-player game's six pairs come
from one deal), so the intervals come from resampling whole games, table by table (`bootstrap`).

    tally = Tally(("random", "greedy"))
    tally.add_game("greedy vs random", {"random": [0.0], "greedy": [1.0]})  # bot -> scores of its seats
    ratings = tally.fitted(resamples=1000, seed=1).ratings(anchor="greedy")
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The smoothing of every fit: half a won game each way for every pair of bots (one virtual draw).
SMOOTHING = 0.5
#: The share of the bootstrap fits left out on each side of an interval (a 95% interval).
TAIL = 0.025


def fit(wins, draws=None, smoothing: float = SMOOTHING):
    """The Elo rating of each bot (numpy array, the lowest at 0): `wins[i][j]` games bot i won
    against bot j, `draws[i][j]` (symmetric) the games between them that were drawn."""
    import numpy as np

    from ..errors import ClicktownError

    try:
        from open_spiel.python.algorithms import elo
    except ImportError:
        raise ClicktownError("the Elo fit needs OpenSpiel: pip install 'clicktown[rl]'") from None
    wins = np.asarray(wins, dtype=int)
    draws = np.zeros_like(wins) if draws is None else np.asarray(draws, dtype=int)
    return elo.compute_ratings_from_matrices(wins, draws, smoothing_factor=smoothing)


def pairwise(scores: dict[str, list[float]], bots: tuple[str, ...]):
    """One game's pairwise results: (wins, draws) matrices over `bots` from each bot's seats'
    scores (points, or 1 for a seat that won and 0 otherwise); seats of the same bot are not compared."""
    import numpy as np

    k = len(bots)
    wins, draws = np.zeros((k, k), dtype=int), np.zeros((k, k), dtype=int)
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            if i == j:
                continue
            for mine in scores.get(a, ()):
                for theirs in scores.get(b, ()):
                    wins[i, j] += mine > theirs
                    draws[i, j] += mine == theirs
    return wins, draws


@dataclass
class Rating:
    """One bot's Elo (relative to the anchor), its 95% interval and the games it played."""

    bot: str
    elo: float
    low: float
    high: float
    games: int

    def as_dict(self) -> dict:
        return {"bot": self.bot, "elo": round(self.elo, 1), "ci95": [round(self.low, 1), round(self.high, 1)],
                "games": self.games}


@dataclass
class Tally:
    """The pairwise results of many games, kept game by game under the table they were played at."""

    bots: tuple[str, ...]
    tables: dict[str, list] = field(default_factory=dict)
    _stacked: dict = field(default_factory=dict, repr=False)

    def add_game(self, table: str, scores: dict[str, list[float]]) -> None:
        """Count one game of `table`: each bot's seats' scores (higher placed better)."""
        self.tables.setdefault(table, []).append((pairwise(scores, self.bots), tuple(scores)))
        self._stacked.pop(table, None)

    def stacked(self, table: str):
        """A table's games as two arrays (games x bots x bots): wins, draws."""
        import numpy as np

        if table not in self._stacked:
            games = self.tables[table]
            self._stacked[table] = (np.array([w for (w, _), _ in games]), np.array([d for (_, d), _ in games]))
        return self._stacked[table]

    def matrices(self, counts: dict[str, list[int]] | None = None):
        """The summed (wins, draws) matrices, each game of a table counted as often as `counts`
        says (default: once)."""
        import numpy as np

        k = len(self.bots)
        wins, draws = np.zeros((k, k), dtype=int), np.zeros((k, k), dtype=int)
        for name, games in self.tables.items():
            times = np.ones(len(games), dtype=int) if counts is None else np.asarray(counts[name])
            won, drawn = self.stacked(name)
            wins += np.tensordot(times, won, axes=1)
            draws += np.tensordot(times, drawn, axes=1)
        return wins, draws

    def games_played(self, bot: str) -> int:
        return sum(bot in seated for games in self.tables.values() for _, seated in games)

    def fitted(self, resamples: int = 1000, seed: int = 0) -> "Fitted":
        """The fit of all games, and `resamples` bootstrap fits for the intervals."""
        return Fitted(self, fit(*self.matrices()), bootstrap(self, resamples, seed))


@dataclass
class Fitted:
    """A tally's Elo fit (`estimate`, one rating per bot) and its bootstrap fits (`spread`, one row each)."""

    tally: Tally
    estimate: object
    spread: object

    def ratings(self, anchor: str) -> list[Rating]:
        """Each bot's Elo with `anchor` at 0, and its 95% interval."""
        at = self.tally.bots.index(anchor)
        return [Rating(bot, float(self.estimate[i] - self.estimate[at]), *self.gap(bot, anchor),
                       self.tally.games_played(bot)) for i, bot in enumerate(self.tally.bots)]

    def gap(self, stronger: str, weaker: str) -> tuple[float, float]:
        """The 95% interval of `stronger`'s Elo minus `weaker`'s."""
        import numpy as np

        bots = self.tally.bots
        difference = self.spread[:, bots.index(stronger)] - self.spread[:, bots.index(weaker)]
        low, high = np.quantile(difference, [TAIL, 1 - TAIL])
        return float(low), float(high)


def bootstrap(tally: Tally, resamples: int, seed: int):
    """`resamples` fits (rows: one rating per bot), each of the games drawn again with replacement,
    table by table, from a generator seeded with `seed`."""
    import numpy as np

    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(resamples):
        counts = {name: np.bincount(rng.integers(0, len(games), len(games)), minlength=len(games))
                  for name, games in tally.tables.items()}
        rows.append(fit(*tally.matrices(counts)))
    return np.array(rows)
