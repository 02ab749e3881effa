"""`/viewer`: step through a game's trace (JSON Lines from `simulate --trace`, `play --trace` or a table).

The page sends the trace to `/api/viewer/traces`; the server splits it into games and, when a
step is asked for, replays the game through its engine (`clicktown.arena.trace.steps`): step k is
the k-th told event (its game_start and game_end included) with the state it was told in. The page
asks `/api/viewer/traces/{id}/{game}/{step}` for that state's picture and the event in words, for a
seat or as a spectator (who is shown no one's cards). No rule of any game is in the page.

A trace of the older schema (no actions) is read as its told events leave the board, with a
one-line note saying so.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from fastapi import APIRouter, HTTPException, Query, Request

from ..arena import trace as traces
from ..errors import ClicktownError
from ..games import game_spec
from ..messages import say, say_n
from .page import page

router = APIRouter()
#: at most this much trace text is read, and this many traces kept (the oldest go first)
MAX_BYTES = 32_000_000
KEPT = 8


@dataclass
class Game:
    """One game of a trace: its lines, and once replayed, every step's event and state (or board)."""

    lines: list[tuple[int, dict]]
    spec: object        # the game's GameSpec
    replayable: bool
    steps: list[tuple[dict, object]] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def start(self) -> dict:
        return self.lines[0][1]

    def told_lines(self) -> list[dict]:
        """The lines the viewer steps through: every line but the actions."""
        return [line for _, line in self.lines if line["event"] != "action"]

    def replayed(self, lang: str = "en") -> list[tuple[dict, object]]:
        """(event, state or board) of every step, worked out on first use (refused in `lang`)."""
        with self.lock:
            if self.steps is None:
                if self.replayable:
                    self.steps = [(s.event, s.state.clone()) for s in traces.steps(self.lines, self.spec.start_state)]
                else:
                    events = self.told_lines()
                    try:
                        self.steps = list(zip(events, self.spec.old_boards(events)))
                    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                        raise ClicktownError(say(lang, "web.viewer.error.old_shape")) from None
            return self.steps

    def summary(self, lang: str) -> dict:
        start = self.start
        name = start.get("game") if self.replayable else traces.old_game_name(start)
        steps = len(self.told_lines())
        return {"game": name, "seats": _seats(start), "steps": steps,
                "label": say_n(lang, "trace.viewer.game", steps, index=start.get("index", 0), game=name),
                "note": None if self.replayable else say(lang, "trace.viewer.old")}


def _seats(start: dict) -> list[str]:
    seats = start.get("seats") or start.get("bots") or []
    return [str(s)[:30] for s in seats] if isinstance(seats, list) else []


_TRACES: OrderedDict[str, list[Game]] = OrderedDict()
_KEEP = threading.Lock()


def load(text: str) -> list[Game]:
    """The games of a trace's text (a TraceError on the first malformed line)."""
    games = []
    for game in traces.split_games(traces.parse_lines(text.splitlines())):
        start = game[0][1]
        replayable = traces.replayable(game)
        name = start["game"] if replayable else traces.old_game_name(start)
        games.append(Game(game, game_spec(name), replayable))
    return games


@router.get("/viewer")
def viewer_page(lang: str = Query("en", pattern="^(en|de)$")):
    def words(key: str) -> str:
        return say(lang, f"web.viewer.{key}")

    intro = say(lang, "web.viewer.intro", simulate="<code>simulate --trace</code>", play="<code>play --trace</code>")
    body = f"""<div class="viewer">
<h1>{words("heading")}</h1>
<p>{intro}</p>
<input type="file" class="trace-file" accept=".jsonl,.json,.txt,application/x-ndjson">
<label>{words("game")} <select class="game-choice"></select></label>
<label>{words("seen")} <select class="seat-choice"></select></label>
<p class="note"></p>
<div class="controls">
<button type="button" class="first" aria-label="{words("first")}">|&lt;</button>
<button type="button" class="back" data-step="back" aria-label="{words("back_label")}">&lt; {words("back")}</button>
<span class="step-number" aria-live="polite"></span>
<button type="button" class="forward" data-step="forward" aria-label="{words("forward_label")}">{words("forward")} &gt;</button>
<button type="button" class="last" aria-label="{words("last")}">&gt;|</button>
</div>
<p class="step-text"></p>
<p class="message" role="alert"></p>
<div class="board"></div>
</div>"""
    return page(words("title"), body, scripts=("viewer.js",), lang=lang)


@router.post("/api/viewer/traces")
async def upload(request: Request, lang: str = Query("en", pattern="^(en|de)$")) -> dict:
    """Keep a trace (the request's body, JSON Lines) and list its games: game, seats, steps, a note."""
    body = await request.body()
    if len(body) > MAX_BYTES:
        raise HTTPException(413, say(lang, "web.viewer.error.too_large", mb=MAX_BYTES // 1_000_000))
    try:
        games = load(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise HTTPException(422, say(lang, "web.viewer.error.not_utf8")) from None
    except ClicktownError as exc:
        raise HTTPException(422, str(exc)) from None   # the trace reader's reason (clicktown.arena.trace), as it says it
    key = secrets.token_urlsafe(12)
    with _KEEP:
        _TRACES[key] = games
        while len(_TRACES) > KEPT:
            _TRACES.popitem(last=False)
    return {"id": key, "games": [g.summary(lang) for g in games],
            "spectator": say(lang, "trace.viewer.spectator"),
            "seat_words": [say(lang, "trace.viewer.seat", seat=s) for s in range(max(len(_seats(g.start)) for g in games))]}


@router.get("/api/viewer/traces/{key}/{game}/{step}")
def step(key: str, game: int, step: int, seat: int = Query(-1, ge=-1, le=11),
         lang: str = Query("en", pattern="^(en|de)$")) -> dict:
    """Step `step` of game `game`: the picture of the state it was told in, and the event in words,
    for `seat` (-1: a spectator)."""
    with _KEEP:
        games = _TRACES.get(key)
    if games is None:
        raise HTTPException(404, say(lang, "web.viewer.error.no_trace"))
    if not 0 <= game < len(games):
        raise HTTPException(404, say(lang, "web.viewer.error.games", last=len(games) - 1))
    chosen = games[game]
    try:
        steps = chosen.replayed(lang)
    except ClicktownError as exc:
        raise HTTPException(422, str(exc)) from None
    if not 0 <= step < len(steps):
        raise HTTPException(404, say(lang, "web.viewer.error.steps", game=game, last=len(steps) - 1))
    seats = _seats(chosen.start)
    if seat >= len(seats):
        raise HTTPException(404, say(lang, "web.viewer.error.seats", last=len(seats) - 1))
    event, held = steps[step]
    watcher = None if seat < 0 else seat
    try:
        if chosen.replayable:
            svg = chosen.spec.picture(held, watcher, lang)
        else:
            svg = chosen.spec.old_picture(held, chosen.start, lang)
    except (ClicktownError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise HTTPException(422, say(lang, "web.viewer.error.board", step=step, event=event["event"][:30])) from None
    try:
        if chosen.replayable:
            text = chosen.spec.told(held, event, watcher, lang)
        else:
            text = chosen.spec.old_told(event, watcher, lang)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        text = None     # a line of another shape: named, not told
    return {"svg": svg, "text": text or event["event"], "step": step, "steps": len(steps),
            "label": say(lang, "trace.viewer.step", k=step + 1, n=len(steps))}
