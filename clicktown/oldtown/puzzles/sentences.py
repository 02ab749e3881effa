"""Sentences for the deduction solver's steps, in English or German: `Explainer`.

Each step of `deduce.deduce` is plain data (card, technique, markers removed, candidate sets
after it); `Explainer` turns one into a sentence, e.g. "Card 14: The Doc stood on Dalton Road,
so the Doc cannot stand on plots 2 and 9." The words come from the message catalogs
(`oldtown.explain.*`); `hints` and `explain` tell whole hints and puzzles with them.
"""

from __future__ import annotations

from ...messages import say, say_n
from ..catalogue import Catalogue, Scenario
from .deduce import OUT, SLOTS, Markers, Step

#: The rungs that split a card about my building into cases.
CASE_SPLITS = ("case-split", "unbound-case", "long-case")


class Explainer:
    """Sentences for the steps of one scenario in one language."""

    def __init__(self, catalogue: Catalogue, scenario: Scenario, lang: str = "en"):
        self.catalogue, self.scenario, self.lang = catalogue, scenario, lang
        self.bindings = dict(scenario.b)
        self.fresh: dict[str, frozenset[int]] = {}  # a player's board: the markers no card has touched yet

    def say(self, key: str, **facts) -> str:
        """The message oldtown.explain.<key>."""
        return say(self.lang, f"oldtown.explain.{key}", **facts)

    def say_n(self, key: str, n: int, **facts) -> str:
        """The message oldtown.explain.<key> for a count."""
        return say_n(self.lang, f"oldtown.explain.{key}", n, **facts)

    # -- names and lists -------------------------------------------------------------------------

    def name(self, b: str, capital: bool = False) -> str:
        """'Doc' / 'der Doktor' (a catalogue building's name in the language's nominative)."""
        text = self.catalogue.buildings[b].de_nominative if self.lang == "de" else b
        return text[0].upper() + text[1:] if capital and self.lang == "de" else text

    def names(self, buildings, capital: bool = False, joiner: str = "and") -> str:
        """'Saloon and Drugstore' ('Saloon or Drugstore' with joiner='or')."""
        return self.listing([self.name(b, capital and i == 0) for i, b in enumerate(buildings)], joiner)

    def listing(self, items: list[str], joiner: str = "and") -> str:
        """'a, b and c'."""
        items = list(items)
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {self.say(joiner)} " + items[-1]

    def where(self, slots) -> str:
        """'plots 2 and 9' / 'plots 1, 9, 13 and out of town'."""
        plots = [str(p) for p in sorted(slots) if p != OUT]
        items = plots + ([self.say("out")] if OUT in slots else [])
        if not plots:
            return items[0]
        return self.say_n("plots", len(plots), items=self.listing(items))

    def card_sentence(self, number: int) -> str:
        """The card's sentence, with a bound B card's building in place of 'my building'."""
        card = self.catalogue.cards[number]
        text = card.text_de if self.lang == "de" else card.text_en
        bound = self.bindings.get(number)
        my = self.say("my")
        if bound and text.startswith(my):
            text = self.say("the", b=self.name(bound), B=self.name(bound, True)) + text[len(my):]
        elif bound:
            text = f"({bound}) {text}"
        return text

    def removal(self, step: Step, before: Markers) -> str:
        """'the Doc cannot stand on plots 2 and 9' (or where a first card allows a building to stand)."""
        parts, losing = [], {}
        for b in dict.fromkeys(b for b, _ in step.removed):
            gone = frozenset(p for x, p in step.removed if x == b)
            if step.technique == "card" and before.cand[b] in (SLOTS, SLOTS - {OUT}, self.fresh.get(b)):
                parts.append(self.say("put", b=self.name(b), where=self.where(step.after.cand[b])))
            else:
                losing.setdefault(gone, []).append(b)
        for gone, buildings in losing.items():
            key = "stay_in" if gone == {OUT} else "cannot_stand"
            parts.append(self.say_n(key, len(buildings), b=self.names(buildings), where=self.where(gone)))
        return "; ".join(parts)

    # -- one sentence per step -------------------------------------------------------------------

    def sentence(self, step: Step, before: Markers) -> str:
        """The step in words."""
        head = self._head(step)
        tail = "; ".join(x for x in (self._mine_words(step), self.removal(step, before)) if x)
        return f"{head}{self.say('so')}{tail}." if tail else head + "."

    def _head(self, step: Step) -> str:
        """The first half of the sentence: the card, or what the board shows."""
        t, bs = step.technique, step.buildings
        if step.card is not None:
            return f"{self.say('card')} {step.card}: {self.card_sentence(step.card).rstrip('.')}"
        if t == "placed" and step.plots == (OUT,):
            return self.say("outs", bs=self.names(bs), Bs=self.names(bs, True))
        if t == "placed":
            return self.say("placed", b=self.name(bs[0]), B=self.name(bs[0], True), p=step.plots[0])
        if t == "only-building" and step.plots == (OUT,):
            return self.say("only_out", bs=self.names(bs))
        if t == "only-building":
            return self.say("only", b=self.name(bs[0]), p=step.plots[0])
        if t == "mine-sets":
            return self.say("sets", bs=self.names(bs))
        if t in ("pair", "group"):
            return self.say("group", bs=self.names(bs), Bs=self.names(bs, True), where=self.where(step.plots))
        if t == "chain":  # a hint tells it as its supposition followed step by step (see hints.py)
            return self.say("chain", B=self.name(bs[0], True), where=self.where(step.plots))
        return self._mine_head(step)

    def _mine_head(self, step: Step) -> str:
        """The sentence's start for a step about my buildings with no card."""
        if step.not_mine and step.plots == (OUT,):
            n = len(step.not_mine)
            return self.say_n("out_not_mine", n, bs=self.names(step.not_mine), Bs=self.names(step.not_mine, True))
        if step.not_mine:
            return self.say("all_found")
        if step.mine_found:
            n = len(step.mine_found)
            return self.say_n("is_mine", n, bs=self.names(step.mine_found), Bs=self.names(step.mine_found, True))
        return self.say("in_town")

    def _mine_words(self, step: Step) -> str:
        """What the step finds out about my buildings."""
        if step.card is None:
            if step.not_mine and step.plots != (OUT,):
                return self.say_n("not_mine", len(step.not_mine), bs=self.names(step.not_mine))
            return ""
        parts = []
        if step.technique in CASE_SPLITS and step.answer is None:
            parts.append(self.say("cases_agree", bs=self.names(step.buildings, joiner="or")))
        elif step.not_mine:
            parts.append(self.say("last"))
            parts.append(self.say_n("not_mine", len(step.not_mine), bs=self.names(step.not_mine)))
        if step.answer is not None:
            one_of_mine = self.scenario.mine is not None and len(self.scenario.mine) == 1
            parts.append(self.say("my_is" if one_of_mine else "answer", b=self.name(step.answer)))
        return "; ".join(parts)

    def opening(self) -> str:
        """What is known of my buildings at the start."""
        if self.scenario.mine is not None:
            return self.say("start_mine", bs=self.names(sorted(self.scenario.mine)))
        return self.say("start_unknown", n=self.scenario.mine_count)
