"""Plain-text views of the Old Town plan, cards, scenarios and verification (strings, no printing)."""

from __future__ import annotations

from ...messages import say, say_n
from ...words import Shouted
from ..board import Board
from ..catalogue import Card, Catalogue, Scenario
from ..solo import Solution

CELL = 20
DOOR = {"N": "^", "S": "v", "W": "<", "E": ">"}


def plan(board: Board, placement: dict[int, str] | None = None, mine=frozenset(), lang: str = "en",
         names: dict[str, str] | None = None, columns: int | None = None) -> str:
    """The board plan as text: plots with their buildings and doors, lines between them.

    A door arrow follows each plot number (^ north, v south, < west, > east); my buildings are
    marked with '*'. Every column is as wide as its longest name needs: no name is ever cut. With
    `columns` the plan fits that many columns: a plot's text too long for its column wraps onto
    further lines (at its commas and blanks), indented under its first word.
    """
    placement = placement or {}
    names = names or {}
    texts = {p: _plot_text(board, p, placement.get(p, ""), mine, names) for p in board.plots}
    width = max(CELL, *(len(t) + 1 for t in texts.values()))
    if columns is not None:
        width = min(width, (columns - board.columns + 1) // board.columns)
    out = []
    for row in range(1, board.rows + 1):
        out += _plot_rows(board, row, {p: _wrapped(t, width - 1) for p, t in texts.items()}, width)
        if row < board.rows:
            out.append(_gap_row(board, row, width, lang))
    out.append("")
    out += [_line_legend(board, line, lang) for line in board.lines]
    out += [_landmark_legend(mark, lang) for mark in board.landmarks]
    return "\n".join(out)


def _wrapped(text: str, width: int) -> list[str]:
    """A plot's text in lines of at most `width` characters, the later ones under its first word."""
    import textwrap

    return textwrap.wrap(text, width, subsequent_indent=" " * 4, break_on_hyphens=False) or [""]


def _plot_text(board: Board, plot: int, building: str, mine, names) -> str:
    """'16< Bank*': plot number, door arrow, building (my building starred)."""
    star = "*" if building and building in mine else ""
    return f"{plot:>2}{DOOR[board.entrances[plot]]} {names.get(building, building)}{star}"


def _plot_rows(board: Board, row: int, texts: dict[int, list[str]], width: int) -> list[str]:
    """The lines of one row of plots (more than one where a plot's text wraps)."""
    plots = [board.plot_at(row, col) for col in range(1, board.columns + 1)]
    lines = []
    for k in range(max(len(texts[p]) for p in plots)):
        cells = []
        for col, p in enumerate(plots, 1):
            cells.append((texts[p][k] if k < len(texts[p]) else "").ljust(width))
            if col < board.columns:
                cells.append("|" if board.line_on_side(p, "E") else " ")
        lines.append("".join(cells).rstrip())
    return lines


def _gap_row(board: Board, row: int, width: int, lang: str) -> str:
    pieces = []
    names = set()
    for col in range(1, board.columns + 1):
        line = board.line_on_side(board.plot_at(row, col), "S")
        fill = "=" if line is not None and line.kind == "railway" else "-" if line is not None else " "
        pieces.append(fill * (width + 1))
        if line is not None:
            names.add(getattr(line, lang))
    text = "".join(pieces)[: board.columns * (width + 1) - 1]
    for name in sorted(names):
        label = f" {name} "
        start = (len(text) - len(label)) // 2
        text = text[:start] + label + text[start + len(label):]
    return text.rstrip()


def _line_legend(board: Board, line, lang: str = "en") -> str:
    across, along = ("rows", "columns") if line.orientation == "horizontal" else ("columns", "rows")
    span = "" if not line.partial else say(lang, f"oldtown.legend.span_{along}", first=line.span[0], last=line.span[1])
    return say(lang, f"oldtown.legend.line_{across}", line=Shouted(getattr(line, lang)), first=line.between[0],
               last=line.between[1], span=span)


def _landmark_legend(mark, lang: str = "en") -> str:
    sides = ", ".join(f"{p} ({say(lang, f'oldtown.compass.{s}')})" for p, s in mark.borders)
    return say(lang, "oldtown.legend.landmark", landmark=Shouted(getattr(mark, lang)), sides=sides)


def published_heading(s: Scenario, lang: str = "en") -> str:
    """'Scenario 3 (mittel), published solution:' above the plan of `oldtown show`."""
    return say(lang, "oldtown.legend.published", id=s.id, level=s.level)


def card_line(card: Card, lang: str = "en") -> str:
    """'14 A  The Doc stood ...' with the plots or pairs it allows."""
    text = card.sentence(lang)
    if card.kind == "C":
        allowed = f"[{len({a for a, _ in card.pairs})}+{len({b for _, b in card.pairs})}]"
    else:
        allowed = f"[{', '.join(map(str, sorted(card.plots)))}]"
    return f"{card.number:>2} {card.kind}  {text}  {allowed}"


#: The columns of the rulebook's solo table (the catalog's `oldtown.table.<column>`).
SCENARIO_COLUMNS = ("scenario", "level", "type_a", "type_b", "type_c", "mine")


def scenario_headers(lang: str = "en") -> list[str]:
    """The headings of the solo table in `lang`."""
    return [say(lang, f"oldtown.table.{column}") for column in SCENARIO_COLUMNS]


def scenario_row(s: Scenario, names: dict[str, str] | None = None) -> list[str]:
    """A row of the rulebook's solo table (`names`: the buildings' names to write, the English by default)."""
    names = names or {}
    b = ", ".join(f"{n} = {names.get(x, x)}" if x else str(n) for n, x in s.b)
    mine = ", ".join(sorted(names.get(x, x) for x in s.mine)) if s.mine is not None else ", ".join(["?"] * s.mine_count)
    return [s.id, s.level, compress(s.a), b, compress(s.c), mine]


def compress(numbers) -> str:
    """'1-4, 6, 8-14' from a list of numbers."""
    numbers = sorted(numbers)
    runs, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            runs.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(runs)


def solutions_text(catalogue: Catalogue, scenario: Scenario, found: list[Solution], limit: int,
                   conflict: tuple[int, ...] | None = None, lang: str = "en") -> str:
    """Each solution as a plan; with none, the smallest set of cards that conflict (when given)."""
    if not found:
        if conflict:
            return say(lang, "oldtown.solve.conflict", id=scenario.id, cards=", ".join(map(str, conflict)))
        if conflict == ():
            return say(lang, "oldtown.solve.mine_cannot_stand", id=scenario.id)
        return say(lang, "oldtown.solve.none", id=scenario.id)
    names = catalogue.names_in(lang)
    more = "+" if len(found) >= limit else ""
    parts = [say_n(lang, "oldtown.solve.found", len(found), id=scenario.id, more=more)]
    for i, sol in enumerate(found, 1):
        parts.append("\n" + say(lang, "oldtown.solve.solution", number=i,
                                mine=", ".join(sorted(names.get(b, b) for b in sol.mine))))
        parts.append(plan(catalogue.board, sol.placement, sol.mine, lang, names))
    return "\n".join(parts)
