"""The lobby and what a player expects around a table: open tables listed when their host made them
public, a new join link for a seat nobody has claimed, spectators who see only what every seat sees,
a rematch with the same seats and a new seed, "my games" from the keys a browser holds, and the
lobby's own errors shown beside its form (over HTTP; the browser tests are in test_web_lobby_browser.py)."""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.games import GAMES, PERSON  # noqa: E402
from clicktown.web import keeping, lobby, tables  # noqa: E402
from clicktown.web import table as table_module  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL, open_table  # noqa: E402

HTML = {"accept": "text/html,application/xhtml+xml"}


def browser() -> TestClient:
    """A browser of its own: its own cookies."""
    return TestClient(create_app(), base_url=LOCAL)


@pytest.fixture
def host():
    return browser()


@pytest.fixture(autouse=True)
def unlisted():
    """The tables a test made public leave the lobby's list afterwards (other pages' tests count its lines)."""
    yield
    for table in list(tables.TABLES.values()):
        table.public = False


def listed(client) -> dict[str, list[tuple[str, str]]]:
    """The lobby's open tables: table id -> [(seat, take-a-seat link)]."""
    text = client.get("/tables").text.split('<section class="waiting">')[1].split("</section>")[0]
    return {chunk.split('"')[0]: re.findall(r'class="take-seat" data-seat="(\d+)" href="([^"]+)"', chunk)
            for chunk in text.split('<li class="open-table" data-table="')[1:]}


def play_to_the_end(client, table_id, keys, seed=0):
    """Every person's seat plays a random offered action until the game is over; the last view of seat 0."""
    rng = random.Random(seed)
    while True:
        views = {s: client.get(f"/api/tables/{table_id}/{s}/view?token={k}").json() for s, k in keys.items()}
        if views[0]["over"]:
            return views[0]
        seat, seen = next((s, v) for s, v in views.items() if v["actions"])
        answer = client.post(f"/api/tables/{table_id}/{seat}/act?token={keys[seat]}",
                             json={"action": rng.choice(seen["actions"])["id"]})
        assert answer.status_code == 200, answer.text


def claim(client, link) -> str:
    """Open a join link in `client`: the seat's key it now holds."""
    answer = client.get(link.replace(LOCAL, ""), follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return next(value for name, value in answer.cookies.items() if name.startswith("seat-"))


# ---- the open tables ---------------------------------------------------------------------------------------

def test_only_public_tables_with_a_free_seat_are_listed_with_a_link_per_free_seat(host):
    public, _ = open_table(host, "/play/oldtown?players=4&bots=person,greedy,person&public=true&held_plots=card")
    private, _ = open_table(host, "/play/oldtown?players=4&bots=person,greedy,person")
    table = tables.TABLES[public]
    found = listed(host)
    assert private not in found
    assert found[public] == [("1", f"{LOCAL}/table/{public}/1?token={table.tokens[1]}"),
                             ("3", f"{LOCAL}/table/{public}/3?token={table.tokens[3]}")]
    item = host.get("/tables").text.split(f'data-table="{public}"')[1].split('class="open-table"')[0]
    assert re.findall(r'<li data-seat="(\d)">([^<]*)</li>', item) == [
        ("0", "seat 0: taken"), ("1", "seat 1: free"), ("2", "seat 2: bot greedy (medium)"), ("3", "seat 3: free")]
    assert "<strong>Old Town</strong> seats taken: 2, free: 2" in item and "held plots: card" in item
    assert table.tokens[0] not in host.get("/tables").text


def test_a_listed_table_drops_out_once_its_last_free_seat_is_taken(host):
    table_id, _ = open_table(host, "/play/sequence?players=3&bots=person&public=true")
    links = dict(listed(host)[table_id])
    first = claim(browser(), links["1"])
    assert [seat for seat, _ in listed(host)[table_id]] == ["2"]
    assert first not in host.get("/tables").text              # a claimed seat's key is never shown
    claim(browser(), links["2"])
    assert table_id not in listed(host)


def test_with_a_store_the_lobby_lists_the_tables_every_server_process_opened(tmp_path, host):
    """Tables another server process opened are in the store only: the lobby lists them from there, and a
    seat claimed through another process leaves the list."""
    from clicktown.web.store import Store

    store = Store(tmp_path / "tables.db")
    keeping.use_store(store)
    try:
        elsewhere, _ = open_table(host, "/play/sequence?players=3&bots=person&public=true")
        private, _ = open_table(host, "/play/sequence?players=3&bots=person")
        links = {s: tables.TABLES[elsewhere].tokens[s] for s in (1, 2)}
        for gone in (elsewhere, private):
            del tables.TABLES[gone]                   # as if another process held them
        assert [seat for seat, _ in listed(host)[elsewhere]] == ["1", "2"] and private not in listed(host)
        assert store.claim_key(elsewhere, 1, "claimed-elsewhere")
        assert [seat for seat, _ in listed(host)[elsewhere]] == ["2"]
        assert store.claim_key(elsewhere, 2, "claimed-elsewhere-too") and elsewhere not in listed(host)
        assert links[1] not in host.get("/tables").text
    finally:
        keeping.use_store(None)
        store.close()


def test_a_finished_public_table_is_not_listed(host, monkeypatch):
    table_id, token = open_table(host, "/play/sequence?players=2&bots=person&public=true&seed=2")
    assert table_id in listed(host)
    play_to_the_end(host, table_id, {0: token, 1: tables.TABLES[table_id].tokens[1]})
    assert table_id not in listed(host)


def test_the_lobby_says_when_no_table_waits(host, monkeypatch):
    monkeypatch.setattr(lobby, "TABLES", {})
    assert '<p class="open-tables none">No table is waiting for players.</p>' in host.get("/tables").text
    assert '<p class="open-tables none">Kein Tisch wartet auf Mitspieler.</p>' in host.get("/tables?lang=de").text


def test_the_lobby_form_sends_public_on():
    answer = browser().get("/play?game=sequence&players=3&bots=person&public=true", follow_redirects=False)
    assert answer.headers["location"] == "/play/sequence?players=3&bots=person&public=true"
    assert '<input name="public" type="checkbox" value="true">' in browser().get("/tables").text


# ---- a new join link ---------------------------------------------------------------------------------------

def test_the_host_makes_a_new_link_and_the_old_one_stops_working(host):
    table_id, token = open_table(host, "/play/sequence?players=3&bots=person")
    old = tables.TABLES[table_id].tokens[1]
    page = host.get(f"/table/{table_id}/0").text
    assert f'<form method="post" action="/table/{table_id}/0/links/1" class="new-link">' in page
    assert re.findall(r'button type="submit" data-new-link="(\d)"', page) == ["1", "2"]
    answer = host.post(f"/table/{table_id}/0/links/1", data={"token": token}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/table/{table_id}/0"
    new = tables.TABLES[table_id].tokens[1]
    assert new != old
    page = host.get(f"/table/{table_id}/0").text
    assert re.findall(r'class="join" data-seat="(\d)" href="[^"]*\?token=([\w-]+)"', page) == [
        ("1", new), ("2", tables.TABLES[table_id].tokens[2])]
    late = browser().get(f"/table/{table_id}/1?token={old}", follow_redirects=False)
    assert late.status_code == 403 and late.json()["error"] == "the token of seat 1 is needed to look or act for it"
    assert claim(browser(), f"/table/{table_id}/1?token={new}")


def test_a_new_link_is_refused_for_a_claimed_seat_and_to_anyone_but_the_host(host):
    table_id, token = open_table(host, "/play/sequence?players=3&bots=person")
    friend = browser()
    key = claim(friend, f"/table/{table_id}/1?token={tables.TABLES[table_id].tokens[1]}")
    answer = host.post(f"/table/{table_id}/0/links/1", data={"token": token})
    assert answer.status_code == 409 and answer.json()["error"].startswith("seat 1 has no join link to renew")
    assert tables.TABLES[table_id].tokens[1] == key
    for seat in (0, 9):
        assert host.post(f"/table/{table_id}/0/links/{seat}", data={"token": token}).status_code == 409
    link = tables.TABLES[table_id].tokens[2]
    refused = browser().post(f"/table/{table_id}/0/links/2", data={"token": key})
    assert refused.status_code == 403 and tables.TABLES[table_id].tokens[2] == link


# ---- spectators ------------------------------------------------------------------------------------------------

def spectator_key(page_text: str) -> str:
    return re.search(r'<a class="spectate" href="[^"]*/watch\?token=([\w-]+)"', page_text).group(1)


def test_the_host_sees_a_spectator_link_and_the_spectator_page_has_no_actions(host):
    table_id, token = open_table(host, "/play/oldtown?players=3&bots=greedy,person&seed=5")
    key = spectator_key(host.get(f"/table/{table_id}/0").text)
    assert key == tables.TABLES[table_id].spectator
    friend = browser()
    friend_page = friend.get(f"/table/{table_id}/2?token={tables.TABLES[table_id].tokens[2]}").text
    assert 'class="spectate"' not in friend_page and "data-act-url" in friend_page
    page = browser().get(f"/table/{table_id}/watch?token={key}").text
    assert ('data-seat="watch"' in page
            and f'data-view-url="/api/tables/{table_id}/watch/view?token={key}"' in page)
    assert "data-act-url" not in page and "data-rematch" not in page and 'class="join-links"' not in page
    assert '<small class="who">spectator</small>' in page
    for wrong in ("", "?token=nope", f"?token={token}"):
        answer = browser().get(f"/table/{table_id}/watch{wrong}")
        assert answer.status_code == 403 and answer.json()["error"] == "the spectators' key of this table is needed to watch it"
        assert browser().get(f"/api/tables/{table_id}/watch/view{wrong}").status_code == 403
    assert browser().get(f"/api/tables/nosuch/watch/view?token={key}").status_code == 404


def private_texts(seen: dict) -> list[str]:
    """Every string of a seat's hand."""
    found = []

    def walk(part):
        if isinstance(part, str):
            found.append(part)
        elif isinstance(part, dict):
            for value in part.values():
                walk(value)
        elif isinstance(part, list):
            for value in part:
                walk(value)

    walk(seen["hand"])
    return found


def hand_cards(table) -> list[tuple[int, list[str]]]:
    """Each seat's hand as the engine holds it, as the names the views use (Old Town: `card N`)."""
    state = table.state
    if table.game == "oldtown":
        public = set(state.discards) | {e["card"] for e in state.events if e["event"] == "play"}
        return [(s, [f"card {n}" for n in hand if n not in public]) for s, hand in enumerate(state.hands)]
    if table.game == "patterns":
        names = state.table.names
        return [(s, [names[c]]) for s, c in enumerate(state.hand) if c is not None]
    return []   # Sequence: its two decks put every card kind on the board too; the told lines are checked below


@pytest.mark.parametrize("game, query", [("oldtown", "players=4&bots=person,greedy,random&seed=3"),
                                         ("patterns", "players=3&bots=person,greedy&seed=2&reaction=0"),
                                         ("sequence", "players=3&bots=person,greedy&seed=4"),
                                         ("numbers", "players=2&bots=person&seed=6")])
def test_a_spectator_sees_no_card_of_any_hand(host, game, query):
    table_id, token = open_table(host, f"/play/{game}?{query}")
    table = tables.TABLES[table_id]
    keys = {0: token, 1: claim(browser(), f"/table/{table_id}/1?token={table.tokens[1]}")}
    rng, checked = random.Random(1), 0
    for _ in range(12):
        watched = browser().get(f"/api/tables/{table_id}/watch/view?token={table.spectator}").json()
        assert watched["hand"] == [] and watched["actions"] == [] and watched["seat"] is None and "<svg" in watched["svg"]
        shown = json.dumps({k: v for k, v in watched.items() if k != "words"}, ensure_ascii=False)
        views = {s: host.get(f"/api/tables/{table_id}/{s}/view?token={k}").json() for s, k in keys.items()}
        for seat, cards in hand_cards(table):
            assert not [c for c in cards if re.search(rf"\b{re.escape(c)}\b", shown)], (seat, cards)
            checked += len(cards)
        told = {e["text"] for e in watched["events"]}
        for seat, seen in views.items():
            public = json.dumps([seen["public"], seen["board"]], ensure_ascii=False)   # a won card lies open
            assert not [t for t in private_texts(seen) if len(t) > 12 and t in shown and t not in told and t not in public]
            own = [e["text"] for e in seen["events"] if e["text"] not in told]   # what only this seat was told
            assert not [t for t in own if t in shown]
            assert seen["hand"] != [] or game == "patterns"
        if watched["over"]:
            break
        seat, seen = next(((s, v) for s, v in views.items() if v["actions"]), (None, None))
        if seat is None:
            break
        host.post(f"/api/tables/{table_id}/{seat}/act?token={keys[seat]}", json={"action": rng.choice(seen["actions"])["id"]})
    assert checked or game in ("sequence", "numbers")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_spectator_view_does_not_change_when_the_hands_do(game):
    """The same table with every seat's hand handed on to the next seat looks the same to a spectator."""
    spec = GAMES[game]
    players = 2
    state = spec.new_state(players, (PERSON, "greedy"), spec.chosen_rules({}))
    rng = random.Random(3)
    from clicktown.arena.state import CHANCE, sample_chance

    for _ in range(30):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seen = spec.spectator_view(state, 0, "en")
    hands = "hands" if hasattr(state, "hands") else "hand"
    held = getattr(state, hands)
    assert len({len(h) if isinstance(h, list) else 1 for h in held}) == 1 and held[0] != held[1]
    setattr(state, hands, [held[1], held[0]])
    assert spec.spectator_view(state, 0, "en") == seen
    setattr(state, hands, held)
    assert spec.view(state, 0, 0, "en") != spec.view(state, 1, 0, "en")
    assert seen["hand"] == [] and seen["actions"] == [] and seen["seat"] is None


def test_the_spectator_is_told_the_end_without_a_you(host):
    table_id, token = open_table(host, "/play/sequence?players=2&bots=random&seed=9")
    play_to_the_end(host, table_id, {0: token})
    key = tables.TABLES[table_id].spectator
    over = browser().get(f"/api/tables/{table_id}/watch/view?token={key}").json()["over"]
    assert over["result"] == "over" and over["text"].startswith("game over: ")
    assert not [line for line in [over["text"], *over["lines"]] if "you" in line]
    trace = browser().get(f"/api/tables/{table_id}/watch/trace?token={key}")
    assert trace.status_code == 200 and json.loads(trace.text.splitlines()[0])["event"] == "game_start"


# ---- the rematch -------------------------------------------------------------------------------------------------

def finished_friends_table(host, monkeypatch, query="players=2&bots=person&seed=11&reaction=0", game="sequence"):
    table_id, token = open_table(host, f"/play/{game}?{query}")
    friend = browser()
    key = claim(friend, f"/table/{table_id}/1?token={tables.TABLES[table_id].tokens[1]}")
    return table_id, token, friend, key


def test_a_rematch_has_the_same_seats_and_rules_a_new_seed_and_new_keys(host, monkeypatch):
    table_id, token, friend, key = finished_friends_table(
        host, monkeypatch, "players=3&bots=person,greedy&seed=11&held_plots=card", "oldtown")
    early = host.post(f"/table/{table_id}/0/rematch", data={"token": token})
    assert early.status_code == 409 and early.json()["error"] == "a rematch can be asked for once the game is over"
    play_to_the_end(host, table_id, {0: token, 1: key})
    monkeypatch.setattr(lobby.secrets, "randbelow", lambda bound: 424242)
    assert host.get(f"/api/tables/{table_id}/0/view?token={token}").json()["rematch"] is None
    answer = host.post(f"/table/{table_id}/0/rematch", data={"token": token}, follow_redirects=False)
    again_id = lobby.rematch_id(table_id)
    assert answer.status_code == 303 and answer.headers["location"] == f"/table/{again_id}/0"
    old, again = tables.TABLES[table_id], tables.TABLES[again_id]
    assert (again.game, again.seats, again.rules, again.lang) == (old.game, old.seats, old.rules, old.lang)
    assert (again.seed, again.seed_given, again.rematch_of, again.claimed) == (424242, False, table_id, frozenset())
    assert again.rules["held_plots"] == "card"
    assert set(again.tokens) == {0, 1} and not set(again.tokens.values()) & set(old.tokens.values())
    assert answer.cookies[f"seat-{again_id}-0"] == again.tokens[0]
    assert host.get(f"/table/{again_id}/0").status_code == 200           # the host's browser holds the new key
    # the friend, still on the old page, learns its own way in through its view; the host its own
    told = friend.get(f"/api/tables/{table_id}/1/view?token={key}").json()["rematch"]
    assert told == f"/table/{again_id}/1?token={again.tokens[1]}"
    assert host.get(f"/api/tables/{table_id}/0/view?token={token}").json()["rematch"] == \
        f"/table/{again_id}/0?token={again.tokens[0]}"
    new_key = claim(friend, told)
    assert again.claimed == {1} and again.tokens[1] == new_key
    assert friend.get(f"/api/tables/{table_id}/1/view?token={key}").json()["rematch"] == f"/table/{again_id}/1"
    assert friend.get(f"/table/{again_id}/1").status_code == 200


def test_two_asking_for_a_rematch_open_one_table(host, monkeypatch):
    table_id, token, friend, key = finished_friends_table(host, monkeypatch)
    play_to_the_end(host, table_id, {0: token, 1: key})
    first = friend.post(f"/table/{table_id}/1/rematch", data={"token": key}, follow_redirects=False)
    again_id = lobby.rematch_id(table_id)
    assert first.status_code == 303 and first.headers["location"] == f"/table/{again_id}/1?token={tables.TABLES[again_id].tokens[1]}"
    second = friend.post(f"/table/{table_id}/1/rematch", follow_redirects=False)   # the seat's cookie is enough
    assert second.headers["location"] == first.headers["location"]
    host.post(f"/table/{table_id}/0/rematch", data={"token": token})
    assert [t.id for t in list(tables.TABLES.values()) if t.rematch_of == table_id] == [again_id]
    assert browser().post(f"/table/{table_id}/1/rematch", data={"token": "nope"}).status_code == 403


def test_the_table_page_offers_the_rematch_to_people_only_when_over(host):
    table_id, token = open_table(host, "/play/sequence?players=2&bots=greedy&seed=1")
    page = host.get(f"/table/{table_id}/0").text
    assert (f'<form class="rematch" data-rematch data-when-over hidden method="post" action="/table/{table_id}/0/rematch"'
            in page) and "rematch.js" in page


def test_the_rematch_and_the_lobbys_settings_are_kept_in_the_store(tmp_path, host, monkeypatch):
    from clicktown.web.store import Store

    store = Store(tmp_path / "tables.db")
    keeping.use_store(store)
    try:
        table_id, token, friend, key = finished_friends_table(host, monkeypatch, "players=2&bots=person&seed=11&public=true")
        play_to_the_end(host, table_id, {0: token, 1: key})
        host.post(f"/table/{table_id}/0/rematch", data={"token": token})
        again_id = lobby.rematch_id(table_id)
        kept = store.load(again_id).settings
        assert (kept["rematch_of"], kept["public"], kept["spectator"]) == (table_id, True, tables.TABLES[again_id].spectator)
        spectator = tables.TABLES[again_id].spectator
        for gone in (table_id, again_id):
            del tables.TABLES[gone]
        told = friend.get(f"/api/tables/{table_id}/1/view?token={key}").json()["rematch"]   # rebuilt from the store
        again = tables.TABLES[again_id]
        assert told == f"/table/{again_id}/1?token={again.tokens[1]}"
        assert (again.rematch_of, again.public, again.spectator) == (table_id, True, spectator)
        link = again.tokens[1]
        host.post(f"/table/{again_id}/0/links/1", data={"token": again.tokens[0]})
        del tables.TABLES[again_id]
        assert store.load(again_id).keys[1] == tables.TABLES.get(again_id, keeping.find_table(again_id)).tokens[1] != link
    finally:
        keeping.use_store(None)
        store.close()


# ---- my games ------------------------------------------------------------------------------------------------------

def my_games(client) -> dict[str, list[tuple[str, str, str]]]:
    """The page's sections: playing / finished -> [(table id, seat, over)]."""
    text = client.get("/tables/mine").text
    return {name: re.findall(r'<li data-table="([\w-]+)" data-seat="(\d+)" data-over="(\w+)">',
                             text.split(f'<section class="{name}">')[1].split("</section>")[0])
            for name in ("playing", "finished")}


def test_my_games_lists_this_browsers_tables_and_the_finished_ones_traces(host):
    playing, _ = open_table(host, "/play/oldtown?players=2&bots=greedy&seed=1")
    done, token = open_table(host, "/play/sequence?players=2&bots=random&seed=3")
    play_to_the_end(host, done, {0: token})
    other, _ = open_table(browser(), "/play/sequence?players=3&bots=person")
    joined = browser()
    friend_key = claim(joined, f"/table/{other}/1?token={tables.TABLES[other].tokens[1]}")
    assert my_games(host) == {"playing": [(playing, "0", "false")], "finished": [(done, "0", "true")]}
    assert my_games(joined) == {"playing": [(other, "1", "false")], "finished": []}
    text = host.get("/tables/mine").text
    assert f'<a class="trace" href="/api/tables/{done}/0/trace?token={token}" download>' in text
    assert '<a class="viewer" href="/viewer">trace viewer</a>' in text
    assert host.get(f"/api/tables/{done}/0/trace?token={token}").status_code == 200
    assert friend_key not in host.get("/tables/mine").text
    assert my_games(browser()) == {"playing": [], "finished": []}
    assert '<p class="none">None.</p>' in browser().get("/tables/mine").text


def test_my_games_passes_over_a_forged_or_stale_cookie(host):
    table_id, token = open_table(host, "/play/sequence?players=3&bots=person")
    forger = browser()
    forger.cookies.set(f"mine-{table_id}", "0.not-the-key", path="/tables/mine")
    forger.cookies.set("mine-nosuchtable", f"0.{token}", path="/tables/mine")
    forger.cookies.set(f"mine-{table_id}x", "zero.key", path="/tables/mine")
    assert my_games(forger) == {"playing": [], "finished": []}


# ---- the lobby's form: errors beside it, the bots' levels -------------------------------------------------------------

@pytest.mark.parametrize("query, reason", [
    ("game=oldtown&players=5&bots=greedy", "Old Town is played by 2, 3, 4 players, not 5"),
    ("game=sequence&players=2&bots=mctz", "unknown bot 'mctz' (choose random, greedy, planner, mcts, person)"),
    ("game=sequence&players=two", "players must be a whole number"),
    ("game=oldtown&players=2&oldtown.held_plots=sideways", "rule option held_plots of Old Town is one of marker, card"),
    ("game=chess", "unknown game 'chess'"),
])
def test_a_refused_form_comes_back_as_the_lobby_with_the_reason(query, reason):
    client = browser()
    before = set(tables.TABLES)
    answer = client.get(f"/play?{query}", headers=HTML)
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("text/html")
    shown = re.findall(r'<p class="error" role="alert" data-error>([^<]*)</p>', answer.text)
    assert len(shown) == 1 and shown[0].replace("&#x27;", "'").startswith(reason)
    assert '<form class="lobby"' in answer.text and set(tables.TABLES) == before
    assert client.get(f"/play?{query}").json()["error"].startswith(reason[:20])   # a script still gets JSON


def test_a_refused_form_keeps_what_was_typed():
    text = browser().get("/play?game=oldtown&players=5&bots=planner,mcts&seed=12&public=true&oldtown.held_plots=card&lang=de",
                         headers=HTML).text
    assert '<option value="oldtown" selected>' in text and 'name="players" type="number" min="2" max="12" value="5"' in text
    assert 'name="bots" value="planner,mcts"' in text and 'value="12"' in text and 'value="true" checked' in text
    assert '<option value="card" selected>' in text and '<html lang="de">' in text


def test_the_lobby_lists_each_games_bots_with_their_levels():
    for lang, words in (("en", {"easy": "easy", "medium": "medium", "strong": "strong"}),
                        ("de", {"easy": "leicht", "medium": "mittel", "strong": "stark"})):
        text = browser().get(f"/tables?lang={lang}").text
        for name, spec in GAMES.items():
            block = text.split(f'<ul class="bot-levels" data-game="{name}">')[1].split("</ul>")[0]
            assert re.findall(r'<li data-bot="(\w+)" data-level="(\w+)"><code>\w+</code> (\w+)</li>', block) == [
                (bot, spec.bot_level(bot), words[spec.bot_level(bot)]) for bot in spec.bots()]
            assert "<code>person</code>" in block


# ---- hostile requests ------------------------------------------------------------------------------------------------

def test_hostile_keys_and_forms_get_a_4xx_and_change_nothing(host):
    table_id, token = open_table(host, "/play/sequence?players=3&bots=person")
    links = dict(tables.TABLES[table_id].tokens)
    stranger = browser()
    for key in ("é²", "x" * 64, ""):
        assert stranger.get(f"/table/{table_id}/watch", params={"token": key}).status_code == 403
        assert stranger.get(f"/api/tables/{table_id}/watch/events", params={"token": key}).status_code == 403
        assert stranger.post(f"/table/{table_id}/0/links/1", data={"token": key}).status_code == 403
        assert stranger.post(f"/table/{table_id}/0/rematch", data={"token": key}).status_code == 403
    assert stranger.get(f"/table/{table_id}/watch", params={"token": "x" * 65}).status_code == 422
    assert stranger.post(f"/table/{table_id}/0/links/one", data={"token": token}).status_code == 422
    assert stranger.post(f"/table/{table_id}/0/links/1", content=b"\xff\xfe=\x00&token").status_code == 403
    assert stranger.post(f"/table/nosuch/0/rematch", data={"token": token}).status_code == 404
    assert tables.TABLES[table_id].tokens == links
    assert host.get("/tables/mine", headers={"cookie": f"mine-{table_id}=0.%C3%A9"}).status_code == 200


def test_the_names_pace_and_clock_go_on_to_the_rematch_and_the_names_outlive_a_restart(tmp_path, host, monkeypatch):
    from clicktown.web.store import Store

    store = Store(tmp_path / "tables.db")
    keeping.use_store(store)
    try:
        table_id, token, friend, key = finished_friends_table(
            host, monkeypatch, "players=2&bots=person&seed=11&name=Ann&pace=0.25&clock=40")
        said = friend.post(f"/api/tables/{table_id}/1/name?token={key}", json={"name": "  Bob  "})
        assert said.json() == {"seat": 1, "name": "Bob"}
        del tables.TABLES[table_id]                                    # rebuilt from the store: the names too
        assert keeping.find_table(table_id).names == {0: "Ann", 1: "Bob"}
        play_to_the_end(host, table_id, {0: token, 1: key})
        host.post(f"/table/{table_id}/0/rematch", data={"token": token})
        again = tables.TABLES[lobby.rematch_id(table_id)]
        assert (again.names, again.pace, again.per_move) == ({0: "Ann", 1: "Bob"}, 0.25, 40)
        del tables.TABLES[again.id]
        kept = keeping.find_table(again.id)
        assert (kept.names, kept.pace, kept.per_move) == ({0: "Ann", 1: "Bob"}, 0.25, 40)
    finally:
        keeping.use_store(None)
        store.close()
