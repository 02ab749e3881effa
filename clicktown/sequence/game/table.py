"""Sequence and Sequence Numbers at a table: what `clicktown.games.GAMES["sequence"]` and
`GAMES["numbers"]` point at (the game's name bound first where the two differ).

A new game, the board as SVG, the table's trace and a trace viewer's step. Every rule stays in the
engine (`state`, `rules`); every word comes from `view`.
"""

from __future__ import annotations

from ...arena.state import untimed as timed_phase  # noqa: F401  (no phase against the clock)


def refusal(state, action: int, lang: str = "en") -> str:
    """Why a person's action is refused at a table, in `lang` (the rules' reason, `refusals`). A card sent
    to a cell it does not name is refused without naming its cells: in Sequence Numbers they are the
    answer, which the page shows only with hints."""
    from ...arena.state import refusal as plain
    from .refusals import refusal as reason

    return reason(state, action, lang, hints=False) or plain(state, action, lang)


def player_counts(game: str) -> tuple[int, ...]:
    """The numbers of players the game seats with the rulebook's teams."""
    from ..rules import table_sizes

    return table_sizes(game)


def bot_names() -> tuple[str, ...]:
    from .bots import BOTS

    return tuple(BOTS)


def rule_choices() -> tuple:
    """Sequence has no rule option a table could choose."""
    return ()


def new_state(game: str, players: int, seats=(), rules: dict | None = None):
    """A new game at a table of `players` in the rulebook's teams, recording its events."""
    from .simulate import Setup, make_match

    state = make_match(Setup(game, players, None, ("greedy",))).new_state()
    state.events = []
    return state


def rules_in_force(state) -> dict:
    return {}




def auto_pass(state, seat: int) -> None:
    """The engine itself passes for a seat with no move."""
    return None


def picture(state, seat: int | None, lang: str) -> str:
    """The board as the seat sees it (None: a spectator, shown no one's cards); the trace viewer draws it too."""
    from .trace import picture as drawn

    return drawn(state, seat, lang)


def table_trace(state, seats, seed) -> list[dict]:
    """A table's trace, in the schema every game's traces share (clicktown.arena.trace)."""
    from .trace import trace_lines

    return trace_lines(state, 0, seed, seats)
