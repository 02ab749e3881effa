"""The deduction solver, the fast counter and the grader of Old Town solo puzzles.

The card catalogue is a provisional reconstruction, so these tests rest on properties checked
against the CP-SAT model (on the rulebook's scenarios and on random puzzles), on small puzzles
built here, and on the measured grades stored in tests/data/oldtown_grades.json.
"""

import json
import random
import re
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.oldtown.solve import count, cpsat as model
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.puzzles.deduce import OUT, TIERS, deduce
from clicktown.oldtown.puzzles.explain import explain
from clicktown.oldtown.puzzles.generate import OldTownGame
from clicktown.oldtown.puzzles.grade import calibration, grade_scenario, rulebook_grades, spearman
from clicktown.oldtown.solo import Clue, Puzzle, validate

GRADES = Path(__file__).parent / "data" / "oldtown_grades.json"
LIMIT = 20


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


CATALOGUE = load_catalogue()
GAME = OldTownGame(CATALOGUE)


def random_puzzle(seed: int, level: str, share: float) -> Puzzle:
    """The first part of a random draft's pool of true cards: a puzzle with at least one solution."""
    rng = random.Random(seed)
    draft = GAME.draw(rng, level)
    take = max(1, int(len(draft.pool) * share))
    return GAME.puzzle(draft, draft.pool[:take])


def consistent(deduction, solution) -> bool:
    """Does the solution keep every marker the deduction left (and fit what it knows of my buildings)?"""
    position = solution.position
    board = deduction.final
    for b, slots in board.cand.items():
        if position.get(b, OUT) not in slots:
            return False
    return board.sure <= solution.mine <= board.maybe


# -- the fast counter against CP-SAT ---------------------------------------------------------------

@pytest.mark.parametrize("ident", sorted(CATALOGUE.scenarios))
def test_counter_deduction_and_grade_match_cpsat_on_the_rulebook(catalogue, ident):
    scenario = catalogue.scenarios[ident]
    puzzle = catalogue.puzzle(scenario)
    fast, exact = count.solve(puzzle, LIMIT), model.solve(puzzle, LIMIT)
    assert len(fast) == len(exact)
    assert all(validate(puzzle, s) for s in fast)
    if len(exact) < LIMIT:
        assert set(fast) == set(exact)
    deduction = deduce(puzzle)
    assert (deduction.status == "contradiction") == (not exact)
    assert all(consistent(deduction, s) for s in exact), "a true candidate was removed"
    if deduction.status == "solved":
        assert exact == [deduction.solution()]
    g = grade_scenario(catalogue, scenario)
    assert g.solutions == min(len(exact), 2)
    assert g.needs_search == (g.level in ("needs search", "ambiguous", "contradictory"))
    assert (g.level == "ambiguous") == (len(exact) > 1 and deduction.status != "town")
    if deduction.status == "town":  # the town is found; my buildings stay one of the solutions' sets
        assert len({s.town for s in exact}) == 1 and len(exact) > 1
    assert list(g.techniques) == [t for t in TIERS if t in g.techniques]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(["leicht", "mittel", "schwer"]),
       share=st.floats(0.3, 1.0))
def test_counter_and_deduction_against_cpsat_on_random_puzzles(seed, level, share):
    puzzle = random_puzzle(seed, level, share)
    exact = model.solve(puzzle, LIMIT)
    fast = count.solve(puzzle, LIMIT)
    assert exact and len(fast) == len(exact)
    assert all(validate(puzzle, s) for s in fast)
    if len(exact) < LIMIT:
        assert set(fast) == set(exact)
    deduction = deduce(puzzle)
    assert deduction.status != "contradiction"
    assert all(consistent(deduction, s) for s in exact), "a true candidate was removed"
    if deduction.status == "solved":
        assert exact == [deduction.solution()]


@settings(max_examples=300, deadline=None)
@given(needs=st.lists(st.integers(1, 2**7 - 1), max_size=5), k=st.integers(1, 3))
def test_hitting_sets_match_brute_force(needs, k):
    brute = sorted(sum(1 << i for i in combo) for combo in combinations(range(7), k)
                   if all(w & sum(1 << i for i in combo) for w in needs))
    assert count.hitting_sets(needs, 2**7 - 1, k) == brute


# -- the techniques on small puzzles ---------------------------------------------------------------

def puzzle_of(*clues, mine=("Hotel",), mine_count=None):
    return Puzzle(tuple(clues), CATALOGUE.building_names, frozenset(mine) if mine else None,
                  mine_count or (len(mine) if mine else 0))


def test_two_buildings_on_two_plots_take_them_from_the_rest():
    # Beispiel 7 and 8: Saloon and Drugstore share plots 6 and 7, so the Sheriff cannot stand there.
    puzzle = puzzle_of(Clue(1, "A", "Saloon", frozenset({6, 7})), Clue(2, "A", "Drugstore", frozenset({6, 7})),
                       Clue(3, "A", "Sheriff", frozenset({5, 6, 7, 8})))
    steps = deduce(puzzle).steps
    assert [s.technique for s in steps] == ["card", "card", "card", "pair"]
    pair = steps[3]
    assert pair.buildings == ("Drugstore", "Saloon") and pair.plots == (6, 7)
    assert ("Sheriff", 6) in pair.removed and ("Sheriff", 7) in pair.removed
    assert pair.after.cand["Sheriff"] == {5, 8}
    assert len(pair.removed) == 2 * 16  # every other building loses both plots


def test_three_buildings_on_three_plots_are_a_group():
    clues = [Clue(i, "A", b, frozenset({1, 2, 3})) for i, b in enumerate(("Bank", "Saloon", "Doc"), 1)]
    steps = deduce(puzzle_of(*clues)).steps
    assert steps[-1].technique == "group"
    assert steps[-1].buildings == ("Bank", "Doc", "Saloon") and steps[-1].plots == (1, 2, 3)


def test_a_card_only_one_building_can_answer_finds_my_building():
    # my building is unknown (one of them); it stood on plot 16, where only the Bank can stand
    puzzle = puzzle_of(Clue(1, "A", "Bank", frozenset({16})), Clue(40, "B", None, frozenset({16})),
                       mine=None, mine_count=1)
    deduction = deduce(puzzle)
    assert deduction.final.sure == {"Bank"} == deduction.final.maybe
    assert "unknown-mine" in deduction.techniques
    assert deduction.status == "stuck"  # the other 17 buildings are not placed
    assert count.count_solutions(puzzle, 2) == 2


def test_contradictory_cards_are_reported():
    puzzle = puzzle_of(Clue(1, "A", "Bank", frozenset({1})), Clue(2, "A", "Saloon", frozenset({1})))
    assert deduce(puzzle).status == "contradiction"
    assert model.count_solutions(puzzle, 2) == 0


def test_steps_are_plain_data_with_the_candidates_after_each():
    puzzle = puzzle_of(Clue(1, "A", "Saloon", frozenset({6, 7})), Clue(2, "A", "Drugstore", frozenset({6, 7})))
    step = deduce(puzzle).steps[0]
    data = step.as_dict()
    assert data["technique"] == "card" and data["card"] == 1
    assert data["candidates"]["Saloon"] == [6, 7]
    assert {"building": "Saloon", "plot": OUT} in data["removed"]
    json.dumps(data)


# -- grades and explanations -----------------------------------------------------------------------

def test_measured_grades_of_the_rulebook_scenarios(catalogue):
    """Regenerate with: .venv/bin/python -m clicktown.oldtown.grade --write tests/data/oldtown_grades.json"""
    expected = json.loads(GRADES.read_text(encoding="utf-8"))
    grades = rulebook_grades(catalogue)
    assert [g.as_dict() for g in grades] == expected["grades"]
    assert calibration(grades) == expected["calibration"]


def test_spearman():
    assert spearman([0, 0, 1, 1, 2, 2], [1, 2, 3, 4, 5, 6]) == pytest.approx(0.9562, abs=1e-4)
    assert spearman([0, 1, 2], [3, 2, 1]) == -1.0
    assert spearman([1, 1], [1, 2]) is None


def test_explanation_sentences(catalogue):
    scenario = catalogue.scenarios["5"]
    english = explain(catalogue, scenario, "en")
    german = explain(catalogue, scenario, "de")
    assert len(english.lines) == len(german.lines) == len(english.hints) > 0
    for h, line in zip(english.hints, english.lines):
        for step in h.steps:
            if step.technique == "card" and step.card is not None:
                assert f"Card {step.card}: " in line
        assert re.search(r"So .+ (stands on plot \d+|can only hold the .+)\.$", line)
        assert " markers " not in line and " go." not in line
    assert german.lines[0].startswith("Karte ")
    assert english.status == "solved" and english.closing == "The town is complete."
