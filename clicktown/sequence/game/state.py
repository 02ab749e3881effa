"""The whole game of Sequence or Sequence Numbers as a state in the OpenSpiel shape (see `clicktown.arena`).

Glossary:
  kind    -- one kind of card of the deck, by its number in the deck file (`Match.kinds`);
  seat    -- a player, 0 to players - 1, clockwise from the dealer's left; seat s plays for team
             "ABC"[s % teams], so team members sit alternately;
  action  -- PLAY kind on cell (`kind * 100 + cell`: a chip on that cell, or, for a remove card,
             the opponent chip taken from it), EXCHANGE a dead kind (`EXCHANGE + kind`), or PASS
             (only when nothing else is legal);
  chance  -- every card dealt or drawn: the outcome is the kind drawn, with probability
             (cards of that kind in the draw pile) / (cards in the draw pile);
  code    -- what a window of five holds, as one small integer kept up to date with every chip:
             A's chips + 6 x B's + 36 x C's, + 216 when a corner is in it (`window_code`), so a
             player can look a window's worth up in a table.

A turn: at most one dead card exchanged (discard it, draw), then one card played, then one card
drawn. When the draw pile is empty, the discard piles are shuffled into a new one. A chip that
completes lines of five locks them as sequences (two sequences of a team share at most one cell;
of a longer run, the five that leave the cheapest further sequence on the line); the team with
the sequences it needs wins. The discards are reshuffled as often as the draw pile runs out
("werden alle Ablagestapel gemischt, um einen neuen Nachziehstapel zu bilden", with no limit).
The game is drawn only when no chip can ever be placed or taken again, detected two ways:
every seat in turn has had to pass without even a dead card to exchange (no hand and no chip
changes, so the next round is the same), or, when the draw pile is rebuilt, the board is frozen
(`frozen`: no team can place, as no team has a chip left for an empty cell, and no chip
outside a sequence is left for a remove card to take).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress

from ...arena.state import CHANCE, TERMINAL, draw_by_counts
from ...errors import IllegalAction
from ..cards import Game
from ..geometry import CELLS, CONFLICTS_OF, CORNERS, CORNERS_IN, SIZE, WINDOWS, WINDOWS_BY_CELL, row_col
from ..position import EMPTY, FREE, Position
from ..rules import Table, chips_per_team

CELL_COUNT = SIZE * SIZE
CODE_WEIGHT = {"A": 1, "B": 6, "C": 36}  # a window's code: chips of A + 6 x chips of B + 36 x chips of C ...
CORNER_WEIGHT = 216  # ... + 216 when a corner is in it (a window holds at most one)
LINE_WINDOWS: dict[int, list[int]] = {}  # the windows of each line, earliest start first
for _w, _window in enumerate(WINDOWS):
    LINE_WINDOWS.setdefault(_window.line, []).append(_w)


def takes(chip: str, team: str) -> bool:
    """May a remove card of `team` take this chip? Another team's chip not locked in a completed
    sequence (locked chips are written in lower case: "keinen Spielchip entfernen, der Teil einer
    abgeschlossenen SEQUENCE ist")."""
    return chip.isupper() and chip != team


@dataclass
class Match:
    """The fixed part of a game: data, table, the kinds of cards and the action numbering."""

    game: Game
    table: Table
    kinds: list[str] = field(init=False)
    actions: list[str] = field(init=False)
    cells_of_kind: list[tuple[int, ...]] = field(init=False)

    def __post_init__(self):
        self.kinds = list(self.game.deck.cards)
        self.actions = [self.game.deck.cards[k].action for k in self.kinds]
        self.cells_of_kind = [tuple(sorted(self.game.cells_of(self.game.deck.cards[k]))) for k in self.kinds]
        self.kind_of = {k: n for n, k in enumerate(self.kinds)}
        self.copies = [self.game.deck.copies[k] for k in self.kinds]
        self.exchange = len(self.kinds) * CELL_COUNT
        self.pass_action = self.exchange + len(self.kinds)
        self.num_actions = self.pass_action + 1

    def new_state(self) -> "MatchState":
        """A fresh game: the deal is still to come (chance nodes)."""
        return MatchState(self)

    def decode(self, action: int) -> tuple[str, int, int]:
        """(what, kind, cell) of an action: what is play, exchange or pass."""
        if action < self.exchange:
            return "play", action // CELL_COUNT, action % CELL_COUNT
        if action < self.pass_action:
            return "exchange", action - self.exchange, -1
        return "pass", -1, -1

    def play_action(self, card: str, cell: int) -> int:
        """The action number of playing `card` on `cell`."""
        return self.kind_of[card] * CELL_COUNT + cell


class MatchState:
    """One game in progress. Rules live here; players (bots, people, PettingZoo) stand outside."""

    def __init__(self, match: Match, _blank: bool = False):
        self.match = match
        if _blank:
            return
        table = match.table
        self.board = [FREE if i in CORNERS else EMPTY for i in CELLS]
        self.hands: list[list[int]] = [[] for _ in range(table.players)]
        self.pile = list(match.copies)  # cards of each kind in the draw pile
        self.pile_size = sum(self.pile)
        self.discards: list[list[int]] = [[] for _ in range(table.players)]
        self.supply = {t: chips_per_team(table.game, t) for t in table.team_names}
        self.sequences: dict[str, list[int]] = {t: [] for t in table.team_names}
        self.window_chips = {t: [0] * len(WINDOWS) for t in table.team_names}
        self.window_code = [CORNER_WEIGHT * n for n in CORNERS_IN]
        self.barred: dict[str, set[int]] = {t: set() for t in table.team_names}  # windows clashing with a sequence
        self.to_draw = [s for _ in range(table.hand) for s in range(table.players)]  # the deal
        self.seat = 0
        self.exchanged = False
        self.turns = 0
        self.passes_in_a_row = 0
        self.reshuffles = 0
        self.winner: str | None = None
        self.over = False
        self.end_reason = ""
        self.stats = {"wild": 0, "remove": 0, "exchanged": 0, "passes": 0}
        self.events: list[dict] | None = None

    # ---- the state protocol ----------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, CHANCE while a card is to be dealt or drawn, TERMINAL at the end."""
        if self.over:
            return TERMINAL
        return CHANCE if self.to_draw else self.seat

    def is_terminal(self) -> bool:
        """True once a team has won or the game is drawn."""
        return self.over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The kinds that can be drawn now, each with its share of the draw pile."""
        total = self.pile_size
        return [(k, n / total) for k, n in enumerate(self.pile) if n]

    def draw_chance(self, rng) -> int:
        """The kind drawn now with `rng`, as `chance_outcomes` would have it, without listing them."""
        return draw_by_counts(self.pile, self.pile_size, rng)

    def legal_actions(self) -> list[int]:
        """The actions of the seat to move (sorted); chance outcomes at a chance node."""
        if self.over:
            return []
        if self.to_draw:
            return [k for k, n in enumerate(self.pile) if n]
        match = self.match
        team = match.table.team_of(self.seat)
        actions: list[int] = []
        dead = []
        for kind in sorted(set(self.hands[self.seat])):  # kind by kind, cells in order: the list comes sorted
            cells = self.card_cells(kind, team)
            if cells:
                actions += map((kind * CELL_COUNT).__add__, cells)
            elif self.is_dead(kind):
                dead.append(match.exchange + kind)
        if dead and not self.exchanged:
            actions += dead
        return actions or [match.pass_action]

    def is_legal(self, action: int) -> bool:
        """True when the seat to move may take `action` now (without listing every action)."""
        what, kind, cell = self.match.decode(action)
        if what == "pass":
            return self.legal_actions() == [action]
        if kind not in self.hands[self.seat]:
            return False
        if what == "exchange":
            return not self.exchanged and self.is_dead(kind)
        team = self.match.table.team_of(self.seat)
        action = self.match.actions[kind]
        if action == "remove":
            return takes(self.board[cell], team)
        return self.board[cell] == EMPTY and self.supply[team] > 0 and (
            action == "wild" or cell in self.match.cells_of_kind[kind])

    def apply_action(self, action: int) -> None:
        """Deal or draw a card (chance), or make the seat's move."""
        if self.over:
            raise IllegalAction("the game is over")
        if self.to_draw:
            self._draw(action)
            return
        if not 0 <= action < self.match.num_actions or not self.is_legal(action):
            raise IllegalAction(f"illegal action {action} ({self.action_to_string(action)})")
        what, kind, cell = self.match.decode(action)
        seat, team = self.seat, self.match.table.team_of(self.seat)
        if what == "exchange":
            self.hands[seat].remove(kind)
            self.discards[seat].append(kind)
            self.exchanged = True
            self.stats["exchanged"] += 1
            if self.events is not None:
                self._log({"event": "exchange", "seat": seat, "card": self.match.kinds[kind]})
            self._need_card(seat)
            return
        if what == "pass":
            self.stats["passes"] += 1
            self.passes_in_a_row = 0 if self.exchanged else self.passes_in_a_row + 1
            self._log({"event": "pass", "seat": seat})
            self._end_turn(drew=False)
            return
        self.passes_in_a_row = 0
        self.hands[seat].remove(kind)
        self.discards[seat].append(kind)
        card_action = self.match.actions[kind]
        if card_action == "remove":
            self.stats["remove"] += 1
            self._take_chip(cell)
        else:
            self.stats["wild"] += card_action == "wild"
            self._put_chip(cell, team)
        if self.events is not None:
            self._log({"event": "play", "seat": seat, "team": team, "card": self.match.kinds[kind],
                       "action": "remove" if card_action == "remove" else "place", "cell": list(row_col(cell))})
        if card_action != "remove":
            self._lock_new_sequences(cell, team)
        if self.over:
            return
        self._end_turn(drew=True)

    def returns(self) -> list[float]:
        """+1 for the winning team's seats, -1 for the others; 0 for all in a draw or before the end."""
        if not self.over or self.winner is None:
            return [0.0] * self.match.table.players
        return [1.0 if self.match.table.team_of(s) == self.winner else -1.0 for s in range(self.match.table.players)]

    def clone(self) -> "MatchState":
        """An independent copy (events are not copied)."""
        other = MatchState(self.match, _blank=True)
        other.board = self.board[:]
        other.hands = [h[:] for h in self.hands]
        other.pile, other.pile_size = self.pile[:], self.pile_size
        other.discards = [d[:] for d in self.discards]
        other.supply = dict(self.supply)
        other.sequences = {t: s[:] for t, s in self.sequences.items()}
        other.window_chips = {t: c[:] for t, c in self.window_chips.items()}
        other.window_code = self.window_code[:]
        other.barred = {t: set(b) for t, b in self.barred.items()}
        other.to_draw = self.to_draw[:]
        for name in ("seat", "exchanged", "turns", "passes_in_a_row", "reshuffles", "winner", "over", "end_reason"):
            setattr(other, name, getattr(self, name))
        other.stats = dict(self.stats)
        other.events = None
        return other

    def action_to_string(self, action: int) -> str:
        """An action in words."""
        if self.to_draw:
            return f"draw {self.match.kinds[action]}"
        what, kind, cell = self.match.decode(action)
        if what == "pass":
            return "pass (no card can be played)"
        name = self.match.kinds[kind]
        if what == "exchange":
            return f"exchange the dead card {name}"
        r, c = row_col(cell)
        verb = "remove the chip on" if self.match.actions[kind] == "remove" else "put a chip on"
        return f"play {name}: {verb} row {r}, column {c}"

    def determinized(self, seat: int, rng) -> "MatchState":
        """A copy in which the other seats' hands are dealt again from the cards `seat` has not seen.

        The seat sees the board, the discards and its own hand; the cards in the other hands and
        in the draw pile are one pool to it, so they are shuffled and dealt back in the same
        numbers (hand sizes, pile size)."""
        other = self.clone()
        pool = [k for k, n in enumerate(self.pile) for _ in range(n)]
        hidden = [s for s in range(self.match.table.players) if s != seat]
        for s in hidden:
            pool += self.hands[s]
        rng.shuffle(pool)
        for s in hidden:
            size = len(self.hands[s])
            other.hands[s], pool = pool[:size], pool[size:]
        other.pile = [0] * len(self.pile)
        for kind in pool:
            other.pile[kind] += 1
        return other

    # ---- the rules ---------------------------------------------------------------------------

    def card_cells(self, kind: int, team: str) -> list[int]:
        """The cells a card reaches now: free named cells, any free cell, or removable opponent chips.

        Chips of completed sequences are written in lower case, so an upper-case letter is a chip
        a remove card may take ("keinen Spielchip entfernen, der Teil einer abgeschlossenen SEQUENCE ist").
        """
        action = self.match.actions[kind]
        if action == "remove":
            return self.removable(team)
        if self.supply[team] <= 0:
            return []
        if action == "wild":
            return list(compress(CELLS, map(EMPTY.__eq__, self.board)))
        return self.free_cells(kind)

    def free_cells(self, kind: int) -> list[int]:
        """The empty cells among those a place card names."""
        board = self.board
        return [i for i in self.match.cells_of_kind[kind] if board[i] == EMPTY]

    def removable(self, team: str) -> list[int]:
        """The chips a remove card of `team` may take: `takes`, asked of the whole board at once."""
        return [i for i, ch in enumerate(self.board) if ch.isupper() and ch != team]

    def is_dead(self, kind: int) -> bool:
        """A place card whose cells are both taken ("deren beide Felder ... bereits belegt sind")."""
        return self.match.actions[kind] == "place" and not self.free_cells(kind)

    def frozen(self) -> bool:
        """No chip can ever be placed or taken again: nobody can place (no empty cell a card reaches,
        or no chip left in a supply) and no chip outside a sequence is left for a remove card."""
        board, match = self.board, self.match
        if any(ch.isupper() for ch in board) and "remove" in match.actions:
            return False
        if not any(n > 0 for n in self.supply.values()):
            return True
        empty = {i for i, ch in enumerate(board) if ch == EMPTY}
        return not any(action == "wild" or empty.intersection(cells)
                       for action, cells in zip(match.actions, match.cells_of_kind) if action != "remove")

    def _put_chip(self, cell: int, team: str) -> None:
        """A chip of `team` from its supply onto an empty cell."""
        self.board[cell] = team
        self.supply[team] -= 1
        counts, codes, weight = self.window_chips[team], self.window_code, CODE_WEIGHT[team]
        for w in WINDOWS_BY_CELL[cell]:
            counts[w] += 1
            codes[w] += weight

    def _take_chip(self, cell: int) -> None:
        """An unlocked chip back to its team's supply."""
        team = self.board[cell]
        self.board[cell] = EMPTY
        self.supply[team] += 1
        counts, codes, weight = self.window_chips[team], self.window_code, CODE_WEIGHT[team]
        for w in WINDOWS_BY_CELL[cell]:
            counts[w] -= 1
            codes[w] -= weight

    def _lock_new_sequences(self, cell: int, team: str) -> None:
        """Lock the lines a new chip completes (as many as fit together) and see whether the team won.

        When a line holds more complete windows than fit together (a run of six to eight), the five
        locked are the ones that leave the cheapest second sequence on that line (see `_best_packing`).
        """
        counts, made, barred = self.window_chips[team], self.sequences[team], self.barred[team]
        complete = [w for w in WINDOWS_BY_CELL[cell] if counts[w] + CORNERS_IN[w] == 5 and w not in barred]
        chosen: list[int] = []
        for line in dict.fromkeys(WINDOWS[w].line for w in complete):  # lines never clash with each other
            chosen.extend(self._best_packing([w for w in complete if WINDOWS[w].line == line], team))
        for w in chosen:
            made.append(w)
            barred |= CONFLICTS_OF[w]
            for c in WINDOWS[w].cells:
                if c not in CORNERS:
                    self.board[c] = team.lower()
            self._log({"event": "sequence", "team": team, "cells": [list(row_col(c)) for c in WINDOWS[w].cells]})
        if len(made) >= self.match.table.needed:
            self.winner, self.over = team, True
            self.turns += 1
            self.end_reason = "sequences"

    def _best_packing(self, candidates: list[int], team: str) -> list[int]:
        """The windows of one line to lock: as many as fit together, then the fewest chips still needed
        for a further sequence on the line, then the earliest (the rulebooks leave the choice to the player)."""
        made = self.sequences[team]
        packings = [[]]
        for w in candidates:  # candidates come earliest start first
            packings += [p + [w] for p in packings if not any(q in CONFLICTS_OF[w] for q in p)]
        most = max(len(p) for p in packings)
        best = [p for p in packings if len(p) == most]
        if len(best) == 1:
            return best[0]
        line = WINDOWS[candidates[0]].line
        return min(best, key=lambda p: self._cheapest_further(line, made + p, team))

    def _cheapest_further(self, line: int, taken: list[int], team: str) -> int:
        """The fewest empty cells to fill for another sequence on `line` beside the `taken` windows."""
        board, costs = self.board, [CELL_COUNT]
        for w in LINE_WINDOWS[line]:
            if w in taken or any(t in CONFLICTS_OF[w] for t in taken):
                continue
            cells = [board[c] for c in WINDOWS[w].cells]
            if all(ch in (FREE, EMPTY) or ch.upper() == team for ch in cells):
                costs.append(cells.count(EMPTY))
        return min(costs)

    def _end_turn(self, drew: bool) -> None:
        """Draw after playing, then the next seat clockwise; a draw game when all had to pass."""
        seat = self.seat
        self.turns += 1
        self.exchanged = False
        self.seat = (seat + 1) % self.match.table.players
        if self.passes_in_a_row >= self.match.table.players:
            self._finish_drawn("every seat had to pass")
            return
        if drew:
            self._need_card(seat)

    def _need_card(self, seat: int) -> None:
        """Queue a draw for `seat`, rebuilding the draw pile from the discards when it is empty."""
        if self.pile_size == 0:
            if self.frozen() or not any(self.discards):
                self._finish_drawn("no chip can be placed or taken again")
                return
            self.reshuffles += 1
            for pile in self.discards:
                for kind in pile:
                    self.pile[kind] += 1
                pile.clear()
            self.pile_size = sum(self.pile)
            self._log({"event": "reshuffle", "cards": self.pile_size})
        self.to_draw.append(seat)

    def _draw(self, kind: int) -> None:
        """The next queued seat draws a card of `kind` from the draw pile."""
        if self.pile[kind] <= 0:
            raise IllegalAction(f"no {self.match.kinds[kind]} left in the draw pile")
        seat = self.to_draw.pop(0)
        self.pile[kind] -= 1
        self.pile_size -= 1
        self.hands[seat].append(kind)
        if self.events is not None:
            self._log({"event": "draw", "seat": seat, "card": self.match.kinds[kind]})

    def _finish_drawn(self, reason: str) -> None:
        """End the game without a winner."""
        self.over, self.winner, self.end_reason = True, None, reason
        self.to_draw.clear()

    def _log(self, event: dict) -> None:
        """Record an event when a trace is being kept."""
        if self.events is not None:
            self.events.append(event)

    # ---- views ---------------------------------------------------------------------------------

    def position(self) -> Position:
        """The board in the project's position format (locked chips in lower case)."""
        return Position("".join(self.board))

    def hand_names(self, seat: int) -> list[str]:
        """The cards in a seat's hand, by name."""
        return [self.match.kinds[k] for k in self.hands[seat]]

    def sequence_counts(self) -> dict[str, int]:
        """Each team's completed sequences."""
        return {t: len(s) for t, s in self.sequences.items()}
