"""The owner's path: a transcription sheet of the 60 cards, filled, checked, and used with --cards."""

import csv
import io

import pytest

from clicktown.oldtown import transcribe
from clicktown.oldtown.catalogue import load_catalogue

CATALOGUE = load_catalogue()


@pytest.fixture
def filled(tmp_path, run_cli):
    """The template filled with the built-in catalogue, written by the command an owner runs."""
    path = tmp_path / "cards.csv"
    code, _, err = run_cli("oldtown", "cards", "template", "--filled", "--out", path)
    assert code == 0 and "60 rows" in err
    return path


def rows_of(path):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def write_rows(path, rows):
    path.write_text(transcribe.sheet_text(rows), encoding="utf-8")


def test_the_blank_template_has_one_row_per_card_with_its_type(run_cli):
    code, out, _ = run_cli("oldtown", "cards", "template")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and list(rows[0]) == list(transcribe.COLUMNS)
    assert [r["number"] for r in rows] == [str(n) for n in range(1, 61)]
    assert [r["type"] for r in rows] == ["A"] * 18 + ["C"] * 18 + ["B"] * 24
    assert all(r["plots"] == r["text_de"] == r["building"] == "" for r in rows)


def test_the_template_filled_with_the_built_in_catalogue_reads_back_the_same_cards(filled):
    sheet = transcribe.sheet_catalogue(filled)
    for n, card in CATALOGUE.cards.items():
        got = sheet.cards[n]
        assert (got.kind, got.building, got.plots, got.pairs, got.text_de) == \
               (card.kind, card.building, card.plots, card.pairs, card.text_de)


def test_the_template_filled_with_the_built_in_catalogue_checks_clean(filled, run_cli, run_json):
    code, out, _ = run_cli("oldtown", "cards", "check", filled)
    assert (code, out.strip()) == (0, "The sheet agrees with every piece of the rulebook's evidence.")
    report = run_json("oldtown", "cards", "check", filled)
    assert report["clean"] and report["findings"] == [] and len(report["scenarios"]) == len(CATALOGUE.scenarios)
    assert all(s["ok"] for s in report["scenarios"])


def test_two_mistyped_cards_are_named(filled, run_cli):
    rows = rows_of(filled)
    card12, card30 = rows[11], rows[29]
    assert card12["plots"] == "3 6 8 15"
    card12["plots"] = "3 6 8 5"  # "15" typed as "5": scenarios 2, 5 and 6 put the Hotel on plot 15
    pairs = card30["pairs"].split()
    mine = {int(x.split("-")[1]) for x in pairs}
    p, q = pairs[-1].split("-")
    typo = min(set(range(1, 17)) - mine - {int(p)})
    card30["pairs"] = " ".join(pairs[:-1] + [f"{p}-{typo}"])  # one pair's second plot mistyped
    write_rows(filled, rows)
    report = transcribe.check(transcribe.sheet_catalogue(filled))
    assert not report.clean
    assert {n for n, _ in report.suspects[:2]} == {12, 30}
    assert any(f.card == 12 and f.fix == "plot 15 belongs on card 12" for f in report.findings)
    assert any(f.card == 30 and f.kind == "count" for f in report.findings)
    code, out, _ = run_cli("oldtown", "cards", "check", filled)
    assert code == 1 and "Most likely mistyped: card 12" in out and "card 30" in out.splitlines()[-1]


def test_every_command_takes_the_sheet_with_cards(filled, run_cli, run_json):
    code, _, _ = run_cli("oldtown", "verify", "--cards", filled)
    assert code == 0
    assert run_json("oldtown", "cards", "--cards", filled) == run_json("oldtown", "cards")
    assert run_json("oldtown", "grade", "3", "--cards", filled)["level"] == "mittel"
    assert run_json("oldtown", "solve", "1", "--cards", filled)["solutions"][0]["placement"]["1"] == "Stage Coach Office"


@pytest.mark.parametrize("column,value,words", [
    ("plots", "3 6 8 17", "plots are numbers 1 to 16, found '17'"),
    ("building", "Saloonx", "unknown building 'Saloonx'"),
    ("type", "D", "type must be A, B or C"),
])
def test_a_bad_row_is_one_line_naming_the_line(filled, run_cli, column, value, words):
    rows = rows_of(filled)
    rows[11][column] = value
    write_rows(filled, rows)
    code, _, err = run_cli("oldtown", "cards", "check", filled)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "line 13" in err and words in err


def test_a_sheet_missing_cards_is_refused(filled, run_cli):
    write_rows(filled, rows_of(filled)[:59])
    code, _, err = run_cli("oldtown", "cards", "check", filled)
    assert code == 2 and "cards missing from the sheet: 60" in err


def test_single_plot_mistypes_of_one_card_are_named_first():
    """Card 12's plot 15 replaced by each plot not on it: when the evidence sees it, card 12 comes first."""
    from dataclasses import replace

    from clicktown.oldtown.catalogue import Catalogue

    card = CATALOGUE.cards[12]
    named = 0
    for new in sorted(set(range(1, 17)) - card.plots):
        cards = dict(CATALOGUE.cards)
        cards[12] = replace(card, plots=card.plots - {15} | {new})
        report = transcribe.check(Catalogue(CATALOGUE.board, list(CATALOGUE.buildings.values()), cards,
                                            CATALOGUE.scenarios))
        named += report.suspects[0][0] == 12
    assert named == 12
