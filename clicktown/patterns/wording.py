"""Wild Wild Pattern's words: traits, cards and statements in a seat's language, and why a
declaration is false, all from the message catalogs (`patterns.*`) and the vocabulary's names.

A trait is named by the vocabulary (data/vocabulary.json: the first name of each language), a card
by its traits ('white-barrel-bullets', 'weiß-Fass-Kugeln'), a statement as the rulebook says it
("after every red there is always gun", "NACH jeder ROTEN Karte gibt es immer eine PISTOLE-Karte":
the catalog holds how a colour and how a symbol or object read after "every" and as the target).

A `Reason` is the English sentence itself (traces, `--json` and `patterns judge` read it as
before) that keeps the facts it was worded from; `Reason.told(lang)` words it again for a seat's
view. A plain str (a reason read back from a trace) stays as it is.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping

from ..datafiles import builtin_path, read_json
from ..messages import has, say
from ..words import Shouted, Worded


@cache
def trait_names(lang: str) -> dict[str, tuple[str, str]]:
    """Each trait's name in `lang` (the vocabulary's first) and its attribute ('color', 'suit', 'object')."""
    doc = read_json(builtin_path("patterns", "vocabulary.json"))
    return {value: (names.get(lang, [value])[0], attribute) for attribute, entry in doc["attributes"].items()
            for value, names in entry["values"].items()}


def trait_name(value: str, lang: str) -> str:
    """A trait's name ('coin', 'Münze'); a word the vocabulary lacks as it is."""
    return trait_names(lang).get(value, (value, None))[0]


def card_name(name: str, lang: str) -> str:
    """A card's name as the seat reads it: 'white-barrel-bullets', 'weiß-Fass-Kugeln', a challenge card by its title."""
    if name.startswith("challenge:"):
        return say(lang, "patterns.challenge_card", challenge=challenge_name(name.split(":", 1)[1], lang))
    return "-".join(trait_name(part, lang) for part in name.split("-"))


def challenge_name(challenge: str, lang: str) -> str:
    """A challenge card's name ('pianist'; German: its title, 'Schieß nicht auf den Pianisten')."""
    key = f"patterns.challenge.{challenge}"
    return say(lang, key) if has(lang, key) else challenge


def statement_words(direction: str, trigger: str, target: str, lang: str) -> str:
    """A statement as players say it ('after every red there is always gun')."""
    def trait(value: str, role: str) -> str:
        name, attribute = trait_names(lang).get(value, (value, "object"))
        return say(lang, f"patterns.{role}.{attribute}", name=Shouted(name))

    return say(lang, f"patterns.statement.{direction}", trigger=trait(trigger, "trigger"), target=trait(target, "target"))


def _said(area: str):
    """A fact worded by the catalog's message `<area>.<value>`."""
    return lambda value, lang: say(lang, f"{area}.{value}")


#: How each fact of a Wild Wild Pattern sentence is worded in a language (other facts stay as they are).
FACT_WORDS = {
    "trigger": trait_name, "target": trait_name, "first": trait_name, "second": trait_name, "card": card_name,
    "direction": _said("patterns.direction"), "attribute": _said("patterns.attributes"),
    "first_attribute": _said("patterns.attribute"), "second_attribute": _said("patterns.attribute"),
    "named": lambda values, lang: ", ".join(trait_name(v, lang) for v in values) or say(lang, "patterns.declare.none"),
}


class Told(Worded):
    """A Wild Wild Pattern sentence: its facts worded by FACT_WORDS."""

    @classmethod
    def forms(cls, lang: str, facts: Mapping[str, Any], names: Any) -> dict:
        return {name: FACT_WORDS[name](value, lang) if name in FACT_WORDS else value for name, value in facts.items()}


class Reason(Told):
    """A reason a declaration is false."""

    AREA = "patterns.reason"
    FIELDS = {"other_neighbour": ("direction", "trigger", "i", "card", "j", "target"),
              "too_few": ("trigger", "count", "needed"), "not_new": (), "played_card_left_out": ("position",)}


class Refusal(Told):
    """Why a spoken declaration cannot be read as a statement (`declare.parse_declaration`)."""

    AREA = "patterns.declare"
    FIELDS = {"empty": (), "negation": ("word",), "no_direction": (), "both_directions": (),
              "two_of": ("attribute", "first", "second"), "two_traits": ("named",),
              "same_kind": ("attribute", "first", "second"),
              "needs_object": ("first", "second", "first_attribute", "second_attribute")}
