"""What the lobby knows of the tables besides opening them: the open tables waiting for players, the
host's join links (a new link for a seat nobody has claimed) and spectator link, the rematch of a
finished table, the tables of one browser ("my games") and what a spectator sees.

No accounts: a browser's tables are the seat keys it holds in its cookies. The routes are in
tables.py; this module builds their parts (it imports nothing of tables.py).

- A table is listed in the lobby only when its opener made it public, while a friend's seat is free
  and the game is not over; each free seat's "take a seat" link is its join link (claimed once:
  a table with no free seat left is no longer listed). A claimed seat's key is never shown.
- A rematch is a new table with the same seats and rule options and a new random seed, whose id
  is worked out from the old table's (`rematch_id`): the old table finds its rematch, with a
  store too and after a restart, and two presses (or two server processes) open one rematch only.
  Its settings carry `rematch_of`. The people's seats of the rematch have new keys; each person's
  way in (`rematch_link`) is told only to the holder of that seat's old key.
- A spectator holds the table's spectator key and sees what every seat sees: the game's
  `spectator_view` (no hand, no actions) and the board drawn for no seat.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
from html import escape

from ..games import PERSON
from ..messages import say
from .keeping import TABLES, TABLES_LOCK, find_table, keep_new, open_table, same_key, tick_and_save
from .table import MAX_SEED, Table

#: How long a browser keeps a seat's key (and the table in its "my games").
KEEP_SECONDS = 30 * 24 * 3600
#: The most tables of one browser "my games" looks at (the newest cookies first).
MY_TABLES = 60
#: The most open tables the lobby lists (the most recently opened first).
LISTED = 50

REMATCH_LOCK = threading.Lock()


# ---- cookies: the keys a browser holds ---------------------------------------------------------------

def seat_cookie(table_id: str, seat: int) -> str:
    """The cookie that holds the key of a seat its browser claimed (sent to that seat's pages only)."""
    return f"seat-{table_id}-{seat}"


def mine_cookie(table_id: str) -> str:
    """The cookie that names a table of this browser for "my games" (sent to /tables/mine only)."""
    return f"mine-{table_id}"


def keep_seat(answer, table_id: str, seat: int, key: str) -> None:
    """Give the browser a seat's key: for the seat's pages, and for its "my games"."""
    answer.set_cookie(seat_cookie(table_id, seat), key, max_age=KEEP_SECONDS, path=f"/table/{table_id}/{seat}",
                      httponly=True, samesite="lax")
    answer.set_cookie(mine_cookie(table_id), f"{seat}.{key}", max_age=KEEP_SECONDS, path="/tables/mine",
                      httponly=True, samesite="lax")


def my_tables(cookies: dict[str, str]) -> list[tuple[Table, int, str]]:
    """The tables this browser holds a seat of, (table, seat, key), the key checked: a cookie whose table
    is gone or whose key is not (or no longer) the seat's is passed over."""
    mine = []
    for name, value in list(cookies.items())[-MY_TABLES:]:
        seat, _, key = value.partition(".")
        if not name.startswith("mine-") or not seat.isdigit():
            continue
        table = find_table(name[5:])
        if table is not None and int(seat) in table.tokens and same_key(key, table.tokens[int(seat)]):
            mine.append((table, int(seat), key))
    return mine


# ---- the open tables -------------------------------------------------------------------------------------

def free_seats(table: Table) -> list[int]:
    """The friends' seats whose join link nobody has claimed yet."""
    return [s for s in table.tokens if s and s not in table.claimed]


def open_tables() -> list[Table]:
    """The public tables waiting for players: a friend's seat free, the game not over; newest first.
    With a store, every server process's tables (the store's), else this process's."""
    from . import keeping

    if keeping.STORE is None:
        with TABLES_LOCK:
            kept = list(reversed(TABLES.values()))
    else:
        public = (table_id for table_id, settings in keeping.stored("unfinished") if settings.get("public"))
        kept = (table for table in map(keeping.as_kept, public) if table is not None)
    listed = []
    for table in kept:
        if table.public and not table.over and free_seats(table):
            listed.append(table)
            if len(listed) == LISTED:
                break
    return listed


def seat_words(table: Table, seat: int, lang: str) -> str:
    """'seat 1: strong bot mcts', 'seat 2: free', 'seat 0: taken' as the lobby lists them."""
    who = table.seats[seat]
    if who != PERSON:
        told = say(lang, "web.lobby.seat_bot", bot=who, level=say(lang, f"bots.level.{table.spec.bot_level(who)}"))
    else:
        told = say(lang, "web.lobby.seat_free" if seat in free_seats(table) else "web.lobby.seat_taken")
    return say(lang, "web.lobby.seat_is", seat=say(lang, "web.table.seat", seat=seat), who=told)


# ---- the host's links: join links, new links, the spectators' link --------------------------------------

def join_links(table: Table, base: str) -> str:
    """The host's section of links: each friend's join link (with a button for a new one while nobody
    has claimed it), or that the seat has been joined; the spectators' link."""
    lang = table.lang
    items = ""
    for s in (s for s in table.tokens if s):
        seat = escape(say(lang, "web.table.seat", seat=s))
        if s in table.claimed:
            items += f'<li class="joined" data-seat="{s}">{seat}: {escape(say(lang, "web.table.joined"))}</li>'
            continue
        link = f"{base}/table/{table.id}/{s}?token={table.tokens[s]}"
        items += (f'<li data-seat="{s}">{seat}: <a class="join" data-seat="{s}" href="{link}">{link}</a> '
                  f'<form method="post" action="/table/{table.id}/0/links/{s}" class="new-link">'
                  f'<input type="hidden" name="token" value="{table.tokens[0]}">'
                  f'<button type="submit" data-new-link="{s}">{escape(say(lang, "web.table.new_link"))}</button></form></li>')
    section = ""
    if items:
        section = (f'<section class="join-links"><h2>{escape(say(lang, "web.table.join"))}</h2>'
                   f'<p>{escape(say(lang, "web.table.send"))}</p><ul>{items}</ul></section>')
    if table.spectator:
        link = f"{base}/table/{table.id}/watch?token={table.spectator}"
        section += (f'<p class="spectators">{escape(say(lang, "web.table.spectate"))} '
                    f'<a class="spectate" href="{link}">{link}</a></p>')
    return section


def new_link(table: Table, seat: int) -> str:
    """A new join link for a friend's seat nobody has claimed (the old one stops working); None when the
    seat is claimed or not a friend's."""
    with table.lock:
        if seat == 0 or seat not in table.tokens or seat in table.claimed:
            return ""
        table.tokens[seat] = secrets.token_urlsafe(16)
        return table.tokens[seat]


# ---- the rematch --------------------------------------------------------------------------------------------

def rematch_id(table_id: str) -> str:
    """The id the rematch of table `table_id` gets (the same in every server process)."""
    digest = hashlib.sha256(f"rematch/{table_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode()


def rematch_of(table: Table) -> Table | None:
    """The table's rematch, once someone asked for it."""
    return find_table(rematch_id(table.id)) if table.over else None


def rematch(table: Table) -> Table:
    """The rematch of a finished table (opened by the first to ask): the same game, seats and names,
    language, hints, rule options, pace and clock, a new random seed (a given seed is not reused: the same deal again would be
    no new game), new keys for the people's seats; public when the table was."""
    with REMATCH_LOCK:
        again = rematch_of(table)
        if again is None:
            again = Table(table.game, table.players, table.seats, secrets.randbelow(MAX_SEED + 1), table.lang,
                          table.hints, table.reaction, table.rules, table.pace, table.per_move)
            again.names = dict(getattr(table, "names", {}))
            again.id, again.client, again.seed_given = rematch_id(table.id), table.client, False
            again.public, again.spectator, again.rematch_of = table.public, secrets.token_urlsafe(16), table.id
            open_table(again)
            keep_new(again)
        return again


def rematch_link(table: Table, seat: int) -> str | None:
    """The way into the rematch for the holder of `seat`'s key at the old table: the host's seat with its
    key, a friend's with the seat's join link (claimed once, by that browser), or the seat's page when
    claimed already (its cookie lets it in). None: no rematch yet."""
    again = rematch_of(table)
    if again is None:
        return None
    if seat == 0 or seat not in again.claimed:
        return f"/table/{again.id}/{seat}?token={again.tokens[seat]}"
    return f"/table/{again.id}/{seat}"


# ---- spectators ----------------------------------------------------------------------------------------------

def watching(table_id: str, key: str | None) -> Table:
    """The table, once its spectator key has been shown (404 no such table, 403 no right key)."""
    from fastapi import HTTPException

    table = find_table(table_id)
    if table is None:
        raise HTTPException(404, "no such table (it may have been closed to make room)")
    if not table.spectator or not same_key(key, table.spectator):
        raise HTTPException(403, say(table.lang, "web.table.spectator_key"))
    return table


def watched_view(table: Table, since: int) -> dict:
    """What a spectator sees: the game's spectator view and the board drawn for no seat."""
    tick_and_save(table)
    with table.lock:
        seen = table.spec.spectator_view(table.state, since, table.lang)
        seen.update(svg=table.picture(None), version=table.version, table=table.id, seats=list(table.seats),
                    notices=[say(table.lang, key, **facts) for key, facts in table.notices])
    return seen
