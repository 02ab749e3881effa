"""Wild Wild Pattern: wheels per second for `patterns list`, by the enumerator and by the CP-SAT model.

The baseline is the CP-SAT model (it enumerates every statement as a solution), measured in the
same run on the same random deck wheels; the ratio is how many times faster the enumerator is.
"""

import random
import time

from clicktown.patterns.cards import Wheel, load_deck
from clicktown.patterns.analysis import moves, valid_patterns
from clicktown.patterns.model import model_patterns


def _rate(function, items) -> float:
    """Items per second for `function` over `items`."""
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


def main() -> None:
    deck = load_deck()
    rng = random.Random(2024)
    deals = [rng.sample(deck.cards, 9) for _ in range(3000)]
    wheels = [Wheel(tuple(d[:8])) for d in deals]
    model_patterns(wheels[0])  # build the model once before timing
    for w in wheels[:200]:
        assert model_patterns(w) == valid_patterns(w)
    enumerator = _rate(valid_patterns, wheels)
    cp_sat = _rate(model_patterns, wheels[:300])
    move_rate = _rate(lambda d: moves(Wheel(tuple(d[:8])), d[8]), deals[:1000])
    print(f"list, enumerator:  {enumerator:10.0f} wheels/s  ({len(wheels)} wheels)")
    print(f"list, CP-SAT model:{cp_sat:10.0f} wheels/s  (300 wheels; baseline)")
    print(f"ratio enumerator / CP-SAT: {enumerator / cp_sat:.0f}x")
    print(f"moves (8 positions), enumerator: {move_rate:.0f} cards/s")


if __name__ == "__main__":
    main()
