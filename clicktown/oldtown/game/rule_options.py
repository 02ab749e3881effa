"""The marker game's disputed readings, each a named choice with its default (one place for all).

docs/oldtown-marker-game.md quotes each sentence. The engine (`state.new_game(..., options=)`), play,
simulate, the environment and the browser take a `RuleOptions`; the command line shows every option
with its default. This module imports nothing heavy, so the commands can list the options at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import ClicktownError

#: option -> (choices, the first being the default; what it decides)
OPTIONS = {
    "stop_callers": (("everyone", "others"),
                     "Who may call 'stop' after a turn: everyone, the player whose turn it was included, "
                     "or only the other players ('Entdeckt ein Mitspieler')."),
    "logic_markers": (("stop_round", "player"),
                      "Who gets the markers that follow by logic after action 2 (two cards for one marker): "
                      "they are left for a 'stop' call, or go to the player (Beispiel 10)."),
    "empty_pile": (("reshuffle", "end"),
                   "When the shared draw pile runs out: the discards become a new one (house rule: every "
                   "game finishes), or there are no more draws."),
    "held_plots": (("marker", "card"),
                   "Beispiel 7, a new building's plots that other buildings hold: no marker goes there and the "
                   "card's markers go on its other plots (as in Beispiel 1), or the whole card is forbidden."),
    "break_pair": (("allowed", "forbidden"),
                   "Whether action 2 (two cards for one marker) may take a marker of a held pair (two "
                   "buildings down to the same two plots), which settles both buildings."),
}


@dataclass(frozen=True)
class RuleOptions:
    """The chosen readings (see OPTIONS).

    stop_callers   "everyone" ("Entdeckt ein Mitspieler" read to include the player whose turn it
                   was) or "others"
    logic_markers  "stop_round" (markers that follow by logic after action 2 wait for a "stop"
                   call) or "player" (Beispiel 10: "alle Marker, die nun vom Plan entfernt werden
                   müssen" go to the player who took the marker)
    empty_pile     "reshuffle" (house rule: the discards are shuffled into a new draw pile) or "end"
                   (no more draws; when every seat passes in turn the game ends unfinished)
    held_plots     "marker" (Beispiel 7 forbids a marker: none goes on the held plots, the card's
                   markers go on its other plots, as Beispiel 1 leaves out a plot already taken) or
                   "card" (Beispiel 7 read as forbidding the card: it can be neither played nor
                   discarded)
    break_pair     "allowed" (action 2 may take any marker after which a town fits) or
                   "forbidden" (not a marker of two buildings down to the same two plots)
    """

    stop_callers: str = "everyone"
    logic_markers: str = "stop_round"
    empty_pile: str = "reshuffle"
    held_plots: str = "marker"
    break_pair: str = "allowed"

    def __post_init__(self):
        for name, (choices, _) in OPTIONS.items():
            if getattr(self, name) not in choices:
                raise ClicktownError(f"rule option {name} is one of {', '.join(choices)}, "
                                     f"not {str(getattr(self, name))[:40]!r}")


#: the defaults, for the functions that take no options (`options or DEFAULTS`)
DEFAULTS = RuleOptions()
