"""The command line's basics: help when a group is called alone, a reader that goes away, SIGTERM and
Ctrl-C (one line each, nothing half written), and the web site's icon."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from clicktown.cli import cli

ROOT = Path(__file__).resolve().parents[1]
#: the console script as a child process; SIGINT gets Python's own handler even when the test runner
#: was started with SIGINT ignored (a background job), as a person's terminal would give it
CHILD = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
         "sys.argv[0] = 'clicktown'; from clicktown.start import main; main()")
ENDLESS = ["sequence", "simulate", "--games", "100000", "--seed", "3"]


def child(args, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", CHILD, *args], env=env, stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.parametrize("group", [[], ["oldtown"], ["patterns"], ["sequence"]], ids=["clicktown", "oldtown", "patterns", "sequence"])
def test_a_group_alone_prints_its_whole_help_and_exits_0(group):
    alone = CliRunner().invoke(cli, group, prog_name="clicktown")
    asked = CliRunner().invoke(cli, [*group, "--help"], prog_name="clicktown")
    assert alone.exit_code == 0, alone.stderr
    assert alone.stderr == ""
    assert alone.stdout == asked.stdout
    usage = " ".join(["clicktown", *group])
    assert alone.stdout.startswith(f"Usage: {usage} [OPTIONS] COMMAND [ARGS]...\n\n")
    assert "\nCommands:\n" in alone.stdout and "error" not in alone.stdout


def test_a_reader_that_went_away_ends_the_command_quietly_with_0():
    reading, writing = os.pipe()
    os.close(reading)  # the reader is gone before the first line: every write meets a closed pipe
    try:
        run = child(["oldtown", "explain", "8"], stdout=writing)
    finally:
        os.close(writing)
    _, err = run.communicate(timeout=120)
    assert (run.returncode, err) == (0, "")


def started_writing(run: subprocess.Popen, folder: Path) -> Path:
    """The trace's temporary file once the run has written into it (bounded: two minutes at most)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and run.poll() is None:
        parts = [p for p in folder.iterdir() if p.name.endswith(".part") and p.stat().st_size > 0]
        if parts:
            return parts[0]
        time.sleep(0.05)
    raise AssertionError("the simulation never started writing its trace")


def stopped_while_writing(folder: Path, sig: int, *more: str) -> tuple[int, str, Path]:
    """A long simulate --trace sent `sig` once it has started writing: (exit code, stderr, the trace's name)."""
    trace = folder / "games.jsonl"
    run = child([*ENDLESS, "--trace", str(trace), *more], stdout=subprocess.DEVNULL)
    started_writing(run, folder)
    run.send_signal(sig)
    _, err = run.communicate(timeout=120)
    return run.returncode, err, trace


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_ends_simulate_in_one_line_with_143_and_writes_nothing(tmp_path, workers):
    code, err, _ = stopped_while_writing(tmp_path, signal.SIGTERM, "--workers", workers)
    assert (code, err) == (143, "clicktown: terminated (SIGTERM); nothing was written\n")
    assert list(tmp_path.iterdir()) == []


def test_sigterm_is_told_in_the_commands_language(tmp_path):
    from clicktown.messages import say

    code, err, _ = stopped_while_writing(tmp_path, signal.SIGTERM, "--lang", "de")
    assert (code, err) == (143, say('de', 'cli.terminated') + "\n") and "beendet" in err
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_ends_simulate_in_one_line_with_130_keeping_the_finished_games(tmp_path):
    from clicktown.arena.trace import parse_lines, split_games

    code, err, trace = stopped_while_writing(tmp_path, signal.SIGINT)
    assert code == 130
    said = re.fullmatch(rf"clicktown: interrupted; {re.escape(str(trace))} holds the (\d+) finished games? "
                        r"of 100000, every line complete\n", err)
    assert said, err
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]
    with trace.open(encoding="utf-8") as stream:
        assert len(split_games(parse_lines(stream))) == int(said.group(1))


def test_ctrl_c_during_a_command_is_the_one_line_interrupted(monkeypatch, capsys):
    import click

    def pressed(self, ctx):
        raise KeyboardInterrupt

    monkeypatch.setattr(click.Group, "invoke", pressed)
    assert cli.main(["oldtown", "explain", "8"], prog_name="clicktown", standalone_mode=False) == 130
    assert capsys.readouterr().err == "clicktown: interrupted\n"


def test_the_site_serves_its_icon_at_favicon_ico_under_the_csp():
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient
    from web_fixtures import LOCAL

    from clicktown.web.app import create_app, static_folder

    client = TestClient(create_app(), base_url=LOCAL)
    drawing = (static_folder() / "favicon.svg").read_bytes()
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/svg+xml"
    assert icon.content == drawing and drawing.startswith(b"<svg ")
    assert "img-src 'self'" in icon.headers["content-security-policy"]
    linked = client.get("/static/favicon.svg")
    assert (linked.status_code, linked.content) == (200, drawing)
    home = client.get("/")
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in home.text


# ---- an OS error is told by the operation that failed ------------------------------------------------


def test_a_prompt_that_cannot_read_its_input_says_it_cannot_read_standard_input(tmp_path):
    """Standard input opened for writing only: the first prompt's read fails (not a write of the output)."""
    with open(tmp_path / "write-only", "w") as write_only:
        run = subprocess.run([sys.executable, "-c", CHILD, "oldtown", "play", "--seed", "1"], stdin=write_only,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2
    assert run.stderr.splitlines() == ["clicktown: error: cannot read standard input: Bad file descriptor"]


def failing(step, error: OSError) -> OSError:
    """`error` as raised inside `step` (its traceback passes through the function)."""
    try:
        step(error)
    except OSError as raised:
        return raised
    raise AssertionError("the step did not raise")


def read_the_sheet(error):
    raise error


def write_the_plan(error):
    raise error


def look_around(error):
    raise error


@pytest.mark.parametrize("step, error, line", [
    (read_the_sheet, PermissionError(13, "Permission denied", "town.csv"), "cannot read town.csv: Permission denied"),
    (write_the_plan, PermissionError(13, "Permission denied", "plan.svg"), "cannot write plan.svg: Permission denied"),
    (look_around, PermissionError(13, "Permission denied", "town.csv"), "town.csv: Permission denied"),
    (look_around, OSError(28, "No space left on device"), "cannot write standard output: No space left on device"),
    (look_around, OSError(30, "Read-only file system", "out.json"), "cannot write out.json: Read-only file system"),
    (read_the_sheet, OSError(5, "Input/output error"), "cannot read standard input: Input/output error"),
    (look_around, OSError(9, "Bad file descriptor"), "Bad file descriptor"),
], ids=["read", "write", "unknown", "full-stdout", "read-only-fs", "stdin", "unknown-stream"])
def test_an_os_error_is_worded_from_the_operation_that_failed(step, error, line):
    from clicktown.cli import _os_problem

    assert _os_problem(failing(step, error)) == line
