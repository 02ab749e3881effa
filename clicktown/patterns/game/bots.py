"""Players for the Wild Wild Pattern game: random, greedy and planner (the stronger one).

Every bot sees only what its seat may see: the wheel, its own card (or the clicked one), the
cards won and the challenge cards face up in front of every seat, the Target cards and the money.
It never looks at another seat's card in hand or at the deck.

- random: a legal action chosen uniformly (so nearly every declaration it makes is false).
- greedy: the best immediate reward: covers where the most cards are won (a Wild Wild Pattern
  first) and declares that pattern; says Click! when its card creates nothing; takes the cards
  that raise its Bank payout most; uses money cards first, then steals.
- planner: plays out each of its options on a copy of the game (every pattern-creating cover and
  declaration with the takes that follow, Click!, waiting) and keeps the one whose hand is worth
  most. A hand is worth what the Bank pays for it, nothing above 5 cards, a win for a Wild
  combination, and some credit for 5 different objects or colors still in reach. It also uses
  challenge cards against the seat that leads.
"""

from __future__ import annotations

import random

from ...arena.seating import unknown_bot
from ...errors import ClicktownError
from ..tables import best_cover, best_statement, moves
from .state import CARD, CLICK, PASS, POSITION, STATEMENT, STATEMENT_INDEX, GameState



class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> int:
        return rng.choice(state.legal_actions())


class GreedyBot:
    """The best immediate reward, in cards and then in cents."""

    name = "greedy"

    def choose(self, state: GameState, rng: random.Random) -> int:
        phase = state.phase
        if phase in ("race", "click"):
            return self.race(state)
        if phase == "declare":
            return STATEMENT + self.declaration(state)
        if phase == "place":
            return state.legal_actions()[0]
        if phase == "take":
            return CARD + self.take(state)
        if phase == "activate":
            return self.activate(state)
        return CARD + self.power(state)

    def race(self, state: GameState) -> int:
        """Cover where the most cards are won; with no move, Click! (or let the clicked card go)."""
        found = best_cover(state.wheel_kinds(), state.table.kinds[state.playing_card()], state.table.rules)
        if found is not None:
            return POSITION + found
        return CLICK if state.phase == "race" else PASS

    def declaration(self, state: GameState) -> int:
        """The number of the created statement with the best reward (Wild Wild Pattern, then cards)."""
        number = best_statement(*state.cover_sets())
        if number < 0:
            raise ClicktownError("nothing to declare: the cover creates no pattern")
        return number

    def worth(self, state: GameState, seat: int, hand: int) -> float:
        """How much a hand of won cards (its tally, bank.card_tally) is worth to this bot: the Bank's cents."""
        return state.table.bank.cents_for(hand, state.target[seat])[0]

    def take(self, state: GameState) -> int:
        """The wheel card that makes the hand worth most."""
        seat, tallies = state.seat, state.table.tallies
        mine = state.won_tally(seat)
        return max(state.card_choices(), key=lambda c: (self.worth(state, seat, mine + tallies[c]), -c))

    def activate(self, state: GameState) -> int:
        """Money first (the most cents), then a steal; otherwise keep the challenge cards."""
        powers = {state.table.challenges[c].power: c for c in state.card_choices()}
        money = [c for c in state.card_choices() if state.table.challenges[c].power == "money"]
        if money:
            return CARD + max(money, key=lambda c: state.table.challenges[c].cents)
        if "steal" in powers:
            return CARD + powers["steal"]
        return PASS

    def power(self, state: GameState) -> int:
        """The target of the power in use: the best card for itself, or the worst loss for the owner."""
        seat, kind = state.seat, state.power["kind"]
        choices = state.card_choices()
        if kind in ("steal", "exchange-take"):
            return max(choices, key=lambda c: (self._gain(state, seat, c), -c))
        if kind == "exchange-give":
            return min(choices, key=lambda c: (self._gain(state, seat, c), c))
        return max(choices, key=lambda c: (self._loss(state, c), -c))

    def _gain(self, state: GameState, seat: int, card: int) -> float:
        """What a card adds to the seat's hand (a challenge card: a small fixed worth)."""
        if state.table.cards[card] is None:
            return 5.0
        mine, tally = state.won_tally(seat), state.table.tallies[card]
        if card in state.won[seat]:
            return self.worth(state, seat, mine) - self.worth(state, seat, mine - tally)
        return self.worth(state, seat, mine + tally) - self.worth(state, seat, mine)

    def _loss(self, state: GameState, card: int) -> float:
        """What removing a card costs the seat that won it."""
        owner = state.owner(card)[1]
        theirs = state.won_tally(owner)
        return self.worth(state, owner, theirs) - self.worth(state, owner, theirs - state.table.tallies[card])


class PlannerBot(GreedyBot):
    """Plays each option out on a copy of the game and keeps the one whose hand is worth most."""

    name = "planner"

    def worth(self, state: GameState, seat: int, hand: int) -> float:
        bank = state.table.bank
        color, suit, thing = bank.parts(hand, state.target[seat])
        n = color.size
        if n > bank.max_cards:
            return -300.0
        if color.wild or suit.wild or thing.wild:
            return 2000.0
        value = float(color.cents + suit.cents + thing.cents)
        if n < bank.max_cards:
            value += 8 * n + 14 * n * ((thing.distinct == n) + (color.distinct == n))
        return value

    def race(self, state: GameState) -> int:
        seat = state.seat
        card = state.table.cards[state.playing_card()]
        options = [(self.worth(state, seat, state.won_tally(seat)), PASS)]
        creating = [move for move in moves(state.wheel_cards(), card, state.table.rules) if move.patterns]
        for move in creating:
            for pattern in move.patterns:
                plan = [POSITION + move.position, STATEMENT + STATEMENT_INDEX[pattern.statement]]
                options.append((self._play_out(state, plan), POSITION + move.position))
        if state.phase == "race" and not creating:
            options.append((self._click_worth(state), CLICK))
        best = max(v for v, _ in options)
        return next(a for v, a in options if v == best)

    def declaration(self, state: GameState) -> int:
        created = state.created()
        if not created:
            raise ClicktownError("nothing to declare: the cover creates no pattern")
        best = max(created, key=lambda p: self._play_out(state, [STATEMENT + STATEMENT_INDEX[p.statement]]))
        return STATEMENT_INDEX[best.statement]

    def _play_out(self, state: GameState, actions: list[int]) -> float:
        """The worth of the hand after `actions` and this bot's own takes and powers that follow."""
        seat = state.seat
        trial = state.clone()
        for action in actions:
            trial.apply_action(action)
        while trial.current_player() == seat and trial.phase in ("take", "activate", "power"):
            trial.apply_action(GreedyBot.choose(self, trial, None) if trial.phase != "take" else CARD + self.take(trial))
        if trial.is_terminal():
            return 10_000.0 if seat in trial.winners else -10_000.0
        return self.worth(trial, seat, trial.won_tally(seat))

    def _click_worth(self, state: GameState) -> float:
        """Nobody can use a card without a move: the clicker takes the best wheel card."""
        seat, tallies = state.seat, state.table.tallies
        mine = state.won_tally(seat)
        return max(self.worth(state, seat, mine + tallies[c]) for c in state.wheel if c is not None)

    def take(self, state: GameState) -> int:
        seat, entry = state.seat, state.take_queue[0]
        choices, tallies = state.card_choices(), state.table.tallies
        mine = state.won_tally(seat)
        if entry[1] == 2 and len(choices) > 1:
            pairs = [(a, b) for i, a in enumerate(choices) for b in choices[i + 1:]]
            a, b = max(pairs, key=lambda ab: self.worth(state, seat, mine + tallies[ab[0]] + tallies[ab[1]]))
            return a
        return max(choices, key=lambda c: (self.worth(state, seat, mine + tallies[c]), -c))

    def activate(self, state: GameState) -> int:
        """Money first, then the power that helps most against the leader."""
        choices = state.card_choices()
        money = [c for c in choices if state.table.challenges[c].power == "money"]
        if money:
            return CARD + max(money, key=lambda c: state.table.challenges[c].cents)
        best, action = 0.0, PASS
        for c in choices:
            trial = state.clone()
            trial.apply_action(CARD + c)
            target = self.power(trial)
            gain = self._gain_of(trial, target)
            if gain > best:
                best, action = gain, CARD + c
        return action

    def _gain_of(self, state: GameState, card: int) -> float:
        kind, seat = state.power["kind"], state.seat
        if kind in ("steal", "exchange-take"):
            return self._gain(state, seat, card) + (self._loss(state, card) if state.owner(card)[0] != "wheel" else 0)
        if kind == "exchange-give":
            return 1.0
        return self._loss(state, card)

    def power(self, state: GameState) -> int:
        seat, kind = state.seat, state.power["kind"]
        choices = state.card_choices()
        if kind == "exchange-give":
            return min(choices, key=lambda c: (self._gain(state, seat, c), c))
        return max(choices, key=lambda c: (self._gain_of(state, c), -c))

    def _loss(self, state: GameState, card: int) -> float:
        owner = state.owner(card)[1]
        if state.table.cards[card] is None:
            return 5.0
        theirs = state.won_tally(owner)
        return self.worth(state, owner, theirs) - self.worth(state, owner, theirs - state.table.tallies[card])


# -- mcts: information-set Monte Carlo tree search (clicktown.arena.ismcts) ---------------------

MONEY_SCALE = 150.0  # a lead of this many cents (held and in reach) is worth about three quarters of a win
_PLANNER = PlannerBot()
_GREEDY = GreedyBot()


def evaluate(state: GameState) -> list[float]:
    """A value in 0-1 per seat: its money plus what its won cards are worth to the planner, against
    the best other seat still in the game (a seat out of the game is worth 0)."""
    import math

    seats = range(state.table.players)
    worth = [state.cents[s] + _PLANNER.worth(state, s, state.won_tally(s)) if state.active[s] else -math.inf
             for s in seats]
    values = []
    for s in seats:
        best_other = max(worth[o] for o in seats if o != s)
        if not state.active[s]:
            values.append(0.0)
        elif best_other == -math.inf:
            values.append(1.0)
        else:
            values.append(0.5 + 0.5 * math.tanh((worth[s] - best_other) / MONEY_SCALE))
    return values


def final_value(state: GameState) -> list[float]:
    """The returns of a finished game in 0-1."""
    return [(r + 1) / 2 for r in state.returns()]


def candidates(state: GameState, rng: random.Random) -> list[int]:
    """The actions the searching seat tries in the tree: covers that create a pattern (Click! when
    there is none), waiting; only true declarations; every choice in the other phases. The other
    seat plays the planner's move (the search's `opponent`)."""
    phase = state.phase
    if phase in ("race", "click"):
        card = state.table.cards[state.playing_card()]
        found = [POSITION + m.position for m in moves(state.wheel_cards(), card, state.table.rules) if m.patterns]
        return found + ([CLICK] if phase == "race" and not found else []) + [PASS]
    if phase == "declare":
        true = sorted({STATEMENT + STATEMENT_INDEX[p.statement] for p in state.created()})
        return true or state.legal_actions()
    return state.legal_actions()


def _determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    return state.determinized(seat, rng)


def _rollout(state: GameState, rng: random.Random) -> int:
    return _GREEDY.choose(state, rng)


def _planners_move(state: GameState, rng: random.Random) -> int:
    """The planner's move, which the search starts from (the planner reads only what the seat sees)."""
    return _PLANNER.choose(state, rng)


class MctsBot:
    """Information-set MCTS from the planner's move over the seat's own moves: the other seat's card
    drawn again from the deck, the other seats playing the planner's move, greedy playouts, money
    and hands; it leaves the planner's move only when its simulations say so, and makes a move with
    one sensible choice (a single true declaration, say) without a search."""

    name = "mcts"
    simulations = 300
    horizon = 12
    prior_weight = 10.0  # the planner's move starts with this many won simulations

    def __init__(self, simulations: int | None = None, seconds: float | None = None):
        from ...arena.ismcts import Game, Search

        game = Game(determinize=self.deal, evaluate=evaluate, value=final_value, candidates=candidates,
                    rollout=_rollout, prior=_planners_move, opponent=_planners_move)
        self.search = Search(game, simulations or self.simulations, seconds, horizon=self.horizon,
                             prior_weight=self.prior_weight)

    def choose(self, state: GameState, rng: random.Random) -> int:
        sensible = candidates(state, rng)
        if len(sensible) == 1:
            return sensible[0]
        return self.search.choose(state, rng)

    def deal(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A determinization: the other seats' cards drawn again from the unseen ones."""
        return _determinize(state, seat, rng)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "mcts": MctsBot}


def make_bot(name: str):
    """A bot by name: random, greedy, planner or mcts (mcts:400 = 400 simulations a move, mcts:0.3s = 0.3 s)."""
    from ...arena.ismcts import parse_budget

    base = name.partition(":")[0]
    if base not in BOTS or (base != name and base != "mcts"):
        raise unknown_bot(name, BOTS)
    return BOTS[base](**parse_budget(name)) if base == "mcts" else BOTS[base]()
