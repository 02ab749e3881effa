"""A Sequence or Sequence Numbers board position as an SVG picture.

Each of the 100 cells shows what is printed on it: a card (rank, and the suit as a drawn sign in
red or black) on the Sequence board, a number on the Sequence Numbers board, "FREE" on the four
corners. A chip is a disc in its team's colour (A blue, B green, C red, as in the box); a chip
locked in a completed sequence has a white ring. Every completed sequence the count reads is a
thick line through its five cells. Rows and columns are numbered 0-9 from the top left, as in the
text format.

Cells are groups with `data-cell` ("row,col"), `data-label` and `data-chip`; sequences are lines
with `data-team` and `data-cells`.
"""

from __future__ import annotations

from ...svgkit import Svg, last_move_frame
from ..cards import RANKS, Game
from ..geometry import SIZE, row_col
from ..position import Position
from ..sequences import SequenceCount
from ...messages import say
from .text import chips_and_sequences

CELL, MARGIN, TOP = 58, 30, 36
TEAM_COLOUR = {"A": "#2a62c9", "B": "#2e9444", "C": "#cc3333"}
SUIT_COLOUR = {"s": "#1a1a1a", "c": "#1a1a1a", "h": "#c62828", "d": "#c62828"}


def centre(index: int) -> tuple[float, float]:
    """The centre of a cell in the picture."""
    r, c = row_col(index)
    return MARGIN + c * CELL + CELL / 2, TOP + MARGIN + r * CELL + CELL / 2


def board_svg(game: Game, position: Position, count: SequenceCount, title: str = "", lang: str = "en",
              last=(), actions: dict[int, int] | None = None) -> str:
    """The board with its labels, the chips of the position and the sequences read; the cells of `last`
    (the last move) outlined, and each cell of `actions` (cell -> action) carrying its action's number."""
    size = 2 * MARGIN + SIZE * CELL
    svg = Svg(size, size + TOP, title or say(lang, "sequence.picture.title"))
    svg.rect(0, 0, size, size + TOP, fill="#1f5b3a", class_="background")
    summary = chips_and_sequences(position, count, lang)
    svg.text(size / 2, 24, title or summary, size=15, fill="#ffffff", class_="caption")
    _numbers(svg)
    free = say(lang, "sequence.picture.free")
    last, actions = set(last), actions or {}
    for index in range(SIZE * SIZE):
        _cell(svg, game, position, index, free, index in last, actions.get(index))
    for line in count.lines:
        _sequence(svg, line)
    return svg.to_string()


def _numbers(svg: Svg) -> None:
    """Row and column numbers 0-9 around the board."""
    for i in range(SIZE):
        svg.text(MARGIN + i * CELL + CELL / 2, TOP + MARGIN - 8, i, size=12, fill="#d8e8d8")
        svg.text(MARGIN - 10, TOP + MARGIN + i * CELL + CELL / 2 + 4, i, size=12, fill="#d8e8d8")


def _cell(svg: Svg, game: Game, position: Position, index: int, free: str = "FREE", last: bool = False,
          action: int | None = None) -> None:
    """One cell: its printed label (`free` on a corner) and the chip on it, if any; the last move's cell
    outlined (`data-last-move`); a cell a click plays carries `data-action-id`."""
    r, c = row_col(index)
    x, y = MARGIN + c * CELL, TOP + MARGIN + r * CELL
    label = game.board.label(index)
    chip = position.chip(index)
    marks = {"data_last_move": "true"} if last else {}
    if action is not None:
        marks["data_action_id"] = action
    svg.open("g", class_="cell", data_cell=f"{r},{c}", data_label=label or "FREE", data_chip=chip, **marks)
    svg.rect(x + 1, y + 1, CELL - 2, CELL - 2, rx=4, fill="#fdfaf2", stroke="#b8b0a0")
    if last:
        last_move_frame(svg, x + 1, y + 1, CELL - 2, CELL - 2)
    if label is None:
        svg.text(x + CELL / 2, y + CELL / 2 + 5, free, size=13, font_weight="bold", fill="#8a6d10")
    else:
        _label(svg, x, y, label)
    if chip.upper() in TEAM_COLOUR:
        _chip(svg, x + CELL / 2, y + CELL / 2, chip)
    svg.close()


def _label(svg: Svg, x: float, y: float, label: str) -> None:
    """A card label (rank and suit sign) or a number, in the top part of the cell."""
    is_card = len(label) == 2 and label[1] in SUIT_COLOUR and (label[0].isdigit() or label[0] in RANKS)
    suit = label[1] if is_card else None
    if suit is None:
        svg.text(x + CELL / 2, y + 22, label, size=16, font_weight="bold", fill="#1a1a1a")
        return
    rank = RANKS.get(label[0], label[0])
    colour = SUIT_COLOUR[suit]
    svg.text(x + CELL / 2 + 3, y + 20, rank, size=15, anchor="end", font_weight="bold", fill=colour)
    _suit_sign(svg, x + CELL / 2 + 12, y + 14, suit, colour)


def _suit_sign(svg: Svg, cx: float, cy: float, suit: str, colour: str) -> None:
    """Spade, heart, diamond or club, drawn (no font glyph needed)."""
    if suit == "d":
        svg.polygon([(cx, cy - 7), (cx + 5, cy), (cx, cy + 7), (cx - 5, cy)], fill=colour)
    elif suit == "h":
        svg.add("path", d=f"M {cx} {cy + 7} L {cx - 6} {cy} A 3 3 0 0 1 {cx} {cy - 4} A 3 3 0 0 1 {cx + 6} {cy} Z",
                fill=colour)
    elif suit == "s":
        svg.add("path", d=f"M {cx} {cy - 7} L {cx + 6} {cy + 1} A 3 3 0 0 1 {cx} {cy + 3} A 3 3 0 0 1 {cx - 6} {cy + 1} Z",
                fill=colour)
        svg.polygon([(cx, cy + 2), (cx + 3, cy + 7), (cx - 3, cy + 7)], fill=colour)
    else:
        for dx, dy in ((0, -3.5), (-3.5, 1.5), (3.5, 1.5)):
            svg.circle(cx + dx, cy + dy, 3, fill=colour)
        svg.polygon([(cx, cy + 1), (cx + 2.5, cy + 7), (cx - 2.5, cy + 7)], fill=colour)


def _chip(svg: Svg, cx: float, cy: float, chip: str) -> None:
    """A team's chip; a locked chip (in a completed sequence) has a white ring."""
    team = chip.upper()
    svg.circle(cx, cy + 10, 15, fill=TEAM_COLOUR[team], stroke="#111111", stroke_width=1.5,
               class_="chip", data_team=team, data_locked="true" if chip.islower() else "false")
    if chip.islower():
        svg.circle(cx, cy + 10, 9.5, fill="none", stroke="#ffffff", stroke_width=3)
    svg.text(cx, cy + 15, team, size=13, font_weight="bold", fill="#ffffff")


def _sequence(svg: Svg, line) -> None:
    """A completed sequence: a thick line from its first to its last cell."""
    (x0, y0), (x1, y1) = centre(line.cells[0]), centre(line.cells[-1])
    cells = " ".join("{},{}".format(*row_col(c)) for c in line.cells)
    svg.line(x0, y0 + 10, x1, y1 + 10, stroke=TEAM_COLOUR.get(line.team, "#000"), stroke_width=9, stroke_linecap="round",
             stroke_opacity=0.75, class_="sequence", data_team=line.team, data_cells=cells)
    svg.line(x0, y0 + 10, x1, y1 + 10, stroke="#ffffff", stroke_width=2, stroke_linecap="round")


def board_picture(game: Game, position: Position, count: SequenceCount, lang: str = "en") -> str:
    """`sequence show --svg`: the position on the board with each team's sequences marked, its words in `lang`."""
    return board_svg(game, position, count, lang=lang)
