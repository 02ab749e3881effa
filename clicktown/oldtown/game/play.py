"""A person against bots at the terminal: the same engine, drawn from the seat's view (`game/view.py`).

The person sees what happened since their last decision (every play with its card text, effect
and points; every stop claim with the referee's verdict and reason), the plan of the town with
its streets, railway, doors and landmarks and every building by its full name, their hand, and
a numbered list of choices (`arena.human`: numbered from 1, a choice's own words taken too, `?`
lists them again). Each card of the hand shows its status (playable, confirmation, contradiction,
forbidden) and why, unless hints are switched off. A choice typed in words that the rules refuse
now ("play card 32") is answered with the referee's reason (`refusals`). A stop claim is asked
for only when some marker can be removed. `quit` abandons the game at any prompt.
"""

from __future__ import annotations

import random
from typing import Callable

from ...arena.human import Abandoned, Human, fitted, matching
from ...arena.state import resolve_chance
from ...errors import ClicktownError
from ...messages import say
from ..render import markers as render
from .bots import make_bot
from .refusals import KINDS, kind_of
from .state import BUILDINGS, DISCARD, PASS, PLAY, STOP, TAKE, OldTownState, new_game
from .view import Words, needs_decision, refused, view

class OldTownHuman(Human):
    """Asks the person for every decision of their seat; `ask` returns the text typed. What is shown
    fits 80 columns (`fitted`)."""

    name = "you"

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], lang: str = "en",
                 hints: bool | None = None):
        super().__init__(ask, lambda text: show(fitted(text)), view, lang, True if hints is None else hints)

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
        question = say(self.lang, f"oldtown.prompt.{state.phase}") + ":"
        return self.pick(question, legal, lambda answer: self.why_not(state, answer))

    def why_not(self, state: OldTownState, answer: str) -> str | None:
        """The referee's reasons when `answer` names moves the rules refuse now (a card played for each
        of the seat's buildings: each reason); None when it names none."""
        words = Words(state, state.actor, self.lang)
        options = [{"id": a, "text": words.action(a)} for a in refusable(state)]
        fits = matching(answer, options)
        return "\n".join(refused(state, options[i]["id"], self.lang) for i in fits[:4]) or None


def refusable(state: OldTownState) -> list[int]:
    """The moves of this phase a person might name that the rules may refuse: the cards of the hand
    played (for each of the seat's buildings) or discarded, the markers on the board taken or claimed."""
    seat, kinds = state.actor, KINDS[state.phase]
    moves = []
    for number in state.hands[seat]:
        card = state.catalogue.card(number)
        buildings = [card.building] if card.kind == "A" else state.owned[seat]
        moves += [PLAY + (number - 1) * BUILDINGS + state.index[b] for b in buildings]
        moves.append(DISCARD + number - 1)
    for building, plots in state.town.markers.items():
        moves += [state.marker_action(base, building, p) for base in (TAKE, STOP) for p in sorted(plots)]
    legal = set(state.legal_actions())
    return [a for a in moves if kind_of(a) in kinds and a not in legal]


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
