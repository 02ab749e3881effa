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
MAX_SEED = 2**32 - 1
PUSH_EVERY = 0.2    # seconds between two looks at a table for the event stream


class Table:
    """One game in progress: the engine's state, who sits where, the tokens of the people's seats."""

    kept = 0           # how many of its trace lines the store holds
    client = ""        # the address of the browser that opened it (tables per client are bounded)
    seed_given = True  # whether the opener chose the seed (then it is shown); a random seed is not
    claimed: frozenset[int] = frozenset()   # the friends' seats whose join link a browser has claimed
    public = False       # listed in the lobby while a friend's seat is free (the opener chose it)
    spectator = ""       # the key of the spectators' link ("" : none)
    rematch_of = None    # the id of the table this one is the rematch of

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
