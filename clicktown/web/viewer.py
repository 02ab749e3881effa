"""`/viewer`: step through a game's trace (JSON Lines from `simulate --trace`, `play --trace` or a table).

The trace stays in the browser: the page reads the file, follows the board from event to event
(chips of a Sequence board, the markers and buildings of Old Town's `turn_end` lines, the wheel of
Wild Wild Pattern) and asks `/api/viewer/step` for each step's picture, drawn by the games' SVG
renderers, and the step told in words by the games' views (as a spectator, who holds no seat).
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..games import GAMES, game_spec
from .page import page

router = APIRouter()


class Step(BaseModel):
    """One step of a trace: which game, the board after it, the event itself."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=20)                                          # a name of GAMES
    lang: Literal["en", "de"] = "en"
    rows: list[str] | None = Field(None, max_length=10)                     # Sequence: ten rows of ten marks
    plots: dict[str, list[str]] | None = None                                 # Old Town: plot -> markers
    built: dict[str, int] | None = None                                       # Old Town: building -> plot
    wheel: list[str | None] | None = Field(None, max_length=8)               # Wild Wild Pattern
    event: dict = Field(default_factory=dict)

    @field_validator("game")
    @classmethod
    def known_game(cls, name: str) -> str:
        if name not in GAMES:
            raise ValueError(f"unknown game {name[:20]!r}, choose {', '.join(GAMES)}")
        return name


@router.get("/viewer")
def viewer_page():
    body = """<div class="viewer">
<h1>Trace viewer</h1>
<p>Open a trace (JSON Lines) written by <code>simulate --trace</code>, <code>play --trace</code> or downloaded
at the end of a game in the browser, then step through it. Nothing is uploaded: the file is read here.</p>
<input type="file" class="trace-file" accept=".jsonl,.json,.txt,application/x-ndjson">
<label>Game <select class="game-choice"></select></label>
<div class="controls">
<button type="button" class="first" aria-label="first step">|&lt;</button>
<button type="button" class="back" data-step="back" aria-label="step back">&lt; back</button>
<span class="step-number" aria-live="polite"></span>
<button type="button" class="forward" data-step="forward" aria-label="step forward">forward &gt;</button>
<button type="button" class="last" aria-label="last step">&gt;|</button>
</div>
<p class="step-text"></p>
<p class="message" role="alert"></p>
<div class="board"></div>
</div>"""
    return page("trace viewer", body, scripts=("viewer.js",))


@router.post("/api/viewer/step")
def step(body: Step) -> dict:
    """The picture of the board after a step and the step in words."""
    return {"svg": picture(body), "text": told(body)}


def picture(step: Step) -> str:
    return game_spec(step.game).step_picture(step)


def told(step: Step) -> str:
    """The event in the game's words, for a spectator."""
    event = step.event
    kind = event.get("event")
    if not isinstance(kind, str):
        return ""
    try:
        return game_spec(step.game).spectator_text(event, step.lang) or kind
    except (KeyError, TypeError, ValueError, IndexError):
        return kind     # a line of another shape: named, not told
