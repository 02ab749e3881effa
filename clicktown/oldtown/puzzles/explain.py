"""Explaining a solo puzzle in English or German: `explain` tells it as the hints a player asking
only for hints gets (`hints.walk`), so the terminal and the web page tell the same steps. The
sentences of single steps are `sentences.Explainer`'s (kept importable from here).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...messages import say
from ..catalogue import Catalogue, Scenario
from ..solo import Solution
from .sentences import CASE_SPLITS, Explainer

__all__ = ["CASE_SPLITS", "Explainer", "Explanation", "card_sentences", "explain", "heading"]


@dataclass(frozen=True)
class Explanation:
    """A puzzle told as the hints that solve it, and how it ended."""

    id: str
    hints: tuple  # of hints.Hint, each of kind "step"
    status: str  # solved, town, stuck, ambiguous or contradiction
    opening: str
    closing: str
    solution: Solution | None

    @property
    def lines(self) -> tuple[str, ...]:
        """Each hint's whole deduction in words."""
        return tuple(h.text for h in self.hints)

    def as_dict(self) -> dict:
        """The JSON shape of `oldtown explain --json`: each step is a hint (the API's answer) with the
        board it reaches (candidates, markers removed) for the pictures."""
        return {"id": self.id, "status": self.status, "opening": self.opening,
                "steps": [h.as_step() for h in self.hints], "closing": self.closing,
                "solution": self.solution.as_dict() if self.solution else None}

    def text(self) -> str:
        """Numbered hints."""
        body = [f"{i:>3}. {line}" for i, line in enumerate(self.lines, 1)]
        return "\n".join([self.opening, *body, self.closing])


def explain(catalogue: Catalogue, scenario: Scenario, lang: str = "en", solutions=None) -> Explanation:
    """The scenario told as the hints that solve it from the empty board (each written down before
    the next is asked for): the same steps the web page's hint button gives."""
    from ..solve.count import solve
    from .hints import walk

    puzzle = catalogue.puzzle(scenario)
    solutions = solve(puzzle, 10) if solutions is None else solutions
    given, last, placement = walk(catalogue, scenario, lang, solutions)
    explainer = Explainer(catalogue, scenario, lang)
    status, closing, solution = last.kind, last.text, None
    if last.kind == "solved":
        found = [s for s in solutions if s.placement == placement]
        sets = sorted({s.mine for s in found}, key=sorted)
        if len(sets) > 1:
            status = "town"
            closing = explainer.say("town", n=len(sets), sets="; ".join(explainer.names(sorted(m)) for m in sets))
        else:
            solution, closing = found[0], explainer.say("solved")
    elif last.kind in ("stuck", "ambiguous", "contradiction"):
        closing = explainer.say(last.kind)
    return Explanation(scenario.id, tuple(given), status, explainer.opening(), closing, solution)


def card_sentences(catalogue: Catalogue, scenario: Scenario, lang: str = "en") -> list[str]:
    """Each card of a scenario in full, a bound B card speaking of its building: '14 A  The Doc ...'."""
    explainer = Explainer(catalogue, scenario, lang)
    return [f"{n:>2} {catalogue.cards[n].kind}  {explainer.card_sentence(n)}" for n in scenario.card_numbers]


def heading(key: str, lang: str = "en", **values) -> str:
    """A heading or summary line of the explain and generate commands in the chosen language."""
    return say(lang, f"oldtown.explain.{key}", **values)
