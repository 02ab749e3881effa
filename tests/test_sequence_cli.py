"""The `clicktown sequence` commands, their JSON, and one-line errors for bad input."""

import json

import pytest

EMPTY = ["*........*"] + ["." * 10] * 8 + ["*........*"]


def position_file(tmp_path, rows, name="p.txt"):
    path = tmp_path / name
    path.write_text("# a test position\n" + "\n".join(rows) + "\n")
    return path


@pytest.fixture
def nine(tmp_path):
    """Team A: nine in a row on row 5 (two sequences); team B: four from a corner on row 0."""
    rows = list(EMPTY)
    rows[0] = "*BBBB....*"
    rows[5] = "AAAAAAAAA."
    return position_file(tmp_path, rows)


def test_count_json_matches_the_documented_shape(run_json, nine):
    out = run_json("sequence", "count", nine)
    assert out["sequences"] == {"A": 2, "B": 1}
    assert out["lines"] == [
        {"team": "A", "cells": [[5, c] for c in range(0, 5)]},
        {"team": "A", "cells": [[5, c] for c in range(4, 9)]},
        {"team": "B", "cells": [[0, c] for c in range(0, 5)]},
    ]


def test_count_text_and_standard_input(run_cli, nine):
    code, out, err = run_cli("sequence", "count", "-", input=nine.read_text())
    assert code == 0 and err == ""
    assert out.splitlines() == ["A: 2 sequences", "  (5,0) (5,1) (5,2) (5,3) (5,4)", "  (5,4) (5,5) (5,6) (5,7) (5,8)",
                                "B: 1 sequence", "  (0,0) (0,1) (0,2) (0,3) (0,4)"]


def test_a_bad_position_on_standard_input_is_named_by_the_validation_layer(run_cli, nine):
    rows = nine.read_text().splitlines()
    rows[-1] = "*....B...."  # the bottom-right corner is missing
    code, out, err = run_cli("sequence", "count", "-", input="\n".join(rows))
    assert (code, out) == (2, "")
    assert err == "clicktown: error: standard input: rows[9]: expected '*' at column 9 (a free corner), found '.'\n"


def test_show_prints_labels_and_chips(run_cli, run_json, nine):
    code, out, _ = run_cli("sequence", "show", nine)
    lines = out.splitlines()
    assert code == 0 and lines[1].split() == ["0", "*", "[B]", "[B]", "[B]", "[B]", "6s", "7s", "8s", "9s", "*"]
    assert lines[-1] == "A: 9 chips, 2 sequences, B: 4 chips, 1 sequence"
    out = run_json("sequence", "show", nine, "--game", "numbers")
    assert out["labels"][0][:3] == ["*", "1", "2"] and out["chips"] == {"A": 9, "B": 4}


def test_show_counts_one_chip_and_no_sequence_in_the_singular_and_plural(run_cli, tmp_path):
    rows = list(EMPTY)
    rows[3] = "..A...BB.."
    code, out, _ = run_cli("sequence", "show", position_file(tmp_path, rows))
    assert code == 0 and out.splitlines()[-1] == "A: 1 chip, 0 sequences, B: 2 chips, 0 sequences"


def test_moves_json(run_json, nine):
    out = run_json("sequence", "moves", nine, "--hand", "2s,2s,5s,jh")
    assert out["sequences"] == 2 and out["sequences_needed"] == 2
    moves = {m["card"]: m for m in out["moves"]}
    assert moves["2s"] == {"card": "2s", "action": "place", "copies": 2, "cells": [[8, 6]], "dead": False}
    assert moves["5s"]["cells"] == [[8, 3]]
    assert moves["jh"]["cells"] == []  # B's four chips with the corner are a completed sequence


def test_moves_marks_dead_cards(run_cli, tmp_path):
    rows = list(EMPTY)
    rows[1] = ".A........"
    rows[3] = "...B......"
    code, out, _ = run_cli("sequence", "moves", position_file(tmp_path, rows), "--hand", "5c")
    assert code == 0 and "dead: both cells taken" in out


def test_solve_text_and_json(run_cli, run_json, tmp_path):
    rows = list(EMPTY)
    rows[0] = "*AAAB....*"
    path = position_file(tmp_path, rows)
    out = run_json("sequence", "solve", path, "--hand", "jh,5s,2c", "--turns", "3", "--teams", "3")
    assert out["win"] and out["turns"] == 2 and out["sequences_needed"] == 1
    assert out["line"] == [{"card": "jh", "action": "remove", "cell": [0, 4]}, {"card": "5s", "action": "place", "cell": [0, 4]}]
    code, text, _ = run_cli("sequence", "solve", path, "--hand", "jh,5s", "--turns", "1", "--teams", "3", "--method", "search")
    assert code == 1 and text.strip() == "team A cannot win within 1 turn(s) (proved by search)"  # a negative verdict
    code, out, _ = run_cli("sequence", "solve", path, "--hand", "jh,5s", "--turns", "2", "--json")
    out = json.loads(out)
    assert code == 1 and not out["win"] and out["sequences_needed"] == 2  # two teams of Sequence need two sequences


def test_numbers_win_condition_depends_on_players(run_cli, run_json, tmp_path):
    rows = list(EMPTY)
    rows[0] = "*AAA.....*"
    path = position_file(tmp_path, rows)
    out = run_json("sequence", "solve", path, "--game", "numbers", "--hand", "2x2", "--turns", "1")
    assert out["win"] and out["sequences_needed"] == 1
    code, out, _ = run_cli("sequence", "solve", path, "--game", "numbers", "--hand", "2x2", "--turns", "1", "--players", "4", "--json")
    out = json.loads(out)
    assert code == 1 and not out["win"] and out["sequences_needed"] == 2


def test_puzzle_output_is_a_position_file_that_solve_accepts(run_cli, run_json, tmp_path):
    code, text, _ = run_cli("sequence", "puzzle", "--seed", "5")
    assert code == 0
    path = tmp_path / "puzzle.txt"
    path.write_text(text)
    data = run_json("sequence", "puzzle", "--seed", "5")
    assert data["position"] == [line for line in text.splitlines() if not line.startswith("#")]
    assert len(data["winning_first_moves"]) == 1 and data["turns"] == 2
    hand = ",".join(data["hand"])
    out = run_json("sequence", "solve", path, "--hand", hand, "--turns", "2")
    assert out["turns"] == 2 and out["line"][0] == data["winning_first_moves"][0]
    assert run_json("sequence", "puzzle", "--seed", "5") == data
    numbers = run_json("sequence", "puzzle", "--game", "numbers", "--seed", "1", "--turns", "1")
    assert numbers["sequences_needed"] == 1 and len(numbers["hand"]) == 5


@pytest.mark.parametrize("rows,args,expected", [
    (EMPTY[:9], [], "found 9 rows"),
    (EMPTY[:4] + ["..*......."] + EMPTY[5:], [], "four corners only"),
    (["A........*"] + EMPTY[1:], [], "p.txt: rows[0]: expected '*' at column 0 (a free corner), found 'A'"),
    (EMPTY[:4] + ["..x......."] + EMPTY[5:], [], "p.txt: rows[4]: expected one of * . A B C a b c at column 2, found 'x'"),
    (EMPTY, ["--hand", "7h,zz", "--turns", "1"], "--hand: cards[1]: expected a card of this deck (cards look like 2s, 3s, 4s), found the unknown card 'zz'"),
    (EMPTY, ["--hand", "7h,7h,7h", "--turns", "1"], "--hand: cards[2]: expected at most 2 copies of 7h (the deck holds no more), found 3 copies"),
    (EMPTY, ["--hand", "7h", "--turns", "-1"], "-1 is not in the range 0<=x<=7"),
    (EMPTY, ["--hand", "7h", "--turns", "1", "--team", "C"], "team 'C' is not in play"),
    (EMPTY, ["--hand", "7h", "--turns", "1", "--players", "7"], "7 players"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli, tmp_path, rows, args, expected):
    path = position_file(tmp_path, rows)
    command = ["sequence", "solve", path] + args if args else ["sequence", "count", path]
    code, out, err = run_cli(*command)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and expected in err, err


def test_missing_files_and_broken_data_are_one_line(run_cli, tmp_path):
    code, _, err = run_cli("sequence", "count", tmp_path / "nope.txt")
    assert code == 2 and "not found" in err and len(err.strip().splitlines()) == 1
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"cards": []}))
    code, _, err = run_cli("sequence", "show", position_file(tmp_path, EMPTY), "--deck", deck)
    assert code == 2 and "cards: expected at least 1 item" in err and len(err.strip().splitlines()) == 1
    deck.write_text(json.dumps({"cards": [{"card": "7h", "names": "7h"}]}))
    code, _, err = run_cli("sequence", "show", position_file(tmp_path, EMPTY), "--deck", deck)
    assert code == 2 and "no card names" in err and len(err.strip().splitlines()) == 1
    board9 = tmp_path / "board.txt"
    board9.write_text("\n".join(["* 2s 3s 4s 5s 6s 7s 8s 9s *"] * 9))
    code, _, err = run_cli("sequence", "moves", position_file(tmp_path, EMPTY), "--hand", "7h", "--board", board9)
    assert code == 2 and "found 9" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli("sequence", "puzzle", "--turns", "3")
    assert code == 2 and "only for 1 or 2 turns" in err


def test_the_documented_examples_print_what_the_docs_show(run_cli, tmp_path):
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "sequence-commands.md"
    text = page.read_text().split("<!-- section:sequence -->")[1].split("<!-- end:sequence -->")[0]
    blocks = text.split("```")
    game = position_file(tmp_path, [b for b in blocks[1].splitlines() if b], name="game.txt")
    shown = blocks[3].splitlines()
    for command in ("count game.txt", "moves game.txt --hand 7h,jd,jh,10s"):
        start = next(i for i, line in enumerate(shown) if line.startswith(f"clicktown sequence {command}"))
        expected = []
        for line in shown[start + 1:]:
            if line.startswith("clicktown"):
                break
            expected.append(line)
        code, out, _ = run_cli("sequence", *command.replace("game.txt", str(game)).split())
        assert code == 0 and out.splitlines() == expected
    code, puzzle, _ = run_cli("sequence", "puzzle", "--seed", "1")
    path = tmp_path / "puzzle.txt"
    path.write_text(puzzle)
    start = next(i for i, line in enumerate(shown) if line.startswith("clicktown sequence solve"))
    code, out, _ = run_cli("sequence", "solve", path, "--hand", "5c,8s,2c,8d,ah,js,kc", "--turns", "2")
    assert out.splitlines() == shown[start + 1:start + 4]
