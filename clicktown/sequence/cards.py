"""Board and deck data for Sequence and Sequence Numbers, loaded and validated in one place.

One engine serves both games; the data says everything that differs between them:
  board -- 10 rows of 10 cell labels (a card such as `7h`, or a number such as `23`), `*` for the
           four free corners; every label stands exactly twice ("Jede Karte ist zweimal auf dem
           Spielbrett abgebildet"; "Es gibt zwei gleiche Zahlen auf der Tafel");
  deck  -- the cards: each either names a label (its two cells), or is `wild` (a chip on any free
           cell: two-eyed jack, plus card) or `remove` (take away one opponent chip: one-eyed jack,
           minus card); `copies` per card; `aliases` for other spellings.
Equation cards (`a+b`, `a-b`, `axb`, `a/b`, numbers of at most four digits) must name their own
answer. In a hand, any equation with the right answer stands for a card of that number (`3+4` for a
card of 7), within the number of cards the deck holds for it. The corners may be written `*`, `jk`,
`joker` or `free`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..datafiles import builtin_path, read_json, read_text, require, short, validated
from ..errors import ClicktownError, DataError
from .geometry import CORNERS, SIZE

GAMES = {
    "sequence": ("Sequence", "board.txt", "deck.json"),
    "numbers": ("Sequence Numbers", "numbers-board.txt", "numbers-deck.json"),
}
ACTIONS = ("place", "wild", "remove")
FREE = "*"
CORNER_SPELLINGS = (FREE, "jk", "joker", "free")


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
            raise ClicktownError(f"unknown card {name[:20]!r} (cards of this deck look like {examples})")
        return self.cards[key]

    def cards_naming(self, label: str) -> list[Card]:
        """The place cards that name a board label."""
        return [c for c in self.cards.values() if c.action == "place" and c.names == label]


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


def parse_board(text: str, source: str, check_shape: bool = True) -> Board:
    """A Board from its text: 10 rows of 10 whitespace-separated labels, `#` comments.

    `check_shape` runs the pydantic model of the labels (`schema.BoardFile`); the built-in boards skip it.
    """
    rows = [line.split() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    require(len(rows) == SIZE, f"{source}: a board has {SIZE} rows, found {len(rows)}")
    for r, row in enumerate(rows):
        require(len(row) == SIZE, f"{source}: board row {r} has {len(row)} cells, expected {SIZE}")
    flat = [label.lower() for row in rows for label in row]
    if check_shape:
        from .schema import BoardFile

        validated({"rows": [flat[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]}, BoardFile, source)
    for i, label in enumerate(flat):
        where = f"{source}: row {i // SIZE}, column {i % SIZE}"
        if i in CORNERS:
            require(label in CORNER_SPELLINGS, f"{where} is a corner: expected '*' (or jk, joker, free), found {label!r}")
            flat[i] = FREE
        else:
            require(label not in CORNER_SPELLINGS, f"{where}: expected a card label, found the free-corner mark {label!r} "
                    "(free cells stand on the four corners only)")
    cells_of: dict[str, tuple[int, ...]] = {}
    for i, label in enumerate(flat):
        if label != FREE:
            cells_of[label] = cells_of.get(label, ()) + (i,)
    for label, cells in cells_of.items():
        require(len(cells) == 2, f"{source}: label {label!r} stands {len(cells)} times, every label must stand twice")
    labels = tuple(None if label == FREE else label for label in flat)
    return Board(labels, cells_of)


RANKS = {"t": "10", "j": "J", "q": "Q", "k": "K", "a": "A"}  # a card's rank letter as printed (2-9 as they are)
SUIT_SIGNS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def card_face(name: str) -> str:
    """A playing card's name as printed on it ('th' -> '10\u2665', 'jd' -> 'J\u2666'); any other name as it is."""
    if len(name) == 2 and name[1] in SUIT_SIGNS and (name[0] in "23456789" or name[0] in RANKS):
        return RANKS.get(name[0], name[0]) + SUIT_SIGNS[name[1]]
    return name


_EQUATION = re.compile(r"^(\d+)([+\-x*/])(\d+)$")
MAX_DIGITS = 4


def equation_value(card: str) -> Fraction | None:
    """The value of an equation card such as `6x7` (None when the card is no equation).

    A ClicktownError when it is written as an equation but cannot be one: numbers longer than
    four digits, or a division by zero.
    """
    match = _EQUATION.match(card.strip().lower())
    if not match:
        return None
    if len(match[1]) > MAX_DIGITS or len(match[3]) > MAX_DIGITS:
        raise ClicktownError(f"equation {card[:20]!r}...: numbers of at most {MAX_DIGITS} digits")
    a, op, b = int(match[1]), match[2], int(match[3])
    if op == "/":
        if b == 0:
            raise ClicktownError(f"equation {card!r} divides by zero")
        return Fraction(a, b)
    return Fraction({"+": a + b, "-": a - b, "x": a * b, "*": a * b}[op])


def parse_deck(data, board: Board, source: str, check_shape: bool = True) -> Deck:
    """A Deck from its parsed JSON, checked against the board it is played on.

    `check_shape` runs the pydantic model of the file (`schema.DeckFile`) first; the built-in decks,
    checked by the tests, skip it to keep start-up quick. The meaning checks always run.
    """
    entries, aliases = _deck_entries(data, source, check_shape)
    cards, copies = {}, Counter()
    for k, (name, action, names, n) in enumerate(entries):
        where = f"{source}: cards[{k}]"
        name = name.strip().lower()
        names = names.strip().lower() if names is not None else None
        require((action == "place") == (names is not None),
                f"{where}: card {name!r}: a place card names one label, wild and remove cards name none")
        require(name not in cards, f"{where}: card {name!r} is listed twice")
        require(action != "place" or names in board.cells_of,
                f"{where}: card {name!r} names {names!r}, which is not on the board")
        try:
            value = equation_value(name)
        except ClicktownError as exc:
            raise DataError(f"{where}: {exc}") from None
        require(value is None or names is None or str(value) == names,
                f"{where}: equation card {name!r} does not come to {names!r}")
        cards[name], copies[name] = Card(name, action, names), n
    named = {c.names for c in cards.values()}
    missing = sorted(set(board.cells_of) - named)
    require(not missing, f"{source}: no card names the board label(s) {', '.join(missing[:5])}")
    aliases = {k.strip().lower(): v.strip().lower() for k, v in aliases.items()}
    for alias, target in aliases.items():
        require(target in cards, f"{source}: aliases.{alias}: points to unknown card {target!r}")
    return Deck(cards, dict(copies), aliases)


def _deck_entries(data, source: str, check_shape: bool):
    """[(card, action, names, copies)] and the aliases of a deck file."""
    if check_shape:
        from .schema import DeckFile

        deck = validated(data, DeckFile, source)
        return [(e.card, e.action, e.names, e.copies) for e in deck.cards], deck.aliases
    entries = [(e["card"], e.get("action", "place"), e.get("names"), e.get("copies", 1)) for e in data["cards"]]
    return entries, data.get("aliases") or {}


def load_game(name: str = "sequence", board_file: str | Path | None = None, deck_file: str | Path | None = None) -> Game:
    """The game `name` with its built-in board and deck, or the user's own files in their place."""
    if name not in GAMES:
        raise ClicktownError(f"unknown game {name!r} (choose sequence or numbers)")
    title, board_name, deck_name = GAMES[name]
    board_path = board_file or builtin_path("sequence", board_name)
    deck_path = deck_file or builtin_path("sequence", deck_name)
    board = parse_board(read_text(board_path), str(board_path), check_shape=board_file is not None)
    deck = parse_deck(read_json(deck_path), board, str(deck_path), check_shape=deck_file is not None)
    return Game(name, title, board, deck)


def parse_hand(text: str, deck: Deck, limit: int | None = None, source: str = "--hand") -> tuple[Card, ...]:
    """The cards of a hand written as names separated by commas or spaces (`7h,jd,as`).

    The names go through the project's validation layer (`text_shapes.hand_cards`, the plain form of
    `schema.HandCards`: one to seven short names); then each must be a card of the deck. An equation that is not itself a card of the deck
    stands for a card of its answer (`3+4` for a card of 7) while the deck has such cards left.
    `limit` lowers the largest hand below the rulebooks' seven. Errors read `SOURCE: cards[i]: expected ..., found ...`.
    """
    from .text_shapes import hand_cards

    names = hand_cards([n for n in re.split(r"[,\s]+", text.strip()) if n], source)
    if limit is not None and len(names) > limit:
        raise _hand_error(source, "cards", f"at most {limit} cards", f"{len(names)}")
    known = [deck.aliases.get(n.lower(), n.lower()) in deck.cards for n in names]
    held = Counter(deck.card(n).name for n, k in zip(names, known) if k)
    for name, n in held.items():
        if n > deck.copies[name]:
            place = f"cards[{max(i for i, m in enumerate(names) if known[i] and deck.card(m).name == name)}]"
            raise _hand_error(source, place, f"at most {deck.copies[name]} copies of {name} (the deck holds no more)",
                              f"{n} copies")
    left = Counter(deck.copies)
    left.subtract(held)
    hand = []
    for i, (name, is_card) in enumerate(zip(names, known)):
        card = deck.card(name) if is_card else _hand_card(name, deck, left, source, f"cards[{i}]")
        if not is_card:
            left[card.name] -= 1
        hand.append(card)
    return tuple(hand)


def _hand_card(name: str, deck: Deck, left: Counter, source: str, place: str) -> Card:
    """The deck card a hand entry that is not itself a card stands for: one with the equation's answer."""
    key = name.strip().lower()
    try:
        value = equation_value(key)
    except ClicktownError:
        raise _hand_error(source, place, f"an equation of numbers of at most {MAX_DIGITS} digits that does not divide "
                          "by zero", short(key)) from None
    if value is None:
        examples = ", ".join(list(deck.cards)[:3])
        raise _hand_error(source, place, f"a card of this deck (cards look like {examples})", f"the unknown card {short(key)}")
    same = deck.cards_naming(str(value))
    if not same:
        raise _hand_error(source, place, "an equation whose answer stands on the board", f"{short(key)}, which comes to {value}")
    total = sum(deck.copies[c.name] for c in same)
    spare = [c for c in same if left[c.name] > 0]
    if not spare:
        raise _hand_error(source, place, f"at most {total} cards for {value} (the deck holds no more)",
                          f"one more: {short(key)}")
    return spare[0]


def _hand_error(source: str, place: str, expected: str, found: str) -> DataError:
    """The validation layer's one-line error for a hand: `SOURCE: place: expected ..., found ...`."""
    return DataError(f"{source}: {place}: expected {expected}, found {found}")
