"""The first-game pages (docs/first-game-*.md): every picture they show is one docs/screenshots.py
takes (and is there), every page they link exists, and the README links each page."""

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = ["first-game-oldtown.md", "first-game-wild-wild-pattern.md", "first-game-sequence.md",
         "first-game-sequence-numbers.md"]


def screenshots():
    spec = importlib.util.spec_from_file_location("screenshots", DOCS / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_takes_each_table_at_both_sizes_with_a_fixed_seed():
    module = screenshots()
    shots = module.shots()
    assert [name for name, *_ in shots] == ["lobby"] + [f"{game}-{kind}" for game in module.TABLES
                                                        for kind in ("table", "first-move", "phone")]
    assert {(v["width"], v["height"]) for _, _, v, _ in shots} == {(1280, 800), (375, 800)}
    assert all(re.search(r"[?&]seed=\d+", address) for address in module.TABLES.values())
    assert [name for name, _, _, move in shots if move] == [f"{game}-first-move" for game in module.TABLES]


@pytest.mark.parametrize("page", PAGES)
def test_every_picture_and_link_of_a_first_game_page_is_there(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    taken = {f"pictures/{name}.png" for name, *_ in screenshots().shots()}
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert pictures and set(pictures) <= taken
    assert all((DOCS / p).is_file() for p in pictures)
    links = [link for link in re.findall(r"(?<!!)\[[^\]]*\]\(([^)#]+)\)", text) if "://" not in link]
    assert all((DOCS / link).is_file() for link in links), links
    assert f"(docs/{page})" in (ROOT / "README.md").read_text(encoding="utf-8")
