"""Variants of Sequence's mcts measured against greedy and not adopted (docs/bots.md): an evaluation
that counts the cards seen gone, candidates ranked by the evaluation one move ahead, and playouts in
which the searching seat plays one move ahead instead of greedy.

`counted_features(state, team)` is `team_features` and the six `COUNTING` features; `evaluate_counted`
the fitted model over them (`COUNTED_WEIGHTS`, from `python -m research.sequence_eval`);
`looked_ahead_candidates` keeps greedy's choice first and ranks the other plays by the value of the
position each leaves, as the seat sees it; `one_move_ahead` plays the best of them by that value
(`OneMoveAhead`, a bot of its own); `VariantMcts(looked_ahead=..., counting=..., own_ahead=...)` is
the product's mcts with any of them (`own_ahead`: in the playouts the searching seat plays
`one_move_ahead`, the other seat greedy).
"""

from __future__ import annotations

import dataclasses
import random
from functools import partial

from clicktown.sequence.game.bots import (FITTED_WEIGHTS, SPECIAL_COST, TO_MOVE_WEIGHT, MctsBot,
                                          evaluate, final_value, open_lines, ranked_plays, root_candidates,
                                          team_features, team_hand)
from clicktown.sequence.game.state import CELL_COUNT, MatchState
from clicktown.sequence.geometry import CORNERS_IN, WINDOWS
from clicktown.sequence.position import EMPTY

COUNTING = ("live_gaps", "dead_gaps", "two_threats", "live_threes", "blocks_in_hand", "blocks_in_hand_to_move")

# The fit with the features that count cards (FEATURES, then COUNTING; research/sequence_eval/data/fit.json).
COUNTED_WEIGHTS = (0.0074, 0.0227, 0.0308, 0.0869, 0.7175, 0.3396, -0.0124, 1.3512, 2.1272, 0.1744,
                   0.2447, 0.0469, 2.0499, -0.4911, -0.7907, -0.0043, 0.0347, 0.0476, 0.0851)
COUNTED_TO_MOVE = 0.1324


def counted_features(state: MatchState, team: str) -> list[float]:
    """`team_features`, then what counting the cards the team has seen gone (the discard piles, its own
    hands; `still_to_come`) adds:

    live_gaps       -- gaps a card still to come can fill (a copy of one of its cards not seen gone);
    dead_gaps       -- gaps no card of the cell can fill any more, in hand or to come (a two-eyed jack only);
    two_threats     -- 1 when two gaps or more are in hand or live: one answer does not stop them all;
    live_threes     -- open lines of three whose two empty cells are each in hand or live;
    blocks_in_hand  -- the other teams' gaps the team's hands reach (it can block them);
    blocks_in_hand_to_move -- the same when the team is to move.
    """
    match, table = state.match, state.match.table
    gaps, threes = open_lines(state, team)[1], open_threes(state, team)
    hand, _, wild, reached = team_hand(state, team)
    left = still_to_come(state, hand)
    of_cell = kinds_of_cell(match)
    live = {c for c in gaps if any(left[k] for k in of_cell[c])}
    dead = sum(1 for c in gaps if not any(left[k] for k in of_cell[c]) and c not in reached)
    reachable = live | (gaps if wild else gaps & reached)
    live_threes = sum(1 for empty in threes
                      if all(c in reached or any(left[k] for k in of_cell[c]) for c in empty))
    rival_gaps = {c for t in table.team_names if t != team for c in open_lines(state, t)[1]}
    blocks = len(rival_gaps) if wild else len(rival_gaps & reached)
    moving = table.team_of(state.seat) == team
    return team_features(state, team) + [len(live), dead, float(len(reachable) > 1), live_threes, blocks,
                                         blocks * moving]


def open_threes(state: MatchState, team: str) -> list[tuple[int, ...]]:
    """The empty cells of each open line of three of the team (no other team's chip in its five, not
    clashing with its sequences; a corner counts as a chip), as `open_lines` counts them."""
    chips, board, barred = state.window_chips, state.board, state.barred[team]
    others = [counts for t, counts in chips.items() if t != team]
    return [tuple(c for c in WINDOWS[w].cells if board[c] == EMPTY) for w, n in enumerate(chips[team])
            if n and n + CORNERS_IN[w] == 3 and w not in barred and not any(counts[w] for counts in others)]


def still_to_come(state: MatchState, hand: list[int]) -> list[int]:
    """The copies of each kind the holder of `hand` has not seen gone (discarded or in its hand): in
    the draw pile or in the other hands, so they may still come to it (or be played against it)."""
    left = list(state.match.copies)
    for pile in state.discards:
        for k in pile:
            left[k] -= 1
    for k in hand:
        left[k] -= 1
    return left


_KINDS_OF_CELL: dict[int, tuple[list, list[tuple[int, ...]]]] = {}


def kinds_of_cell(match) -> list[tuple[int, ...]]:
    """The kinds of plain card that put a chip on each cell (kept per match)."""
    found = _KINDS_OF_CELL.get(id(match))
    if found is None or found[0] is not match.cells_of_kind:
        if len(_KINDS_OF_CELL) > 64:
            _KINDS_OF_CELL.clear()
        of_cell: list[list[int]] = [[] for _ in range(CELL_COUNT)]
        for kind, (card, cells) in enumerate(zip(match.actions, match.cells_of_kind)):
            if card == "place":
                for c in cells:
                    of_cell[c].append(kind)
        found = _KINDS_OF_CELL[id(match)] = (match.cells_of_kind, [tuple(k) for k in of_cell])
    return found[1]


def evaluate_counted(state: MatchState) -> list[float]:
    """`evaluate` over the features that count cards too, with their fit's weights."""
    return evaluate(state, COUNTED_WEIGHTS, COUNTED_TO_MOVE, counted_features)


def looked_ahead_candidates(state: MatchState, rng: random.Random, keep: int = 4, ahead=evaluate) -> list[int]:
    """`root_candidates`, but the plays after greedy's own choice ranked by `ahead`'s value of the
    position each leaves (`seen_value`: what the seat sees of it); each jack's best use by that value
    when it is not among them."""
    actions = state.legal_actions()
    if actions[-1] >= state.match.exchange:
        return root_candidates(state, rng, keep)
    plays, _ = ranked_plays(state, actions)
    seen = seen_by(state, state.seat)
    value = {a: seen_value(seen, a, ahead) for a in plays}
    ranked = plays[:1] + sorted(plays[1:], key=lambda a: -value[a])[:keep - 1]
    jacks: dict[str, int] = {}
    for action in sorted(plays, key=lambda a: -value[a]):
        jacks.setdefault(state.match.actions[action // CELL_COUNT], action)
    return ranked + [a for card, a in jacks.items() if card in SPECIAL_COST and a not in ranked]


def seen_by(state: MatchState, seat: int) -> MatchState:
    """The game as `seat` sees it: the other teams' hands left empty (their cards are not known)."""
    seen = state.clone()
    team = state.match.table.team_of(seat)
    for s in range(state.match.table.players):
        if state.match.table.team_of(s) != team:
            seen.hands[s] = []
    return seen


def seen_value(seen: MatchState, action: int, ahead=evaluate) -> float:
    """The value by `ahead`, for the seat to move, of the position `action` leaves in `seen` (`seen_by`)."""
    seat = seen.seat
    after = seen.clone()
    after.apply_action(action)
    return final_value(after)[seat] if after.is_terminal() else ahead(after)[seat]


def one_move_ahead(state: MatchState, rng: random.Random, keep: int = 8, ahead=evaluate) -> int:
    """The play that leaves the best value by `ahead`, as the seat sees it (`seen_value`), among the
    root search's candidates (`root_candidates`: greedy's `keep` best plays and each jack's best use,
    ties going to greedy's order; a dead card exchanged first, as greedy does)."""
    moves = root_candidates(state, rng, keep)
    if len(moves) == 1:
        return moves[0]
    seen = seen_by(state, state.seat)
    values = [seen_value(seen, a, ahead) for a in moves]
    return moves[values.index(max(values))]


class OneMoveAhead:
    """A bot of one move ahead: `one_move_ahead` with the fitted evaluation (or other `weights`)."""

    name = "one-ahead"

    def __init__(self, keep: int = 8, weights: tuple = FITTED_WEIGHTS, to_move: float = TO_MOVE_WEIGHT):
        self.keep = keep
        self.value = partial(evaluate, weights=tuple(weights), to_move=to_move)

    def choose(self, state: MatchState, rng: random.Random) -> int:
        return one_move_ahead(state, rng, self.keep, self.value)


class VariantMcts(MctsBot):
    """The product's mcts with the look-ahead ranking of its candidates, the counting evaluation, and/or
    playouts in which the searching seat plays one move ahead (`own_ahead`)."""

    def __init__(self, simulations: int | None = None, read_hands: bool = True, greedy_model: bool = True,
                 looked_ahead: bool = False, counting: bool = False, own_ahead: bool = False):
        super().__init__(simulations, read_hands=read_hands, greedy_model=greedy_model)
        value = evaluate_counted if counting else evaluate
        candidates = partial(looked_ahead_candidates, ahead=value) if looked_ahead else root_candidates
        self.greedy = self.search.game.rollout
        rollout = self._rollout if own_ahead else self.greedy
        self.search.game = dataclasses.replace(self.search.game, evaluate=value, candidates=candidates,
                                               rollout=rollout)
        self.searching = -1

    def _rollout(self, state: MatchState, rng: random.Random) -> int:
        """The searching seat plays one move ahead (4 plays and the jacks), every other seat greedy."""
        if state.seat == self.searching:
            return one_move_ahead(state, rng, keep=4)
        return self.greedy(state, rng)

    def choose(self, state: MatchState, rng: random.Random) -> int:
        self.searching = state.seat
        return super().choose(state, rng)
