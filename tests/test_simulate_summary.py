"""The three games' `simulate` and `play` share one shape: the summary, `--bots`, `--rotate`, defaults.

docs/simulate.md describes the summary; clicktown/arena/summary.py builds it and
clicktown/arena/seating.py seats the bots. Every test here runs the same check on all three games.
"""

import importlib
import json

import pytest

from clicktown.arena.seating import bot_list, round_the_table, seated, turned
from clicktown.arena.summary import SHARED_KEYS
from clicktown.arena.trace import read_events
from clicktown.cli import cli
from clicktown.errors import ClicktownError

GAMES = ["oldtown", "patterns", "sequence"]
OWN_KEYS = {  # each game's own figures, after the shared ones
    "oldtown": ["points_per_seat", "points_per_bot", "town_completed", "buildings_built_per_game", "stops_per_game"],
    "patterns": ["mode", "rounds_per_game", "wild_wild_patterns", "endings", "paid", "reaction_order"],
    "sequence": ["game", "teams", "sequences_needed", "hand_size", "win_rate_per_team", "draws",
                 "wild_played_per_game", "remove_played_per_game", "dead_cards_exchanged_per_game", "passes_per_game"],
}
FOUR_SEATS = {"oldtown": ["--players", 4], "patterns": ["--players", 4], "sequence": ["--players", 4]}


def simulate(run_cli, game, *args):
    code, out, err = run_cli(game, "simulate", *args, "--json")
    assert code == 0, err
    return json.loads(out), err


def game_starts(trace):
    with open(trace) as stream:
        return [e for e in read_events(stream) if e["event"] == "game_start"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_prints_the_shared_summary_then_its_own(run_cli, tmp_path, game):
    trace = tmp_path / "games.jsonl"
    out, _ = simulate(run_cli, game, "--games", 4, *FOUR_SEATS[game], "--bots", "greedy,random", "--seed", 5,
                      "--trace", trace)
    assert list(out) == list(SHARED_KEYS) + OWN_KEYS[game]
    assert (out["games"], out["seed"], out["players"], out["rotate"]) == (4, 5, 4, False)
    assert out["bots"] == ["greedy", "random", "greedy", "random"]  # repeated round the table
    starts = game_starts(trace)
    assert [s["seats"] for s in starts] == [out["bots"]] * 4
    assert [r["n"] for r in out["win_rate_per_seat"]] == [4] * 4
    assert {bot: r["n"] for bot, r in out["win_rate_per_bot"].items()} == {"greedy": 8, "random": 8}
    by_seat = out["win_rate_per_seat"]
    assert out["win_rate_per_bot"]["greedy"]["hits"] == by_seat[0]["hits"] + by_seat[2]["hits"]
    assert out["win_rate_per_bot"]["random"]["hits"] == by_seat[1]["hits"] + by_seat[3]["hits"]
    for rate in by_seat + list(out["win_rate_per_bot"].values()):
        assert set(rate) == {"hits", "n", "rate", "ci95"} and rate["rate"] == rate["hits"] / rate["n"]
        assert rate["ci95"][0] <= rate["rate"] <= rate["ci95"][1]
    turns = out["turns_per_game"]
    assert set(turns) == {"mean", "min", "max"} and 0 < turns["min"] <= turns["mean"] <= turns["max"]


@pytest.mark.parametrize("game", GAMES)
def test_rotate_turns_the_table_one_seat_per_game(run_cli, tmp_path, game):
    trace = tmp_path / "games.jsonl"
    out, _ = simulate(run_cli, game, "--games", 4, "--players", 2, "--bots", "planner,random", "--rotate",
                      "--trace", trace)
    assert out["rotate"] is True and out["bots"] == ["planner", "random"]
    assert [s["seats"] for s in game_starts(trace)] == [["planner", "random"], ["random", "planner"]] * 2
    assert {bot: r["n"] for bot, r in out["win_rate_per_bot"].items()} == {"planner": 4, "random": 4}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_refused_bot_reads_the_same_in_every_game(run_cli, game, command):
    code, out, err = run_cli(game, command, "--players", 3, "--bots", "greedy,clever")
    assert (code, out) == (2, "")
    names = ", ".join(importlib.import_module(f"clicktown.{game}.game.bots").BOTS)
    assert names.startswith("random, greedy, planner")
    assert err == f"clicktown: error: unknown bot 'clever': the bots are {names}\n"
    seats, besides = (2, "players") if command == "simulate" else (1, "seat(s) besides yours")
    code, _, err = run_cli(game, command, "--players", 2, "--bots", "greedy,random,greedy")
    assert code == 2 and err == (f"clicktown: error: --bots names 3 bots for {seats} {besides}: "
                                 "give at most one per seat\n")


@pytest.mark.parametrize("game", GAMES)
def test_play_and_simulate_share_their_defaults(game):
    assert list(importlib.import_module(f"clicktown.{game}.game.bots").BOTS) == ["random", "greedy", "planner", "mcts"]

    def defaults(command):
        return {p.name: p.default for p in cli.every_command()[game].commands[command].params}

    play, sim = defaults("play"), defaults("simulate")
    assert play["players"] == sim["players"] and play["bots"] == sim["bots"] == "greedy"
    assert sim["games"] == 100 and sim["rotate"] is False


def test_sequence_takes_lookahead_as_the_planner_with_a_note(run_cli):
    out, err = simulate(run_cli, "sequence", "--games", 1, "--bots", "lookahead,greedy")
    assert out["bots"] == ["planner", "greedy"] and set(out["win_rate_per_bot"]) == {"planner", "greedy"}
    assert err == "note: the bot 'lookahead' is now called 'planner'\n"


def test_play_seats_the_bots_round_the_table_besides_the_player():
    assert seated(4, 2, ["greedy", "planner"]) == ["greedy", "planner", "human", "greedy"]
    assert seated(3, 0, ["random"]) == ["human", "random", "random"]
    with pytest.raises(ClicktownError, match="--seat 3: the seats of 3 players are 0 to 2"):
        seated(3, 3, ["random"])


def test_seating_helpers():
    assert round_the_table(["a", "b", "c"], 5) == ("a", "b", "c", "a", "b")
    assert [turned(("a", "b", "c"), i, True) for i in range(4)] == [("a", "b", "c"), ("b", "c", "a"),
                                                                     ("c", "a", "b"), ("a", "b", "c")]
    assert turned(("a", "b", "c"), 2, False) == ("a", "b", "c")
    known = {"random", "greedy", "planner"}

    def make_bot(name):
        if name not in known:
            raise ClicktownError(f"unknown {name}")

    assert bot_list(" Greedy , PLANNER", 3, make_bot) == (("greedy", "planner", "greedy"), [])
    assert bot_list("old,random", 2, make_bot, {"old": "planner"}) == (("planner", "random"), ["old"])
    with pytest.raises(ClicktownError, match="--bots is empty"):
        bot_list(" , ", 2, make_bot)
