"""Tables that outlive the server: `clicktown serve --database` killed with SIGKILL and started again
goes on with every table as it was (the same state, the same seat keys, the next move accepted)."""

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

if not hasattr(games, "start_state"):   # the tables' traces record their actions once the replayable schema is in
    pytest.skip("the tables are rebuilt by replaying their traces: needs clicktown.games.start_state "
                "(the replayable trace schema)", allow_module_level=True)

CLICKTOWN = Path(sys.executable).with_name("clicktown")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`clicktown serve --database DB` in a process of its own, on a free loopback port."""

    def __init__(self, database: Path):
        self.port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": str(database.parent / "data")}
        self.process = subprocess.Popen([str(CLICKTOWN), "serve", "--port", str(self.port), "--database", str(database)],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        env=env)
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
        self.process.send_signal(signal.SIGKILL)
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


@pytest.mark.parametrize("game", list(GAMES))
def test_a_killed_server_goes_on_with_every_table(tmp_path, game):
    database = tmp_path / "tables.db"
    server = Server(database)
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

    server = Server(database)
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
