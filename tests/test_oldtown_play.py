"""Old Town solo play from a partial board: the cards placed buildings break, deductions and hints from
the board a player filled, and puzzle codes (accepted by solve, sheet and explain)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.errors import ClicktownError
from clicktown.oldtown.catalogue import Scenario, load_catalogue
from clicktown.oldtown.puzzles.code import scenario_code, scenario_from_code
from clicktown.oldtown.puzzles.deduce import deduce, start_from
from clicktown.oldtown.puzzles.explain import explain
from clicktown.oldtown.puzzles.hints import next_hint as hint, write_down
from clicktown.oldtown.puzzles.generate import generate_scenarios
from clicktown.oldtown.solo import Clue, Puzzle, broken_cards, misplaced, town_complete
from clicktown.oldtown.solve.count import solve

CATALOGUE = load_catalogue()
NAMES = CATALOGUE.building_names


def puzzle_of(*clues, mine=frozenset({"Hotel"})):
    return Puzzle(tuple(clues), NAMES, mine, len(mine))


# -- broken cards, rule by rule ---------------------------------------------------------------------

def test_an_a_card_is_broken_by_its_building_elsewhere_or_by_others_on_all_its_plots():
    card = Clue(1, "A", "Bank", frozenset({2, 3}))
    puzzle = puzzle_of(card)
    assert broken_cards(puzzle, {}) == []
    assert broken_cards(puzzle, {3: "Bank"}) == []
    assert broken_cards(puzzle, {4: "Bank"}) == [1]
    assert broken_cards(puzzle, {2: "Doc"}) == []
    assert broken_cards(puzzle, {2: "Doc", 3: "Smith"}) == [1]


def test_a_c_card_is_broken_when_no_building_of_mine_can_still_be_its_partner():
    card = Clue(20, "C", "Bank", pairs=frozenset({(1, 2), (2, 1)}))
    puzzle = puzzle_of(card)
    assert broken_cards(puzzle, {1: "Bank"}) == []
    assert broken_cards(puzzle, {1: "Bank", 2: "Hotel"}) == []
    assert broken_cards(puzzle, {1: "Bank", 2: "Doc"}) == [20]  # plot 2 is taken: the Hotel cannot be there
    assert broken_cards(puzzle, {1: "Bank", 5: "Hotel"}) == [20]
    assert broken_cards(puzzle, {3: "Bank"}) == [20]
    unknown = Puzzle((card,), NAMES, None, 3)
    assert broken_cards(unknown, {1: "Bank", 2: "Doc"}) == []  # the Doc may be mine


def test_an_unbound_b_card_is_broken_when_no_building_of_mine_can_reach_its_plots():
    card = Clue(45, "B", None, frozenset({5, 6}))
    puzzle = puzzle_of(card, mine=frozenset({"Hotel", "Doc"}))
    assert broken_cards(puzzle, {5: "Bank", 6: "Smith"}) == [45]
    assert broken_cards(puzzle, {5: "Bank", 1: "Hotel", 2: "Doc"}) == [45]
    assert broken_cards(puzzle, {5: "Bank", 1: "Hotel"}) == []


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(CATALOGUE.scenarios)), st.randoms(use_true_random=False))
def test_the_cards_a_solution_keeps_are_never_reported_broken(ident, rng):
    scenario = CATALOGUE.scenario(ident)
    puzzle = CATALOGUE.puzzle(scenario)
    for solution in solve(puzzle, 3):
        town = solution.placement
        part = dict(rng.sample(sorted(town.items()), rng.randint(0, 16)))
        assert broken_cards(puzzle, part) == []
        assert misplaced(part, [solution]) == []
        assert not town_complete(part, [solution]) or len(part) == 16


# -- deducing from a partial board --------------------------------------------------------------------

@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(["1", "2", "3", "4", "6", "8"]), st.randoms(use_true_random=False))
def test_deductions_from_right_placements_reach_the_published_town(ident, rng):
    scenario = CATALOGUE.scenario(ident)
    puzzle = CATALOGUE.puzzle(scenario)
    part = dict(rng.sample(sorted(scenario.published.items()), rng.randint(0, 15)))
    board = start_from(puzzle, part)
    assert all(board.cand[b] == {p} for p, b in part.items())
    assert all(not (slots & set(part)) for b, slots in board.cand.items() if b not in part.values())
    deduction = deduce(puzzle, board=board)
    assert deduction.status == "solved" and deduction.solution().placement == scenario.published


def test_hints_from_the_start_are_explains_steps_in_both_languages():
    for lang in ("en", "de"):
        explained = explain(CATALOGUE, CATALOGUE.scenario("4"), lang)
        placement, notes = {}, {}
        for line in explained.lines:
            given = hint(CATALOGUE, CATALOGUE.scenario("4"), placement, notes, lang)
            assert given.text == line
            write_down(given, placement, notes)
        assert hint(CATALOGUE, CATALOGUE.scenario("4"), placement, notes, lang).kind == "solved"


def test_a_hint_places_only_what_the_published_town_has():
    scenario = CATALOGUE.scenario("3")
    placement, notes, rng = {}, {}, random.Random(3)
    for _ in range(60):
        given = hint(CATALOGUE, scenario, placement, notes)
        if given.kind != "step":
            break
        assert all(scenario.published[p] == b for p, b in given.places.items())
        assert all(scenario.published[p] in bs for p, bs in given.notes.items())
        write_down(given, placement, notes)
        if not given.places:  # notes only: the player places one right building and asks again
            p = rng.choice([p for p in scenario.published if p not in placement])
            placement[p] = scenario.published[p]
            notes.pop(p, None)
    assert given.kind == "solved" and placement == scenario.published


def test_a_hint_on_a_contradictory_scenario_says_so_with_or_without_placements():
    scenario = CATALOGUE.scenario("5-first-printing")
    explained = explain(CATALOGUE, scenario)
    assert explained.lines == () and explained.status == "contradiction"
    for placement in ({}, {1: "Bank"}):
        given = hint(CATALOGUE, scenario, placement)
        assert given.kind == "contradiction" and (given.places, given.notes, given.cards) == ({}, {}, ())
        assert given.text == "The cards contradict each other: this scenario has no solution."


def test_the_two_towns_of_scenario_7_are_one_town():
    scenario = CATALOGUE.scenario("7")
    solutions = solve(CATALOGUE.puzzle(scenario), 10)
    assert len(solutions) == 2 and solutions[0].placement == solutions[1].placement
    assert town_complete(solutions[0].placement, solutions)
    assert hint(CATALOGUE, scenario, solutions[1].placement).kind == "solved"


# -- puzzle codes -----------------------------------------------------------------------------------------

def same(a: Scenario, b: Scenario) -> bool:
    return (a.a, sorted(a.b), a.c, a.mine, a.mine_count, a.level) == (b.a, sorted(b.b), b.c, b.mine, b.mine_count, b.level)


def test_every_rulebook_scenario_and_generated_one_comes_back_from_its_code():
    generated = [g.scenario for g in generate_scenarios(CATALOGUE, "schwer", 2, 7)]
    for scenario in [*CATALOGUE.scenarios.values(), *generated]:
        code = scenario_code(CATALOGUE, scenario)
        back = scenario_from_code(CATALOGUE, "OT-" + code[3:].upper().replace("-", " "))
        assert same(back, scenario) and back.id == code


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_random_scenarios_come_back_from_their_codes_and_a_changed_letter_is_refused(rng):
    cards = CATALOGUE.cards
    used = sorted(rng.sample(sorted(cards), rng.randint(1, 30)))
    known = rng.random() < 0.7
    mine = frozenset(rng.sample(NAMES, rng.randint(1, 3)))
    scenario = Scenario("x", rng.choice(["", "leicht", "mittel", "schwer"]),
                        a=tuple(n for n in used if cards[n].kind == "A"),
                        b=tuple((n, rng.choice([None, *NAMES])) for n in used if cards[n].kind == "B"),
                        c=tuple(n for n in used if cards[n].kind == "C"),
                        mine=mine if known else None, mine_count=len(mine))
    code = scenario_code(CATALOGUE, scenario)
    assert same(scenario_from_code(CATALOGUE, code), scenario)
    place = rng.choice([i for i, ch in enumerate(code) if i >= 3 and ch != "-"])
    changed = code[:place] + rng.choice([ch for ch in "0123456789abc" if ch != code[place]]) + code[place + 1:]
    with pytest.raises(ClicktownError):
        scenario_from_code(CATALOGUE, changed)


@pytest.mark.parametrize("code, reason", [("ot-", "no letters"), ("ot-0o0", "letters no code uses: o"),
                                          ("ot-0000", "mistyped"), ("ot-" + "0" * 90, "too many letters"),
                                          ("1", "not a puzzle code")])
def test_bad_codes_are_refused_in_one_line(code, reason):
    with pytest.raises(ClicktownError, match=reason):
        scenario_from_code(CATALOGUE, code)


def test_solve_explain_and_sheet_accept_a_code(run_cli, run_json, tmp_path):
    made = next(generate_scenarios(CATALOGUE, "leicht", 1, 5))
    code = scenario_code(CATALOGUE, made.scenario)
    listed = run_json("oldtown", "generate", "--level", "leicht", "--seed", "5")
    assert listed[0]["code"] == code
    solved = run_json("oldtown", "solve", code)
    assert solved["id"] == code and solved["solutions"] == [made.solution.as_dict()]
    explained = run_json("oldtown", "explain", code)
    assert explained["status"] == "solved" and explained["solution"] == made.solution.as_dict()
    out = tmp_path / "sheet.html"
    code_, _, err = run_cli("oldtown", "sheet", code, "--out", out)
    assert code_ == 0 and code in out.read_text(encoding="utf-8")
    code_, _, err = run_cli("oldtown", "solve", code[:-1] + ("0" if code[-1] != "0" else "1"))
    assert code_ == 2 and "mistyped" in err and len(err.strip().splitlines()) == 1
