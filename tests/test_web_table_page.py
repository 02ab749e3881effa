"""The table page around the game: the seats and their names, the refused pages, and (in Chromium, at
1280x800 and 375x800) an action sent once, the seat list, the connection banner, the width of a phone.

The pages' test contract is WEB-CONTRACT's: `.seats li[data-seat]` with `data-to-move`, `data-you`,
`data-thinking`, `data-clock`, `data-zombie`; `.turn[data-to-move]`; `.connection[data-state]`.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.games import game_spec  # noqa: E402
from clicktown.messages import say  # noqa: E402
from clicktown.web import keeping  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL, Clock, a_trace_of_each_game, open_table  # noqa: E402

HTML = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}   # as a browser asks


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def view(client, table_id, seat, token):
    answer = client.get(f"/api/tables/{table_id}/{seat}/view?token={token}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def claimed(table_id, seat, link, name=None):
    """A friend's browser opens the seat's join link (with a name): (its client, the seat's new key)."""
    friend = TestClient(create_app(), base_url=LOCAL)
    answer = friend.get(f"/table/{table_id}/{seat}?token={link}" + (f"&name={name}" if name else ""), follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return friend, keeping.TABLES[table_id].tokens[seat]


# ---- the seats -----------------------------------------------------------------------------------------


def test_the_view_names_every_seat_its_bot_and_level_and_whose_turn(client):
    table_id, token = open_table(client, "/play/oldtown?players=3&bots=greedy,person&seed=4&name=Ann")
    seen = view(client, table_id, 0, token)
    level = game_spec("oldtown").bot_level("greedy")
    assert seen["seats_info"] == [
        {"seat": 0, "who": "person", "name": "Ann", "level": None, "level_words": None, "you": True,
         "to_move": seen["to_move"] == 0},
        {"seat": 1, "who": "greedy", "name": "seat 1", "level": level, "level_words": say("en", f"bots.level.{level}"),
         "you": False, "to_move": seen["to_move"] == 1},
        {"seat": 2, "who": "person", "name": "seat 2", "level": None, "level_words": None, "you": False,
         "to_move": seen["to_move"] == 2}]
    assert [s["seat"] for s in seen["seats_info"] if s["to_move"]] == [seen["to_move"]]


def test_a_german_table_words_the_levels_and_seats_in_german(client):
    table_id, token = open_table(client, "/play/sequence?players=2&bots=mcts&seed=4&lang=de")
    info = view(client, table_id, 0, token)["seats_info"]
    assert [(s["name"], s["level_words"]) for s in info] == [("Spieler 0", None), ("Spieler 1", say("de", "bots.level." + game_spec("sequence").bot_level("mcts")))]


def test_a_friend_names_themselves_when_claiming_the_link_and_every_seat_sees_it(client):
    table_id, host = open_table(client, "/play/oldtown?players=2&bots=person&seed=6&name=Ann")
    friend, key = claimed(table_id, 1, keeping.TABLES[table_id].tokens[1], name="Bob%20%20Builder")
    names = [[s["name"] for s in view(c, table_id, seat, t)["seats_info"]] for c, seat, t in ((client, 0, host), (friend, 1, key))]
    assert names == [["Ann", "Bob Builder"], ["Ann", "Bob Builder"]]


def heading_and_title(client, url) -> tuple[str, str]:
    """The seat's name over a table page, and the page's title."""
    import re

    text = client.get(url).text
    return re.search(r'<small class="who">([^<]*)</small>', text)[1], re.search(r"<title>([^<]*)</title>", text)[1]


def test_the_heading_names_the_seat_by_its_chosen_name(client):
    table_id, host = open_table(client, "/play/oldtown?players=3&bots=person&seed=6&name=Ann")
    assert heading_and_title(client, f"/table/{table_id}/0?token={host}") == ("Ann", "Old Town · Ann · clicktown")
    friend, key = claimed(table_id, 1, keeping.TABLES[table_id].tokens[1], name="Bob")
    assert heading_and_title(friend, f"/table/{table_id}/1") == ("Bob", "Old Town · Bob · clicktown")
    third, _ = claimed(table_id, 2, keeping.TABLES[table_id].tokens[2])
    assert heading_and_title(third, f"/table/{table_id}/2") == ("seat 2", "Old Town · seat 2 · clicktown")


def test_a_person_renames_their_seat_and_an_empty_name_gives_the_seat_word_back(client):
    table_id, host = open_table(client, "/play/sequence?players=2&bots=greedy&seed=3")
    version = keeping.TABLES[table_id].version
    answer = client.post(f"/api/tables/{table_id}/0/name?token={host}", json={"name": "  Zoë \n the   first "})
    assert answer.status_code == 200 and answer.json() == {"seat": 0, "name": "Zoë the first"}
    assert keeping.TABLES[table_id].version == version + 1          # every open page redraws its seats
    assert view(client, table_id, 0, host)["seats_info"][0]["name"] == "Zoë the first"
    assert client.post(f"/api/tables/{table_id}/0/name?token={host}", json={"name": ""}).json() == {"seat": 0, "name": None}
    assert view(client, table_id, 0, host)["seats_info"][0]["name"] == "seat 0"


@pytest.mark.parametrize("body, status", [({"name": "x" * 41}, 422), ({"name": 7}, 422), ({"nom": "Ann"}, 422)])
def test_a_name_is_a_short_string_strictly(client, body, status):
    table_id, host = open_table(client, "/play/sequence?players=2&bots=greedy&seed=3")
    answer = client.post(f"/api/tables/{table_id}/0/name?token={host}", json=body)
    assert answer.status_code == status and set(answer.json()) == {"error"}
    assert view(client, table_id, 0, host)["seats_info"][0]["name"] == "seat 0"


def test_another_seat_cannot_name_a_seat(client):
    table_id, host = open_table(client, "/play/sequence?players=2&bots=person&seed=3")
    link = keeping.TABLES[table_id].tokens[1]
    answer = client.post(f"/api/tables/{table_id}/1/name?token={host}", json={"name": "Mallory"})
    assert answer.status_code == 403 and answer.json()["error"] == "the token of seat 1 is needed to look or act for it"
    assert view(client, table_id, 1, link)["seats_info"][1]["name"] == "seat 1"


def play_both(client, table_id, keys, seed=0):
    """Play a two-person table to the end, each seat's offered actions chosen at random; the last views."""
    rng = random.Random(seed)
    for _ in range(2000):
        views = {seat: view(client, table_id, seat, key) for seat, key in keys.items()}
        if all(v["over"] for v in views.values()):
            return views
        seat, seen = next((s, v) for s, v in views.items() if v["actions"])
        answer = client.post(f"/api/tables/{table_id}/{seat}/act?token={keys[seat]}",
                             json={"action": rng.choice(seen["actions"])["id"]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def test_the_standings_and_the_log_say_you_and_the_peoples_names(client):
    table_id, host = open_table(client, "/play/oldtown?players=2&bots=person&seed=6&name=Ann")
    friend, key = claimed(table_id, 1, keeping.TABLES[table_id].tokens[1], name="Bob")
    views = play_both(client, table_id, {0: host, 1: key})
    state = keeping.TABLES[table_id].state
    order = sorted(range(2), key=lambda s: (-state.points[s], s))
    names = {0: ("you", "Bob"), 1: ("Ann", "you")}
    for seat, seen in views.items():
        assert [line.split(":")[0] for line in seen["over"]["lines"]] == [names[seat][s] for s in order]
        other = names[seat][1 - seat]
        assert f"{other} {state.points[1 - seat]}" in seen["over"]["text"] and "seat " not in seen["over"]["text"]
    told = [e["text"] for e in view(client, table_id, 0, host)["events"]]
    assert any(text.startswith("Bob ") for text in told) and not any("seat 1" in text for text in told)


# ---- refused pages -----------------------------------------------------------------------------------


@pytest.mark.parametrize("url, status, reason", [
    ("/play/oldtown?players=5", 400, "Old Town is played by 2, 3, 4 players, not 5"),
    ("/play/sequence?bots=mctz", 400, "unknown bot 'mctz' (choose random, greedy, planner, mcts, person)"),
    ("/play/sequence?seed=-1", 422, "seed: Input should be greater than or equal to 0"),
    ("/play/oldtown?players=2&colour=red", 400, None),
    ("/table/nosuchtable/0", 404, "no such table (it may have been closed to make room)"),
    ("/no/such/page", 404, "Not Found"),
])
def test_a_refused_page_is_a_page_in_the_sites_style_and_the_api_keeps_json(client, url, status, reason):
    answer = client.get(url, headers=HTML)
    assert answer.status_code == status and answer.headers["content-type"].startswith("text/html")
    text = answer.text
    assert '<link rel="stylesheet" href="/static/site.css">' in text and '"error"' not in text
    assert '<a class="back" href="/tables">back to the lobby</a>' in text
    if reason:
        assert f'<p class="reason" data-reason>{reason}</p>'.replace("'", "&#x27;") in text
    as_json = client.get(url)                         # a script asks for anything: JSON, the same status
    assert as_json.status_code == status and set(as_json.json()) == {"error"}


def test_a_used_join_link_opened_in_the_browser_is_a_page(client):
    table_id, host = open_table(client, "/play/sequence?players=2&bots=person&seed=8")
    link = keeping.TABLES[table_id].tokens[1]
    claimed(table_id, 1, link)
    answer = TestClient(create_app(), base_url=LOCAL).get(f"/table/{table_id}/1?token={link}", headers=HTML)
    assert answer.status_code == 403 and answer.headers["content-type"].startswith("text/html")
    assert ("this join link has been used: seat 1 belongs to the browser that opened it first" in answer.text
            and "set-cookie" not in answer.headers)


def test_the_api_answers_json_even_to_a_browser(client):
    answer = client.get("/api/tables/nosuchtable/0/view", headers=HTML)
    assert answer.status_code == 404 and answer.json() == {"error": "no such table (it may have been closed to make room)"}


def test_a_german_refused_page_speaks_german(client):
    answer = client.get("/play/oldtown?players=5&lang=de", headers=HTML)
    assert answer.status_code == 400 and '<html lang="de">' in answer.text
    assert f"<h1>{say('de', 'web.error.refused')}</h1>" in answer.text
    assert f'<a class="back" href="/tables?lang=de">{say("de", "web.error.lobby")}</a>' in answer.text


def test_the_table_page_gives_its_script_every_address(client):
    table_id, host = open_table(client, "/play/sequence?players=2&bots=greedy&seed=3")
    text = client.get(f"/table/{table_id}/0?token={host}").text
    api = f"/api/tables/{table_id}/0"
    for kind in ("view", "events", "act", "name", "trace"):
        assert f' data-{kind}-url="{api}/{kind}?token={host}"' in text
    assert '<p class="connection" data-state="ok" role="status" hidden>' in text


# ---- in Chromium, at 1280x800 and 375x800 --------------------------------------------------------------

SCREENS = [pytest.param({"width": 1280, "height": 800}, id="1280x800"), pytest.param({"width": 375, "height": 800}, id="375x800")]
ENABLED_TURN = """() => document.querySelector('.turn').dataset.toMove === document.querySelector('.table').dataset.seat
    && document.querySelectorAll('[data-action-id]').length > 0
    && [...document.querySelectorAll('[data-action-id]')].every(b => !b.disabled)"""


@pytest.fixture(params=SCREENS)
def screen(browser, request):
    """A page of its own context at one of the two screen sizes."""
    context = browser.new_context(viewport=request.param)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    yield opened
    context.close()


def moves_of(table_id: str, seat: int = 0) -> int:
    """How many actions the engine applied for `seat` at the table (from its trace)."""
    return sum(line["event"] == "action" and line["seat"] == seat for line in keeping.TABLES[table_id].trace())


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("gap", [80, 250, 400])
def test_a_second_click_on_the_fresh_buttons_plays_no_second_move(screen, live_server, gap):
    """The worst case of a double click: the bot answered at once, the new buttons are drawn under the
    pointer, and the second click comes `gap` ms after the first (the page's clock, run by the test)."""
    screen.clock.install()
    screen.goto(f"{live_server}/play/sequence?players=2&bots=greedy&seed=2")
    screen.wait_for_function(ENABLED_TURN)
    table_id = screen.locator(".table").get_attribute("data-table")
    before, drawn = moves_of(table_id), int(screen.locator(".table").get_attribute("data-drawn"))
    x, y = centre(screen.locator("[data-action-id]").first)
    screen.clock.pause_at(screen.evaluate("Date.now()") + 1)   # from here the page's time moves only when run
    screen.mouse.click(x, y)
    screen.wait_for_function(f"() => Number(document.querySelector('.table').dataset.drawn) > {drawn}")  # its answer is drawn
    screen.clock.run_for(gap - 1)
    assert screen.locator("[data-action-id]:enabled").count() == 0   # every button waits
    screen.mouse.click(x, y)
    screen.clock.run_for(1000)
    screen.wait_for_function(ENABLED_TURN)
    assert moves_of(table_id) == before + 1
    assert screen.locator(".message").inner_text() == ""


def test_a_second_click_before_the_answer_sends_nothing(screen, live_server):
    """The act's answer is held back until the second click: the buttons are disabled from the first."""
    held = []
    screen.route("**/act?*", lambda route: held.append(route))
    screen.goto(f"{live_server}/play/sequence?players=2&bots=greedy&seed=2")
    screen.wait_for_function(ENABLED_TURN)
    table_id = screen.locator(".table").get_attribute("data-table")
    before = moves_of(table_id)
    button = screen.locator("[data-action-id]").first
    x, y = centre(button)
    with screen.expect_request("**/act?*"):
        screen.mouse.click(x, y)
    screen.wait_for_function("() => document.querySelectorAll('[data-action-id]:disabled').length > 0")
    screen.mouse.click(x, y)
    screen.mouse.dblclick(x, y)
    assert len(held) == 1 and screen.locator("[data-action-id]:enabled").count() == 0
    held[0].continue_()
    screen.wait_for_function(ENABLED_TURN)
    assert moves_of(table_id) == before + 1 and len(held) == 1


def test_a_double_click_plays_one_move(screen, live_server):
    screen.goto(f"{live_server}/play/sequence?players=2&bots=greedy&seed=2")
    screen.wait_for_function(ENABLED_TURN)
    table_id = screen.locator(".table").get_attribute("data-table")
    before = moves_of(table_id)
    screen.locator("[data-action-id]").first.dblclick()
    screen.wait_for_function(ENABLED_TURN)
    assert moves_of(table_id) == before + 1


def with_facts(route, **facts):
    """Answer a view request with the server's own view and `facts` added (what a slower table sends:
    a bot thinking, a clock), so the page's drawing of the contract is tried on its own."""
    answer = route.fetch()
    seen = answer.json()
    seen.update(facts)
    route.fulfill(response=answer, json=seen)


def test_the_seat_list_names_the_seats_and_marks_the_turn_you_and_a_thinking_bot(screen, live_server):
    from playwright.sync_api import expect

    screen.clock.install(time=0)
    screen.clock.pause_at(1000)     # the page's clocks stand still: the seconds shown are the view's
    screen.route("**/view?*", lambda route: with_facts(route, thinking=1, clock={
        "seconds": {"0": 61, "1": 5.4, "2": 30}, "per_move": 60, "zombie": [2]}))
    screen.goto(f"{live_server}/play/oldtown?players=3&bots=greedy,person&seed=4&name=Ann")
    seats = screen.locator(".seats li[data-seat]")
    expect(seats).to_have_count(3)
    level = say("en", "bots.level." + game_spec("oldtown").bot_level("greedy"))
    parts = seats.evaluate_all("items => items.map(li => [...li.children].map(part => part.className + ': ' + part.textContent))")
    assert parts == [["name: Ann (you)", "clock: 1:01 left"],
                     ["name: seat 1", f"bot: greedy, {level}", "thinking: thinking…", "clock: 0:05 left"],
                     ["name: seat 2", "clock: 0:30 left", "zombie: a bot plays while this player is away"]]
    assert [s.get_attribute("data-seat") for s in seats.all()] == ["0", "1", "2"]
    assert screen.locator(".seats li[data-you]").get_attribute("data-seat") == "0"
    assert screen.locator(".seats li[data-thinking]").get_attribute("data-seat") == "1"
    assert screen.locator(".seats li[data-zombie]").get_attribute("data-seat") == "2"
    assert [s.get_attribute("data-clock") for s in seats.all()] == ["61", "5", "30"]
    turn = screen.locator(".turn")
    assert turn.inner_text() == "seat 1 is thinking…" and turn.get_attribute("data-to-move") == "1"


def test_whose_turn_is_marked_over_the_board_and_in_the_seat_list(screen, live_server):
    from playwright.sync_api import expect

    screen.goto(f"{live_server}/play/sequence?players=2&bots=person&seed=3&name=Ann")
    link = screen.locator("a.join").get_attribute("href")
    table_id = screen.locator(".table").get_attribute("data-table")
    friend = screen.context.browser.new_context(viewport=screen.viewport_size)
    theirs = friend.new_page()
    theirs.goto(link)
    theirs.fill(".name-form input", "Bob")
    theirs.click(".name-form button")
    mover = keeping.TABLES[table_id].state.current_player()
    pages = {0: screen, 1: theirs}
    names = {0: "Ann", 1: "Bob"}
    for seat, shown in pages.items():
        expect(shown.locator(".seats li[data-seat='1'] .name")).to_have_text("Bob" + (" (you)" if seat == 1 else ""))
        expect(shown.locator("h1 .who")).to_have_text(names[seat])    # the heading follows the name chosen
        expect(shown.locator(".turn")).to_have_text("your turn" if seat == mover else f"{names[mover]} to move")
        assert shown.locator(".turn").get_attribute("data-to-move") == str(mover)
        assert shown.locator(".seats li[data-to-move]").get_attribute("data-seat") == str(mover)
    pages[mover].locator("[data-action-id]").first.click()
    for seat, shown in pages.items():   # the turn passes, on both screens
        expect(shown.locator(".turn")).to_have_attribute("data-to-move", str(1 - mover))
        expect(shown.locator(".seats li[data-to-move]")).to_have_attribute("data-seat", str(1 - mover))
    friend.close()


def test_a_refused_action_says_why_beside_the_same_choices(screen, live_server):
    from playwright.sync_api import expect

    screen.goto(f"{live_server}/play/oldtown?players=2&bots=greedy&seed=2")
    screen.wait_for_function(ENABLED_TURN)
    table_id = screen.locator(".table").get_attribute("data-table")
    offered = screen.locator("[data-action-id]").evaluate_all("els => els.map(e => e.dataset.actionId)")
    table = keeping.TABLES[table_id]
    refused = next(a for a in range(2000) if a not in table.state.legal_actions())
    reason = table.spec.refusal(table.state, refused, "en")
    screen.evaluate("(a) => window.clicktownAct(a)", refused)
    expect(screen.locator(".message")).to_have_text(reason)
    screen.wait_for_function(ENABLED_TURN)
    assert screen.locator("[data-action-id]").evaluate_all("els => els.map(e => e.dataset.actionId)") == offered


@pytest.mark.parametrize("url, status, reason", [
    ("/play/oldtown?players=5", 400, "Old Town is played by 2, 3, 4 players, not 5"),
    ("/play/oldtown?bots=mctz", 400, "unknown bot 'mctz' (choose random, greedy, planner, mcts, person)"),
])
def test_a_refused_table_link_is_a_page_with_the_way_back(screen, live_server, url, status, reason):
    answer = screen.goto(live_server + url)
    assert answer.status == status and answer.headers["content-type"].startswith("text/html")
    assert screen.inner_text("[data-reason]") == reason and screen.inner_text("h1") == "This cannot be done"
    assert screen.evaluate("document.documentElement.scrollWidth") <= screen.viewport_size["width"]
    screen.click("a.back")
    screen.wait_for_url(f"{live_server}/tables")
    assert screen.locator("form.lobby").count() == 1


def test_a_used_join_link_in_the_browser_is_a_page(screen, live_server):
    screen.goto(f"{live_server}/play/sequence?players=2&bots=person&seed=3")
    link = screen.locator("a.join").get_attribute("href")
    friend = screen.context.browser.new_context()
    friend.new_page().goto(link)
    late = screen.context.browser.new_context(viewport=screen.viewport_size)
    answer = late.new_page().goto(link)
    assert answer.status == 403 and "used" in answer.text() and '"error"' not in answer.text()
    friend.close()
    late.close()


class Restartable:
    """The web application served by uvicorn in a thread on one port, stopped and started again on that
    port (as a server restarted; the tables stay in this process's memory)."""

    def __init__(self):
        import socket

        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = None

    def start(self):
        import socket
        import threading
        import time

        import uvicorn

        from clicktown.web.app import server_config

        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", self.port))
        self.server = uvicorn.Server(server_config(create_app()))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the web server did not start"
            time.sleep(0.02)

    def stop(self):
        self.server.should_exit = self.server.force_exit = True   # open event streams are cut, not waited for
        self.thread.join(timeout=10)
        self.socket.close()
        assert not self.thread.is_alive()


def test_the_page_says_when_the_server_is_unreachable_and_comes_back_by_itself(screen):
    from playwright.sync_api import expect

    server = Restartable()
    server.start()
    try:
        screen.goto(f"{server.url}/play/sequence?players=2&bots=greedy&seed=2")
        screen.wait_for_function(ENABLED_TURN)
        banner = screen.locator(".connection")
        assert banner.get_attribute("data-state") == "ok" and not banner.is_visible()
        server.stop()
        expect(banner).to_have_attribute("data-state", "unreachable")
        expect(banner).to_be_visible()
        assert banner.inner_text() == "The server does not answer. Trying again by itself…"
        buttons = screen.locator(".actions button[data-action-id]")
        assert buttons.count() > 0 and screen.locator(".actions button:enabled").count() == 0   # they wait
        queued = screen.evaluate("""() => { const root = document.querySelector('.table'), before = root.dataset.asking;
            window.clicktownAct(Number(document.querySelector('[data-action-id]').dataset.actionId));
            return root.dataset.asking !== before; }""")
        assert queued is False                                     # a move asked for now is not sent
        server.start()
        expect(banner).to_have_attribute("data-state", "ok", timeout=20_000)
        expect(banner).to_be_hidden()
        table_id = screen.locator(".table").get_attribute("data-table")
        before = moves_of(table_id)
        screen.wait_for_function(ENABLED_TURN)
        screen.locator("[data-action-id]").first.click()          # the page plays on
        screen.wait_for_function(ENABLED_TURN)
        assert moves_of(table_id) == before + 1
    finally:
        server.stop()


def test_the_page_says_plainly_when_its_table_is_gone_and_links_the_lobby(screen, live_server):
    from playwright.sync_api import expect

    screen.goto(f"{live_server}/play/sequence?players=2&bots=greedy&seed=2")
    screen.wait_for_function(ENABLED_TURN)
    table_id = screen.locator(".table").get_attribute("data-table")
    del keeping.TABLES[table_id]            # closed to make room, or lost with a server without a store
    # a click on a move, unless the page has found out by itself already (its event stream broke off)
    screen.evaluate("() => document.querySelector('[data-action-id]')?.click()")
    banner = screen.locator(".connection")
    expect(banner).to_have_attribute("data-state", "gone")
    assert banner.inner_text() == ("This table is no longer there: the server closed it. Its moves cannot go on here. "
                                   "back to the lobby")
    assert screen.locator("[data-action-id]").count() == 0 and screen.locator(".turn").inner_text() == ""
    banner.locator("a.lobby-link").click()
    screen.wait_for_url(f"{live_server}/tables")


# ---- every page: no console error, no failed request, no horizontal scroll on a phone --------------------

TABLE_PAGES = {"sequence": "/play/sequence?players=2&bots=greedy&seed=2",
               "oldtown": "/play/oldtown?players=3&bots=greedy,person&seed=4",
               "patterns": "/play/patterns?players=2&seed=1",
               "numbers": "/play/numbers?players=2&seed=1"}
SITE_PAGES = [pytest.param("/", 200, id="home"), pytest.param("/tables", 200, id="lobby"),
              pytest.param("/tables?lang=de", 200, id="lobby-de"),
              pytest.param("/oldtown/solo/1", 200, id="solo"), pytest.param("/oldtown/solo/1/sheet", 200, id="solo-sheet"),
              pytest.param("/oldtown/solo/new?level=leicht", 200, id="solo-new", marks=pytest.mark.slow),
              pytest.param("/viewer", 200, id="viewer"), pytest.param("/play/oldtown?players=5", 400, id="error-page"),
              pytest.param("/no/such/page", 404, id="missing-page"),
              *(pytest.param(url, 200, id=f"table-{game}", marks=() if game == "sequence" else pytest.mark.slow)
                for game, url in TABLE_PAGES.items()),
              *(pytest.param(url + "&lang=de", 200, id=f"table-{game}-de", marks=pytest.mark.slow)
                for game, url in TABLE_PAGES.items())]


class Complaints:
    """What a page complains of while it is open: console errors, uncaught exceptions, failed requests
    and answers of 400 or more (but the document's own status, when a refused page was asked for)."""

    def __init__(self, page, document_status: int):
        self.seen: list[str] = []
        self.status = document_status
        page.on("console", lambda m: self.seen.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.seen.append(f"exception: {e}"))
        page.on("requestfailed", lambda r: self.seen.append(f"failed: {r.url} {r.failure}"))
        page.on("response", self.answered)

    def answered(self, response):
        if response.status >= 400 and not (response.request.is_navigation_request() and response.status == self.status):
            self.seen.append(f"answer {response.status}: {response.url}")

    def now(self) -> list[str]:
        own = f"console: Failed to load resource: the server responded with a status of {self.status} "
        return [c for c in self.seen if not (self.status >= 400 and c.startswith(own))]


@pytest.mark.parametrize("url, status", SITE_PAGES)
def test_every_page_opens_without_a_console_error_and_fits_the_screen(screen, live_server, url, status, tmp_path):
    complaints = Complaints(screen, status)
    answer = screen.goto(live_server + url)
    assert answer.status == status
    screen.wait_for_load_state("load")
    if url.startswith("/play/") and status == 200:
        screen.wait_for_selector(".table[data-drawn]")
    width = screen.viewport_size["width"]
    if not url.endswith("/sheet"):    # a printable sheet is drawn for paper (A4), not for the screen
        assert screen.evaluate("document.documentElement.scrollWidth") <= width
    screen.screenshot(path=tmp_path / f"page-{width}.png", full_page=True)
    assert complaints.now() == []


def test_the_viewer_fits_the_screen_with_each_games_board(screen, live_server, tmp_path):
    """The last step of a game of each game, its board drawn: no horizontal scroll, not on a phone either."""
    from playwright.sync_api import expect

    complaints = Complaints(screen, 200)
    screen.goto(f"{live_server}/viewer")
    screen.set_input_files(".trace-file", a_trace_of_each_game(tmp_path))
    width = screen.viewport_size["width"]
    for n in range(4):
        screen.select_option(".game-choice", str(n))
        screen.click(".last")
        steps = int(screen.locator(".game-choice option").nth(n).inner_text().split(", ")[1].split()[0])
        expect(screen.locator(".step-number")).to_have_text(f"step {steps} of {steps}")
        assert screen.locator(".board svg").count() == 1
        assert screen.evaluate("document.documentElement.scrollWidth") <= width
        screen.screenshot(path=tmp_path / f"viewer-{n}-{width}.png", full_page=True)
    assert complaints.now() == []


def test_the_bots_think_and_move_one_at_a_time_on_the_page(screen, live_server, held_mover):
    """Three bots after the person: the seat list and the line over the board say which bot thinks, and
    their moves come one view at a time (the log grows by one move for each bot's move). The server's
    mover is held, and the test makes each bot's move itself, then looks at the page."""
    from playwright.sync_api import expect

    screen.goto(f"{live_server}/play/oldtown?players=4&bots=greedy&seed=5&pace=0.3")
    screen.wait_for_function(ENABLED_TURN)
    logged = screen.locator(".log li[data-event]")
    screen.locator("[data-action-id]").first.click()
    for seat in (1, 2, 3):
        expect(screen.locator(".seats li[data-thinking]")).to_have_attribute("data-seat", str(seat))
        expect(screen.locator(".turn")).to_have_text(f"seat {seat} is thinking…")
        before = logged.count()
        assert held_mover.step() >= 1              # one move at each table due: this one's bot
        expect(logged).not_to_have_count(before)   # this bot's move, drawn on its own
    expect(screen.locator(".seats li[data-thinking]")).to_have_count(0)
    screen.wait_for_function(ENABLED_TURN)


def test_a_person_move_draws_the_board_once(screen, live_server, held_mover):
    """The act's answer draws the new view; the event stream's news of the same version draws nothing again
    (the board is not replaced twice). The bots are held: the view after the move stays the table's last."""
    screen.goto(f"{live_server}/play/oldtown?players=4&bots=greedy&seed=5")
    screen.wait_for_function(ENABLED_TURN)
    table_id = screen.locator(".table").get_attribute("data-table")
    drawn = int(screen.locator(".table").get_attribute("data-drawn"))
    screen.evaluate("""() => { window.boardDraws = 0;
        new MutationObserver(() => window.boardDraws++).observe(document.querySelector('.board'), {childList: true}); }""")
    screen.locator("[data-action-id]").first.click()
    screen.wait_for_function(f"() => Number(document.querySelector('.table').dataset.drawn) > {drawn}")
    version = keeping.TABLES[table_id].version
    screen.wait_for_function(f"""() => {{ const t = document.querySelector('.table');
        return t.dataset.heard === '{version}' && t.dataset.asking === '0'; }}""")   # the stream's news handled
    assert screen.locator(".table").get_attribute("data-version") == str(version)
    assert int(screen.locator(".table").get_attribute("data-drawn")) == drawn + 1
    assert screen.evaluate("window.boardDraws") == 1


# ---- the move clock, end to end: a bot plays for a friend who is away, and hands the seat back --------------

def test_a_bot_plays_for_a_friend_out_of_time_and_the_seat_is_theirs_again_when_they_come(screen, live_server, monkeypatch, held_mover):
    """A two-person Sequence table with a 30-second move clock; the friend never opens the page. The
    tables' clock and the server's mover are the test's: once the friend's time is up, the host's page
    shows a bot playing for the friend's seat; when the friend comes, the seat is theirs again."""
    from playwright.sync_api import expect

    from clicktown.web import table as table_module

    clock = Clock(5000.0)
    monkeypatch.setattr(table_module, "CLOCK", clock)
    screen.goto(f"{live_server}/play/sequence?players=2&bots=person&seed=5&pace=1&clock=30")
    screen.wait_for_function(ENABLED_TURN)
    friend = screen.locator('.seats li[data-seat="1"]')
    expect(friend).to_have_attribute("data-clock", "30")
    link = screen.locator('a.join[data-seat="1"]').get_attribute("href")
    screen.locator("[data-action-id]").first.click()
    expect(screen.locator(".turn")).to_have_attribute("data-to-move", "1")
    clock.now += 30.0                                    # the friend's time is up: a bot takes the seat ...
    assert held_mover.run_pending(eager=False) >= 1     # (other tests' tables in this process may be due too)
    expect(friend).to_have_attribute("data-zombie", "")
    clock.now += 1.0                                     # ... and moves for it, a pace later
    assert held_mover.run_pending(eager=False) >= 1
    screen.wait_for_function(ENABLED_TURN)               # the host's turn again, the friend's seat still the bot's
    expect(friend).to_have_attribute("data-zombie", "")
    table_id = screen.locator(".table").get_attribute("data-table")
    assert moves_of(table_id, 1) == 1
    comes = screen.context.browser.new_context()
    comes.new_page().goto(link)                          # the friend comes: the seat is theirs again
    expect(friend).not_to_have_attribute("data-zombie", "")
    comes.close()
