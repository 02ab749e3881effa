"""The local search that fitted the built-in cards (`oldtown/fit.py`), checked piece by piece.

Its speed comes from scoring every option of a card against every pooled rival at once (numpy);
these tests compare that fast path with `clue_holds`, the reference every solver is tested against,
on random options and random towns, and check what the built-in catalogue records of the search.
"""

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clicktown.datafiles import builtin_path
from clicktown.errors import DataError
from clicktown.oldtown.catalogue import KIND_OF_NUMBER, load_catalogue
from clicktown.oldtown.solve.count import Counter
from research.oldtown_cards.fit import (Acceptance, Goal, Option, Search, card_options, card_uses, clues_of,
                                   town_arrays)
from research.oldtown_cards.reconstruct import read_start_plans
from research.oldtown_cards.scenarios import _rank, card_vocabulary
from research.oldtown_cards.replan import accepts_atom, needed_atoms
from clicktown.oldtown.solo import Clue, Solution, clue_holds, validate

CATALOGUE = load_catalogue()
BUILDINGS = CATALOGUE.building_names
INDEX = {b: i for i, b in enumerate(BUILDINGS)}
A, B, C = card_vocabulary(CATALOGUE.board)


def _random_solution(rng: random.Random, mine_count: int) -> Solution:
    town = dict(zip(range(1, 17), rng.sample(BUILDINGS, 16)))
    return Solution.of(town, rng.sample(sorted(town.values()), mine_count))


def _random_options(rng: random.Random, kind: str, k: int = 12) -> list[Option]:
    if kind == "C":
        return [Option(rng.choice(BUILDINGS), r.key, pairs=r.pairs) for r in rng.sample(C, k)]
    regions = A if kind == "A" else B
    return [Option(rng.choice(BUILDINGS) if kind == "A" else None, r.key, r.plots) for r in rng.sample(regions, k)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["A", "B", "B-bound", "C"]), st.integers(0, 3), st.integers(0, 10**6))
def test_the_fast_acceptance_agrees_with_clue_holds(kind, mine_count, seed):
    rng = random.Random(seed)
    card_kind = kind[0]
    options = _random_options(rng, card_kind)
    towns = [_random_solution(rng, mine_count) for _ in range(20)]
    bound = INDEX[rng.choice(BUILDINGS)] if kind == "B-bound" else None
    pos, mine = town_arrays(towns, INDEX)
    fast = Acceptance(card_kind, options, INDEX).of(pos, mine, bound)
    for i, o in enumerate(options):
        building = BUILDINGS[bound] if bound is not None else o.building
        clue = Clue(1, card_kind, building, o.plots, o.pairs)
        for t, sol in enumerate(towns):
            assert fast[i, t] == clue_holds(clue, sol.position, sol.mine), (kind, o.key, sol)


def test_town_arrays_mark_absent_buildings_with_zero():
    sol = _random_solution(random.Random(1), 2)
    pos, mine = town_arrays([sol], INDEX)
    absent = [b for b in BUILDINGS if b not in sol.position]
    assert len(absent) == 2 and all(pos[0, INDEX[b]] == 0 for b in absent)
    assert {BUILDINGS[i] for i in np.nonzero(mine[0])[0]} == sol.mine


def test_every_option_of_a_card_accepts_the_published_towns_that_use_it():
    scenarios = CATALOGUE.scenarios
    used = [scenarios[s] for s in ("1", "2", "3", "4", "5", "6")]
    uses = card_uses(used)
    rng = random.Random(0)
    for n in rng.sample(sorted(uses), 12):
        options = card_options(n, uses[n], scenarios, A, B, C, _rank)
        assert options, n
        for sid, bound in uses[n]:
            s = scenarios[sid]
            where = {b: p for p, b in s.published.items()}
            for o in rng.sample(options, min(40, len(options))):
                clue = Clue(n, KIND_OF_NUMBER[n], bound or o.building, o.plots, o.pairs)
                assert clue_holds(clue, where, s.mine), (n, sid, o.key)


def _small_search(seed: int, loose: int = 99) -> tuple[Search, Goal]:
    """Scenario 1 with random options for its cards, no rival pooled yet; with `loose` < 99, only
    that many cards take a random option and the others say what the built-in card says."""
    rng = random.Random(seed)
    s = CATALOGUE.scenario("1")
    uses = card_uses([s])
    cards, choice = {}, {}
    from research.oldtown_cards.fit import Card

    for n in s.card_numbers:
        built_in = CATALOGUE.card(n)
        options = [Option(built_in.building, "built-in", built_in.plots, built_in.pairs)]
        options += rng.sample(options_all := card_options(n, uses[n], CATALOGUE.scenarios, A, B, C, _rank),
                              min(5, len(options_all)))
        bound = [(sid, INDEX[x] if x else None) for sid, x in uses[n]]
        cards[n] = Card(n, KIND_OF_NUMBER[n], options, Acceptance(KIND_OF_NUMBER[n], options, INDEX), bound)
        choice[n] = rng.randrange(len(options))
    for n in rng.sample(sorted(choice), max(0, len(choice) - loose)):
        choice[n] = 0
    goal = Goal("1", [(n, None) for n in s.a] + [(n, INDEX[x]) for n, x in s.b] + [(n, None) for n in s.c],
                s.mine, s.mine_count, dict(s.published))
    return Search(cards, {"1": goal}, BUILDINGS, choice, seed=seed), goal


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_a_pooled_rival_survives_exactly_when_every_card_accepts_it(seed):
    search, goal = _small_search(seed)
    rng = random.Random(seed)
    rivals = [Solution.of(dict(zip(range(1, 17), rng.sample(BUILDINGS, 16))), goal.mine) for _ in range(30)]
    search.add_rivals(goal, rivals)
    alive = search.surviving(goal)
    puzzle = clues_of(search, goal)
    for t, sol in enumerate(rivals):
        assert alive[t] == all(clue_holds(c, sol.position, sol.mine) for c in puzzle.clues)


def test_the_counter_finds_what_the_pool_has_not_rejected():
    """After a recount every solution of the puzzle other than the intended one is pooled."""
    for seed in range(100):  # a draw of options with a manageable number of solutions
        search, goal = _small_search(seed, loose=2)
        if 1 < Counter(clues_of(search, goal)).count(300) < 300:
            break
    search.recount(clues_of, per_count=300)
    found = {s for s in Counter(clues_of(search, goal)).solutions(300)} - set(goal.intended())
    assert found
    assert found <= set(goal.rivals.seen)
    assert int(search.surviving(goal).sum()) == len(found)


def test_the_built_in_catalogue_records_towns_and_my_buildings_its_cards_accept():
    """The search entry of cards.json names the my-buildings it chose (7, 8) and the town it rebuilt
    (7); the cards must accept those solutions, every one the rulebook intends."""
    record = json.loads(builtin_path("oldtown", "cards.json").read_text(encoding="utf-8"))["search"]
    assert record["method"] == "fit" and record["found"] is True
    assert "8" in record["chosen_mine"]
    for sid, mine in record["chosen_mine"].items():
        scenario = CATALOGUE.scenario(sid)
        rebuilt = record["rebuilt_towns"].get(sid)
        town = {int(p): b for p, b in rebuilt.items()} if rebuilt else scenario.published
        extras = scenario.remains.get("two_solutions_differ_in_mine") or [None]
        for extra in extras:
            sol = Solution.of(town, {*mine, extra} - {None})
            assert validate(CATALOGUE.puzzle(scenario), sol), (sid, extra)


def test_reconstruct_fits_one_scenario_from_the_command_line(tmp_path, run_research):
    """The whole pipeline on scenario 1 alone: the search, the polish, a loadable 60-card file."""
    out = tmp_path / "cards.json"
    others = [sid for sid in CATALOGUE.scenarios if sid not in ("1", "5-first-printing")]
    args = ["reconstruct", "--seed", "3", "--steps", "400", "--out", out,
            "--start", builtin_path("oldtown", "cards.json")]
    for sid in others:
        args += ["--leave-out", sid]
    code, _, err = run_research(*args)
    assert code == 0, err
    document = json.loads(out.read_text(encoding="utf-8"))
    assert len(document["cards"]) == 60 and document["search"]["left_out"] == sorted(others)
    assert document["search"]["found"] is True
    fitted = load_catalogue(cards=out)
    found = Counter(fitted.puzzle(fitted.scenario("1"))).solutions(3)
    assert [s.placement for s in found] == [CATALOGUE.scenario("1").published]


def test_reconstruct_names_an_unknown_scenario_in_one_line(run_research):
    code, _, err = run_research("reconstruct", "--leave-out", "9")
    assert code == 2 and "unknown scenario '9'" in err and "Traceback" not in err


def test_a_large_move_with_no_surviving_rival_changes_nothing():
    search, goal = _small_search(5)
    before = dict(search.choice)
    assert search.repair_with_cp_sat({"1": 0}) is False
    assert search.choice == before


def test_a_large_move_rejects_what_it_can():
    """CP-SAT sets six cards anew: afterwards no more rivals survive than before (six cards' costs
    together weigh less than one rival, so none is traded for a simpler sentence)."""
    search, goal = _small_search(7, loose=3)
    search.recount(clues_of, per_count=200)
    before = int(search.surviving(goal).sum())
    assert before > 0
    assert search.repair_with_cp_sat({"1": before}) is True
    assert int(search.surviving(goal).sum()) <= before


def test_reconstruct_meets_a_start_file_that_is_no_cards_file_with_one_line(tmp_path, run_research):
    bad = tmp_path / "start.json"
    bad.write_text('{"x": 1}')
    code, _, err = run_research("reconstruct", "--start", bad, "--steps", "1")
    assert code == 2 and "not a cards file" in err and "Traceback" not in err


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["A", "B", "B-bound", "C"]), st.integers(0, 3), st.integers(0, 10**6))
def test_the_acceptance_atoms_of_the_joint_plan_agree_with_clue_holds(kind, mine_count, seed):
    """`replan.py` says a card accepts a town when its option accepts one of the atoms the town
    needs; that must be exactly what `clue_holds` says."""
    rng = random.Random(seed)
    card_kind = kind[0]
    options = _random_options(rng, card_kind)
    named = sorted({o.building for o in options if o.building})
    holder = rng.choice(BUILDINGS) if kind == "B-bound" else None
    for _ in range(20):
        sol = _random_solution(rng, mine_count)
        needed = needed_atoms(card_kind, named, holder, sol.position, sol.mine)
        for o in options:
            clue = Clue(1, card_kind, holder or o.building, o.plots, o.pairs)
            by_atoms = any(accepts_atom(card_kind, o, key) for key in needed)
            assert by_atoms == clue_holds(clue, sol.position, sol.mine), (kind, o.key, sol)


def test_a_start_catalogue_hands_on_the_towns_and_my_buildings_it_recorded():
    """`reconstruct --start` keeps 7's rebuilt town and the my-buildings of 7 and 8 the start file
    recorded (when its cards agree), so a search from the built-in cards starts where it ended."""
    plans = read_start_plans(builtin_path("oldtown", "cards.json"))
    town7, mine7 = plans["7"]
    assert sorted(town7) == list(range(1, 17)) and len(mine7) == 2
    assert plans["8"][0] is None and len(plans["8"][1]) == 3


def test_a_start_file_with_a_malformed_search_entry_is_named_in_one_line(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps({"cards": [], "search": {"chosen_mine": {"7": 3}}}), encoding="utf-8")
    with pytest.raises(DataError, match="search entry is malformed"):
        read_start_plans(bad)
