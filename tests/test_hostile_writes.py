"""Hypothesis over the classes of hostile input that reach a write or cross a file's fields.

Derandomized like tests/test_fuzz_cli.py (the same examples on every run) and cheap: each
command here is one of the quick ones, run in-process.

- writes: every output option onto /dev/full, onto a directory, under a name too long for the file
  system, into a place nothing can be made: one line naming the file, exit 2, nothing left;
- streams: results onto a full standard output (exit 2, one line) or a pipe nobody reads;
- cross-field files: Bank files, card sheets and saved states whose fields are each fine but
  contradict each other: a validation error naming the field;
- outputs that are inputs: every command with an output option and an input option refuses to
  write onto its own input, and the input is left as it was.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import io
import json
import os
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clicktown.cli import cli
from clicktown.datafiles import builtin_path
from clicktown.errors import DataError
from clicktown.options import InputFile, OutputFile
from test_fuzz_cli import commands

SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
WHEEL = ("blue-gun-bullets,red-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-wanted-coin,"
         "red-star-coin,white-barrel-bullets,grey-horseshoe-coin")
POSITION = "*BBBB....*\n..........\n..........\n...A......\n..........\nAAAAAAAAA.\n" + "..........\n" * 3 + "*........*\n"

#: For each command with an output option: a quick command line (OUT marks the output, POS a position file).
QUICK = {
    ("oldtown", "sheet"): ["1", "--out", "OUT"],
    ("oldtown", "explain"): ["1", "--html", "OUT"],
    ("oldtown", "show"): ["1", "--svg", "OUT"],
    ("oldtown", "solve"): ["1", "--svg", "OUT"],
    ("oldtown", "simulate"): ["--games", "1", "--trace", "OUT"],
    ("oldtown", "play"): ["--players", "2", "--bots", "random", "--trace", "OUT"],
    ("oldtown", "cards", "template"): ["--out", "OUT"],
    ("patterns", "list"): [WHEEL, "--svg", "OUT"],
    ("patterns", "moves"): [WHEEL, "yellow-loot-bullets", "--svg", "OUT"],
    ("patterns", "simulate"): ["--games", "1", "--trace", "OUT"],
    ("patterns", "play"): ["--players", "2", "--reaction", "0", "--trace", "OUT"],
    ("sequence", "show"): ["POS", "--svg", "OUT"],
    ("sequence", "simulate"): ["--games", "1", "--trace", "OUT"],
    ("sequence", "play"): ["--players", "2", "--trace", "OUT"],
}
#: serve's --database is the store it keeps open while it runs, not a file a command writes once;
#: tests/test_web_store.py holds its refusals.
KEPT_OPEN = {("serve",)}
OUTPUT_COMMANDS = {words: command for words, command in commands()
                   if words not in KEPT_OPEN and any(isinstance(p.type, OutputFile) for p in command.params)}


def invoke(args, place: Path, stdin: str = ""):
    """Run the command in `place`; the result and the files it left there (all of them, with digests)."""
    before = os.getcwd()
    os.chdir(place)
    try:
        result = CliRunner().invoke(cli, args, input=stdin)
    finally:
        os.chdir(before)
    return result, files_in(place)


def files_in(place: Path) -> dict[str, str]:
    return {str(p.relative_to(place)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in place.rglob("*") if p.is_file()}


def quick_line(words, target: str, place: Path) -> list[str]:
    (place / "pos.txt").write_text(POSITION)
    return list(words) + [target if w == "OUT" else "pos.txt" if w == "POS" else w for w in QUICK[words]]


def assert_one_line(result, code: int = 2):
    assert result.exit_code == code, (result.exit_code, result.stderr, result.stdout)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr


def test_every_command_that_writes_a_file_has_a_quick_line():
    assert set(OUTPUT_COMMANDS) == set(QUICK)


# ---- writes --------------------------------------------------------------------------------------

BAD_TARGETS = {
    "a full disk": lambda place: "/dev/full",
    "a directory": lambda place: "sub",
    "a name too long": lambda place: "n" * 300 + ".out",
    "a place nothing can be made": lambda place: "/proc/clicktown-test.out",
}


@settings(max_examples=26, **SETTINGS)
@given(words=st.sampled_from(sorted(QUICK)), kind=st.sampled_from(sorted(BAD_TARGETS)))
def test_an_output_that_cannot_be_written_is_one_line_exit_2_and_leaves_nothing(tmp_path_factory, words, kind):
    place = tmp_path_factory.mktemp("w")
    (place / "sub").mkdir()
    target = BAD_TARGETS[kind](place)
    result, left = invoke(quick_line(words, target, place), place)
    assert_one_line(result)
    assert target[:40] in result.stderr or "directory" in result.stderr, result.stderr
    assert set(left) == {"pos.txt"}


# ---- streams -------------------------------------------------------------------------------------

PRINTERS = [["oldtown", "scenarios"], ["oldtown", "scenarios", "--json"], ["patterns", "list", WHEEL],
            ["sequence", "count", "POS"], ["oldtown", "cards", "template"], ["oldtown", "cards", "--json"],
            ["sequence", "show", "POS", "--json"], ["oldtown", "simulate", "--games", "1", "--json"]]


def run_with_stdout(args, stream, place: Path):
    """`clicktown ARGS` in-process with `stream` as standard output; (exit code, stderr text)."""
    (place / "pos.txt").write_text(POSITION)
    args = ["pos.txt" if a == "POS" else a for a in args]
    saved = sys.stdout, sys.stderr
    err = io.StringIO()
    sys.stdout, sys.stderr = stream, err
    before = os.getcwd()
    os.chdir(place)
    try:
        try:
            code = cli.main(args, prog_name="clicktown", standalone_mode=False)
        except SystemExit as stop:  # click's own quiet stop for a closed pipe
            code = stop.code
    finally:
        os.chdir(before)
        sys.stdout, sys.stderr = saved
    return code, err.getvalue()


@settings(max_examples=8, **SETTINGS)
@given(args=st.sampled_from(PRINTERS))
def test_results_onto_a_full_stdout_are_one_line_and_exit_2(tmp_path_factory, args):
    full = open("/dev/full", "w", encoding="utf-8")
    try:
        code, err = run_with_stdout(args, full, tmp_path_factory.mktemp("s"))
    finally:
        try:
            full.close()  # what is still buffered cannot go anywhere either
        except OSError:
            pass
    assert code == 2, err
    assert err.strip().splitlines() == ["clicktown: error: cannot write standard output: No space left on device"]


@settings(max_examples=8, **SETTINGS)
@given(args=st.sampled_from(PRINTERS))
def test_results_into_a_pipe_nobody_reads_stop_quietly(tmp_path_factory, args):
    read, write = os.pipe()
    os.close(read)
    pipe = open(write, "w", encoding="utf-8")
    try:
        code, err = run_with_stdout(args, pipe, tmp_path_factory.mktemp("p"))
    finally:
        try:
            pipe.close()
        except OSError:
            pass
    assert code == 0 and err == ""  # the reader chose to stop: neither a failure nor a negative verdict


# ---- cross-field files ---------------------------------------------------------------------------

def bank() -> dict:
    return json.loads(builtin_path("patterns", "bank.json").read_text(encoding="utf-8"))


@st.composite
def contradictory_banks(draw):
    """A Bank file whose fields each pass alone, and the words its error must hold."""
    data = bank()
    kind = draw(st.sampled_from(["count over max_cards", "two challenges one id", "money card without cents",
                                 "cents on a power card", "value on a same rule", "more colours than exist"]))
    if kind == "count over max_cards":
        i = draw(st.integers(0, len(data["bank"]) - 1))
        data["bank"][i]["count"] = draw(st.integers(data["max_cards"] + 1, 40))  # the one entry over the cap
        return data, f"{data['bank'][i]['name']!r} needs {data['bank'][i]['count']} cards"
    if kind == "two challenges one id":
        i, j = draw(st.lists(st.integers(0, len(data["challenges"]) - 1), min_size=2, max_size=2, unique=True))
        data["challenges"][j]["id"] = data["challenges"][i]["id"]
        return data, "challenge ids must be different"
    if kind == "money card without cents":
        money = next(c for c in data["challenges"] if c["power"] == "money")
        money["cents"] = 0
        return data, f"challenge {money['id']!r}: a money card pays some cents"
    if kind == "cents on a power card":
        other = draw(st.sampled_from([c for c in data["challenges"] if c["power"] != "money"]))
        other["cents"] = draw(st.integers(1, 500))
        return data, f"challenge {other['id']!r}: only money cards pay cents"
    if kind == "value on a same rule":
        i = draw(st.sampled_from([k for k, c in enumerate(data["bank"]) if c["rule"] != "value"]))
        data["bank"][i]["value"] = "red"
        return data, f"bank[{i}]: only rule 'value' takes a value"
    i = draw(st.integers(0, len(data["bank"]) - 1))
    data["max_cards"] = 40
    data["bank"][i].update(rule="distinct", attribute="color", count=draw(st.integers(6, 40)), value=None)
    data["bank"][i].pop("value")
    return data, f"needs {data['bank'][i]['count']} different colors"


@settings(max_examples=20, **SETTINGS)
@given(case=contradictory_banks())
def test_a_bank_file_whose_fields_contradict_is_refused_naming_them(tmp_path_factory, case):
    from clicktown.patterns.bank import load_bank

    data, words = case
    path = tmp_path_factory.mktemp("b") / "bank.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_bank(path)
    text = str(caught.value)
    assert text.startswith(f"{path}: ") and words in text and "\n" not in text, text


def sheet_rows() -> list[dict]:
    result = CliRunner().invoke(cli, ["oldtown", "cards", "template", "--filled"])
    return list(csv.DictReader(io.StringIO(result.stdout)))


SHEET = sheet_rows()


@st.composite
def contradictory_sheets(draw):
    """A card sheet with one row whose cells contradict each other (or the sheet), and the words of its error."""
    rows = [dict(r) for r in SHEET]
    kind = draw(st.sampled_from(["C without pairs", "number twice", "plot beyond the plan", "pair of one plot"]))
    c_rows = [k for k, r in enumerate(rows) if r["type"] == "C"]
    i = draw(st.sampled_from(c_rows) if "C" in kind or "pair" in kind else st.integers(0, len(rows) - 1))
    row = rows[i]
    if kind == "C without pairs":
        row.update(pairs="")
        words = f"card {row['number']}: a C card needs its pairs"
    elif kind == "number twice":
        j = draw(st.integers(0, len(rows) - 1).filter(lambda j: j != i))
        rows[j]["number"] = row["number"]
        words = f"card {row['number']} appears twice"
    elif kind == "plot beyond the plan":
        bad = str(draw(st.integers(17, 10**6)))
        row["plots"] = (row["plots"] + " " + bad).strip()
        words = f"plots are numbers 1 to 16, found {bad!r}"
    else:
        plot = draw(st.integers(1, 16))
        row.update(pairs=f"{plot}-{plot}")
        words = f"a pair is two different plots 1 to 16 like '3-7', found '{plot}-{plot}'"
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(SHEET[0]))
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue(), words


@settings(max_examples=20, **SETTINGS)
@given(case=contradictory_sheets())
def test_a_card_sheet_whose_cells_contradict_is_refused_naming_the_card(tmp_path_factory, case):
    from clicktown.oldtown.transcribe import sheet_catalogue

    text, words = case
    path = tmp_path_factory.mktemp("c") / "sheet.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        sheet_catalogue(path)
    assert str(caught.value).startswith(f"{path}: ") and words in str(caught.value), str(caught.value)


STATE = {"plots": {"5": ["Sheriff"], "7": ["Sheriff"]}, "built": {"Saloon": 6}, "mine": ["Hotel", "Bank"]}


@functools.lru_cache(maxsize=1)
def catalogue():
    from clicktown.oldtown.catalogue import load_catalogue

    return load_catalogue()


@st.composite
def contradictory_states(draw):
    """A saved state whose fields each parse but cannot hold together, and the words of its error."""
    state = json.loads(json.dumps(STATE))
    kind = draw(st.sampled_from(["built and on the board", "two on one plot", "one marker left", "mine built",
                                 "markers on a built plot", "supply beside markers"]))
    if kind == "built and on the board":
        plot = draw(st.sampled_from(["5", "7"]))
        state["plots"][plot].append("Saloon")
        return state, f"the Saloon is built and still has a marker on plot {plot}"
    if kind == "two on one plot":
        plot = draw(st.integers(1, 16).filter(lambda p: p != 6))
        state["built"]["Hotel"] = 6 if plot == 6 else plot
        state["built"]["Saloon"] = state["built"]["Hotel"]
        state["plots"] = {}
        state["mine"] = ["Bank"]
        return state, f"two buildings are built on plot {state['built']['Hotel']}"
    if kind == "one marker left":
        plot = draw(st.sampled_from(["5", "7"]))
        del state["plots"][plot]
        return state, "the Sheriff has one marker left"
    if kind == "mine built":
        state["mine"] = ["Saloon"]
        return state, "mine: the Saloon is built"
    if kind == "markers on a built plot":
        state["plots"]["6"] = ["Doc", "Bank"]
        state["plots"]["1"] = ["Doc", "Bank"]
        return state, "plot 6 is built on and still holds markers"
    count = draw(st.integers(4, 5))
    state["supply"] = {"Sheriff": count}
    return state, f"supply.Sheriff: the Sheriff has five markers in all; found {count}"


@settings(max_examples=24, **SETTINGS)
@given(case=contradictory_states())
def test_a_saved_state_whose_fields_contradict_is_refused_naming_the_field(tmp_path_factory, case):
    from clicktown.oldtown.game.referee import load_state

    state, words = case
    path = tmp_path_factory.mktemp("s") / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_state(path, catalogue())
    assert str(caught.value).startswith(f"{path}: ") and words in str(caught.value), str(caught.value)


# ---- outputs that are inputs ---------------------------------------------------------------------

def pairs():
    """(command words, output option, input option) for every command having both."""
    out = []
    for words, command in OUTPUT_COMMANDS.items():
        outputs = [p for p in command.params if isinstance(p.type, OutputFile)
                   and not (words == ("oldtown", "explain") and p.name in ("svg_file", "png_file"))]
        # (explain's per-step pictures are names with {n}: each step's file is a new name, never an input)
        inputs = [p for p in command.params if isinstance(p.type, InputFile)]
        out += [(words, o.opts[0], i) for o in outputs for i in inputs]
    return out


PAIRS = pairs()


def test_every_command_that_writes_also_reads_a_file():
    assert {words for words, _, _ in PAIRS} == set(OUTPUT_COMMANDS)


@settings(max_examples=30, **SETTINGS)
@given(pair=st.sampled_from(PAIRS), content=st.sampled_from(["{}", "precious data\n", POSITION]))
def test_an_output_onto_one_of_the_inputs_is_refused_and_the_input_kept(tmp_path_factory, pair, content):
    words, output, source = pair
    place = tmp_path_factory.mktemp("o")
    (place / "mine.dat").write_text(content)
    args = quick_line(words, "made.out", place)
    at = args.index("made.out")
    if args[at - 1] == output:  # the quick line's own output is the one that goes onto the input
        del args[at - 1: at + 1]
    if source.opts[0].startswith("-"):
        args += [source.opts[0], "mine.dat"]
    else:  # an argument (a position file): the quick line's POS is the input
        args = ["mine.dat" if a == "pos.txt" else a for a in args]
    args += [output, "mine.dat"] + (["--solutions", "separate"] if output == "--solutions-out" else [])
    result, left = invoke(args, place)
    assert_one_line(result)
    assert "mine.dat" in result.stderr and "input" in result.stderr, result.stderr
    assert (place / "mine.dat").read_text() == content
    assert set(left) <= {"mine.dat", "pos.txt"}
