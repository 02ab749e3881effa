"""The referee's reasons in the marker game (verdicts on cards, takings, "stop" claims), worded
from the message catalogs (`oldtown.reason.*`) in any language.

A `Reason` is the English text itself (a str: traces, `--json`, and the comparison of the fast
verdicts with the reference read it as before) that also keeps its kind (`key`) and the facts it
was worded from (`FIELDS`: building names, plots, counts, and for a reason built on another reason,
that reason). `Reason.told(lang, buildings)` words it again, the buildings named from the
catalogue's `Building`s (`names`); a plain str (a reason read back from a trace) stays as it is.

A building is named through `building_words`: the catalog holds the article of each case per
grammatical gender (`oldtown.building.<case>.<der|die|das>`), the data its name and genitive.

The engine makes reasons only when one is read (`Verdict.reason`, `Taking.reason`): playing a
game never words them.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...messages import say, say_n
from ...words import Worded, listing, tell
from ..catalogue import Building

#: The cases a building is named in: 'the' (nominative), 'acc', 'dat', 'of' (genitive), 'whose'.
CASES = ("the", "acc", "dat", "of", "whose")


def building_words(lang: str, building: Building) -> dict[str, str]:
    """A building's name (`name`) and its name with article in every case of CASES."""
    words = building.called(lang)
    return {"name": words["name"], **{case: say(lang, f"oldtown.building.{case}.{building.article}", **words)
                                      for case in CASES}}


def building_of(names: Mapping[str, Building] | None, b: str) -> Building:
    """The catalogue's building `b` (English name); without a catalogue one named by that name."""
    return names[b] if names and b in names else Building(b, b, "der")


def whose(building: str) -> str:
    """'the Bank's', and "the Printer's" for a name that already ends so (English action names)."""
    return f"the {building}" if building.endswith("'s") else f"the {building}'s"


def plots_words(lang: str, plots, key: str = "oldtown.plots") -> str:
    """'plot 7' or 'plots 3, 5, 7' ('Platz 7', 'Plätze 3, 5, 7')."""
    plots = sorted(plots)
    return say_n(lang, key, len(plots), list=", ".join(map(str, plots)))


class Reason(Worded):
    """A reason in English, with its key and facts to word it in any language."""

    AREA = "oldtown.reason"
    FIELDS = {
        "needs_mine": ("number", "kind"), "not_mine": ("b",), "built_mine": ("b",), "same_building": ("b",),
        "built_elsewhere": ("b", "plot"), "markers_ruled_out": ("b", "plots"), "no_plot_allowed": ("b",),
        "no_room": ("names",), "no_town_any_more": ("cause",), "too_few_plots": (),
        "too_many_plots": ("b", "size"), "one_too_many": ("plot", "n", "b"), "held": ("plot", "names"),
        "nothing_changes": (), "happens": ("added", "removed", "built", "gain"),
        "no_plot_left": ("b",), "last_plot_built": ("b", "plot"), "no_marker": ("b", "plot"),
        "would_not_fit": (), "would_not_fit_as": ("cause",), "takes": ("n",),
        "may_still_stand": ("b", "plot"), "stop_right": ("b", "plot", "taking"),
        "not_discardable": ("card", "cause"), "held_pair": ("b",), "no_building_for": ("kind",),
    }
    #: The reasons whose words follow a count (`n`: the markers, or the buildings named).
    COUNTED = {"no_room", "held", "one_too_many", "takes"}

    @classmethod
    def telling(cls, lang: str, key: str, facts: tuple, names: Any = None) -> str:
        words = cls.forms(lang, dict(zip(cls.FIELDS[key], facts)), names)
        if key in cls.COUNTED:
            return say_n(lang, f"{cls.AREA}.{key}", words.pop("n"), **words)
        return say(lang, f"{cls.AREA}.{key}", **words)

    @classmethod
    def forms(cls, lang: str, facts: Mapping[str, Any], names: Any) -> dict:
        words = dict(facts)
        if "b" in facts:
            building = building_words(lang, building_of(names, facts["b"]))
            words.update(b=building["name"], **{f"{case}_b": building[case] for case in CASES})
        if "plots" in facts:
            words["plots"] = plots_words(lang, facts["plots"])
        if "names" in facts:
            words["n"] = len(facts["names"])
            words["names"] = listing(lang, [building_words(lang, building_of(names, b))["the"] for b in facts["names"]])
        for nested in ("cause", "taking"):
            if nested in facts:
                words[nested] = tell(facts[nested], lang, names)
        if "added" in facts:
            words = {"situations": situations(lang, facts, names),
                     "takes": Reason.telling(lang, "takes", (facts["gain"],), names)}
        return words


def situations(lang: str, facts: Mapping[str, Any], names: Any) -> str:
    """What a playable card does: situation A (markers added), C (markers removed), B (buildings built)."""
    def b(name: str) -> dict[str, str]:
        return building_words(lang, building_of(names, name))

    parts = [say(lang, "oldtown.situation.a", of_b=b(name)["of"], plots=plots_words(lang, plots, "oldtown.plots_onto"))
             for name, plots in facts["added"]]
    if facts["removed"]:
        markers = ", ".join(say(lang, "oldtown.situation.c_marker", whose_b=b(name)["whose"], plot=plot)
                            for name, plot in facts["removed"])
        parts.append(say(lang, "oldtown.situation.c", markers=markers))
    parts += [say(lang, "oldtown.situation.b", the_b=b(name)["the"], plot=plot) for name, plot in facts["built"]]
    return "; ".join(parts)

