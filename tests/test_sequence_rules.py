"""The rules gaps of the analysis commands, each named after the rule it enforces, and bad Sequence input."""

import json

import pytest

from clicktown.errors import ClicktownError, DataError
from clicktown.sequence.cards import load_game, parse_hand
from clicktown.sequence.position import parse_position
from clicktown.sequence.rules import check_hand, check_table
from clicktown.sequence.reference import count_cpsat, count_exhaustive
from clicktown.sequence.sequences import count_fast, count_sequences
from clicktown.sequence.solve import solve, solve_cpsat, solve_search

EMPTY = ["*........*"] + ["." * 10] * 8 + ["*........*"]
SEQ, NUM = load_game("sequence"), load_game("numbers")


def rows_with(**rows):
    """The empty board with some rows replaced (row_3="...")."""
    out = list(EMPTY)
    for name, text in rows.items():
        out[int(name.split("_")[1])] = text
    return out


def write(tmp_path, rows, name="p.txt"):
    path = tmp_path / name
    path.write_text("\n".join(rows) + "\n")
    return path


def one_line_error(run_cli, *args, code=2):
    """Run a command that must fail: the exit code, one line on stderr, nothing on stdout."""
    got, out, err = run_cli(*args)
    assert got == code and out == "", (got, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


# ---- a second sequence reuses at most one chip of a completed one --------------------------------

def test_a_second_sequence_may_reuse_only_one_chip_of_a_completed_one():
    p = parse_position("\n".join(rows_with(row_4=".AaaaaaAAA")))
    assert count_fast(p, "A") == count_exhaustive(p, "A") == count_cpsat(p, "A")[0] == 1
    assert count_sequences(p).as_dict()["lines"] == [{"team": "A", "cells": [[4, c] for c in range(2, 7)]}]
    hand = parse_hand("2s", SEQ.deck)
    for solver in (solve_cpsat, solve_search):
        assert not solver(SEQ, p, "A", hand, 1, 2).win
    q = parse_position("\n".join(rows_with(row_4="aaaaaAAAA.")))  # the second may share (4,4)
    assert count_fast(q, "A") == count_cpsat(q, "A")[0] == 2


def test_solve_refuses_the_issue_example_as_a_win(run_cli, tmp_path):
    path = write(tmp_path, rows_with(row_4=".AaaaaaAAA"))
    code, out, _ = run_cli("sequence", "solve", path, "--hand", "2s", "--turns", "1", "--json")
    assert code == 1 and json.loads(out)["win"] is False


def test_nine_locked_in_a_row_are_two_sequences_sharing_the_middle():
    p = parse_position("\n".join(rows_with(row_2="aaaaaaaaa.")))
    assert count_fast(p, "A") == count_cpsat(p, "A")[0] == 2


# ---- hand sizes ----------------------------------------------------------------------------------

def test_an_empty_hand_is_refused(run_cli, tmp_path):
    err = one_line_error(run_cli, "sequence", "moves", write(tmp_path, EMPTY), "--hand", " , ")
    assert err == "clicktown: error: --hand: cards: expected at least one card, e.g. 7h,jd, found an empty hand\n"


def test_a_hand_larger_than_the_rulebook_deals_is_refused(run_cli, tmp_path):
    path = write(tmp_path, EMPTY)
    err = one_line_error(run_cli, "sequence", "solve", path, "--hand", "2s,3s,4s,5s,6s,7s,8s,9s", "--turns", "1")
    assert "--hand: cards: expected at most 7 cards (no hand in the rulebooks holds more), found 8" in err
    err = one_line_error(run_cli, "sequence", "moves", path, "--hand", "2s,3s,4s,5s,6s,7s,8s", "--teams", "3")
    assert "--hand: cards: expected at most 6 cards (at a table of 3 players each hand holds 6), found 7" in err
    err = one_line_error(run_cli, "sequence", "moves", path, "--game", "numbers", "--hand", "1+1,1+2,1+3,2+2,2+3,3+3")
    assert "each hand holds 5" in err
    with pytest.raises(ClicktownError):
        check_hand("numbers", 5, 4)


def test_puzzle_turns_are_bounded_by_the_hand(run_cli):
    assert "8 is not in the range" in one_line_error(run_cli, "sequence", "puzzle", "--turns", "8", "--any-first-move")
    from clicktown.sequence.puzzle import check_turns
    with pytest.raises(ClicktownError, match="holds 5 cards"):
        check_turns(NUM, 6, unique=False)


# ---- equal teams ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game,teams,players", [("numbers", 2, 5), ("numbers", 3, 5), ("numbers", 3, 4),
                                                ("sequence", 2, 9), ("sequence", 3, 8)])
def test_teams_must_be_of_equal_size(game, teams, players):
    with pytest.raises(ClicktownError, match="equal size"):
        check_table(game, teams, players)


def test_numbers_refuses_five_players_in_two_teams(run_cli, tmp_path):
    err = one_line_error(run_cli, "sequence", "moves", write(tmp_path, EMPTY), "--game", "numbers", "--hand", "1+1",
                         "--players", "5", "--teams", "2")
    assert "5 players cannot form 2 teams of equal size" in err


# ---- the documentation's own example cards -------------------------------------------------------

def test_any_equation_with_the_right_answer_stands_for_a_card_of_that_number():
    hand = parse_hand("3+4, 9-2", NUM.deck)
    assert [c.names for c in hand] == ["7", "7"] and len({c.name for c in hand}) == 2
    with pytest.raises(DataError, match=r"^--hand: cards\[2\]: expected at most 2 cards for 7 \(the deck holds no "
                       r"more\), found one more: '21/3'$"):
        parse_hand("3+4,9-2,21/3", NUM.deck)
    with pytest.raises(DataError, match=r"^--hand: cards\[0\]: expected an equation whose answer stands on the board, "
                       r"found '40\+40', which comes to 80$"):
        parse_hand("40+40", NUM.deck)


def test_readme_example_cards_are_accepted(run_json, tmp_path):
    out = run_json("sequence", "moves", write(tmp_path, EMPTY), "--game", "numbers", "--hand", "3+4,9-2,2x6")
    assert [(m["card"], m["cells"]) for m in out["moves"]] == [("4+3", [[0, 7], [9, 2]]), ("14/2", [[0, 7], [9, 2]]),
                                                                ("2x6", [[1, 3], [8, 6]])]


@pytest.mark.parametrize("card,expected", [("1" * 5000 + "+1", "cards[0]: expected a card name such as 7h"),
                                            ("12345+1", "cards[0]: expected an equation of numbers of at most 4 digits"),
                                            ("5/0", "that does not divide by zero, found '5/0'")])
def test_huge_and_impossible_equations_are_one_line_errors(run_cli, tmp_path, card, expected):
    err = one_line_error(run_cli, "sequence", "moves", write(tmp_path, EMPTY), "--game", "numbers", "--hand", card)
    assert expected in err


def test_a_deck_with_a_division_by_zero_is_refused(tmp_path):
    cards = [{"card": c["card"], "names": c["names"], "copies": 1} for c in _numbers_cards()]
    cards[0] = {"card": "1/0", "names": cards[0]["names"]}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": cards}))
    with pytest.raises(DataError, match=r"cards\[0\]: equation '1/0' divides by zero"):
        load_game("numbers", deck_file=path)


def _numbers_cards():
    return [{"card": c.name, "names": c.names} for c in NUM.deck.cards.values() if c.action == "place"]


@pytest.mark.parametrize("text,expected", [
    ('{"cards": [{"card": "7h", "names": "7h", "copies": Infinity}]}', "not a number a data file may hold"),
    ('{"cards": [{"card": "7h", "names": "7h", "copies": 1e400}]}', "too large"),
    ('{"cards": [{"card": "7h", "names": "7h", "copies": 2.0}]}', "cards[0].copies"),
    ('{"cards": [{"card": "7h", "names": "7h", "copies": true}]}', "cards[0].copies"),
    ('{"cards": [{"card": "7h", "names": "7h", "copies": 9}]}', "cards[0].copies"),
    ('{"cards": [{"card": 7, "names": "7h"}]}', "cards[0].card"),
    ('{"cards": [{"card": "7h", "names": "7h"}], "aliases": []}', "aliases"),
    ('{"cards": [{"card": "7h", "names": "7h", "colour": "red"}]}', "cards[0].colour"),
    ('[' * 300 + ']' * 300, "nested"),
])
def test_malformed_deck_files_name_file_place_expected_and_found(run_cli, tmp_path, text, expected):
    deck = tmp_path / "deck.json"
    deck.write_text(text)
    err = one_line_error(run_cli, "sequence", "show", write(tmp_path, EMPTY), "--deck", deck)
    assert str(deck) in err and expected in err, err


# ---- boards --------------------------------------------------------------------------------------

def test_board_corners_may_be_written_jk(tmp_path):
    rows = [" ".join(row) for row in SEQ.board.rows()]
    path = tmp_path / "board.txt"
    path.write_text("\n".join(rows).replace("*", "jk"))
    assert load_game("sequence", board_file=path).board == SEQ.board


def test_a_free_corner_mark_off_the_corners_is_named_as_such(tmp_path):
    rows = [" ".join(row) for row in SEQ.board.rows()]
    rows[4] = rows[4].replace("9c", "jk", 1)
    path = tmp_path / "board.txt"
    path.write_text("\n".join(rows))
    with pytest.raises(DataError, match="row 4, column 0: expected a card label, found the free-corner mark 'jk'"):
        load_game("sequence", board_file=path)


def test_board_labels_must_be_short_plain_words(tmp_path):
    rows = [" ".join(row) for row in SEQ.board.rows()]
    rows[2] = rows[2].replace("7c", "7c" * 20, 1)
    path = tmp_path / "board.txt"
    path.write_text("\n".join(rows))
    with pytest.raises(DataError, match=r"rows\[2\]\[0\]"):
        load_game("sequence", board_file=path)


# ---- the game is over ------------------------------------------------------------------------------

def test_solve_refuses_a_position_the_opponent_has_already_won(run_cli, tmp_path):
    path = write(tmp_path, rows_with(row_3="BBBBB.....", row_5="BBBBB....."))
    err = one_line_error(run_cli, "sequence", "solve", path, "--hand", "2s", "--turns", "1")
    assert "team B already has the 2 sequence(s) it needs: the game is over" in err
    p = parse_position("\n".join(rows_with(row_3="BBBBB.....")))
    with pytest.raises(ClicktownError, match="game is over"):
        solve(SEQ, p, "A", parse_hand("2s", SEQ.deck), 1, 1)


# ---- numeric options have ranges -------------------------------------------------------------------

@pytest.mark.parametrize("args,expected", [
    (["simulate", "--games", "0"], "0 is not in the range"),
    (["simulate", "--games", "2", "--workers", "0"], "0 is not in the range"),
    (["simulate", "--players", "13"], "13 is not in the range"),
    (["simulate", "--teams", "4"], "4 is not in the range"),
    (["simulate", "--seed", "-1"], "-1 is not in the range"),
    (["simulate", "--seed", str(2**32)], "is not in the range"),
    (["simulate", "--players", "5"], "5 players"),
    (["simulate", "--game", "numbers", "--players", "5"], "5 players: more than three play in two or three teams of equal size"),
    (["simulate", "--bots", "greedy,alphago"], "unknown bot 'alphago'"),
    (["simulate", "--bots", ","], "--bots is empty"),
    (["simulate", "--bots", "greedy,greedy,greedy"], "3 bots for 2 players"),
    (["simulate", "--trace", ""], "empty file name"),
    (["simulate", "--trace", "/nonexistent/dir/t.jsonl"], "does not exist"),
    (["play", "--seat", "2"], "--seat 2"),
])
def test_bad_game_options_are_one_line_errors(run_cli, args, expected):
    err = one_line_error(run_cli, "sequence", *args)
    assert expected in err, err


@pytest.mark.parametrize("game,board_name,deck_name", [("sequence", "board.txt", "deck.json"),
                                                       ("numbers", "numbers-board.txt", "numbers-deck.json")])
def test_the_builtin_files_pass_the_shape_models_they_skip_at_start_up(game, board_name, deck_name):
    from clicktown.datafiles import builtin_path, read_json, read_text
    from clicktown.sequence.cards import parse_board, parse_deck

    board = parse_board(read_text(builtin_path("sequence", board_name)), board_name, check_shape=True)
    deck = parse_deck(read_json(builtin_path("sequence", deck_name)), board, deck_name, check_shape=True)
    built_in = load_game(game)
    assert board == built_in.board and deck == built_in.deck
