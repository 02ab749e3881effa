"""The solo puzzle's pages and JSON API through the test client: every endpoint, its answers and its refusals."""

from __future__ import annotations

import re
from html import escape

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.oldtown.catalogue import load_catalogue  # noqa: E402
from clicktown.oldtown.puzzles.code import scenario_code, scenario_from_code  # noqa: E402
from clicktown.oldtown.puzzles.explain import explain  # noqa: E402
from clicktown.oldtown.solo import broken_cards  # noqa: E402
from clicktown import messages  # noqa: E402
from clicktown.web import solo, solo_view  # noqa: E402
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
    for action in ("hint", "fill", "solve", "solve-yes", "solve-no", "check", "undo", "redo", "restart", "pencil",
                   "remove", "copy", "open"):
        assert text.count(f'data-action="{action}"') == 1, action
    assert "data-hint" in text and 'data-status="playing"' in text and 'data-field="code"' in text
    assert '<div class="confirm" data-confirm="solve" hidden>' in text and "data-notice" not in text
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
    ("get", "/api/oldtown/solo/9", None, 404, "unknown scenario '9'"),
    ("get", "/api/oldtown/solo/ot-zz", None, 404, "mistyped"),
    ("get", "/api/oldtown/solo/ot-zz/solution", None, 404, "mistyped"),
    ("get", "/oldtown/solo/new?level=easy", None, 422, "level"),
    ("get", "/oldtown/solo/new?level=leicht&seed=-1", None, 422, "seed"),
    ("get", "/oldtown/solo/new?level=leicht&seed=abc", None, 422, "seed"),
    ("get", "/oldtown/solo/1?lang=fr", None, 422, "lang"),
    ("get", "/api/oldtown/solo/" + "1" * 81, None, 422, "ident"),
    ("get", "/api/oldtown/solo/1%3Cb%3E", None, 422, "ident"),
    ("get", "/oldtown/solo/open?code=" + "x" * 201, None, 422, "code"),
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


# -- issue 36: the page's words, a puzzle that is not there, the solution, a scenario without one ------

def embedded_data(text: str) -> dict:
    import json

    return json.loads(re.search(r'<script type="application/json" id="solo-data">(.*?)</script>', text, re.S)
                      .group(1).replace("<\\/", "</"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_scripts_sentences_come_from_the_catalogs(client, lang):
    words = embedded_data(client.get(f"/oldtown/solo/1?lang={lang}").text)["words"]
    assert set(words) == set(solo_view.SCRIPT_SENTENCES) | set(solo_view.SCRIPT_COUNTED)
    for name in solo_view.SCRIPT_SENTENCES:
        assert words[name] == messages.text(lang, f"web.solo.{name}"), name
    for name in solo_view.SCRIPT_COUNTED:
        assert words[name] == [messages.catalog(lang).ngettext(f"web.solo.{name}", "", n) for n in (1, 2)], name
    assert words["pick_plot"] == {"en": "Choose a plot first.", "de": "Erst einen Platz wählen."}[lang]
    assert [form.format(cards="3, 9", n=2) for form in words["broken"]] == {
        "en": ["Broken: card 3, 9.", "Broken: cards 3, 9."], "de": ["Verletzt: Karte 3, 9.", "Verletzt: Karten 3, 9."]}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_button_and_heading_of_the_page_is_worded_by_the_catalog(client, lang):
    text = client.get(f"/oldtown/solo/7?lang={lang}").text
    for action in solo_view.TOOLS:
        assert f'data-action="{action}">{escape(messages.text(lang, "web.solo." + action))}</button>' in text, action
    assert f"<h1 class=\"solo-title\">{escape(messages.say(lang, 'web.solo.title', id='7'))} <small>" in text
    assert escape(messages.say_n(lang, "web.solo.mine_unknown", 3)) in text  # scenario 7 hides 3 of my buildings
    assert escape(messages.say_n(lang, "web.solo.cards", len(CATALOGUE.scenario("7").card_numbers))) in text
    assert f"<title>{escape(messages.say(lang, 'web.solo.title', id='7'))} · clicktown</title>" in text


def test_the_german_plan_names_its_railway_and_landmarks_in_german(client):
    """The plan's labels and tooltips come from the board's data (board.json's `de`), its title from the catalog."""
    board = CATALOGUE.board
    german = client.get("/oldtown/solo/1?lang=de").text
    english = client.get("/oldtown/solo/1").text
    for thing in (*board.lines, *board.landmarks):
        assert f"<title>{escape(thing.de)}</title>" in german and f"<title>{escape(thing.en)}</title>" in english
        if thing.de != thing.en:  # Dalton Road is Dalton Road in both
            assert f"<title>{escape(thing.en)}</title>" not in german
    for english_words in ("the railway", "the cemetery", "the buffalo pasture", "Old Town board plan", "my building"):
        assert english_words not in german, english_words
    assert german.count(f"<title>{messages.text('de', 'oldtown.plan.title')}</title>") == 1 + len(
        CATALOGUE.scenario("1").card_numbers)  # the plan, and the small plan of every card
    assert 'aria-label="Platz 3"' in german and 'aria-label="plot 3"' in english


@pytest.mark.parametrize("path, typed, reason", [
    ("/oldtown/solo/9", "9", "unknown_puzzle"),
    ("/oldtown/solo/ot-0000", "ot-0000", "mistyped_code"),
    ("/oldtown/solo/OT-bv1z-00w8-0800-1400-0geb", "OT-bv1z-00w8-0800-1400-0geb", "mistyped_code"),
    ("/oldtown/solo/1%3Cb%3E", "1<b>", "unknown_puzzle"),
    ("/oldtown/solo/" + "1" * 81, "1" * 81, "unknown_puzzle"),
    ("/oldtown/solo/ot-0000/sheet", "ot-0000", "mistyped_code"),
    ("/oldtown/solo/open?code=ot-bv1z-00w8", "ot-bv1z-00w8", "mistyped_code"),
    ("/oldtown/solo/open?code=%20scenario%209", "scenario 9", "unknown_puzzle"),
])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_puzzle_that_is_not_there_gets_a_page_that_says_so(client, path, typed, reason, lang):
    answer = client.get(path + ("&" if "?" in path else "?") + f"lang={lang}")
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    text = answer.text
    assert f'<html lang="{lang}">' in text and "data-missing" in text and '"error"' not in text
    assert f"<p class=\"reason\" data-reason>{escape(messages.say(lang, 'web.solo.' + reason, code=typed[:80]))}</p>" in text
    assert f'data-field="code" value="{escape(typed)}"' in text  # the field holds what was typed, to mend it
    assert "<b>" not in text.split("<main>")[1]  # what was typed is escaped
    for ident in RULEBOOK:
        assert f'href="/oldtown/solo/{ident}?lang={lang}"' in text


def test_the_api_answers_a_browser_with_the_page_and_a_script_with_json(client):
    browser = client.get("/api/oldtown/solo/ot-zz", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert browser.status_code == 404 and "data-missing" in browser.text
    assert escape(messages.say("en", "web.solo.mistyped_code", code="ot-zz")) in browser.text
    script = client.get("/api/oldtown/solo/ot-zz", headers={"Accept": "application/json"})
    assert script.status_code == 404 and script.json() == {
        "error": "puzzle code 'ot-zz' is mistyped (its check letters do not match)"}


@pytest.mark.parametrize("typed", ["{code}", " {code} ", "{CODE}", "{code}\n", "{spaced}"])
def test_a_code_typed_or_pasted_opens_its_page(client, typed):
    code = scenario_code(CATALOGUE, CATALOGUE.scenario("6"))
    typed = typed.format(code=code, CODE=code.upper(), spaced=code.replace("-", " - "))
    answer = client.get("/oldtown/solo/open", params={"code": typed, "lang": "de"}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/oldtown/solo/{code}?lang=de"
    page = client.get(answer.headers["location"])
    assert page.status_code == 200 and f"<code data-code>{code}</code>" in page.text


def test_a_rulebook_number_typed_in_the_field_opens_its_scenario(client):
    answer = client.get("/oldtown/solo/open?code=5-First-Printing", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/oldtown/solo/5-first-printing?lang=en"


@pytest.mark.parametrize("ident", ["1", "7", "5-first-printing"])
def test_the_solution_the_solve_button_shows(client, ident):
    from clicktown.oldtown.solve.count import solve

    solutions = solve(CATALOGUE.puzzle(CATALOGUE.scenario(ident)), 10)
    answer = client.get(f"/api/oldtown/solo/{ident}/solution").json()
    assert answer["solutions"] == len(solutions) == {"1": 1, "7": 2, "5-first-printing": 0}[ident]
    if solutions:
        assert answer["town"] == {str(p): b for p, b in solutions[0].placement.items()}
        assert check(client, ident, answer["town"]).json()["solved"] is True
    else:
        assert answer["town"] is None


def test_a_scenario_without_a_solution_says_so_when_it_opens(client):
    for lang in ("en", "de"):
        text = client.get(f"/oldtown/solo/5-first-printing?lang={lang}").text
        notice = escape(messages.text(lang, "web.solo.no_solution"))
        assert f'<p class="notice" data-notice="no-solution" role="alert">{notice}</p>' in text
        assert embedded_data(text)["solutions"] == 0
    assert "data-notice" not in client.get("/oldtown/solo/5").text
