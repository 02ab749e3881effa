"""Fixtures for the browser tests of the web pages (imported by conftest.py, so every test module has them).

  LOCAL        the base URL to give TestClient: `TestClient(create_app(), base_url=LOCAL)`
  open_table   open a table with a TestClient: (table id, seat 0's token)
  live_server  the whole web application served by uvicorn in a thread, on a free loopback port;
               its value is the base URL, e.g. "http://127.0.0.1:40123" (one server per test process)
  browser      Debian's Chromium (/usr/bin/chromium) driven by Playwright, launched with LAUNCH_ARGS;
               the tests that use it skip, saying why, when Playwright or Chromium is missing
  page         a fresh page of its own context (empty local storage) at VIEWPORT, closed afterwards
  a_trace_of_each_game   a JSON Lines file with a 2-player game of each game, for the trace viewer

A test opens `live_server + "/oldtown/solo/1"` in `page` and clicks through the test contract of
docs/web.md (`data-plot`, `data-building`, `data-action`, ...). Playwright is never asked to download
a browser: `make test` installs Debian's chromium when it is missing.
"""

from __future__ import annotations

import os
import re

import pytest

#: The base URL of the in-process test clients: a loopback Host, as the server answers only to the names
#: it serves (TestClient's own "testserver" is refused with 400, see clicktown/web/guard.py).
LOCAL = "http://127.0.0.1"
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 800}


def open_table(client, url, **headers):
    """Open a table through `url` (a `/play/...` address) with a TestClient: (table id, seat 0's token)."""
    answer = client.get(url, follow_redirects=False, headers=headers)
    assert answer.status_code == 303, answer.text
    return re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", answer.headers["location"]).groups()


@pytest.fixture(scope="session")
def live_server():
    """The web application on http://127.0.0.1:<free port>, stopped at the end of the session."""
    pytest.importorskip("uvicorn")
    from clicktown.web.app import serve_in_thread

    url, stop = serve_in_thread(pace=0)   # the bots move one after another at once (a person sees them at PACE)
    yield url
    stop()


class Clock:
    """A clock moved by the test (seconds): the tables' CLOCK or the store's clock."""

    def __init__(self, start: float):
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def held_mover():
    """The server's mover held: the bots' moves wait until the test makes them (`step`, `run_pending`);
    a live server's mover thread runs again afterwards."""
    from clicktown.web import keeping

    running = keeping.MOVER.mode == "thread"
    keeping.MOVER.hold()
    yield keeping.MOVER
    keeping.MOVER.stop()
    if running:
        keeping.MOVER.start()


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium through Playwright (skips when either is missing)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the `test` extra")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no {CHROMIUM}: install Debian's chromium (`make test` does it as root)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A page in a context of its own (nothing kept from other tests), VIEWPORT wide."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    yield opened
    context.close()


def a_trace_of_each_game(folder) -> str:
    """One JSON Lines file holding a 2-player game of each game (simulate --trace)."""
    from click.testing import CliRunner

    from clicktown.cli import cli

    text = ""
    for args in (["oldtown"], ["patterns"], ["sequence"], ["sequence", "--game", "numbers"]):
        one = folder / "one.jsonl"
        result = CliRunner().invoke(cli, [args[0], "simulate", *args[1:], "--games", "1", "--players", "2", "--bots",
                                          "greedy,random", "--seed", "3", "--trace", str(one)])
        assert result.exit_code == 0, result.stderr
        text += one.read_text()
    trace = folder / "games.jsonl"
    trace.write_text(text)
    return str(trace)
