"""Every open-ended search has a bound (`--time-limit`, exit 4), and error messages stay whole on one line."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from clicktown.cli import cli
from clicktown.errors import MESSAGE_CAP, TimeUp, one_line
from clicktown.options import within

SEARCHES = [
    ["oldtown", "solve", "1"],
    ["oldtown", "explain", "1"],
    ["oldtown", "grade"],
    ["oldtown", "generate", "--level", "schwer", "--count", "50"],
    ["sequence", "puzzle", "--turns", "5", "--any-first-move"],
]  # `sequence solve` and `patterns puzzle` bound their own searches (tests/test_sequence_solve.py, ...)


def run(args, tmp_path):
    """The command's result and the files it left in an empty directory it ran in."""
    import os

    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli, args)
    finally:
        os.chdir(before)
    return result, sorted(os.listdir(tmp_path))


@pytest.mark.parametrize("words", SEARCHES, ids=lambda w: " ".join(w[:2]))
def test_every_search_takes_a_time_limit_and_says_no_answer_with_exit_4(words, tmp_path, monkeypatch):
    monkeypatch.setattr("clicktown.options.within", _instant(within))
    result, left = run(words + ["--time-limit", "0.1", "--json"], tmp_path)
    assert result.exit_code == 4, result.output
    assert result.stderr.strip().splitlines() == ["clicktown: error: no answer within 0.1 s (raise --time-limit)"]
    assert result.stdout == ""
    assert left == []


def _instant(real):
    """`within`, with the limit it is given spent before the search starts (no test waits for a clock)."""
    from contextlib import contextmanager

    @contextmanager
    def spent(seconds):
        with real(seconds):
            time.sleep(seconds + 0.05)
            yield

    return spent


def test_generate_past_its_limit_writes_no_scenario_file(tmp_path):
    result, left = run(["oldtown", "generate", "--level", "schwer", "--count", "200", "--out", "made",
                        "--time-limit", "0.3"], tmp_path)
    assert result.exit_code == 4
    assert left == []


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "²", "1e309"])
def test_a_time_limit_must_be_a_finite_positive_number_of_seconds(value, tmp_path):
    result, _ = run(["oldtown", "solve", "1", "--time-limit", value], tmp_path)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--time-limit" in result.stderr


def test_within_stops_a_loop_that_catches_every_exception():
    started = time.monotonic()
    with pytest.raises(TimeUp, match="no answer within 0.2 s"):
        with within(0.2):
            while True:
                try:
                    sum(range(1000))
                except Exception:  # a search that swallows errors still stops
                    pass
    assert time.monotonic() - started < 5


def test_within_leaves_no_alarm_behind():
    import signal

    with within(5):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_time_limit_is_documented_with_exit_code_4():
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "reference.md").read_text(encoding="utf-8")
    assert "--time-limit" in text and "4" in text
    for command in ("oldtown solve", "oldtown explain", "oldtown grade", "oldtown generate", "sequence solve",
                    "sequence puzzle", "patterns puzzle"):
        assert command in text, command


# ---- error messages: one line, whole up to a cap, cut at a word ----------------------------------

def test_a_message_within_the_cap_is_kept_whole_on_one_line():
    text = "cards.json: cards[3]:\n expected   one of the plots\t1 to 16, " + "found 17 " * 40
    assert one_line(text) == " ".join(text.split())
    assert len(one_line(text)) < MESSAGE_CAP


def test_a_long_message_is_cut_at_a_word_boundary_with_an_ellipsis():
    words = [f"word{i}" for i in range(400)]
    cut = one_line(" ".join(words))
    assert cut.endswith("…") and len(cut) <= MESSAGE_CAP
    assert cut[:-1].split(" ") == words[: len(cut[:-1].split(" "))]


def test_a_long_pydantic_message_reaches_the_user_whole(tmp_path):
    """A cross-field check's message of ~300 characters used to be cut mid-word at the CLI's cap."""
    import json

    from clicktown.datafiles import builtin_path

    bank = json.loads(builtin_path("patterns", "bank.json").read_text(encoding="utf-8"))
    bank["bank"][0]["count"] = bank["max_cards"] + 4
    path = tmp_path / "bank.json"
    path.write_text(json.dumps(bank), encoding="utf-8")
    result = CliRunner().invoke(cli, ["patterns", "simulate", "--games", "1", "--bank", str(path)])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line
    assert line.endswith(f"bank.json: top level: bank: '1 of a Suit' needs {bank['max_cards'] + 4} cards, but more than "
                         f"max_cards ({bank['max_cards']}) won cards pay nothing: it could never pay")


class _SlowFinaliser:
    def __del__(self):
        time.sleep(1)


def test_within_stops_a_block_whose_first_ring_lands_in_a_finaliser():
    """Python swallows an exception raised inside a finaliser ("Exception ignored in ..."): the limit
    rings again until the block has stopped."""
    started = time.monotonic()
    with pytest.raises(TimeUp, match="no answer within 0.2 s"):
        with within(0.2):
            _SlowFinaliser()  # dropped at once; the first ring interrupts its sleep and is swallowed
            while time.monotonic() - started < 5:
                pass
    assert time.monotonic() - started < 5
