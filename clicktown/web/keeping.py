"""Where the tables are kept: in this process's memory (bounded, per client too), and with
`clicktown serve --database` also in the store, as each table's settings, seat keys and trace; the
event streams each client follows; the seat's key checked before anything of a seat is shown.

With a store the store is the truth: several server processes may share it (`serve --workers N`),
so before a table is served the process catches up with the lines the others appended (`catch_up`),
and an append that another process beat is refused (409, the table caught up) rather than kept twice.
Every look at a table counts as activity: the tables nobody looks at for EXPIRE_AFTER expire
(`expire`), finished games excepted (they stay as traces until `clicktown serve --forget`)."""

from __future__ import annotations

import random
import secrets
import sys
import threading
from collections import OrderedDict
from contextvars import ContextVar

from fastapi import HTTPException, Request

from ..errors import ClicktownError
from ..messages import say
from .table import MAX_STREAMS_PER_CLIENT, MAX_TABLES, MAX_TABLES_PER_CLIENT, Table, now
from .worker import Mover

MOVER = Mover(sys.modules[__name__])   # the process's one mover of bots (worker.py)
#: True while a request of a served application is answered (app.create_app(background=True)): the tables
#: it opens or rebuilds are moved by the mover's thread; the tests' in-process clients move them inline.
SERVED: ContextVar[bool] = ContextVar("served", default=False)
EXPIRE_AFTER = 7 * 24 * 3600.0   # seconds: a table nobody has looked at for this long is forgotten (serve --expire-after)
TOUCH_EVERY = 60.0            # seconds: how often a look at a table is noted in the store

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


def tables_in_memory() -> list[Table]:
    with TABLES_LOCK:
        return list(TABLES.values())


def forget(table_id: str) -> None:
    """The table leaves this process's memory (it stays in the store)."""
    with TABLES_LOCK:
        TABLES.pop(table_id, None)


def expire() -> list[str]:
    """Forget the tables nobody has looked at for EXPIRE_AFTER seconds: from memory, and from the store
    those whose game has not ended (a finished game stays as its trace until deleted). The ids forgotten."""
    idle = [t.id for t in tables_in_memory() if now() - t.touched >= EXPIRE_AFTER]
    for table_id in idle:
        forget(table_id)
    gone = [] if STORE is None else _stored(STORE.expire, STORE.clock() - EXPIRE_AFTER)
    for table_id in gone:
        forget(table_id)
    return sorted(set(idle) | set(gone))


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
    if not same_key(token, table.tokens[seat]) and not (STORE is not None and _key_moved(table, seat, token)):
        raise HTTPException(403, say(table.lang, "web.refuse.token", seat=seat))
    table.back(seat)              # the person is here: no bot plays for the seat, and the look counts
    _note_look(table)
    return table


def _key_moved(table: Table, seat: int, token: str | None) -> bool:
    """Whether the seat's key changed in another server process (a friend claimed the seat there) to `token`."""
    keys, claimed = stored("seat_keys", table.id)
    if keys:
        table.tokens, table.claimed = keys, claimed
    return same_key(token, table.tokens.get(seat, ""))


def _note_look(table: Table) -> None:
    """Tell the store someone looked at the table, now and then (a table that is only read stays)."""
    if STORE is not None and now() - table.noted >= TOUCH_EVERY:
        table.noted = now()
        stored("touch", table.id)


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


def stored(step: str, *facts, default=None):
    """A step of the store (`default` without one); its failure is the server's (503 with the reason)."""
    if STORE is None:
        return default
    return _stored(getattr(STORE, step), *facts)


def settings_of(table: Table) -> dict:
    """What a table was opened with, as the store keeps it."""
    return {"players": table.players, "seats": list(table.seats), "seed": table.seed, "seed_given": table.seed_given,
            "lang": table.lang, "hints": table.hints, "reaction": table.reaction, "rules": table.rules,
            "client": table.client, "pace": table.pace, "clock": table.per_move, "public": table.public,
            "spectator": table.spectator, "rematch_of": table.rematch_of,
            "names": {str(seat): name for seat, name in getattr(table, "names", {}).items()}}


def trace_so_far(table: Table) -> list[dict]:
    """The table's trace as far as it has gone (no game_end before the game is over)."""
    lines = table.trace()
    if lines and lines[-1].get("event") == "game_end" and not table.over:
        lines = lines[:-1]
    return lines


def keep_new(table: Table) -> None:
    """Keep a table just opened: its settings, keys and first lines (committed); its bots start."""
    if STORE is not None:
        lines = trace_so_far(table)
        _stored(STORE.open_table, table.id, table.game, settings_of(table), table.tokens, lines)
        table.kept = len(lines)
    table.background = SERVED.get()
    MOVER.wake(table)


def save(table: Table) -> None:
    """Append the table's new trace lines to the store (committed before returning). When another server
    process moved the table on first, nothing is kept: the table catches up and the request is refused (409)."""
    from .store import Conflict, StoreError

    if STORE is None:
        return
    with SAVE_LOCK:
        lines = trace_so_far(table)
        if len(lines) > table.kept:
            try:
                table.kept = STORE.append(table.id, table.kept, lines[table.kept:], table.over)
            except Conflict:
                _caught_up(table)
                raise HTTPException(409, say(table.lang, "web.store.moved_elsewhere")) from None
            except StoreError as exc:
                raise HTTPException(503, str(exc)) from None


def catch_up(table: Table) -> None:
    """Replay what other server processes appended to the table since this one last saw it (a look at the
    store's line count; the table is rebuilt only when it moved on elsewhere). A table with changes of its
    own not yet saved waits: its save will be refused, and it catches up then."""
    if STORE is None:
        return
    count = _stored(STORE.line_count, table.id)
    if count is None:                                 # deleted (expired or forgotten) meanwhile
        forget(table.id)
        raise HTTPException(404, say(table.lang, "web.store.gone"))
    if count == table.kept:
        return
    with SAVE_LOCK:
        if _stored(STORE.line_count, table.id) != table.kept and len(trace_so_far(table)) <= table.kept:
            _caught_up(table)


def _caught_up(table: Table) -> None:
    """The table rebuilt in place from the store (its page's event stream keeps following the same table)."""
    stored_table = _stored(STORE.load, table.id)
    if stored_table is None:
        return
    fresh = restored(stored_table)
    with table.lock:
        table.state, table.rng, table.abandoned = fresh.state, fresh.rng, fresh.abandoned
        table.tokens, table.claimed, table.kept = fresh.tokens, fresh.claimed, fresh.kept
        table.names = fresh.names
        table.zombies.clear()
        table.moved_at = now()
        table.version += 1


def as_kept(table_id: str) -> Table | None:
    """The table as the store holds it now (moves and claimed seats of other server processes too), or
    None when it is gone: the lobby's look at a table another process may have moved on."""
    table = find_table(table_id)
    if table is None or STORE is None:
        return table
    try:
        catch_up(table)
    except HTTPException:
        return None
    keys, claimed = stored("seat_keys", table.id)
    if keys:
        table.tokens, table.claimed = keys, claimed
    return table


def kept_settings(table: Table) -> None:
    """Keep a table's settings again after they changed (a person named their seat)."""
    if STORE is not None:
        _stored(STORE.set_settings, table.id, settings_of(table))


def kept_key(table: Table, seat: int, key: str) -> None:
    """Keep a seat's new key, claimed by a browser; refused (403) when a browser claimed it first through
    another server process."""
    if STORE is not None and not _stored(STORE.claim_key, table.id, seat, key):
        _key_moved(table, seat, None)
        raise HTTPException(403, say("en", "web.table.link_used", seat=seat))


def renewed_key(table: Table, seat: int, key: str) -> None:
    """Keep a seat's new join link, made by the host while nobody has claimed the seat."""
    if STORE is not None:
        _stored(STORE.set_key, table.id, seat, key, False)


def saved_view(table: Table, seat: int, since: int) -> dict:
    """The seat's view (a look may move the table on: a timed phase ended), its changes kept first; the
    mover is told (without a mover thread, the bots move now)."""
    table.tick()
    save(table)
    MOVER.wake(table)
    return table.seat_view(seat, since)


def tick_and_save(table: Table) -> None:
    """The event stream's look at the table: moves made elsewhere caught up, a timed phase ended; an open
    page counts as a look (a seat that waits for a friend keeps its table)."""
    table.touched = now()
    _note_look(table)
    catch_up(table)
    table.tick()
    save(table)
    if table.due() is not None:
        MOVER.wake(table)


def followed_again(table_id: str, table: Table) -> Table | None:
    """An event stream's next look at its table (tick_and_save): the table kept under `table_id` now (the
    same, or rebuilt from the store after it was closed to make room), or None when it is no longer
    anywhere (deleted from the store by `serve --forget` or expiry, or closed without a store)."""
    try:
        if TABLES.get(table_id) is not table:
            table = find_table(table_id)
            if table is None:
                return None
        tick_and_save(table)
    except HTTPException as exc:
        if exc.status_code == 404:
            return None
        raise
    return table


def find_table(table_id: str) -> Table | None:
    """The table in memory (caught up with the store), or rebuilt from the store (None: no such table anywhere)."""
    table = TABLES.get(table_id)
    if table is not None:
        catch_up(table)
        if table.due() is not None:
            MOVER.wake(table)
        return table
    if STORE is None:
        return None
    with RESTORE_LOCK:
        table = TABLES.get(table_id)
        if table is None:
            stored_table = _stored(STORE.load, table_id)
            if stored_table is None:
                return None
            table = restored(stored_table)
            table.background = SERVED.get()
            open_table(table)
    MOVER.wake(table)
    return table


def restored(stored_table) -> Table:
    """A kept table rebuilt: opened again with its settings, then its state replayed from its trace."""
    from ..arena.trace import ABANDONED, end_line, replay
    from ..games import start_state

    settings = stored_table.settings
    table = Table(stored_table.game, settings["players"], tuple(settings["seats"]), settings["seed"], settings["lang"],
                  settings["hints"], settings["reaction"], settings["rules"], settings.get("pace"),
                  settings.get("clock", 0.0))
    table.id, table.tokens, table.claimed = stored_table.id, dict(stored_table.keys), stored_table.claimed
    table.client, table.seed_given = settings["client"], settings["seed_given"]
    table.public, table.spectator, table.rematch_of = (settings.get(k, d) for k, d in (("public", False), ("spectator", ""), ("rematch_of", None)))
    table.names = {int(seat): name for seat, name in settings.get("names", {}).items()}
    lines = stored_table.lines
    try:
        with table.lock:
            so_far = lines if stored_table.over else [*lines, end_line([], ABANDONED)]   # as far as it went
            for state in replay(so_far, start_state):
                table.state = state
            table.abandoned = stored_table.over and lines[-1].get("reason") == ABANDONED
            table.rng = random.Random(f"{table.seed}/{len(lines)}")   # chance and bots go on from here
            table.kept = len(lines)
            table.version += 1
    except ClicktownError as exc:
        raise HTTPException(503, say("en", "web.store.not_rebuilt", table=stored_table.id, reason=str(exc))) from None
    return table


def _stored(step, *facts):
    """A step of the store; its failure is the server's (503 with the reason), not the request's."""
    from .store import StoreError

    try:
        return step(*facts)
    except StoreError as exc:
        raise HTTPException(503, str(exc)) from None
