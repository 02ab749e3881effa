"""`clicktown sequence simulate` and `play`: summaries, traces, workers, and moves typed by a person."""

import json
import random

import pytest

from clicktown.arena.state import resolve_chance
from clicktown.errors import ClicktownError
from clicktown.sequence.game.bots import GreedyBot
from clicktown.sequence.cards import load_game
from clicktown.sequence.game.state import Match
from clicktown.sequence.game.play import SequenceHuman, board_text, parse_move, play_against
from clicktown.sequence.game.view import move_words as move_text
from clicktown.sequence.position import parse_position
from clicktown.sequence.rules import seat_table
from clicktown.sequence.game.simulate import Setup


def test_simulate_json_summary(run_json):
    out = run_json("sequence", "simulate", "--games", "12", "--seed", "3", "--bots", "greedy,random")
    assert out["games"] == 12 and out["bots"] == ["greedy", "random"] and out["sequences_needed"] == 2
    assert set(out["win_rate_per_team"]) == {"A", "B"} and set(out["win_rate_per_bot"]) == {"greedy", "random"}
    wins = sum(t["hits"] for t in out["win_rate_per_team"].values()) + out["draws"]["hits"]
    assert wins == 12 and out["win_rate_per_bot"]["random"] == out["win_rate_per_team"]["B"]
    assert out["turns_per_game"]["min"] > 0 and "dead_cards_exchanged_per_game" in out and "wild_played_per_game" in out


def test_simulate_text_and_the_same_results_whatever_the_workers(run_cli, tmp_path):
    args = ["sequence", "simulate", "--game", "numbers", "--players", "4", "--games", "16", "--seed", "9"]
    code, one, err = run_cli(*args, "--workers", "1")
    assert code == 0 and "team A" in one and "95% interval" in one
    code, two, _ = run_cli(*args, "--workers", "2")
    assert one == two


def test_simulate_trace_file(run_cli, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, _, _ = run_cli("sequence", "simulate", "--games", "3", "--players", "3", "--trace", trace, "--json")
    assert code == 0
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    starts = [e for e in events if e["event"] == "game_start"]
    ends = [e for e in events if e["event"] == "game_end"]
    assert len(starts) == len(ends) == 3
    assert starts[0]["hand_sizes"] == [6, 6, 6] and starts[0]["teams"] == ["A", "B", "C"]
    for end in ends:
        assert len(end["board"]) == 10 and end["turns"] > 0 and end["team"] in "ABC"
        assert end["winners"] == [s for s in range(3) if "ABC"[s] == end["team"]]


TRACE_KEYS = {  # the schema of docs/sequence-game.md, event by event
    "game_start": {"schema", "game", "index", "seed", "players", "seats", "options", "teams", "hand_sizes",
                   "sequences_needed", "board", "deck"},
    "action": {"seat", "action"},
    "draw": {"seat", "card"}, "exchange": {"seat", "card"}, "play": {"seat", "team", "card", "action", "cell"},
    "sequence": {"team", "cells"}, "reshuffle": {"cards"}, "pass": {"seat"},
    "game_end": {"board", "winners", "team", "turns", "reason", "sequences"},
}


def test_every_trace_line_is_one_json_object_with_the_documented_keys(run_cli, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, out, _ = run_cli("sequence", "simulate", "--games", "4", "--seed", "2", "--bots", "random", "--trace", trace)
    assert code == 0 and out
    lines = trace.read_text().splitlines()
    events = [json.loads(line) for line in lines]
    assert all(isinstance(e, dict) and set(e) == {"event"} | TRACE_KEYS[e["event"]] for e in events)
    assert {"draw", "play", "exchange", "sequence"} <= {e["event"] for e in events}
    assert [e["index"] for e in events if e["event"] == "game_start"] == [0, 1, 2, 3]
    for e in events:
        if e["event"] == "play":
            assert e["action"] in ("place", "remove") and all(0 <= x <= 9 for x in e["cell"])
        if e["event"] == "sequence":
            assert len(e["cells"]) == 5
        if e["event"] == "game_end":
            parse_position("\n".join(e["board"]))  # the final board in the documented position format
            assert e["reason"] in ("sequences", "no chip can be placed or taken again", "every seat had to pass")


def dealt(game="sequence", seed=0):
    state = Match(load_game(game), seat_table(game, 2)).new_state()
    resolve_chance(state, random.Random(seed))
    return state


@pytest.mark.parametrize("game", ["sequence", "numbers"])
def test_every_legal_move_can_be_typed(game):
    rng = random.Random(4)
    state = dealt(game)
    for _ in range(30):
        for action in state.legal_actions():
            assert parse_move(state, move_text(state, action)) == action
        state.apply_action(GreedyBot().choose(state, rng))
        resolve_chance(state, rng)
        if state.is_terminal():
            break


def test_typed_moves_are_checked():
    state = dealt()
    with pytest.raises(ClicktownError, match="not in your hand"):
        parse_move(state, "zz 3,4")
    with pytest.raises(ClicktownError, match="CARD ROW,COLUMN"):
        parse_move(state, "7h")
    card = state.hand_names(0)[0]
    with pytest.raises(ClicktownError, match="not a legal move"):
        parse_move(state, f"{card} 0,0")


def test_typed_moves_are_checked_in_german_too():
    state = dealt()
    with pytest.raises(ClicktownError, match="nicht in deiner Hand"):
        parse_move(state, "zz 3,4", "de")
    with pytest.raises(ClicktownError, match="KARTE ZEILE,SPALTE"):
        parse_move(state, "7h", "de")
    card = state.hand_names(0)[0]
    with pytest.raises(ClicktownError, match=rf"^jetzt kein erlaubter Zug: {card} spielen: einen Chip auf Reihe 0, "
                                             rf"Spalte 0 setzen: Reihe 0, Spalte 0 ist eine Ecke: sie zählt für jedes "
                                             rf"Team und nimmt keinen Chip$"):
        parse_move(state, f"{card} 0,0", "de")


def test_a_numbers_card_can_be_typed_as_any_equation_with_its_answer():
    state = dealt("numbers")
    card = next(c for c in state.hand_names(0) if c not in ("plus", "minus"))
    answer = state.match.game.deck.cards[card].names
    cell = state.match.cells_of_kind[state.match.kind_of[card]][0]
    assert parse_move(state, f"{answer}+0 {cell // 10},{cell % 10}") == state.match.play_action(card, cell)


def test_a_person_plays_a_whole_game_against_a_bot():
    shown = []
    holder = {}

    class Scripted(SequenceHuman):
        def choose(self, state, rng):
            holder["state"] = state
            return super().choose(state, rng)

    answers = iter(["?", "nonsense"] + [None] * 10_000)

    def ask(prompt):
        answer = next(answers)
        if answer is None:
            state = holder["state"]
            return move_text(state, GreedyBot().choose(state, random.Random(0)))
        return answer

    state = play_against(Setup("sequence", 2, 2, ("greedy",)), 1, Scripted(ask, shown.append, colour=False), seed=2)
    assert state.is_terminal()
    assert any("write a move" in s for s in shown) and any("put a chip on" in s for s in shown)
    assert any(s.startswith("seat 0 (team A) played") for s in shown)  # the bot's moves are announced
    assert state.trace[0]["seats"] == ["greedy", "person"] and state.trace[-1]["event"] == "game_end"


def test_the_board_shows_team_colours():
    state = dealt()
    state._put_chip(11, "A")
    text = board_text(state, colour=True)
    assert "\x1b[" in text and "[A]" in text
    assert "\x1b[" not in board_text(state, colour=False)


def test_play_command_quits_on_request(run_cli, tmp_path):
    trace = tmp_path / "game.jsonl"
    code, out, err = run_cli("sequence", "play", "--seed", "1", "--trace", trace, input="?\nquit\n")
    assert code == 0 and "game abandoned" in out and "your hand" in out
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    assert events[0]["event"] == "game_start" and events[-1]["event"] == "game_end"
