"""Hints a person can follow (issue 36): through the API, asking only for hints and writing down what
each one concludes (places as placements, notes as pencil notes) solves every rulebook scenario and
generated puzzles; each hint concludes something new, true of the solution, and carries its ladder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.oldtown.catalogue import load_catalogue  # noqa: E402
from clicktown.oldtown.puzzles.code import scenario_code  # noqa: E402
from clicktown.oldtown.puzzles.explain import explain  # noqa: E402
from clicktown.oldtown.puzzles.generate import generate_scenarios  # noqa: E402
from clicktown.oldtown.puzzles.deduce import OUT  # noqa: E402
from clicktown.oldtown.puzzles.hints import NOTE_MAX, next_hint, player_board, write_down  # noqa: E402
from clicktown.oldtown.solve.count import solve  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL  # noqa: E402

CATALOGUE = load_catalogue()
#: Hints each rulebook scenario takes from the empty board (all at most 30).
RULEBOOK_HINTS = {"1": 10, "2": 12, "3": 13, "4": 11, "5": 14, "6": 13, "7": 14, "8": 15}
#: The seed of the generated puzzles (20 of each level) and the hints each takes.
SEED = 36
GENERATED_HINTS = {
    "leicht": [10, 11, 12, 11, 14, 15, 13, 15, 12, 14, 14, 12, 13, 13, 12, 16, 16, 10, 13, 13],
    "mittel": [15, 16, 14, 14, 13, 12, 13, 13, 15, 14, 11, 15, 15, 11, 10, 16, 10, 12, 13, 13],
    "schwer": [14, 18, 12, 15, 20, 14, 15, 17, 13, 15, 13, 21, 12, 17, 13, 17, 11, 16, 13, 22],
}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def solve_with_hints(client, ident: str, solution: dict[int, str], lang: str = "en") -> list[dict]:
    """Ask for hints and write down each one's conclusion until the town is solved; check every hint."""
    placement: dict[str, str] = {}
    notes: dict[str, list[str]] = {}
    given = []
    while len(given) <= 40:
        answer = client.post(f"/api/oldtown/solo/{ident}/hint",
                             json={"placement": placement, "notes": notes, "lang": lang}).json()
        if answer["kind"] != "step":
            assert answer["kind"] == "solved" and {int(p): b for p, b in placement.items()} == solution
            assert (answer["places"], answer["notes"], answer["cards"], answer["chain"]) == ({}, {}, [], [])
            return given
        assert answer["places"] or answer["notes"], answer["text"]  # never nothing new
        for p, b in answer["places"].items():
            assert p not in placement and solution[int(p)] == b
        for p, bs in answer["notes"].items():
            assert p not in placement and p not in answer["places"] and solution[int(p)] in bs
            assert 2 <= len(bs) <= NOTE_MAX and set(bs) < set(notes.get(p, CATALOGUE.building_names))
        plots = sorted(int(p) for p in {**answer["places"], **answer["notes"]})
        assert answer["focus"]["plots"] == plots and answer["focus"]["buildings"] == sorted(answer["places"].values())
        assert all(str(c) in answer["nudge"] for c in answer["cards"])
        assert all(str(p) in answer["where"] for p in plots)
        given.append(answer)
        placement.update(answer["places"])
        notes = {p: bs for p, bs in {**notes, **answer["notes"]}.items() if p not in placement}
    raise AssertionError(f"{ident}: not solved after {len(given)} hints")


@pytest.mark.parametrize("ident", sorted(RULEBOOK_HINTS))
def test_each_rulebook_scenario_is_solved_by_hints_alone(client, ident):
    town = solve(CATALOGUE.puzzle(CATALOGUE.scenario(ident)), 2)[0].placement  # 7: two sets of mine, one town
    given = solve_with_hints(client, ident, town)
    assert len(given) == RULEBOOK_HINTS[ident] <= 30


def test_the_first_printing_of_5_has_no_solution_and_a_hint_says_so(client):
    answer = client.post("/api/oldtown/solo/5-first-printing/hint", json={"placement": {}}).json()
    assert answer["kind"] == "contradiction" and answer["wrong"] == [] and answer["chain"] == []
    assert answer["text"] == "The cards contradict each other: this scenario has no solution."


def test_hints_in_german_solve_scenario_6_with_the_same_conclusions(client):
    scenario = CATALOGUE.scenario("6")
    en = solve_with_hints(client, "6", scenario.published)
    de = solve_with_hints(client, "6", scenario.published, "de")
    assert [(h["places"], h["notes"], h["cards"]) for h in de] == [(h["places"], h["notes"], h["cards"]) for h in en]
    assert de[0]["nudge"].startswith("Sieh dir die Karten ") and de[0]["where"].startswith("Es geht um ")
    assert all(h["text"].split(". ")[-1].startswith("Also: ") for h in de)


def test_the_first_hint_of_scenario_1_is_the_cheapest_and_ends_in_its_conclusion():
    first = next_hint(CATALOGUE, CATALOGUE.scenario("1"), {}, {})
    assert first.places == {10: "Drugstore", 11: "Hotel", 12: "Casino"} and first.notes == {}
    assert first.text.startswith("Card 8: The Casino stood on one of plots 9, 11, 12, 15")
    assert first.text.endswith("So the Drugstore stands on plot 10, the Hotel stands on plot 11 and the Casino stands on plot 12.")
    assert first.where == "It is about plots 10, 11 and 12."
    assert first.nudge == "Look at cards 8, 29, 30, 31 and 35."
    assert first.techniques == ["card", "my-building"] and first.chain == ()


def test_a_board_that_already_shows_a_conclusion_says_so():
    published = CATALOGUE.scenario("1").published  # School 3, Stage Coach Office 1
    given = next_hint(CATALOGUE, CATALOGUE.scenario("1"), {3: "School"}, {1: ("School", "Stage Coach Office")})
    assert given.places == {1: "Stage Coach Office"} == {1: published[1]} and given.cards == ()
    assert given.text == ("Your placements and notes leave only the Stage Coach Office for plot 1. "
                          "So the Stage Coach Office stands on plot 1.")
    assert given.nudge == "Look at the buildings already placed and at your notes."


def test_one_building_of_mine_is_named_as_mine_not_as_the_only_candidate():
    texts = " ".join(h.text for h in explain(CATALOGUE, CATALOGUE.scenario("1")).hints)
    assert "so my building is the Hotel" in texts and "only the Hotel can be my building" not in texts


def test_a_contradiction_chain_is_told_as_a_supposition_followed_to_the_impossible():
    hard = [h for h in explain(CATALOGUE, CATALOGUE.scenario("8")).hints if h.chain]
    assert hard and all(link.chain for h in hard for link in h.chain)  # nested: the cases' own links
    for h in hard:
        for link in h.chain:
            for case in link.chain:
                assert case.text.startswith("Suppose ")
            refuted = [case for case in link.chain if case.chain and case.chain[-1].text.endswith(": impossible.")]
            assert refuted or "Every case that holds agrees on it." in link.text


def test_a_refuted_placement_is_told_link_by_link():
    made = list(generate_scenarios(CATALOGUE, "schwer", 20, SEED))[3]
    told = [h for h in explain(CATALOGUE, made.scenario).hints if "chain" in h.techniques]
    [link] = told[0].chain
    assert link.text.startswith("Suppose the Laundry stood on plot 8. Then: ")
    assert "No building is left for plot 10: impossible. So the Laundry does not stand on plot 8." in link.text
    assert [c.text.split(":")[0] for c in link.chain] == ["Then"] * (len(link.chain) - 1) + ["No building is left for plot 10"]
    assert told[0].places == {5: "Laundry", 6: "Casino", 7: "Drugstore"}
    assert told[0].notes == {8: ("Hotel", "Stage Coach Office")}


def test_explain_tells_the_hints_in_text_and_json(run_cli, run_json):
    explained = explain(CATALOGUE, CATALOGUE.scenario("4"))
    data = run_json("oldtown", "explain", "4")
    assert [s["text"] for s in data["steps"]] == list(explained.lines) and len(data["steps"]) == RULEBOOK_HINTS["4"]
    assert data["status"] == "solved" and data["solution"]["placement"] == {
        str(p): b for p, b in sorted(CATALOGUE.scenario("4").published.items())}
    first = data["steps"][0]
    assert {"nudge", "where", "places", "notes", "chain", "candidates", "removed"} <= set(first)
    code, out, _ = run_cli("oldtown", "explain", "4")
    assert code == 0 and f"  1. {explained.lines[0]}" in out and explained.closing in out


@pytest.mark.parametrize("level", sorted(GENERATED_HINTS))
def test_generated_puzzles_are_solved_by_hints_alone(client, level):
    counts = []
    for made in generate_scenarios(CATALOGUE, level, 20, SEED):
        [solution] = solve(CATALOGUE.puzzle(made.scenario), 2)
        counts.append(len(solve_with_hints(client, scenario_code(CATALOGUE, made.scenario), solution.placement)))
    assert counts == GENERATED_HINTS[level] and max(counts) <= 30


def test_docs_show_real_answers_of_each_kind(client):
    docs = (Path(__file__).resolve().parent.parent / "docs" / "web.md").read_text(encoding="utf-8")
    asked = {"1": {"placement": {"3": "Bank"}, "notes": {"12": ["Bank", "Doc"]}},  # wrong
             "5-first-printing": {"placement": {}},  # contradiction
             "ot-bv1g-00w8-0800-1400-0gta": {"placement": {"10": "Drugstore", "11": "Hotel", "12": "Casino", "7": "Prison",
                                                           "15": "Judge", "6": "Saloon"}, "notes": {}}}  # ambiguous
    kinds = set()
    for ident, board in asked.items():
        answer = client.post(f"/api/oldtown/solo/{ident}/hint", json=board).json()
        assert json.dumps(answer, ensure_ascii=False) in docs
        kinds.add(answer["kind"])
    assert kinds == {"wrong", "contradiction", "ambiguous"}
    for kind in ("step", "solved"):
        assert f'"kind": "{kind}"' in docs


def told_steps_show_the_conclusion(puzzle, placement, notes, given) -> None:
    """The steps a hint tells, from the board sent, reach its conclusion: each placed or only-building
    step stands on what the board and the earlier told steps left, and the end shows every place and
    every note the hint concludes."""
    board = player_board(puzzle, placement, notes)
    cand = {b: set(slots) for b, slots in board.cand.items()}
    for step in given.steps:
        if step.technique == "placed" and step.plots != (OUT,):
            assert cand[step.buildings[0]] == {step.plots[0]}, step
        if step.technique == "only-building" and step.plots != (OUT,):
            assert {b for b in cand if step.plots[0] in cand[b]} == {step.buildings[0]}, step
        for b, p in step.removed:
            cand[b].discard(p)
    taken = set(placement.values()) | set(given.places.values())
    for p, b in given.places.items():
        assert cand[b] == {p} or {x for x in cand if p in cand[x]} == {b}, (p, b)
    for p, bs in given.notes.items():
        assert {x for x in cand if p in cand[x]} - taken <= set(bs), (p, bs)


@pytest.mark.parametrize("ident", sorted(RULEBOOK_HINTS))
def test_the_steps_a_hint_tells_reach_its_conclusion(ident):
    scenario = CATALOGUE.scenario(ident)
    puzzle, solutions = CATALOGUE.puzzle(scenario), solve(CATALOGUE.puzzle(scenario), 10)
    placement, notes = {}, {}
    while (given := next_hint(CATALOGUE, scenario, placement, notes, solutions=solutions)).kind == "step":
        told_steps_show_the_conclusion(puzzle, placement, notes, given)
        write_down(given, placement, notes)
    assert given.kind == "solved"
