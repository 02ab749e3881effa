"""The tables' store alone: append and load, settings and seat keys, two connections at once, and a
commit that survives a killed process; on SQLite, and (`slow`, make test-all) on a throwaway PostgreSQL
server the tests start (postgres_server.py: skipped, saying why, without its binaries or driver)."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from clicktown.web.store import SCHEMA_VERSION, Conflict, Store, StoreError, default_path, open_store
from postgres_server import postgres_server, postgres_url  # noqa: F401  (the PostgreSQL fixtures)

START = {"event": "game_start", "schema": 2, "game": "sequence", "index": 0, "seed": 7, "players": 2,
         "seats": ["person", "person"], "options": {}}
SETTINGS = {"players": 2, "seats": ["person", "person"], "seed": 7, "lang": "de", "rules": {}, "reaction": 3.0}
KEYS = {0: "key-of-seat-0", 1: "key-of-seat-1"}


def action(n: int) -> dict:
    return {"event": "action", "seat": n % 2 - (n % 5 == 0), "action": 100 + n}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
def where(request, tmp_path):
    """Where a store is kept: an SQLite file, or a new database on the throwaway PostgreSQL server."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_url")
    return tmp_path / "tables.db"


@pytest.fixture
def store(where):
    kept = open_store(where)
    yield kept
    kept.close()


def test_a_table_is_loaded_as_it_was_kept(store):
    store.open_table("t1", "sequence", SETTINGS, KEYS, [START])
    assert store.append("t1", 1, [action(0), action(1)]) == 3
    assert store.append("t1", 3, [{"event": "play", "seat": 0, "text": "Fünf ♥ – ²"}]) == 4
    kept = store.load("t1")
    assert (kept.id, kept.game, kept.settings, kept.keys, kept.claimed, kept.over) == (
        "t1", "sequence", SETTINGS, KEYS, frozenset(), False)
    assert kept.lines == [START, action(0), action(1), {"event": "play", "seat": 0, "text": "Fünf ♥ – ²"}]
    assert store.lines_from("t1", 2) == kept.lines[2:] and store.lines_from("t1", 4) == []
    assert store.load("no-such-table") is None


def test_the_end_of_a_game_is_kept_and_listed(store):
    for name in ("a", "b", "c"):
        store.open_table(name, "oldtown", SETTINGS, {0: name}, [START])
    store.append("b", 1, [{"event": "game_end", "winners": [1], "reason": "win"}], over=True)
    assert store.load("b").over and not store.load("a").over
    assert store.table_ids() == ["a", "b", "c"]
    assert (store.table_ids(over=True), store.table_ids(over=False)) == (["b"], ["a", "c"])
    assert store.delete("b") and not store.delete("b")
    assert store.load("b") is None and store.table_ids() == ["a", "c"]
    assert store.lines_from("b", 0) == []


def test_an_append_at_the_wrong_number_is_refused_and_keeps_nothing(store):
    store.open_table("t", "patterns", SETTINGS, KEYS, [START, action(0)])
    with pytest.raises(Conflict, match="table t has 2 lines kept, not 1: another server process moved it on first"):
        store.append("t", 1, [action(1)])
    with pytest.raises(Conflict, match="not 3"):
        store.append("t", 3, [action(1)])
    with pytest.raises(StoreError, match="no table nope is kept"):
        store.append("nope", 0, [START])
    assert store.load("t").lines == [START, action(0)]


def test_a_table_id_is_opened_once(store):
    store.open_table("t", "patterns", SETTINGS, KEYS, [START])
    with pytest.raises(Conflict, match="the database refused the change: .*(UNIQUE|unique) constraint"):
        store.open_table("t", "oldtown", {}, {}, [])
    assert store.load("t").game == "patterns" and store.load("t").lines == [START]


def test_a_seat_gets_a_new_key(store):
    store.open_table("t", "numbers", SETTINGS, KEYS, [START])
    assert store.load("t").claimed == frozenset()
    store.set_key("t", 1, "claimed", claimed=True)
    store.set_key("t", 2, "third")
    assert store.load("t").keys == {0: "key-of-seat-0", 1: "claimed", 2: "third"}
    assert store.load("t").claimed == {1}
    assert store.claim_key("t", 2, "mine") and not store.claim_key("t", 2, "theirs")   # a join link is claimed once
    assert not store.claim_key("t", 1, "late") and not store.claim_key("t", 7, "no seat")
    assert store.seat_keys("t") == ({0: "key-of-seat-0", 1: "claimed", 2: "mine"}, frozenset({1, 2}))
    assert store.seat_keys("nope") == ({}, frozenset())


def test_two_connections_see_each_others_commits_and_never_interleave_a_table(where):
    first, second = open_store(where), open_store(where)
    first.open_table("t", "sequence", SETTINGS, KEYS, [START])
    assert second.load("t").lines == [START]
    second.append("t", 1, [action(1)])
    with pytest.raises(Conflict):
        first.append("t", 1, [action(2)])          # the second moved the table on first
    assert first.append("t", 2, [action(2)]) == 3
    assert second.load("t").lines == first.load("t").lines == [START, action(1), action(2)]
    first.close()
    second.close()


def test_writers_in_many_threads_and_two_stores_keep_every_line(where):
    stores = [open_store(where), open_store(where)]
    for n in range(4):
        stores[0].open_table(f"t{n}", "sequence", SETTINGS, KEYS, [START])
    conflicts = []

    def write(n: int) -> None:
        store = stores[n % 2]
        for k in range(50):
            store.append(f"t{n}", 1 + k, [action(k)])
        try:                                        # every writer also races for one shared table
            store.append("t0", 51, [action(n)])
        except Conflict:
            conflicts.append(n)
        store.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lines = {n: stores[0].load(f"t{n}").lines for n in range(4)}
    assert all(lines[n][:51] == [START, *map(action, range(50))] for n in range(4))
    assert [len(lines[n]) for n in range(4)] == [52, 51, 51, 51]  # t0's 52nd line: the one writer first there
    assert len(conflicts) == 3 and lines[0][51] in [action(n) for n in range(4) if n not in conflicts]


WRITER = """
import sys
from clicktown.web.store import Store
store = Store(sys.argv[1])
store.open_table("t", "sequence", {"seed": 7}, {0: "k"}, [{"event": "game_start"}])
for n in range(int(sys.argv[2])):
    store.append("t", 1 + n, [{"event": "action", "seat": 0, "action": n}])
    print(n + 1, flush=True)            # the answer goes out only after the commit
sys.stdin.read()                        # then wait to be killed
"""


def test_a_commit_survives_a_killed_process(tmp_path):
    path = tmp_path / "killed.db"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path), "40"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    told = [int(writer.stdout.readline()) for _ in range(40)]
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    assert told == list(range(1, 41)) and writer.returncode == -signal.SIGKILL
    assert Path(str(path) + "-wal").exists()       # the commits are still in the write-ahead log
    kept = Store(path).load("t")
    assert kept.lines == [{"event": "game_start"}, *({"event": "action", "seat": 0, "action": n} for n in range(40))]
    assert (kept.settings, kept.keys) == ({"seed": 7}, {0: "k"})


def test_the_database_is_sqlite_in_wal_mode(tmp_path):
    store = Store(tmp_path / "tables.db")
    with sqlite3.connect(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert sorted(row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")) == [
            "game_tables", "leases", "seat_keys", "trace_lines"]


def test_the_default_database_is_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "clicktown" / "tables.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")    # the specification: only absolute paths count
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "clicktown" / "tables.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == tmp_path / "home" / ".local" / "share" / "clicktown" / "tables.db"


def test_a_database_that_cannot_be_opened_is_one_line(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(StoreError, match=r"^the tables' database .*file/t.db cannot be opened: .*"):
        Store(tmp_path / "file" / "t.db")
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match="cannot be opened: file is not a database"):
        Store(tmp_path / "junk.db")
    if os.geteuid() != 0:
        (tmp_path / "locked").mkdir(mode=0o500)
        with pytest.raises(StoreError, match="cannot be opened"):
            Store(tmp_path / "locked" / "t.db")


def test_serve_refuses_a_database_it_cannot_open_in_one_line(tmp_path):
    from click.testing import CliRunner

    from clicktown.cli import cli

    (tmp_path / "file").write_text("not a folder")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for bad in (tmp_path / "file" / "t.db", tmp_path):
        result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--database", str(bad)])
        assert result.exit_code == 2 and "Traceback" not in result.output and "--database" in result.output
        assert len(result.output.strip().splitlines()) <= 2   # the error line (and click's usage line)
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--database", str(tmp_path / "junk.db")])
    assert result.exit_code == 2 and result.output.startswith(
        f"clicktown: error: the tables' database {tmp_path / 'junk.db'} cannot be opened: file is not a database")
