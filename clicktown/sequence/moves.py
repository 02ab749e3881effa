"""Legal moves for a hand: where each card can put a chip, which chips it can remove, dead cards.

Rules: a card puts a chip on either of its two cells, if that cell is free; a wild card (two-eyed
jack, plus card) puts a chip on any free cell; a remove card (one-eyed jack, minus card) takes
one opponent chip away, but never one that is part of a completed sequence. A card whose two cells
are both taken is dead: it may be exchanged for a new card, one per turn, before the normal move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ClicktownError
from ..messages import say
from .geometry import CELLS, row_col
from .position import Position
from .sequences import protected_cells

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card, Game


@dataclass(frozen=True)
class Move:
    """One turn: a card and the cell it puts a chip on (`place`) or takes a chip from (`remove`)."""

    card: str
    action: str
    cell: int

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"card": self.card, "action": self.action, "cell": list(row_col(self.cell))}

    def describe(self, lang: str = "en") -> str:
        """The move in words ('play 7h: put a chip on row 3, column 4')."""
        r, c = row_col(self.cell)
        deed = "place" if self.action == "place" else "remove"
        return say(lang, f"sequence.action.{deed}", card=self.card, row=r, column=c)


@dataclass(frozen=True)
class CardMoves:
    """What one card of the hand can do now: its action, the cells it reaches, whether it is dead."""

    card: str
    action: str
    copies: int
    cells: tuple[int, ...]
    dead: bool

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"card": self.card, "action": self.action, "copies": self.copies,
                "cells": [list(row_col(c)) for c in self.cells], "dead": self.dead}


def remove_targets(position: Position, team: str, guarded: set[int] | None = None) -> tuple[int, ...]:
    """The opponent chips a remove card may take."""
    guarded = protected_cells(position) if guarded is None else guarded
    return tuple(i for i in CELLS if position.team_at(i) not in (None, team) and i not in guarded)


def card_cells(game: Game, position: Position, team: str, card: Card, guarded: set[int] | None = None) -> tuple[int, ...]:
    """The cells a card reaches now: free named cells, any free cell, or removable chips."""
    if card.action == "remove":
        return remove_targets(position, team, guarded)
    if card.action == "wild":
        return tuple(i for i in CELLS if position.is_empty(i))
    return tuple(i for i in game.cells_of(card) if position.is_empty(i))


def is_dead(game: Game, position: Position, card: Card) -> bool:
    """True for a place card whose two cells are both taken."""
    return card.action == "place" and not any(position.is_empty(i) for i in game.cells_of(card))


def legal_moves(game: Game, position: Position, team: str, hand: tuple[Card, ...]) -> list[CardMoves]:
    """For each distinct card of the hand (in hand order), what it can do now."""
    guarded = protected_cells(position)
    seen: dict[str, CardMoves] = {}
    for card in hand:
        if card.name in seen:
            old = seen[card.name]
            seen[card.name] = CardMoves(old.card, old.action, old.copies + 1, old.cells, old.dead)
            continue
        cells = card_cells(game, position, team, card, guarded)
        seen[card.name] = CardMoves(card.name, card.action, 1, cells, is_dead(game, position, card))
    return list(seen.values())


def apply_move(position: Position, team: str, move: Move) -> Position:
    """The position after a move by `team`."""
    return position.with_chip(move.cell, team if move.action == "place" else ".")


def play_line(game: Game, position: Position, team: str, hand: tuple[Card, ...], line) -> Position:
    """The position after playing `line` from `hand`, checking every move is legal (ClicktownError if not)."""
    cards = list(hand)
    guarded = protected_cells(position)
    for n, move in enumerate(line, 1):
        card = next((c for c in cards if c.name == move.card), None)
        if card is None:
            raise ClicktownError(f"move {n}: card {move.card} is not in the hand")
        action = "remove" if card.action == "remove" else "place"
        if move.action != action or move.cell not in card_cells(game, position, team, card, guarded):
            raise ClicktownError(f"move {n}: {move.describe()} is not legal")
        cards.remove(card)
        position = apply_move(position, team, move)
    return position
