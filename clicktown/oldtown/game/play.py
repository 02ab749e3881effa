"""A person against bots at the terminal: the same engine, drawn from the seat's view (`game/view.py`).

The person sees what happened since their last decision (every play with its card text, effect
and points; every stop claim with the referee's verdict and reason), the plan of the town with
its streets, railway, doors and landmarks and every building by its full name, their hand, and
a numbered list of choices. A stop claim is asked for only when some marker can be removed.
`quit` abandons the game at any prompt.
"""

from __future__ import annotations

import random
from typing import Callable

from ...arena.human import Abandoned, Human
from ...arena.state import resolve_chance
from ...errors import ClicktownError
from ...messages import say
from ...numbers import number_in
from ..render import markers as render
from .bots import make_bot
from .state import PASS, OldTownState, new_game
from .view import needs_decision, view

class OldTownHuman(Human):
    """Asks the person for every decision of their seat; `ask` returns the text typed."""

    name = "you"

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], lang: str = "en",
                 hints: bool | None = None):
        super().__init__(ask, show, view, lang, hints)

    def choose(self, state: OldTownState, rng: random.Random) -> int:
        seat = state.actor
        if not needs_decision(state, seat):
            return PASS  # no marker can go: no stop to call
        seen = self.look(state, seat)
        legal = seen["actions"]
        if state.phase in ("turn", "choose"):
            self.show(render.plan_text(state, self.lang))
            self.show(render.scores_text(seen))
            self.show(render.hand_text(seen))
        if state.phase == "choose" and len(legal) == 1:
            return legal[0]["id"]
        self.show(say(self.lang, f"oldtown.prompt.{state.phase}") + ":")
        for k, action in enumerate(legal):
            self.show(f"  {k}: {action['text']}")
        while True:
            text = self.read(say(self.lang, "common.your_choice"))
            choice = number_in(text, 0, len(legal) - 1)
            if choice is not None:
                return legal[choice]["id"]
            self.show(say(self.lang, "common.number_between", low=0, high=len(legal) - 1))


def play_against(catalogue, players: int, seat: int, human: OldTownHuman, bots: tuple[str, ...], seed: int,
                 options=None) -> OldTownState:
    """Play one game with the person at `seat` and `bots` at the other seats in order, under the rule
    options (rules.RuleOptions); returns the final state.

    When the person quits, `state.abandoned` is True (the engine's state is left as it was).
    """
    if not 0 <= seat < players:
        raise ClicktownError(f"seat {seat}: the seats of {players} players are 0 to {players - 1}")
    if len(bots) != players - 1:
        raise ClicktownError(f"{players} players need {players - 1} bots besides you, not {len(bots)}")
    state = new_game(catalogue, players, options=options)
    rng = random.Random(seed)
    others = iter(make_bot(name) for name in bots)
    seats = [human if s == seat else next(others) for s in range(players)]
    try:
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            state.apply_action(seats[state.actor].choose(state, rng))
    except Abandoned:
        state.abandoned = True
        return state
    state.abandoned = False
    return state


def result_text(state: OldTownState, human: OldTownHuman, seat: int) -> str:
    """The moves since the person's last look are shown; then the final plan and the standings."""
    if getattr(state, "abandoned", False):
        return say(human.lang, "common.game_abandoned")
    seen = human.look(state, seat)
    return f"{render.plan_text(state, human.lang)}\n{seen['over']['text']}"
