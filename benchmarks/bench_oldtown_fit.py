"""The card-fitting search's inner question: which option of a card accepts which rival town?

The search scores every option of a card against every pooled rival at once with numpy
(`Acceptance.of`); the baseline asks `clue_holds` (the solvers' reference) the same questions one
by one, in the same run. Printed: both times and the ratio.
"""

import random
import time

from clicktown.oldtown.catalogue import load_catalogue
from research.oldtown_cards.fit import Acceptance, Option, town_arrays
from research.oldtown_cards.scenarios import card_vocabulary
from clicktown.oldtown.solo import Clue, Solution, clue_holds

TOWNS = 500
REPEATS = 3


def _setup():
    catalogue = load_catalogue()
    names = catalogue.building_names
    index = {b: i for i, b in enumerate(names)}
    rng = random.Random(0)
    _, _, relations = card_vocabulary(catalogue.board)
    options = [Option(b, r.key, pairs=r.pairs) for r in relations for b in names[:6]]
    towns = []
    for _ in range(TOWNS):
        town = dict(zip(range(1, 17), rng.sample(names, 16)))
        towns.append(Solution.of(town, rng.sample(sorted(town.values()), 2)))
    return index, options, towns


def _best(fn) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    index, options, towns = _setup()
    pos, mine = town_arrays(towns, index)
    acceptance = Acceptance("C", options, index)
    clues = [Clue(19, "C", o.building, pairs=o.pairs) for o in options]
    plain = [(t.position, t.mine) for t in towns]

    def one_by_one():
        return [[clue_holds(c, p, m) for p, m in plain] for c in clues]

    baseline = _best(one_by_one)
    fast = _best(lambda: acceptance.of(pos, mine, None))
    print(f"{len(options)} type-C options x {TOWNS} rival towns, best of {REPEATS}:")
    print(f"  clue_holds one by one (baseline)  {baseline * 1000:9.1f} ms")
    print(f"  numpy, all at once                {fast * 1000:9.1f} ms")
    print(f"  ratio baseline / numpy: {baseline / fast:.1f}x")


if __name__ == "__main__":
    main()
