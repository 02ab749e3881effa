"""Sequence's and Sequence Numbers' traces: the game_start line, the first state built from it, a
state's picture and words.

The schema is `clicktown.arena.trace`'s; "game" is `sequence` or `numbers`. The game_start line adds
the team of each seat (`teams`), the hand size of each seat (`hand_sizes`), the sequences a team
needs (`sequences_needed`) and the data files of the board and deck (`board`, `deck`: null for the
built-in ones); the options are the number of teams (`teams`). game_end adds the final board
(`board`, ten rows), the winning team (`team`, null in a draw), the turns and each team's sequences.
"""

from __future__ import annotations

from functools import lru_cache

from ...arena.trace import ABANDONED, end_line, game_lines, start_line, winners_of


def start_event(state, index: int, seed: int, seats, board=None, deck=None) -> dict:
    """The game_start line of a game of `state`: who plays, in which team, with how many cards."""
    table = state.match.table
    return start_line(table.game, index, seed, seats, {"teams": table.teams},
                      teams=[table.team_of(s) for s in range(table.players)], hand_sizes=[table.hand] * table.players,
                      sequences_needed=table.needed, board=board, deck=deck)


def end_event(state) -> dict:
    """The game_end line: the winning seats, why the game ended, the final board, turns and sequences."""
    reason = state.end_reason if state.over else ABANDONED
    return end_line(winners_of(state), reason, team=state.winner, board=state.position().rows(), turns=state.turns,
                    sequences=state.sequence_counts())


def trace_lines(state, index: int, seed: int, seats, board=None, deck=None) -> list[dict]:
    """The whole trace of a game played on `state` (finished or abandoned)."""
    return game_lines(start_event(state, index, seed, seats, board, deck), state.events or [], state.applied,
                      end_event(state))


def start_state(start: dict):
    """The engine's first state (before the deal) for a game_start line, recording its events."""
    options = start["options"]
    if set(options) - {"teams"}:
        raise ValueError(f"unknown rule option {sorted(set(options) - {'teams'})[0][:30]!r}")
    state = _match(start["game"], start["players"], options.get("teams"), start.get("board"),
                   start.get("deck")).new_state()
    state.events = []
    return state


@lru_cache(maxsize=16)
def _match(game: str, players: int, teams: int | None, board, deck):
    """The game data and table of a trace's game (loaded once per process)."""
    from ..cards import load_game
    from ..rules import seat_table
    from .state import Match

    return Match(load_game(game, board, deck), seat_table(game, players, teams))


def picture(state, seat: int | None = None, lang: str = "en") -> str:
    """The board as SVG with its chips and sequences, the last move's cell outlined; for the seat to move, each
    cell a click plays carries its action (`data-action-id`). No card is drawn."""
    from ..geometry import WINDOWS
    from ..render.svg import board_svg
    from ..sequences import Line, SequenceCount

    from .view import board_actions, last_cells

    lines = tuple(Line(team, WINDOWS[w].cells) for team, made in state.sequences.items() for w in made)
    return board_svg(state.match.game, state.position(), SequenceCount(state.sequence_counts(), lines), lang=lang,
                     last=last_cells(state), actions=board_actions(state, seat))


def told(state, event: dict, seat: int | None, lang: str = "en") -> str | None:
    """An event in words as `seat` is told it (a spectator, `seat` None, is told no one's cards)."""
    from .view import event_text

    return event_text(event, -1 if seat is None else seat, lang)


# ---- traces of the older schema (no actions): the board as their told events leave it ---------------

def old_boards(events: list[dict]) -> list[dict]:
    """The board after each event of an older trace, as ten rows (the told plays and sequences)."""
    from ..geometry import CORNERS, SIZE
    from ..position import EMPTY, FREE

    cells = [FREE if i in CORNERS else EMPTY for i in range(SIZE * SIZE)]
    out = []
    for e in events:
        kind = e.get("event")
        if kind == "play":
            r, c = e["cell"]
            cells[r * SIZE + c] = EMPTY if e.get("action") == "remove" else e["team"]
        elif kind == "sequence":
            for r, c in e["cells"]:
                if cells[r * SIZE + c] != FREE:
                    cells[r * SIZE + c] = e["team"].lower()
        if kind == "game_end" and isinstance(e.get("board"), list):
            out.append({"rows": list(e["board"])})
        else:
            out.append({"rows": ["".join(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]})
    return out


def old_picture(board: dict, start: dict, lang: str = "en") -> str:
    """The board of an older trace's step."""
    from ..cards import load_game
    from ..position import parse_position
    from ..render.svg import board_svg
    from ..sequences import count_sequences

    position = parse_position("\n".join(board["rows"]), "rows")
    return board_svg(load_game(start["game"]), position, count_sequences(position), lang=lang)


def old_told(event: dict, seat: int | None, lang: str = "en") -> str | None:
    """An event of an older trace in words."""
    return told(None, event, seat, lang)
