"""The one writer of outputs and the one reader of typed numbers."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.errors import ClicktownError
from clicktown.numbers import MAX_DIGITS, number_in, whole_number
from clicktown.writing import OutputError, refuse_inputs, replacing, write_file


@settings(derandomize=True, max_examples=300)
@given(st.text(max_size=40))
def test_whole_number_takes_ascii_digits_only(text):
    value = whole_number(text)
    plain = text.strip()
    if plain and len(plain) <= MAX_DIGITS and all(c in "0123456789" for c in plain):
        assert value == int(plain)
    else:
        assert value is None


def test_numbers_that_pass_isdigit_but_are_refused():
    assert [whole_number(t) for t in ("²", "٣", "1" * 5000, " 7 ", "")] == [None, None, None, 7, None]
    assert [number_in(t, 1, 16) for t in ("0", "1", "16", "17")] == [None, 1, 16, None]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "sheet.csv"
    target.write_text("hours of work\n")
    with pytest.raises(RuntimeError):
        with replacing(target) as stream:
            stream.write("half")
            raise RuntimeError("the run fails")
    assert target.read_text() == "hours of work\n" and os.listdir(tmp_path) == ["sheet.csv"]


def test_an_interrupt_keeps_what_was_written_when_asked(tmp_path):
    target = tmp_path / "trace.jsonl"
    with pytest.raises(KeyboardInterrupt):
        with replacing(target, keep_on_interrupt=True) as stream:
            stream.write('{"event":"a"}\n')
            raise KeyboardInterrupt
    assert target.read_text() == '{"event":"a"}\n' and os.listdir(tmp_path) == ["trace.jsonl"]


def test_os_errors_name_the_file(tmp_path):
    with pytest.raises(OutputError, match="cannot write /dev/full: No space left on device"):
        write_file("/dev/full", "x" * 100_000)
    long = tmp_path / ("a" * 300)
    with pytest.raises(OutputError, match="File name too long"):
        write_file(long, "x")
    assert os.listdir(tmp_path) == []


def test_an_output_that_is_an_input_is_refused(tmp_path):
    cards = tmp_path / "c.json"
    cards.write_text("{}")
    with pytest.raises(ClicktownError, match="--trace .* is also the input --cards"):
        refuse_inputs([("--trace", str(cards))], [("--cards", str(tmp_path / "." / "c.json"))])
    refuse_inputs([("--trace", str(tmp_path / "t.jsonl"))], [("--cards", str(cards)), ("--board", None)])


def test_cli_refuses_to_destroy_its_input_and_writes_nothing(tmp_path):
    from click.testing import CliRunner

    from clicktown.cli import cli

    cards = tmp_path / "c.json"
    cards.write_text('{"keep": true}')
    result = CliRunner().invoke(cli, ["oldtown", "simulate", "--games", "2", "--cards", str(cards), "--trace", str(cards)])
    assert result.exit_code == 2 and "is also the input --cards" in result.output
    assert cards.read_text() == '{"keep": true}'


def test_cards_template_keeps_a_filled_sheet_without_force(tmp_path):
    from click.testing import CliRunner

    from clicktown.cli import cli

    sheet = tmp_path / "sheet.csv"
    sheet.write_text("my transcription\n")
    kept = CliRunner().invoke(cli, ["oldtown", "cards", "template", "--out", str(sheet)])
    assert kept.exit_code == 2 and "--force" in kept.output and sheet.read_text() == "my transcription\n"
    replaced = CliRunner().invoke(cli, ["oldtown", "cards", "template", "--out", str(sheet), "--force"])
    assert replaced.exit_code == 0 and sheet.read_text().startswith("number,")
