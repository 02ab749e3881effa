"""The whole game of Wild Wild Pattern as one state in the OpenSpiel shape (clicktown.arena).

Glossary:
- seat: a player, 0..players-1, seated clockwise; "counterclockwise from s" is s-1, s-2, ...
- card id: the pattern cards are ids 0..N-1 in deck-file order, the challenge cards N..N+6 in
  bank-file order; a trace names them as the files do (`blue-gun-bullets`, `challenge:steal`).
- deck: the central pile (unordered: a draw is a chance node, uniform over the cards in it);
  discard: the cards out of the game, which come back when the deck is rebuilt;
  hand: the card a seat drew this turn and still holds; won: the pattern cards a seat won this
  round; face-up: the challenge cards in front of a seat.
- reaction order: who is quickest this turn, a chance node (docs/wild-wild-pattern-game.md); a seat
  that drew a challenge card this turn reacts after those that drew none (`reaction_order`). With
  people at the table the quickest come from the clock (`race.py`), the rest from the draw.

A turn: everyone draws (a challenge card is laid face up and replaced), the reaction order is
drawn, then in that order each seat covers a wheel card (and declares), says Click!, or waits.
The first to cover or click ends the race. Rewards, penalties, the Click! window, one challenge
power for the winner of the turn, the end-of-turn placement by the four priorities and the refill
of the gaps follow. A round ends when a seat has won 5 cards; the Bank pays; the mode decides
whether the game is over; otherwise every card is shuffled for a new round.

Actions (ints): POSITION+p (cover or place on position p), STATEMENT+i (declare statement i of
`engine.all_statements()`), CLICK, PASS (wait / let the clicked card go / use no challenge card),
CARD+id (take, steal, remove or exchange card id; use challenge card id). Chance outcomes are card
ids (draws), target-card numbers, or the number of a reaction order.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Sequence

from ...arena.state import CHANCE, TERMINAL, draw_uniform
from ...errors import ClicktownError, IllegalAction
from ..analysis import Rules, Statement, all_statements, judge
from ..bank import Bank, builtin_bank, card_tally
from ..cards import WHEEL_SIZE, Card, Deck, Wheel, load_deck
from ..tables import cover_sets, created_by_kinds, kind_of, layout

MODES = ("saloon", "alive-or-dead")
PLAYERS = (2, 3, 4)
STATEMENTS = tuple(all_statements())
STATEMENT_INDEX = {s: i for i, s in enumerate(STATEMENTS)}
STATEMENT_BITS = tuple(1 << b for b in layout().bits)   # statement number -> its bit in a statement set
POSITION = 0
STATEMENT = POSITION + WHEEL_SIZE
CLICK = STATEMENT + len(STATEMENTS)
PASS = CLICK + 1
CARD = PASS + 1
#: What a seat may answer in a race: cover position 0-7, say Click!, or wait.
RACE_ACTIONS = tuple(range(POSITION, POSITION + WHEEL_SIZE)) + (CLICK, PASS)
MAX_TURNS = 2000


@dataclass(frozen=True)
class Table:
    """What does not change during a game: cards, Bank, rules, players, mode, limits."""

    cards: tuple[Card | None, ...]      # pattern cards by id; None for challenge ids
    names: tuple[str, ...]              # every id's name as the files give it
    challenges: dict                    # challenge id -> Challenge
    patterns: int                       # N, the number of pattern cards
    bank: Bank
    rules: Rules
    players: int
    mode: str
    max_turns: int

    @cached_property
    def kinds(self) -> tuple[int | None, ...]:
        """Every id's card kind for the pattern tables (None for challenge ids)."""
        return tuple(kind_of(c) if c is not None else None for c in self.cards)

    @cached_property
    def tallies(self) -> tuple[int, ...]:
        """Every id's tally for the Bank (bank.card_tally; 0 for challenge ids)."""
        return tuple(card_tally(c) if c is not None else 0 for c in self.cards)

    @property
    def num_actions(self) -> int:
        """How many distinct actions there are (POSITION .. CARD+last id)."""
        return CARD + len(self.names)


def new_table(players: int = 3, mode: str = "saloon", deck: Deck | None = None, bank: Bank | None = None,
              rules: Rules = Rules(), max_turns: int = MAX_TURNS) -> Table:
    """Check the game's settings and build its table."""
    if mode not in MODES:
        raise ClicktownError(f"mode must be saloon or alive-or-dead, not {mode}")
    if players not in PLAYERS:
        raise ClicktownError(f"Wild Wild Pattern is played by 2 to 4 players, not {players}")
    deck = deck or builtin_deck()
    bank = bank or builtin_bank()
    # the wheel, a few to draw, and for each seat its hand and the won cards short of a round's end
    need = WHEEL_SIZE + 4 + (bank.round_end_cards + 1) * players
    if len(deck.cards) < need:
        raise ClicktownError(f"a {players}-player game needs a deck of at least {need} cards; "
                             f"{deck.source} has {len(deck.cards)}")
    if len(bank.targets) < players:
        raise ClicktownError(f"{bank.source} has {len(bank.targets)} Target cards; {players} players need one each")
    cards = tuple(deck.cards) + (None,) * len(bank.challenges)
    names = tuple(str(c) for c in deck.cards) + tuple(f"challenge:{c.id}" for c in bank.challenges)
    challenges = {len(deck.cards) + i: c for i, c in enumerate(bank.challenges)}
    return Table(cards, names, challenges, len(deck.cards), bank, rules, players, mode, max_turns)


@cache
def builtin_deck() -> Deck:
    """The built-in (assumed) deck, read once."""
    return load_deck()


_ORDERS: dict = {}


def orders(seats: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every reaction order of the seats (cached)."""
    if seats not in _ORDERS:
        _ORDERS[seats] = list(itertools.permutations(seats))
    return _ORDERS[seats]


class GameState:
    """A game of Wild Wild Pattern in progress (see the module docstring for the words)."""

    def __init__(self, table: Table, record: bool = True):
        self.table = table
        n = table.players
        self.record = record
        self.events: list[dict] = []
        self.applied: list[tuple[int, int, int]] = []  # (events told before, seat, action): the trace's actions
        self.deck = list(range(len(table.names)))
        self.discard: list[int] = []
        self.spent: list[int] = []          # used challenge cards out for good (rule option used_challenges)
        self.wheel: list[int | None] = [None] * WHEEL_SIZE
        self.hand: list[int | None] = [None] * n
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.faceup: list[list[int]] = [[] for _ in range(n)]
        self.cents = [0] * n
        self.active = [True] * n
        self.seated = tuple(range(n))       # the active seats (kept with `active`)
        self.target: list[int | None] = [None] * n
        self.round = 0
        self.turn = 0
        self.phase = "target"
        self.seat = CHANCE          # the seat to move (or CHANCE / TERMINAL)
        self.winners: list[int] = []
        self.reason: str | None = None
        self.after_fill = "round"
        self.draw_queue: list[int] = []
        self.drew_challenge: set[int] = set()
        self.order: tuple[int, ...] = ()
        self.firsts = [0] * n               # turns each seat was first in the reaction order, all rounds
        self.race_index = 0
        self.pending: dict | None = None
        self.click: dict | None = None
        self.take_queue: list[list] = []
        self.after_take = "place"
        self.turn_winner: int | None = None
        self.power: dict | None = None
        self.place_queue: list[int] = []
        self.ender: int | None = None
        self.wilds = 0
        self.paid: dict[str, list[int]] = {}         # combination -> [times held, cents paid], all rounds
        self.rebuilt = False                         # a new wheel is being dealt after a rebuild
        self._new_round()

    # ---- the OpenSpiel protocol ------------------------------------------------------------------

    def current_player(self) -> int:
        return self.seat

    def is_terminal(self) -> bool:
        return self.seat == TERMINAL

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for the others once the game is over (0 without a winner)."""
        if not self.is_terminal() or not self.winners:
            return [0.0] * self.table.players
        return [1.0 if s in self.winners else -1.0 for s in range(self.table.players)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == "target":
            taken = {t for t in self.target if t is not None}
            free = [t for t in range(len(self.table.bank.targets)) if t not in taken]
            return [(t, 1 / len(free)) for t in free]
        if self.phase == "order":
            options = orders(self._active_seats())
            return [(i, 1 / len(options)) for i in range(len(options))]
        chance = 1 / len(self.deck)
        return [(c, chance) for c in self.deck]

    def draw_chance(self, rng) -> int:
        """The outcome drawn now with `rng`, as `chance_outcomes` would have it (each equally likely)."""
        if self.phase == "target":
            taken = self.target
            return draw_uniform([t for t in range(len(self.table.bank.targets)) if t not in taken], rng)
        if self.phase == "order":
            return draw_uniform(range(len(orders(self._active_seats()))), rng)
        return draw_uniform(self.deck, rng)

    def legal_actions(self) -> list[int]:
        if self.seat < 0:
            return []
        phase = self.phase
        if phase == "race":
            return list(range(POSITION, POSITION + WHEEL_SIZE)) + [CLICK, PASS]
        if phase == "declare":
            return list(range(STATEMENT, STATEMENT + len(STATEMENTS)))
        if phase == "click":
            return list(range(POSITION, POSITION + WHEEL_SIZE)) + [PASS]
        if phase == "place":
            return [POSITION + p for p in self.placements(self.hand[self.seat])]
        return [CARD + c for c in self.card_choices()] + ([PASS] if phase == "activate" else [])

    def apply_action(self, action: int) -> None:
        if self.seat == TERMINAL:
            raise IllegalAction("the game is over")
        mover, told = self.seat, len(self.events)
        if self.seat == CHANCE:
            self._apply_chance(action)
        elif not self._is_legal(action):
            raise IllegalAction(f"action {action} ({self.action_to_string(action)}) is not legal now")
        else:
            PHASE_MOVES[self.phase](self, action)
        if self.record:
            self.applied.append((told, mover, action))

    def _is_legal(self, action: int) -> bool:
        """Whether `action` is among legal_actions() (without listing the 224 declarations)."""
        if self.phase == "race":
            return POSITION <= action < POSITION + WHEEL_SIZE or action in (CLICK, PASS)
        if self.phase == "declare":
            return STATEMENT <= action < CLICK
        if self.phase == "place":
            return self._may_place(self.hand[self.seat], action - POSITION)
        if self.phase == "take":
            card = action - CARD
            return card >= 0 and card in self.wheel and card != self.take_queue[0][2]
        return action in self.legal_actions()

    def clone(self) -> "GameState":
        other = GameState.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.record, other.events, other.applied = False, [], []
        for name in ("deck", "discard", "spent", "wheel", "hand", "cents", "active", "target", "draw_queue",
                     "winners"):
            setattr(other, name, list(getattr(self, name)))
        other.won = [list(w) for w in self.won]
        other.paid = {name: list(v) for name, v in self.paid.items()}
        other.faceup = [list(f) for f in self.faceup]
        other.drew_challenge = set(self.drew_challenge)
        other.take_queue = [list(t) for t in self.take_queue]
        other.place_queue = list(self.place_queue)
        other.firsts = list(self.firsts)
        other.pending = dict(self.pending) if self.pending else None
        other.click = dict(self.click) if self.click else None
        other.power = dict(self.power) if self.power else None
        return other

    def determinized(self, seat: int, rng) -> "GameState":
        """A copy in which the cards in the other seats' hands are drawn again from the deck.

        The seat sees the wheel, its own card, the won and face-up cards, the Target cards and
        the money; another seat's card in hand is one of the deck's pattern cards to it, so those
        cards and the deck's pattern cards are shuffled and dealt back (the deck is unordered)."""
        return self.determinized_holding(seat, rng, {})

    def determinized_holding(self, seat: int, rng, holding: dict[int, frozenset[int]]) -> "GameState":
        """`determinized`, but a seat named in `holding` is dealt one of the cards given for it (those
        still unseen; any unseen card when none of them is). The others are dealt as there."""
        other = self.clone()
        hidden = [s for s in range(self.table.players) if s != seat and self.hand[s] is not None]
        patterns = self.table.patterns
        pool = [c for c in self.deck if c < patterns] + [self.hand[s] for s in hidden]
        rng.shuffle(pool)
        for s in hidden:
            allowed = [i for i, c in enumerate(pool) if c in holding[s]] if s in holding else []
            other.hand[s] = pool.pop(rng.choice(allowed) if allowed else -1)
        other.deck = sorted(pool + [c for c in self.deck if c >= patterns])
        return other

    def action_to_string(self, action: int) -> str:
        if self.seat == CHANCE:
            if self.phase == "target":
                return f"Target card {self.table.bank.target_names[action]}"
            if self.phase == "order":
                return "reaction order " + " ".join(map(str, orders(self._active_seats())[action]))
            return f"draw {self.table.names[action]}"
        if POSITION <= action < STATEMENT:
            p = action - POSITION
            under = self.wheel[p]
            return f"position {p} ({self.table.names[under] if under is not None else 'gap'})"
        if STATEMENT <= action < CLICK:
            return f"declare: {STATEMENTS[action - STATEMENT].text_en()}"
        if action == CLICK:
            return "Click!"
        if action == PASS:
            return "pass"
        return f"card {self.table.names[action - CARD]}"

    # ---- what a seat sees and may do -------------------------------------------------------------

    def wheel_kinds(self) -> list[int | None]:
        """The face-up wheel as card kinds for the pattern tables (None for a gap)."""
        kinds = self.table.kinds
        return [kinds[c] if c is not None else None for c in self.wheel]

    def wheel_cards(self) -> Wheel:
        """The face-up wheel as pattern cards (None for a gap)."""
        return Wheel(tuple(self.table.cards[c] if c is not None else None for c in self.wheel))

    def won_cards(self, seat: int) -> list[Card]:
        """The pattern cards a seat won this round."""
        return [self.table.cards[c] for c in self.won[seat]]

    def won_tally(self, seat: int) -> int:
        """The tally of the cards a seat won this round (bank.card_tally)."""
        return sum(map(self.table.tallies.__getitem__, self.won[seat]))

    def playing_card(self) -> int | None:
        """The card the seat to move would play now (its own, or the clicked one)."""
        if self.phase == "race":
            return self.hand[self.seat]
        if self.phase == "click":
            return self.click["card"]
        return None

    def placements(self, card: int) -> list[int]:
        """Where a card may be placed at the end of a turn: a gap; else a card of its color; else anywhere."""
        gaps = [p for p, c in enumerate(self.wheel) if c is None]
        if gaps:
            return gaps
        color = self.table.cards[card].color
        cards = self.table.cards
        same = [p for p, c in enumerate(self.wheel) if cards[c].color == color]
        return same or list(range(WHEEL_SIZE))

    def _may_place(self, card: int, position: int) -> bool:
        """Whether `position` is among `placements(card)` (without listing them)."""
        wheel = self.wheel
        if not 0 <= position < WHEEL_SIZE:
            return False
        if None in wheel:
            return wheel[position] is None
        cards, color = self.table.cards, self.table.cards[card].color
        return cards[wheel[position]].color == color or all(cards[c].color != color for c in wheel)

    def card_choices(self) -> list[int]:
        """The card ids the seat to move may pick in a take, activate or power phase."""
        seat, phase = self.seat, self.phase
        if phase == "take":
            exclude = self.take_queue[0][2]
            return [c for c in self.wheel if c is not None and c != exclude]
        if phase == "activate":
            return [c for c in self.faceup[seat] if self._power_has_target(seat, self.table.challenges[c].power)]
        kind = self.power["kind"]
        if kind == "steal":
            return [c for c in self.wheel if c is not None] + self._opponents_faceup(seat)
        if kind == "remove-bullets":
            return [c for c in self._opponents_won(seat) if self.table.cards[c].suit == "bullets"]
        if kind == "remove-coin":
            return [c for c in self._opponents_won(seat) if self.table.cards[c].suit == "coin"]
        if kind == "exchange-give":
            return self.won[seat] + self.faceup[seat]
        return self._opponents_faceup(seat)          # exchange-take

    def _opponents_won(self, seat: int) -> list[int]:
        return [c for s in self._active_seats() if s != seat for c in self.won[s]]

    def _opponents_faceup(self, seat: int) -> list[int]:
        return [c for s in self._active_seats() if s != seat for c in self.won[s] + self.faceup[s]]

    def _power_has_target(self, seat: int, power: str) -> bool:
        if power == "remove-bullets" or power == "remove-coin":
            suit = power.split("-")[1]
            return any(self.table.cards[c].suit == suit for c in self._opponents_won(seat))
        if power == "exchange":
            mine = len(self.won[seat]) + len(self.faceup[seat]) > 1   # the exchange card itself goes
            return mine and bool(self._opponents_faceup(seat))
        return True

    def _active_seats(self) -> tuple[int, ...]:
        return self.seated

    def counterclockwise(self, start: int) -> list[int]:
        """The active seats counterclockwise from `start`: start-1, start-2, ..., start itself last."""
        n, active = self.table.players, self.active
        seats = [(start - k) % n for k in range(1, n + 1)]
        return seats if len(self.seated) == n else [s for s in seats if active[s]]

    def every_card(self) -> list[int]:
        """Every card id once per place it lies in (for checking that each card is in exactly one place)."""
        cards = self.deck + self.discard + self.spent + [c for c in self.wheel if c is not None]
        cards += [c for c in self.hand if c is not None] + [c for w in self.won for c in w]
        cards += [c for f in self.faceup for c in f]
        if self.click:
            cards.append(self.click["card"])
        if self.phase == "declare":
            cards.append(self.pending["covered"])    # under the played card until the declaration is judged
        return cards

    def owner(self, card: int) -> tuple[str, int | None]:
        """Where a card is: ("deck"|"discard"|"wheel"|"hand"|"won"|"faceup"|"clicked", seat or position)."""
        if card in self.deck:
            return "deck", None
        if card in self.discard:
            return "discard", None
        if card in self.spent:
            return "spent", None
        if card in self.wheel:
            return "wheel", self.wheel.index(card)
        if self.click and self.click["card"] == card:
            return "clicked", self.click["seat"]
        for s in range(self.table.players):
            if self.hand[s] == card:
                return "hand", s
            if card in self.won[s]:
                return "won", s
            if card in self.faceup[s]:
                return "faceup", s
        raise AssertionError(f"card {card} is nowhere")

    # ---- the race ----------------------------------------------------------------------------------

    def race_starts(self) -> bool:
        """Whether the race is about to start: everyone holds a card, the reaction order is the next chance outcome."""
        return self.seat == CHANCE and self.phase == "order"

    def reaction_order(self, quickest: Sequence[int]) -> tuple[int, ...]:
        """The order a race is run in when the seats were quickest in the order `quickest`: a seat that drew a
        challenge card this turn reacts after every seat that drew none ("while the others are already
        thinking"), the others keep their places (docs/wild-wild-pattern-game.md, sections 3 and 4)."""
        drew = self.drew_challenge
        return tuple(sorted(quickest, key=drew.__contains__)) if drew else tuple(quickest)

    def reaction_outcome(self, quickest: Sequence[int]) -> int:
        """The chance outcome that runs the race in `reaction_order(quickest)` (every seat in the race once)."""
        if sorted(quickest) != list(self.seated):
            raise ClicktownError(f"a reaction order names each of the seats {list(self.seated)} once, "
                                 f"not {list(quickest)}")
        return orders(self.seated).index(tuple(quickest))

    # ---- chance ---------------------------------------------------------------------------------

    def _apply_chance(self, outcome: int) -> None:
        if self.phase == "target":
            seat = next(s for s in self._active_seats() if self.target[s] is None)
            self.target[seat] = outcome
            if all(self.target[s] is not None for s in self._active_seats()):
                self._fill_wheel("round")
            return
        if self.phase == "order":
            self._start_race(orders(self._active_seats())[outcome])
            return
        self.deck.remove(outcome)
        if self.phase == "fill":
            if outcome in self.table.challenges:
                self.discard.append(outcome)        # the wheel never holds a challenge card
            else:
                self.wheel[self.wheel.index(None)] = outcome
            if None not in self.wheel:
                self._after_fill()
            else:
                self._need_cards()
            return
        seat = self.draw_queue[0]                    # phase "draw": the turn-start check keeps the deck from running out
        if outcome in self.table.challenges:
            self.faceup[seat].append(outcome)
            self.drew_challenge.add(seat)
            if self.record:
                self._log("challenge_drawn", seat=seat, card=self.table.names[outcome])
        else:
            self.hand[seat] = outcome
            self.draw_queue.pop(0)
        if not self.draw_queue:
            self.phase, self.seat = "order", CHANCE

    def _need_cards(self) -> None:
        """Before a wheel draw: rebuild the deck from the wheel and the discard when it is empty."""
        if not self.deck:
            self._rebuild(self.after_fill)

    def _rebuild(self, then: str) -> None:
        """The wheel's cards and the discarded ones make a new deck; a new wheel is dealt, then `then`."""
        cards = [c for c in self.wheel if c is not None] + self.discard
        need = WHEEL_SIZE + (len(self._active_seats()) if then == "draws" else 0)
        if sum(1 for c in self.deck + cards if c < self.table.patterns) < need:
            raise ClicktownError("too few pattern cards are left to deal a wheel: the deck is too small")
        self.deck += cards
        self.discard = []
        self.wheel = [None] * WHEEL_SIZE
        self._log("rebuild", deck=len(self.deck))
        self.rebuilt = True
        self.after_fill = then
        self.phase, self.seat = "fill", CHANCE

    def _fill_wheel(self, then: str) -> None:
        """Fill the wheel's gaps from the deck (chance), then go on with `then`."""
        self.after_fill = then
        if None not in self.wheel:
            self._after_fill()
            return
        self.phase, self.seat = "fill", CHANCE
        self._need_cards()

    def _after_fill(self) -> None:
        then = self.after_fill
        if self.rebuilt:
            self.rebuilt = False
            if self.record:
                self._log("new_wheel", wheel=self._wheel_names())
        if then == "round":
            if self.record:
                self._log("round_start", round=self.round, wheel=self._wheel_names(),
                          targets=[{"seat": s, "target": self.table.bank.target_names[self.target[s]]}
                                   for s in self._active_seats()])
            self._start_turn()
        elif then == "draws":
            self._begin_draws()
        else:                                        # "end": the refill after a turn
            self._end_turn()

    # ---- rounds and turns -------------------------------------------------------------------------

    def _new_round(self) -> None:
        """Every card back in the deck (but used challenge cards out for good); new Target cards, a new wheel."""
        self.round += 1
        spent = set(self.spent)
        self.deck = [c for c in range(len(self.table.names)) if c not in spent]
        self.discard = []
        self.wheel = [None] * WHEEL_SIZE
        n = self.table.players
        self.hand, self.won, self.faceup = [None] * n, [[] for _ in range(n)], [[] for _ in range(n)]
        self.target = [None] * n
        self.phase, self.seat = "target", CHANCE

    def _start_turn(self) -> None:
        self.turn += 1
        if self.turn > self.table.max_turns:
            self._end_game([], "turn-limit")
            return
        self._begin_draws()

    def _begin_draws(self) -> None:
        """Everyone draws; first the deck is rebuilt when it holds too few cards for the turn."""
        seats = len(self.seated)
        # a deck holding more cards than there are challenge cards holds a pattern card for everyone
        short = len(self.deck) - len(self.table.challenges) < seats
        if short and sum(map(self.table.patterns.__gt__, self.deck)) < seats:
            self._rebuild("draws")
            return
        self.draw_queue = list(self._active_seats())
        self.drew_challenge = set()
        self.pending = self.click = self.power = None
        self.turn_winner = self.ender = None
        self.phase, self.seat = "draw", CHANCE

    def _start_race(self, quickest: tuple[int, ...]) -> None:
        self.order = self.reaction_order(quickest)
        self.firsts[self.order[0]] += 1
        if self.record:
            self._log("turn_start", round=self.round, turn=self.turn, wheel=self._wheel_names(),
                      hands=[self.table.names[c] if c is not None else None for c in self.hand],
                      order=list(self.order))
        self.race_index = 0
        self.phase, self.seat = "race", self.order[0]

    def _on_race(self, action: int) -> None:
        seat = self.seat
        if action == PASS:
            self._log("wait", seat=seat)
            self.race_index += 1
            if self.race_index < len(self.order):
                self.seat = self.order[self.race_index]
            else:
                self._log("all_wait")
                self._start_placing(self.order[0], first_too=True)
            return
        card, self.hand[seat] = self.hand[seat], None
        if action == CLICK:
            self.click = {"seat": seat, "card": card, "index": 0,
                          "responders": [s for s in self.order if s != seat]}
            if self.record:
                self._log("click", seat=seat, card=self.table.names[card])
            self.phase, self.seat = "click", self.click["responders"][0]
            return
        self._cover(seat, action - POSITION, card)

    def _cover(self, seat: int, position: int, card: int) -> None:
        self.pending = {"seat": seat, "position": position, "card": card, "covered": self.wheel[position]}
        self.wheel[position] = card
        self.phase, self.seat = "declare", seat

    def _wheel_before(self) -> list[int]:
        """The wheel's card kinds before the pending cover."""
        before = self.wheel_kinds()
        before[self.pending["position"]] = self.table.kinds[self.pending["covered"]]
        return before

    def created(self) -> list:
        """The patterns the pending cover creates (computed once)."""
        p = self.pending
        if "created" not in p:
            p["created"] = created_by_kinds(self._wheel_before(), p["position"], self.table.kinds[p["card"]],
                                            self.table.rules)
        return p["created"]

    def cover_sets(self) -> tuple[int, int, int]:
        """(created, twice, wild): the statements the pending cover creates, those of them that win two
        cards, and its Wild Wild Patterns, as statement sets (tables.cover_sets; computed once)."""
        p = self.pending
        found = p.get("sets")
        if found is None:
            found = p["sets"] = cover_sets(self._wheel_before(), p["position"], self.table.kinds[p["card"]],
                                           self.table.rules)
        return found

    def _on_declare(self, action: int) -> None:
        p, seat = self.pending, self.seat
        number = action - STATEMENT
        statement: Statement = STATEMENTS[number]
        created, twice, wild = self.cover_sets()
        bit = STATEMENT_BITS[number]
        self.ender = seat
        if self.record:
            self._log_declaration(statement)
        if not created & bit:
            self.wheel[p["position"]] = p["covered"]
            self.discard.append(p["card"])
            self.take_queue = [[s, 1, None, "penalty"] for s in self.counterclockwise(seat) if s != seat]
            self._start_takes("place")
            return
        if wild & bit:
            self.discard.append(p["covered"])        # under the played card: out of the game
            self.wilds += 1
            self._end_game([seat], "wild-wild-pattern")
            return
        tier = 2 if twice & bit else 1
        self.turn_winner = seat
        if statement.kind == "object+suit":
            self._give(seat, p["covered"], "reward")
            if tier == 2:
                self.wheel[p["position"]] = None
                self._give(seat, p["card"], "reward")
            self._start_takes("activate")
            return
        self.discard.append(p["covered"])
        self.take_queue = [[seat, tier, p["card"] if tier == 1 else None, "reward"]]
        self._start_takes("activate")

    def _log_declaration(self, statement: Statement) -> None:
        p, names = self.pending, self.table.names
        pattern = next((x for x in self.created() if x.statement == statement), None)
        self._log("declare", seat=self.seat, position=p["position"], card=names[p["card"]],
                  covered=names[p["covered"]], statement=statement.text_en(), valid=pattern is not None,
                  kind=statement.kind, occurrences=pattern.occurrences if pattern else None,
                  tier=pattern.tier if pattern else None, wild=bool(pattern and pattern.wild),
                  direction=statement.direction, trigger=statement.trigger.value, target=statement.target.value,
                  wheel=self._wheel_names(), reasons=[] if pattern else self._why_false(statement))

    def _why_false(self, statement: Statement) -> list[str]:
        """Why a declaration is false, in the words of `patterns check` (for the trace)."""
        p = self.pending
        before = self.wheel_cards().covered(p["position"], self.table.cards[p["covered"]])
        return list(judge(before, statement, self.table.rules, (p["position"], self.table.cards[p["card"]])).reasons)

    def _give(self, seat: int, card: int, why: str) -> None:
        self.won[seat].append(card)
        if self.record:
            self._log("take", seat=seat, card=self.table.names[card], why=why)

    def _on_click(self, action: int) -> None:
        click = self.click
        if action != PASS:
            self.click = None
            self._log("click_taken", seat=self.seat)
            self._cover(self.seat, action - POSITION, click["card"])
            return
        click["index"] += 1
        if click["index"] < len(click["responders"]):
            self.seat = click["responders"][click["index"]]
            return
        self.click = None
        self.discard.append(click["card"])
        self.ender = self.turn_winner = click["seat"]
        self._log("click_unused", seat=click["seat"])
        self.take_queue = [[click["seat"], 1, None, "click"]]
        self._start_takes("activate")

    def _start_takes(self, then: str) -> None:
        self.after_take = then
        self._next_take()

    def _next_take(self) -> None:
        while self.take_queue and not any(c is not None and c != self.take_queue[0][2] for c in self.wheel):
            self.take_queue.pop(0)                  # nothing left on the wheel to take
        if self.take_queue:
            self.phase, self.seat = "take", self.take_queue[0][0]
        elif self.after_take == "activate" and self.faceup[self.turn_winner]:
            self.phase, self.seat = "activate", self.turn_winner
        else:
            self._start_placing(self.ender, first_too=False)

    def _on_take(self, action: int) -> None:
        card = action - CARD
        entry = self.take_queue[0]
        self.wheel[self.wheel.index(card)] = None
        self._give(entry[0], card, entry[3])
        entry[1] -= 1
        if entry[1] == 0:
            self.take_queue.pop(0)
        self._next_take()

    # ---- challenge cards --------------------------------------------------------------------------

    def _on_activate(self, action: int) -> None:
        seat = self.seat
        if action == PASS:
            self._start_placing(self.ender, first_too=False)
            return
        card = action - CARD
        challenge = self.table.challenges[card]
        self.faceup[seat].remove(card)
        (self.spent if self.table.rules.used_challenges == "out" else self.discard).append(card)
        self._log("challenge", seat=seat, card=self.table.names[card], power=challenge.power)
        if challenge.power == "money":
            self.cents[seat] += challenge.cents
            self._log("paid", seat=seat, cents=challenge.cents, why=challenge.id)
            if self.table.mode == "saloon" and self.cents[seat] > self.table.bank.saloon_cents:
                self._end_game([seat], "saloon")      # a money card is a payment of the Bank too
                return
            self._start_placing(self.ender, first_too=False)
            return
        kind = "exchange-give" if challenge.power == "exchange" else challenge.power
        self.power = {"kind": kind}
        self.phase = "power"

    def _on_power(self, action: int) -> None:
        seat, card, kind = self.seat, action - CARD, self.power["kind"]
        where, at = self.owner(card)
        names = self.table.names
        if kind == "exchange-give":
            self.power = {"kind": "exchange-take", "give": card}
            return
        self._remove_from(card, where, at)
        if kind == "steal":
            self._receive(seat, card)
            self._log("steal", seat=seat, card=names[card], owner=at if where != "wheel" else None)
        elif kind.startswith("remove"):
            self.discard.append(card)
            self._log("remove", seat=seat, card=names[card], owner=at)
        else:
            give = self.power["give"]
            self._remove_from(give, *self.owner(give))
            self._receive(at, give)
            self._receive(seat, card)
            self._log("exchange", seat=seat, gave=names[give], took=names[card], other=at)
        self.power = None
        self._start_placing(self.ender, first_too=False)

    def _remove_from(self, card: int, where: str, at: int | None) -> None:
        if where == "wheel":
            self.wheel[at] = None
        elif where == "won":
            self.won[at].remove(card)
        else:
            self.faceup[at].remove(card)

    def _receive(self, seat: int, card: int) -> None:
        (self.faceup if card in self.table.challenges else self.won)[seat].append(card)

    # ---- end of the turn ---------------------------------------------------------------------------

    def _start_placing(self, start: int, first_too: bool) -> None:
        """Seats still holding a card place it, counterclockwise from the seat that ended the turn."""
        seats = self.counterclockwise(start)
        if first_too:
            seats = [start] + seats[:-1]
        self.place_queue = [s for s in seats if self.hand[s] is not None]
        self._next_place()

    def _next_place(self) -> None:
        if self.place_queue:
            self.phase, self.seat = "place", self.place_queue[0]
        else:
            self._fill_wheel("end")

    def _on_place(self, action: int) -> None:
        seat, position = self.seat, action - POSITION
        card, self.hand[seat] = self.hand[seat], None
        covered = self.wheel[position]
        if covered is not None:
            self.discard.append(covered)
        self.wheel[position] = card
        if self.record:
            self._log("place", seat=seat, position=position, card=self.table.names[card],
                      covered=self.table.names[covered] if covered is not None else None)
        self.place_queue.pop(0)
        self._next_place()

    def _end_turn(self) -> None:
        if any(len(self.won[s]) >= self.table.bank.round_end_cards for s in self._active_seats()):
            self._bank()
        else:
            self._start_turn()

    # ---- the Bank and the modes ----------------------------------------------------------------

    def payout(self, seat: int):
        """What the Bank would pay the seat for its won cards now."""
        return self.table.bank.paid_for(self.won_tally(seat), self.target[seat])

    def _bank(self) -> None:
        seats = self._active_seats()
        paid = {s: self.payout(s) for s in seats}
        for s in seats:
            self.cents[s] += paid[s].cents
            for name, cents in paid[s].lines:
                times = self.paid.setdefault(name, [0, 0])
                times[0] += 1
                times[1] += cents
        directors = [s for s in seats if paid[s].wild]
        eliminated: list[int] = []
        winners, reason = [], None
        if directors:
            winners, reason = directors, "new-director"
        elif self.table.mode == "saloon":
            over = [s for s in seats if self.cents[s] > self.table.bank.saloon_cents]
            if over:
                best = max(self.cents[s] for s in over)
                winners, reason = [s for s in over if self.cents[s] == best], "saloon"
        else:
            least = min(self.cents[s] for s in seats)
            if any(self.cents[s] != least for s in seats):
                eliminated = [s for s in seats if self.cents[s] == least]
        if self.record:
            self._log("round_end", round=self.round, players=[
                {"seat": s, "cards": [self.table.names[c] for c in self.won[s]],
                 "payout_cents": paid[s].cents, "dollars_cents": self.cents[s],
                 "combinations": [{"name": n, "cents": c} for n, c in paid[s].lines],
                 "wild": paid[s].wild} for s in seats],
                eliminated=eliminated)
        if winners:
            self._end_game(winners, reason)
            return
        if self.table.mode == "alive-or-dead":
            for s in eliminated:
                self.active[s] = False
            self.seated = tuple(itertools.compress(range(self.table.players), self.active))
            left = self._active_seats()
            for s in range(self.table.players):
                self.cents[s] = 0
            if len(left) == 1:
                self._end_game(list(left), "alive-or-dead")
                return
        self._new_round()

    def _end_game(self, winners: list[int], reason: str) -> None:
        self.winners, self.reason = sorted(winners), reason
        self.phase, self.seat = "over", TERMINAL
        self._log("game_end", winners=self.winners, reason=reason, rounds=self.round, turns=self.turn,
                  dollars_cents=list(self.cents))

    # ---- trace ---------------------------------------------------------------------------------

    def _wheel_names(self) -> list:
        return [self.table.names[c] if c is not None else None for c in self.wheel]

    def _log(self, event: str, **fields) -> None:
        if self.record:
            self.events.append({"event": event, **fields})


#: phase -> what a seat's action does in it
PHASE_MOVES = {phase: getattr(GameState, f"_on_{phase}")
               for phase in ("race", "declare", "click", "take", "activate", "power", "place")}


def legal_actions(state: GameState, seat: int) -> list[int]:
    """The actions `seat` may take now (none when another seat or chance is to move)."""
    return state.legal_actions() if state.current_player() == seat else []


def apply(state: GameState, action: int) -> GameState:
    """A new state: `state` after `action` (a chance outcome at a chance node); `state` is unchanged."""
    after = state.clone()
    after.record, after.events, after.applied = state.record, list(state.events), list(state.applied)
    after.apply_action(action)
    return after


def new_game(players: int = 3, mode: str = "saloon", deck: Deck | None = None, bank: Bank | None = None,
             rules: Rules = Rules(), record: bool = True, max_turns: int = MAX_TURNS) -> GameState:
    """A new game at its first chance node (the Target cards are dealt first)."""
    return GameState(new_table(players, mode, deck, bank, rules, max_turns), record)
