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


def picture(state, seat: int, lang: str) -> str:
    """The wheel, the seat's card in hand, and the position just played while a declaration is pending."""
    from ..render.svg import wheel_svg

    table = state.table
    hand = table.cards[state.hand[seat]] if state.hand[seat] is not None else None
    played = state.pending["position"] if state.phase == "declare" and state.pending else None
    return wheel_svg(state.wheel_cards(), played=played, hand=hand, lang=lang)


def auto_pass(state, seat: int) -> None:
    """A person always has a choice in Wild Wild Pattern."""
    return None


def timed_phase(people, reaction: float):
    """The race in real time at a table: the people answer within `reaction` seconds, the bots after
    (`race.Race`, the same driver as the terminal's `patterns play`)."""
    from .race import Race

    return Race(people, reaction)


def table_trace(state, seats, seed) -> list[dict]:
    """A table's trace: its start (seed, players, mode, seats, rule options), then the events so far."""
    return [{"event": "game_start", "game": 0, "seed": seed, "players": state.table.players,
             "mode": state.table.mode, "bots": list(seats), "rules": rules_in_force(state)}, *state.events]


def step_picture(step) -> str:
    """A trace viewer's step (`wheel`: the eight positions' cards) as the wheel."""
    from ..cards import Wheel, parse_card
    from ..render.svg import wheel_svg
    from .state import builtin_deck

    deck = builtin_deck()
    cards = [parse_card(c, deck) if c else None for c in (step.wheel or [None] * 8)]
    return wheel_svg(Wheel(tuple(cards + [None] * (8 - len(cards)))))


def spectator_text(event: dict, lang: str) -> str | None:
    """A trace event told to a spectator."""
    from ...arena.state import SPECTATOR
    from .view import event_text

    return event_text(event, SPECTATOR, lang)
