"""`/tables` and `/play/<game>`: the games at a table in the browser, with bots and friends on other screens.

A table (table.py) lives in memory (at most MAX_TABLES; the one idle longest makes room) and, with a
store, in the database (keeping.py). Seat 0 is the
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
import re
import secrets
from html import escape
from urllib.parse import quote, urlencode

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import RedirectResponse, Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from ..errors import ClicktownError
from ..games import GAMES, PERSON, game_spec
from ..messages import LANGS, has, say, text
from .home import SECTIONS, in_language
from .keeping import (STREAMS, TABLES, client_of, find_table, follow, followed_again, keep_new, kept_key,  # noqa: F401
                      open_table, kept_settings, renewed_key, same_key, save, saved_view, seated, unfollow)
from .lobby import (free_seats, join_links, keep_seat, my_tables, new_link, open_tables, rematch, rematch_link,
                    seat_cookie, seat_words, watched_view, watching)
from .page import page
from .table import MAX_CLOCK, MAX_PACE, MAX_SEED, MAX_STREAMS_PER_CLIENT, PUSH_EVERY, REACTION, Table  # noqa: F401

router = APIRouter()
NAME_LENGTH = 40   # characters of a person's chosen name


def home_section(lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The home page's section of the tables: the lobby, a table of each game, the trace viewer."""
    return say(lang, "web.home.tables.heading"), [("/tables", say(lang, "web.home.tables.lobby")),
                                                  *((f"/play/{name}", spec.title) for name, spec in GAMES.items()),
                                                  ("/viewer", say(lang, "web.home.tables.viewer"))]


if home_section not in SECTIONS:
    SECTIONS.append(home_section)

# ---- pages ------------------------------------------------------------------------------------------

def rules_fieldset(name: str, game, lang: str, chosen: dict[str, str] | None = None) -> str:
    """The rule options of one game as selects (the default selected, or the word `chosen`; the option's
    sentence as help)."""
    rules = game.rule_choices()
    if not rules:
        return ""
    selects = "".join(rule_select(name, rule, lang, (chosen or {}).get(rule.name)) for rule in rules)
    return (f'<fieldset class="rules" data-game="{name}"><legend>{escape(say(lang, "web.lobby.rules_of", game=game.title))}'
            f'</legend>{selects}</fieldset>')


def rule_select(game: str, rule, lang: str, chosen: str | None = None) -> str:
    """One rule option's select in the lobby: its name, its words (the default marked), its sentence as help."""
    title, _, sentence = rule_words(rule.name, str(rule.default), rule.help, lang)
    chosen = chosen if chosen in rule.choices else rule.default
    options = ""
    for word in rule.choices:
        shown = rule_words(rule.name, word, rule.help, lang)[1]
        if word == rule.default:
            shown = say(lang, "web.lobby.default", word=shown)
        options += f'<option value="{escape(word)}"{" selected" if word == chosen else ""}>{escape(shown)}</option>'
    return (f'<label>{escape(title)} <select name="{game}.{rule.name}" data-rule-option="{rule.name}" '
            f'title="{escape(sentence)}">{options}</select></label>')


def bot_levels_list(name: str, game, lang: str) -> str:
    """The bots a table of `game` seats, each with its level, beside the lobby's field of the other seats."""
    items = "".join(f'<li data-bot="{bot}" data-level="{game.bot_level(bot)}"><code>{bot}</code> '
                    f'{escape(say(lang, "bots.level." + game.bot_level(bot)))}</li>' for bot in game.bots())
    return f'<ul class="bot-levels" data-game="{name}">{items}<li><code>person</code> {escape(say(lang, "web.lobby.friend"))}</li></ul>'


#: The parameters of `/play/<game>` besides the game's rule options.
PLAY_PARAMETERS = ("players", "bots", "seed", "lang", "hints", "reaction", "pace", "clock", "name", "public")


def check_parameters(query, known: set[str], lang: str = "en") -> None:
    """Refuse (400, in `lang`) a request naming a parameter that is not `known`: a misspelled one is never dropped."""
    for name in query.keys():
        if name not in known:
            raise HTTPException(400, say(lang, "web.play.unknown_parameter", name=name[:40],
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
def lobby(request: Request, lang: str = Query("en", pattern="^(en|de)$")):
    """The lobby: the form that opens a table, and the public tables waiting for players."""
    return lobby_page(lang, str(request.base_url).rstrip("/"))


def lobby_page(lang: str, base: str, given=None, error: str = "", status: int = 200):
    """The lobby's page; after a refused form, its values kept and the reason shown beside it."""
    given = given or {}

    def words(key: str, **facts) -> str:
        return escape(say(lang, f"web.lobby.{key}", **facts))

    def value(name: str, default: str = "") -> str:
        return escape(str(given.get(name, default))[:200])

    chosen = given.get("game", next(iter(GAMES)))
    options = "".join(f'<option value="{name}"{" selected" if name == given.get("game") else ""}>{escape(g.title)}</option>'
                      for name, g in GAMES.items())
    fieldsets = "".join(rules_fieldset(name, g, lang, rules_given(name, given) if name == chosen else None)
                        for name, g in GAMES.items())
    levels = "".join(bot_levels_list(name, g, lang) for name, g in GAMES.items())
    languages = "".join(f'<option value="{code}"{" selected" if code == lang and code != LANGS[0] else ""}>{name}</option>'
                        for code, name in (("en", "English"), ("de", "Deutsch")))
    shown = f'<p class="error" role="alert" data-error>{escape(error)}</p>' if error else ""
    public = " checked" if given.get("public") in ("true", "on", "1") else ""
    body = f"""<h1>{words("heading")}</h1>
<p>{say(lang, "web.lobby.intro", person="<code>person</code>")}</p>
<form class="lobby" method="get" action="/play">
{shown}
<label>{words("game")} <select name="game">{options}</select></label>
<label>{words("players")} <input name="players" type="number" min="2" max="12" value="{value("players", "2")}"></label>
<label>{words("bots")} <input name="bots" value="{value("bots", "greedy")}" title="{words("bots_help")}"></label>
<div class="bots-known"><span>{words("levels")}</span>{levels}</div>
<label>{words("seed")} <input name="seed" type="number" min="0" placeholder="{words("seed_placeholder")}" title="{words("seed_help")}" value="{value("seed")}"></label>
<label>{words("language")} <select name="lang">{languages}</select></label>
<label class="public"><input name="public" type="checkbox" value="true"{public}> {words("public")}</label>
{fieldsets}
<button type="submit">{words("open")}</button>
</form>
<p>{say(lang, "web.lobby.rules_note", rule_options=f"<em>{words('rule_options')}</em>")}</p>
{open_tables_section(lang, base)}
<p>{say(lang, "web.lobby.viewer", viewer=f'<a href="/viewer">{words("viewer_link")}</a>')}</p>
<p><a class="mine" href="{in_language('/tables/mine', lang)}">{words("mine_link")}</a></p>"""
    answer = page(say(lang, "web.lobby.title"), body, scripts=("lobby.js",), lang=lang, styles=("lobby.css",))
    answer.status_code = status
    return answer


def open_tables_section(lang: str, base: str) -> str:
    """The public tables waiting for players: game, rule options, who sits where, a link per free seat."""
    items = ""
    for table in open_tables():
        rules = ", ".join(f"{title}: {word}" for title, word, _ in (
            rule_words(name, str(word), "", lang) for name, word in table.spec.rules_in_force(table.state).items()))
        seats = "".join(f'<li data-seat="{s}">{escape(seat_words(table, s, lang))}</li>' for s in range(table.players))
        rules = f' <small class="rules">{escape(rules)}</small>' if rules else ""
        takes = "".join(f'<a class="take-seat" data-seat="{s}" href="{base}/table/{table.id}/{s}?token={table.tokens[s]}">'
                        f'{escape(say(lang, "web.lobby.take_seat", seat=s))}</a> ' for s in free_seats(table))
        items += (f'<li class="open-table" data-table="{table.id}" data-game="{table.game}"><strong>{escape(table.spec.title)}</strong>'
                  f' {escape(say(lang, "web.lobby.seats_free", taken=table.players - len(free_seats(table)), free=len(free_seats(table))))}'
                  f'{rules}<ul class="seats">{seats}</ul>{takes}</li>')
    listed = f'<ul class="open-tables">{items}</ul>' if items else f'<p class="open-tables none">{escape(say(lang, "web.lobby.none_open"))}</p>'
    return f'<section class="waiting"><h2>{escape(say(lang, "web.lobby.open_heading"))}</h2>{listed}</section>'


def checked_form(game: str, query) -> None:
    """Whether the lobby's form opens a table: its parameters known, players a number the game seats,
    the bots known, the rule words the game's, the seed in range (a one-line error if not)."""
    spec = game_spec(game)
    lang = query_language(query)
    check_parameters(query, play_parameters(game, lobby=True), lang)
    players = query.get("players") or str(spec.default_players)
    seed = query.get("seed") or "0"
    if not players.isdigit() or not seed.isdigit() or int(seed) > MAX_SEED:
        raise ClicktownError(say(lang, "web.lobby.not_a_number", name="players" if not players.isdigit() else "seed"))
    spec.seat_list(int(players), query.get("bots"), lang)
    spec.chosen_rules(rules_given(game, query), lang)


def query_language(query) -> str:
    """The language a request asked for (`lang=`), the first one when it named none or another."""
    return query.get("lang") if query.get("lang") in LANGS else LANGS[0]


@router.get("/play")
def play_form(request: Request, game: str = Query(next(iter(GAMES)), max_length=20)):
    """The lobby's form: on to `/play/<game>` with the other parameters. A refused form comes back to a
    browser as the lobby with the reason beside the form (to other clients as the usual JSON error)."""
    query = request.query_params
    try:
        checked_form(game, query)
    except (ClicktownError, HTTPException) as exc:
        if "text/html" not in request.headers.get("accept", ""):
            raise
        reason = exc.detail if isinstance(exc, HTTPException) else str(exc)
        lang = query_language(query)
        return lobby_page(lang, str(request.base_url).rstrip("/"), dict(query), reason,
                          exc.status_code if isinstance(exc, HTTPException) else 400)
    rules = rules_given(game, query)
    rest = urlencode([(k, v) for k, v in query.items()
                      if k != "game" and "." not in k and not (k == "seed" and v == "")]   # no seed: a random one
                     + sorted(rules.items()), safe=",")
    return RedirectResponse(f"/play/{game}?{rest}", status_code=303)


@router.get("/play/{game}")
def play(game: str, request: Request, players: int | None = Query(None, ge=2, le=12),
         bots: str | None = Query(None, max_length=200), seed: int | None = Query(None, ge=0, le=MAX_SEED),
         lang: str = Query("en", pattern="^(en|de)$"), hints: bool | None = None,
         reaction: float = Query(REACTION, ge=0, le=60), pace: float | None = Query(None, ge=0, le=MAX_PACE),
         clock: float = Query(0, ge=0, le=MAX_CLOCK), name: str | None = Query(None, max_length=NAME_LENGTH),
         public: bool = False):
    """Open a table and take seat 0 (named `name`, if given); the game's rule options come as `name=word`
    (400 for a word it has not).
    Without a seed the table deals from a random one (kept secret until the game is over: it would tell
    every hand); a seed given is shown on the table. `public`: listed in the lobby while a friend's seat is free."""
    spec = game_spec(game)
    check_parameters(request.query_params, play_parameters(game), lang)
    players = players or spec.default_players
    spec.chosen_rules(rules_given(game, request.query_params), lang)      # refused here in the table's words
    table = Table(game, players, spec.seat_list(players, bots, lang), secrets.randbelow(MAX_SEED + 1) if seed is None else seed,
                  lang, hints, reaction, rules_given(game, request.query_params), pace, clock)
    table.client, table.seed_given = client_of(request), seed is not None
    name_seat(table, 0, name)
    table.public, table.spectator = public, secrets.token_urlsafe(16)
    open_table(table)
    keep_new(table)
    answer = RedirectResponse(f"/table/{table.id}/0?token={table.tokens[0]}", status_code=303)
    keep_seat(answer, table.id, 0, table.tokens[0])
    return answer


#: The words tables.js writes itself, sent in the page's `data-words` (templates with `{field}`s).
SCRIPT_WORDS = ("yourTurn", "turnOf", "thinking", "thinkingShort", "seat", "you", "trace", "bot", "clock", "zombie",
                "unreachable", "gone")


def script_words(lang: str) -> dict:
    """tables.js's words in `lang` from the catalog (`web.js.*`)."""
    return {key: text(lang, f"web.js.{key}") for key in SCRIPT_WORDS}


# ---- spectators, rematches, new join links, my games (before the seat's routes: `watch` is no seat) ----

@router.get("/table/{table_id}/watch")
def spectator_page(table_id: str, token: str | None = Query(None, max_length=64)):
    """The spectators' page: the board and what every seat sees, no hand, no actions."""
    table = watching(table_id, token)
    heading = say(table.lang, "web.table.watching")
    api, key = f"/api/tables/{table.id}/watch", f"token={quote(token or '')}"
    urls = {"view": f"{api}/view?{key}", "events": f"{api}/events?{key}", "trace": f"{api}/trace?{key}"}
    return page(f"{table.spec.title} · {heading}", table_body(table, "watch", urls, heading=heading),
                scripts=TABLE_SCRIPTS, lang=table.lang)


@router.get("/api/tables/{table_id}/watch/view")
def spectator_view(table_id: str, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    table = watching(table_id, token)
    seen = watched_view(table, since)
    seen["seats_info"] = seats_info(table, None, seen)
    return in_players_words(seen, table, None)


@router.get("/api/tables/{table_id}/watch/events")
async def spectator_events(table_id: str, request: Request, token: str | None = Query(None, max_length=64)):
    """The table's events, as seat 0's page follows them (they tell only the table's version)."""
    table = watching(table_id, token)
    return await events(table_id, 0, request, table.tokens[0])


@router.get("/api/tables/{table_id}/watch/trace")
def spectator_trace(table_id: str, token: str | None = Query(None, max_length=64)):
    """The finished game's trace, as every seat gets it."""
    table = watching(table_id, token)
    return trace(table_id, 0, table.tokens[0])


async def form_key(request: Request, table_id: str, seat: int) -> str | None:
    """The seat's key a form sends (its hidden `token`), else the seat's cookie."""
    from urllib.parse import parse_qs

    sent = parse_qs((await request.body()).decode("utf-8", "replace")).get("token", [None])[0]
    return sent or request.query_params.get("token") or request.cookies.get(seat_cookie(table_id, seat))


@router.post("/table/{table_id}/0/links/{seat}")
async def new_join_link(table_id: str, seat: int, request: Request):
    """The host makes a new join link for a friend's seat nobody has claimed: the old link stops working."""
    key = await form_key(request, table_id, 0)
    table = seated(table_id, 0, key)
    link = new_link(table, seat)
    if not link:
        raise HTTPException(409, say(table.lang, "web.table.no_new_link", seat=seat))
    renewed_key(table, seat, link)
    answer = RedirectResponse(f"/table/{table_id}/0", status_code=303)
    keep_seat(answer, table_id, 0, table.tokens[0])
    return answer


def rematch_form(table: Table, seat: int) -> str:
    """The button that asks for a rematch, hidden until the game is over (tables.js and rematch.js show it)."""
    lang = table.lang
    return (f'<form class="rematch" data-rematch data-when-over hidden method="post" action="/table/{table.id}/{seat}/rematch" '
            f'data-ready="{escape(say(lang, "web.table.rematch_ready"))}">'
            f'<input type="hidden" name="token" value="{escape(table.tokens[seat])}">'
            f'<button type="submit">{escape(say(lang, "web.table.rematch"))}</button></form>')


@router.post("/table/{table_id}/{seat}/rematch")
async def ask_rematch(table_id: str, seat: int, request: Request):
    """A person's seat asks for a rematch of a finished game: the rematch is opened (once) and this
    browser is sent to its seat there (the host's with its new key, a friend's through its join link)."""
    table = seated(table_id, seat, await form_key(request, table_id, seat))
    if not table.over:
        raise HTTPException(409, say(table.lang, "web.table.not_over"))
    again = rematch(table)
    answer = RedirectResponse(rematch_link(table, seat) if seat else f"/table/{again.id}/0", status_code=303)
    if not seat:
        keep_seat(answer, again.id, 0, again.tokens[0])
    return answer


@router.get("/tables/mine")
def mine(request: Request, lang: str = Query("en", pattern="^(en|de)$")):
    """This browser's tables, from the seat keys it holds: those in progress, then the finished ones with
    their trace."""
    def words(key: str, **facts) -> str:
        return escape(say(lang, f"web.mine.{key}", **facts))

    rows = {False: "", True: ""}
    for table, seat, key in my_tables(request.cookies):
        where = f"/table/{table.id}/{seat}" + (f"?token={key}" if seat == 0 else "")
        item = (f'<li data-table="{table.id}" data-seat="{seat}" data-over="{str(table.over).lower()}">'
                f'<a class="open" href="{where}">{escape(table.spec.title)}</a> '
                f'{escape(say(lang, "web.table.seat", seat=seat))}')
        if table.over:
            item += (f' <a class="trace" href="/api/tables/{table.id}/{seat}/trace?token={key}" download>{words("trace")}</a>'
                     f' <a class="viewer" href="/viewer">{words("viewer")}</a>')
        rows[table.over] += item + "</li>"
    sections = "".join(f'<section class="{name}"><h2>{words(name)}</h2>'
                       + (f'<ul class="my-tables">{rows[over]}</ul>' if rows[over] else f'<p class="none">{words("none")}</p>')
                       + "</section>" for name, over in (("playing", False), ("finished", True)))
    body = f"""<h1>{words("heading")}</h1>
<p>{words("intro")}</p>
{sections}
<p><a href="{in_language('/tables', lang)}">{words("lobby")}</a></p>"""
    return page(say(lang, "web.mine.title"), body, lang=lang, styles=("lobby.css",))


@router.get("/table/{table_id}/{seat}")
def table_page(table_id: str, seat: int, request: Request, token: str | None = Query(None, max_length=64),
               name: str | None = Query(None, max_length=NAME_LENGTH)):
    """The page of one seat: whose turn, the board, the seats, the actions, the hand, the log; the opener
    also sees the friends' join links.

    A friend's join link is claimed by the first browser that opens it (named `name`, if given): that
    browser gets the seat's own key in a cookie and is sent on to the page without the token, and the
    link stops working."""
    kept = request.cookies.get(seat_cookie(table_id, seat))
    if token is not None and seat != 0:
        return claim(table_id, seat, token, kept, name)
    table = seated(table_id, seat, token or kept)
    token = table.tokens[seat]
    lang = table.lang
    links = join_links(table, str(request.base_url).rstrip("/")) if seat == 0 else ""
    api = f"/api/tables/{table.id}/{seat}"
    key = f"token={quote(token)}"
    urls = {"view": f"{api}/view?{key}", "events": f"{api}/events?{key}", "act": f"{api}/act?{key}",
            "name": f"{api}/name?{key}", "trace": f"{api}/trace?{key}"}
    body = table_body(table, seat, urls, links, f'data-token="{escape(token)}" ', rematch_form(table, seat))
    answer = page(f"{table.spec.title} · {name_shown(table, seat)}", body,
                  scripts=(*TABLE_SCRIPTS, "rematch.js"), lang=lang, styles=("lobby.css",))
    answer.headers["Referrer-Policy"] = FORMS_REFERRER_POLICY
    return answer


#: The referrer policy of a page with forms that POST (the rematch, a new join link): with the site's
#: `no-referrer` a browser sends `Origin: null` with a form, which the origin rule refuses; `same-origin`
#: sends the page's origin, and its address (which may hold a seat's token) to this server only.
FORMS_REFERRER_POLICY = "same-origin"

#: The table page's scripts: the page itself, and the chooser of actions built from parts (compose.js)
TABLE_SCRIPTS = ("compose.js", "tables.js")


def table_body(table: Table, seat: int | str, urls: dict[str, str], links: str = "", extra: str = "",
               after_over: str = "", heading: str | None = None) -> str:
    """The table page's body: the addresses tables.js uses (`data-*-url`: no `act` for a spectator),
    the connection banner, whose turn over the board, the seats, the actions, the hand, the log."""
    lang = table.lang

    def words(key: str) -> str:
        return escape(say(lang, f"web.table.{key}"))

    addresses = "".join(f' data-{kind}-url="{escape(url)}"' for kind, url in urls.items())
    lobby = "/tables" + ("" if lang == LANGS[0] else f"?lang={lang}")
    name_form = ""
    if "name" in urls:
        name_form = (f'<form class="name-form"><label>{words("your_name")} <input name="name" maxlength="{NAME_LENGTH}" '
                     f'autocomplete="nickname" value="{escape(table_names(table).get(seat, ""))}"></label> '
                     f'<button type="submit">{words("name_save")}</button></form>')
    return f"""<div class="table" data-table="{table.id}" data-seat="{seat}" {extra}data-game="{table.game}"{addresses} data-lobby="{lobby}" data-words="{escape(json.dumps(script_words(lang), ensure_ascii=False))}">
<h1>{escape(table.spec.title)} <small class="who">{escape(heading or name_shown(table, seat))}</small></h1>
<p class="connection" data-state="ok" role="status" hidden><span class="connection-text"></span> <a class="lobby-link" href="{lobby}" hidden>{words("lobby")}</a></p>
{seed_shown(table)}
{links}
<div class="play">
<div class="controls">
<p class="turn" aria-live="polite"></p>
<div class="status" aria-live="polite"></div>
<div class="actions"></div>
<div class="message" role="alert"></div>
<div class="over"></div>
{after_over}
</div>
<div class="board" aria-label="{words("board")}"></div>
<div class="details">
<section class="seating"><h2>{words("seats")}</h2><ul class="seats"></ul>{name_form}</section>
<div class="hand"></div>
<details open><summary>{words("happened")}</summary><ol class="log"></ol></details>
<div class="public"></div>
{rules_in_force(table, words("rules"))}
</div>
</div>
</div>"""


# ---- the seats' names ------------------------------------------------------------------------------------

def table_names(table: Table) -> dict[int, str]:
    """The names the people at the table chose (seat -> name); a seat without one is told by its seat word."""
    return getattr(table, "names", {})


def name_shown(table: Table, seat: int) -> str:
    """How the page names a seat: the name its person chose, else the seat word ("seat 2")."""
    return table_names(table).get(seat) or say(table.lang, "web.table.seat", seat=seat)


def name_seat(table: Table, seat: int, name: str | None) -> None:
    """Give the person at `seat` the name they chose: one line, at most NAME_LENGTH characters; an empty
    name takes it away. Every page of the table redraws its seats."""
    name = " ".join((name or "").split())[:NAME_LENGTH]
    with table.lock:
        names = dict(table_names(table))
        if name:
            names[seat] = name
        else:
            names.pop(seat, None)
        table.names = names
        table.version += 1
    kept_settings(table)


def seats_info(table: Table, seat: int, seen: dict) -> list[dict]:
    """Who sits at each seat as the page shows it: a person by their chosen name (or the seat word),
    a bot by its name and level; whose turn it is, and which seat is the page's own."""
    lang = table.lang
    info = []
    for s, who in enumerate(table.seats):
        level = None if who == PERSON else table.spec.bot_level(who)
        info.append({"seat": s, "who": who, "name": name_shown(table, s),
                     "level": level, "level_words": say(lang, f"bots.level.{level}") if level else None,
                     "you": s == seat, "to_move": s == seen.get("to_move")})
    return info


def in_players_words(seen: dict, table: Table, seat: int) -> dict:
    """The view told with the people's names: the log, the result and the standings name a person by the
    name they chose rather than by the seat, and the standings say "you" for the seat's own line."""
    lang, names = table.lang, table_names(table)
    others = {s: name for s, name in names.items() if s != seat}
    seen["events"] = [{**e, "text": named(e["text"], others, lang)} for e in seen.get("events", [])]
    over = seen.get("over")
    if over:
        yours = {**others, seat: say(lang, "common.you")}
        seen["over"] = {**over, "text": named(over.get("text") or "", others, lang),
                        "lines": [named(line, yours, lang) for line in over.get("lines") or []]}
    return seen


def named(line: str, names: dict[int, str], lang: str) -> str:
    """`line` with each seat word of `names` ("seat 2", "Spieler 2") replaced by its name."""
    for s, name in names.items():
        line = re.sub(re.escape(say(lang, "common.seat", seat=s)) + r"(?!\d)", lambda _: name, line)
    return line


def seed_shown(table: Table) -> str:
    """The seed on the table's page when the opener gave it (a random seed stays secret)."""
    if not table.seed_given:
        return ""
    return f'<p class="seed" data-seed="{table.seed}">{escape(say(table.lang, "web.table.seed", seed=table.seed))}</p>'


def claim(table_id: str, seat: int, link: str, kept: str | None, name: str | None = None) -> RedirectResponse:
    """A friend opens a join link: the first time, the seat gets a new key, kept in this browser's cookie,
    and the link stops working (403); the browser that claimed it may open the link again (and so
    give its name)."""
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
    if name is not None:
        name_seat(table, seat, name)
    answer = RedirectResponse(f"/table/{table_id}/{seat}", status_code=303)
    keep_seat(answer, table_id, seat, kept)
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


class Name(BaseModel):
    """The name a person chose for their seat (empty: back to the seat word)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=NAME_LENGTH)


def seat_answer(table: Table, seat: int, since: int) -> dict:
    """The seat's view as its page draws it: the game's view, the seats (`seats_info`), the people's names."""
    seen = saved_view(table, seat, since)
    seen["seats_info"] = seats_info(table, seat, seen)
    return in_players_words(seen, table, seat)


@router.get("/api/tables/{table_id}/{seat}/view")
def seat_view(table_id: str, seat: int, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    return with_rematch(table := seated(table_id, seat, token), seat, seat_answer(table, seat, since))


@router.post("/api/tables/{table_id}/{seat}/name")
def seat_name(table_id: str, seat: int, body: Name, token: str | None = Query(None, max_length=64)):
    """The person at `seat` names themselves: every page of the table shows the name from its next view."""
    table = seated(table_id, seat, token)
    name_seat(table, seat, body.name)
    return {"seat": seat, "name": table_names(table).get(seat)}


def with_rematch(table: Table, seat: int, seen: dict) -> dict:
    """A finished table's view tells the seat its way into the rematch once someone asked for one."""
    seen["rematch"] = rematch_link(table, seat) if table.over else None
    return seen


@router.post("/api/tables/{table_id}/{seat}/act")
def act(table_id: str, seat: int, body: Act, token: str | None = Query(None, max_length=64), since: int = Query(0, ge=0)):
    table = seated(table_id, seat, token)
    table.act(seat, body.action)
    save(table)                          # the accepted action is committed before its answer
    return seat_answer(table, seat, since)


@router.get("/api/tables/{table_id}/{seat}/events")
async def events(table_id: str, seat: int, request: Request, token: str | None = Query(None, max_length=64)):
    """Server-sent events: `{"version": n}` whenever the table changed (the page then asks for its view)."""
    table = seated(table_id, seat, token)
    client = client_of(request)
    follow(client)

    async def stream():
        last, followed = -1, table
        try:
            while True:
                if await request.is_disconnected():
                    return
                try:
                    again = await asyncio.to_thread(followed_again, table_id, followed)
                except HTTPException:       # the store failed: the stream ends, the page's next view says why
                    return
                if again is None:           # deleted (serve --forget, expired) or closed: the page is told, and the stream ends
                    yield f"data: {json.dumps({'gone': True})}\n\n"
                    return
                if again is not followed:   # rebuilt from the store: its versions count anew
                    followed, last = again, -1
                if followed.version != last:
                    last = followed.version
                    yield f"data: {json.dumps({'version': last, 'over': followed.over})}\n\n"
                    if followed.over:
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
        raise HTTPException(409, say(table.lang, "web.table.trace_not_over"))
    text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in table.trace())
    return Response(text, media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{table.game}-{table.seed}.jsonl"'})
