"""The Old Town solo page in headless Chromium (Playwright): played by clicks and keys through the
test contract of docs/web.md, with screenshots at a desktop's and a phone's width."""

from __future__ import annotations

import re

import pytest

from clicktown.messages import say, say_n
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.puzzles.code import scenario_code, scenario_from_code
from clicktown.oldtown.solo import broken_cards
from playwright.sync_api import expect

CATALOGUE = load_catalogue()


def open_puzzle(page, live_server, ident: str):
    page.goto(f"{live_server}/oldtown/solo/{ident}")
    page.wait_for_selector('[data-status="playing"]')


def place(page, plot: int, building: str):
    page.click(f'[data-plot="{plot}"]')
    page.click(f'[data-building="{building}"]')


def placed(page) -> dict[int, str]:
    return {int(el.get_attribute("data-plot")): el.get_attribute("data-placed")
            for el in page.query_selector_all("[data-plot][data-placed]")}


def test_the_published_town_placed_by_clicks_is_solved_with_screenshots(page, live_server, tmp_path):
    scenario = CATALOGUE.scenario("2")
    open_puzzle(page, live_server, "2")
    page.screenshot(path=str(tmp_path / "solo-start-1280x800.png"))
    for plot, building in sorted(scenario.published.items()):
        place(page, plot, building)
    page.wait_for_selector('[data-status="solved"]')
    assert placed(page) == scenario.published
    assert "Solved in" in page.inner_text('[data-status="solved"]')
    page.screenshot(path=str(tmp_path / "solo-solved-1280x800.png"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(tmp_path / "solo-solved-375x800.png"))
    page.screenshot(path=str(tmp_path / "solo-solved-375-full.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375  # nothing sticks out sideways on a phone
    page.reload()  # the progress is kept in the browser
    page.wait_for_selector('[data-status="solved"]')
    assert placed(page) == scenario.published


def test_check_names_the_card_a_wrong_placement_breaks_and_nothing_more(page, live_server):
    scenario = CATALOGUE.scenario("1")
    open_puzzle(page, live_server, "1")
    place(page, 3, "Bank")  # card 45 puts the Bank on plots 2, 6, 7, 8, 10, 11, 12 or 14
    page.click('[data-action="check"]')
    page.wait_for_selector('[data-card="45"][data-broken="true"]')
    shown = sorted(int(el.get_attribute("data-card")) for el in page.query_selector_all('[data-broken="true"]'))
    assert shown == broken_cards(CATALOGUE.puzzle(scenario), {3: "Bank"}) == [45]
    page.check('[data-option="mistakes"]')
    page.click('[data-action="check"]')
    page.wait_for_selector('[data-plot="3"].mistake')


def test_keyboard_play_undo_and_redo(page, live_server, tmp_path):
    open_puzzle(page, live_server, "1")
    page.click('[data-plot="1"]')
    page.keyboard.type("stag")  # Stable and Stage Coach Office part at the fourth letter
    assert placed(page) == {1: "Stage Coach Office"}
    page.keyboard.press("ArrowRight")
    page.keyboard.type("smi")
    page.keyboard.press("ArrowDown")  # plot 6
    page.keyboard.type("sal")
    assert placed(page) == {1: "Stage Coach Office", 2: "Smith", 6: "Saloon"}
    page.keyboard.press("Delete")
    assert placed(page) == {1: "Stage Coach Office", 2: "Smith"}
    page.click('[data-action="undo"]')
    assert placed(page) == {1: "Stage Coach Office", 2: "Smith", 6: "Saloon"}
    page.click('[data-action="undo"]')
    page.click('[data-action="undo"]')
    assert placed(page) == {1: "Stage Coach Office"}
    page.click('[data-action="redo"]')
    assert placed(page) == {1: "Stage Coach Office", 2: "Smith"}
    page.click('[data-action="pencil"]')
    page.click('[data-plot="5"]')
    page.click('[data-building="Laundry"]')
    page.click('[data-building="Bank"]')
    assert page.inner_text('[data-plot="5"] .notes') == "Bank · Laundry"
    assert page.get_attribute('[data-plot="5"]', "data-placed") is None
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(tmp_path / "solo-notes-375x800.png"))


def test_a_generated_puzzle_opened_twice_by_its_code_shows_the_same_cards(page, live_server):
    page.goto(f"{live_server}/oldtown/solo/new?level=leicht&seed=11")
    page.wait_for_selector('[data-status="playing"]')
    code = page.inner_text("[data-code]")
    assert re.fullmatch(r"ot-[0-9a-z-]+", code) and page.url.endswith("/oldtown/solo/" + code)
    cards = [el.get_attribute("data-card") for el in page.query_selector_all(".cards [data-card]")]
    page.goto(f"{live_server}/oldtown/solo/{code}")
    again = [el.get_attribute("data-card") for el in page.query_selector_all(".cards [data-card]")]
    assert again == cards == [str(n) for n in scenario_from_code(CATALOGUE, code).card_numbers]
    page.goto(f"{live_server}/oldtown/solo/new?level=leicht&seed=11")
    assert page.inner_text("[data-code]") == code


@pytest.mark.parametrize("lang, word", [("de", "Tipp")])
def test_the_language_switch_shows_cards_and_buttons_in_german(page, live_server, lang, word):
    page.goto(f"{live_server}/oldtown/solo/1?lang={lang}")
    assert page.inner_text('[data-action="hint"]') == word
    assert "Karte 45" in page.inner_text('[data-card="45"]')


# -- issue 36: the page follows the board, its messages the last action; code, clock, solve, ladder ---

def message(page) -> str:
    return page.inner_text("[data-status] .message")


def status(page) -> str:
    return page.get_attribute("[data-status]", "data-status")


def placed_count(page, n: int):
    expect(page.locator("[data-plot][data-placed]")).to_have_count(n)


def test_solved_follows_the_board_through_undo_reload_and_restart(page, live_server):
    town = CATALOGUE.scenario("2").published
    open_puzzle(page, live_server, "2")
    for plot, building in sorted(town.items()):
        place(page, plot, building)
    page.wait_for_selector('[data-status="solved"]')
    page.click('[data-action="undo"]')  # plot 16 empty again: not solved any more
    assert status(page) == "playing" and message(page) == say("en", "web.solo.playing")
    assert placed(page) == {p: b for p, b in town.items() if p != 16}
    page.reload()  # the saved progress is the unsolved board
    placed_count(page, 15)
    assert status(page) == "playing" and page.inner_text("[data-clock]") != ""
    page.click('[data-action="redo"]')
    page.wait_for_selector('[data-status="solved"]')
    page.reload()
    page.wait_for_selector('[data-status="solved"]')
    assert message(page).startswith("Solved in ")
    page.click('[data-action="restart"]')
    assert status(page) == "playing" and placed(page) == {} and page.inner_text("[data-clock]") == "0:00"
    page.click('[data-action="undo"]')  # the restart undone: the town is back, and solved
    page.wait_for_selector('[data-status="solved"]')
    assert placed(page) == town


def test_messages_belong_to_the_last_action(page, live_server):
    open_puzzle(page, live_server, "1")
    page.click('[data-building="Bank"]')
    assert message(page) == say("en", "web.solo.pick_plot") == "Choose a plot first."
    page.click('[data-plot="3"]')  # the plot chosen: the request is answered
    assert message(page) == say("en", "web.solo.playing")
    page.click('[data-building="Bank"]')  # card 45 puts the Bank on plots 2, 6, 7, 8, 10, 11, 12 or 14
    page.click('[data-action="check"]')
    page.wait_for_selector('[data-card="45"][data-broken="true"]')
    assert message(page) == say_n("en", "web.solo.broken", 1, cards="45") == "Broken: card 45."
    page.click('[data-action="undo"]')  # the Undo that mends card 45 takes its message and its mark away
    assert message(page) == say("en", "web.solo.playing") and page.query_selector("[data-broken]") is None
    page.click('[data-action="check"]')
    expect(page.locator("[data-status] .message")).to_have_text(say("en", "web.solo.unbroken"))


def test_the_code_is_copied_and_a_code_typed_or_pasted_opens_its_puzzle(page, live_server):
    code = scenario_code(CATALOGUE, CATALOGUE.scenario("4"))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    open_puzzle(page, live_server, "4")
    assert page.inner_text("[data-code]") == code
    page.click('[data-action="copy"]')
    expect(page.locator("[data-status] .message")).to_have_text(say("en", "web.solo.copied"))
    assert page.evaluate("navigator.clipboard.readText()") == code
    mistyped = code[:-1] + ("x" if code[-1] != "x" else "y")
    page.fill('[data-field="code"]', mistyped)
    page.press('[data-field="code"]', "Enter")  # the keys typed into the field place no building
    page.wait_for_selector("[data-missing]")
    assert page.inner_text("[data-reason]") == say("en", "web.solo.mistyped_code", code=mistyped)
    assert page.input_value('[data-field="code"]') == mistyped
    page.fill('[data-field="code"]', "  " + code.upper().replace("-", " - ") + "\n")  # pasted with spaces and capitals
    page.click('[data-action="open"]')
    page.wait_for_selector('[data-status="playing"]')
    assert page.inner_text("[data-code]") == code and page.url == f"{live_server}/oldtown/solo/{code}?lang=en"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_unknown_puzzle_opened_in_the_browser_is_a_page_not_json(page, live_server, lang):
    for path, typed in ((f"/api/oldtown/solo/ot-zz?lang={lang}", "ot-zz"), (f"/oldtown/solo/ot-1234?lang={lang}", "ot-1234")):
        answer = page.goto(live_server + path)
        assert answer.status == 404 and answer.headers["content-type"].startswith("text/html")
        assert page.inner_text("h1") == say(lang, "web.solo.not_found")
        assert page.inner_text("[data-reason]") == say(lang, "web.solo.mistyped_code", code=typed)
        assert '"error"' not in page.content()


def hide(page, hidden: bool):
    """The tab is put away (hidden) or comes back, as the browser tells the page (Page Visibility API)."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
        document.dispatchEvent(new Event("visibilitychange"));
    }""", hidden)


def test_the_clock_counts_only_while_the_page_is_visible(page, live_server):
    import datetime

    start = datetime.datetime(2026, 1, 1, 12, 0, 0)
    page.clock.install(time=start)
    page.clock.pause_at(start + datetime.timedelta(seconds=1))   # no time passes but the test's own (a loaded machine)
    open_puzzle(page, live_server, "1")
    page.clock.run_for(10_000)
    assert page.inner_text("[data-clock]") == "0:10"
    hide(page, True)
    page.clock.fast_forward("03:00:00")  # three hours away
    page.clock.run_for(2_000)
    assert page.inner_text("[data-clock]") == "0:10"
    hide(page, False)
    page.clock.run_for(5_000)
    assert page.inner_text("[data-clock]") == "0:15"
    page.reload()  # the time is kept with the progress, and goes on counting
    page.wait_for_selector('[data-status="playing"]')
    page.clock.run_for(1_000)
    assert page.inner_text("[data-clock]") == "0:16"


def test_a_scenario_without_a_solution_says_so_when_it_opens(page, live_server):
    open_puzzle(page, live_server, "5-first-printing")
    assert page.is_visible('[data-notice="no-solution"]')
    assert page.inner_text('[data-notice="no-solution"]') == say("en", "web.solo.no_solution")
    assert message(page) == say("en", "web.solo.no_solution")
    page.click('[data-action="solve"]')
    page.click('[data-action="solve-yes"]')
    page.wait_for_selector('[data-confirm="solve"]', state="hidden")
    assert message(page) == say("en", "web.solo.no_solution") and placed(page) == {}


@pytest.mark.parametrize("ident", ["1", "7"])
def test_solve_shows_the_solution_after_asking_once(page, live_server, ident):
    from clicktown.oldtown.solve.count import solve

    solutions = solve(CATALOGUE.puzzle(CATALOGUE.scenario(ident)), 10)
    open_puzzle(page, live_server, ident)
    place(page, 1, "Bank")
    assert not page.is_visible('[data-confirm="solve"]')
    page.click('[data-action="solve"]')  # asks first: nothing changes yet
    assert page.is_visible('[data-confirm="solve"]') and placed(page) == {1: "Bank"}
    page.click('[data-action="solve-no"]')
    assert not page.is_visible('[data-confirm="solve"]') and placed(page) == {1: "Bank"}
    page.click('[data-action="solve"]')
    page.click('[data-action="solve-yes"]')
    page.wait_for_selector('[data-status="shown"]')  # shown, never "solved"
    assert placed(page) == solutions[0].placement
    assert message(page) == (say("en", "web.solo.shown") if len(solutions) == 1
                             else say("en", "web.solo.shown_one_of", n=len(solutions)))
    assert page.is_disabled('[data-action="solve"]')
    page.click('[data-action="undo"]')  # one undoable change
    assert placed(page) == {1: "Bank"} and status(page) == "playing"


ENGLISH_ON_THE_PAGE = {"the", "plot", "card", "cards", "building", "buildings", "railway", "cemetery", "pasture",
                       "solution", "hint", "undo", "redo", "check", "my", "choose", "first", "board", "copy"}


def words_shown(page) -> set[str]:
    """Every word a person can read on the page: its text, the pictures' titles, the buttons' labels."""
    text = page.evaluate("""() => [document.title, document.body.innerText,
        ...Array.from(document.querySelectorAll("title"), (t) => t.textContent),
        ...Array.from(document.querySelectorAll("[aria-label], [placeholder]"),
                      (e) => (e.getAttribute("aria-label") || "") + " " + (e.getAttribute("placeholder") || ""))].join(" ")""")
    return {w.strip(".,:;!?()\"„“”·").lower() for w in text.split()}


@pytest.mark.parametrize("width", [1280, 375])
def test_the_german_page_speaks_german_everywhere(page, live_server, width, tmp_path):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server}/oldtown/solo/7?lang=de")
    page.wait_for_selector('[data-status="playing"]')
    page.click('[data-building="Bank"]')
    assert message(page) == say("de", "web.solo.pick_plot")
    assert not words_shown(page) & ENGLISH_ON_THE_PAGE
    for label in ("Bahnlinie", "Friedhof", "Büffelweide"):
        assert label in page.inner_text(".plan")
    place(page, 3, "Bank")
    page.click('[data-action="check"]')
    expect(page.locator("[data-status] .message")).not_to_have_text(say("de", "web.solo.playing"))
    assert not words_shown(page) & ENGLISH_ON_THE_PAGE, words_shown(page) & ENGLISH_ON_THE_PAGE
    page.screenshot(path=str(tmp_path / f"solo-de-{width}x800.png"))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [1280, 375])
def test_the_plan_and_the_buildings_are_on_the_screen_together(page, live_server, width, lang, tmp_path):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{live_server}/oldtown/solo/1?lang={lang}")
    page.wait_for_selector('[data-status="playing"]')
    page.click('[data-plot="16"]')  # a plot chosen: its building must be at hand without scrolling
    assert page.evaluate("window.scrollY") == 0
    boxes = [page.locator(f"[data-plot='{n}']").bounding_box() for n in range(1, 17)]
    boxes += [el.bounding_box() for el in page.query_selector_all(".palette [data-building], [data-status]")]
    assert len(boxes) == 16 + 18 + 1
    for box in boxes:
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= 800, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(tmp_path / f"solo-{lang}-{width}x800.png"))


# -- the hint ladder, against the answer of docs/web.md (the server's answer stood in for) ------------

CARDS_OF_1 = CATALOGUE.scenario("1").card_numbers
SUPPOSE = {"text": "Suppose the Casino stood on plot 11. Then card 5 leaves the Hotel no plot: impossible.",
           "cards": [CARDS_OF_1[1]],
           "chain": [{"text": "Then card 5 leaves the Hotel no plot: impossible.", "cards": [CARDS_OF_1[1]], "chain": []}]}
STEP = {"kind": "step", "nudge": f"Look at cards {CARDS_OF_1[0]} and {CARDS_OF_1[1]}.", "where": "It is about plot 12.",
        "text": f"Card {CARDS_OF_1[0]} leaves the Casino plots 11 and 12. {SUPPOSE['text']} So the Casino stands on plot 12.",
        "cards": CARDS_OF_1[:2], "focus": {"plots": [11, 12], "buildings": ["Casino", "Hotel"]},
        "places": {"12": "Casino"}, "notes": {"11": ["Hotel", "Bank"]}, "wrong": [], "chain": [SUPPOSE]}
WRONG = {"kind": "wrong", "nudge": "", "where": "", "text": "No solution has the Stage Coach Office on plot 1: take it away.",
         "cards": [], "focus": {"plots": [1], "buildings": ["Stage Coach Office"]}, "places": {}, "notes": {},
         "wrong": [1], "chain": []}


def lit(page, what: str) -> list[str]:
    return [el.get_attribute(f"data-{what}") for el in page.query_selector_all(f"[data-{what}][data-lit]")]


def parts(page) -> list[str]:
    return [el.get_attribute("data-part") for el in page.query_selector_all("[data-hint] [data-part]")]


def test_the_hint_ladder_nudge_where_text_and_fill_in(page, live_server):
    asked, answers = [], [STEP]
    page.route("**/api/oldtown/solo/1/hint", lambda route: (asked.append(route.request.post_data_json),
                                                             route.fulfill(json=answers[-1])))
    open_puzzle(page, live_server, "1")
    place(page, 1, "Stage Coach Office")
    page.click('[data-action="pencil"]')
    page.click('[data-plot="5"]')
    page.click('[data-building="Laundry"]')
    page.click('[data-building="Bank"]')
    page.click('[data-action="pencil"]')
    assert page.is_disabled('[data-action="fill"]')
    page.click('[data-action="hint"]')  # rung 1: which cards
    page.wait_for_selector('[data-hint][data-rung="nudge"]')
    assert asked == [{"placement": {"1": "Stage Coach Office"}, "notes": {"5": ["Laundry", "Bank"]}, "lang": "en"}]
    assert parts(page) == ["nudge"] and page.inner_text('[data-part="nudge"]') == STEP["nudge"]
    assert lit(page, "card") == [str(n) for n in STEP["cards"]] and lit(page, "plot") == lit(page, "building") == []
    assert page.is_enabled('[data-action="fill"]')
    page.click('[data-action="hint"]')  # rung 2: where
    page.wait_for_selector('[data-hint][data-rung="where"]')
    assert parts(page) == ["nudge", "where"] and page.inner_text('[data-part="where"]') == STEP["where"]
    assert lit(page, "plot") == ["11", "12"] and lit(page, "building") == ["Casino", "Hotel"]
    page.click('[data-action="hint"]')  # rung 3: the whole deduction, with its chain
    page.wait_for_selector('[data-hint][data-rung="text"]')
    # the words of the step around its chain, each link in its own words, nested, nothing said twice
    assert parts(page) == ["text", "conclusion"]
    assert page.inner_text('[data-part="text"]') == f"Card {CARDS_OF_1[0]} leaves the Casino plots 11 and 12."
    assert page.inner_text('[data-part="conclusion"]') == "So the Casino stands on plot 12."
    links = [el.inner_text() for el in page.query_selector_all("[data-hint] [data-link] > span")]
    assert links == ["Suppose the Casino stood on plot 11.", "Then card 5 leaves the Hotel no plot: impossible."]
    assert page.query_selector_all("[data-hint] ol.chain ol.chain [data-link]")[0].inner_text() == links[1]
    page.click('[data-action="hint"]')  # the top of the ladder: it stays
    assert page.get_attribute("[data-hint]", "data-rung") == "text" and len(asked) == 1  # one question per board
    page.click('[data-action="fill"]')  # the conclusion written down: a placement and pencil notes
    assert placed(page) == {1: "Stage Coach Office", 12: "Casino"}
    assert page.inner_text('[data-plot="11"] .notes') == "Bank · Hotel"
    assert page.inner_text('[data-plot="5"] .notes') == "Bank · Laundry"
    assert page.get_attribute("[data-hint]", "data-rung") == "filled" and lit(page, "plot") == []
    assert page.is_disabled('[data-action="fill"]')
    page.click('[data-action="undo"]')  # ONE undo takes both back
    assert placed(page) == {1: "Stage Coach Office"} and page.inner_text('[data-plot="11"] .notes') == ""
    assert page.inner_text("[data-hint]") == say("en", "web.solo.hint_none")
    answers.append(WRONG)
    page.click('[data-action="hint"]')  # a board that has gone wrong: the whole text at once
    page.wait_for_selector('[data-hint][data-kind="wrong"]')
    assert asked[-1]["notes"] == {"5": ["Laundry", "Bank"]} and len(asked) == 2
    assert page.get_attribute("[data-hint]", "data-rung") == "text" and page.inner_text('[data-part="text"]') == WRONG["text"]
    assert page.is_visible('[data-plot="1"].mistake') and page.is_disabled('[data-action="fill"]')


def test_a_hint_from_the_german_page_asks_in_german(page, live_server):
    asked = []
    page.route("**/api/oldtown/solo/2/hint", lambda route: (asked.append(route.request.post_data_json),
                                                             route.fulfill(json=WRONG)))
    page.goto(f"{live_server}/oldtown/solo/2?lang=de")
    page.wait_for_selector('[data-status="playing"]')
    page.click('[data-action="hint"]')
    page.wait_for_selector('[data-hint][data-kind="wrong"]')
    assert asked == [{"placement": {}, "notes": {}, "lang": "de"}]


# -- the whole ladder against the server's engine ------------------------------------------------------

def hint_clicks_needed(live_server: str, ident: str) -> int:
    """Clicks to solve by asking the API alone as the page does: a hint, then fill in its conclusion."""
    import httpx

    placement, notes, clicks = {}, {}, 0
    while len(placement) < 16 and clicks < 200:
        answer = httpx.post(f"{live_server}/api/oldtown/solo/{ident}/hint",
                            json={"placement": placement, "notes": notes, "lang": "en"}).json()
        assert answer["kind"] == "step" and (answer["places"] or answer["notes"]), answer
        for plot, building in answer["places"].items():
            placement[plot] = building
            notes.pop(plot, None)
        for plot, buildings in answer["notes"].items():
            if plot not in placement:
                notes[plot] = buildings
        clicks += 2
    return clicks


def test_scenario_1_is_solved_with_hints_and_fill_in_alone_counting_the_clicks(page, live_server):
    needed = hint_clicks_needed(live_server, "1")
    open_puzzle(page, live_server, "1")
    clicks = 0
    while status(page) != "solved" and clicks < 200:
        page.click('[data-action="hint"]')
        page.wait_for_selector('[data-hint][data-rung="nudge"], [data-hint][data-kind]:not([data-kind="step"])')
        assert page.get_attribute("[data-hint]", "data-kind") == "step", page.inner_text("[data-hint]")
        page.click('[data-action="fill"]')
        page.wait_for_selector('[data-hint][data-rung="filled"]')
        clicks += 2
        if len(placed(page)) == 16:
            page.wait_for_selector('[data-status="solved"]')
    assert placed(page) == CATALOGUE.scenario("1").published
    assert clicks == needed == 20  # 10 hints, each written down by one click (at most 30 hints: 60 clicks)
