"""Old Town's marker game: whole games per minute against the engine as it stood before the board
was read on bit masks throughout, and the matching filter against CP-SAT.

1. Whole games with greedy bots on one core, for 2, 3 and 4 players (target: at least 20,000 a
   minute in each). Baseline measured in the same run, on the same seeds: the engine (state, rules,
   town, deduction, verdicts, bots) read from the project's history at BASELINE_REV, when verdicts
   were carried from board to board, situations B and C, takings and the matching filter were
   played on the town's sets, and chance outcomes were listed for every draw; and beside it the
   engine at PREVIOUS_REV, already on bit masks, before the verdicts of type-C cards with two new
   buildings and the markers action 2 may take were read on the masks and the per-call costs cut.
   Rounds of the engines alternate, CPU time counts, and the best round of each is compared, so that
   other work on the machine weighs on all alike. All must play the same games (the same points and
   turns).
2. Every forced marker of the same reachable boards, found three ways: the hand-written fast path
   the engine uses (Régin's all-different filter: augmenting paths and Tarjan's components, its
   cache emptied before every board), the networkx reference (Hopcroft-Karp,
   `strongly_connected_components`, `ancestors`) and CP-SAT (one solve per marker not yet seen on
   a solution, the baseline); all three must agree. The target, the matching filter at least 10x
   faster than CP-SAT, is judged on the fast path, the filter the engine runs; the networkx
   reference's ratio is printed beside it.
"""

import importlib
import random
import time

from clicktown.arena.state import RandomBot, play_game, resolve_chance
from clicktown.oldtown import reference
from clicktown.oldtown.game import deduce
from clicktown.oldtown.game.simulate import _catalogue
from clicktown.oldtown.game.state import new_game
from .baseline import module_from_history

GAMES = 60
ROUNDS = 3
BOARDS = 300
TARGET = 20_000
#: The engine before the board was read on bit masks throughout (the commit this work started from).
BASELINE_REV = "93b1d3e"
#: The engine on bit masks before its per-call costs were cut (verdicts and takings on the masks only).
PREVIOUS_REV = "410da36"
BASELINE_MODULES = {name: f"clicktown/oldtown/game/{name}.py"
                    for name in ("state", "rules", "town", "deduce", "verdicts", "rule_options", "bots")}
BASELINE_IMPORTS = {
    "from ...arena.state import": "from clicktown.arena.state import",
    "from ...arena.seating import": "from clicktown.arena.seating import",
    "from ...arena.ismcts import": "from clicktown.arena.ismcts import",
    "from ...errors import": "from clicktown.errors import",
    "from ..catalogue import": "from clicktown.oldtown.catalogue import",
}


def _engines():
    """(new_game, make_bot) of the engine now, of the baseline engine and of the previous engine."""
    from clicktown.oldtown.game.bots import make_bot
    engines = {"now": (new_game, make_bot)}
    for name, rev in (("baseline", BASELINE_REV), ("previous", PREVIOUS_REV)):
        package = f"oldtown_game_{name}"
        old_state = module_from_history(package, rev, BASELINE_MODULES, BASELINE_IMPORTS, "state")
        engines[name] = (old_state.new_game, importlib.import_module(f"{package}.bots").make_bot)
    return engines


def _round(engine, players: int) -> tuple[float, list]:
    """CPU seconds for GAMES greedy games, and each game's points and turns."""
    start_game, make_bot = engine
    catalogue, outcomes = _catalogue(), []
    start = time.process_time()
    for index in range(GAMES):
        state = start_game(catalogue, players, record=False)
        play_game(state, [make_bot("greedy") for _ in range(players)], random.Random(1000 + index))
        outcomes.append((tuple(state.points), state.turns))
    return time.process_time() - start, outcomes


def _games_per_minute(engines: dict, players: int) -> dict[str, float]:
    """Greedy games per minute of CPU for each engine, the best of ROUNDS alternating rounds."""
    best: dict[str, float] = {}
    games: dict[str, list] = {}
    for _ in range(ROUNDS):
        for name, engine in engines.items():
            seconds, games[name] = _round(engine, players)
            best[name] = min(best.get(name, seconds), seconds)
    assert games["now"] == games["baseline"] == games["previous"], "the engine and its baselines played different games"
    return {name: GAMES * 60 / seconds for name, seconds in best.items()}


def _boards(count: int) -> list:
    """Distinct boards with markers met in random 4-player games (a fixed seed)."""
    cat, boards, keys, seed = _catalogue(), [], set(), 0
    while len(boards) < count:
        state, rng, bot = new_game(cat, 4, record=False), random.Random(seed), RandomBot()
        seed += 1
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            if state.town.markers and state.town.key() not in keys:
                keys.add(state.town.key())
                boards.append(state.town.copy())
            state.apply_action(bot.choose(state, rng))
    return boards[:count]


def main() -> None:
    """Print the rates, times and ratios."""
    engines = _engines()
    for engine in engines.values():
        _round(engine, 4)  # load the catalogue and warm the caches before timing
    print(f"greedy games per minute of CPU on one core, best of {ROUNDS} alternating rounds of {GAMES}:")
    for players in (2, 3, 4):
        rate = _games_per_minute(engines, players)
        now, old, previous = rate["now"], rate["baseline"], rate["previous"]
        verdict = "meets" if now >= TARGET else "MISSES"
        print(f"  {players} players: {now:7.0f} now, {old:7.0f} baseline ({BASELINE_REV}), {now / old:.2f}x; "
              f"{previous:7.0f} previous ({PREVIOUS_REV}), {now / previous:.2f}x "
              f"({verdict} the target of {TARGET:,}); the same games")
    boards = _boards(BOARDS)
    for forced in (_fast, _networkx, _cpsat):
        forced(boards[0])  # import networkx and ortools before timing: a one-off cost, not a board's
    fast, fast_time = _timed(boards, _fast)
    by_networkx, networkx_time = _timed(boards, _networkx)
    slow, cpsat_time = _timed(boards, _cpsat)
    assert fast == by_networkx == slow, "the fast path, networkx and CP-SAT disagree"
    print(f"forced markers on {len(boards)} boards, per board: fast path {fast_time * 1000:.3f} ms, "
          f"networkx {networkx_time * 1000:.3f} ms, CP-SAT {cpsat_time * 1000:.3f} ms (baseline); "
          f"all three agree on every board")
    ratio = cpsat_time / fast_time
    print(f"  fast path (the engine's matching filter): {ratio:.0f}x faster than CP-SAT "
          f"({'meets' if ratio >= 10 else 'MISSES'} the target of 10x), "
          f"{networkx_time / fast_time:.1f}x faster than networkx")
    print(f"  networkx reference: {cpsat_time / networkx_time:.1f}x faster than CP-SAT")


def _fast(town):
    deduce.clear_caches()  # every board from scratch, as on a board the game has not seen
    return deduce.forced_removals(town.markers, town.free)


def _networkx(town):
    return reference.forced_removals_networkx(town.markers, town.free)


def _cpsat(town):
    return reference.forced_removals_cpsat(town.markers)


def _timed(boards: list, forced) -> tuple[list, float]:
    """The answers of `forced` on every board, and its mean time per board in seconds."""
    start = time.perf_counter()
    answers = [forced(town) for town in boards]
    return answers, (time.perf_counter() - start) / len(boards)

if __name__ == "__main__":
    main()
