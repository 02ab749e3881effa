"""The screenshots of the first-game pages (docs/first-game-*.md), taken again by `make screenshots`.

    python docs/screenshots.py                  # every picture into docs/pictures/
    python docs/screenshots.py --only sequence  # the pictures whose name contains "sequence"

The web application is served in this process (on a free loopback port, tables in memory only) and
Debian's Chromium (/usr/bin/chromium) is driven by Playwright. Every table is opened with a fixed
seed, so it deals the same cards every time; the pictures are 1280x800 (a laptop) and 375x800 (a
phone), animations stopped, the text cursor hidden. A picture named `-first-move` is the table after
its first offered action was clicked and the bots answered.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "pictures"
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--font-render-hinting=none"]
LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 375, "height": 800}

#: The tables: picture name -> the lobby's address of the table (two players, one greedy bot, a fixed seed).
TABLES = {
    "oldtown": "/play/oldtown?players=2&bots=greedy&seed=3",
    "wild-wild-pattern": "/play/patterns?players=2&bots=greedy&seed=3",
    "sequence": "/play/sequence?players=2&bots=greedy&seed=3",
    "sequence-numbers": "/play/numbers?players=2&bots=greedy&seed=3",
}
#: The first offered choice: a button of the table page's actions (a move, or the first part of one),
#: or a cell of the board that plays a move (Sequence Numbers: the player finds the cell).
ACTION = ".actions button:not([disabled]), .board [data-action-id]"


def shots() -> list[tuple[str, str, dict, bool]]:
    """(picture name, address, viewport, whether to make the first move first) of every picture."""
    pictures = [("lobby", "/tables", LAPTOP, False)]
    for name, address in TABLES.items():
        pictures += [(f"{name}-table", address, LAPTOP, False), (f"{name}-first-move", address, LAPTOP, True),
                     (f"{name}-phone", address, PHONE, False)]
    return pictures


def settle(page) -> None:
    """Wait until the page has drawn its view and nothing is pending (fonts, the view's fetches)."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")


def first_move(page) -> None:
    """Click the first offered choice and wait until choices are offered again and no bot thinks (the bots moved)."""
    page.locator(ACTION).first.click()
    page.wait_for_function(
        """() => !document.querySelector('[data-thinking]')
                 && ([...document.querySelectorAll('.actions button')].some(b => !b.disabled)
                     || document.querySelector('.board [data-action-id]') !== null)""")
    settle(page)


def take(browser, base: str, name: str, address: str, viewport: dict, move: bool) -> Path:
    context = browser.new_context(viewport=viewport, device_scale_factor=1, locale="en-GB",
                                  timezone_id="UTC", reduced_motion="reduce")
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(base + address)
        if address.startswith("/play/"):
            page.wait_for_selector(ACTION)
        settle(page)
        if move:
            first_move(page)
            page.mouse.move(0, 0)  # no button left under the pointer (hovered)
        path = OUT / f"{name}.png"
        page.screenshot(path=str(path), animations="disabled", caret="hide")
        return path
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python docs/screenshots.py", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only the pictures whose name contains this")
    only = parser.parse_args(argv).only
    chosen = [shot for shot in shots() if only in shot[0]]
    if not chosen:
        parser.error(f"no picture's name contains {only!r}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("screenshots: Playwright is missing (pip install 'clicktown[test]')", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"screenshots: no {CHROMIUM} (Debian's chromium package)", file=sys.stderr)
        return 2
    from clicktown.web.app import serve_in_thread

    OUT.mkdir(exist_ok=True)
    base, stop = serve_in_thread()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
            for name, address, viewport, move in chosen:
                path = take(browser, base, name, address, viewport, move)
                print(f"{path.relative_to(HERE.parent)}  {viewport['width']}x{viewport['height']}", flush=True)
            browser.close()
    finally:
        stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
