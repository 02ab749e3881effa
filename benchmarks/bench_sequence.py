"""Sequence: positions counted per second, and the time to answer win-in-N questions.

Baselines measured in the same run, on the same positions and hands: the counter and the search
as they stood at BASELINE_REV, read from the project's history (benchmarks/baseline.py), and CP-SAT
(the reference). Targets: counting at least 40,000 positions a second; proofs of no win no slower
than CP-SAT.
"""

import random
import time

from clicktown.sequence.cards import load_game
from clicktown.sequence.geometry import CELLS, CORNERS
from clicktown.sequence.position import Position
from clicktown.sequence.puzzle import generate_puzzle
from clicktown.sequence.reference import count_cpsat
from clicktown.sequence.sequences import count_fast
from clicktown.sequence.solve import solve_cpsat, solve_search
from .baseline import module_from_history

#: The counter reading cell by cell and the search without its early refutation (the tree at this commit).
BASELINE_REV = "d4cb3032c9527649f6c989ed2431ad2cd9e499bc"
BASELINE_MODULES = {name: f"clicktown/sequence/{name}.py" for name in ("geometry", "position", "sequences", "moves", "solve")}
BASELINE_IMPORTS = {
    "from ..datafiles import": "from clicktown.datafiles import",
    "from ..errors import": "from clicktown.errors import",
    "from .schema import": "from clicktown.sequence.schema import",
    "from .cards import": "from clicktown.sequence.cards import",
}
POSITIONS = 2000
PUZZLES = 12


def _positions(n: int) -> list[Position]:
    """Random mid-game positions (a fixed seed)."""
    rng = random.Random(0)
    return [Position("".join("*" if i in CORNERS else rng.choice("AABB...") for i in CELLS)) for _ in range(n)]


def _rate(count, positions) -> float:
    """Positions (both teams) counted per second of CPU."""
    start = time.process_time()
    for p in positions:
        count(p, "A"), count(p, "B")
    return len(positions) / (time.process_time() - start)


def _seconds(solver, game, questions) -> tuple[float, list]:
    """Mean CPU seconds per question, and the answers (win, turns)."""
    answers = []
    start = time.process_time()
    for position, hand, turns, needed in questions:
        found = solver(game, position, "A", hand, turns, needed)
        answers.append((found.win, found.turns))
    return (time.process_time() - start) / len(questions), answers


def _compare(label: str, game, questions, solvers) -> None:
    """One line: each solver's time per question, the ratios, and whether all answered alike."""
    times, answers = {}, []
    for name, solver in solvers.items():
        times[name], found = _seconds(solver, game, questions)
        answers.append(found)
    same = "the same answers" if all(a == answers[0] for a in answers) else "DIFFERENT ANSWERS"
    print(f"{label}: " + ", ".join(f"{name} {t * 1000:7.1f} ms" for name, t in times.items())
          + f"; search is {times['CP-SAT'] / times['search']:.1f}x CP-SAT's speed, "
          + (f"{times['baseline search'] / times['search']:.1f}x the baseline search; " if "baseline search" in times else "")
          + same)


def main() -> None:
    """Print the rates, times and ratios."""
    old = module_from_history("sequence_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS, "solve")
    old_count = module_from_history("sequence_baseline", BASELINE_REV, BASELINE_MODULES, BASELINE_IMPORTS, "sequences")
    positions = _positions(POSITIONS)
    fast = _rate(count_fast, positions)
    before = _rate(old_count.count_fast, positions[:POSITIONS // 4])
    cpsat = _rate(lambda p, t: count_cpsat(p, t)[0], positions[:POSITIONS // 10])
    print(f"count, bitboards:             {fast:9.0f} positions/s (target >= 40000)")
    print(f"count, baseline ({BASELINE_REV[:7]}):     {before:9.0f} positions/s; bitboards are {fast / before:.1f}x faster")
    print(f"count, CP-SAT:                {cpsat:9.0f} positions/s; bitboards are {fast / cpsat:.1f}x faster")
    game = load_game("sequence")
    solvers = {"search": solve_search, "baseline search": old.solve_search, "CP-SAT": solve_cpsat}
    for turns, unique in ((2, True), (3, False)):
        puzzles = [generate_puzzle(game, seed, turns, unique) for seed in range(PUZZLES)]
        questions = [(p.position, tuple(game.deck.card(n) for n in p.hand), turns, p.needed) for p in puzzles]
        _compare(f"win in {turns} puzzles", game, questions, solvers)
    _compare("no win in 3, wild jacks in hand", game, _no_win(game, 3, 8), solvers)
    del solvers["baseline search"]  # it took more than ten minutes on some of these
    _compare("win in 7, a hand of 7 with jacks", game, _no_win(game, 7, 8), solvers)


def _no_win(game, turns: int, n: int) -> list:
    """Questions with two wild jacks and a one-eyed jack in hand, mostly without a win (a fixed seed)."""
    rng = random.Random(1)
    names = ("jd", "jc", "jh", "5s", "kd", "7h", "2c")[:5 if turns <= 3 else 7]
    hand = tuple(game.deck.card(n) for n in names)
    return [(Position("".join("*" if i in CORNERS else rng.choice("AB....") for i in CELLS)), hand, turns, 2)
            for _ in range(n)]


if __name__ == "__main__":
    main()
