"""The tables' store: every table kept in a database as its trace, so a table outlives the server.

A table is kept as
- its settings (game, seats, seed, language, rule options, ...: a JSON object the tables write),
- its seats' keys (seat -> the secret token of a person's seat),
- its trace lines (the trace schema of `clicktown.arena.trace`: `game_start`, every action the engine
  applied, chance included, and the events told), numbered from 0 in the order they were written.

The store knows nothing of the games: it appends a table's new lines and loads them back; the
tables rebuild a table's state by replaying its lines through the engine. `append` commits before
it returns, so an action whose answer has gone out is on disk: a server killed at any moment
(`kill -9`) loses no accepted move. An append names the number its first line takes (`at`); when
another process has written that number first the append is refused (`Conflict`) and nothing of it
is kept, so two server processes never interleave one table's lines.

Why the standard `sqlite3` module: it ships with Python (no dependency to install or keep up with),
SQLite in WAL mode lets many readers go on while one process writes and survives a killed process,
and the store is three small tables and a handful of statements. SQLAlchemy Core would add one
query language over SQLite and PostgreSQL (the same statements for a `postgresql://` URL), a
connection pool and typed table definitions; it becomes worth its weight when the store runs on
PostgreSQL, which this one does not yet do.

The database is a file in the user's data folder, `$XDG_DATA_HOME/clicktown/tables.db` (by default
`~/.local/share/clicktown/tables.db`), or the path `clicktown serve --database PATH` names.
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

#: The layout of the database; `user_version` holds SCHEMA_VERSION.
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS game_tables (
    id        TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    settings  TEXT NOT NULL,             -- JSON object: what the table was opened with
    opened    REAL NOT NULL,             -- seconds since the epoch
    touched   REAL NOT NULL,             -- the last line written
    over      INTEGER NOT NULL DEFAULT 0 -- 1 once the game has ended
);
CREATE TABLE IF NOT EXISTS seat_keys (
    table_id  TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    key       TEXT NOT NULL,
    claimed   INTEGER NOT NULL DEFAULT 0, -- 1 once a browser claimed the seat's join link
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS trace_lines (
    table_id  TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL,          -- 0, 1, 2, ... in the order written
    line      TEXT NOT NULL,             -- one JSON object of the trace schema
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;
"""
BUSY_SECONDS = 10.0   # how long a writer waits for another process's write to finish


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


class Store:
    """The tables kept in one SQLite database (WAL); safe to use from many threads (one connection
    each) and from many processes on one machine."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._local = threading.local()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = self._connection()
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(say("en", "web.store.cannot_open", path=str(self.path), reason=str(exc))) from None

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection (opened on first use): WAL, foreign keys, a wait for busy writers."""
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = NORMAL")   # in WAL: a commit survives a killed process
                db.execute("PRAGMA foreign_keys = ON")
            except sqlite3.Error as exc:
                raise StoreError(say("en", "web.store.cannot_open", path=str(self.path), reason=str(exc))) from None
            self._local.db = db
        return db

    def _writing(self) -> _Transaction:
        """A transaction that writes: it takes the write lock at its start (no deadlock between two
        readers that both turn writers)."""
        return _Transaction(self._connection(), "BEGIN IMMEDIATE")

    def _reading(self) -> _Transaction:
        """A transaction that only reads: one consistent snapshot, never blocking a writer (WAL)."""
        return _Transaction(self._connection(), "BEGIN")

    # ---- writing ---------------------------------------------------------------------------------

    def open_table(self, table_id: str, game: str, settings: dict, keys: dict[int, str],
                   lines: Iterable[dict] = ()) -> None:
        """Keep a new table with its settings, its seats' keys and its first lines (committed)."""
        now = time.time()
        with self._writing() as db:
            db.execute("INSERT INTO game_tables (id, game, settings, opened, touched) VALUES (?, ?, ?, ?, ?)",
                       (table_id, game, _json(settings), now, now))
            db.executemany("INSERT INTO seat_keys (table_id, seat, key) VALUES (?, ?, ?)",
                           [(table_id, seat, key) for seat, key in sorted(keys.items())])
            _insert_lines(db, table_id, 0, lines)

    def append(self, table_id: str, at: int, lines: Iterable[dict], over: bool = False) -> int:
        """Add the table's new `lines`, the first numbered `at` (the number of lines the caller has
        seen), committed before returning; `over` marks a game that has ended. Returns the number of
        lines the table now has. Conflict when another process wrote line `at` first."""
        lines = list(lines)
        with self._writing() as db:
            kept = db.execute("SELECT COUNT(*) FROM trace_lines WHERE table_id = ?", (table_id,)).fetchone()[0]
            if not db.execute("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)).fetchone():
                raise StoreError(say("en", "web.store.no_table", table=table_id))
            if kept != at:
                raise Conflict(say("en", "web.store.conflict", table=table_id, at=at, kept=kept))
            _insert_lines(db, table_id, at, lines)
            db.execute("UPDATE game_tables SET touched = ?, over = MAX(over, ?) WHERE id = ?",
                       (time.time(), int(over), table_id))
        return at + len(lines)

    def set_key(self, table_id: str, seat: int, key: str, claimed: bool = False) -> None:
        """Give a seat a new key, `claimed` when a browser claimed its join link (committed)."""
        with self._writing() as db:
            db.execute("INSERT INTO seat_keys (table_id, seat, key, claimed) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (table_id, seat) DO UPDATE SET key = excluded.key, claimed = excluded.claimed",
                       (table_id, seat, key, int(claimed)))

    def delete(self, table_id: str) -> bool:
        """Forget a table, its keys and its lines; whether it was there."""
        with self._writing() as db:
            return db.execute("DELETE FROM game_tables WHERE id = ?", (table_id,)).rowcount > 0

    # ---- reading ---------------------------------------------------------------------------------

    def load(self, table_id: str) -> StoredTable | None:
        """The table with its settings, keys and every line in order (None: no such table)."""
        with self._reading() as db:
            row = db.execute("SELECT game, settings, over FROM game_tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute("SELECT seat, key, claimed FROM seat_keys WHERE table_id = ? ORDER BY seat",
                               (table_id,)).fetchall()
            lines = [json.loads(text) for (text,) in db.execute(
                "SELECT line FROM trace_lines WHERE table_id = ? ORDER BY number", (table_id,))]
        return StoredTable(table_id, row[0], json.loads(row[1]), {seat: key for seat, key, _ in seats},
                           frozenset(seat for seat, _, claimed in seats if claimed), lines, bool(row[2]))

    def lines_from(self, table_id: str, start: int) -> list[dict]:
        """The table's lines numbered `start` on (what another process added since)."""
        with self._reading() as db:
            return [json.loads(text) for (text,) in db.execute(
                "SELECT line FROM trace_lines WHERE table_id = ? AND number >= ? ORDER BY number", (table_id, start))]

    def table_ids(self, over: bool | None = None) -> list[str]:
        """The tables kept, oldest first; only those whose game has (or has not) ended when `over` is given."""
        query, facts = "SELECT id FROM game_tables", ()
        if over is not None:
            query, facts = query + " WHERE over = ?", (int(over),)
        with self._reading() as db:
            return [row[0] for row in db.execute(query + " ORDER BY opened, id", facts)]

    def close(self) -> None:
        """Close this thread's connection (the others close with their threads)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None


class _Transaction:
    """`with` a connection: one transaction, committed at the end, rolled back on an error; SQLite's
    errors become one-line StoreErrors."""

    def __init__(self, db: sqlite3.Connection, begin: str):
        self.db, self.begin = db, begin

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.db.execute(self.begin)
        except sqlite3.Error as exc:
            raise StoreError(say("en", "web.store.failed", reason=str(exc))) from None
        return self.db

    def __exit__(self, kind, error, trace) -> bool:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return False
            except sqlite3.Error as exc:
                error = exc
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
        if isinstance(error, sqlite3.IntegrityError):
            raise Conflict(say("en", "web.store.integrity", reason=str(error))) from None
        if isinstance(error, sqlite3.Error):
            raise StoreError(say("en", "web.store.failed", reason=str(error))) from None
        return False


def _insert_lines(db: sqlite3.Connection, table_id: str, at: int, lines: Iterable[dict]) -> None:
    db.executemany("INSERT INTO trace_lines (table_id, number, line) VALUES (?, ?, ?)",
                   [(table_id, at + n, _json(line)) for n, line in enumerate(lines)])


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
