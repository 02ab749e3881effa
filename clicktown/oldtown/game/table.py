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






def auto_pass(state, seat: int) -> int | None:
    """A person's stop decision when no marker can go: no claim can be right, so the table passes."""
    from .state import PASS
    from .view import needs_decision

    return PASS if state.phase == "stop" and not needs_decision(state, seat) else None


def refusal(state, action: int, lang: str = "en") -> str:
    """Why the engine refuses the action (`refusals.refusal`), told by the seat's view (`view.refused`)."""
    from .view import refused

    return refused(state, action, lang)


def picture(state, seat: int | None, lang: str) -> str:
    """The board as the seat sees it (None: a spectator, shown no one's cards); the trace viewer draws it too."""
    from .trace import picture as drawn

    return drawn(state, seat, lang)


def table_trace(state, seats, seed) -> list[dict]:
    """A table's trace, in the schema every game's traces share (clicktown.arena.trace)."""
    from .trace import trace_lines

    return trace_lines(state, 0, seed, seats)
