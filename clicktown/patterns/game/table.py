"""Wild Wild Pattern at a table: what `clicktown.games.GAMES["patterns"]` points at.

A new game under the rule options a table chose, the wheel as SVG for a seat, the table's trace and
a trace viewer's step. Every rule stays in the engine (`state`); every word comes from `view`.
"""

from __future__ import annotations

from ...arena.state import refusal  # noqa: F401  (the plain refusal: the engine tells no reason)

#: The rule options a table offers (those of `patterns simulate`).
RULES = ("used_challenges", "after", "min_occurrences", "extend", "lenient")


def player_counts() -> tuple[int, ...]:
    from .state import PLAYERS

    return PLAYERS


def bot_names() -> tuple[str, ...]:
    from .bots import BOTS

    return tuple(BOTS)


def rule_choices():
    """The rule options (those of `patterns simulate`, with its defaults and sentences)."""
    from ...games import rule_choices_of

    return rule_choices_of("clicktown.patterns.commands", "patterns_simulate", RULES)


def new_state(players: int, seats=(), rules: dict | None = None):
    """A new saloon game under the rule words chosen (name -> word), recording its events."""
    from ...games import engine_rules
    from ..analysis import Rules
    from .simulate import Setup, start

    engine = Rules(**engine_rules(rule_choices(), rules or {}))
    return start(Setup(players, "saloon", tuple(seats), False, rules=engine, trace=True))


def rules_in_force(state) -> dict:
    """The rules the engine holds, in the lobby's words."""
    held = state.table.rules
    return {rule.name: rule.word(getattr(held, rule.name)) for rule in rule_choices()}




def auto_pass(state, seat: int) -> None:
    """A person always has a choice in Wild Wild Pattern."""
    return None


def picture(state, seat: int | None, lang: str) -> str:
    """The board as the seat sees it (None: a spectator, shown no one's cards); the trace viewer draws it too."""
    from .trace import picture as drawn

    return drawn(state, seat, lang)


def timed_phase(people, reaction: float):
    """The race in real time at a table: the people answer within `reaction` seconds, the bots after
    (`race.Race`, the same driver as the terminal's `patterns play`)."""
    from .race import Race

    return Race(people, reaction)


def table_trace(state, seats, seed) -> list[dict]:
    """A table's trace, in the schema every game's traces share (clicktown.arena.trace)."""
    from .trace import trace_lines

    return trace_lines(state, 0, seed, seats)
