"""Traces of every game: one schema (game_start ... game_end, an action line for every action applied),
replayed through the engines; the replay command; the viewer over HTTP.

Numbers: by default about 100 simulated games of each game (Old Town 3 x 34, Wild Wild Pattern
3 x 34, Sequence 8 x 13, Sequence Numbers 4 x 25: 408 in all), every player count, the bots random,
greedy, planner and mcts (a small budget) turned round the table, under rule options drawn from
the seed; `slow` replays 3,004 more (Old Town 750, Wild Wild Pattern 750, Sequence 752, Sequence
Numbers 752). Every trace is replayed through its engine, which must accept every line, tell the
same events again and end with game_end's winners.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from clicktown.arena.seating import round_the_table, turned
from clicktown.arena.trace import (SCHEMA, Refused, TraceError, replay, replay_trace, split_games, parse_lines,
                                   winners_of)
from clicktown.games import GAMES
from web_fixtures import LOCAL

PLAYER_COUNTS = {"oldtown": (2, 3, 4), "patterns": (2, 3, 4), "sequence": (2, 3, 4, 6, 8, 9, 10, 12),
                 "numbers": (2, 3, 4, 6)}
BOTS = ("random", "greedy", "planner", "mcts:6")
#: the rule options each simulate run draws from (every option's every choice)
OPTIONS = {"oldtown": {"--stop-callers": ("everyone", "others"), "--logic-markers": ("stop_round", "player"),
                       "--empty-pile": ("reshuffle", "end"), "--held-plots": ("card", "marker"),
                       "--break-pair": ("allowed", "forbidden")},
           "patterns": {"--mode": ("saloon", "alive-or-dead"), "--used-challenges": ("out", "back"),
                        "--after": ("clockwise", "counterclockwise"), "--min-occurrences": ("2", "1", "3")},
           "sequence": {}, "numbers": {}}


def command(game: str) -> list[str]:
    return ["sequence", "--game", "numbers"] if game == "numbers" else [game]


def simulate_args(game: str, players: int, games: int, seed: int, trace) -> list[str]:
    """A simulate command line: the four bots round the table (turned), rule options drawn from the seed."""
    rng = random.Random(seed)
    args = ["simulate"] if game != "numbers" else ["simulate", "--game", "numbers"]
    head = [game] if game != "numbers" else ["sequence"]
    options = [x for name, choices in OPTIONS[game].items() for x in (name, rng.choice(choices))]
    bots = ",".join(BOTS[:players])
    return [*head, *args, "--games", str(games), "--players", str(players), "--bots", bots, "--rotate",
            "--seed", str(seed), "--trace", str(trace), "--json", *options]


def replayed_games(path, game: str) -> list[list[tuple[int, dict]]]:
    """Each game of a trace file, after checking it replays: schema, name, start and end, winners."""
    text = path.read_text()
    games = split_games(parse_lines(text.splitlines()))
    start_state = GAMES[game].start_state
    for lines in games:
        start, end = lines[0][1], lines[-1][1]
        assert start["event"] == "game_start" and start["game"] == game and start["schema"] == SCHEMA
        assert end["event"] == "game_end" and end["reason"] != "abandoned"
        state = None
        for state in replay(lines, start_state):
            pass
        assert state.is_terminal() and winners_of(state) == end["winners"]
        assert sum(line["event"] == "action" for _, line in lines) > 0
    return games


def simulate_and_replay(run_cli, tmp_path, game: str, per_count: int, seed: int) -> int:
    played = 0
    for players in PLAYER_COUNTS[game]:
        trace = tmp_path / f"{game}-{players}.jsonl"
        code, out, err = run_cli(*simulate_args(game, players, per_count, seed + players, trace))
        assert code == 0, err
        games = replayed_games(trace, game)
        assert len(games) == per_count == json.loads(out)["games"]
        assert [lines[0][1]["index"] for lines in games] == list(range(per_count))
        table = round_the_table(BOTS[:players], players)
        assert [lines[0][1]["seats"] for lines in games] == [list(turned(table, k, True)) for k in range(per_count)]
        played += len(games)
    return played


@pytest.mark.parametrize("game, per_count", [("oldtown", 34), ("patterns", 34), ("sequence", 13), ("numbers", 25)])
def test_every_simulated_game_replays_through_its_engine(run_cli, tmp_path, game, per_count):
    assert simulate_and_replay(run_cli, tmp_path, game, per_count, seed=11) >= 100


@pytest.mark.slow
@pytest.mark.parametrize("game, per_count", [("oldtown", 250), ("patterns", 250), ("sequence", 94),
                                             ("numbers", 188)])
def test_thousands_of_simulated_games_replay_through_their_engines(run_cli, tmp_path, game, per_count):
    assert simulate_and_replay(run_cli, tmp_path, game, per_count, seed=2026) >= 750


def test_the_start_line_names_the_game_its_seats_and_every_option(run_cli, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, _, err = run_cli("oldtown", "simulate", "--games", 1, "--players", 2, "--bots", "greedy,random",
                           "--held-plots", "marker", "--seed", 4, "--trace", trace)
    assert code == 0, err
    start = json.loads(trace.read_text().splitlines()[0])
    assert start == {"event": "game_start", "schema": SCHEMA, "game": "oldtown", "index": 0, "seed": start["seed"],
                     "players": 2, "seats": ["greedy", "random"],
                     "options": {"stop-callers": "everyone", "logic-markers": "stop_round", "empty-pile": "reshuffle",
                                 "held-plots": "marker", "break-pair": "allowed"}, "board": None, "cards": None}
    # the deal is in the trace: 2 x (2 A + 2 C) in hand, 2 x (3 A + 3 C) in the private piles, as chance actions
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [line["seat"] for line in lines[1:21]] == [-1] * 20 and lines[21]["event"] != "action" or lines[21]["seat"] >= 0


# ---- play --trace: ended by the game's end, by quit, by the end of input ---------------------------------

PLAYS = {  # a command line and typed answers that play a whole game
    "oldtown": (["oldtown", "play", "--players", 3, "--bots", "random,planner", "--seed", 1], "1\n" * 400),
    "patterns": (["patterns", "play", "--players", 2, "--bots", "greedy", "--seed", 2, "--reaction", 0],
                 "wait\n1\n" * 400),
    "sequence": (["sequence", "play", "--bots", "random", "--seed", 3], None),
    "numbers": (["sequence", "play", "--game", "numbers", "--bots", "random", "--seed", 3], None),
}


def read_trace(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def check_replays(game: str, lines: list[dict], reason: str | None = None) -> dict:
    start, end = lines[0], lines[-1]
    assert start["event"] == "game_start" and start["game"] == game and "person" in start["seats"]
    assert end["event"] == "game_end"
    if reason:
        assert end["reason"] == reason and end["winners"] == []
    state = None
    for state in replay(lines, GAMES[game].start_state):
        pass
    assert winners_of(state) == end["winners"] and state.is_terminal() == (end["reason"] != "abandoned")
    return end


@pytest.mark.parametrize("game", ["oldtown", "patterns"])
def test_a_played_game_to_its_end_replays(run_cli, tmp_path, game):
    args, answers = PLAYS[game]
    trace = tmp_path / "play.jsonl"
    code, _, err = run_cli(*args, "--trace", trace, input=answers)
    assert code == 0, err
    end = check_replays(game, read_trace(trace))
    assert end["reason"] != "abandoned"


@pytest.mark.parametrize("game", ["sequence", "numbers"])
def test_a_person_who_plays_sequence_to_its_end_leaves_a_trace_that_replays(game):
    from clicktown.sequence.game.play import SequenceHuman, play_against
    from clicktown.sequence.game.simulate import Setup
    from clicktown.sequence.game.view import view

    holder = {}

    class Typist(SequenceHuman):
        def choose(self, state, rng):
            holder["state"] = state
            return super().choose(state, rng)

    def typed(prompt):   # the first legal move, as a person types it
        seen = view(holder["state"], holder["state"].seat)
        return seen["actions"][0]["move"]

    state = play_against(Setup(game, 2, None, ("greedy",)), 1, Typist(typed, lambda text: None, colour=False), seed=5)
    assert state.is_terminal()
    assert state.trace[0]["seats"] == ["greedy", "person"]
    check_replays(game, json.loads(json.dumps(state.trace)))


@pytest.mark.parametrize("game", list(PLAYS))
@pytest.mark.parametrize("ending, code_wanted", [("quit", 0), ("end of input", 2)])
def test_a_game_quit_or_cut_short_writes_a_whole_trace(run_cli, tmp_path, game, ending, code_wanted):
    args, answers = PLAYS[game]
    typed = (answers or "?\n").splitlines(keepends=True)[:6]
    trace = tmp_path / "play.jsonl"
    code, out, err = run_cli(*args, "--trace", trace, input="".join(typed) + ("quit\n" if ending == "quit" else ""))
    assert code == code_wanted, err
    if ending == "end of input":
        assert err.strip().splitlines()[-1] == "clicktown: error: standard input ended before the game was over"
    assert "game abandoned" in out
    check_replays(game, read_trace(trace), reason="abandoned")


# ---- the replay command ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def oldtown_trace(tmp_path_factory):
    from click.testing import CliRunner

    from clicktown.cli import cli

    path = tmp_path_factory.mktemp("replay") / "ot.jsonl"
    result = CliRunner().invoke(cli, ["oldtown", "simulate", "--games", 2, "--players", 2, "--bots", "greedy",
                                      "--seed", 8, "--trace", str(path)])
    assert result.exit_code == 0
    return path.read_text().splitlines()


def test_replay_prints_what_each_game_came_to(run_cli, tmp_path, oldtown_trace):
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(oldtown_trace) + "\n")
    code, out, err = run_cli("oldtown", "replay", trace, "--json")
    assert code == 0, err
    result = json.loads(out)
    ends = [json.loads(line) for line in oldtown_trace if '"game_end"' in line]
    actions = sum('"event":"action"' in line for line in oldtown_trace)
    assert result["replayed"] == 2 and [g["winners"] for g in result["games"]] == [e["winners"] for e in ends]
    assert sum(g["actions"] for g in result["games"]) == actions
    assert sum(g["events"] for g in result["games"]) == len(oldtown_trace) - actions
    code, out, _ = run_cli("oldtown", "replay", trace)
    assert code == 0 and out.splitlines()[-1] == "2 games replayed: the engine accepts every line"
    code, out, _ = run_cli("oldtown", "replay", trace, "--lang", "de")
    assert code == 0 and out.splitlines()[-1] == "2 Partien nachgespielt: die Spielregeln lassen jede Zeile zu"


def changed(lines: list[str], number: int, change) -> str:
    out = list(lines)
    event = json.loads(out[number - 1])
    change(event)
    out[number - 1] = json.dumps(event)
    return "\n".join(out) + "\n"


def first_line(lines, want) -> int:
    return next(n for n, line in enumerate(lines, 1) if want(json.loads(line)))


def test_replay_names_the_first_line_the_engine_refuses(run_cli, tmp_path, oldtown_trace):
    trace = tmp_path / "t.jsonl"
    chooses = first_line(oldtown_trace, lambda e: e["event"] == "action" and e["seat"] >= 0)
    trace.write_text(changed(oldtown_trace, chooses, lambda e: e.update(action=0)))
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 1 and err.startswith(f"clicktown: error: line {chooses}: the engine refuses action 0")
    trace.write_text(changed(oldtown_trace, chooses, lambda e: e.update(seat=1 - e["seat"])))
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 1 and f"line {chooses}: action" in err and "is to move" in err
    told = first_line(oldtown_trace, lambda e: e["event"] == "building")
    trace.write_text(changed(oldtown_trace, told, lambda e: e.update(seat=e["seat"] + 1)))
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 1 and err.startswith(f"clicktown: error: line {told}: the engine tells ")
    end = first_line(oldtown_trace, lambda e: e["event"] == "game_end")
    trace.write_text(changed(oldtown_trace, end, lambda e: e.update(winners=[0, 1]) if e["winners"] != [0, 1]
                             else e.update(winners=[0])))
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 1 and err.startswith(f"clicktown: error: line {end}: the engine tells ")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("text, words", [
    ("", "the trace is empty"),
    ("{not json\n", "line 1: not JSON (Expecting property name enclosed in double quotes)"),
    ('{"event": "action", "seat": -1, "action": 3}\n', "line 1: a trace starts with game_start, not 'action'"),
    ('{"event": "game_start", "game": 0, "seed": 1, "players": 2, "bots": ["greedy", "greedy"]}\n',
     "line 1: a trace of an older schema (no version): it records no actions to replay"),
])
def test_replay_refuses_a_malformed_trace_with_exit_2(run_cli, tmp_path, text, words):
    trace = tmp_path / "t.jsonl"
    trace.write_text(text)
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 2 and err == f"clicktown: error: {words}\n"


def test_replay_refuses_a_cut_trace_another_games_trace_and_a_bad_line(run_cli, tmp_path, oldtown_trace):
    trace = tmp_path / "t.jsonl"
    end = first_line(oldtown_trace, lambda e: e["event"] == "game_end")
    trace.write_text("\n".join(oldtown_trace[:end - 1]) + "\n")
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 2 and err == f"clicktown: error: the trace ends at line {end - 1} without game_end\n"
    trace.write_text("\n".join(oldtown_trace) + "\n")
    code, _, err = run_cli("patterns", "replay", trace)
    assert code == 2 and err == "clicktown: error: line 1: a trace of 'oldtown', not of patterns\n"
    trace.write_text(changed(oldtown_trace, 2, lambda e: e.update(action="three")))
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 2 and err == "clicktown: error: line 2: an action line needs a whole number 'action'\n"
    trace.write_bytes(b"\xff\xfe\n")
    code, _, err = run_cli("oldtown", "replay", trace)
    assert code == 2 and "not UTF-8 text" in err


def test_replay_through_the_library():
    """`replay_trace` takes the game's start function, as clicktown.games wires it."""
    from clicktown.sequence.game.simulate import Setup, play_one
    from clicktown.sequence.game.trace import start_state

    record = play_one(3, 77, Setup("numbers", 3, None, ("greedy", "random", "planner"), trace=True))
    lines = json.loads(json.dumps(record.events))
    [game] = replay_trace(lines, start_state, ("sequence", "numbers"))
    assert (game.game, game.index, game.seed, game.winners) == ("numbers", 3, 77, record.summary["winners"])
    assert game.actions == sum(e["event"] == "action" for e in lines)
    states = list(replay(lines, start_state))
    assert len(states) == game.actions + 1 and states[-1].is_terminal()
    with pytest.raises(TraceError, match=f"line {len(lines) + 1}: 'game_start' after game_end"):
        list(replay(lines + lines, start_state))
    lines[-1]["winners"] = []   # Sequence's engine tells no game_end: the trace's is checked against its result
    with pytest.raises(Refused, match=re.escape(f"line {len(lines)}: winners [], but the engine's are {game.winners}")):
        list(replay(lines, start_state))


# ---- the viewer -----------------------------------------------------------------------------------------

pytest.importorskip("httpx")


@pytest.fixture(scope="module")
def client():
    from fastapi.testclient import TestClient

    from clicktown.web.app import create_app

    return TestClient(create_app(), base_url=LOCAL)


def one_game(game: str, seed: int = 3) -> list[dict]:
    """One simulated game of `game` between greedy and random, as its trace's lines."""
    from click.testing import CliRunner

    from clicktown.cli import cli

    with CliRunner().isolated_filesystem():
        args = simulate_args(game, 2, 1, seed, "t.jsonl")
        args[args.index("--bots") + 1] = "greedy,random"
        assert CliRunner().invoke(cli, args).exit_code == 0
        with open("t.jsonl") as stream:
            return [json.loads(line) for line in stream]


def upload(client, lines: list[dict], lang: str = "en") -> dict:
    answer = client.post(f"/api/viewer/traces?lang={lang}", content="".join(json.dumps(e) + "\n" for e in lines))
    assert answer.status_code == 200, answer.text
    return answer.json()


def every_step(client, key: str, game: int, steps: int, seat: int = -1, lang: str = "en") -> list[dict]:
    out = []
    for k in range(steps):
        answer = client.get(f"/api/viewer/traces/{key}/{game}/{k}?seat={seat}&lang={lang}")
        assert answer.status_code == 200, answer.text
        out.append(answer.json())
    return out


@pytest.mark.parametrize("game", list(PLAYER_COUNTS))
def test_the_viewer_steps_through_each_games_replayed_trace(client, game):
    lines = one_game(game)
    told = [e for e in lines if e["event"] != "action"]
    loaded = upload(client, lines)
    [summary] = loaded["games"]
    assert summary == {"game": game, "seats": lines[0]["seats"], "steps": len(told), "note": None,
                       "label": f"game 0: {game}, {len(told)} steps"}
    watched = every_step(client, loaded["id"], 0, len(told))
    assert [w["label"] for w in watched[:2]] == [f"step 1 of {len(told)}", f"step 2 of {len(told)}"]
    assert all(w["svg"].startswith("<svg") for w in watched)
    assert watched[0]["text"] == "game_start" and watched[-1]["text"].startswith(("game over", "== game over"))
    # the replayed states differ as the game goes on: the first picture is not the last
    assert watched[0]["svg"] != watched[-1]["svg"]
    seated = every_step(client, loaded["id"], 0, len(told), seat=0)
    assert [w["label"] for w in seated] == [w["label"] for w in watched]
    german = client.get(f"/api/viewer/traces/{loaded['id']}/0/{len(told) - 1}?lang=de").json()
    assert german["label"] == f"Schritt {len(told)} von {len(told)}" and german["text"].startswith(("Spielende", "== Spielende"))


def test_a_spectator_is_shown_no_ones_card(client):
    lines = one_game("patterns", seed=4)
    loaded = upload(client, lines)
    steps = loaded["games"][0]["steps"]
    watched = every_step(client, loaded["id"], 0, steps)
    seat0 = every_step(client, loaded["id"], 0, steps, seat=0)
    turns = [k for k, e in enumerate(e for e in lines if e["event"] != "action") if e["event"] == "turn_start"]
    assert turns
    for k in turns:
        assert "your card" not in watched[k]["text"] and "quickest first" in watched[k]["text"]
        assert "your card is" in seat0[k]["text"]
    # the seat's own card is drawn beside the wheel for it, for no one else
    assert any(w["svg"] != s["svg"] for w, s in zip(watched, seat0))


def older(lines: list[dict], game: str) -> list[dict]:
    """A trace as written before the schema had a version: no actions, "game" a number (a name in Sequence)."""
    start = dict(lines[0])
    for key in ("schema", "options", "seats"):
        start.pop(key)
    start["bots"] = lines[0]["seats"]
    if game in ("oldtown", "patterns"):
        start["game"] = 0
    if game == "patterns":
        start["mode"] = "saloon"
    return [start] + [e for e in lines[1:] if e["event"] != "action"]


@pytest.mark.parametrize("game", list(PLAYER_COUNTS))
def test_an_older_trace_opens_as_it_reads_with_a_note(client, game):
    lines = older(one_game(game), game)
    loaded = upload(client, lines)
    [summary] = loaded["games"]
    assert summary["game"] == game and summary["steps"] == len(lines)
    assert summary["note"] == ("an older trace without actions: its board is followed from the told events, "
                               "not replayed through the engine")
    watched = every_step(client, loaded["id"], 0, len(lines))
    assert all(w["svg"].startswith("<svg") for w in watched) and watched[0]["svg"] != watched[-1]["svg"]
    assert watched[-1]["text"].startswith(("game over", "== game over"))


def test_the_viewer_refuses_what_it_cannot_read(client):
    bad = client.post("/api/viewer/traces", content="{oops\n")
    assert bad.status_code == 422 and bad.json() == {"error": "line 1: not JSON (Expecting property name enclosed in double quotes)"}
    bad = client.post("/api/viewer/traces", content=b"\xff\n")
    assert bad.status_code == 422 and bad.json() == {"error": "the trace is not UTF-8 text"}
    lines = one_game("sequence")
    loaded = upload(client, lines)
    assert client.get(f"/api/viewer/traces/{loaded['id']}/1/0").status_code == 404
    assert client.get(f"/api/viewer/traces/{loaded['id']}/0/9999").status_code == 404
    assert client.get(f"/api/viewer/traces/{loaded['id']}/0/0?seat=5").status_code == 404
    assert client.get("/api/viewer/traces/nothing/0/0").status_code == 404
    # a trace the engine refuses: the step says which line
    action = next(n for n, e in enumerate(lines) if e["event"] == "action" and e["seat"] >= 0)
    lines[action]["action"] = 10 ** 6
    loaded = upload(client, lines)
    refused = client.get(f"/api/viewer/traces/{loaded['id']}/0/0")
    assert refused.status_code == 422 and refused.json()["error"].startswith(f"line {action + 1}: the engine refuses")


def test_the_viewer_page_holds_no_board_rule():
    from importlib import resources

    script = (resources.files("clicktown.web") / "static" / "viewer.js").read_text()
    assert "[0, 9, 90, 99]" not in script and "event.event" not in script and "e.event" not in script
    for rule in ("steal", "take", "place", "wheel", "cell", "turn_end", "mode", "sequence", "oldtown", "patterns"):
        assert not re.search(rf"\b{rule}\b", script), rule


@pytest.mark.parametrize("game, query", [("sequence", "players=2&seed=3"), ("numbers", "players=2&seed=5"),
                                         ("oldtown", "players=2&seed=2"), ("patterns", "players=2&seed=1&reaction=0")])
def test_the_web_tables_write_the_same_schema(client, game, query):
    answer = client.get(f"/play/{game}?{query}&bots=greedy", follow_redirects=False)
    table_id, token = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", answer.headers["location"]).groups()
    rng = random.Random(0)
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    while not seen["over"]:
        answer = client.post(f"/api/tables/{table_id}/0/act?token={token}",
                             json={"action": rng.choice(seen["actions"])["id"]})
        assert answer.status_code == 200, answer.text
        seen = answer.json()
    lines = [json.loads(line) for line in client.get(f"/api/tables/{table_id}/0/trace?token={token}").text.splitlines()]
    assert lines[0]["game"] == game and lines[0]["schema"] == SCHEMA and lines[0]["seats"] == ["person", "greedy"]
    check_replays(game, lines)


@pytest.mark.parametrize("game", ["oldtown", "patterns", "sequence"])
def test_a_trace_written_before_the_schema_opens_with_its_note(client, game):
    """tests/data/older-trace-*.jsonl: one game each, as `simulate --trace` wrote it before the schema."""
    from pathlib import Path

    text = (Path(__file__).parent / "data" / f"older-trace-{game}.jsonl").read_text()
    lines = [json.loads(line) for line in text.splitlines()]
    assert "schema" not in lines[0] and not any(e["event"] == "action" for e in lines)
    loaded = upload(client, lines)
    [summary] = loaded["games"]
    assert (summary["game"], summary["steps"], summary["seats"]) == (game, len(lines), lines[0]["bots"])
    assert summary["note"].startswith("an older trace without actions")
    watched = every_step(client, loaded["id"], 0, len(lines))
    assert watched[-1]["text"].startswith(("game over", "== game over")) and watched[0]["svg"] != watched[-1]["svg"]


def test_one_replay_for_every_game():
    """clicktown.games.replay replays a file of many games, each through the engine its game_start names."""
    from clicktown.games import replay as replay_any

    lines = [line for game in PLAYER_COUNTS for line in one_game(game, seed=6)]
    games = replay_any(lines)
    assert [g.game for g in games] == list(PLAYER_COUNTS)
    ends = [line for line in lines if line["event"] == "game_end"]
    assert [g.winners for g in games] == [e["winners"] for e in ends]
    lines[0]["game"] = "chess"
    with pytest.raises(TraceError, match="unknown game 'chess'"):
        replay_any(lines)
