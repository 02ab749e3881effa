"""The tables' store: every table kept in a database as its trace, so a table outlives the server.

A table is kept as
- its settings (game, seats, seed, language, rule options, ...: a JSON object the tables write),
- its seats' keys (seat -> the secret token of a person's seat),
- its trace lines (the trace schema of `clicktown.arena.trace`: `game_start`, every action the engine
  applied, chance included, and the events told), numbered from 0 in the order they were written,
- while some server process moves its bots, that process's lease (who, and until when).

The store knows nothing of the games: it appends a table's new lines and loads them back; the
tables rebuild a table's state by replaying its lines through the engine. `append` commits before
it returns, so an action whose answer has gone out is on disk: a server killed at any moment
(`kill -9`) loses no accepted move. An append names the number its first line takes (`at`); when
another process has written that number first the append is refused (`Conflict`) and nothing of it
is kept, so two server processes never interleave one table's lines. A lease (`lease`, `release`)
lets exactly one process move a table's bots; it ends by itself when its process dies.

Two backends run the same statements: SQLite (`Store`, the default: a file) and PostgreSQL
(`PostgresStore`, for a `postgresql://` URL, through psycopg 3). The statements are written once, in
the SQL both understand (`?` for a value, `ON CONFLICT ... DO UPDATE`); a backend only opens its
connections, begins its transactions, names its column types and tells its errors apart.

Why the standard `sqlite3` module and psycopg rather than SQLAlchemy Core: the store is four small
tables and a dozen statements that both databases read alike, so one query language over them
would translate nothing; `sqlite3` ships with Python (no dependency for the default), and psycopg 3
is the PostgreSQL driver SQLAlchemy itself would use underneath, an optional extra
(`pip install clicktown[postgres]`) installed only where PostgreSQL is used.

The database is a file in the user's data folder, `$XDG_DATA_HOME/clicktown/tables.db` (by default
`~/.local/share/clicktown/tables.db`), or the path or `postgresql://` URL `clicktown serve --database`
names.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import ClicktownError
from ..messages import say

#: The layout of the database; SQLite's `user_version` holds SCHEMA_VERSION.
SCHEMA_VERSION = 2
SCHEMA = """
CREATE TABLE IF NOT EXISTS game_tables (
    id        TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    settings  TEXT NOT NULL,             -- JSON object: what the table was opened with
    opened    {real} NOT NULL,           -- seconds since the epoch
    touched   {real} NOT NULL,           -- the last line written or the last look at the table
    over      INTEGER NOT NULL DEFAULT 0 -- 1 once the game has ended
);
CREATE TABLE IF NOT EXISTS seat_keys (
    table_id  TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    key       TEXT NOT NULL,
    claimed   INTEGER NOT NULL DEFAULT 0, -- 1 once a browser claimed the seat's join link
    PRIMARY KEY (table_id, seat)
){without_rowid};
CREATE TABLE IF NOT EXISTS trace_lines (
    table_id  TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL,          -- 0, 1, 2, ... in the order written
    line      TEXT NOT NULL,             -- one JSON object of the trace schema
    PRIMARY KEY (table_id, number)
){without_rowid};
CREATE TABLE IF NOT EXISTS leases (
    table_id  TEXT PRIMARY KEY REFERENCES game_tables(id) ON DELETE CASCADE,
    owner     TEXT NOT NULL,             -- the server process that moves the table's bots
    until     {real} NOT NULL            -- seconds since the epoch: after this, another may take over
);
"""
BUSY_SECONDS = 10.0   # how long a writer waits for another process's write to finish
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class StoreError(ClicktownError):
    """The database cannot be opened or used (a one-line reason)."""


class Conflict(StoreError):
    """Another process wrote the table's lines first: nothing of this append was kept."""


@dataclass(frozen=True)
class StoredTable:
    """A table as the store holds it."""

    id: str
    game: str
    settings: dict
    keys: dict[int, str]
    claimed: frozenset[int]
    lines: list[dict]
    over: bool


def default_path() -> Path:
    """The database in the user's data folder: $XDG_DATA_HOME/clicktown/tables.db, or
    ~/.local/share/clicktown/tables.db (the XDG base directory specification's default)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    folder = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return folder / "clicktown" / "tables.db"


def is_url(where) -> bool:
    """Whether `--database` names a PostgreSQL server (a `postgresql://` URL) rather than a file."""
    return str(where).startswith(POSTGRES_SCHEMES)


def open_store(where) -> TableStore:
    """The store at `where`: a `postgresql://` URL (PostgresStore) or an SQLite file's path (Store)."""
    return PostgresStore(str(where)) if is_url(where) else Store(where)


class TableStore:
    """The tables kept in a database; safe to use from many threads (one connection each) and from many
    processes. A backend gives `_connect`, `_begin_writing`, its column types and its error classes."""

    where = ""                       # what the errors name: the file's path, or the URL without its password
    real, without_rowid = "REAL", ""
    errors: tuple = ()               # the driver's errors
    integrity_errors: tuple = ()     # ... of them, a constraint refused (a line numbered twice)
    begin_writing = "BEGIN"
    clock = staticmethod(time.time)  # seconds since the epoch, for `touched` and the leases (a test sets its own)

    def __init__(self):
        self._local = threading.local()
        try:
            self._prepare()
            db = self._local.db = self._connect()
            session = _Session(db, isinstance(self, PostgresStore))
            db.execute(self.begin_writing)
            for statement in SCHEMA.format(real=self.real, without_rowid=self.without_rowid).split(";"):
                if statement.strip():
                    session.run(statement)
            db.execute("COMMIT")
        except (OSError, *self.errors) as exc:
            self.close()
            raise StoreError(say("en", "web.store.cannot_open", path=self.where, reason=_reason(exc))) from None

    def _prepare(self) -> None:
        """What the backend does before it opens its first connection (SQLite: the file's folder)."""

    def _connect(self):
        raise NotImplementedError

    def connection(self):
        """This thread's connection (opened on first use)."""
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = self._connect()
            except self.errors as exc:
                raise StoreError(say("en", "web.store.cannot_open", path=self.where, reason=_reason(exc))) from None
            self._local.db = db
        return db

    def _writing(self) -> _Transaction:
        """A transaction that writes (in SQLite it takes the write lock at its start: no deadlock between
        two readers that both turn writers)."""
        return _Transaction(self, self.begin_writing)

    def _reading(self) -> _Transaction:
        """A transaction that only reads: one consistent snapshot, never blocking a writer."""
        return _Transaction(self, "BEGIN")

    # ---- writing ---------------------------------------------------------------------------------

    def open_table(self, table_id: str, game: str, settings: dict, keys: dict[int, str],
                   lines: Iterable[dict] = ()) -> None:
        """Keep a new table with its settings, its seats' keys and its first lines (committed)."""
        now = self.clock()
        with self._writing() as db:
            db.run("INSERT INTO game_tables (id, game, settings, opened, touched) VALUES (?, ?, ?, ?, ?)",
                   (table_id, game, _json(settings), now, now))
            db.run_many("INSERT INTO seat_keys (table_id, seat, key) VALUES (?, ?, ?)",
                        [(table_id, seat, key) for seat, key in sorted(keys.items())])
            _insert_lines(db, table_id, 0, lines)

    def append(self, table_id: str, at: int, lines: Iterable[dict], over: bool = False) -> int:
        """Add the table's new `lines`, the first numbered `at` (the number of lines the caller has
        seen), committed before returning; `over` marks a game that has ended. Returns the number of
        lines the table now has. Conflict when another process wrote line `at` first."""
        lines = list(lines)
        with self._writing() as db:
            if db.one("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)) is None:
                raise StoreError(say("en", "web.store.no_table", table=table_id))
            kept = _count(db, table_id)
            if kept != at:
                raise Conflict(say("en", "web.store.conflict", table=table_id, at=at, kept=kept))
            _insert_lines(db, table_id, at, lines)
            db.run("UPDATE game_tables SET touched = ?, over = CASE WHEN ? = 1 THEN 1 ELSE over END WHERE id = ?",
                   (self.clock(), int(over), table_id))
        return at + len(lines)

    def set_key(self, table_id: str, seat: int, key: str, claimed: bool = False) -> None:
        """Give a seat a new key, `claimed` when a browser claimed its join link (committed)."""
        with self._writing() as db:
            db.run("INSERT INTO seat_keys (table_id, seat, key, claimed) VALUES (?, ?, ?, ?) "
                   "ON CONFLICT (table_id, seat) DO UPDATE SET key = excluded.key, claimed = excluded.claimed",
                   (table_id, seat, key, int(claimed)))

    def set_settings(self, table_id: str, settings: dict) -> None:
        """Keep what a table holds besides its trace and keys (the people's chosen names), committed."""
        with self._writing() as db:
            db.run("UPDATE game_tables SET settings = ? WHERE id = ?", (_json(settings), table_id))

    def claim_key(self, table_id: str, seat: int, key: str) -> bool:
        """Give an unclaimed seat the key of the browser that claimed its join link; False when another
        browser (through any server process) claimed it first."""
        with self._writing() as db:
            return db.count("UPDATE seat_keys SET key = ?, claimed = 1 WHERE table_id = ? AND seat = ? AND claimed = 0",
                            (key, table_id, seat)) == 1

    def touch(self, table_id: str, when: float | None = None) -> None:
        """Note that someone looked at the table (the tables nobody looks at expire)."""
        with self._writing() as db:
            db.run("UPDATE game_tables SET touched = ? WHERE id = ?", (self.clock() if when is None else when, table_id))

    def delete(self, table_id: str) -> bool:
        """Forget a table, its keys and its lines; whether it was there."""
        with self._writing() as db:
            return db.count("DELETE FROM game_tables WHERE id = ?", (table_id,)) > 0

    def expire(self, before: float) -> list[str]:
        """Forget every table whose game has not ended and that nobody has looked at since `before`
        (seconds since the epoch); the ids forgotten. Finished games stay until deleted."""
        with self._writing() as db:
            gone = [row[0] for row in db.all("SELECT id FROM game_tables WHERE over = 0 AND touched < ? ORDER BY id",
                                             (before,))]
            for table_id in gone:
                db.run("DELETE FROM game_tables WHERE id = ?", (table_id,))
        return gone

    # ---- who moves the bots ------------------------------------------------------------------------

    def lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take or renew the table's lease for `owner` for `seconds`: whether `owner` holds it now (False:
        another process holds a lease that has not run out)."""
        now = self.clock()
        with self._writing() as db:
            db.run("INSERT INTO leases (table_id, owner, until) VALUES (?, ?, ?) ON CONFLICT (table_id) DO UPDATE "
                   "SET owner = excluded.owner, until = excluded.until WHERE leases.owner = excluded.owner "
                   "OR leases.until < ?", (table_id, owner, now + seconds, now))
            row = db.one("SELECT owner FROM leases WHERE table_id = ?", (table_id,))
        return row is not None and row[0] == owner

    def release(self, table_id: str, owner: str) -> None:
        """Give the table's lease up (its bots have nothing to do)."""
        with self._writing() as db:
            db.run("DELETE FROM leases WHERE table_id = ? AND owner = ?", (table_id, owner))

    # ---- reading ---------------------------------------------------------------------------------

    def load(self, table_id: str) -> StoredTable | None:
        """The table with its settings, keys and every line in order (None: no such table)."""
        with self._reading() as db:
            row = db.one("SELECT game, settings, over FROM game_tables WHERE id = ?", (table_id,))
            if row is None:
                return None
            lines = [json.loads(text) for (text,) in db.all(
                "SELECT line FROM trace_lines WHERE table_id = ? ORDER BY number", (table_id,))]
            keys, claimed = _seat_keys(db, table_id)
        return StoredTable(table_id, row[0], json.loads(row[1]), keys, claimed, lines, bool(row[2]))

    def seat_keys(self, table_id: str) -> tuple[dict[int, str], frozenset[int]]:
        """The table's seats' keys and the seats whose join link was claimed (empty: no such table)."""
        with self._reading() as db:
            return _seat_keys(db, table_id)

    def lines_from(self, table_id: str, start: int) -> list[dict]:
        """The table's lines numbered `start` on (what another process added since)."""
        with self._reading() as db:
            return [json.loads(text) for (text,) in db.all(
                "SELECT line FROM trace_lines WHERE table_id = ? AND number >= ? ORDER BY number", (table_id, start))]

    def line_count(self, table_id: str) -> int | None:
        """How many lines the table has (None: no such table): a cheap look whether another process moved it."""
        with self._reading() as db:
            if db.one("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)) is None:
                return None
            return _count(db, table_id)

    def unfinished(self) -> list[tuple[str, dict]]:
        """The tables whose game has not ended, newest first, each with its settings (the lobby reads
        which of them are public, whichever server process opened them)."""
        with self._reading() as db:
            return [(row[0], json.loads(row[1])) for row in db.all(
                "SELECT id, settings FROM game_tables WHERE over = 0 ORDER BY opened DESC, id DESC")]

    def table_ids(self, over: bool | None = None) -> list[str]:
        """The tables kept, oldest first; only those whose game has (or has not) ended when `over` is given."""
        query, facts = "SELECT id FROM game_tables", ()
        if over is not None:
            query, facts = query + " WHERE over = ?", (int(over),)
        with self._reading() as db:
            return [row[0] for row in db.all(query + " ORDER BY opened, id", facts)]

    def close(self) -> None:
        """Close this thread's connection (the others close with their threads)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None


class Store(TableStore):
    """The tables kept in one SQLite database file (WAL): many readers go on while one process writes."""

    without_rowid = " WITHOUT ROWID"
    errors = (sqlite3.Error,)
    integrity_errors = (sqlite3.IntegrityError,)
    begin_writing = "BEGIN IMMEDIATE"

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.where = str(self.path)
        super().__init__()

    def _prepare(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def _connect(self) -> sqlite3.Connection:
        """WAL, foreign keys, a wait for busy writers."""
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")   # in WAL: a commit survives a killed process
        db.execute("PRAGMA foreign_keys = ON")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return db


class PostgresStore(TableStore):
    """The tables kept in a PostgreSQL database (psycopg 3): for a `postgresql://` URL."""

    real = "DOUBLE PRECISION"

    def __init__(self, url: str):
        self.url = url
        self.where = _without_password(url)
        try:
            import psycopg
        except ImportError:
            raise StoreError(say("en", "web.store.no_driver", url=self.where)) from None
        self.errors = (psycopg.Error,)
        self.integrity_errors = (psycopg.errors.IntegrityError,)
        super().__init__()

    def _connect(self):
        import psycopg

        return psycopg.connect(self.url, autocommit=True, connect_timeout=int(BUSY_SECONDS))


class _Session:
    """One connection inside a transaction, with the statements' `?` written as the driver wants them."""

    def __init__(self, db, postgres: bool):
        self.db, self.postgres = db, postgres

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def run(self, sql: str, facts: tuple = ()):
        return self.db.execute(self._sql(sql), facts)

    def run_many(self, sql: str, rows: list[tuple]) -> None:
        if rows:
            (self.db.cursor() if self.postgres else self.db).executemany(self._sql(sql), rows)

    def one(self, sql: str, facts: tuple = ()):
        return self.run(sql, facts).fetchone()

    def all(self, sql: str, facts: tuple = ()) -> list:
        return self.run(sql, facts).fetchall()

    def count(self, sql: str, facts: tuple = ()) -> int:
        return self.run(sql, facts).rowcount


class _Transaction:
    """`with` a store: one transaction on this thread's connection, committed at the end, rolled back on an
    error; the driver's errors become one-line StoreErrors (a refused constraint: Conflict)."""

    def __init__(self, store: TableStore, begin: str):
        self.store, self.begin = store, begin

    def __enter__(self) -> _Session:
        db = self.store.connection()
        self.session = _Session(db, isinstance(self.store, PostgresStore))
        try:
            db.execute(self.begin)
        except self.store.errors as exc:
            self.store.close()         # a connection that cannot begin is opened anew next time
            raise StoreError(say("en", "web.store.failed", reason=_reason(exc))) from None
        return self.session

    def __exit__(self, kind, error, trace) -> bool:
        db, store = self.session.db, self.store
        if kind is None:
            try:
                db.execute("COMMIT")
                return False
            except store.errors as exc:
                error = exc
        try:
            db.execute("ROLLBACK")
        except store.errors:
            pass
        if isinstance(error, store.integrity_errors):
            raise Conflict(say("en", "web.store.integrity", reason=_reason(error))) from None
        if isinstance(error, store.errors):
            raise StoreError(say("en", "web.store.failed", reason=_reason(error))) from None
        return False


def _seat_keys(db: _Session, table_id: str) -> tuple[dict[int, str], frozenset[int]]:
    seats = db.all("SELECT seat, key, claimed FROM seat_keys WHERE table_id = ? ORDER BY seat", (table_id,))
    return {seat: key for seat, key, _ in seats}, frozenset(seat for seat, _, claimed in seats if claimed)


def _count(db: _Session, table_id: str) -> int:
    """The number of the table's lines: one past the highest line number (an index seek, not a count)."""
    return db.one("SELECT COALESCE(MAX(number) + 1, 0) FROM trace_lines WHERE table_id = ?", (table_id,))[0]


def _insert_lines(db: _Session, table_id: str, at: int, lines: Iterable[dict]) -> None:
    db.run_many("INSERT INTO trace_lines (table_id, number, line) VALUES (?, ?, ?)",
                [(table_id, at + n, _json(line)) for n, line in enumerate(lines)])


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _reason(exc: Exception) -> str:
    """A driver's message on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__


def _without_password(url: str) -> str:
    """A database URL as errors may show it: without its password."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
