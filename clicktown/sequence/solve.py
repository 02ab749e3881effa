""""Win in N": can a team complete the sequences it needs within N of its own turns, using only the
cards in its hand, while the opponents pass and nobody draws? A shortest winning line, or a proof
that there is none.

Once the opponents pass, moves commute: the only order that matters is that a chip must be removed
before a chip is placed on its cell. So a winning line is a set of placements and removals, and:
  solve_cpsat  -- CP-SAT picks the placements, removals and cards and the windows that become
                  sequences (two sequences sharing at most one cell), minimising the turns;
                  INFEASIBLE is the proof that no line of N turns wins;
  solve_search -- iterative deepening over real moves, trying only cells of windows that could
                  still be completed in the turns left, with a table of positions already refuted;
                  a position where no set of windows fits the hand and the turns left is refuted
                  before any move is tried (the default: quicker than CP-SAT, above all at proving
                  that there is no win).
Both take `time_limit` (seconds) and raise `TimeUp` (`clicktown.errors`) past it.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ClicktownError, TimeUp
from .geometry import CELLS, CONFLICTS, CONFLICTS_OF, WINDOW_MASKS, WINDOWS
from .moves import Move, apply_move, card_cells, remove_targets
from .position import Position
from .position import locked_windows
from .sequences import count_fast, empty_mask, owned_mask, protected_cells

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card, Game
    from ortools.sat.python import cp_model


@dataclass(frozen=True)
class Solution:
    """The answer to a win-in-N question: a shortest winning line, or none within the turns."""

    win: bool
    turns: int | None
    line: tuple[Move, ...]
    needed: int
    method: str

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"win": self.win, "turns": self.turns, "sequences_needed": self.needed,
                "method": self.method, "line": [m.as_dict() for m in self.line]}


def _check_turns(turns: int) -> None:
    """Turns must be a non-negative number."""
    if turns < 0:
        raise ClicktownError(f"--turns must be 0 or more, got {turns}")


# ---- CP-SAT ------------------------------------------------------------------------------------

def solve_cpsat(game: Game, position: Position, team: str, hand: tuple[Card, ...], turns: int, needed: int,
                time_limit: float | None = None) -> Solution:
    """A shortest winning line within `turns`, by CP-SAT, or a proof there is none (`TimeUp` past `time_limit` s)."""
    from ortools.sat.python import cp_model

    _check_turns(turns)
    if count_fast(position, team) >= needed:
        return Solution(True, 0, (), needed, "cp-sat")
    cards = {c.name: c for c in hand}
    model = cp_model.CpModel()
    plays, place, take = _choices(model, game, position, team, cards)
    for name, n in Counter(c.name for c in hand).items():
        model.add(sum(v for (m, _), v in plays.items() if m == name) <= n)
    used = sum(place.values()) + sum(take.values())
    model.add(used <= turns)
    _require_sequences(model, position, team, place, needed)
    model.minimize(used)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return Solution(False, None, (), needed, "cp-sat")
    if status != cp_model.OPTIMAL:
        if time_limit is None:  # pragma: no cover - the model is small and always finishes
            raise ClicktownError("the win-in-N model did not finish")
        raise TimeUp(f"no answer within {time_limit:g} s (raise --time-limit)")
    line = _order_line(solver, plays, cards)
    return Solution(True, len(line), line, needed, "cp-sat")


def _choices(model: cp_model.CpModel, game: Game, position: Position, team: str, cards: dict):
    """Variables for every card on every cell it could take: (plays, chip placed on, chip removed from)."""
    guarded = protected_cells(position)
    removers = [n for n, c in cards.items() if c.action == "remove"]
    removable = remove_targets(position, team, guarded) if removers else ()
    plays: dict[tuple[str, int], cp_model.IntVar] = {}
    place, take = {}, {}
    for i in CELLS:
        if not (position.is_empty(i) or i in removable):
            continue
        names = [n for n, c in cards.items() if c.action == "wild" or i in game.cells_of(c)]
        if names:
            place[i] = model.new_bool_var(f"chip_on_{i}")
            model.add(sum(_play(model, plays, n, i) for n in names) == place[i])
    for i in removable:
        take[i] = model.new_bool_var(f"remove_from_{i}")
        model.add(sum(_play(model, plays, n, i) for n in removers) == take[i])
        if i in place:
            model.add_implication(place[i], take[i])
    return plays, place, take


def _play(model: cp_model.CpModel, plays: dict, name: str, cell: int) -> cp_model.IntVar:
    """The variable 'card `name` is played on `cell`'."""
    plays[name, cell] = model.new_bool_var(f"play_{name}_on_{cell}")
    return plays[name, cell]


def _require_sequences(model: cp_model.CpModel, position: Position, team: str, place: dict, needed: int) -> None:
    """At least `needed` compatible windows whose cells are all the team's at the end."""
    chosen = {}
    for n in locked_windows(position, team):
        chosen[n] = model.new_bool_var(f"sequence_{n}")
        model.add(chosen[n] == 1)
    for n, window in enumerate(WINDOWS):
        if n in chosen:
            continue
        missing = [c for c in window.cells if not position.owns(c, team)]
        if all(c in place for c in missing):
            chosen[n] = model.new_bool_var(f"sequence_{n}")
            for c in missing:
                model.add_implication(chosen[n], place[c])
    for i, j in CONFLICTS:
        if i in chosen and j in chosen:
            model.add_at_most_one(chosen[i], chosen[j])
    model.add(sum(chosen.values()) >= needed)


def _order_line(solver: cp_model.CpSolver, plays: dict, cards: dict) -> tuple[Move, ...]:
    """The chosen plays as moves: each removal just before the chip placed on its cell."""
    picked = sorted((cell, name) for (name, cell), v in plays.items() if solver.boolean_value(v))
    removals = {cell: name for cell, name in picked if cards[name].action == "remove"}
    line = []
    for cell, name in picked:
        if cards[name].action == "remove":
            continue
        if cell in removals:
            line.append(Move(removals.pop(cell), "remove", cell))
        line.append(Move(name, "place", cell))
    line.extend(Move(name, "remove", cell) for cell, name in sorted(removals.items()))
    return tuple(line)


# ---- search ------------------------------------------------------------------------------------

def _bits(cells) -> int:
    """A set of cells as a bitboard."""
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


FULL = (1 << len(CELLS)) - 1


class _Search:
    """Depth-limited search over real moves, remembering refuted (position, hand, depth) triples.

    Before trying the moves of a position, `within` asks whether any set of windows the team needs
    could be completed by this hand in the turns left (each window's missing cells cost 1, 2 when an
    opponent's chip must go first; the windows fit together; each chip placed has a card of its own
    that reaches its cell and each removal a remove card): where none can, there is no line, and
    the position is refuted at once. This is what makes a proof of "no win" quick.
    """

    clock = staticmethod(time.monotonic)  # seconds, for the time limit

    def __init__(self, game: Game, position: Position, team: str, needed: int, time_limit: float | None = None):
        self.game, self.team, self.needed = game, team, needed
        self.guarded = protected_cells(position)
        self.guarded_mask = _bits(self.guarded)
        locked = locked_windows(position, team)
        barred = set(locked).union(*(CONFLICTS_OF[n] for n in locked))
        self.open = [n not in barred for n in range(len(WINDOWS))]
        self.short = needed - len(locked)
        self.refuted: set = set()
        self.time_limit = time_limit
        self.deadline = None if time_limit is None else self.clock() + time_limit

    def won(self, position: Position) -> bool:
        """True when the team has the sequences it needs."""
        return count_fast(position, self.team) >= self.needed

    def line(self, position: Position, hand: tuple[Card, ...], depth: int) -> tuple[Move, ...] | None:
        """A winning line of at most `depth` moves, or None."""
        if self.won(position):
            return ()
        key = (position.cells, tuple(sorted(c.name for c in hand)), depth)
        if depth == 0 or key in self.refuted:
            return None
        if self.deadline is not None and self.clock() >= self.deadline:
            raise TimeUp(f"no answer within {self.time_limit:g} s (raise --time-limit)")
        windows = self.windows_within(position, hand, depth)
        if not self.within(windows, hand, depth):
            self.refuted.add(key)
            return None
        for move, rest in self.moves(position, hand, depth, windows):
            tail = self.line(apply_move(position, self.team, move), rest, depth - 1)
            if tail is not None:
                return (move,) + tail
        self.refuted.add(key)
        return None

    def moves(self, position: Position, hand: tuple[Card, ...], depth: int, windows=None):
        """The distinct moves of the hand on cells of windows completable within `depth` turns."""
        if windows is None:
            windows = self.windows_within(position, hand, depth)
        useful = 0
        for _, missing, _, _ in windows:
            useful |= missing
        seen = set()
        for k, card in enumerate(hand):
            if card.name in seen:
                continue
            seen.add(card.name)
            rest = hand[:k] + hand[k + 1:]
            action = "remove" if card.action == "remove" else "place"
            for cell in card_cells(self.game, position, self.team, card, self.guarded):
                if useful >> cell & 1:
                    yield Move(card.name, action, cell), rest

    def windows_within(self, position: Position, hand: tuple[Card, ...], depth: int) -> list[tuple[int, int, int, int]]:
        """(window, missing cells, cells to clear first, turns) of each window the hand could complete within `depth`.

        A missing cell costs one turn when it is empty and a card of the hand reaches it, two when an
        opponent's chip that may be taken stands on it and, once taken, a card could put a chip there.
        """
        own, empty = owned_mask(position, self.team), empty_mask(position)
        wild = any(card.action == "wild" for card in hand)
        named = _bits(c for card in hand for c in self.game.cells_of(card))
        fillable = empty if wild else empty & named
        clearable = 0
        if any(card.action == "remove" for card in hand):
            clearable = FULL & ~(own | empty | self.guarded_mask) & (FULL if wild else named)
        fillable |= clearable
        found = []
        for n, mask in enumerate(WINDOW_MASKS):
            missing = mask & ~own
            if missing & ~fillable:
                continue
            cleared = missing & clearable
            turns = missing.bit_count() + cleared.bit_count()
            if turns <= depth:
                found.append((n, missing, cleared, turns))
        return found

    def within(self, windows: list[tuple[int, int, int, int]], hand: tuple[Card, ...], depth: int) -> bool:
        """True when `short` of these windows, fitting together, can all be completed by the hand within `depth`."""
        reaches = [_bits(self.game.cells_of(card)) for card in hand if card.action == "place"]
        wilds = sum(card.action == "wild" for card in hand)
        removers = sum(card.action == "remove" for card in hand)
        placers = len(reaches) + wilds
        usable = [(n, missing, cleared) for n, missing, cleared, turns in sorted(windows, key=lambda w: w[3])
                  if self.open[n] and missing.bit_count() <= placers and cleared.bit_count() <= removers]

        def grow(start: int, left: int, chosen: list[int], missing: int, cleared: int) -> bool:
            if left == 0:
                return _enough_cards(missing, reaches, wilds)
            for k in range(start, len(usable)):
                n, more, clear = usable[k]
                if any(m in CONFLICTS_OF[n] for m in chosen):
                    continue
                union, unclear = missing | more, cleared | clear
                if union.bit_count() + unclear.bit_count() > depth or unclear.bit_count() > removers:
                    continue
                if grow(k + 1, left - 1, chosen + [n], union, unclear):
                    return True
            return False

        return grow(0, self.short, [], 0, 0)


def _enough_cards(cells: int, reaches: list[int], wilds: int) -> bool:
    """True when each of `cells` can get a chip from a card of its own: named cards first, wild ones for the rest."""
    wanted = cells.bit_count() - wilds
    if wanted <= 0:
        return True
    holder: dict[int, int] = {}  # cell -> the named card that fills it

    def place(card: int, tried: set[int]) -> bool:
        free = reaches[card] & cells
        while free:
            low = free & -free
            free ^= low
            if low in tried:
                continue
            tried.add(low)
            if low not in holder or place(holder[low], tried):
                holder[low] = card
                return True
        return False

    matched = sum(place(card, set()) for card in range(len(reaches)))
    return matched >= wanted


def solve_search(game: Game, position: Position, team: str, hand: tuple[Card, ...], turns: int, needed: int,
                 time_limit: float | None = None) -> Solution:
    """A shortest winning line within `turns`, by iterative deepening, or None found (a proof).

    `time_limit` (seconds) bounds the search: past it, `TimeUp` is raised.
    """
    _check_turns(turns)
    search = _Search(game, position, team, needed, time_limit)
    for depth in range(turns + 1):
        line = search.line(position, hand, depth)
        if line is not None:
            return Solution(True, len(line), line, needed, "search")
    return Solution(False, None, (), needed, "search")


SOLVERS = {"cp-sat": solve_cpsat, "search": solve_search}


def solve(game: Game, position: Position, team: str, hand: tuple[Card, ...], turns: int, needed: int,
          method: str = "search", time_limit: float | None = None) -> Solution:
    """A shortest winning line within `turns` by the chosen method (`TimeUp` past `time_limit` seconds)."""
    if method not in SOLVERS:
        raise ClicktownError(f"unknown method {method!r} (choose cp-sat or search)")
    check_not_over(position, team, needed)
    return SOLVERS[method](game, position, team, hand, turns, needed, time_limit)


def check_not_over(position: Position, team: str, needed: int) -> None:
    """A ClicktownError when another team already has the sequences it needs: the game is over."""
    for other in position.teams():
        if other != team and count_fast(position, other) >= needed:
            raise ClicktownError(f"team {other} already has the {needed} sequence(s) it needs: the game is over")


def winning_first_moves(game: Game, position: Position, team: str, hand: tuple[Card, ...], turns: int, needed: int,
                        time_limit: float | None = None) -> list[Move]:
    """Every distinct first move after which the team still wins within `turns` turns in all."""
    _check_turns(turns)
    search = _Search(game, position, team, needed, time_limit)
    if turns == 0 or search.won(position):
        return []
    shortest = solve_search(game, position, team, hand, turns, needed, time_limit)
    if not shortest.win:
        return []
    if shortest.turns == turns:
        candidates = list(search.moves(position, hand, turns))  # a first move of a shortest line is useful
    else:
        candidates = list(_all_moves(search, position, hand))
    return [move for move, rest in candidates
            if search.line(apply_move(position, team, move), rest, turns - 1) is not None]


def _all_moves(search: _Search, position: Position, hand: tuple[Card, ...]):
    """Every distinct legal move of the hand."""
    seen = set()
    for k, card in enumerate(hand):
        if card.name in seen:
            continue
        seen.add(card.name)
        action = "remove" if card.action == "remove" else "place"
        for cell in card_cells(search.game, position, search.team, card, search.guarded):
            yield Move(card.name, action, cell), hand[:k] + hand[k + 1:]
