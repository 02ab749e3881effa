"""Wild Wild Pattern: wheels per second for "every valid pattern", moves, and `patterns stats`.

Measured against the engine as it stood at BASELINE_REV (read from the project's history with
benchmarks/baseline.py, the same random deck wheels, the same run): the batch engine on arrays
of card kinds, the pattern tables one wheel at a time (Pattern objects as `patterns list`
prints them), the moves of a drawn card, and whole `patterns stats` runs. The CP-SAT model,
which enumerates every statement as a solution, is timed on a few wheels for scale.
"""

from __future__ import annotations

import importlib
import time

import numpy as np

from clicktown.patterns import batch, stats, tables
from clicktown.patterns.cards import load_deck
from clicktown.patterns.analysis import Rules
from .baseline import module_from_history

#: The per-wheel engine, `patterns stats` and the game before the pattern tables.
BASELINE_REV = "9b8fd39633519cf5525cc167a19473e3b00da303"
BASELINE_MODULES = {"engine": "clicktown/patterns/engine.py", "stats": "clicktown/patterns/stats.py"}
BASELINE_IMPORTS = {
    "from ..errors import": "from clicktown.errors import",
    "from ..arena.": "from clicktown.arena.",
    "from .cards import": "from clicktown.patterns.cards import",
}
WHEELS = 1_000_000


def rate(function, items, count=None) -> float:
    """Items per second for `function` over `items` (or one call doing `count` items)."""
    start = time.perf_counter()
    if count is None:
        for item in items:
            function(item)
        return len(items) / (time.perf_counter() - start)
    function(items)
    return count / (time.perf_counter() - start)


def line(what: str, old: float, new: float, unit: str) -> None:
    print(f"{what:38} {old:12,.0f} {new:14,.0f} {unit:8} {new / old:7.1f}x")


def main() -> None:
    old_stats = module_from_history("patterns_engine_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS,
                                    "stats")
    old_engine = importlib.import_module("patterns_engine_baseline.engine")
    deck = load_deck()
    kinds = np.array(tables.kinds_of(deck.cards), dtype=np.uint8)
    deals = batch.deal(kinds, WHEELS, np.random.default_rng(2024))
    wheels_array, drawn = deals[:, :8], deals[:, 8]
    some = [(tables.wheel_of(row[:8]), tables.card_kinds()[row[8]]) for row in deals[:4000].tolist()]
    wheels = [w for w, _ in some]
    for w, c in some[:300]:
        assert [p.as_dict() for p in old_engine.valid_patterns(w)] == [p.as_dict() for p in tables.valid_patterns(w)]
        assert [m.as_dict() for m in old_engine.moves(w, c)] == [m.as_dict() for m in tables.moves(w, c)]
    batch.valid_sets(wheels_array[:10])                      # tables built before timing
    print(f"{'one core, random deck deals':38} {'baseline':>12} {'now':>14} {'':8} {'ratio':>7}")
    old_list = rate(old_engine.valid_patterns, wheels)
    line("every valid pattern, batch (arrays)", old_list, rate(batch.valid_sets, wheels_array, WHEELS), "wheels/s")
    line("every valid pattern, Pattern objects", old_list, rate(tables.valid_patterns, wheels), "wheels/s")
    old_moves = rate(lambda wc: old_engine.moves(*wc), some[:2000])
    line("moves of the drawn card (8 positions)", old_moves, rate(lambda wc: tables.moves(*wc), some[:2000]),
         "deals/s")
    line("has the drawn card a move, batch", old_moves,
         rate(lambda _: batch.has_moves(wheels_array, drawn), None, WHEELS), "deals/s")
    old_stats_rate = 20_000 / _seconds(lambda: old_stats.summarize(old_stats.trials(deck, 20_000, 1)))
    line("patterns stats (baseline 20,000 deals,", old_stats_rate,
         WHEELS / _seconds(lambda: stats.tally(deck, WHEELS, 1, Rules())), "deals/s")
    print(f"{'  now --wheels 1,000,000)':38}")
    from clicktown.patterns.reference import model_patterns

    model_patterns(wheels[0])
    print(f"CP-SAT model, every valid pattern: {rate(model_patterns, wheels[:100]):,.0f} wheels/s (100 wheels)")


def _seconds(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
