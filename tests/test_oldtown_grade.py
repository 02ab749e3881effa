"""The grader against the rulebook's printed levels: each scenario in its level, pinned with its rungs.

"Das erste Spiel ist das leichteste, das achte das schwerste": 1-2 leicht, 3-5 mittel, 6-8 schwer.
Scenario 7 has two solutions ("Es gibt zwei Lösungen: Sowohl Saloon als auch Judge können zu meinen
Gebäuden gehören"): it is graded on its deductions, which complete the town, and reported with both.
"""

import pytest

from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.puzzles.deduce import TIERS, deduce
from clicktown.oldtown.puzzles.explain import explain
from clicktown.oldtown.puzzles.grade import calibration, grade_scenario, rulebook_grades
from clicktown.oldtown.solve.count import solve

CATALOGUE = load_catalogue()

#: scenario -> (level, techniques used, cheapest first)
PRINTED = {
    "1": ("leicht", ["card", "placed", "only-building", "my-building"]),
    "2": ("leicht", ["card", "placed", "only-building", "my-building"]),
    "3": ("mittel", ["card", "placed", "only-building", "one-of-mine", "case-split"]),
    "4": ("mittel", ["card", "placed", "only-building", "one-of-mine"]),
    "5": ("mittel", ["card", "placed", "only-building", "one-of-mine"]),
    "6": ("schwer", ["card", "placed", "only-building", "one-of-mine", "unbound-case"]),
    "7": ("schwer", ["card", "placed", "only-building", "case-split", "unknown-mine"]),
    "8": ("schwer", ["card", "placed", "only-building", "case-split", "unknown-mine", "long-case"]),
}


@pytest.mark.parametrize("ident", sorted(PRINTED))
def test_each_printed_scenario_is_graded_in_its_printed_level_with_these_rungs(ident):
    scenario = CATALOGUE.scenario(ident)
    g = grade_scenario(CATALOGUE, scenario)
    level, techniques = PRINTED[ident]
    assert scenario.level == level
    assert (g.level, list(g.techniques), g.needs_search) == (level, techniques, False)
    assert list(g.techniques) == [t for t in TIERS if t in g.techniques]


@pytest.mark.parametrize("ident", ["1", "2", "3", "4", "5", "6", "8"])
def test_the_deductions_reach_the_one_solution(ident):
    puzzle = CATALOGUE.puzzle(CATALOGUE.scenario(ident))
    deduction = deduce(puzzle)
    assert deduction.status == "solved"
    assert solve(puzzle, 3) == [deduction.solution()]


def test_seven_is_graded_on_its_deductions_and_reported_with_its_two_solutions():
    scenario = CATALOGUE.scenario("7")
    puzzle = CATALOGUE.puzzle(scenario)
    deduction = deduce(puzzle)
    assert deduction.status == "town"
    solutions = solve(puzzle, 5)
    assert len(solutions) == 2 and solutions[0].town == solutions[1].town
    assert solutions[0].mine ^ solutions[1].mine == {"Saloon", "Judge"}
    final = deduction.final
    assert {b: final.placed(b) for b in final.cand if final.placed(b)} == solutions[0].position
    assert final.sure == solutions[0].mine & solutions[1].mine
    assert final.maybe == solutions[0].mine | solutions[1].mine
    g = grade_scenario(CATALOGUE, scenario)
    assert (g.level, g.solutions) == ("schwer", 2)
    closing = explain(CATALOGUE, scenario).closing
    assert closing == "The town is complete; my buildings are one of 2 sets: Bank, Judge and Sheriff; Bank, Saloon and Sheriff."


def test_eight_of_eight_in_their_printed_level_and_the_first_printing_of_5_apart():
    fit = calibration(rulebook_grades(CATALOGUE))
    assert (fit["in_printed_level"], fit["of"], fit["contradictory"]) == (8, 8, ["5-first-printing"])
    assert fit["spearman"] > 0.9


def test_case_splits_are_told_as_their_refuted_cases_in_both_languages():
    en = explain(CATALOGUE, CATALOGUE.scenario("6"))
    de = explain(CATALOGUE, CATALOGUE.scenario("6"), "de")
    [i] = [k for k, h in enumerate(en.hints) if "unbound-case" in h.techniques]
    [split] = en.hints[i].chain
    step = next(s for s in en.hints[i].steps if s.technique == "unbound-case")
    assert (step.card, step.buildings, step.answer) == (57, ("Doc", "Drugstore"), "Drugstore")
    [case] = split.chain  # the Doc's case, refuted link by link
    assert case.text.startswith("Suppose the Doc is the building card 57 speaks of. Then: ")
    assert case.chain[-1].text == "Card 35 fits none of my buildings: impossible."
    assert "So the Drugstore is the building card 57 speaks of." in en.lines[i]
    assert "Angenommen, der Doktor wäre das Gebäude von Karte 57. Dann: " in de.lines[i]
    assert "Karte 35 passt zu keinem meiner Gebäude: unmöglich." in de.lines[i]
    assert "Also ist der Drugstore das Gebäude von Karte 57." in de.lines[i]


def test_grade_of_a_contradictory_scenario_is_a_negative_verdict():
    from click.testing import CliRunner

    from clicktown.cli import cli

    named = CliRunner().invoke(cli, ["oldtown", "grade", "5-first-printing"])
    assert named.exit_code == 1 and "no town fits scenario 5-first-printing" in named.output
    assert CliRunner().invoke(cli, ["oldtown", "grade", "5"]).exit_code == 0
