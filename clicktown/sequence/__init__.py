"""Sequence and Sequence Numbers (Jax): board analysis, legal moves and "win in N" puzzles.

One engine serves both games; the board and deck data say what differs (cell labels, what each
card names, which cards are wild or remove chips), and `rules` holds the two win conditions.
Every result is a plain object with `as_dict()`; cells are indices 0..99 (row * 10 + column) and
appear in JSON as [row, column], rows and columns 0-9 from the top left.

    game = load_game("sequence")                 # or "numbers", or your own board/deck files
    position = parse_position(text)              # the 10 x 10 text format
    count_sequences(position)                    # SequenceCount: per-team counts and the lines
    legal_moves(game, position, "A", hand)       # CardMoves per card of the hand
    solve.solve(game, position, "A", hand, 3, needed)  # Solution (from .solve): a shortest line, or none
    generate_puzzle(game, seed=1, turns=2)       # Puzzle with exactly one winning first move

Modules: `cards` (the board and deck data), `geometry`, `position`, `sequences` (counting), `moves`,
`solve` (win in N), `puzzle`, `rules` (the two rulebooks' tables); `render/` (text and SVG);
`commands` (the `clicktown sequence` group). The whole game lives in `game/`: `state` (the engine in
the OpenSpiel shape of `clicktown.arena`, with `rules.seat_table` for the table), `bots`,
`simulate` (seeded runs and traces), `play` (a person at the terminal) and `env` (PettingZoo).
Nothing here imports OR-Tools until a CP-SAT function is called.
"""

from ..lazy import exports

# The public names, each imported from its module on first use (PEP 562), so that running one command
# (`clicktown.sequence.commands`) does not load the whole package.
_HOME = {
    "Board": "cards",
    "Card": "cards",
    "CardMoves": "moves",
    "Deck": "cards",
    "Game": "cards",
    "Line": "sequences",
    "Move": "moves",
    "Position": "position",
    "Puzzle": "puzzle",
    "SequenceCount": "sequences",
    "Solution": "solve",
    "apply_move": "moves",
    "count_sequences": "sequences",
    "empty_position": "position",
    "generate_puzzle": "puzzle",
    "legal_moves": "moves",
    "load_game": "cards",
    "parse_hand": "cards",
    "parse_position": "position",
    "play_line": "moves",
    "protected_cells": "sequences",
    "sequences_needed": "rules",
    "table_for": "rules",
    "winning_first_moves": "solve",
}

__all__ = sorted(_HOME)

__getattr__ = exports(__name__, _HOME)
