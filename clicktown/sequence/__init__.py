"""Sequence and Sequence Numbers (Jax): board analysis, legal moves and "win in N" puzzles.

One engine serves both games; the board and deck data say what differs (cell labels, what each
card names, which cards are wild or remove chips), and `rules` holds the two win conditions.
Every result is a plain object with `as_dict()`; cells are indices 0..99 (row * 10 + column) and
appear in JSON as [row, column], rows and columns 0-9 from the top left.

    game = load_game("sequence")                 # or "numbers", or your own board/deck files
    position = parse_position(text)              # the 10 x 10 text format
    count_sequences(position)                    # SequenceCount: per-team counts and the lines
    legal_moves(game, position, "A", hand)       # CardMoves per card of the hand
    solve(game, position, "A", hand, 3, needed)  # Solution: a shortest winning line, or none
    generate_puzzle(game, seed=1, turns=2)       # Puzzle with exactly one winning first move

Modules: `cards` (the board and deck data), `geometry`, `position`, `sequences` (counting), `moves`,
`solve` (win in N), `puzzle`, `rules` (the two rulebooks' tables); `render/` (text and SVG);
`commands` (the `clicktown sequence` group). The whole game lives in `game/`: `state` (the engine in
the OpenSpiel shape of `clicktown.arena`, with `rules.seat_table` for the table), `bots`,
`simulate` (seeded runs and traces), `play` (a person at the terminal) and `env` (PettingZoo). Nothing here imports OR-Tools
until a CP-SAT function is called.
"""

from .cards import Board, Card, Deck, Game, load_game, parse_hand
from .moves import CardMoves, Move, apply_move, legal_moves, play_line
from .position import Position, empty_position, parse_position
from .puzzle import Puzzle, generate_puzzle
from .rules import sequences_needed, table_for
from .sequences import Line, SequenceCount, count_sequences, protected_cells
from .solve import Solution, solve, winning_first_moves

__all__ = [
    "Board", "Card", "CardMoves", "Deck", "Game", "Line", "Move", "Position", "Puzzle", "SequenceCount", "Solution",
    "apply_move", "count_sequences", "empty_position", "generate_puzzle", "legal_moves", "load_game", "parse_hand",
    "parse_position", "play_line", "protected_cells", "sequences_needed", "solve", "table_for", "winning_first_moves",
]
