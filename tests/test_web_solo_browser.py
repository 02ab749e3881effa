"""The Old Town solo page in headless Chromium (Playwright): played by clicks and keys through the
test contract of docs/web.md, with screenshots at a desktop's and a phone's width."""

from __future__ import annotations

import re

import pytest

from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.puzzles.code import scenario_from_code
from clicktown.oldtown.puzzles.explain import explain
from clicktown.oldtown.solo import broken_cards

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


def test_a_hint_at_the_start_is_explains_first_step_and_names_its_building(page, live_server, tmp_path):
    from playwright.sync_api import expect

    scenario = CATALOGUE.scenario("3")
    first = explain(CATALOGUE, scenario).deduction.steps[0]
    open_puzzle(page, live_server, "3")
    page.click('[data-action="hint"]')
    page.wait_for_selector('[data-hint][data-status="step"]')   # no predicate eval: the pages' CSP forbids it
    text = page.inner_text("[data-hint]")
    assert text == explain(CATALOGUE, scenario).lines[0]
    building = first.buildings[0]
    assert building in text
    assert scenario.published and {p for p, b in scenario.published.items() if b == building} <= set(first.plots)
    lit = sorted(int(el.get_attribute("data-plot")) for el in page.query_selector_all("[data-plot].hl"))
    assert lit == sorted(first.plots)
    page.screenshot(path=str(tmp_path / "solo-hint-1280x800.png"))
    page.click('[data-action="hint"]')  # the next hint is the next step
    expect(page.locator("[data-hint]")).not_to_have_text(text)
    assert page.inner_text("[data-hint]") == explain(CATALOGUE, scenario).lines[1]


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
    page.click('[data-action="hint"]')
    page.wait_for_selector('[data-hint][data-status="wrong"]')
    assert "Bank on plot 3" in page.inner_text("[data-hint]")


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
