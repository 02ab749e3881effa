"""The classes of hostile input the batch in research/hostile found, each fixed once at its root.

- whole numbers in options: ASCII digits only ("٣" and "1_000" pass `int()`, a 5,000-digit number
  costs time), in every numeric option of every command;
- standard input closed (not just empty): the prompts and `-` inputs find its end, exit 2;
- a card sheet with old Mac line endings (CR only) reads like any other; a header the csv module
  cannot read is a data error naming line 1;
- Ctrl-C while the command line is still loading: one line, exit 130, no traceback;
- an output file that cannot be made (a name too long, a place nothing can be created) is refused
  before any work starts, so `play` never runs a whole game for a trace it cannot keep.
"""

from __future__ import annotations

import json

import io
import os
import sys
import types

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.cli import cli
from clicktown.options import WholeRange
from test_fuzz_cli import commands

INT_OPTIONS = [(words, param) for words, command in commands() for param in command.params
               if isinstance(param.type, click.IntRange) and param.opts[0].startswith("--")]


def test_every_whole_number_option_reads_ascii_digits_only():
    assert INT_OPTIONS and all(isinstance(param.type, WholeRange) for _, param in INT_OPTIONS)
    assert isinstance(next(p for p in cli.params if p.name == "max_file_mb").type, WholeRange)


@pytest.mark.parametrize("text", ["٣", "²", "1_0", "9" * 5000, "３", "0x10", "1e3"])
@pytest.mark.parametrize("words,param", INT_OPTIONS[::3], ids=lambda x: x if isinstance(x, str) else "")
def test_a_number_that_int_would_take_is_still_refused(words, param, text):
    result = CliRunner().invoke(cli, [*words, param.opts[0], text])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and param.opts[0] in lines[0], result.stderr


@pytest.mark.parametrize("text", ["٣", "2.5", "１"])
def test_serve_refuses_a_port_in_other_digits(text):
    result = CliRunner().invoke(cli, ["serve", "--port", text])
    assert result.exit_code == 2 and "--port" in result.stderr and "whole number" in result.stderr


def test_seconds_refuse_other_digits():
    result = CliRunner().invoke(cli, ["sequence", "puzzle", "--time-limit", "٣"])
    assert result.exit_code == 2 and "--time-limit" in result.stderr


def run_without_stdin(args, tmp_path):
    """`clicktown ARGS` in-process with standard input closed (sys.stdin None, as Python leaves it)."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = None, out, err
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        code = cli.main(args, prog_name="clicktown", standalone_mode=False)
    finally:
        os.chdir(before)
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, err.getvalue(), sorted(os.listdir(tmp_path))


@pytest.mark.parametrize("args", [["oldtown", "play", "--trace", "t.jsonl"],
                                  ["patterns", "play", "--reaction", "0", "--trace", "t.jsonl"],
                                  ["sequence", "play", "--trace", "t.jsonl"],
                                  ["sequence", "count", "-"]], ids=lambda a: " ".join(a[:2]))
def test_a_closed_standard_input_is_its_end(args, tmp_path):
    code, err, left = run_without_stdin(args, tmp_path)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err and "internal error" not in err, err
    # a game cut short by the end of its input is abandoned: its trace is still written, and ends so
    assert left == (["t.jsonl"] if args[1] == "play" else [])
    if left:
        events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
        assert events[0]["event"] == "game_start" and events[-1]["event"] == "game_end"
        assert events[-1]["reason"] == "abandoned" and events[-1]["winners"] == []


def sheet_text() -> str:
    return CliRunner().invoke(cli, ["oldtown", "cards", "template", "--filled"]).stdout


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"], ids=["CR", "CRLF", "LF"])
def test_a_card_sheet_reads_the_same_whatever_its_line_endings(tmp_path, ending):
    path = tmp_path / "sheet.csv"
    path.write_bytes(sheet_text().replace("\n", ending).encode("utf-8"))
    result = CliRunner().invoke(cli, ["oldtown", "cards", "check", str(path), "--json"])
    assert result.exit_code == 0, result.stderr


def test_a_sheet_header_the_csv_reader_refuses_is_a_data_error(tmp_path):
    from clicktown.errors import DataError
    from clicktown.oldtown.transcribe import sheet_catalogue

    path = tmp_path / "sheet.csv"
    path.write_text('"number,type\nplots' + "x" * 10 + '"x"y\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        sheet_catalogue(path)
    assert str(caught.value).startswith(f"{path}: ")


def test_ctrl_c_while_the_command_line_loads_is_one_line_and_exit_130(monkeypatch, capsys):
    from clicktown import start

    class Loading(types.ModuleType):
        def __getattr__(self, name):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "clicktown.cli", Loading("clicktown.cli"))
    with pytest.raises(SystemExit) as stop:
        start.main()
    assert stop.value.code == 130
    assert capsys.readouterr().err == "clicktown: interrupted\n"


@pytest.mark.parametrize("target", ["n" * 300 + ".jsonl", "/proc/clicktown-trace.jsonl"], ids=["long", "proc"])
def test_play_refuses_a_trace_it_could_not_keep_before_the_game_starts(tmp_path, target):
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli, ["oldtown", "play", "--trace", target], input="")
    finally:
        os.chdir(before)
    assert result.exit_code == 2
    assert "--trace" in result.stderr and "your hand" not in result.stdout  # refused before the first deal
    assert os.listdir(tmp_path) == []


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(text=st.one_of(st.text(max_size=40), st.from_regex(r"\A\s*[+-]?[0-9]{1,40}\s*\Z"),
                      st.text(alphabet="0123456789٠١٢٣٤٥٦٧٨٩０１２３４５６７８９²³_+- ", max_size=12)))
def test_a_whole_number_option_takes_exactly_ascii_digits(text):
    """WholeRange against its definition: an optional sign and 1 to 30 ASCII digits, ASCII blanks around."""
    import re

    kind = WholeRange(-10**40, 10**40)
    meant = re.fullmatch(r"[ \t\r\n\f\v]*[+-]?([0-9]{1,30})[ \t\r\n\f\v]*", text)
    try:
        value = kind.convert(text, None, None)
    except click.BadParameter:
        assert meant is None
    else:
        assert meant is not None and value == int(text)
