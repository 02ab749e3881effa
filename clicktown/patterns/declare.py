"""Reading a declaration as players say it, in English or German (French and Italian work too).

"after every blue there is always loot", "VOR jeder Kugeln gibt es IMMER Gesucht",
"Unmittelbar NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte".

A declaration names a direction (after/before, nach/vor, après/avant, dopo/prima) and two traits.
The trigger is the trait after the quantifier ("every", "jeder", "chaque", "ogni"), or the first
trait named when there is none; the other trait is the target. Every other word is filler.
A sentence with a negation ("never", "nie", "kein") is refused: the rules say a pattern always
asserts something that exists, never something that does not.

German says "occurs" with the separable verb "vorkommen": "nach jeder blauen Karte kommt immer
Beute vor". The "vor" closing such a clause (after a form of "kommen", with no trait after it) is
the verb's particle, not the direction "before".
"""

from __future__ import annotations

from ..errors import ClicktownError
from .cards import find_traits, vocabulary, words
from .wording import Refusal
from .analysis import Statement, statement_form_error

AFTER_WORDS = {"after", "nach", "apres", "dopo", "despues"}
BEFORE_WORDS = {"before", "vor", "avant", "prima", "antes"}
QUANTIFIERS = {"every", "each", "jeder", "jede", "jedem", "jeden", "jedes", "chaque", "ogni", "cada"}
KOMMEN = {"kommt", "kommen", "komme", "kam", "kamen"}
NEGATIONS = {"never", "not", "no", "nie", "niemals", "nicht", "kein", "keine", "keinen", "keiner",
             "jamais", "pas", "mai", "non", "nunca"}


def parse_declaration(sentence: str) -> Statement:
    """The statement a spoken declaration makes, or a ClicktownError naming what is wrong."""
    tokens = words(sentence)
    if not tokens:
        raise ClicktownError(Refusal("empty"))
    negation = [t for t in tokens if t in NEGATIONS]
    if negation:
        raise ClicktownError(Refusal("negation", negation[0]))
    found = [(i, trait) for i, trait, _ in find_traits(tokens, vocabulary()) if trait is not None]
    direction = _direction([t for i, t in enumerate(tokens) if not _verb_particle(i, tokens, found)])
    _check_traits([t for _, t in found])
    trigger, target = _trigger_first(tokens, found)
    return Statement(direction, trigger, target)


def _verb_particle(i: int, tokens: list[str], found) -> bool:
    """Is tokens[i] the "vor" of "kommt ... vor" (vorkommen, to occur) rather than a direction?"""
    return (tokens[i] == "vor" and any(t in KOMMEN for t in tokens[:i])
            and not any(j > i for j, _ in found))


def _direction(tokens: list[str]) -> str:
    """ "after" or "before", from the one direction word of the sentence."""
    named = {"after" for t in tokens if t in AFTER_WORDS} | {"before" for t in tokens if t in BEFORE_WORDS}
    if not named:
        raise ClicktownError(Refusal("no_direction"))
    if len(named) > 1:
        raise ClicktownError(Refusal("both_directions"))
    return named.pop()


def _check_traits(traits) -> None:
    """Raise unless exactly two traits are named, one object and one color or suit."""
    by_attribute: dict[str, list[str]] = {}
    for trait in traits:
        by_attribute.setdefault(trait.attribute, []).append(trait.value)
    for attribute, values in by_attribute.items():
        if len(values) > 1:
            raise ClicktownError(Refusal("two_of", attribute, values[0], values[1]))
    if len(traits) != 2:
        raise ClicktownError(Refusal("two_traits", tuple(t.value for t in traits)))
    if "object" not in by_attribute:
        raise ClicktownError(statement_form_error(traits[0], traits[1]))


def _trigger_first(tokens: list[str], found) -> tuple:
    """(trigger, target): the trait right after the quantifier is the trigger."""
    quantifier = next((i for i, t in enumerate(tokens) if t in QUANTIFIERS), None)
    if quantifier is not None:
        after_q = [t for i, t in found if i > quantifier]
        if after_q:
            trigger = after_q[0]
            return trigger, next(t for _, t in found if t != trigger)
    return found[0][1], found[1][1]
