"""Sequence's commands and the shared replay in German (`--lang de`), their English unchanged, and Sequence
Numbers at the terminal without hints: the cell is the player's to find.

Each command runs in process with `--lang de`; every line is searched for English (`assert_german`, with
the English words the command printed before its words moved to the catalogs), and one line or more of
each is checked word for word.
"""

from __future__ import annotations

import random

import pytest

from german_words import assert_german
from test_sequence_cli import EMPTY, nine, position_file as position  # noqa: F401 (nine: a fixture)

#: What the commands printed in English besides the marker words every German test looks for.
ENGLISH_WORDS = {"sequence", "sequences", "needed", "action", "copies", "cells", "nothing", "any", "free", "wild",
                 "dead", "taken", "exchanged", "cannot", "within", "proved", "search", "already", "needs", "wins",
                 "puzzle", "seed", "opponents", "answer", "teams", "hands", "per", "passes", "replayed", "engine",
                 "accepts", "line", "winners", "actions", "events", "made", "town", "built", "abandoned"}


@pytest.fixture
def puzzle(tmp_path):
    """Seed 1's win-in-2 puzzle of Sequence (its hand: 5c 8s 2c 8d ah js kc)."""
    rows = ["*A.....A.*", ".......BA.", "B.........", ".....AABAA", "....B.....", "A.......A.", "...A.....A",
            "....aaaaa.", ".A...B.B..", "*.....A..*"]
    return position(tmp_path, rows, "puzzle.txt")


def german(run_cli, *args, code=0):
    """The lines a command prints with --lang de (its exit code checked), searched for English."""
    got, out, err = run_cli(*args, "--lang", "de")
    assert (got, err) == (code, "")
    lines = out.splitlines()
    assert_german(lines, also=ENGLISH_WORDS)
    return lines


def test_count_in_german_and_in_english(run_cli, nine):
    assert german(run_cli, "sequence", "count", nine) == [
        "A: 2 SEQUENCES", "  (5,0) (5,1) (5,2) (5,3) (5,4)", "  (5,4) (5,5) (5,6) (5,7) (5,8)",
        "B: 1 SEQUENCE", "  (0,0) (0,1) (0,2) (0,3) (0,4)"]
    assert run_cli("sequence", "count", nine)[1].splitlines()[0::3] == ["A: 2 sequences", "B: 1 sequence"]


def test_show_in_german_and_its_picture_too(run_cli, nine, tmp_path):
    picture = tmp_path / "board.svg"
    assert german(run_cli, "sequence", "show", nine, "--svg", picture)[-1] == "A: 9 Chips, 2 SEQUENCES, B: 4 Chips, 1 SEQUENCE"
    svg = picture.read_text()
    assert "<title>Sequence-Spielplan</title>" in svg and ">A: 9 Chips, 2 SEQUENCES, B: 4 Chips, 1 SEQUENCE<" in svg
    assert svg.count(">FREI<") == 4 and ">FREE<" not in svg


def test_moves_in_german_name_each_card_action_and_where_it_goes(run_cli, nine, tmp_path):
    assert german(run_cli, "sequence", "moves", nine, "--hand", "2s,2s,jh,jd") == [
        "Team A: 2 von 2 nötigen SEQUENCES",
        "Karte  Aktion      Anzahl  Felder",
        "-----  ----------  ------  ---------------------",
        "2s     setzen      2       (8,6)",
        "jh     Anti-Joker  1       nichts zu tun",
        "jd     Joker       1       jedes freie Feld (83)"]
    rows = list(EMPTY)
    rows[1], rows[3] = ".A........", "...B......"
    dead = german(run_cli, "sequence", "moves", position(tmp_path, rows, "dead.txt"), "--hand", "5c", "--players", 3)
    assert dead[0] == "Team A: 0 von 1 nötigen SEQUENCE"
    assert dead[-1].split(None, 3)[3] == "tot: beide Felder belegt (darf getauscht werden, eine Karte pro Zug)"
    english = run_cli("sequence", "moves", nine, "--hand", "jd")[1].splitlines()
    assert english[0] == "team A: 2 of 2 sequence(s) needed" and english[1].split() == ["card", "action", "copies", "cells"]
    assert english[-1].split(None, 3) == ["jd", "wild", "1", "any free cell (83)"]


def test_solve_in_german_a_winning_line_a_proof_of_none_and_a_goal_already_reached(run_cli, puzzle, nine):
    hand = ["--hand", "5c,8s,2c,8d,ah,js,kc"]
    assert german(run_cli, "sequence", "solve", puzzle, *hand, "--turns", 2) == [
        "Team A gewinnt in 2 Zügen (Suche):",
        "  1. js spielen: den Chip auf Reihe 3, Spalte 7 entfernen",
        "  2. 8d spielen: einen Chip auf Reihe 3, Spalte 7 setzen"]
    assert german(run_cli, "sequence", "solve", puzzle, *hand, "--turns", 1, code=1) == [
        "Team A kann nicht innerhalb von 1 Zug gewinnen (Beweis: Suche)"]
    assert german(run_cli, "sequence", "solve", nine, "--hand", "2s", "--turns", 1, "--method", "cp-sat") == [
        "Team A hat die 2 nötigen SEQUENCES schon"]
    code, out, _ = run_cli("sequence", "solve", puzzle, *hand, "--turns", 2)
    assert code == 0 and out.splitlines() == ["team A wins in 2 turn(s) (search):",
                                              "  1. play js: remove the chip on row 3, column 7",
                                              "  2. play 8d: put a chip on row 3, column 7"]


def test_puzzle_in_german_states_the_question_in_its_comment_lines(run_cli, puzzle):
    lines = german(run_cli, "sequence", "puzzle", "--seed", 1, "--answer")
    assert lines[:3] + lines[-2:] == [
        "# Rätsel für Sequence, Startwert 1: Team A ist am Zug und braucht 2 SEQUENCES,",
        "# Sieg innerhalb von 2 Zügen; die Gegner passen, niemand zieht nach.",
        "# Hand: 5c 8s 2c 8d ah js kc",
        "# Lösung 1: js spielen: den Chip auf Reihe 3, Spalte 7 entfernen",
        "# Lösung 2: 8d spielen: einen Chip auf Reihe 3, Spalte 7 setzen"]
    assert lines[3:-2] == puzzle.read_text().splitlines()[1:]   # the position itself is the same in every language
    code, out, _ = run_cli("sequence", "puzzle", "--seed", 1, "--answer")
    assert code == 0 and out.splitlines()[:3] + out.splitlines()[-1:] == [
        "# Sequence puzzle, seed 1: team A to move, needs 2 sequence(s),",
        "# win within 2 turn(s); opponents pass, nobody draws.",
        "# hand: 5c 8s 2c 8d ah js kc",
        "# answer 2: play 8d: put a chip on row 3, column 7"]


def test_simulate_and_replay_in_german(run_cli, run_json, tmp_path):
    trace = tmp_path / "games.jsonl"
    lines = german(run_cli, "sequence", "simulate", "--games", 2, "--seed", 1, "--trace", trace)
    result = run_json("sequence", "simulate", "--games", 2, "--seed", 1)
    assert lines[0] == ("2 Partien, 2 Spieler in 2 Teams, Sequence (2 SEQUENCES zum Sieg, 7 Karten auf der Hand), "
                        "Bots greedy,greedy, Startwert 1")
    team_a = result["win_rate_per_team"]["A"]
    assert lines[-7].split() == ["Team", "Siege", "Anteil", "95-%-Intervall"]
    assert lines[-5].split()[:3] == ["Team", "A", f"{team_a['hits']}/2"]
    assert lines[-3].split()[:4] == ["unentschieden", "0/2", "0,0", "%"]
    figures = [f"{result[key]:.2f}".replace(".", ",") for key in ("wild_played_per_game", "remove_played_per_game",
                                                                  "dead_cards_exchanged_per_game", "passes_per_game")]
    assert lines[-1] == ("pro Partie: {} Joker und {} Anti-Joker gespielt, {} tote Karten getauscht, "
                         "gepasst: {}").format(*figures)

    replayed = german(run_cli, "sequence", "replay", trace)
    assert replayed[-1] == "2 Partien nachgespielt: die Spielregeln lassen jede Zeile zu"
    assert all(line.startswith(f"Partie {k} (Sequence, Startwert ") and line.endswith("; die SEQUENCES sind gelegt")
               for k, line in enumerate(replayed[:-1]))
    english = run_cli("sequence", "replay", trace)[1].splitlines()
    assert english[0].startswith("game 0 (Sequence, seed ") and english[0].endswith("; the sequences are made")
    assert english[-1] == "2 games replayed: the engine accepts every line"


@pytest.mark.parametrize("game, reason, en, de", [
    ("oldtown", "town_built", "the town is built", "die Stadt ist gebaut"),
    ("patterns", "new-director", "a new Director, by a Wild combination", "ein neuer Direktor, durch eine Wild-Kombination"),
    ("sequence", "sequences", "the sequences are made", "die SEQUENCES sind gelegt"),
    ("numbers", "every seat had to pass", "every seat had to pass", "alle mussten passen"),
    ("numbers", "no chip can be placed or taken again", "no chip can be placed or taken again",
     "kein Chip kann mehr gesetzt oder genommen werden"),
    ("oldtown", "abandoned", "game abandoned", "Spiel abgebrochen"),
    ("patterns", "something new", "something new", "something new"),
])
def test_replay_words_why_each_game_ended_in_its_games_words(game, reason, en, de):
    from clicktown.arena.trace_commands import end_words

    assert (end_words(game, reason, "en"), end_words(game, reason, "de")) == (en, de)


# ---- Sequence Numbers at the terminal: the cell is the player's to find -----------------------------------

def numbers_dealt():
    from clicktown.arena.state import resolve_chance
    from clicktown.sequence.cards import load_game
    from clicktown.sequence.game.state import Match
    from clicktown.sequence.rules import seat_table

    state = Match(load_game("numbers"), seat_table("numbers", 2)).new_state()
    resolve_chance(state, random.Random(0))
    return state


def a_card_and_cells(state):
    """A place card of seat 0's hand, its two cells, and a free cell it does not name."""
    match = state.match
    card = next(c for c in state.hand_names(0) if match.actions[match.kind_of[c]] == "place")
    cells = match.cells_of_kind[match.kind_of[card]]
    wrong = next(c for c in range(100) if c not in cells and state.board[c] == ".")
    return card, cells, wrong


def at(cell: int) -> str:
    return f"{cell // 10},{cell % 10}"


def choose(state, answers, lang="en", hints=None):
    """What the person's answers choose (None: they quit), what was shown and the prompts asked."""
    from clicktown.arena.human import Abandoned
    from clicktown.sequence.game.play import SequenceHuman

    shown, asked, answers = [], [], iter(answers)

    def ask(prompt):
        asked.append(prompt)
        return next(answers)

    try:
        action = SequenceHuman(ask, shown.append, colour=False, lang=lang, hints=hints).choose(state, random.Random(0))
    except Abandoned:
        action = None
    return action, shown, asked


def test_without_hints_the_list_names_each_card_once_and_no_cell():
    state = numbers_dealt()
    match = state.match
    action, shown, _ = choose(state, ["?", "quit"])
    listed = shown[-1].splitlines()
    first_play = {c: min(a for a in state.legal_actions() if match.decode(a)[1] == match.kind_of[c])
                  for c in state.hand_names(0)}
    assert action is None and [line.split()[1] for line in listed] == sorted(first_play, key=first_play.get)
    assert [line.split(None, 2)[2] for line in listed] == [
        f"play {line.split()[1]}: then name the cell for it (row,column)" for line in listed]


def test_without_hints_a_card_alone_asks_for_its_cell_and_a_wrong_cell_is_refused_with_its_reason():
    state = numbers_dealt()
    card, cells, wrong = a_card_and_cells(state)
    label = state.match.game.board.label(wrong)
    action, shown, asked = choose(state, [card, at(wrong), at(cells[1])])
    assert action == state.match.play_action(card, cells[1])
    assert asked == ["your move (a card, then its cell (or both: CARD ROW,COLUMN), a number, or ? for the list)",
                     f"your move (the cell for {card} as row,column, another move, or ? for the list)",
                     f"your move (the cell for {card} as row,column, another move, or ? for the list)"]
    r, c = divmod(wrong, 10)
    assert shown[-1] == (f"not a legal move now: play {card}: put a chip on row {r}, column {c}: "
                         f"{card} is not {label}: row {r}, column {c} is not its cell")
    assert not any(at(cells[0]) in text or at(cells[1]) in text for text in shown)   # the answer stays the player's


def test_without_hints_a_card_picked_by_its_number_then_its_cell_or_card_and_cell_in_one_go():
    state = numbers_dealt()
    card, cells, wrong = a_card_and_cells(state)
    from clicktown.sequence.game.play import move_options
    from clicktown.sequence.game.view import view

    options = move_options(state, view(state, 0, faces=False))
    number = next(k for k, o in enumerate(options, 1) if o["move"] == card)
    assert choose(state, [str(number), at(cells[0])])[0] == state.match.play_action(card, cells[0])
    action, shown, _ = choose(state, [f"{card} {at(wrong)}", f"{card} {at(cells[1])}"])
    assert action == state.match.play_action(card, cells[1])
    assert shown[-1].endswith(f"{card} is not {state.match.game.board.label(wrong)}: row {wrong // 10}, "
                              f"column {wrong % 10} is not its cell")
    # at the cell's prompt another move is read as a move
    other = next(c for c in state.hand_names(0) if c != card and state.match.actions[state.match.kind_of[c]] == "place")
    other_cell = state.match.cells_of_kind[state.match.kind_of[other]][0]
    assert choose(state, [card, f"{other} {at(other_cell)}"])[0] == state.match.play_action(other, other_cell)


def test_without_hints_in_german():
    state = numbers_dealt()
    card, cells, wrong = a_card_and_cells(state)
    action, shown, asked = choose(state, ["?", card, at(wrong), at(cells[0])], lang="de")
    assert action == state.match.play_action(card, cells[0])
    assert shown[-2].splitlines()[0].endswith(": dann das Feld dafür nennen (Reihe,Spalte)")
    assert asked[2] == f"dein Zug (das Feld für {card} als Reihe,Spalte, ein anderer Zug oder ? für die Liste)"
    r, c = divmod(wrong, 10)
    assert shown[-1] == (f"jetzt kein erlaubter Zug: {card} spielen: einen Chip auf Reihe {r}, Spalte {c} setzen: "
                         f"{card} ist nicht {state.match.game.board.label(wrong)}: Reihe {r}, Spalte {c} ist nicht "
                         f"das Feld dieser Karte")
    assert_german([line for text in shown for line in text.splitlines()] + asked, also=ENGLISH_WORDS)


def test_with_hints_the_list_names_every_cell_as_before():
    from clicktown.sequence.game.view import view

    state = numbers_dealt()
    card, cells, _ = a_card_and_cells(state)
    action, shown, _ = choose(state, ["?", "1"], hints=True)
    seen = view(state, 0, hints=True, faces=False)
    assert shown[-1].splitlines() == [f"{k:>4}. {a['move']:<12} {a['text']}" for k, a in enumerate(seen["actions"], 1)]
    assert f"{card} {at(cells[0])}" in shown[-1] and action == seen["actions"][0]["id"]
    assert choose(state, [card, f"{card} {at(cells[0])}"], hints=True)[1][-1].startswith(
        f"'{card}' fits several moves")


def test_without_hints_a_number_alone_picks_from_the_list_not_the_card_it_answers():
    from clicktown.sequence.game.play import card_alone

    state = numbers_dealt()
    card, cells, _ = a_card_and_cells(state)
    answer, kind = state.match.game.deck.cards[card].names, state.match.kind_of[card]
    assert (card_alone(state, card), card_alone(state, f"{answer}+0"), card_alone(state, f"{card} 1,1")) == (kind, kind, None)
    assert card_alone(state, answer) is None and card_alone(state, f"#{answer}") is None
    action, _, asked = choose(state, ["1", "quit"])
    assert action is None and asked[1].startswith("your move (the cell for ")
