"""Hints a person can follow (issue 36): through the API, asking only for hints and writing down what
each one concludes (places as placements, notes as pencil notes) solves every rulebook scenario and
generated puzzles; each hint concludes something new, true of the solution, and carries its ladder."""

from __future__ import annotations

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.oldtown.catalogue import load_catalogue  # noqa: E402
from clicktown.oldtown.puzzles.code import scenario_code  # noqa: E402
from clicktown.oldtown.puzzles.explain import explain  # noqa: E402
from clicktown.oldtown.puzzles.generate import generate_scenarios  # noqa: E402
from clicktown.oldtown.puzzles.hints import NOTE_MAX, next_hint  # noqa: E402
from clicktown.oldtown.solve.count import solve  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402

CATALOGUE = load_catalogue()
#: Hints each rulebook scenario takes from the empty board (all at most 30).
RULEBOOK_HINTS = {"1": 16, "2": 13, "3": 18, "4": 15, "5": 19, "6": 18, "7": 21, "8": 21}
#: The seed of the generated puzzles (20 of each level) and the hints each takes.
SEED = 36
GENERATED_HINTS = {
    "leicht": [13, 13, 14, 14, 16, 16, 15, 16, 17, 17, 16, 16, 14, 16, 15, 19, 23, 17, 15, 12],
    "mittel": [18, 17, 16, 18, 15, 12, 12, 16, 26, 22, 14, 23, 18, 14, 16, 16, 18, 17, 15, 19],
    "schwer": [25, 24, 15, 22, 25, 16, 18, 23, 18, 19, 17, 29, 17, 21, 17, 18, 22, 25, 14, 29],
}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


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


def test_the_first_hint_of_scenario_1_ends_in_its_conclusion():
    first = next_hint(CATALOGUE, CATALOGUE.scenario("1"), {}, {})
    assert first.notes == {13: ("Church", "Printer's", "Sheriff")} and first.places == {}
    assert first.text.endswith("So plot 13 can only hold the Church, Printer's or Sheriff.")
    assert first.where == "It is about plot 13."
    assert first.nudge == "Look at cards 2, 3, 4, 5, 8, 13, 15, 16, 17, 18, 29, 30, 31 and 45."


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
