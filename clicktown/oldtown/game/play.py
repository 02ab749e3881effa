"""A person against bots at the terminal: the same engine, with the person choosing from a numbered list."""

from __future__ import annotations

import random
from typing import Callable

from ...arena.state import resolve_chance
from ...errors import ClicktownError
from ...numbers import number_in
from ..render import markers as render
from .bots import make_bot
from .state import PASS, OldTownState, new_game

PROMPTS = {"choose": "Take a building", "turn": "Your turn", "discard": "Discard a second card",
           "take": "Take a marker off the board", "pile": "Draw the end-of-turn card from",
           "stop": "Stop? (a marker logic removes), or pass"}


class Human:
    """Asks the person for every decision of their seat; `ask` returns the text typed."""

    name = "you"

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None]):
        self.ask, self.show = ask, show

    def choose(self, state: OldTownState, rng: random.Random) -> int:
        seat = state.actor
        legal = state.legal_actions()
        if state.phase in ("turn", "choose"):
            self.show(render.board(state.town))
            self.show(render.scores(state))
            self.show("your hand:\n" + (render.hand(state, seat) or "(empty)"))
        if state.phase == "choose" and len(legal) == 1:
            return legal[0]
        self.show(PROMPTS.get(state.phase, state.phase) + ":")
        for k, action in enumerate(legal):
            self.show(f"  {k}: {state.action_to_string(action)}")
        while True:
            text = self.ask("your choice").strip()
            choice = number_in(text, 0, len(legal) - 1)
            if choice is not None:
                return legal[choice]
            self.show(f"type a number from 0 to {len(legal) - 1}")


def play_against(catalogue, players: int, seat: int, human: Human, bots: tuple[str, ...], seed: int,
                 options=None) -> OldTownState:
    """Play one game with the person at `seat` and `bots` at the other seats in order, under the rule
    options (rules.RuleOptions); returns the final state."""
    if not 0 <= seat < players:
        raise ClicktownError(f"seat {seat}: the seats of {players} players are 0 to {players - 1}")
    if len(bots) != players - 1:
        raise ClicktownError(f"{players} players need {players - 1} bots besides you, not {len(bots)}")
    state = new_game(catalogue, players, options=options)
    rng = random.Random(seed)
    others = iter(make_bot(name) for name in bots)
    seats = [human if s == seat else next(others) for s in range(players)]
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            return state
        actor = state.actor
        action = seats[actor].choose(state, rng)
        if actor != seat and not (state.phase == "stop" and action == PASS):
            human.show(f"seat {actor} ({seats[actor].name}): {state.action_to_string(action)}")
        state.apply_action(action)


def result_text(state: OldTownState) -> str:
    """The final board, the points and the winners."""
    winners = ", ".join(f"seat {s}" for s in state.winners())
    reason = "the town is built" if state.reason == "town_built" else "no one can make progress"
    return f"{render.board(state.town)}\n{render.scores(state)}\ngame over ({reason}); winner: {winners}"
