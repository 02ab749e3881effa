"""The Old Town marker game for 2 to 4 players as one state in the OpenSpiel shape.

Phases of a game (`phase`):
  deal      chance: the info cards are dealt one by one (hands, the 3-player pile top, the
            2-player private piles), each uniformly from the cards of its type still unused
  choose    a seat takes a building (setup: each seat one, then each seat a second, in turn
            order; later: refilling before the seat's turn)
  turn      the seat to move plays a card, discards the first of two confirmation/contradiction
            cards, draws a card, or passes when none of these is possible
  discard   the second card of action 2
  take      the marker taken for action 2
  pile      2 players: the pile the end-of-turn card comes from (shared or own)
  draw      chance: a card comes off a pile (action 3, or the end-of-turn draw)
  stop      every seat in turn, from the mover's left neighbour round to the mover, may call
            "stop" on a marker logic removes; a right claim lets the same seat claim again

Actions (ints below NUM_ACTIONS; chance outcomes are card numbers 1-60):
  play card n for building b   (n - 1) * 18 + b      (b: the card's building for type A)
  discard card n               DISCARD + n - 1
  take the marker (b, plot)    TAKE + b * 16 + plot - 1
  stop on the marker (b, plot) STOP + b * 16 + plot - 1
  pass                         PASS
  draw (shared / own pile)     DRAW_SHARED, DRAW_OWN
  take building b              CHOOSE + b
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate

from ...arena.state import CHANCE, TERMINAL
from ...errors import ClicktownError, IllegalAction
from ..catalogue import Catalogue
from . import rules
from .town import Town
from .verdicts import Sight, judge as judge_fast
from .wording import whose

BUILDINGS = 18
PLAY, DISCARD, TAKE = 0, 60 * BUILDINGS, 60 * BUILDINGS + 60
STOP = TAKE + BUILDINGS * 16
PASS = STOP + BUILDINGS * 16
DRAW_SHARED, DRAW_OWN = PASS + 1, PASS + 2
CHOOSE = PASS + 3
NUM_ACTIONS = CHOOSE + BUILDINGS
PLAYERS = (2, 3, 4)
TOWN_BUILT, NO_PROGRESS = "town_built", "no_progress"
#: turns in a row that leave the board as it was, after which a game ends "no progress" (a held pair
#: no card can settle, with the rule option break_pair "forbidden", would otherwise go on for ever)
IDLE_TURNS = 600
ALLOWED = frozenset((rules.PLAYABLE, rules.CONFIRMATION))         # `Verdict.allowed`
DISCARDABLE = frozenset((rules.CONFIRMATION, rules.CONTRADICTION))  # `Verdict.discardable`


@dataclass
class Piles:
    """The draw piles: the shared one (a top segment, then the rest) and the private ones (2 players)."""

    top: list[int] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    own: list[list[int]] = field(default_factory=list)

    def copy(self) -> "Piles":
        """An independent copy."""
        return Piles(list(self.top), list(self.shared), [list(p) for p in self.own])

    def shared_cards(self) -> list[int]:
        """The cards the next shared draw comes from (the top segment first)."""
        return self.top or self.shared


_SUMS: dict[int, list[float]] = {}


def _sums(count: int) -> list[float]:
    """The running sums of `count` weights of 1 / count, as `random.choices` adds them (kept per count)."""
    found = _SUMS.get(count)
    if found is None:
        found = _SUMS[count] = list(accumulate([1.0 / count] * count))
    return found


def deal_plan(players: int) -> list[tuple[str, int, str]]:
    """The setup deals in order: (where, seat, card type), as "Vorbereitung" lists them."""
    if players not in PLAYERS:
        raise ClicktownError(f"the marker game is for 2, 3 or 4 players, not {players}")
    plan = []
    for seat in range(players):
        plan += [("hand", seat, "A")] * 2 + [("hand", seat, "C")] * 2
    if players == 3:
        plan += [("top", 0, "A")] * 3
    if players == 2:
        for seat in range(players):
            plan += [("own", seat, "A")] * 3 + [("own", seat, "C")] * 3
    return plan


class OldTownState:
    """One game of the marker game (see the module docstring for phases and actions)."""

    def __init__(self, catalogue: Catalogue, players: int = 4, record: bool = True,
                 options: rules.RuleOptions | None = None):
        self.catalogue = catalogue
        self.options = options or rules.RuleOptions()
        self.names = catalogue.building_names
        self.index = {b: i for i, b in enumerate(self.names)}
        self.players = players
        self.plan = deal_plan(players)
        self.unused = {kind: sorted(n for n, c in catalogue.cards.items() if c.kind == kind) for kind in "ABC"}
        self.piles = Piles(shared=list(self.unused["B"]), own=[[] for _ in range(players)] if players == 2 else [])
        self.unused["B"] = []
        self.town = Town.empty(self.names)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.owned: list[list[str]] = [[] for _ in range(players)]
        self.points = [0] * players
        self.discards: list[int] = []
        self.phase = "deal"
        self.seat = 0          # whose turn it is
        self.actor = CHANCE    # who decides now
        self.to_choose: list[int] = list(range(players)) * 2  # the setup: one each, then a second each
        self.drawing: tuple[str, int] | None = None  # (pile, seat) of a pending draw
        self.after_draw = "end"   # what follows a draw: the end of the turn or the stop round
        self.first_discard: int | None = None
        self.stop_queue: list[int] = []
        self.turns = 0
        self.passes = 0
        self.idle = 0               # turns in a row that left the board (self.idle_town) as it was
        self.idle_town: Town | None = None
        self.turn_passed = False
        self.stop_claimed = False
        self.discarded: tuple[int, int] = ()
        self.stops = {"right": 0, "wrong": 0}
        self.reason: str | None = None
        self.record = record
        self.events: list[dict] = []
        self._verdicts: dict = {}   # per seat: (town, hand, buildings, verdicts)
        self._legal: list[int] | None = None  # the legal actions of this node, worked out once
        self._sight: Sight | None = None

    # -- the protocol -------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.reason is not None:
            return TERMINAL
        return self.actor

    def is_terminal(self) -> bool:
        return self.reason is not None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        won = self.winners()
        return [1.0 if s in won else 0.0 for s in range(self.players)]

    def winners(self) -> list[int]:
        """Seats with the most points (all of them when tied)."""
        best = max(self.points)
        return [s for s in range(self.players) if self.points[s] == best]

    def clone(self) -> "OldTownState":
        other = OldTownState.__new__(OldTownState)
        other.__dict__.update(self.__dict__)
        other.unused = {k: list(v) for k, v in self.unused.items()}
        other.piles = self.piles.copy()
        # the town is shared: the engine never changes a town in place, every action makes a new one
        other.hands = [list(h) for h in self.hands]
        other.owned = [list(o) for o in self.owned]
        other.points = list(self.points)
        other.discards = list(self.discards)
        other.to_choose = list(self.to_choose)
        other.stop_queue = list(self.stop_queue)
        other.stops = dict(self.stops)
        other.record, other.events = False, []
        other._verdicts = {}
        other._legal = None
        return other

    def determinized(self, seat: int, rng) -> "OldTownState":
        """A copy in which every card `seat` cannot see is dealt again among the places it cannot see.

        The seat sees the town, the buildings, the points, the discards and its own hand. The
        other hands, the piles (its own 2-player pile too) and the cards not dealt are shuffled
        among themselves, each card to a place that held a card of its type (A, B or C), so
        every place keeps its size and its mix of types."""
        other = self.clone()
        places = [other.hands[s] for s in range(self.players) if s != seat]
        places += [other.piles.top, other.piles.shared, *other.piles.own, *other.unused.values()]
        kind = {n: c.kind for n, c in self.catalogue.cards.items()}
        slots: dict[str, list[tuple[list[int], int]]] = {"A": [], "B": [], "C": []}
        for place in places:
            for i, n in enumerate(place):
                slots[kind[n]].append((place, i))
        for group in slots.values():
            cards = [place[i] for place, i in group]
            rng.shuffle(cards)
            for (place, i), n in zip(group, cards):
                place[i] = n
        for cards in other.unused.values():
            cards.sort()
        return other

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self._chance_cards()
        return [(n, 1.0 / len(cards)) for n in cards]

    def draw_chance(self, rng) -> int:
        """The card drawn now with `rng`, the very one `sample_chance` picks from `chance_outcomes`
        (the same weights summed the same way, one `rng.random()`), without listing the outcomes."""
        cards = self._chance_cards()
        if len(cards) == 1:
            return cards[0]
        sums = _sums(len(cards))
        return cards[bisect_right(sums, rng.random() * sums[-1], 0, len(cards) - 1)]

    def _chance_cards(self) -> list[int]:
        if self.phase == "deal":
            return self.unused[self.plan[0][2]]
        pile, seat = self.drawing
        return self.piles.own[seat] if pile == "own" else self.piles.shared_cards()

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.actor == CHANCE:
            return [n for n, _ in self.chance_outcomes()]
        return list(self._legal_now())

    def _legal_now(self) -> list[int]:
        """The legal actions of a decision node, worked out once per node (not to be changed)."""
        if self._legal is None:
            self._legal = _LEGAL[self.phase](self)
        return self._legal

    def apply_action(self, action: int) -> None:
        if self.reason is not None:
            raise IllegalAction("the game is over")
        if self.actor == CHANCE:
            if action not in self._chance_cards():
                raise IllegalAction(f"card {action} is not in the pile")
            self._chance(action)
        else:
            phase = self.phase
            # passing is always legal in a stop round: no need to list every marker to know it
            if not (action == PASS and phase == "stop") and action not in self._legal_now():
                raise IllegalAction(f"illegal action {action} ({self.action_to_string(action)}) in phase {phase}")
            _DO[phase](self, action)
        # the legal actions change with every action; a seat's verdicts only with the board, its hand or its buildings
        self._legal = None

    def action_to_string(self, action: int) -> str:
        if self.actor == CHANCE and self.reason is None:
            return f"card {action} is drawn"
        if PLAY <= action < DISCARD:
            card, b = divmod(action - PLAY, BUILDINGS)
            c = self.catalogue.card(card + 1)
            return f"play card {card + 1}" + (f" for my {self.names[b]}" if c.kind != "A" else "")
        if DISCARD <= action < TAKE:
            return f"discard card {action - DISCARD + 1}"
        if TAKE <= action < STOP:
            b, p = divmod(action - TAKE, 16)
            return f"take {whose(self.names[b])} marker off plot {p + 1}"
        if STOP <= action < PASS:
            b, p = divmod(action - STOP, 16)
            return f"stop: {whose(self.names[b])} marker on plot {p + 1} must go"
        if action == PASS:
            return "pass"
        if action == DRAW_SHARED:
            return "draw from the shared pile"
        if action == DRAW_OWN:
            return "draw from my own pile"
        if CHOOSE <= action < NUM_ACTIONS:
            return f"take the {self.names[action - CHOOSE]}"
        return f"action {action}"

    # -- action numbers -----------------------------------------------------------------------

    def play_action(self, card: int, building: str | None = None) -> int:
        """The action number of playing `card` (for my `building`, types B and C)."""
        c = self.catalogue.card(card)
        building = c.building if c.kind == "A" else building
        return PLAY + (card - 1) * BUILDINGS + self.index[building]

    def marker_action(self, base: int, building: str, plot: int) -> int:
        """TAKE or STOP on the marker (building, plot)."""
        return base + self.index[building] * 16 + plot - 1

    def decode_marker(self, action: int, base: int) -> tuple[str, int]:
        b, p = divmod(action - base, 16)
        return self.names[b], p + 1

    # -- what a seat may do -------------------------------------------------------------------

    @property
    def stack(self) -> list[str]:
        """Buildings neither built nor in front of a player."""
        taken = {b for own in self.owned for b in own}
        return [b for b in self.names if b not in taken and b not in self.town.built]

    def sight(self) -> Sight:
        """What the board shows, worked out once per board (the verdicts' masks, removable and forced markers)."""
        sight = self._sight
        if sight is None or sight.town is not self.town:
            sight = self._sight = Sight(self.town)
        return sight

    def verdicts(self, seat: int) -> dict[tuple[int, str | None], rules.Verdict]:
        """The verdict on every card in the seat's hand, for each of the seat's buildings (B, C).

        Each verdict is judged once per board, for every hand and every copy of the game that meets
        the board (`Sight.judged`).
        """
        hand, owned = self.hands[seat], self.owned[seat]
        known = self._verdicts.get(seat)
        if known is not None and known[0] is self.town and known[1] == hand and known[2] == owned:
            return known[3]
        hand, owned = tuple(hand), tuple(owned)
        out = {}
        sight = self.sight()
        card_of, verdict = self.catalogue.card, self._verdict
        for n in hand:
            card = card_of(n)
            for b in ((None,) if card.kind == "A" else owned):
                out[n, b] = verdict(sight, card, b, owned)
        self._verdicts[seat] = (self.town, list(hand), list(owned), out)
        return out

    def _verdict(self, sight: Sight, card, building: str | None, owned) -> rules.Verdict:
        """The verdict on the card (for my building) on this board, judged once per board."""
        key = (card.number, building)
        found = sight.judged.get(key)
        if found is None:
            found = sight.judged[key] = judge_fast(sight, card, building, owned, self.options)
        return found

    def removable(self) -> list[tuple[str, int]]:
        """The markers action 2 may take now (`rules.removable`)."""
        return self.sight().removable(self.options)

    def taking(self, building: str, plot: int) -> rules.Taking:
        """Taking the marker (building, plot) now (`rules.take`)."""
        return self.sight().taking(building, plot)

    def forced(self) -> set[tuple[str, int]]:
        """The markers logic removes now (`Town.forced`)."""
        return self.sight().forced()

    def discardable(self, seat: int) -> list[int]:
        """Cards of the seat that count as confirmation or contradiction cards now."""
        found = {n for (n, _), v in self.verdicts(seat).items() if v.discardable}
        return [n for n in self.hands[seat] if n in found]

    def card_status(self, seat: int, card: int) -> list[rules.Verdict]:
        """The verdicts on one card of the seat's hand (one per building for B and C)."""
        return [v for (n, _), v in self.verdicts(seat).items() if n == card]

    def draw_piles(self, seat: int) -> list[int]:
        """DRAW_SHARED / DRAW_OWN for the piles the seat may draw from."""
        refill = self.options.empty_pile == "reshuffle" and self.discards
        out = [DRAW_SHARED] if self.piles.shared_cards() or refill else []
        if self.players == 2 and self.piles.own[seat]:
            out.append(DRAW_OWN)
        return out

    def _legal_choose(self) -> list[int]:
        return [CHOOSE + self.index[b] for b in self.stack]

    def _legal_turn(self) -> list[int]:
        seat = self.seat
        index, card_of = self.index, self.catalogue.card
        plays, discardable = set(), set()
        for (n, b), v in self.verdicts(seat).items():
            status = v.status
            if status in ALLOWED:
                plays.add(PLAY + (n - 1) * BUILDINGS + index[card_of(n).building if b is None else b])
            if status in DISCARDABLE:
                discardable.add(n)
        out = sorted(plays)
        if len(discardable) >= 2 and self.removable():
            out += sorted(DISCARD + n - 1 for n in discardable)
        out += self.draw_piles(seat)
        return out or [PASS]

    def _legal_discard(self) -> list[int]:
        return sorted(DISCARD + n - 1 for n in set(self.discardable(self.seat)) if n != self.first_discard)

    def _legal_take(self) -> list[int]:
        return [self.marker_action(TAKE, b, p) for b, p in self.removable()]

    def _legal_pile(self) -> list[int]:
        return self.draw_piles(self.seat)

    def _legal_stop(self) -> list[int]:
        sight = self.sight()
        if sight.stops is None:  # the same for every seat of the stop round on this board
            index = self.index
            sight.stops = [PASS] + sorted(STOP + index[b] * 16 + p - 1 for b, plots in self.town.markers.items()
                                          for p in plots)
        return sight.stops

    # -- chance -------------------------------------------------------------------------------

    def _chance(self, card: int) -> None:
        if self.phase == "deal":
            where, seat, kind = self.plan.pop(0)
            self.unused[kind].remove(card)
            if where == "hand":
                self.hands[seat].append(card)
            elif where == "top":
                self.piles.top.append(card)
            else:
                self.piles.own[seat].append(card)
            if not self.plan:
                self.phase, self.actor = "choose", self.to_choose[0]
            return
        pile, seat = self.drawing
        (self.piles.own[seat] if pile == "own" else self.piles.shared_cards()).remove(card)
        self.hands[seat].append(card)
        if self.record:
            self._log({"event": "draw", "seat": seat, "pile": pile, "card": card})
        self.drawing = None
        if self.after_draw == "end":
            self._end_of_turn()
        else:
            self._open_stops()

    # -- choosing buildings -------------------------------------------------------------------

    def _do_choose(self, action: int) -> None:
        building = self.names[action - CHOOSE]
        seat = self.to_choose.pop(0)
        self.owned[seat].append(building)
        self._log({"event": "building", "seat": seat, "building": building})
        if self.to_choose:
            self.actor = self.to_choose[0]
        else:
            self.phase, self.actor = "turn", self.seat

    def wants(self, seat: int) -> int:
        """How many buildings the seat takes before its turn ("Gebäude", refilling to two)."""
        have, take = len(self.owned[seat]), 0
        if have >= 2:
            return 0
        stack = len(self.stack)
        # one building at a time: once the stack is down to as many buildings as players, only a
        # seat with no building takes one
        while stack and have < 2 and (stack > self.players or have == 0):
            have, stack, take = have + 1, stack - 1, take + 1
        return take

    def _start_turn(self, seat: int) -> None:
        """Refill the seat's buildings if it must, then its turn."""
        self.seat = seat
        need = self.wants(seat)
        if need:
            self.phase, self.to_choose, self.actor = "choose", [seat] * need, seat
        else:
            self.phase, self.actor = "turn", seat

    # -- the three actions --------------------------------------------------------------------

    def _do_turn(self, action: int) -> None:
        seat = self.seat
        self.turn_passed = False
        if PLAY <= action < DISCARD:
            card, b = divmod(action - PLAY, BUILDINGS)
            card += 1
            kind = self.catalogue.card(card).kind
            my = None if kind == "A" else self.names[b]
            verdict = self.verdicts(seat)[card, my]
            self.hands[seat].remove(card)
            self.discards.append(card)
            self._gain(seat, verdict.gain, verdict.after)
            if self.record:
                self._log({"event": "play", "seat": seat, "card": card, "my": my, "status": verdict.status,
                           "gain": verdict.gain, "reason": verdict.reason})
            self._after_action()
        elif DISCARD <= action < TAKE:
            self.first_discard = action - DISCARD + 1
            self.phase = "discard"
        elif action in (DRAW_SHARED, DRAW_OWN):
            self._refill_shared(action)
            self.drawing = ("own" if action == DRAW_OWN else "shared", seat)
            self.after_draw = "end"
            self.phase, self.actor = "draw", CHANCE
        else:
            self.turn_passed = True
            self._log({"event": "pass", "seat": seat})
            self._end_of_turn()

    def _do_discard(self, action: int) -> None:
        second = action - DISCARD + 1
        for n in (self.first_discard, second):
            self.hands[self.seat].remove(n)
            self.discards.append(n)
        self.discarded = (self.first_discard, second)
        self.phase = "take"

    def _do_take(self, action: int) -> None:
        building, plot = self.decode_marker(action, TAKE)
        done = self.taking(building, plot)
        gain, after = rules.action_two(done, self.options)
        self._gain(self.seat, gain, after)
        self._log({"event": "discard", "seat": self.seat, "cards": list(self.discarded),
                   "building": building, "plot": plot, "gain": gain})
        self.first_discard = None
        self._after_action()

    def _after_action(self) -> None:
        if self.town.complete():
            self._finish(TOWN_BUILT)
        else:
            self._end_of_turn()

    def _end_of_turn(self) -> None:
        """The end-of-turn draw ("Am Ende des Zuges zieht der Spieler eine neue Infokarte")."""
        piles = self.draw_piles(self.seat)
        if len(piles) == 2:
            self.phase, self.actor = "pile", self.seat
        elif piles:
            self._do_pile(piles[0])
        else:
            self._open_stops()

    def _do_pile(self, action: int) -> None:
        self._refill_shared(action)
        self.drawing = ("own" if action == DRAW_OWN else "shared", self.seat)
        self.after_draw = "stops"
        self.phase, self.actor = "draw", CHANCE

    def _refill_shared(self, action: int) -> None:
        """Empty_pile "reshuffle": the discards become the shared draw pile when it has run out."""
        if action == DRAW_SHARED and not self.piles.shared_cards():
            self.piles.shared, self.discards = sorted(self.discards), []
            self._log({"event": "reshuffle", "cards": len(self.piles.shared)})

    # -- stop -----------------------------------------------------------------------------------

    def _open_stops(self) -> None:
        self.after_draw = "end"
        self.stop_claimed = False
        if self.town.markers:
            callers = self.players + 1 if self.options.stop_callers == "everyone" else self.players
            self.stop_queue = [(self.seat + k) % self.players for k in range(1, callers)]
            self.phase, self.actor = "stop", self.stop_queue[0]
        else:
            self._close_turn()

    def _do_stop(self, action: int) -> None:
        seat = self.stop_queue[0]
        if action == PASS:
            self.stop_queue.pop(0)
        else:
            building, plot = self.decode_marker(action, STOP)
            claim = rules.judge_stop(self.town, building, plot, self.forced(), self.taking)
            self.stops["right" if claim.ok else "wrong"] += 1
            self._log({"event": "stop", "seat": seat, "building": building, "plot": plot,
                       "right": claim.ok, "gain": claim.gain, "reason": claim.reason})
            if claim.ok:
                self.stop_claimed = True
                self._gain(seat, claim.gain, claim.after)
                if self.town.complete():
                    self._finish(TOWN_BUILT)
                    return
            else:
                self.stop_queue.pop(0)
        if self.stop_queue and self.town.markers:
            self.actor = self.stop_queue[0]
        else:
            self._close_turn()

    # -- end of a turn, end of the game -----------------------------------------------------------

    def _close_turn(self) -> None:
        self.turns += 1
        self.passes = self.passes + 1 if self.turn_passed and not self.stop_claimed else 0
        self.stop_claimed = False
        if self.record:
            self._log({"event": "turn_end", "turn": self.turns, "seat": self.seat, **self.snapshot()})
        self.idle, self.idle_town = (self.idle + 1, self.idle_town) if self.town is self.idle_town else (0, self.town)
        if self.passes >= self.players or self.idle >= IDLE_TURNS:
            self._finish(NO_PROGRESS)
            return
        self.turn_passed = False
        self._start_turn((self.seat + 1) % self.players)

    def _finish(self, reason: str) -> None:
        if reason == TOWN_BUILT:
            self.turns += 1
            if self.record:
                self._log({"event": "turn_end", "turn": self.turns, "seat": self.seat, **self.snapshot()})
        self.reason = reason
        self.phase, self.actor = "over", TERMINAL
        self._log({"event": "game_end", "built": dict(self.town.built), "points": list(self.points),
                   "winners": self.winners(), "reason": reason, "turns": self.turns})

    def _gain(self, seat: int, gain: int, after: Town) -> None:
        self.points[seat] += gain
        self.town = after
        for own in self.owned:
            own[:] = [b for b in own if b not in after.built]

    def snapshot(self) -> dict:
        """The board in the trace's shape: plots, built, points, supply."""
        return {"plots": self.town.plots_json(), "built": dict(self.town.built),
                "points": list(self.points), "supply": dict(self.town.supply)}

    def _log(self, event: dict) -> None:
        if self.record:
            self.events.append(event)


#: the legal actions and the handling of an action in each decision phase
_LEGAL = {phase: getattr(OldTownState, f"_legal_{phase}") for phase in ("choose", "turn", "discard", "take", "pile", "stop")}
_DO = {phase: getattr(OldTownState, f"_do_{phase}") for phase in _LEGAL}


def new_game(catalogue: Catalogue, players: int = 4, record: bool = True,
             options: rules.RuleOptions | None = None) -> OldTownState:
    """A game before the deal (the first nodes are chance nodes), under the rule options given."""
    return OldTownState(catalogue, players, record, options)

