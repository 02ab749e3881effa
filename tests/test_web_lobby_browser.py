"""The lobby in Chromium: a public table listed and a seat taken from the list, a new join link, the
spectator's page (no actions, no hand) and a rematch that brings both browsers to the new table;
at 1280x800 and 375x800 where the layout matters. Screenshots go to /tmp/clicktown-lobby-*.png."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright is in the `test` extra")
from playwright.sync_api import expect  # noqa: E402

from clicktown.web import lobby, tables  # noqa: E402
from test_web_lobby import unlisted  # noqa: E402,F401  (the tables made public leave the list after each test)

PHONE = {"width": 375, "height": 800}
DESK = {"width": 1280, "height": 800}


def screen(browser, viewport=DESK):
    """A page in a browser context of its own (its own cookies)."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    return context.new_page()


def table_of(page) -> str:
    return page.locator(".table[data-table]").get_attribute("data-table")


def play_out_through_the_api(base: str, page_by_seat: dict, table_id: str, seed: int = 0) -> None:
    """Every person's seat plays random offered actions until the game is over (through each page's own
    requests: the pages follow the table's events)."""
    rng = random.Random(seed)
    keys = {s: p.locator(".table[data-table]").get_attribute("data-token") for s, p in page_by_seat.items()}
    for _ in range(3000):
        views = {s: p.request.get(f"{base}/api/tables/{table_id}/{s}/view?token={keys[s]}").json() for s, p in page_by_seat.items()}
        if views[0]["over"]:
            return
        seat = next(s for s, v in views.items() if v["actions"])
        page_by_seat[seat].request.post(f"{base}/api/tables/{table_id}/{seat}/act?token={keys[seat]}",
                                        data={"action": rng.choice(views[seat]["actions"])["id"]})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("viewport, name", [(DESK, "desk"), (PHONE, "phone")])
def test_a_public_table_is_listed_and_a_seat_taken_from_the_list(browser, live_server, viewport, name):
    host, guest = screen(browser, viewport), screen(browser, viewport)
    host.goto(f"{live_server}/tables")
    host.select_option('select[name="game"]', "sequence")
    expect(host.locator('.bot-levels[data-game="sequence"]')).to_be_visible()
    expect(host.locator('.bot-levels[data-game="oldtown"]')).to_be_hidden()
    expect(host.locator('.bot-levels[data-game="sequence"] li[data-bot="mcts"]')).to_contain_text("mcts")
    host.fill('input[name="players"]', "2")
    host.fill('input[name="bots"]', "person")
    host.check('input[name="public"]')
    host.click('form.lobby button[type="submit"]')
    expect(host.locator(".table[data-seat='0']")).to_be_visible()
    table_id = table_of(host)
    guest.goto(f"{live_server}/tables")
    listed = guest.locator(f'.open-tables li[data-table="{table_id}"]')
    expect(listed).to_contain_text("Sequence")
    expect(listed.locator('.seats li[data-seat="1"]')).to_have_text("seat 1: free")
    guest.screenshot(path=f"/tmp/clicktown-lobby-list-{name}.png", full_page=True)
    box = listed.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]       # the list fits the screen
    listed.locator('a.take-seat[data-seat="1"]').click()
    expect(guest.locator(".table[data-seat='1']")).to_be_visible()
    assert guest.url == f"{live_server}/table/{table_id}/1"
    expect(guest.locator(".hand")).not_to_be_empty()
    expect(host.locator('.join-links li.joined[data-seat="1"]')).to_have_count(0)   # (shown on the next load)
    host.reload()
    expect(host.locator('.join-links li.joined[data-seat="1"]')).to_be_visible()
    guest.goto(f"{live_server}/tables")
    expect(guest.locator(f'.open-tables li[data-table="{table_id}"]')).to_have_count(0)
    host.context.close()
    guest.context.close()


def test_the_lobby_shows_its_error_beside_the_form(browser, live_server):
    page = screen(browser, PHONE)
    page.goto(f"{live_server}/tables")
    page.fill('input[name="players"]', "5")
    page.fill('input[name="bots"]', "mctz")
    page.click('form.lobby button[type="submit"]')
    expect(page.locator("form.lobby [data-error]")).to_have_text("Old Town is played by 2, 3, 4 players, not 5")
    expect(page.locator('input[name="bots"]')).to_have_value("mctz")
    page.fill('input[name="players"]', "3")
    page.click('form.lobby button[type="submit"]')
    expect(page.locator("form.lobby [data-error]")).to_contain_text("unknown bot 'mctz'")
    page.screenshot(path="/tmp/clicktown-lobby-error-phone.png", full_page=True)
    page.context.close()


def test_the_host_makes_a_new_link(browser, live_server):
    host, late = screen(browser), screen(browser)
    host.goto(f"{live_server}/play/sequence?players=3&bots=person&seed=2")
    old = host.locator('a.join[data-seat="1"]').get_attribute("href")
    host.locator('button[data-new-link="1"]').click()
    expect(host.locator('a.join[data-seat="1"]')).not_to_have_attribute("href", old)
    new = host.locator('a.join[data-seat="1"]').get_attribute("href")
    assert host.locator('a.join[data-seat="2"]').count() == 1
    answer = late.goto(old)
    assert answer.status == 403
    late.goto(new)
    expect(late.locator(".table[data-seat='1']")).to_be_visible()
    host.reload()
    expect(host.locator('.join-links li.joined[data-seat="1"]')).to_be_visible()
    expect(host.locator('button[data-new-link="1"]')).to_have_count(0)
    host.context.close()
    late.context.close()


@pytest.mark.parametrize("viewport, name", [(DESK, "desk"), (PHONE, "phone")])
def test_a_spectator_sees_the_board_but_no_hand_and_no_actions(browser, live_server, viewport, name):
    host, watcher = screen(browser), screen(browser, viewport)
    host.goto(f"{live_server}/play/oldtown?players=3&bots=greedy,random&seed=4")
    expect(host.locator("[data-action-id]").first).to_be_visible()
    link = host.locator("a.spectate").get_attribute("href")
    watcher.goto(link)
    expect(watcher.locator(".board svg")).to_be_visible()
    expect(watcher.locator(".turn")).to_have_text("seat 0 to move")
    told = watcher.locator(".log li").count()
    host.locator("[data-action-id]").first.click()
    expect(watcher.locator(".log li")).not_to_have_count(told)            # the spectator follows the table
    expect(watcher.locator("[data-action-id]")).to_have_count(0)
    expect(watcher.locator(".hand")).to_have_text("")
    hand = tables.TABLES[table_of(host)].state.hands
    shown = watcher.locator("main").inner_text()
    assert not [n for seat in hand for n in seat if f"card {n}:" in shown or f"card {n} " in shown]
    assert watcher.locator("form[data-rematch], .join-links, a.spectate").count() == 0
    watcher.screenshot(path=f"/tmp/clicktown-lobby-spectator-{name}.png", full_page=True)
    host.context.close()
    watcher.context.close()


def test_a_rematch_brings_both_browsers_to_the_new_table(browser, live_server):
    host, friend = screen(browser), screen(browser)
    host.goto(f"{live_server}/play/sequence?players=2&bots=person&seed=5")
    friend.goto(host.locator('a.join[data-seat="1"]').get_attribute("href"))
    expect(friend.locator(".table[data-seat='1']")).to_be_visible()
    table_id = table_of(host)
    expect(host.locator("form[data-rematch]")).to_be_hidden()
    play_out_through_the_api(live_server, {0: host, 1: friend}, table_id)
    for page in (host, friend):
        expect(page.locator("[data-game-over]")).to_be_visible()
        expect(page.locator("form[data-rematch] button")).to_be_visible()
    host.locator("form[data-rematch] button").click()
    again = lobby.rematch_id(table_id)
    expect(host.locator(f'.table[data-table="{again}"][data-seat="0"]')).to_be_visible()
    expect(friend.locator("a.rematch-ready")).to_be_visible()
    friend.screenshot(path="/tmp/clicktown-lobby-rematch-ready.png", full_page=True)
    friend.locator("a.rematch-ready").click()
    expect(friend.locator(f'.table[data-table="{again}"][data-seat="1"]')).to_be_visible()
    assert friend.url == f"{live_server}/table/{again}/1" and host.url == f"{live_server}/table/{again}/0"
    assert tables.TABLES[again].claimed == {1} and tables.TABLES[again].rematch_of == table_id
    expect(host.locator("[data-action-id]").first).to_be_visible()         # seat 0 begins the new game
    host.screenshot(path="/tmp/clicktown-lobby-rematch-host.png", full_page=True)
    host.goto(f"{live_server}/tables/mine")
    expect(host.locator(f'.playing li[data-table="{again}"]')).to_be_visible()
    expect(host.locator(f'.finished li[data-table="{table_id}"] a.trace')).to_be_visible()
    host.screenshot(path="/tmp/clicktown-lobby-mine.png", full_page=True)
    host.context.close()
    friend.context.close()
