"""Where the tables are kept: in this process's memory (bounded, per client too), and with
`clicktown serve --database` also in the store, as each table's settings, seat keys and trace; the
event streams each client follows; the seat's key checked before anything of a seat is shown."""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict

from fastapi import HTTPException, Request

from ..errors import ClicktownError
from ..messages import say
from .table import MAX_STREAMS_PER_CLIENT, MAX_TABLES, MAX_TABLES_PER_CLIENT, Table

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
            "client": table.client, "public": table.public, "spectator": table.spectator, "rematch_of": table.rematch_of}


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


def kept_key(table: Table, seat: int, key: str, claimed: bool = True) -> None:
    """Keep a seat's new key, claimed by a browser (or, not claimed, a new join link)."""
    if STORE is not None:
        _stored(STORE.set_key, table.id, seat, key, claimed)


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
    table.public, table.spectator, table.rematch_of = (settings.get(k, d) for k, d in (("public", False), ("spectator", ""), ("rematch_of", None)))
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
