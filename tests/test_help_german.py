"""The commands' --help in German: `--lang de --help` and CLICKTOWN_LANG=de, from the clicktown-help catalog.

Every help text of every command (help, short help, each option's and argument's help) has its German
in the catalog, keyed by the English text as click has it, and the catalog holds nothing else.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from german_words import assert_german
from help_texts import command_tree, every_help_text

from clicktown import helptext, messages
from clicktown.cli import cli

HELP_PO = messages.LOCALE / "de" / "LC_MESSAGES" / "clicktown-help.po"

#: What a help page holds that is no word: option names, choice metavars and
#: defaults, `quoted commands`
NOT_WORDS = re.compile(r"--?[\w-]+|Standard: [\w-]+\]|\[[^\]\s]*\|[^\]\s]*\]|`[^`]*`")


def german(texts):
    """The lines of `texts` with the option names, choice metavars and `quoted commands` left out."""
    names = re.compile(r"\b(?:" + "|".join(sorted({path[-1] for path, _ in command_tree()})) + r")\b")
    texts = [re.sub(r"-\n\s+", "-", text) for text in texts]  # an option name wrapped at a hyphen
    return [names.sub("", NOT_WORDS.sub("", line)) for text in texts for line in text.splitlines()]


def run(*args, lang=None):
    env = {"CLICKTOWN_LANG": lang} if lang else {}
    result = CliRunner(env=env).invoke(cli, list(args), prog_name="clicktown", terminal_width=78)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def no_lang_variable(monkeypatch):
    monkeypatch.delenv("CLICKTOWN_LANG", raising=False)


def test_every_help_text_has_its_german_and_the_catalog_holds_no_other():
    catalog = messages.read_po(HELP_PO)
    texts = every_help_text()
    assert set(catalog) == texts, (sorted(texts - set(catalog))[:5], sorted(set(catalog) - texts)[:5])
    assert all(forms[0].strip() for forms in catalog.values())
    assert len(catalog) == len(texts) > 130


def test_the_german_help_texts_hold_no_english_and_no_english_text_stays_as_it_was():
    catalog = messages.read_po(HELP_PO)
    assert_german(german(forms[0] for forms in catalog.values()))
    assert [english for english, forms in catalog.items() if forms[0] == english] == []


def test_a_command_asked_in_german_before_help_shows_german_help():
    code, out, err = run("oldtown", "verify", "--lang", "de", "--help")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == ["Aufruf: clicktown oldtown verify [OPTIONS] [IDS]...", "",
                         "  Die Solo-Szenarien prüfen: Ist jede veröffentlichte Lösung die einzige?", ""]
    assert "Optionen:" in lines
    assert "  --json                          Die Ergebnisse als JSON auf stdout ausgeben." in lines
    assert "  -h, --help                      Diese Hilfe zeigen und beenden." in lines, lines
    assert "                                  [Standard: en]" in lines
    assert "  --scenarios FILE                Szenariodatei (JSON) statt der des" in lines
    assert_german(german([out]))


def test_the_lang_variable_makes_the_root_help_german():
    code, out, err = run("--help", lang="de")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Aufruf: clicktown [OPTIONS] COMMAND [ARGS]...",
        "",
        "  Rätsel für Old Town, Wild Wild Pattern und Sequence lösen, prüfen, bewerten",
        "  und erzeugen.",
        "",
        "Optionen:",
        "  --version                    Die Version zeigen und beenden.",
        "  --max-file-mb INTEGER RANGE  Datendateien ablehnen, die größer als so viele",
        "                               Megabyte sind.  [Standard: 20; 1<=x<=4096]",
        "  -h, --help                   Diese Hilfe zeigen und beenden.",
        "",
        "Befehle:",
        "  oldtown   Old Town (Stephan Riedel): Solo-Szenarien, Prüfung, Erzeugung.",
        "  patterns  Wild Wild Pattern (Kaleidos Games): Muster auf dem Rad aus 8",
        "            Karten.",
        "  sequence  Sequence und Sequence Numbers (Jax): Analyse des Spielplans,",
        "            Rätsel „Sieg in N“ und das ganze Spiel.",
        "  serve     Im Browser spielen: die Solo-Rätsel von Old Town und die Spiele,",
        "            unter http://127.0.0.1:8765/.",
    ]


def test_every_help_page_of_the_tree_is_german_under_the_lang_variable():
    pages = 0
    for path, _ in command_tree():
        code, out, err = run(*path[1:], "--help", lang="de")
        assert (code, err) == (0, ""), path
        assert out.startswith("Aufruf: "), path
        assert_german(german([out]))
        pages += 1
    assert pages == len(list(command_tree())) > 35


def test_help_is_english_without_german_asked_for():
    code, out, err = run("oldtown", "verify", "--help")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == ["Usage: clicktown oldtown verify [OPTIONS] [IDS]...", "",
                         "  Check the solo scenarios: is each published solution the only one?", ""]
    assert "Options:" in lines and "  -h, --help                      Show this message and exit." in lines
    assert "                                  $CLICKTOWN_LANG sets the default.  [default:" in lines
    # --lang en given first wins over the variable; a group follows the variable only
    assert run("oldtown", "verify", "--lang", "en", "--help", lang="de")[1] == out
    assert run("oldtown", "--help", lang="en")[1] == run("oldtown", "--help")[1]
    assert run("oldtown", "--help")[1].startswith("Usage: clicktown oldtown [OPTIONS] COMMAND [ARGS]...")


def test_english_help_reads_no_help_catalog():
    messages.help_catalog.cache_clear()
    run("--help")
    run("sequence", "solve", "--help")
    assert messages.help_catalog.cache_info().currsize == 0
    assert helptext.spoken() == "en"


def test_an_unknown_lang_variable_is_a_one_line_usage_error():
    code, out, err = run("oldtown", "verify", lang="xx")
    assert (code, out) == (2, "")
    assert err.splitlines() == [err.strip()]
    assert err.startswith("clicktown oldtown verify: error: ") and "'xx'" in err and "CLICKTOWN_LANG" in err


def test_the_lang_variable_sets_the_results_language_and_lang_overrides_it(run_cli, monkeypatch):
    monkeypatch.setenv("CLICKTOWN_LANG", "de")
    german_run, english_run = run_cli("oldtown", "scenarios"), run_cli("oldtown", "scenarios", "--lang", "en")
    monkeypatch.delenv("CLICKTOWN_LANG")
    assert english_run == run_cli("oldtown", "scenarios")
    assert german_run == run_cli("oldtown", "scenarios", "--lang", "de")
    assert german_run[1].split()[:3] == ["Spiel", "Stufe", "Typ"]
    assert german_run[1] != english_run[1]
