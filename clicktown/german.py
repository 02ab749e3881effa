"""What the games' German views share: verb forms, and sentences that keep their facts.

A `Worded` sentence is the English text itself (a str: traces, `--json` and every comparison read it
as English) that also keeps its kind (`key`) and the facts it was worded from (`facts`), so a view
can word it again in German. A subclass names its English wordings in `ENGLISH`.
"""

from __future__ import annotations

from typing import Callable


class Worded(str):
    """An English sentence, with its key and facts to word it in another language."""

    ENGLISH: dict[str, Callable[..., str]] = {}
    key: str
    facts: tuple

    def __new__(cls, key: str, *facts) -> "Worded":
        self = super().__new__(cls, cls.ENGLISH[key](*facts))
        self.key, self.facts = key, facts
        return self

    def __reduce__(self):
        return type(self), (self.key, *self.facts)


def past(verb: str, you: bool) -> str:
    """A verb in the simple past as another seat did it ('spielte', 'nahm') or as you did it (du
    'spieltest', 'nahmst')."""
    return verb + "st" if you else verb
