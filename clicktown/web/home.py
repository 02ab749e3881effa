"""`/`: the home page, listing what can be played in the browser."""

from __future__ import annotations

from fastapi import APIRouter

from .page import page

router = APIRouter()

# Sections of the home page: (heading, [(link, text), ...]); page modules add theirs.
SECTIONS: list[tuple[str, list[tuple[str, str]]]] = []


@router.get("/")
def home():
    parts = ["<h1>clicktown</h1>", "<p>Old Town, Wild Wild Pattern and Sequence: puzzles and games in the browser.</p>"]
    for heading, links in SECTIONS:
        items = "".join(f'<li><a href="{href}">{text}</a></li>' for href, text in links)
        parts.append(f"<section><h2>{heading}</h2><ul>{items}</ul></section>")
    if not SECTIONS:
        parts.append("<p>Nothing to play yet.</p>")
    return page("home", "\n".join(parts))
