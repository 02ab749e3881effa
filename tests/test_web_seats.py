"""Seats that belong to their player: a join link is claimed once (the claiming browser gets the seat's
own key in a cookie; the link then stops working); tables deal from a random seed unless one is given,
and a given seed is shown on the table and in its trace (a random one stays secret: it would tell
every hand)."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.games import GAMES  # noqa: E402
from clicktown.web import tables  # noqa: E402
from clicktown.web import table as table_module  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL, open_table  # noqa: E402


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def hand(client, table_id, token):
    return client.get(f"/api/tables/{table_id}/0/view?token={token}").json()["hand"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_without_a_seed_deals_from_a_random_one(client, game, monkeypatch):
    drawn = iter([4021, 77])
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda bound: next(drawn) % bound)
    first, second = (open_table(client, f"/play/{game}?players=2&bots=person") for _ in range(2))
    assert [tables.TABLES[t].seed for t, _ in (first, second)] == [4021, 77]
    assert [tables.TABLES[t].seed_given for t, _ in (first, second)] == [False, False]
    given = open_table(client, f"/play/{game}?players=2&bots=person&seed=4021")
    assert hand(client, *first) == hand(client, *given)      # the seed is the whole deal
    assert hand(client, *first) != hand(client, *second)


def test_the_random_seed_is_drawn_below_the_largest_seed(client, monkeypatch):
    bounds = []
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda bound: bounds.append(bound) or 0)
    open_table(client, "/play/sequence")
    assert bounds == [tables.MAX_SEED + 1]


def test_a_given_seed_is_shown_and_a_random_one_is_not(client, monkeypatch):
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda bound: 918273)
    table_id, token = open_table(client, "/play/sequence?players=2&bots=greedy&seed=31")
    page = client.get(f"/table/{table_id}/0?token={token}").text
    assert re.findall(r'<p class="seed" data-seed="(\d+)">([^<]*)</p>', page) == [("31", "dealt from seed 31")]
    table_id, token = open_table(client, "/play/sequence?players=2&bots=greedy&seed=31&lang=de")
    assert '<p class="seed" data-seed="31">gegeben mit dem Startwert 31</p>' in client.get(
        f"/table/{table_id}/0?token={token}").text
    table_id, token = open_table(client, "/play/sequence?players=2&bots=greedy")
    page = client.get(f"/table/{table_id}/0?token={token}").text
    assert 'class="seed"' not in page and "918273" not in page
    assert "918273" not in json.dumps(client.get(f"/api/tables/{table_id}/0/view?token={token}").json())


def test_the_lobby_sends_no_seed_unless_one_is_typed(client):
    assert 'name="seed" type="number" min="0" placeholder="random"' in client.get("/tables").text
    answer = client.get("/play?game=sequence&players=2&bots=greedy&seed=&lang=en", follow_redirects=False)
    assert answer.headers["location"] == "/play/sequence?players=2&bots=greedy&lang=en"
    answer = client.get("/play?game=sequence&players=2&seed=5", follow_redirects=False)
    assert answer.headers["location"] == "/play/sequence?players=2&seed=5"


def test_the_trace_of_a_finished_game_holds_its_seed(client, monkeypatch):
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda bound: 6060)
    table_id, token = open_table(client, "/play/sequence?players=2&bots=random")
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    while not seen["over"]:
        seen = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": seen["actions"][0]["id"]}).json()
    first = json.loads(client.get(f"/api/tables/{table_id}/0/trace?token={token}").text.splitlines()[0])
    assert first["seed"] == 6060


# ---- a join link is claimed once ------------------------------------------------------------------------

def friends_table(client):
    table_id, token = open_table(client, "/play/sequence?players=3&bots=person,greedy&seed=8")
    return table_id, token, tables.TABLES[table_id].tokens[1]


def test_the_first_browser_to_open_a_join_link_claims_the_seat(client):
    table_id, host, link = friends_table(client)
    friend = TestClient(create_app(), base_url=LOCAL)
    answer = friend.get(f"/table/{table_id}/1?token={link}", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/table/{table_id}/1"
    key = tables.TABLES[table_id].tokens[1]
    assert key != link and answer.cookies[f"seat-{table_id}-1"] == key
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and f"Path=/table/{table_id}/1" in cookie
    page = friend.get(f"/table/{table_id}/1").text
    assert f'data-seat="1" data-token="{key}"' in page and link not in page
    assert friend.get(f"/api/tables/{table_id}/1/view?token={key}").json()["seat"] == 1
    again = friend.get(f"/table/{table_id}/1?token={link}", follow_redirects=False)   # the claimer opens it again
    assert again.status_code == 303 and again.headers["location"] == f"/table/{table_id}/1"


def test_a_claimed_link_stops_working_for_everyone_else(client):
    table_id, host, link = friends_table(client)
    TestClient(create_app(), base_url=LOCAL).get(f"/table/{table_id}/1?token={link}")
    before = client.get(f"/api/tables/{table_id}/0/view?token={host}").json()
    late = TestClient(create_app(), base_url=LOCAL)
    answer = late.get(f"/table/{table_id}/1?token={link}", follow_redirects=False)
    assert answer.status_code == 403 and answer.json() == {
        "error": "this join link has been used: seat 1 belongs to the browser that opened it first"}
    assert "set-cookie" not in answer.headers
    for url in (f"/api/tables/{table_id}/1/view?token={link}", f"/table/{table_id}/1"):
        refused = late.get(url)
        assert refused.status_code == 403 and refused.json()["error"] == "the token of seat 1 is needed to look or act for it"
    forged = late.get(f"/table/{table_id}/1?token={link}", cookies={f"seat-{table_id}-1": link}, follow_redirects=False)
    assert forged.status_code == 403
    assert client.get(f"/api/tables/{table_id}/0/view?token={host}").json() == before


def test_the_host_sees_which_seats_were_claimed_and_keeps_the_others_links(client):
    table_id, host, link = open_table(client, "/play/sequence?players=3&bots=person&seed=8") + (None,)
    links = dict(tables.TABLES[table_id].tokens)
    TestClient(create_app(), base_url=LOCAL).get(f"/table/{table_id}/2?token={links[2]}")
    page = client.get(f"/table/{table_id}/0?token={host}").text
    assert re.findall(r'class="join" data-seat="(\d)" href="[^"]*\?token=([\w-]+)"', page) == [("1", links[1])]
    assert re.findall(r'<li class="joined" data-seat="(\d)">seat \d: ([^<]*)</li>', page) == [
        ("2", "joined (the link has been used)")]
    assert links[2] not in page and tables.TABLES[table_id].tokens[2] not in page


def test_seat_zero_is_the_openers_and_never_claimed(client):
    table_id, host, _ = friends_table(client)
    assert client.get(f"/table/{table_id}/0?token={host}").status_code == 200
    assert client.get(f"/table/{table_id}/0?token={host}").status_code == 200
    assert tables.TABLES[table_id].tokens[0] == host and tables.TABLES[table_id].claimed == frozenset()
