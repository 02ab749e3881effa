"""The rule options at the browser tables: offered in the lobby, checked by the server, played by the engine.

The lobby offers each game's rule options as selects (`data-rule-option="name"`) with the command
line's default selected and its help sentence as `title`; a word the option does not have is a 400
with the reason; the table page shows the options the engine holds; the game's trace starts with them.
"""

from __future__ import annotations

import re

from clicktown import messages

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.web import tables  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL  # noqa: E402
from clicktown.games import GAMES  # noqa: E402

OLD_TOWN = {"stop_callers": ("everyone", "others"), "logic_markers": ("stop_round", "player"),
            "empty_pile": ("reshuffle", "end"), "held_plots": ("marker", "card"), "break_pair": ("allowed", "forbidden")}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def selects(text: str, game: str) -> dict[str, tuple[str, str, list[str]]]:
    """name -> (selected word, title, every word) of the lobby's selects for `game`."""
    out = {}
    for name, title, inner in re.findall(rf'<select name="{game}\.(\w+)" data-rule-option="\w+" title="([^"]*)">(.*?)</select>',
                                         text):
        words = re.findall(r'<option value="([^"]+)"', inner)
        chosen = re.findall(r'<option value="([^"]+)" selected', inner)
        out[name] = (chosen[0], title, words)
    return out


def cli_help(command, name: str) -> str:
    return " ".join(next(p for p in command.params if p.name == name).help.split())


def test_the_lobby_offers_old_towns_rule_options_with_their_defaults_and_sentences(client):
    from clicktown.oldtown.commands import oldtown_simulate

    offered = selects(client.get("/tables").text, "oldtown")
    assert {name: tuple(words) for name, (_, _, words) in offered.items()} == OLD_TOWN
    for name, (chosen, title, _) in offered.items():
        assert chosen == OLD_TOWN[name][0]
        assert title == cli_help(oldtown_simulate, name).replace("'", "&#x27;")


def test_the_lobby_offers_wild_wild_patterns_rules_options(client):
    offered = selects(client.get("/tables").text, "patterns")
    assert {name: chosen for name, (chosen, _, _) in offered.items()} == {
        "used_challenges": "out", "after": "clockwise", "min_occurrences": "2", "extend": "extend", "lenient": "no-lenient"}
    assert offered["used_challenges"][2] == ["out", "back"] and "scheiden aus dem Spiel aus" in offered["used_challenges"][1]
    assert offered["min_occurrences"][2] == ["2", "1", "3", "4", "5", "6", "7", "8"]
    assert selects(client.get("/tables").text, "sequence") == {}


def open_table(client, url):
    answer = client.get(url, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", answer.headers["location"]).groups()


@pytest.mark.parametrize("name", sorted(OLD_TOWN))
def test_each_old_town_option_reaches_the_engine(client, name):
    word = OLD_TOWN[name][1]
    table_id, token = open_table(client, f"/play/oldtown?players=2&bots=random&{name}={word}")
    options = tables.TABLES[table_id].state.options
    assert getattr(options, name) == word
    assert all(getattr(options, other) == words[0] for other, words in OLD_TOWN.items() if other != name)
    page = client.get(f"/table/{table_id}/0?token={token}").text
    assert re.search(rf'data-rule-option="{name}" data-rule-value="{word}" title="[^"]+">{word}</dd>', page)


def test_a_german_table_names_its_rule_options_in_german(client):
    table_id, token = open_table(client, "/play/patterns?players=2&reaction=0&lang=de&after=counterclockwise")
    page = client.get(f"/table/{table_id}/0?token={token}").text
    assert re.search(r'<dt>„nach“</dt><dd data-rule-option="after" data-rule-value="counterclockwise" '
                     r'title="In welche Richtung[^"]+">gegen den Uhrzeigersinn</dd>', page)
    assert set(re.findall(r'data-rule-option="(\w+)"', page)) == {rule.name for rule in GAMES["patterns"].rule_choices()}


def test_every_rule_option_and_word_has_its_german_and_its_english_sentence_is_the_command_lines():
    for game in ("oldtown", "patterns"):
        for rule in GAMES[game].rule_choices():
            words = {word: messages.say("de", f"rules.{rule.name}.word.{word}") for word in rule.choices
                     if messages.has("de", f"rules.{rule.name}.word.{word}")}
            assert messages.say("de", f"rules.{rule.name}.title") and messages.say("de", f"rules.{rule.name}.help")
            assert set(words) == set(rule.choices) or rule.values == tuple(map(int, rule.choices))
            assert tables.rule_words(rule.name, rule.default, rule.help, "en") == \
                (rule.name.replace("_", " "), rule.default, rule.help)


def test_the_lobbys_form_carries_the_chosen_games_options_only(client):
    answer = client.get("/play?game=oldtown&players=2&oldtown.held_plots=card&patterns.after=counterclockwise",
                        follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/play/oldtown?players=2&held_plots=card"


def test_wild_wild_pattern_options_reach_the_engine_and_its_trace(client):
    table_id, token = open_table(client, "/play/patterns?players=2&reaction=0&used_challenges=back&min_occurrences=3"
                                         "&extend=strict-new&lenient=lenient")
    held = tables.TABLES[table_id].state.table.rules
    assert (held.used_challenges, held.min_occurrences, held.extend, held.lenient, held.after) == \
        ("back", 3, False, True, "clockwise")
    start = tables.TABLES[table_id].trace()[0]
    assert start["options"] == {"mode": "saloon", "used-challenges": "back", "after": "clockwise", "min-occurrences": 3,
                                "extend": False, "lenient": True}


@pytest.mark.parametrize("url, words", [
    ("/play/oldtown?held_plots=sideways", "rule option held_plots of Old Town is one of marker, card, not 'sideways'"),
    ("/play/oldtown?stop_callers=", "rule option stop_callers of Old Town is one of everyone, others, not ''"),
    ("/play/patterns?min_occurrences=9", "rule option min_occurrences of Wild Wild Pattern is one of"),
    ("/play/patterns?lenient=true", "rule option lenient of Wild Wild Pattern is one of no-lenient, lenient"),
    ("/play?game=oldtown&oldtown.empty_pile=never", "rule option empty_pile of Old Town is one of reshuffle, end"),
])
def test_an_unknown_rule_word_is_a_400_with_the_reason(client, url, words):
    answer = client.get(url)
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_every_games_options_are_the_command_lines():
    from clicktown.oldtown.game.rule_options import OPTIONS

    assert [r.name for r in GAMES["oldtown"].rule_choices()] == list(OPTIONS)
    assert [r.choices for r in GAMES["oldtown"].rule_choices()] == [choices for choices, _ in OPTIONS.values()]
    assert GAMES["sequence"].rule_choices() == () and GAMES["numbers"].rule_choices() == ()


def test_an_old_town_table_with_a_rule_option_chosen_in_the_lobby(page, live_server):
    page.goto(f"{live_server}/tables")
    assert page.locator('fieldset.rules[data-game="patterns"]').is_hidden()  # only the chosen game's options show
    page.select_option('select[name="game"]', "oldtown")
    held = page.locator('[data-rule-option="held_plots"]')
    assert held.input_value() == "marker" and "Beispiel 7" in held.get_attribute("title")
    held.select_option("card")
    page.locator('[data-rule-option="stop_callers"]').select_option("others")
    page.fill('input[name="players"]', "2")
    page.fill('input[name="bots"]', "random")
    page.click('button[type="submit"]')
    page.wait_for_selector("[data-action-id]")
    table_id = page.locator(".table[data-table]").get_attribute("data-table")
    shown = {n: page.locator(f'dd[data-rule-option="{n}"]').inner_text() for n in OLD_TOWN}
    assert shown == {**{n: w[0] for n, w in OLD_TOWN.items()}, "held_plots": "card", "stop_callers": "others"}
    options = tables.TABLES[table_id].state.options
    assert (options.held_plots, options.stop_callers, options.empty_pile) == ("card", "others", "reshuffle")
    page.screenshot(path="/tmp/clicktown-rule-options-table.png", full_page=True)
