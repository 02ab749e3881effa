"""One table of a game in progress: the engine's state, who sits where, the keys of the people's seats,
and the moves of chance and bots until a person must decide (see tables.py for the pages and answers)."""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time

from fastapi import HTTPException

from ..arena.state import CHANCE, sample_chance
from ..errors import ClicktownError
from ..games import PERSON, game_spec
from ..messages import say

log = logging.getLogger(__name__)

MAX_TABLES = 200
MAX_TABLES_PER_CLIENT = 20    # tables opened from one address
MAX_STREAMS_PER_CLIENT = 16   # event streams one address follows at once
REACTION = 3.0      # seconds the bots take to react in a phase played against the clock, at a table with people
PACE = 0.6          # seconds at least between two bot moves at a table with people (one sees them one at a time)
MAX_PACE = 5.0
MAX_CLOCK = 3600.0  # the longest move clock a table may have (seconds per move)
MAX_SEED = 2**32 - 1
PUSH_EVERY = 0.2    # seconds between two looks at a table for the event stream


CLOCK = None   # the tables' clock (None: time.monotonic); a test sets its own and moves it by hand instead of waiting


def now() -> float:
    """The tables' clock (seconds)."""
    return (CLOCK or time.monotonic)()


class Table:
    """One game in progress: the engine's state, who sits where, the tokens of the people's seats.

    A person's action is applied at once (`act`); the bots' moves are made by the process's mover
    (worker.py) one at a time (`move_on`), at least `pace` seconds apart at a table with people. With
    a move clock (`per_move` seconds), a person whose time runs out is played for by the game's default
    bot (a "zombie") until the person comes back (`back`)."""

    kept = 0           # how many of its trace lines the store holds
    client = ""        # the address of the browser that opened it (tables per client are bounded)
    seed_given = True  # whether the opener chose the seed (then it is shown); a random seed is not
    claimed: frozenset[int] = frozenset()   # the friends' seats whose join link a browser has claimed
    public = False       # listed in the lobby while a friend's seat is free (the opener chose it)
    spectator = ""       # the key of the spectators' link ("" : none)
    rematch_of = None    # the id of the table this one is the rematch of
    background = False   # moved by the mover's thread (a served application's table), else inline (worker.py)
    noted = float("-inf")   # when a look at it was last noted in the store (on the tables' clock)

    def __init__(self, game: str, players: int, seats: tuple[str, ...], seed: int, lang: str, hints: bool | None,
                 reaction: float, rules: dict[str, str] | None = None, pace: float | None = None, clock: float = 0.0):
        self.id = secrets.token_urlsafe(9)
        self.game, self.spec = game, game_spec(game)
        self.players, self.seats, self.seed = players, seats, seed
        self.lang, self.hints, self.reaction = lang, hints, reaction
        self.pace, self.per_move = PACE if pace is None else pace, clock
        self.rules = self.spec.chosen_rules(rules or {})
        self.tokens = {s: secrets.token_urlsafe(16) for s, who in enumerate(seats) if who == PERSON}
        self.bots = {s: self.spec.make_bot(who) for s, who in enumerate(seats) if who != PERSON}
        self.state = self.spec.new_state(players, seats, self.rules)
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.version = 0
        self.touched = self.moved_at = now()
        self.timed = self.spec.timed_phase(set(self.tokens), reaction)   # None: no phase against the clock
        self.notices: list[tuple[str, dict]] = []   # what the table itself tells every seat: (message key, facts)
        self.abandoned = False
        self.zombies: set[int] = set()     # the people's seats a bot plays for while their person is away
        self._zombie_bot = None
        self._pictures: dict = {}
        with self.lock:
            self._advance()

    # ---- moving the game on -------------------------------------------------------------------

    def _advance(self) -> None:
        """Chance and the people's forced moves until a person or a bot must decide (or the game is over)."""
        state, timed = self.state, self.timed
        while not self.over:
            actor = state.current_player()
            if actor == CHANCE:
                if timed and timed.waits(state, now()):
                    break
                state.apply_action(timed.chance(state, self.rng) if timed else sample_chance(state, self.rng))
            elif actor in self.bots or actor in self.zombies:
                break
            else:
                forced = timed.answer_of(state, actor) if timed else None
                if forced is None:
                    forced = self.spec.auto_pass(state, actor)
                if forced is None:
                    break
                state.apply_action(forced)
        self.moved_at = now()
        self.version += 1

    @property
    def thinking(self) -> int | None:
        """The seat a bot chooses for now (a bot's seat, or a person's played for by a bot), or None."""
        if self.over:
            return None
        actor = self.state.current_player()
        return actor if actor in self.bots or actor in self.zombies else None

    def due(self) -> float | None:
        """When the table must next move on by itself (on the tables' clock): a bot's move (`pace` after
        the last move, at a table with people), the end of a phase played against the clock, a person's
        move clock running out; None: it waits for a person."""
        if self.over:
            return None
        if self.timed and self.timed.is_open():
            return self.timed.until
        actor = self.state.current_player()
        if self.thinking is not None:
            return self.moved_at + (self.pace if self.tokens else 0.0)
        if self.per_move and actor in self.tokens:
            return self.moved_at + self.per_move
        return None

    def move_on(self, at: float | None = None, eager: bool = False) -> bool:
        """Make what is due at `at` (now by default): one bot's move, the end of a timed phase, a person's
        clock running out (a bot then plays for the seat). `eager`: a bot moves without waiting for its
        pace. The bot chooses on a copy of the state, outside the lock (the seats' views are answered
        meanwhile); its move is applied unless the table moved on in the meantime. Whether anything moved."""
        at = now() if at is None else at
        with self.lock:
            due = self.due()
            if due is None:
                return False
            seat = self.thinking
            if seat is None or self.timed and self.timed.is_open():
                if at < due:
                    return False
                if seat is None and not (self.timed and self.timed.is_open()):
                    self.zombies.add(self.state.current_player())   # the person's time to move ran out
                self._advance()
                return True
            if at < due and not eager:
                return False
            seen, version = self.state.clone(), self.version
        action = self._choice(seat, seen)
        with self.lock:
            if self.version != version or self.over:
                return False
            if action is None:
                self.abandoned = True
            else:
                self.state.apply_action(action)
            self._advance()
        return True

    def _bot_of(self, seat: int):
        """The bot of a bot's seat, or the game's default bot playing for a person's seat."""
        if seat in self.bots:
            return self.bots[seat]
        if self._zombie_bot is None:
            self._zombie_bot = self.spec.make_bot(self.spec.default_bot)
        return self._zombie_bot

    def _choice(self, seat: int, state) -> int | None:
        """The bot's move; when the bot raises or offers an illegal move, a random legal one, told to every
        seat (None: no legal move is left, the game is abandoned)."""
        bot = self._bot_of(seat)
        try:
            action = bot.choose(state, self.rng)
            if action not in state.legal_actions():
                raise ClicktownError(f"the bot offered action {action}, which is not legal now")
            return action
        except Exception:
            log.exception("table %s: the %s bot at seat %d failed to move", self.id, bot.name, seat)
            legal = state.legal_actions()
            self.notices.append(("tables.bot_failed" if legal else "tables.abandoned", {"seat": seat, "bot": bot.name}))
            return self.rng.choice(legal) if legal else None

    def back(self, seat: int) -> None:
        """The person of `seat` is back (a request with the seat's key): no bot plays for the seat any more,
        and its move clock starts again."""
        self.touched = now()
        if seat in self.zombies:
            with self.lock:
                self.zombies.discard(seat)
                self._advance()

    def tick(self) -> None:
        """Let a phase played against the clock go on once its time is up (called whenever the table is looked at)."""
        if self.timed and self.timed.expired(now()):
            with self.lock:
                if self.timed.expired(now()):
                    self._advance()

    def act(self, seat: int, action: int) -> None:
        """The person at `seat` takes `action`: checked by the engine, then chance and forced moves follow
        (the bots move afterwards, in the background)."""
        with self.lock:
            self.touched = now()
            self.zombies.discard(seat)
            state = self.state
            if self.over:
                raise HTTPException(409, say(self.lang, "web.refuse.over"))
            if self.timed and self.timed.is_open():
                self.timed.answer(state, seat, action, now(), self.lang)
            elif state.current_player() != seat:
                raise HTTPException(409, say(self.lang, "web.refuse.not_your_turn", seat=seat))
            elif action not in state.legal_actions():
                raise ClicktownError(self.spec.refusal(state, action, self.lang))
            else:
                state.apply_action(action)
            self._advance()

    def clock_view(self) -> dict | None:
        """The move clock as the seats see it: each person's seconds left (the seat to move counts down,
        the others have a whole move), the seconds per move, the seats a bot plays for; None: no clock."""
        if not self.per_move:
            return None
        left = max(0.0, self.moved_at + self.per_move - now())
        actor = None if self.over else self.state.current_player()
        return {"seconds": {str(s): round(left if s == actor else self.per_move, 1) for s in sorted(self.tokens)},
                "per_move": self.per_move, "zombie": sorted(self.zombies)}

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
            seen["thinking"] = self.thinking
            seen["clock"] = self.clock_view()
            if self.timed:
                seen.update(self.timed.seat_view(self.state, seat, now(), self.lang))
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
