"""`/`: the home page, listing what can be played in the browser."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from fastapi import APIRouter

from ..messages import say
from .page import page

router = APIRouter()

#: Sections of the home page: each, given the page's language, (heading, [(link, text), ...]); page modules add theirs.
SECTIONS: list[Callable[[str], tuple[str, list[tuple[str, str]]]]] = []


@router.get("/")
def home(lang: Literal["en", "de"] = "en"):
    parts = ["<h1>clicktown</h1>", f"<p>{say(lang, 'web.home.tagline')}</p>"]
    for section in SECTIONS:
        heading, links = section(lang)
        items = "".join(f'<li><a href="{href}">{text}</a></li>' for href, text in links)
        parts.append(f"<section><h2>{heading}</h2><ul>{items}</ul></section>")
    if not SECTIONS:
        parts.append(f"<p>{say(lang, 'web.home.nothing')}</p>")
    return page(say(lang, "web.home.title"), "\n".join(parts), lang=lang)
