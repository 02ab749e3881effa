"""Tables that outlive the server: `clicktown serve --database` killed with SIGKILL and started again
goes on with every table as it was (the same state, the same seat keys, the next move accepted), with
one server process or two (`--workers 2`), on SQLite and (`slow`) on PostgreSQL; and two servers on one
database: a move made through one is seen through the event stream of the other."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")

from clicktown import games  # noqa: E402
from clicktown.games import GAMES  # noqa: E402
from postgres_server import postgres_server, postgres_url  # noqa: E402, F401  (the PostgreSQL fixtures)

if not hasattr(games, "start_state"):   # the tables' traces record their actions once the replayable schema is in
    pytest.skip("the tables are rebuilt by replaying their traces: needs clicktown.games.start_state "
                "(the replayable trace schema)", allow_module_level=True)

CLICKTOWN = Path(sys.executable).with_name("clicktown")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`clicktown serve --database DB --workers N` in a process group of its own, on a free loopback port."""

    def __init__(self, database, workers: int = 1, home: Path | None = None):
        self.port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": str((home or database.parent) / "data")}
        self.process = subprocess.Popen([str(CLICKTOWN), "serve", "--port", str(self.port), "--database", str(database),
                                         "--workers", str(workers)],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        env=env, start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:     # wait until it listens (a poll, not a timed assertion)
            try:
                httpx.get(self.url + "/", timeout=5)
                return
            except httpx.TransportError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.process.stderr.read().decode()}") from None
                time.sleep(0.05)

    def client(self, cookies: dict | None = None) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=60, cookies=cookies, follow_redirects=True)

    def kill(self) -> None:
        """SIGKILL to the server and every worker process it started (its process group)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process.stderr.close()


def views(client, friend, table_id, keys):
    """Both seats' views, without the table's change counter (a restarted table counts anew)."""
    seen = [client.get(f"/api/tables/{table_id}/0/view", params={"token": keys[0]}).json(),
            friend.get(f"/api/tables/{table_id}/1/view", params={"token": keys[1]}).json()]
    for view in seen:
        assert "error" not in view, view
        view.pop("version")
    return seen


def play_moves(client, friend, table_id, keys, moves):
    """`moves` moves, each the first action offered to whichever seat may act."""
    for _ in range(moves):
        seen = views(client, friend, table_id, keys)
        if all(view["over"] for view in seen):
            return
        seat = next(s for s, view in enumerate(seen) if view["actions"])
        browser = (client, friend)[seat]
        answer = browser.post(f"/api/tables/{table_id}/{seat}/act", params={"token": keys[seat]},
                              json={"action": seen[seat]["actions"][0]["id"]})
        assert answer.status_code == 200, answer.text


@pytest.fixture
def kept_in(request, tmp_path):
    """(the database: a file or a postgresql:// URL, the number of server processes)."""
    backend, workers = request.param
    return (request.getfixturevalue("postgres_url") if backend == "postgres" else tmp_path / "tables.db"), workers


def restarts() -> list:
    """Every game with one server process on SQLite; with two, one game by default and the others under
    `slow` (`make test-all`), as every game on PostgreSQL."""
    cases = [pytest.param(("sqlite", 1), game, id=f"sqlite-{game}") for game in GAMES]
    for n, game in enumerate(GAMES):
        cases.append(pytest.param(("sqlite", 2), game, id=f"sqlite-2-workers-{game}",
                                  marks=() if n == len(GAMES) - 1 else pytest.mark.slow))
        cases.append(pytest.param(("postgres", 2), game, id=f"postgres-2-workers-{game}", marks=pytest.mark.slow))
    return cases


@pytest.mark.parametrize("kept_in, game", restarts(), indirect=["kept_in"])
def test_a_killed_server_goes_on_with_every_table(tmp_path, kept_in, game):
    database, workers = kept_in
    server = Server(database, workers, tmp_path)
    try:
        client, friend = server.client(), server.client()
        opened = client.get(f"/play/{game}?players=2&bots=person&seed=21&reaction=0", follow_redirects=False)
        table_id, host_key = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", opened.headers["location"]).groups()
        page = client.get(opened.headers["location"]).text
        link = re.search(r'class="join" data-seat="1" href="([^"]+)"', page).group(1)
        joined = friend.get(link)
        friend_key = re.search(r'data-seat="1" data-token="([\w-]+)"', joined.text).group(1)
        keys = (host_key, friend_key)
        play_moves(client, friend, table_id, keys, 7)
        before = views(client, friend, table_id, keys)
    finally:
        server.kill()

    server = Server(database, workers, tmp_path)
    try:
        client, friend = server.client(), server.client(cookies={f"seat-{table_id}-1": friend_key})   # its browser's cookie
        assert views(client, friend, table_id, keys) == before
        assert re.search(r'data-seat="1" data-token="([\w-]+)"', friend.get(f"/table/{table_id}/1").text).group(1) == friend_key
        again = server.client().get(httpx.URL(link).raw_path.decode(), follow_redirects=False)
        assert again.status_code == 403 and "join link has been used" in again.json()["error"]   # it stays used
        assert client.get(f"/api/tables/{table_id}/0/view", params={"token": friend_key}).status_code == 403
        play_moves(client, friend, table_id, keys, 1)                                  # the next move is accepted
        after = views(client, friend, table_id, keys)
        assert after != before
    finally:
        server.kill()


def first_event(stream) -> dict:
    """The next `data:` line of an event stream, as JSON."""
    import json

    for line in stream:
        if line.startswith("data: "):
            return json.loads(line[6:])
    raise AssertionError("the event stream ended")


def test_a_move_made_through_one_server_is_pushed_by_the_other(tmp_path):
    database = tmp_path / "tables.db"
    first = Server(database, 1, tmp_path)
    second = Server(database, 1, tmp_path)
    try:
        host = first.client()
        opened = host.get("/play/sequence?players=2&bots=person&seed=4", follow_redirects=False)
        table_id, key = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", opened.headers["location"]).groups()
        watcher = second.client()
        with watcher.stream("GET", f"/api/tables/{table_id}/0/events", params={"token": key}) as answer:
            lines = answer.iter_lines()
            before = first_event(lines)
            seen = host.get(f"/api/tables/{table_id}/0/view", params={"token": key}).json()
            move = seen["actions"][0]
            assert host.post(f"/api/tables/{table_id}/0/act", params={"token": key},
                             json={"action": move["id"]}).status_code == 200
            after = first_event(lines)            # the second server read the move from the database
        assert after["version"] > before["version"] and not after["over"]
        there = watcher.get(f"/api/tables/{table_id}/0/view", params={"token": key}).json()
        assert there["actions"] == [] and there["to_move"] == 1 and there["events"] == host.get(
            f"/api/tables/{table_id}/0/view", params={"token": key}).json()["events"]
        refused = watcher.post(f"/api/tables/{table_id}/0/act", params={"token": key}, json={"action": move["id"]})
        assert refused.status_code == 409 and "not seat 0's turn" in refused.json()["error"]
    finally:
        first.kill()
        second.kill()


def test_the_bots_of_a_table_move_in_one_server_process_and_every_page_sees_them(tmp_path):
    database = tmp_path / "tables.db"
    server = Server(database, 2, tmp_path)
    try:
        host = server.client()
        opened = host.get("/play/sequence?players=3&bots=greedy&seed=4&pace=0", follow_redirects=False)
        table_id, key = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", opened.headers["location"]).groups()
        for _ in range(3):
            seen = host.get(f"/api/tables/{table_id}/0/view", params={"token": key}).json()
            with server.client() as other:        # a new connection: either worker may answer it
                with other.stream("GET", f"/api/tables/{table_id}/0/events", params={"token": key}) as answer:
                    lines = answer.iter_lines()
                    version = first_event(lines)["version"]
                    assert host.post(f"/api/tables/{table_id}/0/act", params={"token": key},
                                     json={"action": seen["actions"][0]["id"]}).status_code == 200
                    while not (view := host.get(f"/api/tables/{table_id}/0/view", params={"token": key}).json())["actions"]:
                        version = max(version, first_event(lines)["version"])   # wait for the bots' moves, pushed
        from clicktown.web.store import Store

        seats = [line["seat"] for line in Store(database).load(table_id).lines if line["event"] == "action"
                 and line["seat"] >= 0]
        assert seats == [0, 1, 2] * 3 and view["thinking"] is None
    finally:
        server.kill()
