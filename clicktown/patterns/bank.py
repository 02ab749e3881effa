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

The printed cards are pictures the rulebook text does not contain, so `data/bank.json` marks
each entry as named by the rulebook or assumed; `--bank FILE` replaces it with the owner's
transcription. The file is checked with the pydantic models below.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator

from ..datafiles import builtin_path, read_json, validated
from .cards import Card, vocabulary

Text = Annotated[StrictStr, Field(min_length=1, max_length=200)]
Cents = Annotated[StrictInt, Field(ge=0, le=100_000)]
Source = Literal["rulebook", "assumed"]
PAYOUTS_KEPT = 50_000       # answers a Bank keeps before it forgets them all
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

    def payout(self, cards: list[Card], target: int | None) -> "Payout":
        """What the Bank pays for the won cards (and the player's Target card); each answer is
        kept, since bots ask about the same hands again and again."""
        key = (tuple(sorted(cards, key=id)), target)      # the same cards in any order: one answer
        found = self.paid.get(key)
        if found is None:
            if len(self.paid) >= PAYOUTS_KEPT:
                self.paid.clear()
            found = self.paid[key] = self._payout(cards, target)
        return found

    def _payout(self, cards: list[Card], target: int | None) -> "Payout":
        if len(cards) > self.max_cards:
            return NOTHING_PAID
        lines = self.combinations + (self.targets[target] if target is not None else ())
        seen = _counted(cards)
        held = [c for c in lines if c.holds_in(seen[c.attribute])]
        if not held:
            return NOTHING_PAID
        wild = any(c.wild for c in held)
        return Payout(sum(c.cents for c in held if not c.wild),
                      tuple((c.name, 0 if c.wild else c.cents) for c in held), wild)


def _counted(cards: list[Card]) -> dict[str, dict[str, int]]:
    """attribute -> how often each of its values occurs on the cards (plain dicts, one pass:
    cheaper than Counters for five cards)."""
    colors: dict[str, int] = {}
    suits: dict[str, int] = {}
    objects: dict[str, int] = {}
    for card in cards:
        colors[card.color] = colors.get(card.color, 0) + 1
        suits[card.suit] = suits.get(card.suit, 0) + 1
        objects[card.object] = objects.get(card.object, 0) + 1
    return {"color": colors, "suit": suits, "object": objects}


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
