"""Explaining a solo puzzle step by step, in English or German, from the deduction solver's steps.

Each step of `deduce.deduce` is plain data (card, technique, markers removed, candidate sets
after it); this module only turns it into a sentence, e.g. "Card 14: The Doc stood on Dalton
Road, so the Doc markers on plots 2 and 9 go." A renderer may draw the same steps as pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue import Catalogue, Scenario
from ..solo import misplaced, town_complete
from ..solve.count import count_solutions
from .deduce import OUT, SLOTS, Contradiction, Deduction, Markers, Step, deduce, start, start_from

#: The rungs that split a card about my building into cases.
CASE_SPLITS = ("case-split", "unbound-case", "long-case")

WORDS = {
    "en": {"card": "Card", "and": "and", "out": "out of town", "plot": "plot", "plots": "plots",
           "go": "the {b} markers on {where} go", "so": ", so ", "stay_in": "the {b} cannot stay out of town",
           "put": "the {b} can only stand on {where}", "placed": "The {b} is placed on plot {p}, its only plot left",
           "outs": "The {bs} are the two buildings out of town, so no other building stays out",
           "only": "Only the {b} can still stand on plot {p}", "only_out": "Only the {bs} can still stay out of town",
           "group": "The {bs} can only stand on {where} between them",
           "mine_found": "only the {b} can be my building here", "is_mine": "The {bs} must be mine",
           "not_mine": "the {bs} cannot be mine", "all_found": "All my buildings are found",
           "out_not_mine": "The {bs} stood out of town, so they are not mine", "in_town": "My buildings stand in the town",
           "last": "the last of my buildings must answer it", "my": "My building", "the": "The {b}",
           "solved": "The town is complete.", "stuck": "No further deduction is possible: from here the puzzle needs search (guessing).",
           "ambiguous": "No further deduction is possible, and none can finish: the cards allow more than one solution.",
           "contradiction": "The cards contradict each other: the puzzle has no solution.",
           "start_mine": "My buildings: {bs}.", "start_unknown": "My buildings are unknown: {n} of them.",
           "cases": "trying each building of mine that could answer it ({bs}), every other case runs into a contradiction within {n} steps",
           "cases_agree": "whichever of {bs} answers it, the cases agree after {n} steps",
           "sets": "Trying each set of my buildings that could answer every card ({bs})",
           "chain": "If the {b} stood on {where}, a contradiction would follow within {n} steps",
           "town": "The town is complete; my buildings are one of {n} sets: {sets}.",
           "scenario": "Scenario {id}:", "grade": "grade: {level}, {steps} steps, techniques: {techniques}",
           "solution_of": "Solution of {id} (my buildings: {bs})",
           "wrong": "the {b} on plot {p}", "take_away": "No solution of the cards has {items}: take {it} away before deducing further.",
           "no_more": "No further step from here."},
    "de": {"card": "Karte", "and": "und", "out": "außerhalb der Stadt", "plot": "Platz", "plots": "Plätzen",
           "go": "die {b} auf {where} fallen weg", "so": ": ",
           "stay_in": "{b} kann nicht außerhalb der Stadt bleiben",
           "put": "{b} kann nur auf {where} stehen", "placed": "{B} steht auf Platz {p}, dem einzigen übrigen",
           "outs": "{Bs} sind die beiden Gebäude außerhalb der Stadt, kein anderes Gebäude bleibt draußen",
           "only": "Nur noch {b} kann auf Platz {p} stehen", "only_out": "Nur noch {bs} können außerhalb der Stadt bleiben",
           "group": "{Bs} können nur auf {where} stehen",
           "mine_found": "nur {b} kann hier mein Gebäude sein", "is_mine": "{Bs} müssen meine Gebäude sein",
           "not_mine": "{bs} können nicht meine Gebäude sein", "all_found": "Alle meine Gebäude sind gefunden",
           "out_not_mine": "{Bs} lagen außerhalb der Stadt, also sind sie nicht meine Gebäude", "in_town": "Meine Gebäude stehen in der Stadt",
           "last": "mein letztes Gebäude muss sie erfüllen", "my": "Mein Gebäude", "the": "{B}",
           "solved": "Die Stadt ist vollständig.", "stuck": "Keine weitere Schlussfolgerung möglich: ab hier muss man raten (Suche).",
           "ambiguous": "Keine weitere Schlussfolgerung möglich, und keine kann das Rätsel beenden: die Karten lassen mehr als eine Lösung zu.",
           "contradiction": "Die Karten widersprechen sich: das Rätsel hat keine Lösung.",
           "start_mine": "Meine Gebäude: {bs}.", "start_unknown": "Meine Gebäude sind unbekannt: {n} Stück.",
           "cases": "probiert man jedes meiner Gebäude, das sie erfüllen könnte ({bs}), führt jeder andere Fall binnen {n} Schritten zum Widerspruch",
           "cases_agree": "welches von {bs} sie auch erfüllt, die Fälle stimmen nach {n} Schritten überein",
           "sets": "Probiert man jede Auswahl meiner Gebäude, die alle Karten erfüllen könnte ({bs})",
           "chain": "Stünde {b} auf {where}, folgte binnen {n} Schritten ein Widerspruch",
           "town": "Die Stadt ist vollständig; meine Gebäude sind eine von {n} Auswahlen: {sets}.",
           "scenario": "Szenario {id}:", "grade": "Stufe: {level}, {steps} Schritte, Techniken: {techniques}",
           "solution_of": "Lösung von {id} (meine Gebäude: {bs})",
           "wrong": "{b} auf Platz {p}", "take_away": "Keine Lösung der Karten hat {items}: erst wegnehmen, dann weiter schließen.",
           "no_more": "Von hier aus gibt es keinen weiteren Schritt."},
}


@dataclass(frozen=True)
class Explanation:
    """A puzzle's steps with their sentences, and how the deduction ended."""

    id: str
    deduction: Deduction
    lines: tuple[str, ...]
    opening: str
    closing: str

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown explain --json`."""
        solution = self.deduction.solution()
        return {"id": self.id, "status": self.deduction.status, "opening": self.opening,
                "steps": [{**s.as_dict(), "text": t} for s, t in zip(self.deduction.steps, self.lines)],
                "closing": self.closing, "solution": solution.as_dict() if solution else None}

    def text(self) -> str:
        """Numbered sentences."""
        body = [f"{i:>3}. {line}" for i, line in enumerate(self.lines, 1)]
        return "\n".join([self.opening, *body, self.closing])


class Explainer:
    """Sentences for the steps of one scenario in one language."""

    def __init__(self, catalogue: Catalogue, scenario: Scenario, lang: str = "en"):
        self.catalogue, self.scenario, self.lang = catalogue, scenario, lang
        self.w = WORDS[lang]
        self.bindings = dict(scenario.b)
        self.fresh: dict[str, frozenset[int]] = {}  # a player's board: the markers no card has touched yet

    # -- names and lists -------------------------------------------------------------------------

    def name(self, b: str, capital: bool = False) -> str:
        """'Doc' / 'der Doktor'."""
        if self.lang == "en":
            return b
        text = self.catalogue.buildings[b].de_nominative
        return text[0].upper() + text[1:] if capital else text

    def names(self, buildings, capital: bool = False) -> str:
        """'Saloon and Drugstore'."""
        items = [self.name(b, capital and i == 0) for i, b in enumerate(buildings)]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {self.w['and']} " + items[-1]

    def listing(self, items: list[str]) -> str:
        """'a, b and c'."""
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {self.w['and']} " + items[-1]

    def where(self, slots) -> str:
        """'plots 2 and 9' / 'plots 1, 9, 13 and out of town'."""
        plots = [str(p) for p in sorted(slots) if p != OUT]
        items = plots + ([self.w["out"]] if OUT in slots else [])
        if not plots:
            return items[0]
        label = self.w["plot"] if len(plots) == 1 else self.w["plots"]
        if self.lang == "de":
            label = "Platz" if len(plots) == 1 else "den Plätzen"
        return f"{label} {self.listing(items)}"

    def card_sentence(self, number: int) -> str:
        """The card's sentence, with a bound B card's building in place of 'my building'."""
        card = self.catalogue.cards[number]
        text = card.text_de if self.lang == "de" else card.text_en
        bound = self.bindings.get(number)
        if bound and text.startswith(self.w["my"]):
            subject = self.w["the"].format(b=self.name(bound), B=self.name(bound, True))
            text = subject + text[len(self.w["my"]):]
        elif bound:
            text = f"({bound}) {text}"
        return text

    def removal(self, step: Step, before: Markers) -> str:
        """'the Doc markers on plots 2 and 9 go' (or where a first card allows a building to stand)."""
        parts, losing = [], {}
        for b in dict.fromkeys(b for b, _ in step.removed):
            gone = frozenset(p for x, p in step.removed if x == b)
            if step.technique == "card" and before.cand[b] in (SLOTS, SLOTS - {OUT}, self.fresh.get(b)):
                parts.append(self.w["put"].format(b=self.name(b), where=self.where(step.after.cand[b])))
            else:
                losing.setdefault(gone, []).append(b)
        for gone, buildings in losing.items():
            if gone == {OUT}:
                parts.append(self.w["stay_in"].format(b=self.names(buildings)))
                continue
            shown = [self.marker_of(b) for b in buildings] if self.lang == "de" else buildings
            markers = self.listing(shown)
            parts.append(self.w["go"].format(b=markers, where=self.where(gone)))
        return "; ".join(parts)

    def marker_of(self, b: str) -> str:
        """'Doktor-Marker' in 'die Doktor-Marker auf Platz 2 fallen weg'."""
        return self.catalogue.buildings[b].de + "-Marker"

    # -- one sentence per step -------------------------------------------------------------------

    def sentence(self, step: Step, before: Markers) -> str:
        """The step in words."""
        w = self.w
        head = self._head(step)
        removal = self.removal(step, before)
        mine = self._mine_words(step)
        tail = "; ".join(x for x in (mine, removal) if x)
        if not tail:
            return head + "."
        return f"{head}{w['so']}{tail}."

    def _head(self, step: Step) -> str:
        """The first half of the sentence: the card, or what the board shows."""
        w, t = self.w, step.technique
        if step.card is not None:
            return f"{w['card']} {step.card}: {self.card_sentence(step.card).rstrip('.')}"
        if t == "placed" and step.plots == (OUT,):
            return w["outs"].format(bs=self.names(step.buildings), Bs=self.names(step.buildings, True))
        if t == "placed":
            b = step.buildings[0]
            return w["placed"].format(b=self.name(b), B=self.name(b, True), p=step.plots[0])
        if t == "only-building" and step.plots == (OUT,):
            return w["only_out"].format(bs=self.names(step.buildings))
        if t == "only-building":
            return w["only"].format(b=self.name(step.buildings[0]), p=step.plots[0])
        if t == "chain":
            b = step.buildings[0]
            return w["chain"].format(b=self.name(b), where=self.where(step.plots), n=step.depth)
        if t == "mine-sets":
            return w["sets"].format(bs=self.names(step.buildings))
        if t in ("pair", "group"):
            return w["group"].format(bs=self.names(step.buildings), Bs=self.names(step.buildings, True),
                                     where=self.where(step.plots))
        return self._mine_head(step)

    def _mine_head(self, step: Step) -> str:
        """The sentence's start for a step about my buildings with no card."""
        w = self.w
        if step.not_mine and step.plots == (OUT,):
            return w["out_not_mine"].format(bs=self.names(step.not_mine), Bs=self.names(step.not_mine, True))
        if step.not_mine:
            return w["all_found"]
        if step.mine_found:
            return w["is_mine"].format(bs=self.names(step.mine_found), Bs=self.names(step.mine_found, True))
        return w["in_town"]

    def _mine_words(self, step: Step) -> str:
        """What the step finds out about my buildings."""
        w = self.w
        if step.card is None:
            if step.not_mine and step.plots != (OUT,):
                return w["not_mine"].format(bs=self.names(step.not_mine))
            return ""
        parts = []
        if step.technique in CASE_SPLITS:
            key = "cases" if step.answer is not None else "cases_agree"
            parts.append(w[key].format(bs=self.names(step.buildings), n=step.depth))
        elif step.not_mine:
            parts.append(w["last"])
            parts.append(w["not_mine"].format(bs=self.names(step.not_mine)))
        if step.answer is not None:
            parts.append(w["mine_found"].format(b=self.name(step.answer)))
        return "; ".join(parts)

    def opening(self, board: Markers) -> str:
        """What is known of my buildings at the start."""
        if self.scenario.mine is not None:
            return self.w["start_mine"].format(bs=self.names(sorted(self.scenario.mine)))
        return self.w["start_unknown"].format(n=self.scenario.mine_count)


def explain(catalogue: Catalogue, scenario: Scenario, lang: str = "en") -> Explanation:
    """Deduce the scenario and put every step into words."""
    puzzle = catalogue.puzzle(scenario)
    deduction = deduce(puzzle)
    explainer = Explainer(catalogue, scenario, lang)
    before = start(puzzle)
    lines = []
    for step in deduction.steps:
        lines.append(explainer.sentence(step, before))
        before = step.after
    ending = deduction.status
    if ending == "stuck" and count_solutions(puzzle, 2) > 1:
        ending = "ambiguous"
    closing = WORDS[lang][ending]
    if ending == "town":
        sets = [explainer.names(sorted(mine)) for mine in _mine_sets(puzzle)]
        closing = closing.format(n=len(sets), sets="; ".join(sets))
    return Explanation(scenario.id, deduction, tuple(lines), explainer.opening(start(puzzle)), closing)


@dataclass(frozen=True)
class Hint:
    """The next deduction from a player's board, or why there is none.

    status: "step" (a deduction, `step` set), "wrong" (placements no solution agrees with, `wrong`
    names their plots), "solved", "town", "stuck", "ambiguous", "contradiction" or "done" (no
    step left after the ones already given).
    """

    status: str
    text: str
    step: Step | None = None
    wrong: tuple[int, ...] = ()
    places: tuple[tuple[str, int], ...] = ()  # (building, plot) the step leaves one plot to

    @property
    def plots(self) -> list[int]:
        """The plots the hint concerns: the step's plots and those its markers left, or the wrong ones."""
        if self.step is None:
            return list(self.wrong)
        touched = set(self.step.plots) - {OUT} or {p for _, p in self.step.removed}
        return sorted((touched | {p for _, p in self.places}) - {OUT})

    def as_dict(self) -> dict:
        """The JSON shape of the web page's hint."""
        step = self.step
        return {"status": self.status, "text": self.text, "plots": self.plots, "wrong": list(self.wrong),
                "card": step.card if step else None, "technique": step.technique if step else None,
                "buildings": list(step.buildings) if step else [],
                "places": [{"building": b, "plot": p} for b, p in self.places]}


def hint(catalogue: Catalogue, scenario: Scenario, placement: dict[int, str], lang: str = "en",
         skip: int = 0, solutions=None) -> Hint:
    """The deduction number `skip` (0: the next one) from the board a player has filled.

    Placements that no solution agrees with are named rather than deduced from. From the empty
    board, hint number k is step k+1 of `explain`. `solutions` (the scenario's, when known)
    saves counting them again.
    """
    from ..solve.count import solve

    puzzle = catalogue.puzzle(scenario)
    words = WORDS[lang]
    if solutions is None:
        solutions = solve(puzzle, 10)
    explainer = Explainer(catalogue, scenario, lang)
    if placement and not solutions:
        return Hint("contradiction", words["contradiction"])
    if town_complete(placement, solutions):
        return Hint("solved", words["solved"])
    wrong = tuple(misplaced(placement, solutions))
    if wrong:
        items = explainer.listing([words["wrong"].format(b=explainer.name(placement[p]), p=p) for p in wrong])
        it = ("it" if len(wrong) == 1 else "them") if lang == "en" else ""
        return Hint("wrong", words["take_away"].format(items=items, it=it), wrong=wrong)
    try:
        board = start_from(puzzle, placement)
    except Contradiction:
        return Hint("contradiction", words["contradiction"])
    explainer.fresh = dict(board.cand)
    deduction = deduce(puzzle, skip + 1, board)
    if len(deduction.steps) > skip:
        step = deduction.steps[skip]
        before = deduction.steps[skip - 1].after if skip else board
        places = tuple((b, step.after.placed(b)) for b in step.after.cand
                       if step.after.placed(b) not in (None, OUT) and before.placed(b) is None)
        return Hint("step", explainer.sentence(step, before), step, places=places)
    if deduction.status in ("solved", "town") or len(deduction.steps) < skip:
        return Hint("done", words["no_more"])
    ending = deduction.status
    if ending == "stuck" and len(solutions) > 1:
        ending = "ambiguous"
    return Hint(ending, words[ending])


def _mine_sets(puzzle) -> list[frozenset[str]]:
    """The sets of my buildings of a puzzle's solutions (a town the deductions complete)."""
    from ..solve.count import solve

    return sorted({s.mine for s in solve(puzzle, 10)}, key=sorted)


def card_sentences(catalogue: Catalogue, scenario: Scenario, lang: str = "en") -> list[str]:
    """Each card of a scenario in full, a bound B card speaking of its building: '14 A  The Doc ...'."""
    explainer = Explainer(catalogue, scenario, lang)
    return [f"{n:>2} {catalogue.cards[n].kind}  {explainer.card_sentence(n)}" for n in scenario.card_numbers]


def heading(key: str, lang: str = "en", **values) -> str:
    """A heading or summary line of the explain and generate commands in the chosen language."""
    return WORDS[lang][key].format(**values)
