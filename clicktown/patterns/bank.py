"""The Bank card, the Target cards and the challenge cards of Wild Wild Pattern, and what the Bank pays.

Glossary:
- combination: a condition on the cards a player won in a round ("3 same Color": some color on
  exactly 3 cards) and what it pays, in cents. Every combination is read as "exactly", never
  "at least" (DE: „alle Kombinationen auf der Bankkarte sind zu verstehen als ‚genau‘“).
- Bank card: the combinations everyone is paid for, checked top to bottom; the Wild combinations
  (5 different colors, 5 different objects, 5 Wanted) make the player the new director instead.
- Target card: each player's own extra combinations for the round (one card each, dealt anew
  every round).
- challenge card: one of 7 powers (steal, remove a Bullets card, remove a Coin card, exchange,
  1 $, 50 cents, 10 cents).
- tally: a hand of won cards as one int, how many cards show each trait of the vocabulary, a field
  of TALLY_BITS bits per trait (`card_tally`); a hand's tally is the sum of its cards' tallies, so
  adding or removing a card is one addition. Every combination reads one attribute, so the Bank
  reads a tally part by part (`Bank.parts`: its colors, suits, objects), and keeps each part's
  answer: few hands differ in one attribute. `Bank.payout` is the readable form, card by card.

The printed cards are pictures the rulebook text does not contain, so `data/bank.json` marks
each entry as named by the rulebook or assumed; `--bank FILE` replaces it with the owner's
transcription. The file is checked with the pydantic models below.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator

from ..datafiles import builtin_path, read_json, validated
from .cards import ATTRIBUTES, Card, vocabulary

Text = Annotated[StrictStr, Field(min_length=1, max_length=200)]
Cents = Annotated[StrictInt, Field(ge=0, le=100_000)]
Source = Literal["rulebook", "assumed"]
PAYOUTS_KEPT = 50_000       # answers a Bank keeps before it forgets them all
TALLY_BITS = 10             # bits per trait in a tally: a deck holds at most 1,000 cards
POWERS = ("steal", "remove-bullets", "remove-coin", "exchange", "money")


class CombinationEntry(BaseModel):
    """One line of the Bank card or of a Target card.

    rule "same": some value of `attribute` is on exactly `count` cards;
    rule "distinct": exactly `count` different values of `attribute`;
    rule "value": exactly `count` cards show `value` (an attribute value).
    """

    model_config = ConfigDict(extra="forbid")
    name: Text
    rule: Literal["same", "distinct", "value"]
    attribute: Literal["color", "suit", "object"]
    count: Annotated[StrictInt, Field(ge=1, le=40)]
    value: Text | None = None
    cents: Cents = 0
    wild: bool = False
    source: Source
    amount_source: Source = "assumed"

    @model_validator(mode="after")
    def _value_fits(self):
        values = [t.value for t in vocabulary().traits if t.attribute == self.attribute]
        if self.rule == "value" and self.value not in values:
            raise ValueError(f"rule 'value' needs a value among the {self.attribute}s: {', '.join(values)}")
        if self.rule != "value" and self.value is not None:
            raise ValueError("only rule 'value' takes a value")
        return self


class TargetEntry(BaseModel):
    """One Target card: its combinations."""

    model_config = ConfigDict(extra="forbid")
    name: Text
    combinations: Annotated[list[CombinationEntry], Field(min_length=1, max_length=20)]
    source: Source


class ChallengeEntry(BaseModel):
    """One challenge card: its power, and the cents it pays when the power is money."""

    model_config = ConfigDict(extra="forbid")
    id: Annotated[StrictStr, Field(min_length=1, max_length=30, pattern=r"^[a-z0-9-]+$")]
    name: Text
    power: Literal[POWERS]
    cents: Cents = 0
    source: Source


class BankFile(BaseModel):
    """The whole file: Bank card, Target cards, challenge cards, the most cards the Bank pays."""

    model_config = ConfigDict(extra="forbid")
    about: Annotated[StrictStr, Field(max_length=4000)] | None = None
    max_cards: Annotated[StrictInt, Field(ge=1, le=40)] = 5
    round_end_cards: Annotated[StrictInt, Field(ge=1, le=40)] = 5
    saloon_cents: Annotated[StrictInt, Field(ge=1, le=1_000_000)] = 300
    bank: Annotated[list[CombinationEntry], Field(min_length=1, max_length=100)]
    targets: Annotated[list[TargetEntry], Field(min_length=4, max_length=20)]
    challenges: Annotated[list[ChallengeEntry], Field(min_length=0, max_length=20)]

    @model_validator(mode="after")
    def _unique_challenges(self):
        ids = [c.id for c in self.challenges]
        if len(ids) != len(set(ids)):
            raise ValueError("challenge ids must be different")
        return self

    @model_validator(mode="after")
    def _combinations_can_pay(self):
        """Every combination can be met by at most max_cards won cards (more pay nothing)."""
        named = [("bank", c) for c in self.bank] + [(f"Target card {t.name!r}", c) for t in self.targets
                                                    for c in t.combinations]
        for where, entry in named:
            if entry.count > self.max_cards:
                raise ValueError(f"{where}: {entry.name!r} needs {entry.count} cards, but more than max_cards "
                                 f"({self.max_cards}) won cards pay nothing: it could never pay")
            if entry.rule == "distinct":
                values = sum(t.attribute == entry.attribute for t in vocabulary().traits)
                if entry.count > values:
                    raise ValueError(f"{where}: {entry.name!r} needs {entry.count} different {entry.attribute}s; "
                                     f"there are {values}")
        return self

    @model_validator(mode="after")
    def _money_cards_pay(self):
        """A money card pays some cents; a card with another power pays none."""
        for c in self.challenges:
            if c.power == "money" and c.cents == 0:
                raise ValueError(f"challenge {c.id!r}: a money card pays some cents; found 0")
            if c.power != "money" and c.cents:
                raise ValueError(f"challenge {c.id!r}: only money cards pay cents; power {c.power} with {c.cents}")
        return self


# ---- combinations and payouts ------------------------------------------------------------------

@dataclass(frozen=True)
class Combination:
    """A checked combination: name, rule, attribute, count, value, cents, wild."""

    name: str
    rule: str
    attribute: str
    count: int
    value: str | None
    cents: int
    wild: bool

    def holds(self, cards: list[Card]) -> bool:
        """Whether the won cards show this combination exactly."""
        return self.holds_in(Counter(getattr(c, self.attribute) for c in cards))

    def holds_in(self, seen: dict) -> bool:
        """Whether cards whose values of the attribute are counted in `seen` show this combination."""
        if self.rule == "same":
            return self.count in seen.values()
        if self.rule == "distinct":
            return len(seen) == self.count
        return seen.get(self.value, 0) == self.count


@dataclass(frozen=True)
class Challenge:
    """A challenge card: id, name, power and cents (money only)."""

    id: str
    name: str
    power: str
    cents: int


@dataclass(frozen=True)
class Bank:
    """The Bank card, the Target cards, the challenge cards and the payout limits."""

    combinations: tuple[Combination, ...]
    targets: tuple[tuple[Combination, ...], ...]
    target_names: tuple[str, ...]
    challenges: tuple[Challenge, ...]
    max_cards: int
    round_end_cards: int
    saloon_cents: int
    source: str

    paid: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    parts_kept: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    cents_kept: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def payout(self, cards: list[Card], target: int | None) -> "Payout":
        """What the Bank pays for the won cards (and the player's Target card), read combination by
        combination (the readable form of `paid_for`)."""
        if len(cards) > self.max_cards:
            return NOTHING_PAID
        lines = self.combinations + (self.targets[target] if target is not None else ())
        return _paid([c for c in lines if c.holds(cards)])

    def paid_for(self, tally: int, target: int | None) -> "Payout":
        """What the Bank pays for the won cards whose tally is `tally` (see the glossary), as
        `payout` reads it; each answer is kept."""
        found = self.paid.get((tally, target))
        if found is None:
            found = _remember(self.paid, (tally, target), self._paid_for(tally, target))
        return found

    def _paid_for(self, tally: int, target: int | None) -> "Payout":
        parts = self.parts(tally, target)
        if parts[0].size > self.max_cards:
            return NOTHING_PAID
        lines = self.combinations + (self.targets[target] if target is not None else ())
        return _paid([lines[i] for i in sorted(parts[0].lines + parts[1].lines + parts[2].lines)])

    def cents_for(self, tally: int, target: int | None) -> tuple[int, bool]:
        """(cents, a Wild combination held) of `paid_for(tally, target)`, added up from the parts
        without building the answer (what bots ask about every hand they might hold; kept)."""
        found = self.cents_kept.get((tally, target))
        if found is None:
            color, suit, thing = self.parts(tally, target)
            found = _remember(self.cents_kept, (tally, target),
                              (0, False) if color.size > self.max_cards else
                              (color.cents + suit.cents + thing.cents, color.wild or suit.wild or thing.wild))
        return found

    def parts(self, tally: int, target: int | None) -> tuple["Part", "Part", "Part"]:
        """What a tallied hand shows in each attribute (color, suit, object): a combination reads one
        attribute only, and few hands differ in any one of them, so each part is looked up on its own."""
        (_, color_at, color_mask), (_, suit_at, suit_mask), (_, object_at, object_mask) = _blocks()
        return (self._part(0, tally >> color_at & color_mask, target),
                self._part(1, tally >> suit_at & suit_mask, target),
                self._part(2, tally >> object_at & object_mask, target))

    def _part(self, attribute: int, block: int, target: int | None) -> "Part":
        """The Part of attribute number `attribute` (ATTRIBUTES order) for its block of a tally (kept)."""
        found = self.parts_kept.get((attribute, block, target))
        if found is None:
            found = _remember(self.parts_kept, (attribute, block, target),
                              self._read_part(ATTRIBUTES[attribute], block, target))
        return found

    def _read_part(self, attribute: str, block: int, target: int | None) -> "Part":
        seen = counted(block << _blocks_at()[attribute])[attribute]
        lines = self.combinations + (self.targets[target] if target is not None else ())
        held = tuple(i for i, c in enumerate(lines) if c.attribute == attribute and c.holds_in(seen))
        return Part(sum(seen.values()), len(seen), sum(lines[i].cents for i in held if not lines[i].wild),
                    any(lines[i].wild for i in held), held)


def _remember(kept: dict, key, answer):
    """Keep `answer` under `key` (forgetting every kept answer once PAYOUTS_KEPT are kept); return it."""
    if len(kept) >= PAYOUTS_KEPT:
        kept.clear()
    kept[key] = answer
    return answer


@dataclass(frozen=True)
class Part:
    """What a hand shows in one attribute: its cards, how many different values, the cents and
    the Wild combination (if any) of the lines on that attribute, and those lines' numbers (the
    Bank card's lines, then the Target card's)."""

    size: int
    distinct: int
    cents: int
    wild: bool
    lines: tuple[int, ...]


def _paid(held: list[Combination]) -> "Payout":
    """The Bank's answer when the combinations `held` are met."""
    if not held:
        return NOTHING_PAID
    wild = any(c.wild for c in held)
    return Payout(sum(c.cents for c in held if not c.wild), tuple((c.name, 0 if c.wild else c.cents) for c in held),
                  wild)


@cache
def _trait_fields() -> dict[tuple[str, str], int]:
    """(attribute, value) -> the shift of its field in a tally."""
    return {(t.attribute, t.value): TALLY_BITS * i for i, t in enumerate(vocabulary().traits)}


@cache
def _blocks_at() -> dict[str, int]:
    """attribute -> the shift of its first field (the vocabulary lists each attribute's values together)."""
    fields = _trait_fields()
    return {a: min(shift for (attribute, _), shift in fields.items() if attribute == a) for a in ATTRIBUTES}


@cache
def _blocks() -> tuple[tuple[str, int, int], ...]:
    """(attribute, shift, mask) of each attribute's part of a tally."""
    fields, at = _trait_fields(), _blocks_at()
    return tuple((a, at[a], (1 << TALLY_BITS * sum(attribute == a for attribute, _ in fields)) - 1)
                 for a in ATTRIBUTES)


def card_tally(card: Card) -> int:
    """The tally of a hand holding only `card`: one in each of its three traits' fields."""
    fields = _trait_fields()
    return (1 << fields["color", card.color]) + (1 << fields["suit", card.suit]) + (1 << fields["object", card.object])


@lru_cache(maxsize=4096)
def counted(tally: int) -> dict[str, dict[str, int]]:
    """attribute -> how many cards of a tallied hand show each of its values (the values shown)."""
    seen: dict[str, dict[str, int]] = {"color": {}, "suit": {}, "object": {}}
    width = (1 << TALLY_BITS) - 1
    for (attribute, value), shift in _trait_fields().items():
        count = tally >> shift & width
        if count:
            seen[attribute][value] = count
    return seen


@dataclass(frozen=True)
class Payout:
    """The Bank's answer for one player: cents, the combinations held (name, cents), a Wild one or not."""

    cents: int
    lines: tuple[tuple[str, int], ...]
    wild: bool


NOTHING_PAID = Payout(0, (), False)


def _combination(entry: CombinationEntry) -> Combination:
    return Combination(entry.name, entry.rule, entry.attribute, entry.count, entry.value, entry.cents, entry.wild)


@cache
def builtin_bank() -> Bank:
    """The built-in (partly assumed) Bank file."""
    return load_bank(None)


def load_bank(path=None) -> Bank:
    """The Bank file at `path`, or the built-in one; checked with the pydantic models."""
    source = str(path) if path is not None else "bank.json (built-in, partly assumed)"
    doc = validated(read_json(path if path is not None else builtin_path("patterns", "bank.json")), BankFile, source)
    return Bank(tuple(_combination(c) for c in doc.bank),
                tuple(tuple(_combination(c) for c in t.combinations) for t in doc.targets),
                tuple(t.name for t in doc.targets),
                tuple(Challenge(c.id, c.name, c.power, c.cents) for c in doc.challenges),
                doc.max_cards, doc.round_end_cards, doc.saloon_cents, source)
