"""Variants of Wild Wild Pattern's mcts measured against the planner and not adopted (docs/bots.md):
reading the other seat's card from its waiting, and takes judged by planner playouts to the game's end.

`VariantMcts(read=True)` deals the card of a seat that waited in this turn's race from the cards
with which the planner would have waited (`planner_waits_with`): exact against the planner, a guess
against anyone else; `take_playouts` > 0 chooses the cards to take by sequential halving over
planner playouts (`take_search`).
"""

from __future__ import annotations

import random

from clicktown.patterns.game.bots import MctsBot, PlannerBot, evaluate, final_value
from clicktown.patterns.game.state import PASS, GameState

PLANNER = PlannerBot()


def waited(state: GameState, seat: int) -> list[int]:
    """The other seats that waited in this turn's race (before the seat's move, or after its own
    wait when every seat waited) and still hold their card."""
    return [s for s in state.order[:state.race_index] if s != seat and state.hand[s] is not None]


def unseen_cards(state: GameState, seat: int) -> list[int]:
    """The pattern cards the seat cannot see: the deck's and those in the other seats' hands."""
    hands = [c for s, c in enumerate(state.hand) if s != seat and c is not None]
    return sorted([c for c in state.deck if c < state.table.patterns] + hands)


def planner_waits_with(race: GameState, other: int, seat: int) -> frozenset[int]:
    """The cards, of those `seat` cannot see, with which the planner in `other`'s place would have
    waited in the race of `race` (the wheel as `other` saw it when it chose): the cards `other`
    may hold after waiting, if it plays as the planner does."""
    consistent = []
    for card in unseen_cards(race, seat):
        view = holding_card(race, other, card)
        view.phase, view.seat = "race", other
        view.race_index = view.order.index(other)
        if PLANNER.race(view) == PASS:
            consistent.append(card)
    return frozenset(consistent)


def holding_card(state: GameState, other: int, card: int) -> GameState:
    """A copy in which `other` holds `card` (an unseen pattern card): it swaps places with the card
    `other` holds, in the deck or in another seat's hand."""
    view = state.clone()
    held = view.hand[other]
    if card != held:
        if card in view.deck:
            view.deck[view.deck.index(card)] = held
        else:
            view.hand[view.hand.index(card)] = held
        view.hand[other] = card
    return view


def _takes(state: GameState, rng: random.Random) -> list[int]:
    """The cards the seat may take, the planner's choice first."""
    first = PLANNER.choose(state, rng)
    return [first] + [a for a in state.legal_actions() if a != first]


def _planners_move(state: GameState, rng: random.Random) -> int:
    return PLANNER.choose(state, rng)


class VariantMcts(MctsBot):
    """The product's mcts with the reading of a waiting seat's card and/or the take search."""

    def __init__(self, simulations: int | None = None, read: bool = False, take_playouts: int = 0):
        super().__init__(simulations)
        self.read, self.take_playouts = read, take_playouts
        self.race: GameState | None = None     # the game at this seat's last race decision
        self.readings: dict[tuple, frozenset[int]] = {}   # (round, turn, seat) -> the cards it may hold
        self.holding: dict[int, frozenset[int]] = {}      # what the reading says for the move being chosen

    def choose(self, state: GameState, rng: random.Random) -> int:
        if self.read and state.phase == "race":
            self.race = state.clone()
        self.holding = self.reading(state) if self.read else {}
        if state.phase == "take" and self.take_playouts and len(state.legal_actions()) > 1:
            return self.take_search().choose(state, rng)
        return super().choose(state, rng)

    def take_search(self):
        """The cards to take judged by playing the game out with two planners, the planner's take first."""
        from clicktown.arena.ismcts import Game, Halving

        game = Game(determinize=self.deal, evaluate=evaluate, value=final_value, candidates=_takes,
                    rollout=_planners_move)
        return Halving(game, self.take_playouts)

    def reading(self, state: GameState) -> dict[int, frozenset[int]]:
        """For each other seat that waited in this turn's race, the cards a planner could have
        waited with (worked out once a turn and seat, from the game as it was at the race)."""
        seat, race = state.seat, self.race
        if race is None or (race.round, race.turn, race.order) != (state.round, state.turn, state.order):
            return {}
        holding = {}
        for other in waited(state, seat):
            key = (state.round, state.turn, other)
            if key not in self.readings:
                self.readings[key] = planner_waits_with(race, other, seat)
            holding[other] = self.readings[key]
        return holding

    def deal(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A determinization: the other seats' cards dealt from what the reading allows."""
        return state.determinized_holding(seat, rng, self.holding)
