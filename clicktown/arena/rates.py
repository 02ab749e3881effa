"""Counted rates with Wilson score 95% intervals (they stay inside 0-1 even for rare events)."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `hits` successes in `n` trials."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    return low, 1.0 if hits == n else min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """A counted rate with its 95% interval."""

    hits: int
    n: int

    def as_dict(self) -> dict:
        """hits, n, rate and the 95% interval."""
        low, high = wilson(self.hits, self.n)
        return {"hits": self.hits, "n": self.n, "rate": self.hits / self.n if self.n else 0.0, "ci95": [low, high]}
