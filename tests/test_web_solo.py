"""The solo puzzle's pages and JSON API through the test client: every endpoint, its answers and its refusals."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.oldtown.catalogue import load_catalogue  # noqa: E402
from clicktown.oldtown.puzzles.code import scenario_code, scenario_from_code  # noqa: E402
from clicktown.oldtown.puzzles.explain import explain  # noqa: E402
from clicktown.oldtown.solo import broken_cards  # noqa: E402
from clicktown.web import solo  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL  # noqa: E402

CATALOGUE = load_catalogue()
RULEBOOK = list(CATALOGUE.scenarios)


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def hint(client, ident, placement=None, **more):
    return client.post(f"/api/oldtown/solo/{ident}/hint", json={"placement": placement or {}, **more})


def check(client, ident, placement, **more):
    return client.post(f"/api/oldtown/solo/{ident}/check", json={"placement": placement, **more})


# -- the pages ------------------------------------------------------------------------------------

def test_home_lists_every_rulebook_scenario_and_the_three_levels(client):
    text = client.get("/").text
    for ident in RULEBOOK:
        assert f'href="/oldtown/solo/{ident}"' in text
    for level in ("leicht", "mittel", "schwer"):
        assert f'href="/oldtown/solo/new?level={level}"' in text


@pytest.mark.parametrize("ident", ["1", "7"])
def test_the_page_carries_the_test_contract(client, ident):
    scenario = CATALOGUE.scenario(ident)
    text = client.get(f"/oldtown/solo/{ident}").text
    assert sorted(map(int, re.findall(r'data-plot="(\d+)"', text))) == list(range(1, 17))
    assert re.findall(r'data-card="(\d+)"', text) == [str(n) for n in scenario.card_numbers]
    assert re.findall(r'data-building="([^"]+)"', text) == [b.replace("'", "&#x27;") for b in CATALOGUE.building_names]
    for action in ("hint", "check", "undo", "redo", "restart", "pencil"):
        assert f'data-action="{action}"' in text
    assert "data-hint" in text and 'data-status="playing"' in text
    assert '<script src="/static/solo.js" defer></script>' in text
    assert scenario_code(CATALOGUE, scenario) in text


def test_the_page_speaks_german_when_asked(client):
    text = client.get("/oldtown/solo/1?lang=de").text
    assert '<html lang="de">' in text and ">Tipp<" in text and "Karte 45" in text and "Poststation" in text


def test_the_printable_sheet_of_a_scenario(client):
    answer = client.get("/oldtown/solo/1/sheet")
    assert answer.status_code == 200 and "Old Town, solo scenario 1" in answer.text
    assert "Scenario 1: solution" not in answer.text  # never the solution next to the puzzle


def test_static_assets_of_the_page(client):
    assert "localStorage" in client.get("/static/solo.js").text
    assert ".plan" in client.get("/static/solo.css").text


# -- the API ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("ident", RULEBOOK)
def test_a_hint_at_the_start_is_explains_first_hint(client, ident):
    scenario = CATALOGUE.scenario(ident)
    first = explain(CATALOGUE, scenario)
    answer = hint(client, ident).json()
    if not first.hints:  # the first printing of 5: no solution
        assert answer["kind"] == "contradiction" and answer["places"] == {} and answer["chain"] == []
        return
    told = first.hints[0]
    assert answer["kind"] == "step" and answer["text"] == told.text == first.lines[0]
    assert answer["cards"] == list(told.cards) and answer["focus"]["plots"] == list(told.plots)
    assert answer["places"] == {str(p): b for p, b in sorted(told.places.items())}
    assert answer["notes"] == {str(p): list(bs) for p, bs in sorted(told.notes.items())}


def test_hints_walk_through_explain_then_say_the_town_is_solved(client):
    explained = explain(CATALOGUE, CATALOGUE.scenario("2"))
    placement, notes = {}, {}
    for line in explained.lines:
        answer = hint(client, "2", placement, notes=notes).json()
        assert answer["text"] == line
        placement.update(answer["places"])
        notes = {p: bs for p, bs in {**notes, **answer["notes"]}.items() if p not in placement}
    assert hint(client, "2", placement, notes=notes).json()["kind"] == "solved"


def test_a_hint_from_a_partial_board_names_a_wrong_placement_instead_of_deducing(client):
    published = CATALOGUE.scenario("1").published
    placement = {3: "Bank", 8: "Doc", 1: published[1]}  # the published town has the School on 3, the Bank on 8
    answer = hint(client, "1", {str(p): b for p, b in placement.items()}).json()
    assert published[3] != "Bank" and published[8] != "Doc"
    assert answer["kind"] == "wrong" and answer["wrong"] == [3, 8] and answer["focus"]["plots"] == [3, 8]
    assert answer["text"] == ("No solution of the cards has the Bank on plot 3 and the Doc on plot 8: "
                              "take them away before asking again.")


def test_notes_without_the_true_building_are_wrong(client):
    published = CATALOGUE.scenario("1").published  # the Casino stands on plot 12
    answer = hint(client, "1", notes={"12": ["Bank", "Doc"], "11": [published[11], "Bank"]}).json()
    assert answer["kind"] == "wrong" and answer["wrong"] == [12]
    assert answer["text"] == ("No solution of the cards has notes on plot 12 without the building that stands "
                              "there: take it away before asking again.")


def test_a_hint_from_right_placements_deduces_from_them(client):
    published = CATALOGUE.scenario("1").published
    placement = {str(p): b for p, b in published.items() if p <= 12}
    answer = hint(client, "1", placement).json()
    assert answer["kind"] == "step" and answer["places"]
    assert all(published[int(p)] == b and p not in placement for p, b in answer["places"].items())
    assert hint(client, "1", {str(p): b for p, b in published.items()}).json()["kind"] == "solved"


def test_check_reports_the_broken_cards_and_asked_for_mistakes(client):
    scenario = CATALOGUE.scenario("1")
    placement = {3: "Bank", 16: "Doc", 1: "Smith"}
    answer = check(client, "1", {str(p): b for p, b in placement.items()}, mistakes=True).json()
    assert answer["broken"] == broken_cards(CATALOGUE.puzzle(scenario), placement)
    assert 45 in answer["broken"]
    assert answer["mistakes"] == [1, 3] and answer["solved"] is False and answer["placed"] == 3
    assert "mistakes" not in check(client, "1", {"3": "Bank"}).json()


def test_check_says_solved_for_each_published_town(client):
    for ident in ("1", "2", "6"):
        town = {str(p): b for p, b in CATALOGUE.scenario(ident).published.items()}
        assert check(client, ident, town).json() == {"broken": [], "placed": 16, "solved": True}


def test_state_of_a_scenario(client):
    state = client.get("/api/oldtown/solo/7").json()
    scenario = CATALOGUE.scenario("7")
    assert [c["number"] for c in state["cards"]] == scenario.card_numbers
    assert state["mine"] is None and state["mine_count"] == 3 and state["solutions"] == 2
    assert scenario_from_code(CATALOGUE, state["code"]).card_numbers == sorted(scenario.card_numbers, key=lambda n: (
        "ABC".index(CATALOGUE.cards[n].kind), n))


def test_a_generated_puzzle_by_level_and_seed_redirects_to_its_code(client):
    answer = client.get("/oldtown/solo/new?level=mittel&seed=4", follow_redirects=False)
    assert answer.status_code == 303
    code = answer.headers["location"].rsplit("/", 1)[1]
    assert client.get("/api/oldtown/solo/new?level=mittel&seed=4").json()["code"] == code
    assert scenario_from_code(CATALOGUE, code).level == "mittel"
    page = client.get(f"/oldtown/solo/{code}")
    assert page.status_code == 200 and code in page.text
    assert hint(client, code).json()["kind"] == "step"


def test_the_scenarios_kept_in_memory_are_bounded(client, monkeypatch):
    monkeypatch.setattr(solo, "PUZZLES_KEPT", 3)
    monkeypatch.setattr(solo, "_kept", type(solo._kept)())
    for ident in RULEBOOK[:6]:
        client.get(f"/api/oldtown/solo/{ident}")
    assert list(solo._kept) == RULEBOOK[3:6]


# -- refusals: a 4xx with a one-line reason, never a 500 -------------------------------------------------

@pytest.mark.parametrize("method, path, body, status, reason", [
    ("get", "/oldtown/solo/9", None, 404, "unknown scenario '9'"),
    ("get", "/oldtown/solo/ot-0000", None, 404, "mistyped"),
    ("get", "/api/oldtown/solo/ot-zz", None, 404, "mistyped"),
    ("get", "/oldtown/solo/new?level=easy", None, 422, "level"),
    ("get", "/oldtown/solo/new?level=leicht&seed=-1", None, 422, "seed"),
    ("get", "/oldtown/solo/new?level=leicht&seed=abc", None, 422, "seed"),
    ("get", "/oldtown/solo/1?lang=fr", None, 422, "lang"),
    ("get", "/oldtown/solo/" + "1" * 81, None, 422, "ident"),
    ("get", "/oldtown/solo/1%3Cb%3E", None, 422, "ident"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {"17": "Bank"}}, 422, "plot 17"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {"x": "Bank"}}, 422, "placement"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {"3": "Castle"}}, 422, "'Castle' on plot 3"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {"3": "Bank", "4": "Bank"}}, 422, "Bank stands on plots 3 and 4"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {}, "step": 1}, 422, "step"),
    ("post", "/api/oldtown/solo/1/hint", {"notes": {"17": ["Bank"]}}, 422, "notes: plot 17"),
    ("post", "/api/oldtown/solo/1/hint", {"notes": {"3": ["Castle"]}}, 422, "'Castle' on plot 3"),
    ("post", "/api/oldtown/solo/1/hint", {"notes": {"3": []}}, 422, "plot 3 allows no building"),
    ("post", "/api/oldtown/solo/1/hint", {"notes": {"3": "Bank"}}, 422, "notes"),
    ("post", "/api/oldtown/solo/1/hint", {"notes": {"3": ["Bank"] * 19}}, 422, "notes"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {}, "lang": "fr"}, 422, "lang"),
    ("post", "/api/oldtown/solo/1/hint", {"placement": {}, "cheat": True}, 422, "cheat"),
    ("post", "/api/oldtown/solo/1/hint", [1, 2], 422, "request"),
    ("post", "/api/oldtown/solo/1/check", {"placement": {str(p): "Bank" for p in range(1, 18)}}, 422, "placement"),
    ("post", "/api/oldtown/solo/1/check", {"placement": {}, "mistakes": "maybe"}, 422, "mistakes"),
    ("post", "/api/oldtown/solo/9/check", {"placement": {}}, 404, "unknown scenario"),
    ("get", "/api/oldtown/solo/1/hint", None, 405, "Method Not Allowed"),
])
def test_bad_requests_are_refused_in_one_line(client, method, path, body, status, reason):
    answer = getattr(client, method)(path, **({"json": body} if body is not None else {}))
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert reason in error and "\n" not in error


def test_a_body_that_is_not_json_is_refused(client):
    answer = client.post("/api/oldtown/solo/1/check", content=b"{placement", headers={"Content-Type": "application/json"})
    assert answer.status_code == 422 and answer.json()["error"]


@pytest.mark.parametrize("path", ["/oldtown/solo/..%2f..%2fapp.py", "/oldtown/solo/../../etc/passwd",
                                  "/oldtown/solo/1/sheet/../../../static/../app.py", "/static/../solo.py",
                                  "/static/%2e%2e/solo.py", "/api/oldtown/solo/..%2Fcatalogue"])
def test_path_traversal_is_refused(client, path):
    answer = client.get(path)
    assert 400 <= answer.status_code < 500
    assert "import" not in answer.text and "root:" not in answer.text
