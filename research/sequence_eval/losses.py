"""`python -m research.sequence_eval.losses VARIANT [--games 100] [--seed 0]`: how the sequences of
mcts-against-greedy games were made (the games of `strength.py`, the same seeds).

A sequence is made by a chip on the gap of an open four that stood at the other side's turn before
(one chip a turn). For each sequence this counts, apart for the games mcts won and lost, who made
it, with which card (a card of the cell or a two-eyed jack), whether the open fours at the other
side's turn left more than one gap, and whether that side could have answered the four made into
a sequence: a chip on its gap (a card of the cell or a two-eyed jack in hand) or a one-eyed jack on
one of its chips. "could answer" counts are the sequences a rule of exact tactics (block a four
whenever you can) would have stopped.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from multiprocessing import get_context

from clicktown.arena.simulate import game_seed
from clicktown.arena.state import resolve_chance
from clicktown.sequence.game import bots
from clicktown.sequence.game.simulate import Setup, make_match
from clicktown.sequence.game.state import CELL_COUNT
from clicktown.sequence.geometry import WINDOWS
from clicktown.sequence.position import EMPTY

from .strength import arguments, variant


def could_answer(state, seat: int, four: int) -> bool:
    """Whether `seat` holds a card that puts a chip on the four's gap or takes one of its chips."""
    match, board = state.match, state.board
    team = match.table.team_of(seat)
    gap = next(c for c in WINDOWS[four].cells if board[c] == EMPTY)
    for kind in state.hands[seat]:
        card = match.actions[kind]
        if card == "wild" or card == "place" and gap in match.cells_of_kind[kind]:
            return True
        if card == "remove" and any(board[c].isupper() and board[c] != team for c in WINDOWS[four].cells):
            return True
    return False


def sequence_made(before, seat: int, action: int, name: str) -> list[str]:
    """What is counted of a sequence `seat` made with `action`, read at the other side's turn `before`."""
    rival = before.match.table.team_of(seat)
    card = before.match.actions[action // CELL_COUNT]
    cell = action % CELL_COUNT
    fours = bots.open_fours(before, rival)
    gaps = {c for w in fours for c in WINDOWS[w].cells if before.board[c] == EMPTY}
    made = [w for w in fours if cell in WINDOWS[w].cells]
    tags = [f"{name} sequences", f"{name} sequences by a {'two-eyed jack' if card == 'wild' else 'card of the cell'}"]
    if len(gaps) > 1:
        tags.append(f"{name} sequences with two gaps or more open")
    if any(could_answer(before, 1 - seat, w) for w in made):
        tags.append(f"{name} sequences the other side could answer")
    return tags


def play(index: int, seed: int, name: str) -> tuple[bool, Counter]:
    """(mcts won, what was counted) of one game."""
    match = make_match(Setup())
    rng = random.Random(game_seed(seed, index))
    mcts, greedy = variant(name), bots.GreedyBot()
    mcts_seat = index % 2
    state, counted, before = match.new_state(), Counter(), {}
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        seat = state.seat
        team = match.table.team_of(seat)
        made = len(state.sequences[team])
        before[seat] = state.clone()
        action = mcts.choose(state, rng) if seat == mcts_seat else greedy.choose(state, rng)
        state.apply_action(action)
        if len(state.sequences[team]) > made and 1 - seat in before:
            counted.update(sequence_made(before[1 - seat], seat, action, "mcts" if seat == mcts_seat else "greedy"))
    return state.winner == match.table.team_of(mcts_seat), counted


def main() -> None:
    args = arguments()
    with get_context("fork").Pool(args.workers) as pool:
        results = pool.map(partial(play, seed=args.seed, name=args.variant), range(args.games))
    for won in (True, False):
        games = [c for w, c in results if w == won]
        print(f"games mcts {'won' if won else 'lost'}: {len(games)}")
        for tag, n in sorted(sum(games, Counter()).items()):
            print(f"  {tag}: {n}")


if __name__ == "__main__":
    main()
