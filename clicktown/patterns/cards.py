"""Cards, traits, the deck and the wheel of Wild Wild Pattern.

Glossary (the names the whole package uses):
- trait: one attribute value of a card: a COLOR (red, blue, yellow, grey, white), a SUIT (coin,
  bullets) or an OBJECT (gun, loot, star, bottle, horseshoe, dynamite, barrel, wanted).
- card: one color, one object and one suit; written `color-object-suit`, e.g. `blue-gun-bullets`.
  German, French and Italian names are accepted in any order (`blau-pistole-kugeln`).
- deck: the 40 pattern cards (a data file; the built-in one is an assumption, see its "about").
- wheel: 8 face-up cards in clockwise order, positions 0-7; a partial wheel may hold gaps (`_`).

The attribute values and their names in four languages live in `data/vocabulary.json`, loaded and
checked once by `vocabulary()`.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache

from ..datafiles import builtin_path, read_json, require, short, validated
from ..errors import ClicktownError, DataError

ATTRIBUTES = ("color", "suit", "object")
WHEEL_SIZE = 8
GAP_WORDS = ("_", "?", "gap")


@dataclass(frozen=True, order=True)
class Trait:
    """One attribute value of a card, e.g. Trait("color", "blue")."""

    attribute: str
    value: str

    def as_dict(self) -> dict:
        """The JSON form: {"attribute", "value"}."""
        return {"attribute": self.attribute, "value": self.value}

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Vocabulary:
    """The traits of the game in a fixed order, and the phrases that name them."""

    traits: tuple[Trait, ...]
    phrases: dict[tuple[str, ...], Trait]
    longest: int

    def index(self, trait: Trait) -> int:
        """The position of `trait` in the fixed trait order (the enumerator's bit number)."""
        return self.traits.index(trait)

    def values(self, attribute: str) -> list[str]:
        """The values of one attribute, in order."""
        return [t.value for t in self.traits if t.attribute == attribute]


def fold(text: str) -> str:
    """Lower-case `text` and fold accents and ß, so that `Münze` and `munze` match."""
    text = text.lower().replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The folded words of `text` (letters only)."""
    return re.findall(r"[a-z]+", fold(text))


@cache
def vocabulary() -> Vocabulary:
    """The built-in vocabulary (data/vocabulary.json), checked once."""
    return load_vocabulary(builtin_path("patterns", "vocabulary.json"), check=False)


def load_vocabulary(path, check: bool = True) -> Vocabulary:
    """Read and check a vocabulary file: three attributes, values with names, no name used twice.

    `check=False` skips the schema (pydantic) for the built-in file, which the tests check instead.
    """
    doc = read_json(path)
    if check:
        from .schema import VocabularyFile

        validated(doc, VocabularyFile, path)
    attributes = doc.get("attributes") if isinstance(doc, dict) else None
    require(isinstance(attributes, dict) and set(attributes) == set(ATTRIBUTES),
            f"{path}: 'attributes' must hold exactly {', '.join(ATTRIBUTES)}")
    traits, phrases = [], {}
    for attribute in ATTRIBUTES:
        values = attributes[attribute].get("values") if isinstance(attributes[attribute], dict) else None
        require(isinstance(values, dict) and values, f"{path}: {attribute} has no values")
        for value, names in values.items():
            trait = Trait(attribute, value)
            traits.append(trait)
            require(isinstance(names, dict), f"{path}: names of {value} must be a mapping of languages")
            for name in [value] + [n for ns in names.values() for n in ns]:
                key = tuple(words(name))
                require(bool(key), f"{path}: empty name for {value}")
                require(phrases.get(key, trait) == trait, f"{path}: name '{name}' names two traits")
                phrases[key] = trait
    return Vocabulary(tuple(traits), phrases, max(len(k) for k in phrases))


def find_traits(tokens: list[str], vocab: Vocabulary) -> list[tuple[int, Trait | None, str]]:
    """Match the longest trait names in `tokens`: (token index, trait or None, the word(s))."""
    found, i = [], 0
    while i < len(tokens):
        for size in range(min(vocab.longest, len(tokens) - i), 0, -1):
            trait = vocab.phrases.get(tuple(tokens[i:i + size]))
            if trait is not None:
                found.append((i, trait, " ".join(tokens[i:i + size])))
                i += size
                break
        else:
            found.append((i, None, tokens[i]))
            i += 1
    return found


@dataclass(frozen=True, order=True)
class Card:
    """A pattern card: one color, one object, one suit."""

    color: str
    object: str
    suit: str

    def traits(self) -> tuple[Trait, Trait, Trait]:
        """The card's three traits: color, suit, object."""
        return Trait("color", self.color), Trait("suit", self.suit), Trait("object", self.object)

    def has(self, trait: Trait) -> bool:
        """Whether the card shows `trait`."""
        return getattr(self, trait.attribute) == trait.value

    def __str__(self) -> str:
        return f"{self.color}-{self.object}-{self.suit}"


def parse_card(text: str, deck: "Deck | None" = None) -> Card:
    """A card from its notation (`blue-gun-bullets`, any order, any of four languages).

    Without a suit (`blue-gun`) the deck decides it when it holds exactly one such card.
    """
    vocab = vocabulary()
    found = find_traits(words(text), vocab)
    unknown = [w for _, t, w in found if t is None]
    if unknown:
        raise ClicktownError(f"unknown word '{unknown[0]}' in card '{text}' "
                             f"(colors: {', '.join(vocab.values('color'))}; "
                             f"objects: {', '.join(vocab.values('object'))}; suits: coin, bullets)")
    chosen: dict[str, str] = {}
    for _, trait, _ in found:
        if trait.attribute in chosen and chosen[trait.attribute] != trait.value:
            raise ClicktownError(f"card '{text}' names two {trait.attribute}s: "
                                 f"{chosen[trait.attribute]} and {trait.value}")
        chosen[trait.attribute] = trait.value
    if "suit" not in chosen and deck is not None and {"color", "object"} <= set(chosen):
        return deck.card_of(chosen["color"], chosen["object"], text)
    missing = [a for a in ("color", "object", "suit") if a not in chosen]
    if missing:
        raise ClicktownError(f"card '{text}' has no {' and no '.join(missing)} "
                             f"(write color-object-suit, e.g. blue-gun-bullets)")
    return Card(chosen["color"], chosen["object"], chosen["suit"])


@dataclass(frozen=True)
class Deck:
    """The pattern cards of the game, with multiplicity, and where they came from."""

    cards: tuple[Card, ...]
    source: str

    def counts(self) -> Counter:
        """How many copies of each card the deck holds."""
        return Counter(self.cards)

    def card_of(self, color: str, obj: str, text: str) -> Card:
        """The deck's one card with this color and object (for notation without a suit)."""
        matches = sorted({c for c in self.cards if c.color == color and c.object == obj})
        if len(matches) != 1:
            raise ClicktownError(f"card '{text}' needs a suit: the deck holds "
                                 f"{len(matches)} {color} {obj} cards")
        return matches[0]

    def check(self, cards: list[Card]) -> None:
        """Raise unless the deck holds all of `cards` (each as often as it is used)."""
        have = self.counts()
        for card, used in Counter(cards).items():
            if have[card] == 0:
                raise ClicktownError(f"card {card} is not in the deck ({self.source}); "
                                     f"pass --deck FILE to use your own deck")
            if used > have[card]:
                raise ClicktownError(f"card {card} is used {used} times but the deck "
                                     f"({self.source}) holds {have[card]}")


def load_deck(path=None) -> Deck:
    """The deck from `path`, or the built-in (assumed) deck; every card is checked.

    A user's file is checked against `schema.DeckFile` (the built-in one by the tests), then every
    card's words: `FILE: cards[3]: expected a card color-object-suit, found 'purple-gun-coin' (...)`.
    """
    source = str(path) if path is not None else "built-in deck, an assumption"
    doc = read_json(path if path is not None else builtin_path("patterns", "deck.json"))
    where = path if path is not None else "deck.json"
    if path is not None:
        from .schema import DeckFile

        validated(doc, DeckFile, where)
    parsed = []
    for place, text in enumerate(doc["cards"]):
        try:
            parsed.append(parse_card(text))
        except ClicktownError as exc:
            raise DataError(f"{where}: cards[{place}]: expected a card color-object-suit, found {short(text)} "
                            f"({exc})") from None
    return Deck(tuple(parsed), source)


@dataclass(frozen=True)
class Wheel:
    """8 cards in clockwise order (positions 0-7); None marks a gap in a partial wheel."""

    cards: tuple[Card | None, ...]

    def covered(self, position: int, card: Card) -> "Wheel":
        """The wheel after `card` covers the card at `position`."""
        check_position(position)
        return Wheel(self.cards[:position] + (card,) + self.cards[position + 1:])

    def gaps(self) -> list[int]:
        """The positions without a card."""
        return [i for i, c in enumerate(self.cards) if c is None]

    def as_dict(self) -> list:
        """The cards in notation (null for a gap)."""
        return [str(c) if c is not None else None for c in self.cards]

    def __str__(self) -> str:
        return ",".join(str(c) if c is not None else "_" for c in self.cards)


def check_position(position: int) -> None:
    """Raise unless `position` is a wheel position 0-7."""
    if not 0 <= position < WHEEL_SIZE:
        raise ClicktownError(f"position {position} is not on the wheel (positions are 0-7)")


def parse_wheel(text: str, deck: Deck | None = None, gaps: bool = False) -> Wheel:
    """A wheel from 8 cards separated by commas (gaps `_` allowed when `gaps`), checked against the deck."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != WHEEL_SIZE:
        raise ClicktownError(f"a wheel has 8 cards separated by commas, got {len(parts)}")
    cards = []
    for part in parts:
        if gaps and part.lower() in GAP_WORDS:
            cards.append(None)
        elif not part:
            raise ClicktownError("empty card in the wheel (8 cards separated by commas)")
        else:
            cards.append(parse_card(part, deck))
    if deck is not None:
        deck.check([c for c in cards if c is not None])
    return Wheel(tuple(cards))
