"""The reconstruction search's building blocks, checked against the solo semantics.

A cut of the master model says "some card of this scenario rejects this town". It is written on
what cards allow (plots, pairs, named buildings), not on their options; these tests fix a catalogue
in a small master and compare what the cut admits with `clue_holds`, the reference the backends
are tested against too.
"""

import json
import random
from functools import lru_cache
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from clicktown.oldtown.catalogue import load_catalogue
from research.oldtown_cards.reconstruct import (Evidence, Master, card_vocabulary, cut, map_regions,
                                           intended_solutions, neighbour_towns, puzzle_of, surviving_rows,
                                           read_cuts, write_cuts, _options, _uses)
from clicktown.oldtown.solo import Clue, Solution, clue_holds

CATALOGUE = load_catalogue()
EVIDENCE = Evidence(list(CATALOGUE.scenarios.values()), CATALOGUE.building_names)
A, B, C = card_vocabulary(CATALOGUE.board)
A = A + map_regions(A)
PLOTS_OF = {r.key: r.plots for r in [*A, *B]}
PAIRS_OF = {r.key: r.pairs for r in C}
COMPLETE = [s for s in EVIDENCE.complete]
USES = _uses(EVIDENCE)


@lru_cache(maxsize=None)
def _all_options(n: int) -> list:
    """The options the printed towns leave card n."""
    kind = "A" if n <= 18 else "C" if n <= 36 else "B"
    return _options(EVIDENCE, kind, USES.get(n, []), A, B, C)


def _card_options(n: int, rng: random.Random, k: int = 4):
    """A few of the options the printed towns leave card n."""
    options = _all_options(n)
    return rng.sample(options, min(k, len(options)))


def _small_master(scenario, rng):
    master = Master(EVIDENCE, PLOTS_OF, PAIRS_OF)
    for n in scenario.card_numbers:
        options = _card_options(n, rng)
        master.choice[n] = {opt: master.model.new_bool_var(f"c{n}_{i}") for i, opt in enumerate(options)}
        master.model.add_exactly_one(master.choice[n].values())
    return master


def _admits(master, picks) -> bool:
    """Is the master (with its cuts) satisfiable with these options chosen?"""
    for n, opt in picks.items():
        master.model.add(master.choice[n][opt] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(master.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COMPLETE), st.integers(0, 10**6))
def test_a_cut_admits_a_catalogue_exactly_when_some_card_rejects_the_town(scenario, seed):
    rng = random.Random(seed)
    master = _small_master(scenario, rng)
    town = rng.choice(neighbour_towns(scenario.published, EVIDENCE.buildings))
    second = Solution.of(town, scenario.mine)
    picks = {n: rng.choice(list(options)) for n, options in master.choice.items()}
    cut(master, scenario, second)
    puzzle = puzzle_of(scenario, picks, PLOTS_OF, PAIRS_OF, EVIDENCE.buildings)
    rejected = not all(clue_holds(c, second.position, second.mine) for c in puzzle.clues)
    valid = second.mine <= set(second.position)
    assert _admits(master, picks) == (rejected or not valid)


def test_the_printed_town_passes_every_option_the_search_may_choose():
    for scenario in COMPLETE:
        where = {b: p for p, b in scenario.published.items()}
        bound = dict(scenario.b)
        for n in scenario.card_numbers:
            kind = "A" if n <= 18 else "C" if n <= 36 else "B"
            for building, key in _all_options(n):
                clue = Clue(n, kind, bound.get(n, building), PLOTS_OF.get(key, frozenset()),
                            PAIRS_OF.get(key, frozenset()))
                assert clue_holds(clue, where, scenario.mine), (scenario.id, n, building, key)


def test_scenario_7_intends_two_solutions_that_differ_in_the_footnotes_pair():
    s7 = CATALOGUE.scenario("7")
    town = dict(enumerate(CATALOGUE.building_names[:16], start=1))
    first, second = intended_solutions(replace(s7, published=town), ["Bank", "Church"], EVIDENCE.swap(s7))
    assert first.town == second.town
    assert first.mine ^ second.mine == {"Saloon", "Judge"}
    assert first.mine & second.mine == {"Bank", "Church"}


def test_scenario_7_surviving_rows_as_read():
    rows = surviving_rows(CATALOGUE.scenario("7"))
    assert rows == [["School", "Hotel", "Stable"], ["Sheriff", "Saloon", "Drugstore"],
                    ["Prison", "Laundry", "Bank"], ["Casino", "Judge", "Church", "Printer's"]]


def test_second_solutions_survive_a_round_trip_through_a_cuts_file(tmp_path):
    s1 = CATALOGUE.scenario("1")
    towns = neighbour_towns(s1.published, EVIDENCE.buildings)[:5]
    found = {"1": [Solution.of(t, s1.mine) for t in towns], "8": [Solution.of(towns[0], {"Bank", "Hotel", "Doc"})]}
    path = tmp_path / "cuts.jsonl"
    write_cuts(path, found)
    write_cuts(path, {"2": []})
    assert read_cuts(path) == [(sid, sol) for sid, sols in found.items() for sol in sols]
    assert read_cuts(tmp_path / "none.jsonl") == []


def test_a_search_that_finds_nothing_says_so_in_one_line(monkeypatch):
    import research.oldtown_cards.reconstruct as reconstruct
    from research.oldtown_cards.__main__ import research as cli
    from click.testing import CliRunner

    monkeypatch.setattr(reconstruct, "DETERMINISTIC_TIME", 1e-6)
    monkeypatch.setattr(reconstruct, "add_neighbour_cuts", lambda master: None)
    result = CliRunner().invoke(cli, ["reconstruct", "--method", "cegar", "--rounds", "1"])
    assert result.exit_code == 2
    assert "error: no catalogue found" in result.output.strip().splitlines()[-1]
    assert "no catalogue found in 1 round(s)" in result.output
    assert "Traceback" not in result.output


def test_a_broken_cuts_file_is_a_one_line_error(tmp_path):
    from research.oldtown_cards.__main__ import research as cli
    from click.testing import CliRunner

    bad = tmp_path / "cuts.jsonl"
    for text in ['{"scenario": "1", "town": ["Bank"], "mine": []}\n', "not json\n"]:
        bad.write_text(text)
        result = CliRunner().invoke(cli, ["reconstruct", "--method", "cegar", "--cuts", str(bad)])
        assert result.exit_code == 2
        assert "line 1: not a second solution" in result.output
        assert "Traceback" not in result.output
    bad.write_text(json.dumps({"scenario": "9", "town": list(CATALOGUE.building_names[:16]), "mine": []}))
    assert read_cuts(bad)[0][0] == "9"
