"""Why a declaration is false, in English and in German.

A `Reason` is the English sentence itself (traces, `--json` and `patterns judge` read it as
before) that keeps the facts it was worded from; `german` words it again for a German seat's view,
the traits by their German names. A plain str (a reason read back from a trace) stays as it is.
"""

from __future__ import annotations

from typing import Callable

from ..german import Worded
from .cards import german_names


class Reason(Worded):
    """A reason a declaration is false (`ENGLISH` below)."""


ENGLISH: dict[str, Callable[..., str]] = {
    "other_neighbour": lambda direction, trigger, i, card, j, target: (
        f"{direction} the {trigger} card at position {i} comes {card} (position {j}), not {target}"),
    "too_few": lambda trigger, count, needed: (
        f"{trigger} occurs {count} time(s); a pattern needs at least {needed}"),
    "not_new": lambda: "the pattern was already on the wheel before the move; it must be new",
    "played_card_left_out": lambda position: f"the played card (position {position}) is not part of the pattern",
}

Reason.ENGLISH = ENGLISH


def trait_de(value: str) -> str:
    """A trait's German name ('Münze', 'weiß')."""
    return german_names().get(value, value)


def card_de(name: str) -> str:
    """A card's name with German traits ('white-barrel-bullets' -> 'weiß-Fass-Kugeln')."""
    return "-".join(trait_de(part) for part in name.split("-"))


GERMAN: dict[str, Callable[..., str]] = {
    "other_neighbour": lambda direction, trigger, i, card, j, target: (
        f"{'nach' if direction == 'after' else 'vor'} der Karte {trait_de(trigger)} auf Position {i} liegt "
        f"{card_de(card)} (Position {j}), nicht {trait_de(target)}"),
    "too_few": lambda trigger, count, needed: (
        f"{trait_de(trigger)} kommt {count}-mal vor; ein Muster braucht mindestens {needed}"),
    "not_new": lambda: "das Muster lag schon vor dem Zug auf dem Rad; es muss neu sein",
    "played_card_left_out": lambda position: f"die gespielte Karte (Position {position}) gehört nicht zum Muster",
}


def german(reason: str) -> str:
    """The reason in German; a plain str, not a `Reason`, is returned as it is."""
    return GERMAN[reason.key](*reason.facts) if isinstance(reason, Reason) else reason
