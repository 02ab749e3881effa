"""The play pages, the join links and the trace viewer: every endpoint over HTTP (TestClient), then in chromium.

The browser games choose among the offered `data-action-id` elements until `data-game-over`.
By default one whole Old Town game (which also checks every answer sent to the seat for the
bots' hidden cards) and a two-person Sequence game in two browser contexts; the other games'
pages are `slow` (make test-all).
"""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.games import GAMES  # noqa: E402
from clicktown.web import keeping, tables  # noqa: E402
from clicktown.web import table as table_module  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL, a_trace_of_each_game, open_table  # noqa: E402


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def play_out(client, table_id, token, seed=0, seat=0):
    """Play the seat's actions, chosen at random among those offered, to the end; returns every answer."""
    rng = random.Random(seed)
    seen = client.get(f"/api/tables/{table_id}/{seat}/view?token={token}").json()
    answers = [seen]
    while not seen["over"]:
        choice = rng.choice(seen["actions"])["id"]
        answer = client.post(f"/api/tables/{table_id}/{seat}/act?token={token}", json={"action": choice})
        assert answer.status_code == 200, answer.text
        seen = answer.json()
        answers.append(seen)
    return answers


# ---- HTTP -------------------------------------------------------------------------------------------


def test_the_home_page_links_the_tables_the_viewer_and_a_table_of_every_game(client):
    text = client.get("/").text
    assert 'href="/tables"' in text and 'href="/viewer"' in text
    assert re.findall(r'href="/play/(\w+)">([^<]+)</a>', text) == [(name, spec.title) for name, spec in GAMES.items()]


def test_the_lobby_offers_exactly_the_games_of_GAMES_and_sends_its_form_on(client):
    text = client.get("/tables").text
    assert re.findall(r'<option value="(\w+)">', text.split('name="game"')[1].split("</select>")[0]) == list(GAMES)
    assert list(GAMES) == ["oldtown", "patterns", "sequence", "numbers"]
    answer = client.get("/play?game=numbers&players=2&bots=random&seed=4", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/play/numbers?players=2&bots=random&seed=4"


@pytest.mark.parametrize("game, query", [("sequence", "players=2&bots=greedy&seed=3"), ("numbers", "players=3&seed=1"),
                                         ("oldtown", "players=3&bots=random,greedy&seed=2"),
                                         ("patterns", "players=2&seed=1&reaction=0")])
def test_a_whole_game_over_http_ends_with_standings_and_a_trace(client, game, query):
    table_id, token = open_table(client, f"/play/{game}?{query}")
    page = client.get(f"/table/{table_id}/0?token={token}")
    assert page.status_code == 200 and f'data-table="{table_id}"' in page.text and "tables.js" in page.text
    answers = play_out(client, table_id, token)
    over = answers[-1]["over"]
    assert over["result"] in ("win", "lose", "tie", "draw")
    assert over["text"].startswith(("you won", "seat ", "team ", "a draw", "nobody won")) and " won" in over["text"] \
        or over["result"] == "draw"
    assert len(over["lines"]) == len(over["standings"]) and all(line.startswith(("seat ", "you", "team "))
                                                                  for line in over["lines"])
    assert answers[-1]["actions"] == [] and "<svg" in answers[-1]["svg"]
    trace = client.get(f"/api/tables/{table_id}/0/trace?token={token}")
    events = [json.loads(line) for line in trace.text.splitlines()]
    assert trace.status_code == 200 and events[0]["event"] == "game_start"
    assert "game_end" in [e["event"] for e in events]


@pytest.mark.parametrize("game, query", [("sequence", "players=2&bots=greedy&seed=3"),
                                         ("oldtown", "players=2&bots=greedy&seed=2"),
                                         ("patterns", "players=3&bots=greedy,random&seed=1&reaction=0")])
def test_a_whole_german_game_over_http_is_told_in_german(client, game, query):
    table_id, token = open_table(client, f"/play/{game}?{query}&lang=de")
    answers = play_out(client, table_id, token)
    over = answers[-1]["over"]
    assert over["text"].startswith(("du hast ", "Spieler ", "Team ", "unentschieden", "niemand")) and over["lines"]
    told = [e["text"] for seen in answers for e in seen["events"]] + over["lines"]
    told += [a["text"] for seen in answers for a in seen["actions"]]
    english = (" you ", "seat ", " took ", " cards ", "clockwise", "covered", "points", "the Bank pays", "FALSE",
               "-coin", "-bullets", "white-", "grey-", " not ")
    assert not [text for text in told if any(word in f" {text} " for word in english)]


@pytest.mark.parametrize("url, status, words", [
    ("/play/chess", 400, "unknown game 'chess'"),
    ("/play/sequence?players=5", 400, "Sequence is played by 2, 3, 4, 6"),
    ("/play/oldtown?players=3&bots=wizard", 400, "unknown bot 'wizard'"),
    ("/play/patterns?players=2&bots=greedy,greedy", 400, "2 bots named for 1 seat besides yours"),
    ("/play/sequence?seed=-1", 422, "seed"),
    ("/play/sequence?players=99", 422, "players"),
    ("/play/sequence?lang=fr", 422, "lang"),
])
def test_a_bad_table_is_refused_with_a_reason(client, url, status, words):
    answer = client.get(url, follow_redirects=False)
    assert answer.status_code == status and words in answer.json()["error"]


def test_a_seat_needs_its_own_token(client):
    table_id, token = open_table(client, "/play/sequence?players=2&bots=person&seed=1")
    friend = tables.TABLES[table_id].tokens[1]
    stranger = TestClient(create_app(), base_url=LOCAL)   # the opener's browser holds seat 0's key in a cookie
    for url in (f"/table/{table_id}/0", f"/api/tables/{table_id}/0/view", f"/api/tables/{table_id}/0/view?token=nope",
                f"/api/tables/{table_id}/0/view?token={friend}", f"/api/tables/{table_id}/1/events?token={token}"):
        answer = stranger.get(url)
        assert answer.status_code == 403 and "token of seat" in answer.json()["error"]
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    action = seen["actions"][0]["id"]
    refused = client.post(f"/api/tables/{table_id}/0/act?token={friend}", json={"action": action})
    assert refused.status_code == 403
    early = client.post(f"/api/tables/{table_id}/1/act?token={friend}", json={"action": action})
    assert early.status_code == 409 and "not seat 1's turn" in early.json()["error"]
    assert client.get(f"/api/tables/{table_id}/0/trace?token={token}").status_code == 409


def test_bot_seats_and_unknown_tables_are_refused(client):
    table_id, token = open_table(client, "/play/oldtown?players=2&seed=1")
    assert client.get(f"/api/tables/{table_id}/1/view?token={token}").json() == {"error": "seat 1 is played by a bot"}
    assert client.get(f"/api/tables/{table_id}/5/view?token={token}").status_code == 404
    assert client.get(f"/api/tables/nosuchtable/0/view?token={token}").status_code == 404


def test_an_illegal_action_is_refused_and_old_town_says_why(client):
    table_id, token = open_table(client, "/play/oldtown?players=2&seed=3")
    table = tables.TABLES[table_id]
    state = table.state
    while state.phase != "turn":
        seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
        client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": seen["actions"][0]["id"]})
    legal = set(state.legal_actions())
    from clicktown.oldtown.game.state import PLAY

    refused = [n for n in state.hands[0] if state.catalogue.card(n).kind == "A" and state.play_action(n) not in legal]
    if refused:
        answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": state.play_action(refused[0])})
        assert answer.status_code == 400 and answer.json()["error"].startswith("the referee says no: card")
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": PLAY - 1})
    assert answer.status_code == 400 and answer.json()["error"] == f"there is no action {PLAY - 1}"
    assert client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": "x"}).status_code == 422
    assert client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": 1, "more": 2}).status_code == 422


def test_a_german_table_refuses_in_german(client):
    from clicktown.oldtown.game.state import PLAY

    table_id, token = open_table(client, "/play/oldtown?players=2&seed=3&lang=de")
    state = tables.TABLES[table_id].state
    while state.phase != "turn":
        seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
        client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": seen["actions"][0]["id"]})
    legal = set(state.legal_actions())
    refused = {state.play_action(n, name) for n in state.hands[0] for name in state.names} - legal
    errors = {client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": a}).json()["error"]
              for a in refused}
    assert refused and all(e.startswith("der Schiedsrichter sagt nein") for e in errors)
    assert any("gehört nicht zu deinen Gebäuden" in e for e in errors) or all("Karte" in e for e in errors)
    playable = [n for n in state.hands[0] if state.catalogue.card(n).kind == "A" and state.play_action(n) in legal]
    elsewhere = state.play_action(playable[0]) + (1 if state.play_action(playable[0]) == PLAY else -1)
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": elsewhere})
    card = state.catalogue.card(playable[0])  # a playable card's number for another building
    assert answer.json()["error"] == f"Karte {card.number} gilt nur für das Gebäude {state.catalogue.buildings[card.building].de}"
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": PLAY - 1})
    assert answer.status_code == 400 and answer.json()["error"] == f"eine Aktion {PLAY - 1} gibt es nicht"


def test_the_number_of_tables_is_bounded(client, monkeypatch):
    monkeypatch.setattr(keeping, "MAX_TABLES", 3)
    ids = [open_table(client, f"/play/sequence?seed={n}")[0] for n in range(5)]
    assert len(tables.TABLES) == 3 and all(i in tables.TABLES for i in ids[-3:])


def test_the_bots_react_after_the_reaction_time_unless_a_person_is_quicker(client, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(table_module.time, "monotonic", lambda: clock[0])
    table_id, token = open_table(client, "/play/patterns?players=2&seed=5&reaction=3")
    table = tables.TABLES[table_id]
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    assert seen["race_seconds"] == 3.0 and [a["text"] for a in seen["actions"]][-2:] == \
        ["Click!", "wait: let the others answer first"]
    assert seen["race_bots"] is True
    race = seen["compose"]   # the same answers as one step under the countdown, each sent at once
    assert race["race"] is True and race["confirm"] is False and race["title"] == seen["race_status"]
    assert [c["label"] for c in race["steps"][0]["choices"]] == [a["text"] for a in seen["actions"]]
    assert race["actions"] == {str(a["id"]): a["id"] for a in seen["actions"]}
    assert {a["via"] for a in seen["actions"]} == {"compose"}
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": seen["actions"][2]["id"]})
    assert answer.status_code == 200 and table.state.events[-1]["event"] in ("declare", "turn_start")
    starts = [e for e in table.state.events if e["event"] == "turn_start"]
    assert starts[-1]["order"][0] == 0 or any(e["event"] == "challenge_drawn" and e["seat"] == 0 for e in table.state.events)


def test_a_race_among_people_only_does_not_speak_of_bots(client, monkeypatch):
    monkeypatch.setattr(table_module.time, "monotonic", lambda: 1000.0)
    table_id, token = open_table(client, "/play/patterns?players=2&bots=person&seed=5&reaction=3")
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    assert seen["race_seconds"] == 3.0 and seen["race_bots"] is False


def test_the_event_stream_pushes_the_tables_version(client):
    table_id, token = open_table(client, "/play/sequence?players=2&seed=2")
    tables.TABLES[table_id].state.over = True  # a finished table: the stream says so and ends
    with client.stream("GET", f"/api/tables/{table_id}/0/events?token={token}") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        first = next(line for line in stream.iter_lines() if line.startswith("data:"))
    assert json.loads(first[5:]) == {"version": tables.TABLES[table_id].version, "over": True}


def told(stream_lines) -> list[dict]:
    """What an event stream tells from here until it ends (its `data:` lines, as JSON)."""
    return [json.loads(line[5:]) for line in stream_lines if line.startswith("data:")]


@pytest.fixture
def kept(tmp_path):
    """The tables kept in an SQLite store for one test (as `clicktown serve --database` keeps them)."""
    from clicktown.web.store import Store

    store = Store(tmp_path / "tables.db")
    keeping.use_store(store)
    yield store
    keeping.use_store(None)
    store.close()


def test_the_event_stream_of_a_table_deleted_from_the_store_says_so_and_ends(client, kept):
    """`serve --forget` (or the expiry) deletes a table whose page follows it: the stream tells `gone` and
    ends cleanly (no exception in the server), and the view is then a 404."""
    table_id, token = open_table(client, "/play/sequence?players=2&bots=person&seed=4")
    with client.stream("GET", f"/api/tables/{table_id}/0/events?token={token}") as stream:
        lines = stream.iter_lines()
        first = next(json.loads(line[5:]) for line in lines if line.startswith("data:"))
        assert first == {"version": tables.TABLES[table_id].version, "over": False}
        assert kept.delete(table_id)
        assert told(lines) == [{"gone": True}]
    assert client.get(f"/api/tables/{table_id}/0/view?token={token}").status_code == 404


def test_the_event_stream_of_a_table_closed_without_a_store_says_so_and_ends(client):
    """Without a store a table closed to make room is gone: its stream no longer follows the closed table."""
    table_id, token = open_table(client, "/play/sequence?players=2&bots=person&seed=4")
    with client.stream("GET", f"/api/tables/{table_id}/0/events?token={token}") as stream:
        lines = stream.iter_lines()
        next(line for line in lines if line.startswith("data:"))
        closed = tables.TABLES.pop(table_id)
        closed.version += 1                     # a change the stream would push, were it still following
        assert next(json.loads(line[5:]) for line in lines if line.startswith("data:")) == {"gone": True}
        assert told(lines) == []                # and it ended


def test_the_event_stream_of_a_table_closed_to_make_room_follows_it_from_the_store(client, kept):
    """With a store a table closed in memory is still there: the stream follows it, rebuilt from the store."""
    table_id, token = open_table(client, "/play/sequence?players=2&bots=person&seed=4")
    with client.stream("GET", f"/api/tables/{table_id}/0/events?token={token}") as stream:
        lines = stream.iter_lines()
        next(line for line in lines if line.startswith("data:"))
        closed = tables.TABLES.pop(table_id)
        news = next(json.loads(line[5:]) for line in lines if line.startswith("data:"))
        rebuilt = tables.TABLES[table_id]
        assert rebuilt is not closed and news == {"version": rebuilt.version, "over": False}
        move = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()["actions"][0]["id"]
        assert client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": move}).status_code == 200
        assert next(json.loads(line[5:]) for line in lines if line.startswith("data:")) == {
            "version": rebuilt.version, "over": False}
        assert kept.delete(table_id)            # (the stream ends: a test client does not hang up itself)
        assert told(lines) == [{"gone": True}]


# ---- in the browser ---------------------------------------------------------------------------------


#: The page's enabled choices, each as a selector: the actions (`data-action-id`: a button, a board's cell)
#: and the parts of an action built from parts (compose.js's `[data-step] button[data-choice]`).
OFFERED = """() => [...document.querySelectorAll('[data-action-id], .actions button[data-choice]')].filter(e => !e.disabled)
    .map(e => e.dataset.actionId !== undefined ? `[data-action-id="${e.dataset.actionId}"]`
        : `[data-step="${e.closest('[data-step]').dataset.step}"] button[data-choice="${e.dataset.choice}"]`)"""


def click_to_the_end(pages, rng, limit=4000):
    """Click offered choices on whichever page has some, until every page shows data-game-over."""
    for _ in range(limit):
        if all(p.locator("[data-game-over]").count() for p in pages):
            return
        for p in pages:
            offered = p.evaluate(OFFERED)
            if offered:
                try:
                    p.locator(rng.choice(offered)).first.click(timeout=3000)
                except Exception:  # the page was redrawn meanwhile: look again
                    pass
        pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not end")


class HiddenCards:
    """Ways of naming the cards in the other seats' hands (number, in words and as a JSON field, and text).

    Old Town's cards are unique. A card the seat has seen before (in its own hand, played or
    discarded in the open) may come back to another hand after the draw pile is rebuilt, so only
    cards never seen by the seat count. Two texts printed on two cards each are left out.
    """

    def __init__(self, seat: int):
        self.seat, self.seen = seat, set()

    def now(self, table_id: str) -> list:
        state = tables.TABLES[table_id].state
        self.seen |= set(state.hands[self.seat])
        for e in state.events:
            if e["event"] == "play":
                self.seen.add(e["card"])
            elif e["event"] == "discard":
                self.seen.update(e["cards"])
        texts = [c.text_en for c in state.catalogue.cards.values()]
        out = []
        for s, hand in enumerate(state.hands):
            for n in hand:
                if s == self.seat or n in self.seen:
                    continue
                out += [re.compile(rf"\bcard {n}\b"), re.compile(rf'"card":\s*{n}\b')]
                text = state.catalogue.card(n).text_en
                if texts.count(text) == 1:
                    out.append(re.compile(re.escape(text)))
        return out


def test_old_town_in_the_browser_never_sends_a_bots_hidden_card(browser, live_server):
    page = browser.new_page()
    sent, hidden = [], HiddenCards(0)

    def keep(response):
        if "/api/tables/" in response.url and "/events" not in response.url:
            sent.append((response, hidden.now(response.url.split("/")[5])))

    page.on("response", keep)
    page.goto(f"{live_server}/play/oldtown?players=3&bots=greedy,random&seed=4")
    page.wait_for_selector("[data-action-id]")
    click_to_the_end([page], random.Random(1))
    result = page.locator("[data-game-over] .result").inner_text()
    assert re.match(r"(you|seat \d) won with \d+ points?: |.+ share the win with \d+ points? each: ", result)
    assert "; points: " in result
    log = page.locator(".log")
    assert log.locator("li").count() > 30  # more than its box shows: it keeps the newest entry in view
    assert log.evaluate("box => box.scrollHeight > box.clientHeight && "
                        "box.scrollHeight - box.scrollTop - box.clientHeight < 24")
    page.screenshot(path="/tmp/clicktown-oldtown-table.png", full_page=True)
    checked = 0
    for response, names in sent:
        body = response.text()
        assert not [p.pattern for p in names if p.search(body)]
        checked += 1
    assert checked > 10
    page.close()


def test_two_people_play_sequence_on_two_screens(browser, live_server):
    first, second = browser.new_context(), browser.new_context()
    mine, theirs = first.new_page(), second.new_page()
    mine.goto(f"{live_server}/play/sequence?players=2&bots=person&seed=3")
    link = mine.locator("a.join").get_attribute("href")
    assert "/1?token=" in link
    table_id = link.split("/")[4]
    refused = mine.request.post(f"{live_server}/api/tables/{table_id}/1/act?token={mine.url.split('token=')[1]}",
                                data={"action": 0})
    assert refused.status == 403 and "token of seat 1" in refused.json()["error"]
    theirs.goto(link)
    click_to_the_end([mine, theirs], random.Random(2))
    results = {p.locator("[data-game-over]").get_attribute("data-game-over") for p in (mine, theirs)}
    assert results in ({"win", "lose"}, {"draw"})
    first.close()
    second.close()


@pytest.mark.slow
@pytest.mark.parametrize("url", ["/play/sequence?players=2&bots=greedy&seed=3", "/play/numbers?players=2&seed=1",
                                 "/play/patterns?players=2&seed=1&reaction=0"])
def test_a_whole_game_in_the_browser(browser, live_server, url):
    page = browser.new_page()
    page.goto(live_server + url)
    page.wait_for_selector("[data-action-id]")
    click_to_the_end([page], random.Random(0))
    assert page.locator("[data-game-over] .result").inner_text().startswith(("you won", "seat 1 won", "team B", "a draw"))
    page.close()


def test_the_viewer_steps_through_a_trace_of_each_game(browser, live_server, tmp_path):
    """One file, a game of each game: the page lists them, and steps each through the server's replay."""
    from playwright.sync_api import expect

    trace = a_trace_of_each_game(tmp_path)
    page = browser.new_page()
    page.goto(f"{live_server}/viewer")
    page.set_input_files(".trace-file", str(trace))
    page.wait_for_selector(".board svg")
    labels = page.locator(".game-choice option").all_inner_texts()
    assert [label.split(",")[0] for label in labels] == ["game 0: oldtown", "game 0: patterns", "game 0: sequence",
                                                         "game 0: numbers"]
    for n, label in enumerate(labels):
        steps = int(label.split(", ")[1].split()[0])
        page.select_option(".game-choice", str(n))
        expect(page.locator(".step-number")).to_have_text(f"step 1 of {steps}")
        assert page.locator(".step-text").inner_text() == "game_start"
        page.click(".last")
        expect(page.locator(".step-number")).to_have_text(f"step {steps} of {steps}")
        assert "game over" in page.locator(".step-text").inner_text()
        page.click(".back")
        expect(page.locator(".step-number")).to_have_attribute("data-step", str(steps - 2))
        page.select_option(".seat-choice", "0")
        expect(page.locator(".step-number")).to_have_attribute("data-step", str(steps - 2))
        assert page.locator(".board svg").count() == 1 and page.locator(".note").inner_text() == ""
    page.close()


@pytest.mark.parametrize("game, query", [("sequence", "players=2&seed=3"), ("oldtown", "players=2&seed=2"),
                                         ("patterns", "players=2&seed=1&reaction=0")])
def test_the_mcts_bot_takes_a_seat_in_every_game(client, game, query):
    table_id, token = open_table(client, f"/play/{game}?{query}&bots=mcts")
    rng = random.Random(0)
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    assert seen["seats"] == ["person", "mcts"]
    told = [e["text"] for e in seen["events"]]
    for _ in range(4):
        if seen["over"]:
            break
        answer = client.post(f"/api/tables/{table_id}/0/act?token={token}",
                             json={"action": rng.choice(seen["actions"])["id"]})
        assert answer.status_code == 200, answer.text
        seen = answer.json()
        told += [e["text"] for e in seen["events"]]
    assert any(text.startswith("seat 1") for text in told)   # the bot's seat has moved


@pytest.mark.parametrize("game, public", [("oldtown", "Spieler 0 (du): 0 Punkte"), ("sequence", "Nachziehstapel"),
                                          ("patterns", "Spieler 0 (du): 0,00 $")])
def test_a_german_table_speaks_german_around_the_game(browser, live_server, game, public):
    page = browser.new_page()
    page.goto(f"{live_server}/play/{game}?players=2&bots=person&seed=3&lang=de")
    page.wait_for_selector("[data-action-id]")
    assert page.locator("h1 small").inner_text() == "Spieler 0"
    assert page.locator(".log").locator("xpath=..").locator("summary").inner_text() == "Was geschah"
    assert page.locator(".join-links h2").inner_text() == "Links zum Mitspielen"
    status = page.locator(".turn").inner_text() or page.locator(".status").inner_text()
    assert status == "du bist am Zug" or status.startswith("das Rennen beginnt in")
    assert public in page.locator(".public").inner_text()
    if game == "patterns":
        assert "im Uhrzeigersinn" in page.content() and "clockwise<" not in page.content()
    if game == "oldtown":
        assert page.locator(".rules-in-force summary").inner_text() == "Regeloptionen"
    page.close()


def test_a_card_sent_to_a_cell_it_does_not_name_is_refused_with_the_rules_reason_but_not_its_cells(client):
    """Sequence Numbers: the cells of a card are the answer the player works out, so the table's refusal
    says the card does not go there and names no cell it does go to."""
    from clicktown.sequence.geometry import row_col
    from clicktown.sequence.position import EMPTY

    table_id, token = open_table(client, "/play/numbers?players=2&seed=1&bots=person")
    state = tables.TABLES[table_id].state
    assert state.current_player() == 0
    match = state.match
    kind = state.hands[0][0]
    card = match.kinds[kind]
    right = set(match.cells_of_kind[kind])
    wrong = next(cell for cell, chip in enumerate(state.board) if chip == EMPTY and cell not in right)
    answer = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": match.play_action(card, wrong)})
    r, c = row_col(wrong)
    reason = answer.json()["error"]
    assert answer.status_code == 400 and reason.endswith(f"row {r}, column {c} is not its cell"), reason
    assert reason.startswith(f"{card} is not ")
    for cell in right:
        assert "{},{}".format(*row_col(cell)) not in reason and "row {}, column {} ".format(*row_col(cell)) not in reason
