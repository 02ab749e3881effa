"""Old Town's commands with `--lang de`: every line of their results is German (no English marker
word, nor the English words each command printed before), one line of each is pinned word for word,
and the English output stays as it was.

The commands run in process (`run_cli`) on the built-in data and small inputs: one or a few
scenarios, two games of simulate, hand-made boards for the referee.
"""

from __future__ import annotations

import csv
import html
import json
import re

import pytest

from clicktown.oldtown.catalogue import load_catalogue
from german_words import assert_german

CATALOGUE = load_catalogue()

#: English words of the solo reports (verify, grade, cards check) before they were worded in German.
REPORT_WORDS = {"scenario", "level", "solutions", "solution", "published", "verdict", "rulebook", "implies", "agrees",
                "time", "yes", "unique", "ambiguous", "contradictory", "mismatch", "NOT", "OK", "cards", "hold",
                "together", "breaks", "engine", "Board", "printed", "measured", "steps", "techniques", "placed",
                "only", "mine", "case", "split", "unknown", "land", "level", "rank", "correlation", "contradict",
                "each", "other", "fits", "needs", "search"}
#: English words of the referee's answers.
REFEREE_WORDS = {"ALLOWED", "NOT", "RIGHT", "WRONG", "confirmation", "contradiction", "changes", "nothing", "may",
                 "discarded", "action", "for", "my", "marker", "neither", "nor", "held", "example",
                 "rulebook", "stop", "discard"}


def lines_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def without_ids(lines: list[str]) -> list[str]:
    """The lines without the scenario id "5-first-printing" (an id a person types, as it is in both languages)."""
    return [line.replace("5-first-printing", "") for line in lines]


def page_text(page: str) -> list[str]:
    """The words a person reads on an HTML page or SVG picture (titles included), without markup."""
    page = re.sub(r"<style.*?</style>|<script.*?</script>", "", page, flags=re.S)
    return [html.unescape(line).strip() for line in re.sub(r"<[^>]+>", "\n", page).splitlines() if line.strip()]


# ---- verify --------------------------------------------------------------------------------------

def test_verify_in_german(run_cli):
    code, out, err = run_cli("oldtown", "verify", "5-first-printing", "7", "3", "--lang", "de")
    lines = lines_of(out)
    assert code == 0
    assert lines[0].split() == ["Szenario", "Stufe", "Lösungen", "veröffentlicht", "Urteil", "laut", "Regelheft",
                                "stimmt", "Zeit"]
    rows = {line.split()[0]: line for line in lines[2:5]}
    assert re.fullmatch(r"5-first-printing\s+mittel\s+0\s+nein\s+widersprüchlich\s+nicht eindeutig die "
                        r"veröffentlichte\s+ja\s+\d+,\d\d s", rows["5-first-printing"])
    assert re.fullmatch(r"7\s+schwer\s+2\s+ja\s+mehrdeutig\s+2 Lösungen \(mein Gebäude: Saloon oder Richter\)\s+ja"
                        r"\s+\d+,\d\d s", rows["7"])
    assert re.fullmatch(r"3\s+mittel\s+1\s+ja\s+eindeutig\s+1, die veröffentlichte\s+ja\s+\d+,\d\d s", rows["3"])
    assert lines[5] == ("Szenario 5-first-printing: die Karten 7, 42 können nicht alle zugleich gelten; "
                        "die veröffentlichte Stadt verletzt die Karten 2, 14, 15, 20, 31, 42")
    assert err.strip() == "Spielplan und Karten: Rekonstruktion (siehe docs/oldtown-reconstruction.md); Löser count."
    assert_german(without_ids(lines + [err]), also=REPORT_WORDS)


def test_verify_in_english_is_unchanged(run_cli):
    code, out, err = run_cli("oldtown", "verify", "5-first-printing", "7")
    lines = lines_of(out)
    assert code == 0
    assert lines[0].split() == ["scenario", "level", "solutions", "published", "verdict", "rulebook", "implies",
                                "agrees", "time"]
    assert re.fullmatch(r"7\s+schwer\s+2\s+yes\s+ambiguous\s+2 solutions \(Saloon or Judge mine\)\s+ok\s+\d+\.\d\ds",
                        lines[3])
    assert lines[4] == ("scenario 5-first-printing: cards 7, 42 cannot all hold together; "
                        "the published town breaks cards 2, 14, 15, 20, 31, 42")
    assert err.strip() == "Board and cards: reconstruction (see docs/oldtown-reconstruction.md); engine count."


# ---- grade ---------------------------------------------------------------------------------------

def test_grade_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "grade", "--lang", "de")
    lines = lines_of(out)
    assert code == 0
    assert lines[0].split() == ["Szenario", "gedruckt", "gemessen", "Schritte", "Lösungen", "Techniken"]
    rows = {line.split()[0]: line for line in lines[2:-1]}
    assert re.fullmatch(r"3\s+mittel\s+mittel\s+41\s+1\s+Karte, gesetzt, einziges Gebäude, eines meiner Gebäude, "
                        r"Fallunterscheidung", rows["3"])
    assert re.fullmatch(r"5-first-printing\s+mittel\s+widersprüchlich\s+16\s+0\s+Karte", rows["5-first-printing"])
    assert lines[-1] == "8 von 8 landen in ihrer gedruckten Stufe; Rangkorrelation +0,94"
    assert_german(without_ids(lines), also=REPORT_WORDS)


def test_grade_in_english_is_unchanged(run_cli):
    code, out, _ = run_cli("oldtown", "grade", "3", "--calibrate")
    lines = lines_of(out)
    assert code == 0 and lines[0].split() == ["scenario", "printed", "measured", "steps", "solutions", "techniques"]
    assert re.fullmatch(r"3\s+mittel\s+mittel\s+41\s+1\s+card, placed, only-building, one-of-mine, case-split", lines[2])
    assert lines[3] == "1 of 1 land in their printed level; rank correlation n/a"


def test_grade_of_a_contradictory_scenario_in_german(run_cli):
    code, out, err = run_cli("oldtown", "grade", "5-first-printing", "--calibrate", "--lang", "de")
    assert code == 1
    assert re.fullmatch(r"5-first-printing\s+mittel\s+widersprüchlich\s+16\s+0\s+Karte", lines_of(out)[2])
    # a contradictory scenario has no level to land in
    assert lines_of(out)[-1] == "0 von 0 landen in ihrer gedruckten Stufe; Rangkorrelation entfällt"
    assert err.strip() == "keine Stadt passt zu Szenario 5-first-printing: seine Karten widersprechen einander"
    assert_german(without_ids(lines_of(out) + [err]), also=REPORT_WORDS | {"n", "a"})


# ---- the referee ---------------------------------------------------------------------------------

def write_state(tmp_path, data, name="state.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def referee(run_cli, *args, lang="de"):
    code, out, _ = run_cli("oldtown", "referee", *args, "--lang", lang)
    assert_german(lines_of(out), also=REFEREE_WORDS) if lang == "de" else None
    return code, lines_of(out)


def test_referee_card_allowed_and_forbidden_in_german(run_cli, tmp_path):
    board = write_state(tmp_path, {"plots": {"2": ["Drugstore", "Bank", "Saloon"], "3": ["Drugstore", "Bank"],
                                             "7": ["Saloon"]}})
    code, lines = referee(run_cli, board, "--card", 1)
    assert code == 0 and lines == [
        "Karte 1 (A): Die Bank lag auf einem der Plätze 2, 12, 13, 16 (laut Kartenplan).",
        "ERLAUBT: Situation C: Marker der Bank von Platz 3 entfernt; Situation B: die Bank wird auf Platz 2 gebaut; "
        "Situation B: der Saloon wird auf Platz 7 gebaut; Situation B: der Drugstore wird auf Platz 3 gebaut; "
        "der Spieler erhält 6 Marker"]
    empty = write_state(tmp_path, {"plots": {}, "built": {}, "mine": ["Doc"]}, "empty.json")
    code, lines = referee(run_cli, empty, "--card", 20, "--my", "Doc")
    assert code == 1 and lines[0].startswith("Karte 20 (C) für mein Gebäude Doktor: Die Kirche lag ")
    assert lines[1] == "NICHT ERLAUBT: die Kirche hätte 8 mögliche Plätze, aber nur fünf Marker (Beispiel 9)"
    code, lines = referee(run_cli, empty, "--card", 40, "--my", "Hotel")
    assert code == 1 and lines[1] == "NICHT ERLAUBT: das Hotel gehört nicht zu deinen Gebäuden"


def test_the_english_referee_cites_the_rulebook_example_in_english(run_cli, tmp_path):
    empty = write_state(tmp_path, {"plots": {}, "built": {}, "mine": ["Doc"]})
    code, lines = referee(run_cli, empty, "--card", 20, "--my", "Doc", lang="en")
    assert code == 1 and lines[0].startswith("card 20 (C) for my Doc: The Church stood ")
    assert lines[1] == "NOT ALLOWED: the Church would have 8 possible plots, more than its five markers (rulebook example 9)"


def test_referee_confirmation_card_in_german(run_cli, tmp_path):
    b_card = next(c for c in sorted(CATALOGUE.cards.values(), key=lambda c: c.number) if c.kind == "B")
    board = write_state(tmp_path, {"plots": {str(p): ["Hotel"] for p in sorted(b_card.plots)[:2]},
                                   "mine": ["Hotel", "Bank"]})
    code, lines = referee(run_cli, board, "--card", b_card.number, "--my", "Hotel")
    assert code == 0 and lines[1:] == [
        "ERLAUBT (eine Bestätigungskarte: sie ändert nichts): die Karte ändert nichts auf dem Spielplan (Beispiel 4)",
        "sie darf als Bestätigungs- oder Widerspruchskarte abgelegt werden (Aktion 2)"]


def test_referee_stop_claims_in_german(run_cli, tmp_path):
    board = write_state(tmp_path, {"plots": {"2": ["Drugstore", "Bank", "Saloon"], "3": ["Drugstore", "Bank"],
                                             "7": ["Saloon"]}})
    code, lines = referee(run_cli, board, "--stop", "Saloon:2")
    assert code == 0 and lines == ["Stopp beim Marker des Saloons auf Platz 2: RICHTIG: keine Stadt passt zu den "
                                   "Markern, wenn der Saloon auf Platz 2 steht; der Spieler erhält 2 Marker"]
    code, lines = referee(run_cli, board, "--stop", "Bank:2")
    assert code == 1 and lines == ["Stopp beim Marker der Bank auf Platz 2: FALSCH: die Bank kann noch auf Platz 2 "
                                   "stehen: auch dann passt eine Stadt zu allen Markern"]
    code, lines = referee(run_cli, board, "--stop", "Bank:2", lang="en")
    assert lines == ["stop on the Bank's marker on plot 2: WRONG: the Bank may still stand on plot 2: some town fits "
                     "every marker with it there"]


def two_contradiction_cards():
    """Two A cards of different buildings, each built on a plot its card rules out."""
    cards, built = [], {}
    for card in sorted(CATALOGUE.cards.values(), key=lambda c: c.number):
        if card.kind != "A" or card.building in built or card.building in ("Drugstore", "Saloon", "Bank"):
            continue
        built[card.building] = [p for p in range(8, 17) if p not in card.plots and p not in built.values()][0]
        cards.append(card.number)
        if len(cards) == 2:
            return cards, built


def test_referee_action_2_in_german(run_cli, tmp_path):
    (first, second), built = two_contradiction_cards()
    board = write_state(tmp_path, {"built": built, "plots": {"1": ["Drugstore", "Saloon"], "2": ["Drugstore", "Saloon"],
                                                             "3": ["Bank"], "4": ["Bank"]}})
    code, lines = referee(run_cli, board, "--discard", f"{first},{second}", "--take", "Saloon:1")
    assert code == 0 and lines == [f"Karten {first} und {second} ablegen für den Marker des Saloons auf Platz 1: "
                                   "ERLAUBT: der Spieler erhält 4 Marker"]
    code, lines = referee(run_cli, board, "--discard", f"{first},{second}", "--take", "Saloon:1", "--break-pair",
                          "forbidden")
    assert code == 1 and lines == [f"Karten {first} und {second} ablegen für den Marker des Saloons auf Platz 1: "
                                   "NICHT ERLAUBT: der Saloon gehört zu einem festgelegten Paar (Beispiel 7), das "
                                   "Aktion 2 nicht trennen darf (Regeloption break_pair forbidden)"]
    playable = next(c.number for c in sorted(CATALOGUE.cards.values(), key=lambda c: c.number)
                    if c.kind == "A" and c.building not in built and c.building not in ("Drugstore", "Saloon", "Bank"))
    code, lines = referee(run_cli, board, "--discard", f"{first},{playable}", "--take", "Saloon:1")
    assert code == 1 and lines[0].startswith(f"Karten {first} und {playable} ablegen für den Marker des Saloons auf "
                                             f"Platz 1: NICHT ERLAUBT: Karte {playable} ist weder Bestätigungs- noch "
                                             "Widerspruchskarte: ")
    code, lines = referee(run_cli, board, "--discard", f"{first},{second}", "--take", "Saloon:1", "--break-pair",
                          "forbidden", lang="en")
    assert lines == [f"discard cards {first} and {second} for the Saloon's marker on plot 1: NOT ALLOWED: the Saloon "
                     "is one of a held pair (rulebook example 7), which action 2 may not break (rule option "
                     "break_pair forbidden)"]


# ---- cards, cards check --------------------------------------------------------------------------

def test_cards_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "cards", "--lang", "de")
    lines = lines_of(out)
    assert code == 0 and len(lines) == 60
    assert lines[0] == " 1 A  Die Bank lag auf einem der Plätze 2, 12, 13, 16 (laut Kartenplan).  [2, 12, 13, 16]"
    assert_german(lines, also={"stood", "near", "plots", "north", "south", "east", "west"})


@pytest.fixture
def filled(run_cli, tmp_path):
    """A sheet filled from the built-in reconstruction (`cards template --filled`)."""
    path = tmp_path / "sheet.csv"
    code, _, _ = run_cli("oldtown", "cards", "template", "--filled", "--out", path)
    assert code == 0
    return path


def test_cards_check_of_a_clean_sheet_in_german(run_cli, filled):
    code, out, _ = run_cli("oldtown", "cards", "check", filled, "--lang", "de")
    assert (code, out.strip()) == (0, "Der Bogen stimmt mit jedem Beleg des Regelhefts überein.")


def test_cards_check_of_a_mistyped_sheet_in_german(run_cli, filled):
    rows = list(csv.DictReader(filled.open(encoding="utf-8")))
    card4 = next(r for r in rows if r["number"] == "4")
    card4["plots"] += " 16"  # one plot too many on card 4
    with filled.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    code, out, _ = run_cli("oldtown", "cards", "check", filled, "--lang", "de")
    lines = lines_of(out)
    assert code == 1 and lines[:4] == [
        "3 Befunde:",
        "  - Karte 4 (A) hat 5 Plätze, die gelbe Zahl sagt 4",
        "  - Szenario 2: 8 Lösungen (mehrdeutig), laut Regelheft 1, die veröffentlichte",
        "  - Szenario 2: ohne Platz 16 ergibt Karte 4, was das Regelheft erwarten lässt; Platz 16 gehört "
        "vielleicht nicht auf Karte 4"]
    assert lines[-1] == "Am wahrscheinlichsten vertippt: Karte 4 (2)"
    assert_german(lines, also=REPORT_WORDS | {"finding", "findings", "mistyped", "likely", "without", "belong",
                                              "gives", "yellow", "says"})
    code, out, _ = run_cli("oldtown", "cards", "check", filled)
    assert lines_of(out)[:2] == ["3 finding(s):", "  - card 4 (A) has 5 plots, the yellow number says 4"]
    assert lines_of(out)[3] == ("  - scenario 2: without plot 16, card 4 gives what the rulebook implies; "
                                "plot 16 may not belong on card 4")


# ---- scenarios, show, solve, explain, generate, sheet ---------------------------------------------

def test_scenarios_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "scenarios", "--lang", "de")
    lines = lines_of(out)
    assert code == 0 and lines[0].split() == ["Spiel", "Stufe", "Typ", "A", "Typ", "B", "Typ", "C", "meine", "Gebäude"]
    assert re.fullmatch(r"4\s+mittel\s+1-3, 5, 8-10, 14-18\s+20-21, 26-29, 31\s+Doktor, Schule", lines[5])
    assert_german(without_ids(lines), also=REPORT_WORDS | {"type", "my"})


def test_show_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "show", "3", "--lang", "de")
    lines = lines_of(out)
    assert code == 0 and lines[0] == "Spiel 3 (mittel), veröffentlichte Lösung:"
    assert "Die Bahnlinie verläuft zwischen den Reihen 1 und 2" in lines
    assert_german(lines, also=REPORT_WORDS | {"railway", "runs", "between", "rows", "columns"})


def test_solve_in_german_and_its_picture(run_cli, tmp_path):
    picture = tmp_path / "solution.svg"
    code, out, _ = run_cli("oldtown", "solve", "7", "--lang", "de", "--svg", picture)
    lines = lines_of(out)
    assert code == 0 and lines[0] == "Szenario 7: 2 Lösungen."
    assert "<title>Szenario 7: Lösung, die erste von 2 gefundenen</title>" in picture.read_text(encoding="utf-8")
    assert_german(lines + page_text(picture.read_text(encoding="utf-8")),
                  also=REPORT_WORDS | {"found", "railway", "cemetery"})
    code, _, _ = run_cli("oldtown", "solve", "7", "--svg", picture)
    assert "<title>Scenario 7: solution, the first of 2 found</title>" in picture.read_text(encoding="utf-8")


def test_explain_in_german_with_its_stepping_page(run_cli, tmp_path):
    page = tmp_path / "steps.html"
    code, out, _ = run_cli("oldtown", "explain", "1", "--lang", "de", "--html", page)
    lines = lines_of(out)
    assert code == 0 and lines[0] == "Szenario 1:" and lines[1] == "Meine Gebäude: das Hotel."
    shown = page.read_text(encoding="utf-8")
    assert '<html lang="de">' in shown and "<h1>Old Town, Szenario 1, Schritt für Schritt</h1>" in shown
    assert "<title>Szenario 1, nach Schritt 1</title>" in shown
    assert_german(lines + page_text(shown), also=REPORT_WORDS | {"step", "after", "removes", "explained"})


def test_generate_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "generate", "--seed", "1", "--solutions", "--lang", "de")
    lines = lines_of(out)
    assert code == 0 and re.fullmatch(r"Code: ot-[0-9a-z-]+", lines[3])
    assert "Stufe: leicht, 38 Schritte, Techniken: Karte, gesetzt, mein Gebäude" in lines
    assert "Lösung von leicht-1-1 (meine Gebäude: Poststation)" in lines
    assert_german(lines, also=REPORT_WORDS | {"Stage", "Coach", "Office", "code", "grade"})


def test_sheet_in_german(run_cli, tmp_path):
    sheet, solutions = tmp_path / "sheet.html", tmp_path / "solutions.html"
    code, _, err = run_cli("oldtown", "sheet", "3", "--out", sheet, "--solutions", "separate", "--solutions-out",
                           solutions, "--lang", "de")
    assert code == 0 and err.strip() == f"{sheet} und die Lösungen in {solutions} geschrieben: Szenario 3"
    shown = page_text(sheet.read_text(encoding="utf-8")) + page_text(solutions.read_text(encoding="utf-8"))
    assert "Friedhof" in shown and "Stadtplan von Old Town" in shown
    assert_german(shown, also={"cemetery", "buffalo", "pasture", "railway", "plan", "scenario", "solution", "wrote"})


# ---- simulate ------------------------------------------------------------------------------------

def test_simulate_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "simulate", "--games", 2, "--players", 2, "--seed", 1, "--lang", "de")
    lines = lines_of(out)
    assert code == 0
    assert lines[-6].split() == ["wer", "Punkte", "pro", "Partie"]
    assert re.fullmatch(r"Spieler 0\s+\d+,\d", lines[-4])
    assert re.fullmatch(r"Stadt vollständig gebaut in \d/2 Partien \(\d+,\d %\); \d+,\d Gebäude gebaut pro Partie; "
                        r"Stopps pro Partie: \d+,\d\d richtig, \d+,\d\d falsch", lines[-1])
    assert_german(lines, also={"who", "points", "per", "completed", "built", "stops", "right", "wrong", "games"})
    code, out, _ = run_cli("oldtown", "simulate", "--games", 2, "--players", 2, "--seed", 1)
    assert re.fullmatch(r"town completed in \d/2 games \(\d+\.\d%\); \d+\.\d buildings built per game; "
                        r"stops per game: \d+\.\d\d right, \d+\.\d\d wrong", lines_of(out)[-1])


# ---- replay --------------------------------------------------------------------------------------

def test_replay_of_an_old_town_game_in_german(run_cli, tmp_path):
    trace = tmp_path / "games.jsonl"
    code, _, _ = run_cli("oldtown", "simulate", "--games", 1, "--players", 2, "--seed", 1, "--trace", trace)
    assert code == 0
    code, out, _ = run_cli("oldtown", "replay", trace, "--lang", "de")
    lines = lines_of(out)
    assert code == 0 and len(lines) == 2
    assert re.fullmatch(r"Partie 0 \(Old Town, Startwert \d+, ab Zeile 1\): \d+ Aktionen, \d+ Ereignisse; "
                        r"Sieger: [01](, [01])?; (die Stadt ist gebaut|niemand kommt mehr voran)", lines[0])
    assert lines[1] == "1 Partie nachgespielt: die Spielregeln lassen jede Zeile zu"
    assert_german([line.replace("Old Town", "") for line in lines], also={"actions", "events", "winners", "replayed",
                                                                          "town_built", "built"})
