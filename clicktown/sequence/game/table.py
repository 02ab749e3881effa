"""Sequence and Sequence Numbers at a table: what `clicktown.games.GAMES["sequence"]` and
`GAMES["numbers"]` point at (the game's name bound first where the two differ).

A new game, the board as SVG, the table's trace and a trace viewer's step. Every rule stays in the
engine (`state`, `rules`); every word comes from `view`.
"""

from __future__ import annotations

from ...arena.state import refusal  # noqa: F401  (the plain refusal: the engine tells no reason)
from ...arena.state import untimed as timed_phase  # noqa: F401  (no phase against the clock)


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


def picture(state, seat: int, lang: str) -> str:
    """The board with the chips and the sequences made so far."""
    from ..geometry import WINDOWS
    from ..render.svg import board_svg
    from ..sequences import Line, SequenceCount

    lines = tuple(Line(team, WINDOWS[w].cells) for team, made in state.sequences.items() for w in made)
    return board_svg(state.match.game, state.position(), SequenceCount(state.sequence_counts(), lines), lang=lang)


def auto_pass(state, seat: int) -> None:
    """The engine itself passes for a seat with no move."""
    return None


def table_trace(state, seats, seed) -> list[dict]:
    """A table's trace: its start, the events so far and, once over, its end."""
    from .simulate import end_event, start_event

    return [start_event(state, tuple(seats), 0, seed), *state.events, end_event(state)]


def step_picture(step) -> str:
    """A trace viewer's step (`rows`: the board's ten rows) as the board of the step's game."""
    from ...errors import ClicktownError
    from ..cards import load_game
    from ..position import parse_position
    from ..render.svg import board_svg
    from ..sequences import count_sequences

    if not step.rows:
        raise ClicktownError("a Sequence step needs the board's rows")
    position = parse_position("\n".join(step.rows), "rows")
    return board_svg(load_game(step.game), position, count_sequences(position), lang=step.lang)


def spectator_text(event: dict, lang: str) -> str | None:
    """A trace event told to a spectator."""
    from ...arena.state import SPECTATOR
    from .view import event_text

    return event_text(event, SPECTATOR, lang)
