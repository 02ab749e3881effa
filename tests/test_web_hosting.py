"""Safe to host: the Host rule, the origin rule, the security headers, the bounds per address, and every
hostile request answered with a 4xx and its reason while the tables stay as they were."""

from __future__ import annotations

import re
import socket

import pytest
from click.testing import CliRunner

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.cli import cli  # noqa: E402
from clicktown.web import keeping, tables  # noqa: E402
from clicktown.web.app import IDLE_SECONDS, MAX_HEADER_BYTES, create_app, serve_in_thread, server_config  # noqa: E402
from clicktown.web.guard import CONTENT_SECURITY_POLICY, served_hosts, split_host  # noqa: E402
from web_fixtures import LOCAL, open_table  # noqa: E402

EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def friends_table(client, game="sequence"):
    """A two-person table (no race countdown): (id, seat 0's token, seat 1's token)."""
    table_id, token = open_table(client, f"/play/{game}?players=2&bots=person&seed=5&reaction=0")
    return table_id, token, tables.TABLES[table_id].tokens[1]


def looks(client, table_id, token):
    """What seat 0 sees, and the table's version: unchanged by every refused request."""
    return client.get(f"/api/tables/{table_id}/0/view?token={token}").json(), tables.TABLES[table_id].version


# ---- the Host rule ------------------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.evil.example", "localhost.evil",
                                  "user@127.0.0.1", "127.0.0.1/x", "[::2]", "::1"])
def test_a_foreign_host_is_refused_naming_it_and_opens_no_table(client, host):
    before = set(tables.TABLES)
    for path in ("/", "/tables", "/play/sequence?seed=1", "/static/site.css"):
        answer = client.get(path, headers={"host": host}, follow_redirects=False)
        assert answer.status_code == 400 and answer.json() == {
            "error": f"this server does not answer to the Host {host!r} (start it with --allowed-host NAME to serve a name)"}
    assert set(tables.TABLES) == before


def test_a_move_with_a_foreign_host_is_refused_and_changes_nothing(client):
    table_id, token, _ = friends_table(client)
    before = looks(client, table_id, token)
    action = before[0]["actions"][0]["id"]
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": action},
                         headers={"host": "evil.example"})
    assert answer.status_code == 400 and "'evil.example'" in answer.json()["error"]
    assert looks(client, table_id, token) == before


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8765", "localhost:1234", "LOCALHOST", "[::1]:8765"])
def test_the_loopback_names_are_answered_on_any_port_in_process(client, host):
    assert client.get("/", headers={"host": host}).status_code == 200


def test_a_served_server_answers_its_names_on_its_port_only():
    app = TestClient(create_app(served_hosts("192.168.1.5", 8765, ["games.example.org", "friends.example:8443"])),
                     base_url=LOCAL)
    answered = ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "192.168.1.5:8765", "games.example.org",
                "games.example.org:443", "friends.example:8443"]
    refused = ["127.0.0.1:8766", "127.0.0.1", "192.168.1.5:80", "friends.example", "friends.example:443", "evil.example"]
    assert [app.get("/", headers={"host": h}).status_code for h in answered] == [200] * len(answered)
    assert [app.get("/", headers={"host": h}).status_code for h in refused] == [400] * len(refused)


def test_the_join_links_are_built_from_the_served_host():
    app = TestClient(create_app(served_hosts("127.0.0.1", 8765, ["games.example.org"])), base_url=LOCAL)
    table_id, token = open_table(app, "/play/sequence?players=2&bots=person", host="games.example.org")
    page = app.get(f"/table/{table_id}/0?token={token}", headers={"host": "games.example.org"}).text
    assert re.findall(r'class="join" data-seat="1" href="([^"?]+)', page) == [f"http://games.example.org/table/{table_id}/1"]


def test_host_names_are_split_as_browsers_send_them():
    assert split_host("Games.Example.org:8443") == ("games.example.org", 8443)
    assert split_host("[::1]:80") == ("[::1]", 80) and split_host("localhost") == ("localhost", None)
    bad = ("", "a b:x", "host:99999", "u@host", "host/path", "host?q", "a b", "bücher.example", "x_y.example", "-a")
    assert [split_host(name) for name in bad] == [None] * len(bad)
    assert split_host("xn--bcher-kva.example") == ("xn--bcher-kva.example", None)
    assert served_hosts() == {("127.0.0.1", None), ("localhost", None), ("[::1]", None)}
    assert served_hosts("0.0.0.0", 80) == {("127.0.0.1", 80), ("localhost", 80), ("[::1]", 80)}


def test_serve_refuses_an_allowed_host_that_is_not_a_name():
    result = CliRunner().invoke(cli, ["serve", "--allowed-host", "http://x/y"])
    assert result.exit_code == 2 and "--allowed-host" in result.output and "is not a host name" in result.output
    assert "Traceback" not in result.output


# ---- the origin rule ----------------------------------------------------------------------------------

@pytest.mark.parametrize("headers, reason", [
    ({"origin": EVIL}, "a request from the page of another origin (http://evil.example) may not change anything here"),
    ({"origin": "null"}, "a request from the page of another origin (null) may not change anything here"),
    ({"origin": "http://127.0.0.1:9"}, "a request from the page of another origin (http://127.0.0.1:9) may not change anything here"),
    ({"sec-fetch-site": "cross-site"}, "a page of another site may not use this server's pages or change anything here"),
])
def test_a_move_from_another_origin_is_refused_and_changes_nothing(client, headers, reason):
    table_id, token, _ = friends_table(client)
    before = looks(client, table_id, token)
    action = before[0]["actions"][0]["id"]
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": action}, headers=headers)
    assert answer.status_code == 403 and answer.json() == {"error": reason}
    assert looks(client, table_id, token) == before
    same = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": action},
                       headers={"origin": LOCAL, "sec-fetch-site": "same-origin"})
    assert same.status_code == 200 and tables.TABLES[table_id].version > before[1]


def test_another_sites_img_tag_opens_no_table_but_a_followed_link_does(client):
    before = set(tables.TABLES)
    image = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image"}
    answer = client.get("/play/sequence?seed=3", headers=image, follow_redirects=False)
    assert answer.status_code == 403 and "another site" in answer.json()["error"]
    assert set(tables.TABLES) == before
    link = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document"}
    table_id, _ = open_table(client, "/play/sequence?seed=3", **link)
    assert set(tables.TABLES) - before == {table_id}


# ---- the security headers -----------------------------------------------------------------------------

@pytest.mark.parametrize("path, status", [("/", 200), ("/static/tables.js", 200), ("/no/such/page", 404),
                                          ("/play/sequence?players=5", 400)])
def test_every_answer_carries_the_security_headers(client, path, status):
    answer = client.get(path, follow_redirects=False)
    assert answer.status_code == status
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "script-src 'self';" in CONTENT_SECURITY_POLICY and "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert (answer.headers["x-content-type-options"], answer.headers["referrer-policy"],
            answer.headers["x-frame-options"]) == ("nosniff", "no-referrer", "DENY")


def test_a_refused_host_is_answered_with_the_security_headers_too(client):
    answer = client.get("/", headers={"host": "evil.example"})
    assert answer.status_code == 400 and answer.headers["x-frame-options"] == "DENY"


# ---- hostile requests: a 4xx with the reason, the table unchanged ----------------------------------------

@pytest.mark.parametrize("bad", ["tökén", "²", "a\u200bb", "%C3%A9"])
def test_a_token_with_a_non_ascii_character_is_refused_on_every_seat_route(client, bad):
    table_id, token, _ = friends_table(client)
    before = looks(client, table_id, token)
    base = f"/api/tables/{table_id}/0"
    answers = [client.get(f"/table/{table_id}/0", params={"token": bad}),
               client.get(f"{base}/view", params={"token": bad}),
               client.post(f"{base}/act", params={"token": bad}, json={"action": before[0]["actions"][0]["id"]}),
               client.get(f"{base}/events", params={"token": bad}),
               client.get(f"{base}/trace", params={"token": bad})]
    assert [(a.status_code, a.json()) for a in answers] == [
        (403, {"error": "the token of seat 0 is needed to look or act for it"})] * 5
    assert looks(client, table_id, token) == before


@pytest.mark.parametrize("body", [{"action": True}, {"action": False}, {"action": "1"}, {"action": 1.0},
                                  {"action": None}, {"action": [1]}, {"action": {"id": 1}}, {}, {"action": 1, "x": 2}])
def test_an_action_must_be_a_whole_number_strictly(client, body):
    table_id, token, _ = friends_table(client, "patterns")   # covering position 0 or 1: actions 0 and 1
    before = looks(client, table_id, token)
    assert [a["id"] for a in before[0]["actions"]][:2] == [0, 1]   # so true, false, "1" or 1.0 would be played
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json=body)
    assert answer.status_code == 422 and answer.json()["error"].split(":")[0] in ("action", "x")
    assert looks(client, table_id, token) == before


@pytest.mark.parametrize("url, name", [
    ("/play/oldtown?players=2&held_plot=marker", "held_plot"),
    ("/play/oldtown?players=2&held_plots=marker&Seed=3", "Seed"),
    ("/play/sequence?players=2&held_plots=marker", "held_plots"),
    ("/play?game=oldtown&held_plot=marker", "held_plot"),
    ("/play?game=sequence&oldtown.held_plot=marker", "oldtown.held_plot"),
    ("/play?game=sequence&bogus=1", "bogus"),
])
def test_an_unknown_parameter_on_play_is_refused_naming_it(client, url, name):
    before = set(tables.TABLES)
    answer = client.get(url, follow_redirects=False)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(f"unknown parameter {name!r} (known: ")
    assert set(tables.TABLES) == before


def test_the_known_parameters_still_open_a_table(client):
    table_id, _ = open_table(client, "/play/oldtown?players=2&held_plots=marker&seed=4&lang=de&reaction=1&hints=true")
    assert tables.TABLES[table_id].rules["held_plots"] == "marker"
    answer = client.get("/play?game=oldtown&oldtown.held_plots=marker&patterns.after=clockwise&players=2",
                        follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/play/oldtown?players=2&held_plots=marker"


# ---- bounds per address -------------------------------------------------------------------------------

def test_an_address_that_opens_many_tables_closes_only_its_own(monkeypatch):
    monkeypatch.setattr(keeping, "MAX_TABLES_PER_CLIENT", 3)
    mine = TestClient(create_app(), base_url=LOCAL, client=("10.0.0.1", 5000))
    other = TestClient(create_app(), base_url=LOCAL, client=("10.0.0.2", 5000))
    theirs = open_table(other, "/play/sequence?seed=1")[0]
    opened = [open_table(mine, f"/play/sequence?seed={n}")[0] for n in range(6)]
    assert [t in tables.TABLES for t in opened] == [False, False, False, True, True, True]
    assert theirs in tables.TABLES and tables.TABLES[theirs].client == "10.0.0.2"


def test_an_address_follows_a_bounded_number_of_tables(client, monkeypatch):
    table_id, token, _ = friends_table(client)
    monkeypatch.setitem(tables.STREAMS, "testclient", tables.MAX_STREAMS_PER_CLIENT)
    answer = client.get(f"/api/tables/{table_id}/0/events?token={token}")
    assert answer.status_code == 429 and answer.json() == {
        "error": f"this address follows {tables.MAX_STREAMS_PER_CLIENT} tables at once, the most one address may: "
                 "close a page first"}
    monkeypatch.setitem(tables.STREAMS, "testclient", tables.MAX_STREAMS_PER_CLIENT - 1)
    tables.follow("testclient")
    tables.unfollow("testclient")
    assert tables.STREAMS["testclient"] == tables.MAX_STREAMS_PER_CLIENT - 1


def test_the_server_bounds_header_size_and_idle_time():
    config = server_config(create_app())
    assert (config.h11_max_incomplete_event_size, config.timeout_keep_alive) == (MAX_HEADER_BYTES, IDLE_SECONDS)
    url, stop = serve_in_thread()
    try:
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as conn:
            conn.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: {'a' * MAX_HEADER_BYTES}".encode())  # no end yet
            head = conn.recv(200).decode("latin-1")
        assert head.startswith("HTTP/1.1 400")
        with socket.create_connection((host, int(port)), timeout=10) as conn:
            conn.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
            head = conn.recv(200).decode("latin-1")
        assert head.startswith("HTTP/1.1 200")
    finally:
        stop()


@pytest.mark.parametrize("body, field", [
    ({"placement": {"3": 7}}, "placement.3"), ({"placement": {"3": True}}, "placement.3"),
    ({"placement": {}, "notes": {"3": [1]}}, "notes.3.0"), ({"placement": {}, "notes": {"3": "Bank"}}, "notes.3"),
    ({"placement": {}, "lang": 1}, "lang"),
])
def test_the_solo_hint_body_is_strictly_typed(client, body, field):
    answer = client.post("/api/oldtown/solo/1/hint", json=body)
    assert answer.status_code == 422 and answer.json()["error"].startswith(f"{field}: ")


@pytest.mark.parametrize("mistakes", [1, "true", "yes", None])
def test_the_solo_check_body_is_strictly_typed(client, mistakes):
    answer = client.post("/api/oldtown/solo/1/check", json={"placement": {"3": "Bank"}, "mistakes": mistakes})
    assert answer.status_code == 422 and answer.json()["error"].startswith("mistakes: ")
    assert client.post("/api/oldtown/solo/1/check", json={"placement": {"3": "Bank"}, "mistakes": True}).status_code == 200
