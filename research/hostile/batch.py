"""A fresh batch of hostile invocations of the `clicktown` command line, run and judged.

    python -m research.hostile.batch [--timeout 60] [--jobs 2] [--only WORD] [--json FILE]

Each case runs the installed console script in a fresh temporary directory, under a time limit
(a run that outlives it is a hang). A run is judged on:

- traceback: "Traceback" on stderr;
- exit 3: the CLI's code for a bug;
- hang: the time limit ran out;
- wrote: the run failed (exit code not 0) yet left a new file, or changed or removed a file that
  was there before (an interrupted simulate may keep its trace, every line complete);
- one line: exit 2 must come with exactly one line on stderr;
- silent: results written to a full or closed standard output, yet exit 0.

Research code: nothing here ships and the product never imports it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "clicktown"
SCRIPT = str(Path(sys.executable).parent / "clicktown")
SOURCE = ""  # --source: run another copy of the package (e.g. an export of an older commit)
#: How a run starts: the console script, or (with --source) the same entry point found on PYTHONPATH.
LAUNCH = [SCRIPT]
LAUNCHER = """import sys
try:
    from clicktown.start import main
except ImportError:  # a copy from before the entry point had its own module
    from clicktown.cli import main
sys.exit(main())
"""

#: Numbers nobody means: signs, specials, a 5,000-digit one and digits that are not ASCII.
BAD_NUMBERS = ["-1", "0", "nan", "inf", "9" * 5000, "²", "٣", "1.5", ""]
WHEEL = ("blue-gun-bullets,red-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-wanted-coin,"
         "red-star-coin,white-barrel-bullets,grey-horseshoe-coin")
EMPTY_BOARD = "*........*\n" + "..........\n" * 8 + "*........*\n"
POSITION = "*BBBB....*\n..........\n..........\n...A......\n..........\nAAAAAAAAA.\n" + "..........\n" * 3 + "*........*\n"
STATE = {"plots": {"5": ["Sheriff"], "7": ["Sheriff"]}, "built": {"Saloon": 6}, "mine": ["Hotel", "Bank"]}
LONG_NAME = "t" * 300 + ".jsonl"


@dataclass
class Case:
    """One invocation: its words after `clicktown`, the files it finds, its streams and a signal."""

    group: str
    argv: list[str]
    files: dict[str, bytes | str] = field(default_factory=dict)
    stdin: bytes | None = b""  # None: standard input closed
    stdout: str = "pipe"  # "pipe", "full" (/dev/full) or "closed"
    interrupt: float | None = None  # seconds before Ctrl-C reaches the process group
    dirs: tuple[str, ...] = ()
    refuse: bool = False  # the input is no valid value anywhere: exit 0 means it was taken for one


@dataclass
class Outcome:
    case: Case
    code: int | None
    stderr: str
    seconds: float
    faults: list[str]


# ---- the files -----------------------------------------------------------------------------

def builtin(package: str, name: str) -> str:
    return (DATA / package / "data" / name).read_text(encoding="utf-8")


def as_json(data) -> str:
    return json.dumps(data, ensure_ascii=False)


def card_sheet() -> str:
    """The filled transcription sheet of the built-in cards (CSV), made by the command itself."""
    run = subprocess.run([SCRIPT, "oldtown", "cards", "template", "--filled"], capture_output=True, check=True)
    return run.stdout.decode("utf-8")


def sheet_rows(sheet: str) -> list[str]:
    return sheet.splitlines()


def mutated_sheets(sheet: str) -> dict[str, str | bytes]:
    """Card sheets (CSV) that are broken in one way each."""
    lines = sheet_rows(sheet)
    head, rows = lines[0], lines[1:]

    def with_row(index: int, row: str) -> str:
        out = rows[:]
        out[index] = row
        return "\n".join([head] + out) + "\n"

    first = rows[0].split(",")
    return {
        "huge-cell": "\n".join([head, rows[0].replace("The Bank", "x" * 200_000)] + rows[1:]),
        "bom": "\ufeff" + sheet,
        "utf16": sheet.encode("utf-16"),
        "wrong-columns": sheet.replace("number,type,building", "nummer,typ,gebaeude", 1),
        "no-header": "\n".join(rows),
        "header-only": head + "\n",
        "empty": "",
        "semicolons": sheet.replace(",", ";"),
        "cr-only": sheet.replace("\n", "\r"),
        "nul-byte": sheet.replace("Bank", "Ba\x00nk", 1),
        "plots-superscript": with_row(0, rows[0].replace("2 12 13 16", "² 12 13 16")),
        "plots-huge": with_row(0, rows[0].replace("2 12 13 16", "9" * 5000 + " 12 13 16")),
        "plots-17": with_row(0, rows[0].replace("2 12 13 16", "2 12 13 17")),
        "plots-one": with_row(0, rows[0].replace("2 12 13 16", "2")),
        "type-z": with_row(0, rows[0].replace(",A,", ",Z,", 1)),
        "number-dup": with_row(1, rows[0]),
        "number-61": "\n".join([head] + rows + [rows[0].replace("1,A", "61,A", 1)]) + "\n",
        "number-unicode": with_row(0, "١" + rows[0][1:]),
        "unknown-building": with_row(0, rows[0].replace("Bank,", "Casino Royale,", 1)),
        "extra-cells": with_row(0, rows[0] + ",x,y,z"),
        "short-row": with_row(0, ",".join(first[:3])),
        "pairs-garbage": with_row(0, rows[0].rstrip(",") + ",,1-2-3;x"),
        "a-with-my-plots": with_row(0, rows[0].replace("2 12 13 16,,", "2 12 13 16,3 4,", 1)),
        "missing-rows": "\n".join([head] + rows[:30]) + "\n",
        "quote-unclosed": with_row(0, '"' + rows[0]),
        "many-rows": "\n".join([head] + rows * 500) + "\n",
    }


def mutated_json(text: str, changes: dict[str, object]) -> dict[str, str]:
    """`changes` maps a case name to a function of the parsed data (which it changes in place)."""
    out = {}
    for name, change in changes.items():
        data = json.loads(text)
        change(data)
        out[name] = as_json(data)
    return out


def broken_texts(text: str) -> dict[str, str | bytes]:
    """The generic breakages of any data file: truncated, empty, wrong top type, deep, huge, BOM."""
    return {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "null": "null",
        "list": "[]",
        "deep": "[" * 5000 + "]" * 5000,
        "nan": text.replace("5", "NaN", 1) if "5" in text else "NaN",
        "huge-number": text.replace("5", "1" + "0" * 400, 1),
        "huge-float": text.replace("5", "1e400", 1),
        "bom": "\ufeff" + text,
        "latin1": text.encode("latin-1", errors="replace") + b"\xe9\xff",
        "too-large": " " * (21 * 1024 * 1024) + text,
    }


def bank_files() -> dict[str, str | bytes]:
    text = builtin("patterns", "bank.json")

    def set_(path, value):
        def change(data):
            where = data
            for part in path[:-1]:
                where = where[part]
            where[path[-1]] = value
        return change

    changes = {
        "count-over-hand": set_(["bank", 0, "count"], 9),
        "count-zero": set_(["bank", 0, "count"], 0),
        "cents-negative": set_(["bank", 0, "cents"], -5),
        "cents-huge": set_(["bank", 0, "cents"], 10**25),
        "cents-float": set_(["bank", 0, "cents"], 2.5),
        "attribute-unknown": set_(["bank", 0, "attribute"], "smell"),
        "rule-unknown": set_(["bank", 0, "rule"], "almost"),
        "value-missing": lambda d: d["targets"][0]["combinations"][0].pop("value", None),
        "value-unknown": set_(["targets", 0, "combinations", 0, "value"], "unicorn"),
        "max-cards-zero": set_(["max_cards"], 0),
        "max-cards-huge": set_(["max_cards"], 10**6),
        "round-end-over-max": set_(["round_end_cards"], 50),
        "saloon-negative": set_(["saloon_cents"], -300),
        "bank-empty": set_(["bank"], []),
        "targets-empty": set_(["targets"], []),
        "challenges-empty": set_(["challenges"], []),
        "challenge-dup": lambda d: d["challenges"].append(dict(d["challenges"][0])),
        "power-unknown": set_(["challenges", 0, "power"], "teleport"),
        "combination-dup": lambda d: d["bank"].append(dict(d["bank"][0])),
        "distinct-over-values": lambda d: d["bank"].append({**d["bank"][0], "name": "9 colours", "rule": "distinct",
                                                            "attribute": "color", "count": 5}) or
                                          d.update(max_cards=5) or d["bank"][-1].update(count=6),
        "extra-field": set_(["surprise"], 1),
        "name-huge": set_(["bank", 0, "name"], "n" * 100_000),
    }
    return {**mutated_json(text, changes), **broken_texts(text)}


def pattern_decks() -> dict[str, str | bytes]:
    text = builtin("patterns", "deck.json")
    data = json.loads(text)
    key = next(k for k, v in data.items() if isinstance(v, list))

    def set_card(index, value):
        return lambda d: d[key].__setitem__(index, value)

    changes = {
        "one-card": lambda d: d.__setitem__(key, d[key][:1]),
        "no-cards": lambda d: d.__setitem__(key, []),
        "duplicated": lambda d: d[key].__setitem__(1, d[key][0]),
        "doubled": lambda d: d[key].extend(d[key]),
        "card-number": set_card(0, 7),
        "card-null": set_card(0, None),
        "card-garbage": set_card(0, "purple-unicorn-gold" if isinstance(data[key][0], str) else {"color": "purple"}),
        "thousands": lambda d: d.__setitem__(key, d[key] * 2000),
    }
    return {**mutated_json(text, changes), **broken_texts(text)}


def sequence_decks() -> dict[str, str | bytes]:
    text = builtin("sequence", "deck.json")
    data = json.loads(text)
    key = "cards" if "cards" in data else next(k for k, v in data.items() if isinstance(v, list))

    def first(field_, value):
        return lambda d: d[key][0].__setitem__(field_, value) if isinstance(d[key][0], dict) else None

    changes = {
        "copies-negative": first("copies", -2),
        "copies-huge": first("copies", 10**9),
        "copies-superscript": first("copies", "²"),
        "card-unknown": first("card", "zz"),
        "no-cards": lambda d: d.__setitem__(key, []),
        "no-jacks": lambda d: d.__setitem__(key, [c for c in d[key] if "j" not in str(c.get("card", c))[:1]]),
        "only-jacks": lambda d: d.__setitem__(key, [c for c in d[key] if str(c.get("card", c)).startswith("j")]),
        "extra-field": lambda d: d.__setitem__("surprise", True),
    }
    return {**mutated_json(text, changes), **broken_texts(text)}


def boards() -> dict[str, str | bytes]:
    text = builtin("sequence", "board.txt")
    lines = text.splitlines()
    rows = [line for line in lines if not line.startswith("#")]
    comments = [line for line in lines if line.startswith("#")]
    return {
        "nine-rows": "\n".join(comments + rows[:9]) + "\n",
        "short-row": "\n".join(comments + [rows[0].rsplit(" ", 1)[0]] + rows[1:]) + "\n",
        "unknown-card": text.replace(rows[1].split()[1], "zz", 1),
        "no-corners": text.replace("*", "2s"),
        "bom": "\ufeff" + text,
        "crlf": text.replace("\n", "\r\n"),
        "huge-line": text + "x" * 2_000_000 + "\n",
        "empty": "",
        "binary": b"\x00\xff" * 1000,
        "one-card-everywhere": "\n".join(comments + [" ".join(["2s"] * 10)] * 10) + "\n",
    }


def positions() -> dict[str, str | bytes]:
    return {
        "empty-board": EMPTY_BOARD,
        "nine-rows": "\n".join(POSITION.splitlines()[:9]) + "\n",
        "long-row": POSITION.replace("..........", "...........", 1),
        "letter-d": POSITION.replace("A", "D", 1),
        "chip-on-corner": "A" + POSITION[1:],
        "unicode": POSITION.replace(".", "。", 3),
        "bom": "\ufeff" + POSITION,
        "crlf": POSITION.replace("\n", "\r\n"),
        "binary": b"\xff\xfe\x00" * 50,
        "empty": "",
        "huge": POSITION + "#" + "x" * 5_000_000 + "\n",
        "everything-a": "\n".join(["A" * 10] * 10) + "\n",
        "three-teams": POSITION.replace("...A......", "...C......"),
    }


def states() -> dict[str, str | bytes]:
    text = as_json(STATE)

    def with_(**fields):
        return as_json({**STATE, **fields})

    return {
        **{f"generic-{k}": v for k, v in broken_texts(text).items() if k not in ("nan", "huge-float", "huge-number")},
        "plots-list": with_(plots=[["Sheriff"]]),
        "built-text": with_(built={"Saloon": "six"}),
        "built-float": with_(built={"Saloon": 6.5}),
        "built-huge": with_(built={"Saloon": 10**29}),
        "built-bool": with_(built={"Saloon": True}),
        "mine-text": with_(mine="Hotel"),
        "mine-built": with_(mine=["Saloon"]),
        "mine-unknown": with_(mine=["Spaceport"]),
        "mine-empty": with_(mine=[]),
        "no-mine": as_json({k: v for k, v in STATE.items() if k != "mine"}),
        "plot-17": with_(plots={"17": ["Sheriff"], "7": ["Sheriff"]}),
        "plot-superscript": with_(plots={"²": ["Sheriff"], "7": ["Sheriff"]}),
        "plot-arabic": with_(plots={"٣": ["Sheriff"], "7": ["Sheriff"]}),
        "plot-5000-digits": with_(plots={"9" * 5000: ["Sheriff"], "7": ["Sheriff"]}),
        "plot-negative": with_(plots={"-5": ["Sheriff"], "7": ["Sheriff"]}),
        "built-twice-same-plot": with_(built={"Saloon": 6, "Hotel": 6}),
        "built-and-markers": with_(plots={"5": ["Saloon"], "7": ["Saloon"]}),
        "marker-on-built-plot": with_(plots={"6": ["Sheriff"], "7": ["Sheriff"]}),
        "one-marker-left": with_(plots={"5": ["Sheriff"]}),
        "four-on-a-plot": with_(plots={"5": ["Sheriff", "Hotel", "Bank", "Doc"], "7": ["Sheriff", "Hotel", "Bank", "Doc"]}),
        "same-building-twice-on-plot": with_(plots={"5": ["Sheriff", "Sheriff"], "7": ["Sheriff"]}),
        "six-markers": with_(plots={str(p): ["Sheriff"] for p in (1, 2, 3, 4, 5, 7)}),
        "supply-negative": with_(supply={"Sheriff": -1}),
        "supply-too-many": with_(supply={"Sheriff": 5}),
        "supply-new-building": with_(supply={"Doc": 2}),
        "supply-huge": with_(supply={"Sheriff": 10**29}),
        "no-town-fits": with_(plots={"1": ["Sheriff", "Doc", "Bank"], "2": ["Sheriff", "Doc", "Bank"]}, built={}),
        "all-built": with_(built={b: p for p, b in enumerate(["Saloon", "Hotel", "Bank", "Doc", "Judge", "Church",
                                                             "Casino", "Smith", "Barber", "Prison", "School",
                                                             "Sheriff", "Stable", "Laundry", "Undertaker",
                                                             "Drugstore"], start=1)}, plots={}, mine=[]),
        "seventeen-built": with_(built={**{b: p for p, b in enumerate(["Saloon", "Hotel", "Bank", "Doc"], start=1)},
                                        "Spaceport": 9}, plots={}),
        "turn-text": with_(turn="first"),
        "points-float": with_(points=[1.5]),
        "event-number": with_(event=7),
        "extra-field": with_(color="red"),
        "german-names": with_(plots={"5": ["Sheriff"], "7": ["Sheriff"]}, mine=["Bank", "Kirche"]),
        "many-plots": with_(plots={str(i): ["Sheriff"] for i in range(100_000)}),
        "key-huge": with_(plots={"x" * 1_000_000: ["Sheriff"]}),
    }


# ---- the cases -----------------------------------------------------------------------------

def number_cases() -> list[Case]:
    """A bad number in each numeric option of every game command (and the root and serve)."""
    st = {"state.json": as_json(STATE)}
    targets = [
        (["oldtown", "simulate", "--games", "2"], "--games", {}),
        (["oldtown", "simulate", "--games", "2"], "--players", {}),
        (["oldtown", "simulate", "--games", "2"], "--workers", {}),
        (["oldtown", "play"], "--seat", {}),
        (["oldtown", "generate"], "--count", {}),
        (["oldtown", "solve", "1"], "--limit", {}),
        (["oldtown", "referee", "state.json"], "--card", st),
        (["patterns", "simulate", "--games", "2"], "--games", {}),
        (["patterns", "simulate", "--games", "2"], "--min-occurrences", {}),
        (["patterns", "play", "--players", "2"], "--reaction", {}),
        (["patterns", "stats"], "--wheels", {}),
        (["patterns", "puzzle"], "--time-limit", {}),
        (["sequence", "simulate", "--games", "2"], "--players", {}),
        (["sequence", "simulate", "--games", "2"], "--teams", {}),
        (["sequence", "solve", "pos.txt", "--hand", "7h,jd"], "--turns", {"pos.txt": POSITION}),
        (["sequence", "solve", "pos.txt", "--hand", "7h,jd", "--turns", "1"], "--time-limit", {"pos.txt": POSITION}),
        (["sequence", "puzzle"], "--turns", {}),
        (["serve"], "--port", {}),
    ]
    never = {"-1", "nan", "inf", "9" * 5000, "²", "٣", ""}  # no option of the CLI takes these
    cases = [Case("numbers", base + [option, value], dict(files), refuse=value in never)
             for base, option, files in targets for value in BAD_NUMBERS if not (value == "0" and option == "--seat")]
    cases += [Case("numbers", ["--max-file-mb", value, "oldtown", "scenarios"], refuse=value in never)
              for value in BAD_NUMBERS]
    return cases


def prompt_cases() -> list[Case]:
    """What a person might type at the `play` prompts, and standard input ending at each prompt."""
    plays = {
        "oldtown": ["oldtown", "play", "--players", "2", "--trace", "game.jsonl"],
        "patterns": ["patterns", "play", "--players", "2", "--reaction", "0", "--trace", "game.jsonl"],
        "sequence": ["sequence", "play", "--players", "2", "--trace", "game.jsonl"],
    }
    typed = [b"garbage\n", "²\n".encode(), "٣\n".encode(), b"9" * 5000 + b"\n", b"-1\n", b"\x00\n",
             b"\xff\xfe\xfd\n", b"1e309\n", b" \n" * 50, "🂡 ４,５\n".encode(), b"x" * 1_000_000 + b"\n"]
    cases = []
    for name, argv in plays.items():
        cases += [Case("prompts", argv, stdin=text) for text in typed]
        answer = b"1\n" if name == "patterns" else b"0\n"
        cases += [Case("prompts", argv, stdin=answer * k) for k in range(0, 7)]
        cases.append(Case("prompts", argv, stdin=None))
    return cases


def trace_cases(cards_json: str, bank_json: str, deck_json: str) -> list[Case]:
    """Traces onto a directory, a full disk, names no system takes, the run's own inputs."""
    commands = {
        "oldtown simulate": (["oldtown", "simulate", "--games", "3"], ("--cards", "cards.json", cards_json)),
        "oldtown play": (["oldtown", "play", "--players", "2"], ("--cards", "cards.json", cards_json)),
        "patterns simulate": (["patterns", "simulate", "--games", "3"], ("--bank", "bank.json", bank_json)),
        "patterns play": (["patterns", "play", "--players", "2", "--reaction", "0"], ("--deck", "deck.json", deck_json)),
        "sequence simulate": (["sequence", "simulate", "--games", "3"], ("--deck", "deck.json", builtin("sequence", "deck.json"))),
        "sequence play": (["sequence", "play", "--players", "2"], ("--deck", "deck.json", builtin("sequence", "deck.json"))),
    }
    cases = []
    for argv, (option, input_name, text) in commands.values():
        files = {input_name: text}
        for target in ["sub", "/dev/full", LONG_NAME, "no/such/dir/t.jsonl", "/proc/t.jsonl", input_name, "", "-",
                       "sub/"]:
            cases.append(Case("traces", argv + [option, input_name, "--trace", target], dict(files), dirs=("sub",)))
    return cases


def output_cases(sheet: str) -> list[Case]:
    """The other outputs: sheets, pictures, generated scenarios, the card template."""
    cases = []
    sheet_files = {"cards.csv": sheet, "filled.csv": sheet}
    for target in ["/dev/full", "sub", LONG_NAME.replace(".jsonl", ".html"), "/proc/x.html", "cards.csv"]:
        cases.append(Case("outputs", ["oldtown", "sheet", "1", "--cards", "cards.csv", "--out", target], dict(sheet_files), dirs=("sub",)))
        cases.append(Case("outputs", ["oldtown", "explain", "1", "--cards", "cards.csv", "--html", target], dict(sheet_files), dirs=("sub",)))
        cases.append(Case("outputs", ["oldtown", "show", "1", "--cards", "cards.csv", "--svg", target], dict(sheet_files), dirs=("sub",)))
    cases += [
        Case("outputs", ["oldtown", "explain", "1", "--svg", "s-{n}.svg", "--png", "p-{n}.png"]),
        Case("outputs", ["oldtown", "explain", "1", "--svg", "s.svg"]),
        Case("outputs", ["oldtown", "explain", "1", "--svg", "/dev/full"]),
        Case("outputs", ["oldtown", "show", "1", "--svg", "s.svg", "--png", "p.png"]),
        Case("outputs", ["sequence", "show", "pos.txt", "--svg", "s.svg", "--png", "p.png"], {"pos.txt": POSITION}),
        Case("outputs", ["sequence", "show", "pos.txt", "--svg", "pos.txt"], {"pos.txt": POSITION}),
        Case("outputs", ["sequence", "show", "pos.txt", "--svg", "/dev/full"], {"pos.txt": POSITION}),
        Case("outputs", ["oldtown", "cards", "template", "--out", "filled.csv"], dict(sheet_files)),
        Case("outputs", ["oldtown", "cards", "template", "--filled", "--cards", "cards.csv", "--out", "cards.csv", "--force"], dict(sheet_files)),
        Case("outputs", ["oldtown", "cards", "template", "--out", "/dev/full"]),
        Case("outputs", ["oldtown", "cards", "template", "--out", "sub"], dirs=("sub",)),
        Case("outputs", ["oldtown", "generate", "--out", "file.txt"], {"file.txt": "keep me"}),
        Case("outputs", ["oldtown", "generate", "--out", "/dev/full"]),
        Case("outputs", ["oldtown", "generate", "--out", "/proc/newdir"]),
        Case("outputs", ["oldtown", "generate", "--out", "x" * 300]),
        Case("outputs", ["oldtown", "sheet", "1", "--out", "a.html", "--solutions", "separate", "--solutions-out", "a.html"]),
        Case("outputs", ["oldtown", "sheet", "1", "--out", "a.html", "--solutions", "separate"]),
        Case("outputs", ["oldtown", "sheet", "1", "--out", "a.html", "--solutions-out", "b.html"]),
    ]
    return cases


def data_file_cases(sheet: str) -> list[Case]:
    """Decks, Bank files, card sheets, boards and saved states, each broken in one way."""
    cases = []
    for name, text in mutated_sheets(sheet).items():
        cases.append(Case("card sheets", ["oldtown", "cards", "check", "s.csv"], {"s.csv": text}))
        if name in ("huge-cell", "plots-superscript", "plots-huge", "number-dup", "type-z", "bom", "wrong-columns",
                    "a-with-my-plots", "missing-rows", "number-unicode", "nul-byte", "utf16"):
            cases.append(Case("card sheets", ["oldtown", "simulate", "--games", "2", "--cards", "s.csv",
                                              "--trace", "t.jsonl"], {"s.csv": text}))
            cases.append(Case("card sheets", ["oldtown", "solve", "1", "--cards", "s.csv"], {"s.csv": text}))
    cards = builtin("oldtown", "cards.json")
    for name, text in broken_texts(cards).items():
        cases.append(Case("card files", ["oldtown", "play", "--cards", "c.json", "--trace", "t.jsonl"], {"c.json": text}))
    for name, text in bank_files().items():
        cases.append(Case("bank files", ["patterns", "simulate", "--games", "3", "--bank", "b.json", "--trace", "t.jsonl"],
                          {"b.json": text}))
    for name, text in pattern_decks().items():
        cases.append(Case("decks", ["patterns", "simulate", "--games", "2", "--deck", "d.json", "--trace", "t.jsonl"],
                          {"d.json": text}))
        if name in ("one-card", "duplicated", "truncated"):
            cases.append(Case("decks", ["patterns", "list", WHEEL, "--deck", "d.json"], {"d.json": text}))
    for name, text in sequence_decks().items():
        cases.append(Case("decks", ["sequence", "simulate", "--games", "2", "--deck", "d.json", "--trace", "t.jsonl"],
                          {"d.json": text}))
    for name, text in boards().items():
        cases.append(Case("boards", ["sequence", "simulate", "--games", "2", "--board", "b.txt", "--trace", "t.jsonl"],
                          {"b.txt": text}))
    for name, text in positions().items():
        cases.append(Case("positions", ["sequence", "count", "p.txt"], {"p.txt": text}))
        cases.append(Case("positions", ["sequence", "moves", "p.txt", "--hand", "7h,jd,js"], {"p.txt": text}))
    for name, text in states().items():
        cases.append(Case("saved states", ["oldtown", "referee", "s.json", "--card", "45", "--my", "Bank"], {"s.json": text}))
        if name in ("plot-superscript", "no-mine", "mine-empty", "all-built", "german-names", "six-markers"):
            cases.append(Case("saved states", ["oldtown", "referee", "s.json", "--discard", "1,2", "--take", "Sheriff:5"],
                              {"s.json": text}))
    return cases


def argument_cases() -> list[Case]:
    """Odd words where a command takes a scenario, a wheel, a card, a hand or a marker."""
    st = {"s.json": as_json(STATE), "p.txt": POSITION}
    words = ["9", "²", "", "9" * 5000, "../../etc/passwd", "/dev/zero", "-", "5-first-printing", "\x7f", "ä" * 10_000]
    cases = [Case("arguments", ["oldtown", command, word]) for command in ("solve", "grade", "explain", "show")
             for word in words]
    cases += [Case("arguments", ["oldtown", "sheet", word, "--out", "a.html"]) for word in words[:5]]
    cases += [Case("arguments", argv, dict(st)) for argv in [
        ["oldtown", "referee", "s.json", "--stop", "Sheriff:²"],
        ["oldtown", "referee", "s.json", "--stop", "Sheriff:" + "9" * 5000],
        ["oldtown", "referee", "s.json", "--stop", ":"],
        ["oldtown", "referee", "s.json", "--stop", "Sheriff:5:7"],
        ["oldtown", "referee", "s.json", "--discard", "²,3", "--take", "Sheriff:5"],
        ["oldtown", "referee", "s.json", "--discard", "1,1", "--take", "Sheriff:5"],
        ["oldtown", "referee", "s.json", "--discard", "1,2"],
        ["oldtown", "referee", "s.json", "--take", "Sheriff:5"],
        ["oldtown", "referee", "s.json", "--card", "45"],
        ["oldtown", "referee", "s.json", "--card", "1", "--my", "Bank"],
        ["oldtown", "referee", "s.json", "--card", "1", "--stop", "Sheriff:5"],
        ["oldtown", "referee", "s.json"],
        ["oldtown", "referee", "s.json", "--card", "45", "--mine", ",,,"],
        ["patterns", "list", "²"],
        ["patterns", "list", WHEEL.replace("blue", "bleu", 1)],
        ["patterns", "list", ",".join([WHEEL] * 500)],
        ["patterns", "click", WHEEL, "yellow-loot-bullets" * 100],
        ["patterns", "moves", WHEEL, ""],
        ["patterns", "wild", WHEEL.replace("blue-gun-bullets", "_", 1) * 3, "yellow-loot-bullets"],
        ["patterns", "wild", ",".join(["_"] * 8), "yellow-loot-bullets"],
        ["patterns", "check", WHEEL, "after every " + "blue " * 20000 + "there is always loot"],
        ["patterns", "check", WHEEL, "²"],
        ["sequence", "moves", "p.txt", "--hand", "²h,jd"],
        ["sequence", "moves", "p.txt", "--hand", ",".join(["jd"] * 1000)],
        ["sequence", "moves", "p.txt", "--hand", "7h,jd", "--team", "C"],
        ["sequence", "moves", "p.txt", "--hand", "7h", "--players", "5"],
        ["sequence", "solve", "p.txt", "--hand", "", "--turns", "1"],
        ["sequence", "solve", "p.txt", "--hand", "7h,jd", "--turns", "1", "--players", "7"],
        ["sequence", "count", "-"],
        ["sequence", "show", "p.txt", "--game", "numbers"],
    ]]
    return cases


def stream_cases() -> list[Case]:
    """Results onto a full or closed standard output; standard input closed or endless."""
    printers = [["oldtown", "scenarios"], ["oldtown", "scenarios", "--json"], ["patterns", "list", WHEEL, "--json"],
                ["sequence", "count", "p.txt"], ["oldtown", "simulate", "--games", "2", "--json"],
                ["oldtown", "cards", "template", "--filled"], ["oldtown", "solve", "1"], ["patterns", "stats", "--wheels", "1000"],
                ["sequence", "show", "p.txt"], ["oldtown", "--help"]]
    cases = []
    for argv in printers:
        for mode in ("full", "closed"):
            cases.append(Case("streams", argv, {"p.txt": POSITION}, stdout=mode))
    cases += [Case("streams", ["sequence", "count", "-"], stdin=None),
              Case("streams", ["sequence", "count", "-"], stdin=b"A" * 30_000_000),
              Case("streams", ["sequence", "count", "-"], stdin=POSITION.encode(), stdout="full")]
    return cases


def signal_cases(sheet: str) -> list[Case]:
    """Ctrl-C in the middle of a simulation (with workers and without) and at a prompt."""
    long_runs = [["oldtown", "simulate", "--games", "100000"], ["patterns", "simulate", "--games", "100000"],
                 ["sequence", "simulate", "--games", "100000"]]
    cases = []
    for argv in long_runs:
        for workers in ("2", "1"):
            for after in (1.5, 4.0):
                cases.append(Case("signals", argv + ["--workers", workers, "--trace", "t.jsonl"], interrupt=after))
    cases.append(Case("signals", ["oldtown", "simulate", "--games", "100000", "--workers", "2", "--cards", "c.csv",
                                  "--trace", "t.jsonl"], {"c.csv": sheet}, interrupt=3.0))
    for argv in (["oldtown", "play"], ["patterns", "play", "--reaction", "0"], ["sequence", "play"]):
        cases.append(Case("signals", argv + ["--trace", "t.jsonl"], stdin=None, interrupt=2.0))
    for argv in (["oldtown", "scenarios"], ["patterns", "stats", "--wheels", "1000000"],
                 ["sequence", "simulate", "--games", "1000", "--trace", "t.jsonl"]):
        for after in (0.05, 0.15, 0.3):  # while the command line is still loading
            cases.append(Case("signals", argv, interrupt=after))
    return cases


def search_cases() -> list[Case]:
    """Searches that may run long: each must answer or stop within its own limit."""
    jacks = "jd,jc,js,jh,jd,jc,js"
    return [
        Case("searches", ["sequence", "solve", "p.txt", "--hand", jacks, "--turns", "7", "--method", "search",
                          "--time-limit", "5"], {"p.txt": EMPTY_BOARD}),
        Case("searches", ["sequence", "solve", "p.txt", "--hand", jacks, "--turns", "7", "--method", "cp-sat",
                          "--time-limit", "5"], {"p.txt": EMPTY_BOARD}),
        Case("searches", ["sequence", "solve", "p.txt", "--hand", "jd,jc", "--turns", "7"], {"p.txt": EMPTY_BOARD}),
        Case("searches", ["patterns", "puzzle", "--time-limit", "0.1", "--min-occurrences", "8"]),
        Case("searches", ["sequence", "puzzle", "--turns", "5", "--any-first-move", "--seed", "7"]),
        Case("searches", ["oldtown", "generate", "--level", "schwer", "--count", "1000"]),
        Case("searches", ["oldtown", "solve", "s.json", "--limit", "1000"],
             {"s.json": as_json({"scenarios": [{"id": "x", "level": "leicht", "a": [2], "b": [], "c": [],
                                                "mine": ["Hotel"], "expect": "unique"}]})}),
    ]


def serve_cases() -> list[Case]:
    return [Case("serve", ["serve", "--host", host]) for host in ("", "999.1.1.1", "no host here", "²", "-1",
                                                                   "x" * 300, "256.256.256.256")] + \
           [Case("serve", ["serve", "--port", "BUSY"])]


def all_cases() -> list[Case]:
    sheet = card_sheet()
    cards, bank, deck = builtin("oldtown", "cards.json"), builtin("patterns", "bank.json"), builtin("patterns", "deck.json")
    return (number_cases() + prompt_cases() + trace_cases(cards, bank, deck) + output_cases(sheet)
            + data_file_cases(sheet) + argument_cases() + stream_cases() + signal_cases(sheet) + search_cases()
            + serve_cases())


# ---- running and judging -------------------------------------------------------------------

def snapshot(place: Path) -> dict[str, str]:
    """Every file under `place` with a digest of its bytes."""
    out = {}
    for path in place.rglob("*"):
        if path.is_file():
            out[str(path.relative_to(place))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def busy_port() -> tuple[socket.socket, int]:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    return holder, holder.getsockname()[1]


def run(case: Case, timeout: float) -> Outcome:
    place = Path(tempfile.mkdtemp(prefix="hostile-"))
    holder = None
    try:
        for name in case.dirs:
            (place / name).mkdir(parents=True, exist_ok=True)
        for name, data in case.files.items():
            target = place / name
            target.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        argv = list(case.argv)
        if "BUSY" in argv:
            holder, port = busy_port()
            argv[argv.index("BUSY")] = str(port)
        before = snapshot(place)
        code, stderr, seconds, hung = execute(case, argv, place, timeout)
        after = snapshot(place)
        return Outcome(case, code, stderr, seconds, judge(case, code, stderr, hung, before, after, place))
    finally:
        if holder:
            holder.close()
        shutil.rmtree(place, ignore_errors=True)


def execute(case: Case, argv: list[str], place: Path, timeout: float):
    env = {**os.environ, "COLUMNS": "100"}
    if SOURCE:
        env["PYTHONPATH"] = SOURCE
    env.pop("CLICKTOWN_DEBUG", None)
    stdout = subprocess.PIPE
    closing = []
    if case.stdout == "full":
        stdout = open("/dev/full", "wb")
        closing.append(stdout)
    closed = {0} if case.stdin is None else set()
    if case.stdout == "closed":
        closed.add(1)

    def prepare():  # as a terminal starts a command: Ctrl-C live (a background shell may have ignored it)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        for fd in closed:
            os.close(fd)

    stdin = subprocess.DEVNULL if case.stdin is None else subprocess.PIPE
    start = time.monotonic()
    process = subprocess.Popen([*LAUNCH, *argv], cwd=place, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                               env=env, start_new_session=True, preexec_fn=prepare)
    hung = False
    try:
        if case.interrupt is not None:
            time.sleep(case.interrupt)
            try:
                os.killpg(process.pid, signal.SIGINT)
            except ProcessLookupError:
                pass
            _, err = process.communicate(timeout=timeout)
        else:
            _, err = process.communicate(input=case.stdin if case.stdin is not None else None, timeout=timeout)
    except subprocess.TimeoutExpired:
        hung = True
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
    finally:
        for stream in closing:
            stream.close()
    return process.returncode, err.decode("utf-8", errors="replace"), time.monotonic() - start, hung


def judge(case, code, stderr, hung, before, after, place) -> list[str]:
    faults = []
    if hung:
        faults.append("hang")
    if "Traceback" in stderr:
        faults.append("traceback")
    if code == 3:
        faults.append("exit 3")
    interrupted = case.interrupt is not None and code == -signal.SIGINT  # ended by the Ctrl-C itself: the shell says 130
    if not hung and code not in (0, 1, 2, 3, 4, 130) and not interrupted:
        faults.append(f"exit {code}")
    changed = sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))
    if case.interrupt is not None:
        broken = [name for name in changed if name in after and not complete_lines(place / name)]
        if broken:
            faults.append("broken trace " + ",".join(broken))
    elif code not in (0, None) and changed:
        faults.append("wrote " + ",".join(name[:40] for name in changed))
    elif code == 0 and [name for name in before if name not in after or before[name] != after[name]] and \
            not case_replaces(case):
        faults.append("changed an input")
    if case.refuse and code in (0, 1):
        faults.append("accepted")
    lines = [line for line in stderr.splitlines() if line.strip()]
    if code == 2 and len(lines) != 1:
        faults.append(f"{len(lines)} lines")
    if code == 0 and case.stdout in ("full", "closed") and printed_results(case):
        faults.append("silent")
    return faults


def case_replaces(case: Case) -> bool:
    return "--force" in case.argv


def printed_results(case: Case) -> bool:
    return "--help" not in case.argv


def complete_lines(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if text and not text.endswith("\n"):
        return False
    try:
        for line in text.splitlines():
            json.loads(line)
    except ValueError:
        return False
    return True


def label(case: Case) -> str:
    words = " ".join(w if len(w) <= 24 else w[:12] + f"…({len(w)})" for w in case.argv)
    extra = []
    if case.stdin is None:
        extra.append("stdin closed")
    elif case.stdin:
        shown = case.stdin[:16].decode("utf-8", errors="replace").replace("\n", "⏎")
        extra.append(f"stdin {shown!r}{'…' if len(case.stdin) > 16 else ''}")
    if case.stdout != "pipe":
        extra.append(f"stdout {case.stdout}")
    if case.interrupt is not None:
        extra.append(f"Ctrl-C at {case.interrupt:g}s")
    if case.files:
        extra.append("files " + ",".join(case.files))
    return words.replace("\n", "⏎") + (f"  [{'; '.join(extra)}]" if extra else "")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=75.0,
                        help="seconds before a run counts as a hang (above the commands' default --time-limit of 60 s)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run only the cases whose group or words contain this text")
    parser.add_argument("--json", default="", help="also write every outcome to this file")
    parser.add_argument("--failures", action="store_true", help="print only the failed runs")
    parser.add_argument("--source", default="", help="a directory holding another copy of the clicktown package to run")
    args = parser.parse_args(argv)
    global SOURCE, LAUNCH
    SOURCE = args.source
    if SOURCE:
        launcher = Path(tempfile.mkdtemp(prefix="hostile-launch-")) / "clicktown_launch.py"
        launcher.write_text(LAUNCHER)
        LAUNCH = [sys.executable, str(launcher)]
    cases = [c for c in all_cases() if args.only in c.group or args.only in " ".join(c.argv)]
    print(f"{len(cases)} cases", file=sys.stderr)
    with ThreadPoolExecutor(args.jobs) as pool:
        outcomes = list(pool.map(lambda c: run(c, args.timeout), cases))
    totals: dict[str, int] = {}
    for number, outcome in enumerate(outcomes, 1):
        for fault in outcome.faults:
            kind = fault.split(" ")[0] if not fault.startswith("exit") else fault
            totals[kind] = totals.get(kind, 0) + 1
        if outcome.faults or not args.failures:
            last = next((line for line in reversed(outcome.stderr.splitlines()) if line.strip()), "")
            print(f"{number:4d} {outcome.case.group:12s} {str(outcome.code):>4s} {outcome.seconds:5.1f}s "
                  f"{'OK ' if not outcome.faults else 'BAD'} {label(outcome.case)[:150]}")
            if outcome.faults:
                print(f"          faults: {', '.join(outcome.faults)} | {last[:200]}")
    clean = sum(1 for o in outcomes if not o.faults)
    print(f"\n{len(outcomes)} runs: {clean} clean, {len(outcomes) - clean} with faults")
    for kind in ("traceback", "exit 3", "hang", "wrote", "lines", "silent", "broken", "changed", "accepted"):
        print(f"  {kind:10s} {totals.pop(kind, 0)}")
    for kind, count in totals.items():
        print(f"  {kind:10s} {count}")
    by_group: dict[str, list[int]] = {}
    for outcome in outcomes:
        by_group.setdefault(outcome.case.group, [0, 0])[0 if not outcome.faults else 1] += 1
    print("  by group: " + ", ".join(f"{g} {c}/{c + b}" for g, (c, b) in by_group.items()))
    if args.json:
        Path(args.json).write_text(json.dumps([{"argv": o.case.argv, "group": o.case.group, "code": o.code,
                                                "faults": o.faults, "stderr": o.stderr[-2000:]} for o in outcomes],
                                              ensure_ascii=False, indent=1))
    return 0 if clean == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
