"""Plain-text views of positions, counts, moves and solutions (strings only; the CLI prints them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import decimal, say, say_n
from ...output import table
from ..geometry import SIZE, row_col

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import Game
    from ..moves import CardMoves
    from ..position import Position
    from ..sequences import SequenceCount
    from ..solve import Solution


def _cell(game: Game, position: Position, index: int) -> str:
    """One cell: its label when empty, `*` on a corner, `[A]` / `[a]` for a chip."""
    ch = position.chip(index)
    if ch == ".":
        return game.board.label(index)
    return ch if ch == "*" else f"[{ch}]"


def board_view(game: Game, position: Position) -> str:
    """The board with its labels, chips in brackets, rows and columns numbered 0-9."""
    width = max(3, max(len(lab or "") for lab in game.board.labels))
    lines = ["   " + " ".join(str(c).rjust(width) for c in range(SIZE))]
    for r in range(SIZE):
        cells = [_cell(game, position, r * SIZE + c).rjust(width) for c in range(SIZE)]
        lines.append(f"{r:>2} " + " ".join(cells))
    return "\n".join(lines)


def cells_text(cells) -> str:
    """Cells as `(row,col)` pairs."""
    return " ".join("({},{})".format(*row_col(c)) for c in cells)


def chips_and_sequences(position: Position, count: SequenceCount, lang: str = "en") -> str:
    """One line per position: each team's chips and sequences ("A: 9 chips, 1 sequence, ...")."""
    return ", ".join(f"{t}: {say_n(lang, 'sequence.chips', len(position.chips(t)))}, {say_n(lang, 'sequence.sequences', n)}"
                     for t, n in count.sequences.items())


def count_view(count: SequenceCount, lang: str = "en") -> str:
    """Each team's count and the cells of the lines read."""
    lines = []
    for team, n in count.sequences.items():
        lines.append(f"{team}: {say_n(lang, 'sequence.sequences', n)}")
        lines.extend("  " + cells_text(line.cells) for line in count.lines if line.team == team)
    return "\n".join(lines)


def goal_line(team: str, have: int, needed: int, lang: str = "en") -> str:
    """'team A: 1 of 2 sequence(s) needed'."""
    return say_n(lang, "sequence.moves.goal", needed, team=team, have=have)


def moves_view(moves: list[CardMoves], lang: str = "en") -> str:
    """A table of the hand: each card, what it does, where."""
    rows = [[m.card, say(lang, f"sequence.moves.action.{m.action}"), str(m.copies), _where(m, lang)] for m in moves]
    return table(rows, [say(lang, f"sequence.moves.{column}") for column in ("card", "action", "copies", "cells")])


def _where(m: CardMoves, lang: str) -> str:
    """Where a card of the hand may go: its cells, any free cell, nothing, or that it is dead."""
    if m.dead:
        return say(lang, "sequence.moves.dead")
    if not m.cells:
        return say(lang, "sequence.moves.nothing")
    if m.action == "wild":
        return say(lang, "sequence.moves.any_cell", cells=len(m.cells))
    return cells_text(m.cells)


def solution_view(solution: Solution, team: str, turns: int, lang: str = "en") -> str:
    """A winning line step by step, or the statement that none exists."""
    method = say(lang, f"sequence.solve.method.{solution.method}")
    if not solution.win:
        return say_n(lang, "sequence.solve.none", turns, team=team, method=method)
    if solution.turns == 0:
        return say_n(lang, "sequence.solve.already", solution.needed, team=team)
    steps = [f"  {n}. {move.describe(lang)}" for n, move in enumerate(solution.line, 1)]
    return "\n".join([say_n(lang, "sequence.solve.wins", solution.turns, team=team, method=method), *steps])


def simulate_view(result: dict, lang: str) -> str:
    """The summary of a simulation: the shared tables, then wins per team, draws and the cards played."""
    from ...arena.summary import rate_cells, rate_header, shared_text

    rows = [[say(lang, "sequence.simulate.team", team=t), *rate_cells(r, lang)]
            for t, r in result["win_rate_per_team"].items()]
    rows.append([say(lang, "sequence.simulate.draw"), *rate_cells(result["draws"], lang)])
    return "\n".join([shared_text(result, lang, table_words(result, lang)), "",
                      table(rows, rate_header(lang, "simulate.team")), "", cards_played(result, lang)])


def table_words(result: dict, lang: str) -> str:
    """How the simulated table is made up: ' in 2 teams of sequence (2 sequence(s) to win, hands of 7)'."""
    from ..cards import GAMES

    return say_n(lang, "sequence.simulate.table", result["teams"], title=GAMES[result["game"]][0],
                 needed=say_n(lang, "sequence.simulate.needed", result["sequences_needed"]), hand=result["hand_size"])


def cards_played(result: dict, lang: str) -> str:
    """The cards a game saw on average: wild and remove cards played, dead cards exchanged, passes."""
    figures = {name: decimal(lang, result[f"{key}_per_game"], 2) for name, key in
               (("wild", "wild_played"), ("remove", "remove_played"), ("dead", "dead_cards_exchanged"),
                ("passes", "passes"))}
    return say(lang, "sequence.simulate.per_game", **figures)


def result_view(state, lang: str = "en") -> str:
    """How a game ended, in the player's language."""
    from ..game.view import counts_words, end_words

    facts = {"turns": state.turns, "counts": counts_words(state)}
    if state.end_reason == "abandoned":
        return say(lang, "sequence.ended.abandoned", **facts)
    if state.winner:
        return say(lang, "sequence.ended.won", team=state.winner, **facts)
    return say(lang, "sequence.ended.drawn", reason=end_words(state.end_reason, lang), **facts)
