"""Wild Wild Pattern's traces: the game_start line, the first state built from it, a state's picture and words.

The schema is `clicktown.arena.trace`'s. Wild Wild Pattern's game_start adds the data files its
deck and Bank came from (`deck`, `bank`: null for the built-in ones) and the turn limit
(`max_turns`); the options are the table's mode and the rules (`after`, `min-occurrences`,
`lenient`, `extend`, `used-challenges`).
"""

from __future__ import annotations

from functools import lru_cache

from ...arena.trace import ABANDONED, end_line, game_lines, start_line, winners_of

GAME = "patterns"
#: the rules' fields, by the command line's names
RULES = {"after": "after", "min-occurrences": "min_occurrences", "lenient": "lenient", "extend": "extend",
         "used-challenges": "used_challenges"}


def options_of(state) -> dict:
    """The mode and the rules in force, by the command line's names."""
    rules = state.table.rules
    return {"mode": state.table.mode, **{name: getattr(rules, field) for name, field in RULES.items()}}


def start_event(state, index: int, seed: int, seats, deck=None, bank=None) -> dict:
    """The game_start line of a game of `state`."""
    return start_line(GAME, index, seed, seats, options_of(state), deck=deck, bank=bank,
                      max_turns=state.table.max_turns)


def end_event(state) -> dict:
    """The game_end line of a game the engine did not finish (a person quit)."""
    return end_line(winners_of(state), state.reason or ABANDONED, rounds=state.round, turns=state.turn)


def trace_lines(state, index: int, seed: int, seats, deck=None, bank=None) -> list[dict]:
    """The whole trace of a game played on `state` (finished or abandoned)."""
    return game_lines(start_event(state, index, seed, seats, deck, bank), state.events, state.applied,
                      end_event(state))


def start_state(start: dict):
    """The engine's first state for a game_start line, recording its events."""
    from ..analysis import Rules
    from .state import GameState

    options = dict(start["options"])
    mode = options.pop("mode")
    unknown = set(options) - set(RULES)
    if unknown:
        raise ValueError(f"unknown rule option {sorted(unknown)[0][:30]!r}")
    rules = Rules(**{RULES[name]: value for name, value in options.items()})
    return GameState(_table(start["players"], mode, start.get("deck"), start.get("bank"), rules, start["max_turns"]),
                     record=True)


@lru_cache(maxsize=8)
def _table(players: int, mode: str, deck_file, bank_file, rules, max_turns: int):
    """The table of a trace's game (its cards' kinds and tallies worked out once per process)."""
    from ..bank import load_bank
    from ..cards import load_deck
    from .state import new_table

    return new_table(players, mode, load_deck(deck_file), load_bank(bank_file), rules, max_turns)


def picture(state, seat: int | None, lang: str = "en") -> str:
    """The wheel as SVG, with the seat's card in hand beside it (none for a spectator, `seat` None)."""
    from ..render.svg import wheel_svg
    from .view import last_positions

    table = state.table
    held = state.hand[seat] if seat is not None else None
    hand = table.cards[held] if held is not None else None
    played = state.pending["position"] if state.phase == "declare" and state.pending else None
    return wheel_svg(state.wheel_cards(), played=played, hand=hand, lang=lang, last=last_positions(state))


def told(state, event: dict, seat: int | None, lang: str = "en") -> str | None:
    """An event in words as `seat` is told it (a spectator, `seat` None, holds no card)."""
    from .view import event_text

    return event_text(event, -1 if seat is None else seat, lang)


# ---- traces of the older schema (no actions): the wheel as their told events leave it ---------------

def old_boards(events: list[dict]) -> list[dict]:
    """The wheel after each event of an older trace (by card names; None for a gap)."""
    wheel: list = [None] * 8
    out = []
    for e in events:
        kind = e.get("event")
        if isinstance(e.get("wheel"), list):
            wheel = list(e["wheel"][:8])
        elif kind == "place" and isinstance(e.get("position"), int) and 0 <= e["position"] < 8:
            wheel[e["position"]] = e.get("card")
        elif (kind == "take" or (kind == "steal" and e.get("owner") is None)) and e.get("card") in wheel:
            wheel[wheel.index(e["card"])] = None
        out.append({"wheel": list(wheel)})
    return out


def old_picture(board: dict, start: dict, lang: str = "en") -> str:
    """The wheel of an older trace's step."""
    from ..cards import Wheel, parse_card
    from ..render.svg import wheel_svg
    from .state import builtin_deck

    deck = builtin_deck()
    cards = [parse_card(c, deck) if isinstance(c, str) else None for c in board["wheel"]]
    return wheel_svg(Wheel(tuple(cards + [None] * (8 - len(cards)))), lang=lang)


def old_told(event: dict, seat: int | None, lang: str = "en") -> str | None:
    """An event of an older trace in words."""
    return told(None, event, seat, lang)
