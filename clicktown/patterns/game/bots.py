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

BOTS = ("random", "greedy", "planner", "mcts")


class RandomPlayer:
    """A uniformly random legal action."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> int:
        return rng.choice(state.legal_actions())


class GreedyPlayer:
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


class PlannerPlayer(GreedyPlayer):
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
            trial.apply_action(GreedyPlayer.choose(self, trial, None) if trial.phase != "take" else CARD + self.take(trial))
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
_PLANNER = PlannerPlayer()
_GREEDY = GreedyPlayer()


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
        if _PLANNER.race(view) == PASS:
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
    first = _PLANNER.choose(state, rng)
    return [first] + [a for a in state.legal_actions() if a != first]


def _rollout(state: GameState, rng: random.Random) -> int:
    return _GREEDY.choose(state, rng)


def _planners_move(state: GameState, rng: random.Random) -> int:
    """The planner's move, which the search starts from (the planner reads only what the seat sees)."""
    return _PLANNER.choose(state, rng)


class MctsPlayer:
    """Information-set MCTS from the planner's move over the seat's own moves: the other seat's card
    drawn again from the deck, the other seats playing the planner's move, greedy playouts, money
    and hands; it leaves the planner's move only when its simulations say so, and makes a move with
    one sensible choice (a single true declaration, say) without a search.

    `read=True` deals the card of a seat that waited in this turn's race from the cards with which
    the planner would have waited (`planner_waits_with`): exact against the planner, a guess against
    anyone else. It is off by default: measured, it changed nothing (docs/bots.md)."""

    name = "mcts"
    simulations = 300
    horizon = 12
    prior_weight = 10.0  # the planner's move starts with this many won simulations
    take_playouts = 0    # > 0: cards taken by sequential halving over planner playouts to the game's end

    def __init__(self, simulations: int | None = None, seconds: float | None = None, read: bool = False):
        from ...arena.ismcts import Game, Search

        game = Game(determinize=self._deal, evaluate=evaluate, value=final_value, candidates=candidates,
                    rollout=_rollout, prior=_planners_move, opponent=_planners_move)
        self.search = Search(game, simulations or self.simulations, seconds, horizon=self.horizon,
                             prior_weight=self.prior_weight)
        self.read = read
        self.race: GameState | None = None     # the game at this seat's last race decision
        self.readings: dict[tuple, frozenset[int]] = {}   # (round, turn, seat) -> the cards it may hold
        self.holding: dict[int, frozenset[int]] = {}      # what the reading says for the move being chosen

    def choose(self, state: GameState, rng: random.Random) -> int:
        sensible = candidates(state, rng)
        if self.read and state.phase == "race":
            self.race = state.clone()
        if len(sensible) == 1:
            return sensible[0]
        self.holding = self.reading(state) if self.read else {}
        if state.phase == "take" and self.take_playouts:
            return self.take_search().choose(state, rng)
        return self.search.choose(state, rng)

    def take_search(self):
        """The cards to take judged by playing the game out with two planners, the planner's take first."""
        from ...arena.ismcts import Game, Halving

        game = Game(determinize=self._deal, evaluate=evaluate, value=final_value, candidates=_takes,
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

    def _deal(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A determinization: the other seats' cards dealt from what the reading allows."""
        return state.determinized_holding(seat, rng, self.holding)


def make_bot(name: str):
    """A bot by name: random, greedy, planner or mcts (mcts:400 = 400 simulations a move, mcts:0.3s = 0.3 s)."""
    from ...arena.ismcts import parse_budget

    players = {"random": RandomPlayer, "greedy": GreedyPlayer, "planner": PlannerPlayer, "mcts": MctsPlayer}
    base = name.partition(":")[0]
    if base not in players or (base != name and base != "mcts"):
        raise unknown_bot(name, BOTS)
    return players[base](**parse_budget(name)) if base == "mcts" else players[base]()
