"""Bots for the marker game: random legal moves, greedy, and one that plans a little.

  random   any legal action, uniformly (its "stop" calls are right only by luck)
  greedy   the most markers this turn; calls every stop logic allows; draws when nothing scores
  planner  the most markers this turn minus what its move leaves for the others' "stop" calls
           (they claim before the mover); in a 2-player game it keeps its cards and draws while
           no move scores 2 or more (an A card played later, when more of its plots are built,
           scores up to 5); with more players waiting loses (measured), so it does not wait
"""

from __future__ import annotations

import random

from ...arena.seating import unknown_bot
from ...arena.state import RandomBot
from . import rules
from .state import (CHOOSE, DISCARD, DRAW_OWN, DRAW_SHARED, PASS, PLAY, STOP, TAKE,
                    OldTownState)


def _pick(rng: random.Random, scored: list[tuple[float, int]]) -> int:
    """The best-scored action; ties broken by the generator."""
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == best])


class GreedyBot:
    """The most markers now; every right stop."""

    name = "greedy"

    def choose(self, state: OldTownState, rng: random.Random) -> int:
        return getattr(self, "_" + state.phase)(state, rng)

    def _choose(self, state, rng):
        # the rulebook's tip: take the buildings your type-A cards name
        named = {state.catalogue.card(n).building for n in state.hands[state.actor]}
        legal = state.legal_actions()
        scored = [(1 if state.names[a - CHOOSE] in named else 0, a) for a in legal]
        return _pick(rng, scored)

    def score_play(self, state, verdict: rules.Verdict) -> float:
        return verdict.gain

    def score_take(self, state, taking: rules.Taking) -> float:
        return taking.gain

    def _turn(self, state, rng):
        legal = state.legal_actions()
        scored = []
        verdicts, card_of, names = state.verdicts(state.seat), state.catalogue.card, state.names
        for action in legal:
            if PLAY <= action < DISCARD:
                card, b = divmod(action - PLAY, 18)
                kind = card_of(card + 1).kind
                verdict = verdicts[card + 1, None if kind == "A" else names[b]]
                scored.append((self.score_play(state, verdict), action))
        discards = [a for a in legal if DISCARD <= a < TAKE]
        if discards:
            best_take = max(self.score_take(state, state.taking(b, p)) for b, p in state.removable())
            scored += [(best_take, a) for a in discards]
        if not scored or self.would_rather_draw(max(s for s, _ in scored)):
            draws = [a for a in legal if a in (DRAW_OWN, DRAW_SHARED)]
            if draws:
                return DRAW_OWN if DRAW_OWN in draws else DRAW_SHARED
        if not scored:
            return legal[0]
        return _pick(rng, scored)

    def would_rather_draw(self, best: float) -> bool:
        """Draw instead of the best move when it scores this little."""
        return best <= 0

    def _discard(self, state, rng):
        return state.legal_actions()[0]

    def _take(self, state, rng):
        scored = []
        for action in state.legal_actions():
            b, p = state.decode_marker(action, TAKE)
            scored.append((self.score_take(state, state.taking(b, p)), action))
        return _pick(rng, scored)

    def _pile(self, state, rng):
        legal = state.legal_actions()
        return DRAW_OWN if DRAW_OWN in legal else legal[0]

    def _stop(self, state, rng):
        forced = state.forced()
        return state.marker_action(STOP, *min(forced)) if forced else PASS


class PlannerBot(GreedyBot):
    """Greedy, less what the move leaves to the others' stop calls; with 2 players, keeps cards that score little yet."""

    name = "planner"
    exposure = 1.0  # a marker left to the others' stop calls weighs as much as one of its own
    patience = 2    # with 2 players, keeps its cards (and draws) while no move scores this much

    def score_play(self, state, verdict):
        if verdict.after is None or verdict.gain == 0:
            return verdict.gain
        return verdict.gain - self.exposure * rules.claimable(verdict.after)

    def _turn(self, state, rng):
        self.waiting = self.patience if state.players == 2 else 0  # with more, the others take what it waits for
        return super()._turn(state, rng)

    def would_rather_draw(self, best: float) -> bool:
        return best < self.waiting if self.waiting else best <= 0

    def score_take(self, state, taking):
        return taking.gain - self.exposure * rules.claimable(taking.after)


# -- mcts: information-set Monte Carlo tree search (clicktown.arena.ismcts) ---------------------

POINTS_SCALE = 4.0  # a lead of this many points is worth about three quarters of a win


def evaluate(state: OldTownState) -> list[float]:
    """A value in 0-1 for each seat from its lead in points over the best other seat."""
    import math

    points = state.points
    values = []
    for seat, mine in enumerate(points):
        lead = mine - max(p for s, p in enumerate(points) if s != seat)
        values.append(0.5 + 0.5 * math.tanh(lead / POINTS_SCALE))
    return values


def final_value(state: OldTownState) -> list[float]:
    """The returns of a finished game (1 for every seat with the most points)."""
    return state.returns()


def candidates(state: OldTownState, rng: random.Random) -> list[int]:
    """The actions the searching seat tries in the tree: all its legal actions, except that in a stop
    round it claims what greedy claims (a right claim is markers won, and a marker passed goes to the
    next seat). The other seats play greedy's move (the search's `opponent`)."""
    if state.phase == "stop":
        return [_GREEDY.choose(state, rng)]
    return state.legal_actions()


def _determinize(state: OldTownState, seat: int, rng: random.Random) -> OldTownState:
    return state.determinized(seat, rng)


_GREEDY = GreedyBot()


class MctsBot:
    """Information-set MCTS over the seat's own moves: unseen cards dealt again by type, the other
    seats and the playouts greedy, the points lead."""

    name = "mcts"
    simulations = 300
    # moves of the playout, stop-round calls included: about 7 turns at 4 players (40 moves) and at 2 (24)
    horizons = {2: 24}
    horizon = 40
    prior_weight = 0.0  # won simulations greedy's move starts with at the root

    def __init__(self, simulations: int | None = None, seconds: float | None = None):
        from ...arena.ismcts import Game, Search

        game = Game(determinize=_determinize, evaluate=evaluate, value=final_value, candidates=candidates,
                    rollout=_GREEDY.choose, prior=_GREEDY.choose, opponent=_GREEDY.choose)
        self.search = Search(game, simulations or self.simulations, seconds, horizon=self.horizon,
                             prior_weight=self.prior_weight, stop_when_decided=True)

    def choose(self, state: OldTownState, rng: random.Random) -> int:
        """A stop round's claim as greedy makes it, without a search; otherwise the search's move."""
        if state.phase == "stop":
            return _GREEDY.choose(state, rng)
        self.search.horizon = self.horizons.get(state.players, self.horizon)
        return self.search.choose(state, rng)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "mcts": MctsBot}


def make_bot(name: str):
    """A bot by name; mcts takes a budget: mcts:400 (simulations a move) or mcts:0.3s (seconds a move)."""
    from ...arena.ismcts import parse_budget

    base = name.partition(":")[0]
    if base not in BOTS or (base != name and base != "mcts"):
        raise unknown_bot(name, BOTS)
    return BOTS[base](**parse_budget(name)) if base == "mcts" else BOTS[base]()
