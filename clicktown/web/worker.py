"""The mover: the one worker of a server process that moves the tables on by themselves, in the
background of the requests: the bots' moves, the end of a phase played against the clock, a person's
move clock running out.

`act` answers as soon as the person's action is applied and committed; the mover then makes each
bot's move, commits it to the store (keeping.save) and so bumps the table's version, which the
event streams push to every page. At a table with people the bots move at least the table's `pace`
apart, so a person sees their moves one at a time.

With several server processes on one database (`clicktown serve --workers N`), exactly one process
moves a table's bots: the one holding the table's lease in the store (store.lease), taken when the
bots have something to do and given up when they are done; a lease ends by itself LEASE_SECONDS
after its last renewal, so the tables of a killed process are taken over.

Three ways to run it:
- `start()`: a thread (the server's way): it sleeps until the next table is due or a request wakes it.
- inline (a process that never started it, and the tables of the tests' in-process clients, which are
  not `background`): `wake(table)` makes the table's bot moves at once, in the request, after the
  person's action was committed.
- `hold()`: the moves wait until the caller makes them with `run_pending` (a test that looks at a table
  between a person's action and the bots' moves, deterministically).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time

log = logging.getLogger(__name__)

LEASE_SECONDS = 15.0     # a lease not renewed for this long is another process's to take
RETRY_SECONDS = 1.0      # how soon a table whose lease another process holds is looked at again
EXPIRE_EVERY = 600.0     # seconds between two sweeps of the tables nobody has looked at


class Mover:
    """The process's mover of tables (one per process: `keeping.MOVER`). `keeper` is what keeps the tables
    (the keeping module: tables_in_memory, catch_up, save, stored, expire), handed in so that the two
    modules do not import each other."""

    def __init__(self, keeper):
        self.keeper = keeper
        self.owner = secrets.token_hex(8)       # this process's name on the leases it holds
        self.mode = "inline"
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._swept = time.monotonic()

    # ---- how it runs -----------------------------------------------------------------------------

    def start(self) -> None:
        """Move the tables from a thread of this process (the server's way)."""
        if self._thread is None:
            self.mode, self._stopping = "thread", False
            self._thread = threading.Thread(target=self._run, name="clicktown-mover", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            with self._wake:
                self._stopping = True
                self._wake.notify_all()
            thread.join(timeout=30)
        self.mode = "inline"

    def hold(self) -> None:
        """Let the moves wait for `run_pending` (tests)."""
        self.stop()
        self.mode = "held"

    def wake(self, table=None) -> None:
        """A table may have moves to make (a person acted, a request found it behind)."""
        if self.mode == "thread" and (table is None or table.background):
            with self._wake:
                self._wake.notify_all()
        elif self.mode != "held" and table is not None:
            self.settle(table)

    # ---- the moves -------------------------------------------------------------------------------

    def settle(self, table) -> int:
        """Every bot move of `table`, now, one after another (no pace); each committed. The moves made."""
        made, catch_up, save = 0, self.keeper.catch_up, self.keeper.save
        catch_up(table)
        while table.thinking is not None and self._leased(table):
            if not table.move_on(eager=True):
                break
            save(table)
            made += 1
        self._release(table)
        return made

    def run_pending(self, at: float | None = None, eager: bool = True) -> int:
        """Make every move due (`eager`: every bot move, without waiting for the pace) at every table in
        this process's memory until none is left; the number of moves made."""
        made = 0
        while (step := self._round(at, eager)[0]):
            made += step
        return made

    def step(self, at: float | None = None, eager: bool = True) -> int:
        """One move at each table that is due (`run_pending` one round at a time: a test that looks at a
        page after each bot's move); the number of moves made."""
        return self._round(at, eager)[0]

    def _round(self, at: float | None, eager: bool) -> tuple[int, float | None]:
        """One move at each table that is due; (moves made, when the next table is due on the tables' clock)."""
        from .table import now

        made, next_due, catch_up, save = 0, None, self.keeper.catch_up, self.keeper.save
        for table in self.keeper.tables_in_memory():
            if self.mode == "thread" and not table.background:
                continue
            due = table.due()
            if due is None:
                continue
            moment = now() if at is None else at
            if due > moment and not (eager and table.thinking is not None):
                next_due = due if next_due is None else min(next_due, due)
                continue
            try:
                catch_up(table)
                if not self._leased(table):
                    retry = moment + RETRY_SECONDS
                    next_due = retry if next_due is None else min(next_due, retry)
                    continue
                if table.move_on(moment, eager=eager):
                    save(table)
                    made += 1
                else:                           # the table changed while its bot chose: look again soon
                    retry = moment + RETRY_SECONDS / 20
                    next_due = retry if next_due is None else min(next_due, retry)
                if table.due() is None:
                    self._release(table)
            except Exception:   # a table that cannot move on (its store fails) never stops the others
                log.exception("table %s could not move on", table.id)
        return made, next_due

    def _run(self) -> None:
        from .table import now

        while not self._stopping:
            try:
                made, next_due = self._round(None, False)
                self._sweep()
            except Exception:
                log.exception("the mover's round failed")
                made, next_due = 0, None
            if made:
                continue
            with self._wake:
                if self._stopping:
                    return
                wait = RETRY_SECONDS * 30 if next_due is None else max(0.0, next_due - now())
                self._wake.wait(timeout=min(wait, EXPIRE_EVERY))

    def _sweep(self) -> None:
        """Now and then, forget the tables nobody has looked at for a long time."""
        if time.monotonic() - self._swept >= EXPIRE_EVERY:
            self._swept = time.monotonic()
            self.keeper.expire()

    # ---- who moves a table's bots ----------------------------------------------------------------

    def _leased(self, table) -> bool:
        """Whether this process may move the table now (it holds the table's lease in the store)."""
        return self.keeper.stored("lease", table.id, self.owner, LEASE_SECONDS, default=True)

    def _release(self, table) -> None:
        if table.due() is None:
            self.keeper.stored("release", table.id, self.owner, default=None)
