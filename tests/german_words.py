"""The search for English on a German screen, shared by the tests that run the project in German.

A line is searched for English marker words (`ENGLISH`), once the names printed in English in every
edition (the Bank's and the Target cards' combinations) and a template's `{field}`s are left out.
A test whose output has English words of its own to watch for passes them as `also`.
"""

from __future__ import annotations

import re
from functools import cache

from clicktown.patterns.bank import builtin_bank

#: Words that mark an English sentence on a German screen.
ENGLISH = {"the", "you", "your", "is", "are", "and", "of", "to", "with", "not", "card", "cards", "seat", "turn",
           "plot", "plots", "points", "point", "wins", "won", "play", "played", "move", "this", "that", "it",
           "on", "off", "from", "for", "by", "draw", "draws", "pile", "team", "wheel", "gap", "covered", "declared",
           "took", "game", "over", "nobody", "pays", "total", "paid", "quickest", "first", "round", "choose",
           "take", "use", "wait", "pass", "discard", "stop", "type", "number", "or", "row", "column", "sequence",
           "sequences", "hand", "building", "buildings", "marker", "markers", "board", "town", "which", "where",
           "place", "win", "lose", "no", "now", "referee", "says", "put", "chip", "remove", "exchange", "dead",
           "FREE", "RIGHT", "WRONG", "VALID", "FALSE"}


#: A link a page shows for copying (a table's join or watch link), with its random key.
LINK = re.compile(r"(?:https?://|/)\S*(?:token|key)=\S*|https?://\S+")


@cache
def printed_names() -> tuple[str, ...]:
    """The names printed in English in every edition: the Bank's and the Target cards' combinations."""
    bank = builtin_bank()
    names = [c.name for c in bank.combinations] + [c.name for t in bank.targets for c in t] + list(bank.target_names)
    return tuple(sorted(set(names), key=len, reverse=True))


def english_in(line: str, also: frozenset[str] = frozenset()) -> set[str]:
    """The English marker words of a line (by case: 'Hand', 'Team', type 'A' are German too), once the
    printed card names, a template's `{field}`s and the links (whose random keys may hold 'by' or 'on')
    are left out."""
    line = LINK.sub("", line)
    for name in printed_names():
        line = line.replace(name, "")
    return {w for w in re.findall(r"[A-Za-z]+", re.sub(r"\{\w+\}", "", line)) if w in ENGLISH or w in also}


def assert_german(lines, also=()) -> None:
    """No line of `lines` holds an English marker word (`ENGLISH`, or one of `also`)."""
    also = frozenset(also)
    english = [(line, english_in(line, also)) for line in lines if english_in(line, also)]
    assert not english, english[:5]
