"""The message catalogs: the same keys and fields in every language, German in German, the .mo up to date."""

from __future__ import annotations

import string

import pytest

from clicktown import messages

#: Words that mark an English sentence; none may stand in a German message.
ENGLISH_WORDS = {"the", "you", "your", "is", "are", "and", "of", "to", "with", "not", "card", "cards", "seat",
                 "turn", "plot", "plots", "points", "wins", "won", "play", "played", "move", "this", "that", "it"}

#: German messages allowed to read as the English do (names, symbols, a bare field).
SAME_IN_BOTH: set[str] = {"oldtown.verdict_gain", "oldtown.event.judged", "oldtown.compass.N", "oldtown.compass.S",
                          "oldtown.compass.W"}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def po(lang: str) -> dict[str, tuple[str, ...]]:
    return messages.read_po(messages.LOCALE / lang / "LC_MESSAGES" / f"{messages.DOMAIN}.po")


def test_every_language_has_every_key():
    english = messages.keys("en")
    for lang in messages.LANGS:
        assert messages.keys(lang) == english, lang


@pytest.mark.parametrize("lang", messages.LANGS)
def test_the_compiled_catalog_matches_its_source(lang):
    """The .mo shipped is the .po compiled (`make catalogs` after every change to a .po)."""
    for key, forms in po(lang).items():
        if len(forms) == 1:
            assert messages.text(lang, key) == forms[0], key
        else:
            assert [messages.catalog(lang).ngettext(key, key, n) for n in (1, 2)] == list(forms), key


def test_the_compiled_help_catalog_matches_its_source():
    """The --help catalog (clicktown-help, keyed by the English help texts) too: `make catalogs`."""
    help_po = messages.LOCALE / "de" / "LC_MESSAGES" / f"{messages.HELP_DOMAIN}.po"
    for english, forms in messages.read_po(help_po).items():
        assert messages.help_text("de", english) == forms[0], english


def test_german_and_english_messages_name_the_same_facts():
    english, german = po("en"), po("de")
    for key, forms in english.items():
        assert {f for form in forms for f in fields(form)} == {f for form in german[key] for f in fields(form)}, key


def test_the_german_catalog_holds_no_english_sentence():
    english, german = po("en"), po("de")
    for key, forms in german.items():
        for form in forms:
            words = {w.strip(".,:;!?()'\"").lower() for w in form.split()}
            if key not in SAME_IN_BOTH:
                assert form not in english[key] or not (words - {""}) - {f"{{{f}}}" for f in fields(form)}, key
            assert not words & ENGLISH_WORDS, (key, form, words & ENGLISH_WORDS)


def test_a_missing_key_is_a_bug_that_names_itself():
    with pytest.raises(messages.MissingMessage, match="no message 'nowhere.nothing'"):
        messages.say("en", "nowhere.nothing")


def test_plural_forms_follow_the_count():
    assert [messages.say_n("en", "common.points", n) for n in (1, 2)] == ["1 point", "2 points"]
    assert [messages.say_n("de", "common.points", n) for n in (1, 2)] == ["1 Punkt", "2 Punkte"]


def test_numbers_are_written_with_the_decimal_mark_of_the_language():
    from clicktown.messages import decimal, percent

    assert [decimal("en", 2.5, 2), decimal("de", 2.5, 2), decimal("de", 48, 0)] == ["2.50", "2,50", "48"]
    assert [percent("en", 0.342), percent("de", 0.342), percent("de", 1.0)] == ["34.2%", "34,2 %", "100,0 %"]


def test_the_shared_simulate_summary_is_worded_in_each_language():
    from clicktown.arena.summary import shared_text

    rate = {"hits": 1, "n": 2, "rate": 0.5, "ci95": [0.1, 0.9]}
    result = {"games": 2, "players": 2, "bots": ["greedy", "mcts"], "rotate": True, "seed": 7,
              "win_rate_per_seat": [rate, rate], "win_rate_per_bot": {"greedy": rate, "mcts": rate},
              "turns_per_game": {"mean": 20.5, "min": 19, "max": 22}}
    assert shared_text(result, "de").splitlines() == [
        "2 Partien, 2 Spieler, Bots greedy,mcts (Plätze reihum getauscht), Startwert 7", "",
        "wer         Siege  Anteil  95-%-Intervall", "----------  -----  ------  ---------------",
        "Spieler 0   1/2    50,0 %  10,0 % - 90,0 %", "Spieler 1   1/2    50,0 %  10,0 % - 90,0 %",
        "Bot greedy  1/2    50,0 %  10,0 % - 90,0 %", "Bot mcts    1/2    50,0 %  10,0 % - 90,0 %", "",
        "Züge pro Partie: 20,5 (mindestens 19, höchstens 22)"]
    assert shared_text(result, "en").splitlines()[0] == "2 games, 2 players, bots greedy,mcts (rotated), seed 7"
