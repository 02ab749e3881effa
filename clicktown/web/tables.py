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
from ..messages import LANGS, catalog, has, say, text
from .home import SECTIONS
from .page import page

router = APIRouter()
log = logging.getLogger(__name__)


def home_section(lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The home page's section of the tables: the lobby, a table of each game, the trace viewer."""
    return say(lang, "web.home.tables.heading"), [("/tables", say(lang, "web.home.tables.lobby")),
                                                  *((f"/play/{name}", spec.title) for name, spec in GAMES.items()),
                                                  ("/viewer", say(lang, "web.home.tables.viewer"))]


if home_section not in SECTIONS:
    SECTIONS.append(home_section)

MAX_TABLES = 200
MAX_TABLES_PER_CLIENT = 20    # tables opened from one address
MAX_STREAMS_PER_CLIENT = 16   # event streams one address follows at once
REACTION = 3.0      # seconds the bots take to react in a phase played against the clock, at a table with people
MAX_SEED = 2**32 - 1
PUSH_EVERY = 0.2    # seconds between two looks at a table for the event stream


class Table:
    """One game in progress: the engine's state, who sits where, the tokens of the people's seats."""

    kept = 0           # how many of its trace lines the store holds
    client = ""        # the address of the browser that opened it (tables per client are bounded)
    seed_given = True  # whether the opener chose the seed (then it is shown); a random seed is not
    claimed: frozenset[int] = frozenset()   # the friends' seats whose join link a browser has claimed

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
    """Keep the table; when its opener's address has MAX_TABLES_PER_CLIENT tables, the one of them idle
    longest is closed (a page that opens tables by the hundred closes only its own), and when MAX_TABLES
    are open, the one idle longest."""
    with TABLES_LOCK:
        while (own := [t for t in TABLES.values() if t.client == table.client]) and len(own) >= MAX_TABLES_PER_CLIENT:
            del TABLES[min(own, key=lambda t: t.touched).id]
        while len(TABLES) >= MAX_TABLES:
            idle = min(TABLES.values(), key=lambda t: t.touched)
            del TABLES[idle.id]
        TABLES[table.id] = table


def client_of(request: Request) -> str:
    """The address a request comes from (behind a reverse proxy, the one it forwards: see docs/web.md)."""
    return request.client.host if request.client else ""


STREAMS: dict[str, int] = {}
STREAMS_LOCK = threading.Lock()


def follow(client: str) -> None:
    """Count an event stream of `client`, refused (429) beyond MAX_STREAMS_PER_CLIENT."""
    with STREAMS_LOCK:
        if STREAMS.get(client, 0) >= MAX_STREAMS_PER_CLIENT:
            raise HTTPException(429, say("en", "web.client.too_many_streams", n=STREAMS[client]))
        STREAMS[client] = STREAMS.get(client, 0) + 1


def unfollow(client: str) -> None:
    with STREAMS_LOCK:
        STREAMS[client] -= 1
        if not STREAMS[client]:
            del STREAMS[client]


def seated(table_id: str, seat: int, token: str | None) -> Table:
    """The table, once the token of the seat has been shown (404 no such table, 403 no right token)."""
    table = find_table(table_id)
    if table is None:
        raise HTTPException(404, "no such table (it may have been closed to make room)")
    if not 0 <= seat < table.players:
        raise HTTPException(404, say(table.lang, "web.refuse.no_seat", last=table.players - 1))
    if seat not in table.tokens:
        raise HTTPException(403, say(table.lang, "web.refuse.bot_seat", seat=seat))
    if not same_key(token, table.tokens[seat]):
        raise HTTPException(403, say(table.lang, "web.refuse.token", seat=seat))
    return table


def same_key(given: str | None, key: str) -> bool:
    """Whether a token or cookie shown is the seat's key (compared in constant time, as bytes: any
    character may come in)."""
    return bool(given) and secrets.compare_digest(given.encode(), key.encode())


# ---- the tables kept in the store ----------------------------------------------------------------------
#
# With a store (clicktown serve --database), every table is also kept in the database as its settings,
# its seats' keys and its trace (web/store.py); a table not in memory (after a restart, or closed to make
# room) is rebuilt by replaying its trace through the engine when a request names it.

STORE = None                    # the Store (web/store.py) of `clicktown serve`; None: the tables live in memory only
SAVE_LOCK = threading.Lock()    # one writer of trace lines at a time in this process
RESTORE_LOCK = threading.Lock()


def use_store(store) -> None:
    """Keep the tables in `store` from now on (None: in memory only)."""
    global STORE
    STORE = store


def settings_of(table: Table) -> dict:
    """What a table was opened with, as the store keeps it."""
    return {"players": table.players, "seats": list(table.seats), "seed": table.seed, "seed_given": table.seed_given,
            "lang": table.lang, "hints": table.hints, "reaction": table.reaction, "rules": table.rules,
            "client": table.client}


def trace_so_far(table: Table) -> list[dict]:
    """The table's trace as far as it has gone (no game_end before the game is over)."""
    lines = table.trace()
    if lines and lines[-1].get("event") == "game_end" and not table.over:
        lines = lines[:-1]
    return lines


def keep_new(table: Table) -> None:
    """Keep a table just opened: its settings, keys and first lines (committed)."""
    if STORE is not None:
        lines = trace_so_far(table)
        _stored(STORE.open_table, table.id, table.game, settings_of(table), table.tokens, lines)
        table.kept = len(lines)


def save(table: Table) -> None:
    """Append the table's new trace lines to the store (committed before returning)."""
    if STORE is None:
        return
    with SAVE_LOCK:
        lines = trace_so_far(table)
        if len(lines) > table.kept:
            table.kept = _stored(STORE.append, table.id, table.kept, lines[table.kept:], table.over)


def kept_key(table: Table, seat: int, key: str) -> None:
    """Keep a seat's new key, claimed by a browser."""
    if STORE is not None:
        _stored(STORE.set_key, table.id, seat, key, True)


def saved_view(table: Table, seat: int, since: int) -> dict:
    """The seat's view (a look may move the table on: a timed phase ended), its changes kept first."""
    seen = table.seat_view(seat, since)
    save(table)
    return seen


def tick_and_save(table: Table) -> None:
    table.tick()
    save(table)


def find_table(table_id: str) -> Table | None:
    """The table in memory, or rebuilt from the store (None: no such table anywhere)."""
    table = TABLES.get(table_id)
    if table is not None or STORE is None:
        return table
    with RESTORE_LOCK:
        table = TABLES.get(table_id)
        if table is None:
            stored = _stored(STORE.load, table_id)
            if stored is None:
                return None
            table = restored(stored)
            open_table(table)
    return table


def restored(stored) -> Table:
    """A kept table rebuilt: opened again with its settings, then its state replayed from its trace."""
    from ..arena.trace import ABANDONED, end_line, replay
    from ..games import start_state

    settings = stored.settings
    table = Table(stored.game, settings["players"], tuple(settings["seats"]), settings["seed"], settings["lang"],
                  settings["hints"], settings["reaction"], settings["rules"])
    table.id, table.tokens, table.claimed = stored.id, dict(stored.keys), stored.claimed
    table.client, table.seed_given = settings["client"], settings["seed_given"]
    try:
        with table.lock:
            so_far = stored.lines if stored.over else [*stored.lines, end_line([], ABANDONED)]   # as far as it went
            for state in replay(so_far, start_state):
                table.state = state
            table.abandoned = stored.over and stored.lines[-1].get("reason") == ABANDONED
            table.rng = random.Random(f"{table.seed}/{len(stored.lines)}")   # chance and bots go on from here
            table.kept = len(stored.lines)
            table.version += 1
    except ClicktownError as exc:
        raise HTTPException(503, say("en", "web.store.not_rebuilt", table=stored.id, reason=str(exc))) from None
    return table


def _stored(step, *facts):
    """A step of the store; its failure is the server's (503 with the reason), not the request's."""
    from .store import StoreError

    try:
        return step(*facts)
    except StoreError as exc:
        raise HTTPException(503, str(exc)) from None


# ---- pages ------------------------------------------------------------------------------------------

def rules_fieldset(name: str, game, lang: str) -> str:
    """The rule options of one game as selects (the default selected, the option's sentence as help)."""
    rules = game.rule_choices()
    if not rules:
        return ""
    selects = "".join(rule_select(name, rule, lang) for rule in rules)
    return (f'<fieldset class="rules" data-game="{name}"><legend>{escape(say(lang, "web.lobby.rules_of", game=game.title))}'
            f'</legend>{selects}</fieldset>')


def rule_select(game: str, rule, lang: str) -> str:
    """One rule option's select in the lobby: its name, its words (the default marked), its sentence as help."""
    title, _, sentence = rule_words(rule.name, str(rule.default), rule.help, lang)
    options = ""
    for word in rule.choices:
        shown = rule_words(rule.name, word, rule.help, lang)[1]
        if word == rule.default:
            shown = say(lang, "web.lobby.default", word=shown)
        options += f'<option value="{escape(word)}"{" selected" if word == rule.default else ""}>{escape(shown)}</option>'
    return (f'<label>{escape(title)} <select name="{game}.{rule.name}" data-rule-option="{rule.name}" '
            f'title="{escape(sentence)}">{options}</select></label>')


#: The parameters of `/play/<game>` besides the game's rule options.
PLAY_PARAMETERS = ("players", "bots", "seed", "lang", "hints", "reaction")


def check_parameters(query, known: set[str]) -> None:
    """Refuse (400) a request naming a parameter that is not `known`: a misspelled one is never dropped."""
    for name in query.keys():
        if name not in known:
            raise HTTPException(400, say("en", "web.play.unknown_parameter", name=name[:40],
                                         known=", ".join(sorted(known))))


def play_parameters(game: str, lobby: bool = False) -> set[str]:
    """The parameters a table of `game` is opened with: PLAY_PARAMETERS, its rule options (`name`, or
    the lobby's `game.name`), and on the lobby's `/play` the game and every game's `game.name`."""
    names = {rule.name for rule in game_spec(game).rule_choices()}
    known = {*PLAY_PARAMETERS, *names, *(f"{game}.{name}" for name in names)}
    if lobby:
        known |= {"game", *(f"{other}.{rule.name}" for other, spec in GAMES.items() for rule in spec.rule_choices())}
    return known


def rules_given(game: str, query) -> dict[str, str]:
    """The rule options named in a request, for `game`: `name=word` (or the lobby's `game.name=word`)."""
    names = {rule.name for rule in game_spec(game).rule_choices()}
    given = {key: value for key, value in query.items() if key in names}
    given.update({key.split(".", 1)[1]: value for key, value in query.items()
                  if key.startswith(game + ".") and key.split(".", 1)[1] in names})
    return given


@router.get("/tables")
def lobby(lang: str = Query("en", pattern="^(en|de)$")):
    def words(key: str, **facts) -> str:
        return escape(say(lang, f"web.lobby.{key}", **facts))

    options = "".join(f'<option value="{name}">{escape(g.title)}</option>' for name, g in GAMES.items())
    fieldsets = "".join(rules_fieldset(name, g, lang) for name, g in GAMES.items())
    languages = "".join(f'<option value="{code}"{" selected" if code == lang and code != LANGS[0] else ""}>{name}</option>'
                        for code, name in (("en", "English"), ("de", "Deutsch")))
    body = f"""<h1>{words("heading")}</h1>
<p>{say(lang, "web.lobby.intro", person="<code>person</code>")}</p>
<form class="lobby" method="get" action="/play">
<label>{words("game")} <select name="game">{options}</select></label>
<label>{words("players")} <input name="players" type="number" min="2" max="12" value="2"></label>
<label>{words("bots")} <input name="bots" value="greedy" title="{words("bots_help")}"></label>
<label>{words("seed")} <input name="seed" type="number" min="0" placeholder="{words("seed_placeholder")}" title="{words("seed_help")}"></label>
<label>{words("language")} <select name="lang">{languages}</select></label>
{fieldsets}
<button type="submit">{words("open")}</button>
</form>
<p>{say(lang, "web.lobby.rules_note", rule_options=f"<em>{words('rule_options')}</em>")}</p>
<p>{say(lang, "web.lobby.viewer", viewer=f'<a href="/viewer">{words("viewer_link")}</a>')}</p>"""
    return page(say(lang, "web.lobby.title"), body, scripts=("lobby.js",), lang=lang)


@router.get("/play")
def play_form(request: Request, game: str = Query(next(iter(GAMES)), max_length=20)):
    """The lobby's form: on to `/play/<game>` with the other parameters."""
    check_parameters(request.query_params, play_parameters(game, lobby=True))
    rules = rules_given(game, request.query_params)
    rest = urlencode([(k, v) for k, v in request.query_params.items()
                      if k != "game" and "." not in k and not (k == "seed" and v == "")]   # no seed: a random one
                     + sorted(rules.items()), safe=",")
    return RedirectResponse(f"/play/{game}?{rest}", status_code=303)


@router.get("/play/{game}")
def play(game: str, request: Request, players: int | None = Query(None, ge=2, le=12),
         bots: str | None = Query(None, max_length=200), seed: int | None = Query(None, ge=0, le=MAX_SEED),
         lang: str = Query("en", pattern="^(en|de)$"), hints: bool | None = None,
         reaction: float = Query(REACTION, ge=0, le=60)):
    """Open a table and take seat 0; the game's rule options come as `name=word` (400 for a word it has not).
    Without a seed the table deals from a random one (kept secret until the game is over: it would tell
    every hand); a seed given is shown on the table."""
    spec = game_spec(game)
    check_parameters(request.query_params, play_parameters(game))
    players = players or spec.default_players
    table = Table(game, players, spec.seat_list(players, bots), secrets.randbelow(MAX_SEED + 1) if seed is None else seed,
                  lang, hints, reaction, rules_given(game, request.query_params))
    table.client, table.seed_given = client_of(request), seed is not None
    open_table(table)
    keep_new(table)
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
    """The page of one seat: board, hand, log, actions; the opener also sees the friends' join links.

    A friend's join link is claimed by the first browser that opens it: that browser gets the seat's
    own key in a cookie and is sent on to the page without the token, and the link stops working."""
    kept = request.cookies.get(seat_cookie(table_id, seat))
    if token is not None and seat != 0:
        return claim(table_id, seat, token, kept)
    table = seated(table_id, seat, token or kept)
    token = table.tokens[seat]
    lang = table.lang

    def words(key: str) -> str:
        return say(lang, f"web.table.{key}")

    base = str(request.base_url).rstrip("/")
    links = ""
    if seat == 0 and len(table.tokens) > 1:
        items = "".join(f'<li>{say(lang, "web.table.seat", seat=s)}: <a class="join" data-seat="{s}" href="{base}/table/{table.id}/{s}?token={t}">'
                        f'{base}/table/{table.id}/{s}?token={t}</a></li>' if s not in table.claimed else
                        f'<li class="joined" data-seat="{s}">{say(lang, "web.table.seat", seat=s)}: {escape(words("joined"))}</li>'
                        for s, t in table.tokens.items() if s)
        links = (f'<section class="join-links"><h2>{words("join")}</h2><p>{escape(words("send"))}</p>'
                 f'<ul>{items}</ul></section>')
    body = f"""<div class="table" data-table="{table.id}" data-seat="{seat}" data-token="{escape(token)}" data-game="{table.game}" data-words="{escape(json.dumps(script_words(lang), ensure_ascii=False))}">
<h1>{escape(table.spec.title)} <small>{say(lang, "web.table.seat", seat=seat)}</small></h1>
{seed_shown(table)}
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


def seed_shown(table: Table) -> str:
    """The seed on the table's page when the opener gave it (a random seed stays secret)."""
    if not table.seed_given:
        return ""
    return f'<p class="seed" data-seed="{table.seed}">{escape(say(table.lang, "web.table.seed", seed=table.seed))}</p>'


def seat_cookie(table_id: str, seat: int) -> str:
    """The cookie that holds the key of a seat its browser claimed."""
    return f"seat-{table_id}-{seat}"


def claim(table_id: str, seat: int, link: str, kept: str | None) -> RedirectResponse:
    """A friend opens a join link: the first time, the seat gets a new key, kept in this browser's cookie,
    and the link stops working (403); the browser that claimed it may open the link again."""
    table = find_table(table_id)
    if table is None or seat not in table.claimed:
        table = seated(table_id, seat, link)
        with table.lock:
            if seat not in table.claimed:
                key = secrets.token_urlsafe(16)
                kept_key(table, seat, key)
                table.tokens[seat], table.claimed, kept = key, table.claimed | {seat}, key
    if not same_key(kept, table.tokens[seat]):
        raise HTTPException(403, say("en", "web.table.link_used", seat=seat))
    answer = RedirectResponse(f"/table/{table_id}/{seat}", status_code=303)
    answer.set_cookie(seat_cookie(table_id, seat), kept, max_age=30 * 24 * 3600, path=f"/table/{table_id}/{seat}",
                      httponly=True, samesite="lax")
    return answer


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
    """An action of the seat: a whole number, strictly (`true` or `"1"` is refused, never read as 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: int


@router.get("/api/tables/{table_id}/{seat}/view")
def seat_view(table_id: str, seat: int, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    return saved_view(seated(table_id, seat, token), seat, since)


@router.post("/api/tables/{table_id}/{seat}/act")
def act(table_id: str, seat: int, body: Act, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    table = seated(table_id, seat, token)
    table.act(seat, body.action)
    save(table)                          # the accepted action is committed before its answer
    return saved_view(table, seat, since)


@router.get("/api/tables/{table_id}/{seat}/events")
async def events(table_id: str, seat: int, request: Request, token: str | None = Query(None, max_length=64)):
    """Server-sent events: `{"version": n}` whenever the table changed (the page then asks for its view)."""
    table = seated(table_id, seat, token)
    client = client_of(request)
    follow(client)

    async def stream():
        last = -1
        try:
            while True:
                if await request.is_disconnected():
                    return
                await asyncio.to_thread(tick_and_save, table)
                if table.version != last:
                    last = table.version
                    yield f"data: {json.dumps({'version': last, 'over': table.over})}\n\n"
                    if table.over:
                        return
                await asyncio.sleep(PUSH_EVERY)
        finally:
            unfollow(client)

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
