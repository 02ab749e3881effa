"""The referee's reasons in the marker game (verdicts on cards, takings, "stop" claims), in English
and in German.

A `Reason` is the English text itself (a str: traces, `--json`, and the comparison of the fast
verdicts with the reference read it as before) that also keeps its kind (`key`) and the facts it
was worded from (`facts`: building names, plots, counts, and for a reason built on another reason,
that reason). `german` words it again in the rulebook's terms, the buildings by their German names;
a plain str (a reason read back from a trace) stays as it is.

The engine makes reasons only when one is read (`Verdict.reason`, `Taking.reason`): playing a
game never words them.
"""

from __future__ import annotations

from typing import Callable, Mapping

from ...german import Worded


class Reason(Worded):
    """A reason in English, with its key and facts to word it in German (`ENGLISH` below)."""


# -- English ----------------------------------------------------------------------------------------

def _plots(plots) -> str:
    """'plot 7' or 'plots 3, 5, 7'."""
    plots = sorted(plots)
    return f"plot {plots[0]}" if len(plots) == 1 else "plots " + ", ".join(map(str, plots))


def _listing(names) -> str:
    """'Bank', 'Bank and the Saloon', 'Bank, the Drugstore and the Saloon'."""
    names = list(names)
    return names[0] if len(names) == 1 else ", the ".join(names[:-1]) + " and the " + names[-1]


def whose(building: str) -> str:
    """'the Bank's', and "the Printer's" for a name that already ends so."""
    return f"the {building}" if building.endswith("'s") else f"the {building}'s"


def _markers(n: int) -> str:
    return f"{n} marker{'s' if n != 1 else ''}"


def _happens(added, removed, built, gain) -> str:
    parts = [f"situation A: markers of the {b} on {_plots(plots)}" for b, plots in added]
    if removed:
        parts.append("situation C: " + ", ".join(f"{whose(b)} marker off plot {p}" for b, p in removed))
    parts += [f"situation B: the {b} is built on plot {p}" for b, p in built]
    return "; ".join(parts) + f"; the player takes {_markers(gain)}"


ENGLISH: dict[str, Callable[..., str]] = {
    # a card that may not be played for this building (types B and C)
    "needs_mine": lambda number, kind: f"card {number} is of type {kind}: it needs one of your buildings",
    "not_mine": lambda b: f"the {b} is not one of your buildings",
    "built_mine": lambda b: f"the {b} is built: it is no longer one of your buildings",
    "same_building": lambda b: f"my building must be another building than the {b}",
    # contradiction cards (Beispiel 5)
    "built_elsewhere": lambda b, plot: f"the {b} is built on plot {plot}, which the card rules out (Beispiel 5)",
    "markers_ruled_out": lambda b, plots: f"the card rules out every marker of the {b} ({_plots(plots)}) (Beispiel 5)",
    "no_plot_allowed": lambda b: f"every plot the card allows the {b} is built on or ruled out (Beispiel 5)",
    "no_room": lambda names: (f"no town fits the {_listing(names)} on the plots the card allows: the buildings "
                              f"with markers need them (Beispiele 5 and 7)"),
    "no_town_any_more": lambda cause: f"no town fits the board any more: {cause} (Beispiel 5)",
    "too_few_plots": lambda: ("no town fits the board any more: the buildings with markers need more plots than "
                              "they have (Beispiel 5)"),
    # forbidden cards (Beispiele 6, 7, 9)
    "too_many_plots": lambda b, size: (f"the {b} would have {size} possible plots, more than its five markers "
                                       f"(Beispiel 9)"),
    "one_too_many": lambda plot, count, b: (f"plot {plot} holds {count} markers: a marker of the {b} would be one "
                                            f"too many (Beispiel 6)"),
    "held": lambda plot, names: (f"plot {plot} is needed by the {_listing(names)} (Beispiel 7): no further marker "
                                 f"may go there"),
    # confirmation and playable cards
    "nothing_changes": lambda: "the card changes nothing on the board (Beispiel 4)",
    "happens": _happens,
    # what settling the board found impossible (town.Impossible)
    "no_plot_left": lambda b: f"the {b} would have no plot left",
    "last_plot_built": lambda b, plot: f"{whose(b)} last plot {plot} is built on",
    # taking a marker (action 2) and "stop" claims
    "no_marker": lambda b, plot: f"there is no marker of the {b} on plot {plot}",
    "would_not_fit": lambda: "no town would fit the board",
    "would_not_fit_as": lambda cause: f"no town would fit the board: {cause}",
    "takes": lambda gain: f"the player takes {_markers(gain)}",
    "may_still_stand": lambda b, plot: (f"the {b} may still stand on plot {plot}: some town fits every marker "
                                        f"with it there"),
    "stop_right": lambda b, plot, taking: f"no town fits the markers with the {b} on plot {plot}; {taking}",
}

Reason.ENGLISH = ENGLISH


# -- German -----------------------------------------------------------------------------------------

class _German:
    """The German words for one catalogue's buildings (`buildings`: English name -> Building)."""

    def __init__(self, buildings: Mapping):
        self.buildings = buildings

    def name(self, b: str) -> str:
        """'Saloon', 'Spielcasino' (as `view.Words.name`)."""
        return self.buildings[b].de

    def the(self, b: str) -> str:
        """'der Saloon', 'die Bank', 'das Hotel'."""
        return self.buildings[b].de_nominative

    def the_acc(self, b: str) -> str:
        """'den Saloon', 'die Bank', 'das Hotel'."""
        building = self.buildings[b]
        return f"{'den' if building.article == 'der' else building.article} {building.de}"

    def of(self, b: str) -> str:
        """'von Saloon' (as `view.Words.the_gen`: the genitive is beyond a table of names)."""
        return f"von {self.name(b)}"

    def listing(self, names) -> str:
        """'der Saloon', 'der Saloon und die Bank', 'der Saloon, die Bank und das Hotel'."""
        named = [self.the(b) for b in names]
        return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " und " + named[-1]

    def say(self, reason) -> str:
        if not isinstance(reason, Reason):
            return reason
        return getattr(self, reason.key)(*reason.facts)

    # each reason, by its key

    def needs_mine(self, number, kind):
        return f"Karte {number} ist vom Typ {kind}: sie braucht eines deiner Gebäude"

    def not_mine(self, b):
        return f"{self.the(b)} gehört nicht zu deinen Gebäuden"

    def built_mine(self, b):
        return f"{self.the(b)} ist schon gebaut und gehört nicht mehr zu deinen Gebäuden"

    def same_building(self, b):
        return f"„mein Gebäude“ muss ein anderes Gebäude sein als {self.the(b)}"

    def built_elsewhere(self, b, plot):
        return f"{self.the(b)} steht auf Platz {plot}, den die Karte ausschließt (Beispiel 5)"

    def markers_ruled_out(self, b, plots):
        return f"die Karte schließt jeden Marker {self.of(b)} aus ({_platz(plots)}) (Beispiel 5)"

    def no_plot_allowed(self, b):
        return f"die Karte lässt für {self.the_acc(b)} keinen freien Platz übrig (Beispiel 5)"

    def no_room(self, names):
        verb = "steht" if len(names) == 1 else "stehen"
        return (f"keine Stadt passt, wenn {self.listing(names)} auf den Plätzen {verb}, die die Karte erlaubt: "
                f"die Gebäude mit Markern brauchen sie (Beispiele 5 und 7)")

    def no_town_any_more(self, cause):
        return f"keine Stadt passt mehr zum Spielplan: {self.say(cause)} (Beispiel 5)"

    def too_few_plots(self):
        return ("keine Stadt passt mehr zum Spielplan: die Gebäude mit Markern brauchen mehr Plätze, als sie "
                "haben (Beispiel 5)")

    def too_many_plots(self, b, size):
        return f"{self.the(b)} hätte {size} mögliche Plätze, aber nur fünf Marker (Beispiel 9)"

    def one_too_many(self, plot, count, b):
        lie = "liegt" if count == 1 else "liegen"
        return f"auf Platz {plot} {lie} {count} Marker: ein Marker {self.of(b)} wäre einer zu viel (Beispiel 6)"

    def held(self, plot, names):
        verb = "braucht" if len(names) == 1 else "brauchen"
        return f"{self.listing(names)} {verb} Platz {plot} (Beispiel 7): dort darf kein weiterer Marker hin"

    def nothing_changes(self):
        return "die Karte ändert nichts auf dem Spielplan (Beispiel 4)"

    def happens(self, added, removed, built, gain):
        parts = [f"Situation A: Marker {self.of(b)} auf {_platz(plots, 'die ')}" for b, plots in added]
        if removed:
            taken: dict[str, list[int]] = {}
            for b, plot in removed:
                taken.setdefault(b, []).append(plot)
            parts.append("Situation C: " + ", ".join(f"{len(plots)} Marker {self.of(b)} ({_platz(plots)}) entfernt"
                                                     for b, plots in taken.items()))
        parts += [f"Situation B: {self.the(b)} wird auf Platz {p} gebaut" for b, p in built]
        return "; ".join(parts) + f"; {self.takes(gain)}"

    def no_plot_left(self, b):
        return f"{self.the(b)} hätte keinen Platz mehr"

    def last_plot_built(self, b, plot):
        return f"der letzte Platz {self.of(b)}, Platz {plot}, ist schon bebaut"

    def no_marker(self, b, plot):
        return f"auf Platz {plot} liegt kein Marker {self.of(b)}"

    def would_not_fit(self):
        return "keine Stadt würde mehr zum Spielplan passen"

    def would_not_fit_as(self, cause):
        return f"keine Stadt würde mehr zum Spielplan passen: {self.say(cause)}"

    def takes(self, gain):
        return f"der Spieler erhält {gain} Marker"

    def may_still_stand(self, b, plot):
        return f"{self.the(b)} kann noch auf Platz {plot} stehen: auch dann passt eine Stadt zu allen Markern"

    def stop_right(self, b, plot, taking):
        return f"keine Stadt passt zu den Markern, wenn {self.the(b)} auf Platz {plot} steht; {self.say(taking)}"


def _platz(plots, article: str = "") -> str:
    """'Platz 7' or 'Plätze 3, 5, 7' (with `article` before the plural: 'die Plätze 3, 5, 7')."""
    plots = sorted(plots)
    return f"Platz {plots[0]}" if len(plots) == 1 else f"{article}Plätze " + ", ".join(map(str, plots))


def german(reason: str, buildings: Mapping) -> str:
    """The reason in German, the buildings named from `buildings` (English name -> catalogue Building);
    a plain str, not a `Reason`, is returned as it is."""
    return _German(buildings).say(reason)
