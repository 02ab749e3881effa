"""The home page, the lobby and the trace viewer's page in German (`?lang=de`) hold no English sentence;
in English (no `lang`, or `?lang=en`) they read as before, and both languages carry the same form
fields, values and data-* attributes.

Left out of the search: the games' titles ("Old Town", "Wild Wild Pattern", "Sequence", "Sequence
Numbers", the same in both editions), the bots' names (random, greedy, planner, mcts) and the typed
commands in <code> (`simulate --trace`, `play --trace`, `person`).
"""

from __future__ import annotations

import re

import pytest
from test_german_games import english_in, page_lines
from web_fixtures import LOCAL

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
