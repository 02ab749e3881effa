"""Old Town contradictions: a minimal set of conflicting cards, and the cards a published town breaks."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from clicktown.cli import cli
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.solo import Clue, Puzzle
from clicktown.oldtown.solve import conflicts, count

CATALOGUE = load_catalogue()
CARDS = Path("clicktown/oldtown/data/cards.json")


def _holds(puzzle, cards):
    part = replace(puzzle, clues=tuple(c for c in puzzle.clues if c.card in set(cards)))
    return bool(count.solve(part, 1))


def _assert_minimal(puzzle, core):
    """The core has no solution, and leaving out any one card of it gives one."""
    assert not _holds(puzzle, core)
    for card in core:
        assert _holds(puzzle, [n for n in core if n != card]), card


@pytest.fixture(scope="module")
def broken_cards(tmp_path_factory):
    """The built-in catalogue with card 13 (the Smith, used by scenarios 1, 2, 3, 5, 7) mistyped:
    it names the town centre, and scenario 1 then has no solution."""
    data = json.loads(CARDS.read_text(encoding="utf-8"))
    for card in data["cards"]:
        if card["number"] == 13:
            card["predicate"] = "centre"
    path = tmp_path_factory.mktemp("cards") / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_solvable_scenario_has_no_core():
    puzzle = CATALOGUE.puzzle(CATALOGUE.scenario("1"))
    assert conflicts.minimal_core(puzzle) is None
    assert conflicts.minimal_core(puzzle, "cpsat") is None
    assert conflicts.explain_scenario(CATALOGUE, CATALOGUE.scenario("1")) is None


def test_the_first_printing_of_5_has_a_minimal_core_and_breaks_the_published_town():
    s = CATALOGUE.scenario("5-first-printing")
    puzzle = CATALOGUE.puzzle(s)
    for engine in ("count", "cpsat"):
        core = conflicts.minimal_core(puzzle, engine)
        assert core and set(core) <= {c.card for c in puzzle.clues}
        _assert_minimal(puzzle, core)
    conflict = conflicts.explain_scenario(CATALOGUE, s)
    assert conflict.violated == (2, 14, 15, 20, 31, 42)
    assert conflict.as_dict()["published_violates"] == [2, 14, 15, 20, 31, 42]


def test_two_cards_that_exclude_each_other_are_the_core():
    clues = (Clue(1, "A", "Bank", frozenset({1, 2, 3, 4})), Clue(2, "A", "Hotel", frozenset({5, 6, 7, 8})),
             Clue(3, "A", "Bank", frozenset({13, 14, 15, 16})))
    puzzle = Puzzle(clues, CATALOGUE.building_names, frozenset({"Hotel"}), 1)
    assert conflicts.minimal_core(puzzle) == (1, 3)
    assert conflicts.minimal_core(puzzle, "cpsat") == (1, 3)
    assert conflicts.Conflict((1, 3), ()).sentence() == "cards 1, 3 cannot all hold together"


def test_the_published_town_is_checked_with_the_best_my_buildings_when_unknown():
    s = CATALOGUE.scenario("8")
    violated, mine = conflicts.violated_by(CATALOGUE.puzzle(s), s.published, None)
    assert violated == ()
    assert len(mine) == 3


def test_verify_names_the_broken_card(broken_cards):
    result = CliRunner().invoke(cli, ["oldtown", "verify", "1", "--cards", str(broken_cards), "--json"])
    assert result.exit_code == 1
    row = json.loads(result.stdout)[0]
    assert row["verdict"] == "contradictory"
    assert row["conflict"]["published_violates"] == [13]
    assert 13 in row["conflict"]["cards"]
    text = CliRunner().invoke(cli, ["oldtown", "verify", "1", "--cards", str(broken_cards)])
    assert text.exit_code == 1
    assert "the published town breaks card 13" in text.stdout


def test_solve_exits_1_and_names_the_broken_card(broken_cards):
    broken = load_catalogue(cards=broken_cards)
    core = conflicts.minimal_core(broken.puzzle(broken.scenario("1")))
    assert 13 in core
    _assert_minimal(broken.puzzle(broken.scenario("1")), core)
    result = CliRunner().invoke(cli, ["oldtown", "solve", "1", "--cards", str(broken_cards), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["solutions"] == [] and data["conflicting_cards"] == list(core)
    text = CliRunner().invoke(cli, ["oldtown", "solve", "1", "--cards", str(broken_cards)])
    assert text.exit_code == 1
    assert f"These cards cannot all hold together: {', '.join(map(str, core))}." in text.stdout


def test_solve_of_a_solvable_scenario_exits_0():
    result = CliRunner().invoke(cli, ["oldtown", "solve", "2", "--json"])
    assert result.exit_code == 0
    assert "conflicting_cards" not in json.loads(result.stdout)
