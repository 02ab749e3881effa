"""The tables move on by themselves, in the background of the requests: `act` answers once the person's
action is committed, the bots then move one at a time (the table's pace), a person whose move clock
runs out is played for by a bot until they are back, and the tables nobody looks at expire.

Nothing here waits: the mover is held (its moves are made by `run_pending` when the test says so) and
the tables' clock and the store's clock are the test's own."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.web import keeping, tables  # noqa: E402
from clicktown.web import table as table_module  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from clicktown.web.store import Store  # noqa: E402
from web_fixtures import LOCAL, Clock, open_table  # noqa: E402


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


@pytest.fixture
def held(monkeypatch, tmp_path, held_mover):
    """The mover held (moves wait for run_pending), the tables' clock and a store with its own clock;
    the tables the test opened are closed after it."""
    clock, wall, before = Clock(1000.0), Clock(1.7e9), set(tables.TABLES)
    monkeypatch.setattr(table_module, "CLOCK", clock)
    store = Store(tmp_path / "tables.db")
    store.clock = wall
    monkeypatch.setattr(keeping, "STORE", store)
    yield held_mover, clock, wall, store
    for table_id in set(tables.TABLES) - before:
        del tables.TABLES[table_id]
    store.close()


def seat_view(client, table_id, token, seat=0, status=200):
    answer = client.get(f"/api/tables/{table_id}/{seat}/view?token={token}")
    assert answer.status_code == status, answer.text
    return answer.json()


def act(client, table_id, token, action, seat=0):
    answer = client.post(f"/api/tables/{table_id}/{seat}/act?token={token}", json={"action": action})
    assert answer.status_code == 200, answer.text
    return answer.json()


def acted(store, table_id) -> list[int]:
    """The seats whose actions the store holds, in order (chance left out)."""
    return [line["seat"] for line in store.load(table_id).lines if line["event"] == "action" and line["seat"] >= 0]


def test_act_answers_before_the_bots_move_and_each_bot_move_is_committed(client, held):
    mover, _, _, store = held
    table_id, token = open_table(client, "/play/sequence?players=3&bots=greedy&seed=5&pace=0")
    seen = seat_view(client, table_id, token)
    assert (seen["thinking"], seen["clock"], seen["seats"]) == (None, None, ["person", "greedy", "greedy"])
    answer = act(client, table_id, token, seen["actions"][0]["id"])
    assert answer["thinking"] == 1 and answer["actions"] == []           # seat 1's bot has not moved yet
    assert not any(e["text"].startswith(("seat 1", "seat 2")) for e in answer["events"])
    assert acted(store, table_id) == [0]                                 # the person's action is committed
    assert mover.run_pending() == 2                                      # the two bots, one move each
    after = seat_view(client, table_id, token)
    assert after["thinking"] is None and after["actions"] and after["version"] == answer["version"] + 2
    assert [e["text"].split(" (")[0] for e in after["events"] if " played " in e["text"]] == ["you", "seat 1", "seat 2"]
    assert acted(store, table_id) == [0, 1, 2]
    assert mover.run_pending() == 0                                      # nothing left: the table waits for the person


def test_at_a_table_with_people_the_bots_move_a_pace_apart(client, held):
    mover, clock, _, store = held
    table_id, token = open_table(client, "/play/sequence?players=3&bots=greedy&seed=8&pace=2")
    act(client, table_id, token, seat_view(client, table_id, token)["actions"][0]["id"])
    steps = []
    for later in (1.9, 0.1, 1.9, 0.1, 5.0):
        clock.now += later
        moved = mover.run_pending(eager=False)
        steps.append((moved, seat_view(client, table_id, token)["thinking"], acted(store, table_id)))
    assert steps == [(0, 1, [0]), (1, 2, [0, 1]), (0, 2, [0, 1]), (1, None, [0, 1, 2]), (0, None, [0, 1, 2])]


def test_the_pace_and_the_clock_are_checked_parameters(client):
    for query, words in (("pace=6", "pace"), ("pace=-1", "pace"), ("clock=-3", "clock"), ("clock=x", "clock"),
                         ("clock=4000", "clock")):
        answer = client.get(f"/play/sequence?players=2&{query}", follow_redirects=False)
        assert answer.status_code == 422 and words in answer.json()["error"], query


def test_a_person_out_of_time_is_played_for_by_a_bot_until_they_are_back(client, held):
    mover, clock, _, store = held
    table_id, host = open_table(client, "/play/sequence?players=2&bots=person&seed=5&pace=1&clock=30")
    friend = tables.TABLES[table_id].tokens[1]
    seen = seat_view(client, table_id, host)
    assert seen["clock"] == {"seconds": {"0": 30.0, "1": 30.0}, "per_move": 30.0, "zombie": []}
    clock.now += 12.5
    assert seat_view(client, table_id, friend, seat=1)["clock"]["seconds"] == {"0": 17.5, "1": 30.0}
    assert mover.run_pending(eager=False) == 0
    clock.now += 17.5                                   # seat 0's time is up: a bot takes the seat...
    assert mover.run_pending(eager=False) == 1
    watched = seat_view(client, table_id, friend, seat=1)
    assert (watched["clock"]["zombie"], watched["thinking"], acted(store, table_id)) == ([0], 0, [])
    clock.now += 1.0                                    # ... and moves for it, a pace later
    assert mover.run_pending(eager=False) == 1 and acted(store, table_id) == [0]
    watched = seat_view(client, table_id, friend, seat=1)
    assert watched["clock"] == {"seconds": {"0": 30.0, "1": 30.0}, "per_move": 30.0, "zombie": [0]}
    clock.now += 30.0                                   # seat 1 is out of time too
    assert mover.run_pending(eager=False) == 1 and tables.TABLES[table_id].zombies == {0, 1}
    clock.now += 1.0
    assert mover.run_pending(eager=False) == 1 and acted(store, table_id) == [0, 1]   # seat 1's bot moved
    assert tables.TABLES[table_id].thinking == 0                                     # seat 0's bot is next
    back = seat_view(client, table_id, host)            # the person of seat 0 looks: the seat is theirs again
    assert (back["clock"]["zombie"], back["thinking"], back["clock"]["seconds"]["0"]) == ([1], None, 30.0)
    assert back["actions"] and mover.run_pending(eager=False) == 0
    act(client, table_id, host, back["actions"][0]["id"])
    assert acted(store, table_id) == [0, 1, 0] and tables.TABLES[table_id].thinking == 1
    clock.now += 1.0
    assert mover.run_pending(eager=False) == 1 and acted(store, table_id) == [0, 1, 0, 1]


def test_a_table_without_a_clock_waits_for_its_person_for_ever(client, held):
    mover, clock, _, _ = held
    table_id, token = open_table(client, "/play/sequence?players=2&bots=greedy&seed=5&pace=0")
    clock.now += 10**6
    assert mover.run_pending(eager=False) == 0
    assert seat_view(client, table_id, token)["actions"] and tables.TABLES[table_id].zombies == set()


def play_out(client, table_id, token, mover, seed=0):
    rng = random.Random(seed)
    seen = seat_view(client, table_id, token)
    while not seen["over"]:
        act(client, table_id, token, rng.choice(seen["actions"])["id"])
        mover.run_pending()
        seen = seat_view(client, table_id, token)
    return seen


def test_tables_nobody_looks_at_expire_and_finished_games_stay(client, held, monkeypatch):
    mover, clock, wall, store = held
    monkeypatch.setattr(keeping, "EXPIRE_AFTER", 100.0)
    monkeypatch.setattr(keeping, "TOUCH_EVERY", 0.0)
    idle, idle_token = open_table(client, "/play/sequence?players=2&bots=person&seed=1")
    read, read_token = open_table(client, "/play/sequence?players=2&bots=person&seed=2")
    done, done_token = open_table(client, "/play/sequence?players=2&bots=greedy&seed=3&pace=0")
    assert play_out(client, done, done_token, mover)["over"]
    reader = tables.TABLES[read].tokens[1]
    for _ in range(3):                           # only seat 1 reads its table (it waits for seat 0), every 60 s
        clock.now, wall.now = clock.now + 60, wall.now + 60
        seat_view(client, read, reader, seat=1)
    assert keeping.expire() == sorted([idle, done])               # done leaves memory, idle everything
    assert set(store.table_ids()) == {read, done} and idle not in tables.TABLES and done not in tables.TABLES
    assert client.get(f"/api/tables/{idle}/0/view?token={idle_token}").status_code == 404
    assert seat_view(client, done, done_token)["over"]            # rebuilt from its trace
    clock.now, wall.now = clock.now + 1000, wall.now + 1000
    assert keeping.expire() == sorted([read, done]) and store.table_ids() == [done]


def test_serve_forgets_a_table_on_request(tmp_path):
    from click.testing import CliRunner

    from clicktown.cli import cli

    database = tmp_path / "t.db"
    Store(database).open_table("abc", "sequence", {}, {0: "k"}, [{"event": "game_start"}])
    result = CliRunner().invoke(cli, ["serve", "--database", str(database), "--forget", "abc", "--forget", "nope"])
    assert result.exit_code == 1
    assert result.output.splitlines() == ["table abc deleted from the database", "no table nope is kept in the database"]
    assert Store(database).table_ids() == []
    Store(database).open_table("xyz", "sequence", {}, {}, [])
    result = CliRunner().invoke(cli, ["serve", "--database", str(database), "--forget", "xyz", "--json"])
    assert (result.exit_code, result.output) == (0, '{"forgotten": ["xyz"], "not_kept": []}\n')


def test_serve_hands_its_settings_to_every_server_process(monkeypatch, tmp_path):
    from clicktown.web.app import ENV_DATABASE, served_app, settings_to_environment
    from clicktown.web.guard import served_hosts

    hosts = served_hosts("127.0.0.1", 8765, ["games.example.org"])
    environment = settings_to_environment(tmp_path / "t.db", hosts, 3600.0)
    assert environment[ENV_DATABASE] == str(tmp_path / "t.db")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(keeping, "EXPIRE_AFTER", keeping.EXPIRE_AFTER)
    running = keeping.MOVER.mode == "thread"
    keeping.MOVER.stop()
    try:
        app = TestClient(served_app(), base_url="http://games.example.org")
        assert keeping.MOVER.mode == "thread" and keeping.EXPIRE_AFTER == 3600.0
        assert keeping.STORE.path == tmp_path / "t.db"
        assert app.get("/").status_code == 200
        assert app.get("/", headers={"Host": "127.0.0.1:8765"}).status_code == 200
        refused = app.get("/", headers={"Host": "evil.example"})
        assert refused.status_code == 400 and "evil.example" in refused.json()["error"]
    finally:
        keeping.MOVER.stop()
        keeping.STORE.close()
        keeping.use_store(None)
        if running:
            keeping.MOVER.start()


def test_a_lease_is_one_process_s_until_it_runs_out(tmp_path):
    store = Store(tmp_path / "t.db")
    store.clock = wall = Clock(5000.0)
    store.open_table("t", "sequence", {}, {0: "k"}, [])
    assert store.lease("t", "first", 15) and store.lease("t", "first", 15)   # taken, renewed
    assert not store.lease("t", "second", 15)
    wall.now += 14.9
    assert not store.lease("t", "second", 15)
    wall.now += 0.2                                   # the first process died: its lease ran out
    assert store.lease("t", "second", 15) and not store.lease("t", "first", 15)
    store.release("t", "first")                       # only its holder gives a lease up
    assert not store.lease("t", "first", 15)
    store.release("t", "second")
    assert store.lease("t", "first", 15)
