"""The marker game at a table: what `clicktown.games.GAMES["oldtown"]` points at.

A new game under the rule options a table chose, the board as SVG for a seat, the pass made for a
person who has no real choice, why an action is refused, the table's trace, and a trace viewer's step.
Every rule stays in the engine (`state`, `rules`); every word comes from `view`.
"""

from __future__ import annotations

from dataclasses import asdict

from ...arena.state import untimed as timed_phase  # noqa: F401  (no phase against the clock)
from ...messages import say, say_n
from ...words import who
from ..catalogue import builtin_catalogue
from .state import PLAYERS, new_game


def player_counts() -> tuple[int, ...]:
    return PLAYERS


def bot_names() -> tuple[str, ...]:
    from .bots import BOTS

    return tuple(BOTS)


def rule_choices():
    """The rule options (those of `oldtown simulate`, with its defaults and sentences)."""
    from ...games import rule_choices_of
    from .rule_options import OPTIONS

    return rule_choices_of("clicktown.oldtown.commands", "oldtown_simulate", tuple(OPTIONS))


def new_state(players: int, seats=(), rules: dict | None = None):
    """A new game of the built-in catalogue under the rule words chosen (name -> word)."""
    from ...games import engine_rules
    from .rule_options import RuleOptions

    options = RuleOptions(**engine_rules(rule_choices(), rules or {}))
    return new_game(builtin_catalogue(), players, options=options)


def rules_in_force(state) -> dict:
    """The rule options the engine holds, as the command line words them."""
    return asdict(state.options)


def picture(state, seat: int, lang: str) -> str:
    """The plan with the markers and buildings, the seat's own buildings marked."""
    from ..render.svg import plan_svg

    town, catalogue = state.town, state.catalogue
    placement = {p: b for b, p in town.built.items()}
    markers = {p: town.on_plot(p) for p in range(1, 17) if town.on_plot(p)}
    return plan_svg(catalogue.board, placement, set(state.owned[seat]), markers, buildings=state.names,
                    lang=lang, names=catalogue.names_in(lang))


def auto_pass(state, seat: int) -> int | None:
    """A person's stop decision when no marker can go: no claim can be right, so the table passes."""
    from .state import PASS
    from .view import needs_decision

    return PASS if state.phase == "stop" and not needs_decision(state, seat) else None


def refusal(state, action: int, lang: str = "en") -> str:
    """Why the engine refuses the action (`refusals.refusal`), told by the seat's view (`view.refused`)."""
    from .view import refused

    return refused(state, action, lang)


def table_trace(state, seats, seed) -> list[dict]:
    """A table's trace: its start (seed, players, seats, rule options), then the events so far."""
    return [{"event": "game_start", "game": "oldtown", "seed": seed, "players": state.players,
             "bots": list(seats), "rules": rules_in_force(state)}, *state.events]


def step_picture(step) -> str:
    """A trace viewer's step (`built`: building -> plot, `plots`: plot -> markers) as the plan."""
    from ...errors import ClicktownError
    from ..render.svg import plan_svg

    catalogue = builtin_catalogue()
    name = catalogue.building
    placement, markers = {}, {}
    for building, plot in (step.built or {}).items():
        if not 1 <= plot <= 16:
            raise ClicktownError(f"built.{building[:30]}: plots are numbered 1 to 16")
        placement[plot] = name(building)
    for plot, buildings in (step.plots or {}).items():
        if not plot.isdigit() or not 1 <= int(plot) <= 16:
            raise ClicktownError(f"plots.{plot[:10]}: plots are numbered 1 to 16")
        markers[int(plot)] = [name(b) for b in buildings[:18]]
    return plan_svg(catalogue.board, placement, set(), markers, buildings=catalogue.building_names,
                    lang=step.lang, names=catalogue.names_in(step.lang))


def spectator_text(event: dict, lang: str) -> str | None:
    """A trace event told to a spectator (who holds no seat, so nothing is told as "you")."""
    from types import SimpleNamespace

    from ...arena.state import SPECTATOR
    from .view import Words

    if event.get("event") == "turn_end":
        points = ", ".join(f"{who(lang, s, SPECTATOR)}: {say_n(lang, 'common.points', p)}"
                           for s, p in enumerate(event.get("points", [])))
        return say(lang, "web.viewer.turn_end", turn=event["turn"], points=points)
    return Words(SimpleNamespace(catalogue=builtin_catalogue()), SPECTATOR, lang).event(event)
