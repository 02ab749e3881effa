"""compose.js in Chromium: Wild Wild Pattern's declaration built from three choices, and the race's choices.

The table page is served as it is, with a small driver in place of tables.js (which draws the whole
view): the driver draws the board, the log and, through `window.clicktownCompose`, the view's
`compose` into `.actions`, and sends what compose.js sends to the table's act API. The table itself
(the engine's judgement, the race's window) is the live server's.
"""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("httpx")

from clicktown.patterns.game.state import CLICK, PASS, POSITION, STATEMENT, STATEMENT_BITS, STATEMENTS  # noqa: E402
from clicktown.oldtown.game.state import BUILDINGS, DISCARD, PLAY  # noqa: E402
from clicktown.web import keeping  # noqa: E402

#: Draws the view and its compose, sends the actions (tables.js's part, reduced to what compose.js needs).
DRIVER = """
(() => {
  const root = document.querySelector(".table[data-table]");
  const { table, seat, token } = root.dataset;
  const base = `/api/tables/${table}/${seat}`, q = `token=${encodeURIComponent(token)}`;
  const viewUrl = root.dataset.viewUrl || `${base}/view?${q}`, actUrl = root.dataset.actUrl || `${base}/act?${q}`;
  function draw(v) {
    document.querySelector(".board").innerHTML = v.svg;
    document.querySelector(".status").textContent = [v.race_status, v.race_answer].filter(Boolean).join(" ");
    for (const e of v.events) {
      const li = document.createElement("li"); li.textContent = e.text; document.querySelector(".log").appendChild(li);
    }
    const actions = document.querySelector(".actions");
    actions.replaceChildren();
    if (v.compose) window.clicktownCompose(v, actions, act);
    document.body.setAttribute("data-drawn", String(Number(document.body.dataset.drawn || 0) + 1));
  }
  async function act(id) {
    const answer = await fetch(actUrl, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({action: id})});
    draw(await answer.json());
  }
  const script = document.createElement("script");
  script.src = "/static/compose.js";
  script.onload = () => fetch(viewUrl).then((a) => a.json()).then(draw);
  document.head.appendChild(script);
})();
"""


def open_table(live_server, url):
    """Open a table (seat 0 a person) on the live server: (the Table, the address of seat 0's page)."""
    import httpx

    answer = httpx.get(live_server + url, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    table_id = re.match(r"/table/([\w-]+)/0\?", answer.headers["location"]).group(1)
    return keeping.TABLES[table_id], live_server + answer.headers["location"]


def start_driver(page, address):
    """Seat 0's page with the driver in place of tables.js, drawn once."""
    page.route("**/static/tables.js", lambda route: route.fulfill(body=DRIVER, content_type="text/javascript"))
    page.goto(address)
    page.wait_for_selector("body[data-drawn]")


def creates_a_pattern(state, action: int) -> bool:
    """Whether covering with `action` creates a pattern (a true declaration is possible then)."""
    other = state.clone()
    other.apply_action(action)
    return bool(other.cover_sets()[0])


def bring_to_declaration(table, true: bool, seed: int = 0) -> None:
    """Play seat 0 (the bots answer) until it has covered a position and must declare; with `true` a cover
    that creates a pattern, else one that creates none."""
    rng = random.Random(seed)
    for _ in range(2000):
        state = table.state
        if state.phase == "declare" and state.current_player() == 0:
            return
        if state.current_player() != 0:
            table.tick()
            keeping.MOVER.settle(table)   # the bots' moves made now (the server's mover makes them in the background)
            continue
        legal = state.legal_actions()
        if state.phase == "race":
            covers = [a for a in legal if POSITION <= a < STATEMENT and creates_a_pattern(state, a) == true]
            table.act(0, covers[0] if covers else PASS)
        else:
            table.act(0, rng.choice([a for a in legal if a != CLICK]))
    raise AssertionError("seat 0 never came to declare")


def statement_of(state, true: bool):
    """A statement the pending cover makes true (or false)."""
    created = state.cover_sets()[0]
    return next(s for i, s in enumerate(STATEMENTS) if bool(created & STATEMENT_BITS[i]) == true)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 375, "height": 800}])
@pytest.mark.parametrize("true", [True, False])
def test_the_statement_builder_declares_and_the_table_judges(browser, live_server, viewport, true):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    table, address = open_table(live_server, "/play/patterns?players=2&bots=greedy&seed=3&reaction=0")
    bring_to_declaration(table, true)
    statement = statement_of(table.state, true)
    start_driver(page, address)
    compose = page.locator(".actions .compose")
    assert compose.locator(".compose-title").inner_text() == "declare a pattern: choose its three parts"
    assert [compose.locator(f'[data-step="{name}"] .compose-label').inner_text()
            for name in ("direction", "trigger", "target")] == ["after or before", "every …", "there is always …"]
    send = compose.locator(".compose-send")
    assert send.is_disabled() and compose.locator('[data-step="trigger"] button').count() == 15
    compose.locator(f'[data-step="direction"] [data-choice="{statement.direction}"]').click()
    compose.locator(f'[data-step="trigger"] [data-choice="{statement.trigger.value}"]').click()
    # one side of a statement is an object: after an object, only colours and suits; after a colour or suit, only objects
    enabled = compose.locator('[data-step="target"] button:not([disabled])').evaluate_all(
        "bs => bs.map(b => b.dataset.choice)")
    objects = ["gun", "loot", "star", "bottle", "horseshoe", "dynamite", "barrel", "wanted"]
    if statement.trigger.attribute == "object":
        assert enabled == ["red", "blue", "yellow", "grey", "white", "coin", "bullets"]
    else:
        assert enabled == objects
    assert send.is_disabled()
    compose.locator(f'[data-step="target"] [data-choice="{statement.target.value}"]').click()
    said = f"{statement.direction} every {statement.trigger.value} there is always {statement.target.value}"
    assert compose.locator(".compose-said").inner_text() == said
    assert send.get_attribute("data-action-id") == str(STATEMENT + STATEMENTS.index(statement))
    assert compose.locator('[aria-pressed="true"]').count() == 3
    send.click()
    page.wait_for_selector(f'.log li:has-text("{said}")')
    told = page.locator(f'.log li:has-text("{said}")').inner_text().split("\n")[0]   # then the wheel it was made on
    assert told.startswith("you covered position") and told.endswith(f'declared "{said}": VALID') == true
    if not true:
        assert f'"{said}": FALSE: ' in told
    mine = [e for e in table.state.events if e["event"] == "declare" and e["seat"] == 0]
    assert mine[-1]["statement"] == said and mine[-1]["valid"] == true
    context.close()


def test_the_race_is_at_the_top_of_a_phone_with_its_countdown(browser, live_server):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    table, address = open_table(live_server, "/play/patterns?players=2&bots=greedy&seed=3&reaction=60")
    for _ in range(100):   # the deal: the table stops at the race's window, open for a minute
        if table.timed.is_open():
            break
        table.tick()
    assert table.timed.is_open()
    start_driver(page, address)
    title = page.locator(".actions[data-race] .compose[data-race] .compose-title")
    assert re.fullmatch(r"the bots react in \d+(\.\d)? s: be quicker!", title.inner_text())
    choices = page.locator(".compose button[data-choice]")
    assert choices.evaluate_all("bs => bs.map(b => b.textContent)")[-2:] == ["Click!", "wait: let the others answer first"]
    for box in (title.bounding_box(), choices.nth(0).bounding_box()):
        assert 0 <= box["y"] and box["y"] + box["height"] <= 800
    top = title.bounding_box()
    assert page.evaluate(f"() => document.elementFromPoint({top['x'] + 5}, {top['y'] + 5}).className") == "compose-title"
    # on a phone the page puts the choices before the board: the board is below them, not scrolled past
    assert page.locator(".board").bounding_box()["y"] >= choices.nth(0).bounding_box()["y"]
    choices.last.click()                                           # wait: sent at once, without a confirmation
    page.wait_for_selector('.status:has-text("you waited in this race: the others went first")')
    assert page.locator(".actions .compose").count() == 0
    context.close()


# ---- Old Town's card statuses, the last move: the table page as it is ---------------------------------


def first_turn(live_server, query):
    """An Old Town table at seat 0's first turn: (the Table, the address of seat 0's page)."""
    table, address = open_table(live_server, f"/play/oldtown?{query}")
    rng = random.Random(0)
    keeping.MOVER.settle(table)        # the bots' moves made now (the server's mover makes them in the background)
    while table.state.phase != "turn" or table.state.current_player() != 0:
        table.act(0, rng.choice(table.state.legal_actions()))
        keeping.MOVER.settle(table)
    return table, address


def shown_at(page, address):
    """The seat's page, once its actions are offered."""
    page.goto(address)
    page.wait_for_selector(".actions [data-action-id]")
    return page


def unplayable(table) -> tuple[int, list[str]]:
    """A card of seat 0's hand that may not be played, and the reasons told for it (one per own building)."""
    from clicktown.oldtown.game.view import view

    card = next(c for c in view(table.state, 0)["hand"] if not any(v["allowed"] for v in c["verdicts"]))
    return card["card"], [v["text"] for v in card["verdicts"]]


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 375, "height": 800}])
def test_an_old_town_card_that_may_not_be_played_shows_why(browser, live_server, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    table, address = first_turn(live_server, "players=2&bots=greedy&seed=0")
    card, reasons = unplayable(table)
    assert card == 26 and reasons == ["forbidden: the Stage Coach Office would have 8 possible plots, more than its "
                                      "five markers (rulebook example 9)"] * 2
    shown_at(page, address)
    hand = page.locator(".hand")
    assert reasons[0] in hand.inner_text() and hand.get_by_text(reasons[0]).first.is_visible()
    plays = {a for a in table.state.legal_actions() if PLAY <= a < DISCARD and (a - PLAY) // BUILDINGS + 1 == card}
    shown = page.locator(".actions [data-action-id]").evaluate_all("bs => bs.map(b => Number(b.dataset.actionId))")
    assert plays == set() and len(shown) == len(table.state.legal_actions())   # and no button plays it
    context.close()


def test_hints_false_hides_the_card_statuses(browser, live_server):
    page = browser.new_page()
    table, address = first_turn(live_server, "players=2&bots=greedy&seed=0&hints=false")
    hand = shown_at(page, address).locator(".hand").inner_text()
    assert all(f"{n} (" in hand for n in table.state.hands[0])
    assert not [word for word in ("playable", "confirmation", "contradiction", "forbidden") if word in hand]
    page.close()


def test_the_last_move_is_marked_on_the_board(browser, live_server):
    from playwright.sync_api import expect

    page = browser.new_page()
    table, address = open_table(live_server, "/play/sequence?players=2&bots=greedy&seed=3")
    shown_at(page, address).locator(".actions [data-action-id]").first.click()
    expect(page.locator(".board [data-last-move]")).to_have_count(1)
    keeping.MOVER.settle(table)        # the bot's answer made now (the server's mover makes it in the background)
    played = [e["cell"] for e in table.state.events if e["event"] == "play"][-1]   # the bot's answer
    marked = page.locator(".board [data-last-move]")
    expect(marked).to_have_attribute("data-cell", "{},{}".format(*played))   # once the page has drawn it
    assert marked.count() == 1
    assert marked.locator("rect.last-move").count() == 1
    page.close()
