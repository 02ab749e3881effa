"""What the games' sentences share, every word from the message catalogs (`clicktown.messages`).

`told(lang, key, seat, me, **facts)` tells what a seat did: the catalog holds two sentences per
deed, `<key>.you` for the seat told (du spieltest, you played) and `<key>.seat` for another seat
({who} is then filled in), since German conjugates the verb by the person. `who` and `whom` name
a seat as the subject and after a preposition; `listing` joins names with the language's "and".

A `Worded` sentence is the English text itself (a str: traces, `--json` and every comparison read
it as English) that also keeps its key and the facts it was worded from, so that `tell(sentence,
lang)` words it again in any language from the catalog. A subclass names its catalog area
(`AREA`), the names of each key's facts (`FIELDS`) and how a fact is worded in a language (`forms`).
"""

from __future__ import annotations

from typing import Any, Mapping

from .messages import say


def who(lang: str, seat: int, me: int | None) -> str:
    """The seat as a subject: 'you' / 'du' for the seat told, else 'seat 2' / 'Spieler 2'."""
    return say(lang, "common.you") if seat == me else say(lang, "common.seat", seat=seat)


def seat_words(lang: str, seat: int, me: int | None) -> str:
    """The seat as a row of a table names it: 'seat 2', and 'seat 0 (you)' for the seat told."""
    return say(lang, "views.seat.you" if seat == me else "common.seat", seat=seat)


def whom(lang: str, seat: int, me: int | None) -> str:
    """The seat after a preposition: 'you' / 'dir', 'seat 2' / 'Spieler 2'."""
    return say(lang, "common.you_object") if seat == me else say(lang, "common.seat", seat=seat)


def person(seat: int, me: int | None) -> str:
    """The key suffix of a deed told to `me`: 'you' for its own, 'seat' for another seat's."""
    return "you" if seat == me else "seat"


def told(lang: str, key: str, seat: int, me: int | None, /, **facts) -> str:
    """A seat's deed: the sentence `<key>.you` or `<key>.seat` (with `{who}`), its facts filled in."""
    return say(lang, f"{key}.{person(seat, me)}", who=who(lang, seat, me), **facts)


def listing(lang: str, items) -> str:
    """'A', 'A and B', 'A, B and C' ('und' in German)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return say(lang, "common.and", first=", ".join(items[:-1]), last=items[-1])


class Shouted(str):
    """A word a template may write in capitals, as the rulebooks do: `{name:upper}` ('PISTOLE'), or
    with a capital first letter at the start of a sentence: `{name:capital}` ('Main Street')."""

    def __format__(self, spec: str) -> str:
        if spec == "upper":
            return str(self).upper()
        if spec == "capital":
            return self[:1].upper() + self[1:]
        return format(str(self), spec)


class Worded(str):
    """An English sentence that keeps its key and facts to word it again in any language."""

    AREA = ""
    FIELDS: dict[str, tuple[str, ...]] = {}
    key: str
    facts: tuple

    def __new__(cls, key: str, *facts) -> "Worded":
        self = super().__new__(cls, cls.telling("en", key, facts))
        self.key, self.facts = key, facts
        return self

    def __reduce__(self):
        return type(self), (self.key, *self.facts)

    @classmethod
    def telling(cls, lang: str, key: str, facts: tuple, names: Any = None) -> str:
        named = dict(zip(cls.FIELDS[key], facts))
        return say(lang, f"{cls.AREA}.{key}", **cls.forms(lang, named, names))

    @classmethod
    def forms(cls, lang: str, facts: Mapping[str, Any], names: Any) -> dict:
        """The facts as words of `lang` (`names`: what a subclass needs to name things)."""
        return dict(facts)

    def told(self, lang: str, names: Any = None) -> str:
        return self.telling(lang, self.key, self.facts, names)


def tell(sentence: str, lang: str, names: Any = None) -> str:
    """A `Worded` sentence in `lang`; a plain str (read back from a trace) as it is."""
    return sentence.told(lang, names) if isinstance(sentence, Worded) else sentence
