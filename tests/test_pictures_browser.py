"""End to end: a printable sheet opened in headless Chromium (Debian's `chromium`; `make test` installs
it when it can). The test skips, saying why, where no browser is installed."""

import re
import shutil
import struct
import subprocess

import pytest

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
WIDTH, HEIGHT = 1000, 1400

pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="no headless browser: install Debian's chromium (apt-get install chromium; `make test` does it as root)")


def chromium(tmp_path, *args) -> subprocess.CompletedProcess:
    """Run headless Chromium with a throwaway profile and nothing fetched in the background."""
    command = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run",
               f"--user-data-dir={tmp_path / 'profile'}", *args]
    return subprocess.run(command, capture_output=True, timeout=120, text=False)


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """The sheet of scenario 1, written by the command line."""
    from click.testing import CliRunner

    from clicktown.cli import cli

    folder = tmp_path_factory.mktemp("sheet")
    out = folder / "sheet.html"
    result = CliRunner().invoke(cli, ["oldtown", "sheet", "1", "--out", str(out), "--solutions", "end"])
    assert result.exit_code == 0, result.stderr
    return folder, out


def test_the_sheet_opens_in_chromium_with_its_text_screenshot_and_pages(sheet):
    folder, out = sheet
    url = out.resolve().as_uri()
    dom = chromium(folder, "--dump-dom", url).stdout.decode("utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", dom).split())
    for expected in ("Old Town, solo scenario 1 (easy)", "My building: Hotel", "the 17 info cards",
                     "Card 45 · type B", "applies to the Bank", "candidates", "Relation words", "wall to wall",
                     "Scenario 1: solution"):
        assert expected in text, expected

    shot = folder / "sheet.png"
    chromium(folder, f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}", url)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (WIDTH, HEIGHT)
    assert len(data) > 20_000  # the plan is drawn, not a blank page

    pdf = folder / "sheet.pdf"
    chromium(folder, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", url)
    pages = max(int(n) for n in re.findall(rb"/Count (\d+)", pdf.read_bytes()))
    assert pages >= 5  # task, cards, candidates, relation words and the solution each start a new page
