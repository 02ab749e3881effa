"""`/tables` and `/play/<game>`: the games at a table in the browser, with bots and friends on other screens.

A table lives in memory (at most MAX_TABLES; the one idle longest makes room). Seat 0 is the
person who opened `/play/<game>?players=N&bots=...&seed=S`; every other seat is a bot or, named
`person` in `bots`, a friend who joins through the seat's link. Each person's seat has a secret
token: reading the seat's view or acting for it without the token is refused (403). Bots move on
the server as soon as it is their turn; changes are pushed to every open page as server-sent
events, and each page then asks for its own seat's view (never anyone else's).

The engine judges every action: an Old Town card that may not be played is refused with the
referee's reason, and every stop claim is judged and told to the whole table with its reason.
A game with a phase played against the clock gives the table its driver (the spec's
`timed_phase`): the people answer within `reaction` seconds, the bots react after that time, and
each answer is the action of the seat that sent it. A bot that raises (or offers an illegal move)
never freezes a table: the error is logged, every seat's view says so, and the table makes a
random legal move for that seat (when none is left, the game ends as abandoned).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import threading
import time
from collections import OrderedDict
from html import escape
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import RedirectResponse, Response, StreamingResponse
from pydantic import BaseModel, ConfigDict

from ..arena.state import CHANCE, sample_chance
from ..errors import ClicktownError
from ..games import GAMES, PERSON, game_spec
from ..messages import catalog, has, say, text
from .home import SECTIONS
from .page import page

router = APIRouter()
log = logging.getLogger(__name__)
SECTION = ("Games at a table", [("/tables", "Choose a game, players, bots and a seed"),
                                *((f"/play/{name}", spec.title) for name, spec in GAMES.items()),
                                ("/viewer", "Step through a game's trace")])
if SECTION not in SECTIONS:
    SECTIONS.append(SECTION)

MAX_TABLES = 200
REACTION = 3.0      # seconds the bots take to react in a phase played against the clock, at a table with people
MAX_SEED = 2**32 - 1
PUSH_EVERY = 0.2    # seconds between two looks at a table for the event stream


class Table:
    """One game in progress: the engine's state, who sits where, the tokens of the people's seats."""

    def __init__(self, game: str, players: int, seats: tuple[str, ...], seed: int, lang: str, hints: bool | None,
                 reaction: float, rules: dict[str, str] | None = None):
        self.id = secrets.token_urlsafe(9)
        self.game, self.spec = game, game_spec(game)
        self.players, self.seats, self.seed = players, seats, seed
        self.lang, self.hints, self.reaction = lang, hints, reaction
        self.rules = self.spec.chosen_rules(rules or {})
        self.tokens = {s: secrets.token_urlsafe(16) for s, who in enumerate(seats) if who == PERSON}
        self.bots = {s: self.spec.make_bot(who) for s, who in enumerate(seats) if who != PERSON}
        self.state = self.spec.new_state(players, seats, self.rules)
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.version = 0
        self.touched = time.monotonic()
        self.timed = self.spec.timed_phase(set(self.tokens), reaction)   # None: no phase against the clock
        self.notices: list[tuple[str, dict]] = []   # what the table itself tells every seat: (message key, facts)
        self.abandoned = False
        self._pictures: dict = {}
        with self.lock:
            self._advance()

    # ---- moving the game on -------------------------------------------------------------------

    def _advance(self) -> None:
        """Chance, bots and the people's forced moves until a person must decide (or the game is over)."""
        state, timed = self.state, self.timed
        while not self.over:
            actor = state.current_player()
            if actor == CHANCE:
                if timed and timed.waits(state, time.monotonic()):
                    break
                state.apply_action(timed.chance(state, self.rng) if timed else sample_chance(state, self.rng))
            elif actor in self.bots:
                self._bot_moves(actor)
            else:
                forced = timed.answer_of(state, actor) if timed else None
                if forced is None:
                    forced = self.spec.auto_pass(state, actor)
                if forced is None:
                    break
                state.apply_action(forced)
        self.version += 1

    def _bot_moves(self, seat: int) -> None:
        """The bot's move; when the bot raises or offers an illegal move, a random legal one, told to every seat."""
        state, bot = self.state, self.bots[seat]
        try:
            action = bot.choose(state, self.rng)
            if action not in state.legal_actions():
                raise ClicktownError(f"the bot offered action {action}, which is not legal now")
        except Exception:
            log.exception("table %s: the %s bot at seat %d failed to move", self.id, bot.name, seat)
            legal = state.legal_actions()
            self.notices.append(("tables.bot_failed" if legal else "tables.abandoned", {"seat": seat, "bot": bot.name}))
            if not legal:
                self.abandoned = True
                return
            action = self.rng.choice(legal)
        state.apply_action(action)

    def tick(self) -> None:
        """Let a phase played against the clock go on once its time is up (called whenever the table is looked at)."""
        if self.timed and self.timed.expired(time.monotonic()):
            with self.lock:
                if self.timed.expired(time.monotonic()):
                    self._advance()

    def act(self, seat: int, action: int) -> None:
        """The person at `seat` takes `action`: checked by the engine, then the table moves on."""
        with self.lock:
            self.touched = time.monotonic()
            state = self.state
            if self.over:
                raise HTTPException(409, say(self.lang, "web.refuse.over"))
            if self.timed and self.timed.is_open():
                self.timed.answer(state, seat, action, time.monotonic(), self.lang)
            elif state.current_player() != seat:
                raise HTTPException(409, say(self.lang, "web.refuse.not_your_turn", seat=seat))
            elif action not in state.legal_actions():
                raise ClicktownError(self.spec.refusal(state, action, self.lang))
            else:
                state.apply_action(action)
            self._advance()

    # ---- what a seat sees ----------------------------------------------------------------------

    def seat_view(self, seat: int, since: int) -> dict:
        self.tick()
        with self.lock:
            seen = self.spec.view(self.state, seat, since, self.lang, self.hints)
            seen["svg"] = self.picture(seat)
            seen["version"] = self.version
            seen["table"] = self.id
            seen["seats"] = list(self.seats)
            seen["notices"] = [say(self.lang, key, **facts) for key, facts in self.notices]
            if self.timed:
                seen.update(self.timed.seat_view(self.state, seat, time.monotonic(), self.lang))
            if self.abandoned:
                seen["actions"] = []
                seen["over"] = {"result": "abandoned", "reason": "abandoned", "text": seen["notices"][-1],
                                "lines": [], "standings": [], "winners": []}
            return seen

    def picture(self, seat: int) -> str:
        """The board as SVG for the seat, drawn once per change of the table (the slowest part of an answer)."""
        if self._pictures.get("version") != self.version:
            self._pictures = {"version": self.version}
        if seat not in self._pictures:
            self._pictures[seat] = self.spec.picture(self.state, seat, self.lang)
        return self._pictures[seat]

    @property
    def over(self) -> bool:
        """The game is over: ended by its rules, or abandoned."""
        return self.abandoned or self.state.is_terminal()

    def trace(self) -> list[dict]:
        with self.lock:
            ended = [{"event": "game_end", "winners": [], "reason": "abandoned"}] if self.abandoned else []
            return self.spec.table_trace(self.state, self.seats, self.seed) + ended


# ---- the tables kept in memory ---------------------------------------------------------------------

TABLES: OrderedDict[str, Table] = OrderedDict()
TABLES_LOCK = threading.Lock()


def open_table(table: Table) -> None:
    """Keep the table; when MAX_TABLES are open, the one idle longest is closed."""
    with TABLES_LOCK:
        while len(TABLES) >= MAX_TABLES:
            idle = min(TABLES.values(), key=lambda t: t.touched)
            del TABLES[idle.id]
        TABLES[table.id] = table


def seated(table_id: str, seat: int, token: str | None) -> Table:
    """The table, once the token of the seat has been shown (404 no such table, 403 no right token)."""
    table = TABLES.get(table_id)
    if table is None:
        raise HTTPException(404, "no such table (it may have been closed to make room)")
    if not 0 <= seat < table.players:
        raise HTTPException(404, say(table.lang, "web.refuse.no_seat", last=table.players - 1))
    if seat not in table.tokens:
        raise HTTPException(403, say(table.lang, "web.refuse.bot_seat", seat=seat))
    if not token or not secrets.compare_digest(token, table.tokens[seat]):
        raise HTTPException(403, say(table.lang, "web.refuse.token", seat=seat))
    return table


# ---- pages ------------------------------------------------------------------------------------------

def rules_fieldset(name: str, game) -> str:
    """The rule options of one game as selects (the default selected, the option's sentence as help)."""
    rules = game.rule_choices()
    if not rules:
        return ""
    selects = "".join(
        f'<label>{escape(rule.name.replace("_", " "))} <select name="{name}.{rule.name}" data-rule-option="{rule.name}" '
        f'title="{escape(rule.help)}">'
        + "".join(f'<option value="{escape(word)}"{" selected" if word == rule.default else ""}>{escape(word)}'
                  f'{" (default)" if word == rule.default else ""}</option>' for word in rule.choices)
        + "</select></label>" for rule in rules)
    return (f'<fieldset class="rules" data-game="{name}"><legend>Rule options of {escape(game.title)}</legend>'
            f'{selects}</fieldset>')


def rules_given(game: str, query) -> dict[str, str]:
    """The rule options named in a request, for `game`: `name=word` (or the lobby's `game.name=word`)."""
    names = {rule.name for rule in game_spec(game).rule_choices()}
    given = {key: value for key, value in query.items() if key in names}
    given.update({key.split(".", 1)[1]: value for key, value in query.items()
                  if key.startswith(game + ".") and key.split(".", 1)[1] in names})
    return given


@router.get("/tables")
def lobby():
    options = "".join(f'<option value="{name}">{escape(g.title)}</option>' for name, g in GAMES.items())
    fieldsets = "".join(rules_fieldset(name, g) for name, g in GAMES.items())
    body = f"""<h1>Play at a table</h1>
<p>Choose a game, how many play, and who sits in the other seats: a bot (random, greedy, planner or mcts,
the strongest, which thinks a little longer) or <code>person</code>, a friend who joins through
a link. Seat 0 is yours.</p>
<form class="lobby" method="get" action="/play">
<label>Game <select name="game">{options}</select></label>
<label>Players <input name="players" type="number" min="2" max="12" value="2"></label>
<label>Other seats <input name="bots" value="greedy" title="comma-separated, repeated round the table"></label>
<label>Seed <input name="seed" type="number" min="0" value="0"></label>
<label>Language <select name="lang"><option value="en">English</option><option value="de">Deutsch</option></select></label>
{fieldsets}
<button type="submit">Open the table</button>
</form>
<p>Where the rulebooks can be read two ways, the table plays the reading chosen under <em>Rule options</em>
(hover an option for its sentence; the defaults are the command line's).</p>
<p>A game's trace can be stepped through in the <a href="/viewer">trace viewer</a>.</p>"""
    return page("tables", body, scripts=("lobby.js",))


@router.get("/play")
def play_form(request: Request, game: str = Query(next(iter(GAMES)), max_length=20)):
    """The lobby's form: on to `/play/<game>` with the other parameters."""
    game_spec(game)
    rules = rules_given(game, request.query_params)
    rest = urlencode([(k, v) for k, v in request.query_params.items() if k != "game" and "." not in k]
                     + sorted(rules.items()), safe=",")
    return RedirectResponse(f"/play/{game}?{rest}", status_code=303)


@router.get("/play/{game}")
def play(game: str, request: Request, players: int | None = Query(None, ge=2, le=12),
         bots: str | None = Query(None, max_length=200), seed: int = Query(0, ge=0, le=MAX_SEED),
         lang: str = Query("en", pattern="^(en|de)$"), hints: bool | None = None,
         reaction: float = Query(REACTION, ge=0, le=60)):
    """Open a table and take seat 0; the game's rule options come as `name=word` (400 for a word it has not)."""
    spec = game_spec(game)
    players = players or spec.default_players
    table = Table(game, players, spec.seat_list(players, bots), seed, lang, hints, reaction,
                  rules_given(game, request.query_params))
    open_table(table)
    return RedirectResponse(f"/table/{table.id}/0?token={table.tokens[0]}", status_code=303)


#: The words tables.js writes itself, sent in the page's `data-words` (templates with `{field}`s).
SCRIPT_WORDS = ("yourTurn", "toMove", "seat", "you", "inHand", "won", "faceUp", "bankNow",
                "noTarget", "bank", "tally", "pile", "team", "trace")


def script_words(lang: str) -> dict:
    """tables.js's words in `lang` from the catalog (`web.js.*`); `points` in its two plural forms."""
    words = {key: text(lang, f"web.js.{key}") for key in SCRIPT_WORDS}
    words["points"] = [catalog(lang).ngettext("common.points", "common.points", n) for n in (1, 2)]
    return words


@router.get("/table/{table_id}/{seat}")
def table_page(table_id: str, seat: int, request: Request, token: str | None = Query(None, max_length=64)):
    """The page of one seat: board, hand, log, actions; the opener also sees the friends' join links."""
    table = seated(table_id, seat, token)
    lang = table.lang

    def words(key: str) -> str:
        return say(lang, f"web.table.{key}")

    base = str(request.base_url).rstrip("/")
    links = ""
    if seat == 0 and len(table.tokens) > 1:
        items = "".join(f'<li>{say(lang, "web.table.seat", seat=s)}: <a class="join" data-seat="{s}" href="{base}/table/{table.id}/{s}?token={t}">'
                        f'{base}/table/{table.id}/{s}?token={t}</a></li>' for s, t in table.tokens.items() if s)
        links = (f'<section class="join-links"><h2>{words("join")}</h2><p>{escape(words("send"))}</p>'
                 f'<ul>{items}</ul></section>')
    body = f"""<div class="table" data-table="{table.id}" data-seat="{seat}" data-token="{escape(token)}" data-game="{table.game}" data-words="{escape(json.dumps(script_words(lang), ensure_ascii=False))}">
<h1>{escape(table.spec.title)} <small>{say(lang, "web.table.seat", seat=seat)}</small></h1>
{links}
{rules_in_force(table, words("rules"))}
<div class="play">
<div class="board" aria-label="board"></div>
<div class="side">
<div class="status" aria-live="polite"></div>
<div class="hand"></div>
<div class="actions"></div>
<div class="message" role="alert"></div>
<div class="over"></div>
<details open><summary>{words("happened")}</summary><ol class="log"></ol></details>
<div class="public"></div>
</div>
</div>
</div>"""
    return page(f"{table.spec.title} · {say(lang, 'web.table.seat', seat=seat)}", body, scripts=("tables.js",), lang=lang)


def rule_words(name: str, word: str, help_text: str, lang: str) -> tuple[str, str, str]:
    """A rule option's name, its word and its sentence in the page's language (the catalog's `rules.<name>.*`;
    an option it lacks by its own name, word and help)."""
    if not has(lang, f"rules.{name}.title"):
        return name.replace("_", " "), word, help_text
    key = f"rules.{name}.word.{word}"
    return say(lang, f"rules.{name}.title"), say(lang, key) if has(lang, key) else word, say(lang, f"rules.{name}.help")


def rules_in_force(table: Table, heading: str = "Rule options") -> str:
    """The table's rule options as the engine holds them, each with its sentence as help."""
    held = table.spec.rules_in_force(table.state)
    if not held:
        return ""
    helps = {rule.name: rule.help for rule in table.spec.rule_choices()}
    shown = {name: rule_words(name, str(word), helps.get(name, ""), table.lang) for name, word in held.items()}
    items = "".join(f'<dt>{escape(title)}</dt><dd data-rule-option="{name}" data-rule-value="{escape(str(held[name]))}" '
                    f'title="{escape(sentence)}">{escape(word)}</dd>' for name, (title, word, sentence) in shown.items())
    return f'<details class="rules-in-force" open><summary>{heading}</summary><dl>{items}</dl></details>'


# ---- the seat's answers --------------------------------------------------------------------------------

class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: int


@router.get("/api/tables/{table_id}/{seat}/view")
def seat_view(table_id: str, seat: int, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    return seated(table_id, seat, token).seat_view(seat, since)


@router.post("/api/tables/{table_id}/{seat}/act")
def act(table_id: str, seat: int, body: Act, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    table = seated(table_id, seat, token)
    table.act(seat, body.action)
    return table.seat_view(seat, since)


@router.get("/api/tables/{table_id}/{seat}/events")
async def events(table_id: str, seat: int, request: Request, token: str | None = Query(None, max_length=64)):
    """Server-sent events: `{"version": n}` whenever the table changed (the page then asks for its view)."""
    table = seated(table_id, seat, token)

    async def stream():
        last = -1
        while True:
            if await request.is_disconnected():
                return
            await asyncio.to_thread(table.tick)
            if table.version != last:
                last = table.version
                yield f"data: {json.dumps({'version': last, 'over': table.over})}\n\n"
                if table.over:
                    return
            await asyncio.sleep(PUSH_EVERY)

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


@router.get("/api/tables/{table_id}/{seat}/trace")
def trace(table_id: str, seat: int, token: str | None = Query(None, max_length=64)):
    """The game's trace as JSON Lines, once the game is over (before, it would show every hand)."""
    table = seated(table_id, seat, token)
    if not table.over:
        raise HTTPException(409, "the trace is given once the game is over: it holds every hand")
    text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in table.trace())
    return Response(text, media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{table.game}-{table.seed}.jsonl"'})
