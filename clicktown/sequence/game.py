"""Board and deck data for Sequence and Sequence Numbers, loaded and validated in one place.

One engine serves both games; the data says everything that differs between them:
  board -- 10 rows of 10 cell labels (a card such as `7h`, or a number such as `23`), `*` for the
           four free corners; every label stands exactly twice ("Jede Karte ist zweimal auf dem
           Spielbrett abgebildet"; "Es gibt zwei gleiche Zahlen auf der Tafel");
  deck  -- the cards: each either names a label (its two cells), or is `wild` (a chip on any free
           cell: two-eyed jack, plus card) or `remove` (take away one opponent chip: one-eyed jack,
           minus card); `copies` per card; `aliases` for other spellings.
Equation cards (`a+b`, `a-b`, `axb`, `a/b`) must name their own answer.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..datafiles import builtin_path, read_json, read_text, require
from ..errors import ClicktownError
from .geometry import CORNERS, SIZE

GAMES = {
    "sequence": ("Sequence", "board.txt", "deck.json"),
    "numbers": ("Sequence Numbers", "numbers-board.txt", "numbers-deck.json"),
}
ACTIONS = ("place", "wild", "remove")
FREE = "*"


@dataclass(frozen=True)
class Card:
    """One kind of card: `place` names a board label; `wild` and `remove` name no cell."""

    name: str
    action: str
    names: str | None = None

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"card": self.name, "action": self.action, "names": self.names}


@dataclass(frozen=True)
class Board:
    """The 100 cell labels (None on the free corners) and where each label stands."""

    labels: tuple[str | None, ...]
    cells_of: dict = field(compare=False)

    def label(self, index: int) -> str | None:
        """The label printed on a cell (None for a corner)."""
        return self.labels[index]

    def rows(self) -> list[list[str]]:
        """The labels row by row, with `*` on the corners."""
        shown = [FREE if lab is None else lab for lab in self.labels]
        return [shown[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]

    def as_dict(self) -> dict:
        """Plain form for JSON: the labels row by row."""
        return {"rows": self.rows()}


@dataclass(frozen=True)
class Deck:
    """The cards of a game by name, how many copies the deck holds, and other spellings."""

    cards: dict
    copies: dict
    aliases: dict

    def card(self, name: str) -> Card:
        """The card called `name` (any case, or an alias), or a ClicktownError."""
        key = name.strip().lower()
        key = self.aliases.get(key, key)
        if key not in self.cards:
            examples = ", ".join(list(self.cards)[:3])
            raise ClicktownError(f"unknown card {name!r} (cards of this deck look like {examples})")
        return self.cards[key]


@dataclass(frozen=True)
class Game:
    """A game's name, board and deck."""

    name: str
    title: str
    board: Board
    deck: Deck

    def as_dict(self) -> dict:
        """Plain form for JSON: name, board labels, and the deck with its copies."""
        cards = [{**card.as_dict(), "copies": self.deck.copies[name]} for name, card in self.deck.cards.items()]
        return {"game": self.name, "title": self.title, "board": self.board.rows(), "cards": cards}

    def cells_of(self, card: Card) -> tuple[int, ...]:
        """The board cells a `place` card names (empty for wild and remove cards)."""
        return self.board.cells_of.get(card.names, ()) if card.action == "place" else ()


def parse_board(text: str, source: str) -> Board:
    """A Board from its text: 10 rows of 10 whitespace-separated labels, `#` comments."""
    rows = [line.split() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    require(len(rows) == SIZE, f"{source}: a board has {SIZE} rows, found {len(rows)}")
    for r, row in enumerate(rows):
        require(len(row) == SIZE, f"{source}: board row {r} has {len(row)} cells, expected {SIZE}")
    flat = [label.lower() for row in rows for label in row]
    for i, label in enumerate(flat):
        at_corner = i in CORNERS
        require((label == FREE) == at_corner,
                f"{source}: row {i // SIZE}, column {i % SIZE}: '*' belongs on the four corners and only there")
    cells_of: dict[str, tuple[int, ...]] = {}
    for i, label in enumerate(flat):
        if label != FREE:
            cells_of[label] = cells_of.get(label, ()) + (i,)
    for label, cells in cells_of.items():
        require(len(cells) == 2, f"{source}: label {label!r} stands {len(cells)} times, every label must stand twice")
    labels = tuple(None if label == FREE else label for label in flat)
    return Board(labels, cells_of)


_EQUATION = re.compile(r"^(\d+)([+\-x/])(\d+)$")


def equation_value(card: str) -> float | None:
    """The value of an equation card such as `6x7` (None when the card is no equation)."""
    match = _EQUATION.match(card)
    if not match:
        return None
    a, op, b = int(match[1]), match[2], int(match[3])
    if op == "/":
        return a / b if b else None
    return {"+": a + b, "-": a - b, "x": a * b}[op]


def _parse_card(entry, source: str) -> tuple[Card, int]:
    """One deck entry -> (Card, copies), validated."""
    require(isinstance(entry, dict) and isinstance(entry.get("card"), str),
            f"{source}: every deck entry needs a \"card\" name")
    name = entry["card"].strip().lower()
    action = entry.get("action", "place")
    require(action in ACTIONS, f"{source}: card {name!r} has unknown action {action!r}")
    names = entry.get("names")
    require((action == "place") == isinstance(names, str),
            f"{source}: card {name!r}: a place card names one label, wild and remove cards name none")
    copies = entry.get("copies", 1)
    require(isinstance(copies, int) and copies >= 1, f"{source}: card {name!r} needs a positive number of copies")
    return Card(name, action, names.lower() if names else None), copies


def parse_deck(data, board: Board, source: str) -> Deck:
    """A Deck from its parsed JSON, checked against the board it is played on."""
    require(isinstance(data, dict) and isinstance(data.get("cards"), list), f"{source}: a deck is an object with a \"cards\" list")
    cards, copies = {}, Counter()
    for entry in data["cards"]:
        card, n = _parse_card(entry, source)
        require(card.name not in cards, f"{source}: card {card.name!r} is listed twice")
        require(card.action != "place" or card.names in board.cells_of,
                f"{source}: card {card.name!r} names {card.names!r}, which is not on the board")
        value = equation_value(card.name)
        require(value is None or card.names is None or str(value).removesuffix(".0") == card.names,
                f"{source}: equation card {card.name!r} does not come to {card.names!r}")
        cards[card.name], copies[card.name] = card, n
    named = {c.names for c in cards.values()}
    missing = sorted(set(board.cells_of) - named)
    require(not missing, f"{source}: no card names the board label(s) {', '.join(missing[:5])}")
    aliases = {str(k).lower(): str(v).lower() for k, v in (data.get("aliases") or {}).items()}
    for alias, target in aliases.items():
        require(target in cards, f"{source}: alias {alias!r} points to unknown card {target!r}")
    return Deck(cards, dict(copies), aliases)


def load_game(name: str = "sequence", board_file: str | Path | None = None, deck_file: str | Path | None = None) -> Game:
    """The game `name` with its built-in board and deck, or the user's own files in their place."""
    if name not in GAMES:
        raise ClicktownError(f"unknown game {name!r} (choose sequence or numbers)")
    title, board_name, deck_name = GAMES[name]
    board_path = board_file or builtin_path("sequence", board_name)
    deck_path = deck_file or builtin_path("sequence", deck_name)
    board = parse_board(read_text(board_path), str(board_path))
    deck = parse_deck(read_json(deck_path), board, str(deck_path))
    return Game(name, title, board, deck)


def parse_hand(text: str, deck: Deck) -> tuple[Card, ...]:
    """The cards of a hand written as names separated by commas or spaces (`7h,jd,as`)."""
    names = [n for n in re.split(r"[,\s]+", text.strip()) if n]
    hand = tuple(deck.card(n) for n in names)
    for name, n in Counter(c.name for c in hand).items():
        if n > deck.copies[name]:
            raise ClicktownError(f"the hand holds {n} copies of {name} but the deck has only {deck.copies[name]}")
    return hand
