"""The race in real time, with people at the table: they answer within `reaction` seconds, the bots after.

The engine runs a race one seat after another in a reaction order, a chance outcome (`state.py`).
Among bots that order is drawn. With people at the table (the terminal's `patterns play`, a table
in the browser) it comes from the clock: when the race is about to start, a *window* opens for
`reaction` seconds. Every person in the race may answer once in it: cover a position, say Click! or
wait. The answer is that seat's own action, kept until the race reaches the seat (and dropped when
the race ends before). When the window closes the order is

1. the people who covered or clicked within the time, in the order they answered;
2. the bots, which react when the time is up, in the drawn order;
3. the people who waited, answered later or not at all, in the drawn order;

and the engine then runs it with every seat that drew a challenge card this turn after the others
(`GameState.reaction_order`). The window closes when the time is up, when every person in the race
has answered, or as soon as the engine's order starts with a seat that covered or clicked in time.
With no person in the race, or `reaction` 0, the order is drawn as among bots.

A driver calls, with the time of its own clock as `now` (so a test never waits):
`waits(state, now)` at every chance node (true while the table must wait for the people), then
`chance(state, rng)` for the outcome; `answer(state, seat, action, now)` for a person's answer while
`is_open()`; `answer_of(state, seat)` when a person is to move (the answer given in the window, or
None: ask now). `seat_view` gives what a seat's page shows while the window is open.
"""

from __future__ import annotations

from typing import Iterable

from ...arena.state import sample_chance
from ...errors import ClicktownError
from ...messages import say
from .state import PASS, RACE_ACTIONS, GameState, orders


class Race:
    """The races of one game at a table where the seats `people` are played by people."""

    def __init__(self, people: Iterable[int], reaction: float):
        self.people = frozenset(people)
        self.reaction = reaction
        self.until: float | None = None     # when the bots react; set while the window is open
        self.answers: dict[int, int] = {}   # seat -> its answer, applied when the race reaches the seat
        self.quick: list[int] = []          # the seats that covered or clicked in time, in the order they answered
        self.waited: frozenset[int] = frozenset()   # the people who waited in the last window (told until the next)

    # ---- the window ----------------------------------------------------------------------------

    def racing_people(self, state: GameState) -> list[int]:
        """The people's seats in the race (those still in the game)."""
        return [s for s in state.seated if s in self.people]

    def is_open(self) -> bool:
        return self.until is not None

    def expired(self, now: float) -> bool:
        """Whether the window is open and its time is up (the table must move on)."""
        return self.until is not None and now >= self.until

    def opens(self, state: GameState, now: float) -> bool:
        """Opens the window when the race is about to start with a person in it; whether it is open."""
        if self.until is None and state.race_starts() and self.reaction > 0 and self.racing_people(state):
            self.until = now + self.reaction
            self.answers, self.quick, self.waited = {}, [], frozenset()
        return self.until is not None

    def waits(self, state: GameState, now: float) -> bool:
        """Whether the table must wait for the people now: the window is open and the order not yet known."""
        return self.opens(state, now) and not self.decided(state, now)

    def decided(self, state: GameState, now: float) -> bool:
        """The time is up, every person in the race has answered, or the quickest seat is known and plays."""
        if now >= self.until or all(s in self.answers for s in self.racing_people(state)):
            return True
        others = [s for s in state.seated if s not in self.quick]
        return state.reaction_order(self.quick + others)[0] in self.quick

    def answer(self, state: GameState, seat: int, action: int, now: float, lang: str = "en") -> None:
        """A person's answer while the window is open: kept as the seat's own action (refused with a reason)."""
        if seat not in self.racing_people(state):
            raise ClicktownError(say(lang, "patterns.race.not_in_race", seat=seat))
        if seat in self.answers:
            raise ClicktownError(say(lang, "patterns.race.answered", seat=seat))
        if action not in RACE_ACTIONS:
            raise ClicktownError(say(lang, "patterns.race.refused", action=action))
        self.answers[seat] = action
        if action != PASS and now < self.until:
            self.quick.append(seat)

    def chance(self, state: GameState, rng) -> int:
        """The next chance outcome: when the window closes, the reaction order from the clock; else a draw."""
        drawn = sample_chance(state, rng)
        if self.until is None or not state.race_starts():
            return drawn
        self.until = None
        self.waited = frozenset(s for s, action in self.answers.items() if action == PASS)
        rest = [s for s in orders(state.seated)[drawn] if s not in self.quick]
        bots = [s for s in rest if s not in self.people]
        slow = [s for s in rest if s in self.people]
        return state.reaction_outcome(self.quick + bots + slow)

    def answer_of(self, state: GameState, seat: int) -> int | None:
        """The answer `seat` gave in the window, now that the race reaches it (None: the seat decides now)."""
        if state.phase != "race" or state.current_player() != seat:
            return None
        return self.answers.pop(seat, None)

    # ---- what a seat's page shows ----------------------------------------------------------------

    def seat_view(self, state: GameState, seat: int, now: float, lang: str) -> dict:
        """While the window is open: the race's choices (until the seat has answered), its answer, the time left;
        once it has closed, that the seat waited (until the next window)."""
        if self.until is None:
            return {"race_answer": say(lang, "patterns.race.you_waited")} if seat in self.waited else {}
        if seat not in self.racing_people(state):
            return {}
        from .view import action_text

        seconds = round(max(0.0, self.until - now), 1)
        bots = any(s not in self.people for s in state.seated)
        shown = {"race_seconds": seconds, "race_bots": bots,
                 "race_status": say(lang, "patterns.race.bots_react" if bots else "patterns.race.starts",
                                    seconds=f"{seconds:g}")}
        if seat in self.answers:
            shown["actions"] = []
            shown["race_answer"] = answer_words(state, self.answers[seat], lang)
            shown["compose"] = None
        else:
            shown["actions"] = [{"id": a, "text": action_text(state, a, lang), "via": "compose"} for a in RACE_ACTIONS]
            shown["compose"] = race_choices(state, shown["race_status"], lang)
        return shown


def answer_words(state: GameState, action: int, lang: str) -> str:
    """The seat's answer in the window: a wait told as what it does, a move as kept for the race."""
    from .view import action_text

    if action == PASS:
        return say(lang, "patterns.race.you_wait")
    return say(lang, "patterns.race.your_answer", answer=action_text(state, action, lang))


def race_choices(state: GameState, countdown: str, lang: str) -> dict:
    """The race's answers as a one-step `compose` under its countdown: a page puts it where a phone shows it
    first (`race`), and a choice is sent at once (no `confirm`: the race lasts seconds)."""
    from .view import action_text

    choices = [{"key": str(a), "label": action_text(state, a, lang)} for a in RACE_ACTIONS]
    return {"title": countdown, "race": True, "confirm": False, "actions": {str(a): a for a in RACE_ACTIONS},
            "steps": [{"name": "answer", "label": say(lang, "patterns.compose.answer"), "choices": choices}]}
