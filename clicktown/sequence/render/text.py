"""Plain-text views of positions, counts, moves and solutions (strings only; the CLI prints them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import say, say_n
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


def count_view(count: SequenceCount) -> str:
    """Each team's count and the cells of the lines read."""
    lines = []
    for team, n in count.sequences.items():
        lines.append(f"{team}: {n} sequence{'s' if n != 1 else ''}")
        lines.extend("  " + cells_text(line.cells) for line in count.lines if line.team == team)
    return "\n".join(lines)


def moves_view(moves: list[CardMoves]) -> str:
    """A table of the hand: each card, what it does, where."""
    rows = []
    for m in moves:
        if m.dead:
            where = "dead: both cells taken (may be exchanged, one per turn)"
        elif not m.cells:
            where = "nothing to do"
        elif m.action == "wild":
            where = f"any free cell ({len(m.cells)})"
        else:
            where = cells_text(m.cells)
        rows.append([m.card, m.action, str(m.copies), where])
    return table(rows, ["card", "action", "copies", "cells"])


def solution_view(solution: Solution, team: str, turns: int) -> str:
    """A winning line step by step, or the statement that none exists."""
    if not solution.win:
        return f"team {team} cannot win within {turns} turn(s) (proved by {solution.method})"
    if solution.turns == 0:
        return f"team {team} already has the {solution.needed} sequence(s) it needs"
    steps = [f"  {n}. {move.describe()}" for n, move in enumerate(solution.line, 1)]
    return f"team {team} wins in {solution.turns} turn(s) ({solution.method}):\n" + "\n".join(steps)


def simulate_view(result: dict, lang: str) -> str:
    """The summary of a simulation: the shared tables, then wins per team, draws and the cards played."""
    from ...arena.summary import rate_cells, rate_header, shared_text

    rows = [[f"team {t}", *rate_cells(r, lang)] for t, r in result["win_rate_per_team"].items()]
    rows.append(["draw", *rate_cells(result["draws"], lang)])
    return "\n".join([shared_text(result, lang, f" in {result['teams']} teams of {result['game']} "
                                           f"({result['sequences_needed']} sequence(s) to win, hands of {result['hand_size']})"),
                      "", table(rows, rate_header(lang, "simulate.team")), "",
                      f"per game: {result['wild_played_per_game']:.2f} wild cards and "
                      f"{result['remove_played_per_game']:.2f} remove cards played, "
                      f"{result['dead_cards_exchanged_per_game']:.2f} dead cards exchanged, "
                      f"{result['passes_per_game']:.2f} passes"])


def result_view(state, lang: str = "en") -> str:
    """How a game ended, in the player's language."""
    from ..game.view import counts_words, end_words

    facts = {"turns": state.turns, "counts": counts_words(state)}
    if state.end_reason == "abandoned":
        return say(lang, "sequence.ended.abandoned", **facts)
    if state.winner:
        return say(lang, "sequence.ended.won", team=state.winner, **facts)
    return say(lang, "sequence.ended.drawn", reason=end_words(state.end_reason, lang), **facts)
