"""The home page, the lobby and the trace viewer's page in German (`?lang=de`) hold no English sentence;
in English (no `lang`, or `?lang=en`) they read as before, and both languages carry the same form
fields, values and data-* attributes.

Left out of the search: the games' titles ("Old Town", "Wild Wild Pattern", "Sequence", "Sequence
Numbers", the same in both editions), the bots' names (random, greedy, planner, mcts) and the typed
commands in <code> (`simulate --trace`, `play --trace`, `person`).
"""

from __future__ import annotations

import json
import re

import pytest
from german_words import assert_german
from test_german_games import english_in, page_lines
from web_fixtures import LOCAL, a_trace_of_each_game

from clicktown.messages import say

PAGES = ("/", "/tables", "/viewer")
SAME_IN_BOTH = ("Old Town", "Wild Wild Pattern", "Sequence Numbers", "Sequence", "random", "greedy", "planner", "mcts")


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from clicktown.web.app import create_app

    return TestClient(create_app(), base_url=LOCAL)


def shown_lines(text: str) -> list[str]:
    """The page's visible text, titles, aria-labels and placeholders, the typed commands and the names the same in both editions left out."""
    text = re.sub(r"<code>.*?</code>", "", text, flags=re.S)
    lines = page_lines(text) + re.findall(r'(?:aria-label|placeholder)="([^"]*)"', text)
    for name in SAME_IN_BOTH:
        lines = [line.replace(name, "") for line in lines]
    return lines


def english_lines(text: str) -> list[tuple[str, set[str]]]:
    return [(line, english_in(line)) for line in shown_lines(text) if english_in(line)]


@pytest.mark.parametrize("path", PAGES)
def test_a_german_page_holds_no_english(client, path):
    text = client.get(f"{path}?lang=de").text
    assert '<html lang="de">' in text
    assert english_lines(text) == []


@pytest.mark.parametrize("path, count", [("/", 4), ("/tables", 31), ("/viewer", 3)])
def test_the_same_page_in_english_is_full_of_marker_words(client, path, count):
    """The search is not vacuous: the English page has English lines, page by page."""
    assert len(english_lines(client.get(path).text)) == count


@pytest.mark.parametrize("path", PAGES)
def test_english_is_the_default_and_lang_en_changes_nothing(client, path):
    assert client.get(f"{path}?lang=en").text == client.get(path).text


@pytest.mark.parametrize("path", PAGES)
def test_a_language_without_a_catalog_is_refused_with_a_reason(client, path):
    answer = client.get(f"{path}?lang=fr")
    assert answer.status_code == 422 and "lang" in answer.text


def test_the_home_page_in_both_languages(client):
    english, german = client.get("/").text, client.get("/?lang=de").text
    assert "<p>Old Town, Wild Wild Pattern and Sequence: puzzles and games in the browser.</p>" in english
    assert "<h2>Games at a table</h2>" in english and "<h2>Old Town: solo puzzles</h2>" in english
    assert '<a href="/oldtown/solo/3">Scenario 3</a>' in english
    assert '<a href="/oldtown/solo/new?level=mittel">A new medium puzzle (mittel)</a>' in english
    assert '<a href="/viewer">Step through a game\'s trace</a>' in english
    assert '<a href="/oldtown/solo/3?lang=de">Szenario 3</a>' in german
    assert '<a href="/oldtown/solo/5-first-printing?lang=de">Szenario 5 (Erstauflage)</a>' in german
    assert '<a href="/oldtown/solo/5-first-printing">Scenario 5-first-printing</a>' in english
    assert f'<h2>{say("de", "web.home.solo.heading")}</h2>' in german
    assert f'<a href="/tables?lang=de">{say("de", "web.home.tables.lobby")}</a>' in german
    assert links(english) == links(german)


def links(text: str) -> list[str]:
    """The page's links, without the language parameter a German page adds to them."""
    return [re.sub(r"[?&](amp;)?lang=de$", "", href) for href in re.findall(r'href="([^"]*)"', text)]


def attributes(text: str) -> list[str]:
    """Every form field, option value, class and data-* attribute of a page, in order."""
    return re.findall(r'\b(?:name|value|class|data-[\w-]+|type|min|max)="[^"]*"', text)


@pytest.mark.parametrize("path", PAGES)
def test_both_languages_carry_the_same_fields_and_data(client, path):
    english, german = client.get(path).text, client.get(f"{path}?lang=de").text
    assert attributes(german) == attributes(english)
    assert links(german) == links(english)


def test_the_lobby_in_both_languages(client):
    english, german = client.get("/tables").text, client.get("/tables?lang=de").text
    assert "<legend>Rule options of Old Town</legend>" in english
    assert '<label>stop callers <select name="oldtown.stop_callers"' in english
    assert '<option value="everyone" selected>everyone (default)</option>' in english
    assert 'placeholder="random" title="empty: a random deal"' in english
    assert '<option value="en">English</option><option value="de">Deutsch</option>' in english
    assert f'<legend>{say("de", "web.lobby.rules_of", game="Old Town")}</legend>' in german
    assert f'<label>{say("de", "rules.stop_callers.title")} <select name="oldtown.stop_callers"' in german
    assert f'<option value="everyone" selected>{say("de", "rules.stop_callers.word.everyone")} (Standard)</option>' in german
    assert '<option value="en">English</option><option value="de" selected>Deutsch</option>' in german


def test_the_viewer_in_both_languages(client):
    english, german = client.get("/viewer").text, client.get("/viewer?lang=de").text
    assert '<button type="button" class="back" data-step="back" aria-label="step back">&lt; back</button>' in english
    assert 'aria-label="step forward">forward &gt;</button>' in english
    assert "<h1>Trace viewer</h1>" in english and "<title>trace viewer · clicktown</title>" in english
    assert '<button type="button" class="back" data-step="back" aria-label="Schritt zurück">&lt; zurück</button>' in german
    assert "<h1>Verlaufsbetrachter</h1>" in german
    aria = re.findall(r'aria-label="([^"]*)"', german)
    assert aria == ["erster Schritt", "Schritt zurück", "Schritt vor", "letzter Schritt"]


def test_every_link_of_the_german_home_page_keeps_the_language_and_opens(client):
    links = re.findall(r'<li><a href="([^"]+)"', client.get("/?lang=de").text)
    assert links and all(link.endswith("lang=de") for link in links), links
    for link in links:
        if "/solo/new" not in link:   # a new puzzle redirects to its page: followed below with the rest
            answer = client.get(link.replace("&amp;", "&"))
            assert answer.status_code == 200 and 'lang="de"' in answer.text, link


# ---- refusals in the page's language --------------------------------------------------------------------

HTML = {"Accept": "text/html,application/xhtml+xml"}   # as a browser opens a page

#: Refused table links: (address, the reason's catalog key and facts, the words typed that stay as typed)
REFUSED_PLAYS = [
    pytest.param("/play/oldtown?players=5", ("games.refuse.players", {"game": "Old Town", "players": "2, 3, 4", "given": 5}), (),
                 id="five-players"),
    pytest.param("/play/oldtown?bots=mctz", ("games.refuse.unknown_bot", {"bot": "'mctz'", "known": "random, greedy, planner, mcts, person"}),
                 (), id="unknown-bot"),
    pytest.param("/play/oldtown?bots=greedy,greedy&players=2",
                 ("games.refuse.too_many_bots", {"n": 1, "bots": 2}), (), id="too-many-bots"),
    pytest.param("/play/oldtown?held_plots=sideways",
                 ("games.refuse.rule_word", {"rule": "held_plots", "game": "Old Town", "choices": "marker, card", "given": "'sideways'"}),
                 ("marker, card", "held_plots"), id="rule-word"),
    pytest.param("/play/oldtown?colour=red", ("web.play.unknown_parameter", None), (), id="unknown-parameter"),
    pytest.param("/play/oldtown?players=13", ("web.invalid.less_than_equal", {"field": "players", "le": 12}), (), id="players-over"),
    pytest.param("/play/oldtown?seed=x", ("web.invalid.int_parsing", {"field": "seed"}), (), id="seed-not-a-number"),
]


def reason_in(lang: str, key: str, facts) -> str:
    from clicktown.messages import say_n

    if key == "games.refuse.too_many_bots":
        return say_n(lang, key, facts["n"], bots=facts["bots"])
    return say(lang, key, **facts)


@pytest.mark.parametrize("url, expected, typed", REFUSED_PLAYS)
def test_a_refused_table_link_is_told_in_the_pages_language(client, url, expected, typed):
    """The reason on the refused page and in the API's JSON comes from the catalog of the link's `lang`."""
    key, facts = expected
    for lang in ("de", "en"):
        page_answer = client.get(f"{url}&lang={lang}", headers=HTML, follow_redirects=False)
        json_answer = client.get(f"{url}&lang={lang}", follow_redirects=False)
        assert page_answer.status_code == json_answer.status_code and page_answer.status_code in (400, 422)
        reason = re.search(r"<p class=\"reason\" data-reason>([^<]*)</p>", page_answer.text)[1].replace("&#x27;", "'")
        assert json_answer.json() == {"error": reason}
        if facts is not None:
            assert reason == reason_in(lang, key, facts)
        else:   # the known parameters are listed as typed
            from clicktown.web.tables import play_parameters

            typed = (", ".join(sorted(play_parameters("oldtown"))),)
            assert reason == say(lang, key, name="colour", known=typed[0])
        if lang == "de":
            for word in typed:
                reason = reason.replace(word, "")
            assert_german([reason])


def test_a_refused_lobby_form_tells_its_reason_in_german_beside_the_form(client):
    answer = client.get("/play?game=oldtown&players=5&bots=mctz&lang=de", headers=HTML)
    assert answer.status_code == 400 and '<html lang="de">' in answer.text
    shown = re.search(r"data-error>([^<]*)</p>", answer.text)[1]
    assert shown == say("de", "games.refuse.players", game="Old Town", players="2, 3, 4", given=5)


def test_the_trace_viewers_api_refuses_in_german(client, tmp_path):
    """Each refusal of the viewer's API in the `lang` its page sends."""
    def error(answer, status, german=True):
        assert answer.status_code == status, answer.text
        if german:
            assert_german([answer.json()["error"]])
        return answer.json()["error"]

    assert error(client.post("/api/viewer/traces?lang=de", content=b"\xff\xfe"), 422) == say("de", "web.viewer.error.not_utf8")
    assert error(client.get("/api/viewer/traces/none/0/0?lang=de"), 404) == say("de", "web.viewer.error.no_trace")
    kept = client.post("/api/viewer/traces?lang=de", content=open(a_trace_of_each_game(tmp_path), "rb").read())
    assert kept.status_code == 200, kept.text
    key, steps = kept.json()["id"], kept.json()["games"][0]["steps"]
    assert error(client.get(f"/api/viewer/traces/{key}/4/0?lang=de"), 404) == say("de", "web.viewer.error.games", last=3)
    assert error(client.get(f"/api/viewer/traces/{key}/0/{steps}?lang=de"), 404) == say(
        "de", "web.viewer.error.steps", game=0, last=steps - 1)
    assert error(client.get(f"/api/viewer/traces/{key}/0/0?seat=5&lang=de"), 404) == say("de", "web.viewer.error.seats", last=1)
    assert error(client.get(f"/api/viewer/traces/{key}/0/0?seat=12&lang=de"), 422, german=False) == say(   # "seat": the parameter
        "de", "web.invalid.less_than_equal", field="seat", le=11)
