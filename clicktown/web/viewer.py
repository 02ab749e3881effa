"""`/viewer`: step through a game's trace (JSON Lines from `simulate --trace`, `play --trace` or a table).

The trace stays in the browser: the page reads the file, follows the board from event to event
(chips of a Sequence board, the markers and buildings of Old Town's `turn_end` lines, the wheel of
Wild Wild Pattern) and asks `/api/viewer/step` for each step's picture, drawn by the games' SVG
renderers, and the step told in words by the games' views (as a spectator, who holds no seat).
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ..errors import ClicktownError
from ..messages import say, say_n
from ..words import who
from .page import page

router = APIRouter()
SPECTATOR = -1   # no seat: nothing is told as "you"


class Step(BaseModel):
    """One step of a trace: which game, the board after it, the event itself."""

    model_config = ConfigDict(extra="forbid")
    game: Literal["sequence", "numbers", "oldtown", "patterns"]
    lang: Literal["en", "de"] = "en"
    rows: list[str] | None = Field(None, max_length=10)                     # Sequence: ten rows of ten marks
    plots: dict[str, list[str]] | None = None                                 # Old Town: plot -> markers
    built: dict[str, int] | None = None                                       # Old Town: building -> plot
    wheel: list[str | None] | None = Field(None, max_length=8)               # Wild Wild Pattern
    event: dict = Field(default_factory=dict)


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
    if step.game in ("sequence", "numbers"):
        return _sequence_picture(step)
    if step.game == "oldtown":
        return _oldtown_picture(step)
    return _wheel_picture(step)


def _sequence_picture(step: Step) -> str:
    from ..sequence.cards import load_game
    from ..sequence.position import parse_position
    from ..sequence.render.svg import board_svg
    from ..sequence.sequences import count_sequences

    if not step.rows:
        raise ClicktownError("a Sequence step needs the board's rows")
    position = parse_position("\n".join(step.rows), "rows")
    return board_svg(load_game(step.game), position, count_sequences(position), lang=step.lang)


def _oldtown_picture(step: Step) -> str:
    from ..oldtown.render.svg import plan_svg
    from .games import oldtown_catalogue

    catalogue = oldtown_catalogue()
    name = catalogue.building
    placement, markers = {}, {}
    for building, plot in (step.built or {}).items():
        if not 1 <= plot <= 16:
            raise ClicktownError(f"built.{building[:30]}: plots are numbered 1 to 16")
        placement[plot] = name(building)
    for plot, buildings in (step.plots or {}).items():
        if not plot.isdigit() or not 1 <= int(plot) <= 16:
            raise ClicktownError(f"plots.{plot[:10]}: plots are numbered 1 to 16")
        markers[int(plot)] = [name(b) for b in buildings[:18]]
    return plan_svg(catalogue.board, placement, set(), markers, buildings=catalogue.building_names,
                    lang=step.lang, names=catalogue.names_in(step.lang))


def _wheel_picture(step: Step) -> str:
    from ..patterns.cards import Wheel, parse_card
    from ..patterns.game.state import builtin_deck
    from ..patterns.render.svg import wheel_svg

    deck = builtin_deck()
    cards = [parse_card(c, deck) if c else None for c in (step.wheel or [None] * 8)]
    return wheel_svg(Wheel(tuple(cards + [None] * (8 - len(cards)))))


def told(step: Step) -> str:
    """The event in the game's words, for a spectator."""
    event = step.event
    kind = event.get("event")
    if not isinstance(kind, str):
        return ""
    try:
        if step.game in ("sequence", "numbers"):
            from ..sequence.game.view import event_text

            return event_text(event, SPECTATOR, step.lang) or kind
        if step.game == "patterns":
            from ..patterns.game.view import event_text

            return event_text(event, SPECTATOR, step.lang) or kind
        return _oldtown_told(event, step.lang) or kind
    except (KeyError, TypeError, ValueError, IndexError):
        return kind     # a line of another shape: named, not told


def _oldtown_told(event: dict, lang: str) -> str | None:
    from ..oldtown.game.view import Words

    class Spectator:
        catalogue = None

    from .games import oldtown_catalogue

    watcher = Spectator()
    watcher.catalogue = oldtown_catalogue()
    if event.get("event") == "turn_end":
        points = ", ".join(f"{who(lang, s, SPECTATOR)}: {say_n(lang, 'common.points', p)}"
                           for s, p in enumerate(event.get("points", [])))
        return say(lang, "web.viewer.turn_end", turn=event["turn"], points=points)
    return Words(watcher, SPECTATOR, lang).event(event)
