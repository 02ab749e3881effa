"""The Old Town board plan as an SVG picture: plots, streets, railway, landmarks, doors, and what
stands on the plots (buildings, or candidate markers).

What the picture shows follows the plan of `board.py`:
  plot      a sand-coloured square with its number (1-16, row by row from the north-west);
  door      a brown notch on the side of the plot where the building's entrance is
            (the rulebook: "auf dem Spielplan ist der Eingang eines Gebäudes ... dargestellt");
  line      a street (grey band with its name) or the railway (dark band with rails and ties),
            drawn along the rows or columns it spans; a line reaching the edge of town runs on out;
  landmark  the cemetery (crosses) or the buffalo pasture, beside the plot sides it borders;
  building  its name on its plot; my buildings are gold with "my building" under the name;
  marker    a small tag with the building's short name, one per candidate building on a plot
            (the game's markers: "die möglichen Standorte ... mit Markern gekennzeichnet").

North is at the top. Plots, doors, lines, landmarks and markers carry `data-*` attributes
(`data-plot`, `data-building`, `data-mine`, `data-side`, `data-line`, `data-landmark`), always with
the English names; what is written on the picture follows `lang` (street, landmark and building
names in German under "de").

A page holding many plans (the printable sheet) draws the empty plan once, as an SVG `<symbol>`
(`plan_symbol`), and every picture on it refers to that symbol with `<use>` (`use=` below), so a
page costs kilobytes rather than a copy of every street and railway sleeper per card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...messages import say
from ...svgkit import Svg, last_move_frame, wrap
from ..board import Board, Line

SAND, SAND_EDGE, GOLD = "#f3e4c0", "#8b6b3e", "#ffd66b"
STREET, RAILWAY, DOOR = "#cdc5b4", "#5b4b3b", "#7a4a1e"
LANDMARK_FILL = {"cemetery": "#c9d3c0", "buffalo pasture": "#d9e8a8"}
MARKER_FILL = "#e8eefc"


@dataclass(frozen=True)
class Layout:
    """Sizes of one drawing of the plan: plot size, the gap between plots, the margin, the title."""

    plot_w: float = 160
    plot_h: float = 120
    gap: float = 34
    margin: float = 58
    top: float = 34

    def x(self, column: int) -> float:
        """Left edge of a column of plots (1 = west)."""
        return self.margin + (column - 1) * (self.plot_w + self.gap)

    def y(self, row: int) -> float:
        """Top edge of a row of plots (1 = north)."""
        return self.top + self.margin + (row - 1) * (self.plot_h + self.gap)

    def size(self, board: Board) -> tuple[float, float]:
        """Width and height of the whole picture."""
        w = 2 * self.margin + board.columns * self.plot_w + (board.columns - 1) * self.gap
        h = self.top + 2 * self.margin + board.rows * self.plot_h + (board.rows - 1) * self.gap
        return w, h


PLAN = Layout()
MINI = Layout(plot_w=30, plot_h=24, gap=9, margin=12, top=0)


def short_names(buildings) -> dict[str, str]:
    """The shortest unique prefix (at least 3 letters) of each building name, for markers."""
    names = list(buildings)
    out = {}
    for name in names:
        for n in range(3, len(name) + 1):
            prefix = name[:n]
            if not any(other != name and other.startswith(prefix) for other in names):
                out[name] = prefix.rstrip()
                break
        else:
            out[name] = name
    return out


# -- the picture -------------------------------------------------------------------------------------

def plan_svg(board: Board, placement: dict[int, str] | None = None, mine=frozenset(),
             candidates: dict[int, list[str]] | None = None, title: str = "",
             buildings=None, removed: dict[int, list[str]] | None = None, lang: str = "en",
             names: dict[str, str] | None = None, use: str | None = None, last=()) -> str:
    """The board plan with buildings on their plots and/or candidate markers, as SVG text.

    `placement` maps plots to buildings, `mine` names my buildings, `candidates` maps plots to the
    buildings whose markers lie there, `removed` to markers just taken off (drawn struck through);
    `buildings` (all building names) fixes the markers' short names; `names` gives the name to
    write for a building (its German name, say); `use` the id of a `plan_symbol` on the same page;
    `last` the plots the last move changed (outlined, `data-last-move`).
    """
    svg = draw_plan(board, PLAN, title, lang, use)
    placement, candidates, removed = placement or {}, candidates or {}, removed or {}
    shorts = short_names(buildings or sorted({b for bs in [*candidates.values(), *removed.values()] for b in bs}))
    for plot in board.plots:
        _plot_content(svg, board, PLAN, plot, placement.get(plot), placement.get(plot) in mine,
                      candidates.get(plot, []), shorts, removed.get(plot, []), names or {}, lang, plot in last)
    return svg.to_string()


def draw_plan(board: Board, layout: Layout, title: str = "", lang: str = "en", use: str | None = None) -> Svg:
    """The empty plan: landmarks, lines, plots with numbers and doors (ready for contents); with
    `use`, a reference to the empty plan drawn once as a symbol of that id."""
    width, height = layout.size(board)
    svg = Svg(width, height, title or say(lang, "oldtown.plan.title"))
    svg.rect(0, 0, width, height, fill="#fbf7ee", class_="background")
    if title and layout.top:
        shown = title if len(title) <= 84 else title[:81].rstrip() + "..."
        svg.text(width / 2, layout.top - 8, shown, size=17, font_weight="bold", class_="caption")
    if use:
        svg.add("use", href=f"#{use}", x=0.0, y=0.0, width=float(width), height=float(height))
    else:
        _empty_plan(svg, board, layout, lang)
    return svg


def _empty_plan(svg: Svg, board: Board, layout: Layout, lang: str) -> None:
    """Landmarks, lines and plots."""
    for mark in board.landmarks:
        _landmark(svg, board, layout, mark, lang)
    for line in sorted(board.lines, key=lambda ln: ln.kind == "railway"):
        _line(svg, board, layout, line, lang)
    for plot in board.plots:
        _plot(svg, board, layout, plot)


def plan_symbol(board: Board, symbol_id: str, mini: bool = False, lang: str = "en") -> str:
    """The empty plan (or the small plan of a card) as an SVG `<symbol>`, for pictures that `use` it."""
    layout = MINI if mini else PLAN
    width, height = layout.size(board)
    svg = Svg(width, height)
    _empty_plan(svg, board, layout, lang)
    return (f'<symbol id="{symbol_id}" viewBox="0 0 {width:g} {height:g}">\n'
            + "\n".join(svg.parts) + "\n</symbol>")


def _plot(svg: Svg, board: Board, layout: Layout, plot: int) -> None:
    """The empty plot: its square, number and door."""
    x, y = layout.x(board.column(plot)), layout.y(board.row(plot))
    svg.rect(x, y, layout.plot_w, layout.plot_h, fill=SAND, stroke=SAND_EDGE, stroke_width=1.5,
             class_="plot-ground", data_plot=plot)
    if layout is not MINI:
        svg.text(x + 6, y + 15, plot, size=12, anchor="start", fill="#6b5533", class_="plot-number")
    _door(svg, layout, x, y, plot, board.entrances[plot])


def _door(svg: Svg, layout: Layout, x: float, y: float, plot: int, side: str) -> None:
    """A notch on the entrance side of the plot."""
    long, deep = layout.plot_w * 0.22, max(3.0, layout.plot_h * 0.07)
    w, h = layout.plot_w, layout.plot_h
    box = {"N": (x + (w - long) / 2, y, long, deep), "S": (x + (w - long) / 2, y + h - deep, long, deep),
           "W": (x, y + (h - long) / 2, deep, long), "E": (x + w - deep, y + (h - long) / 2, deep, long)}[side]
    svg.rect(*box, fill=DOOR, class_="door", data_plot=plot, data_side=side)


def _line(svg: Svg, board: Board, layout: Layout, line: Line, lang: str = "en") -> None:
    """A street or the railway as a band in the gap between two rows or columns."""
    x0, y0, x1, y1 = _band(board, layout, line)
    railway = line.kind == "railway"
    shown = getattr(line, lang)
    svg.open("g", tooltip=shown, class_="line", data_line=line.name, data_kind=line.kind)
    svg.rect(x0, y0, x1 - x0, y1 - y0, fill=RAILWAY if railway else STREET)
    if railway:
        _rails(svg, layout, line, x0, y0, x1, y1)
    if layout is not MINI:
        _line_name(svg, board, layout, line, x0, y0, x1, y1, shown)
    svg.close()


def _band(board: Board, layout: Layout, line: Line) -> tuple[float, float, float, float]:
    """The rectangle a line covers; it runs out to the picture's edge where it leaves town."""
    width, height = layout.size(board)
    a, b = line.span
    if line.orientation == "horizontal":
        y0, y1 = layout.y(line.between[0]) + layout.plot_h, layout.y(line.between[1])
        x0 = 0 if a == 1 else layout.x(a) - layout.gap / 2
        x1 = width if b == board.columns else layout.x(b) + layout.plot_w + layout.gap / 2
        return x0, y0, x1, y1
    x0, x1 = layout.x(line.between[0]) + layout.plot_w, layout.x(line.between[1])
    y0 = layout.top if a == 1 else layout.y(a) - layout.gap / 2
    y1 = height if b == board.rows else layout.y(b) + layout.plot_h + layout.gap / 2
    return x0, y0, x1, y1


def _rails(svg: Svg, layout: Layout, line: Line, x0, y0, x1, y1) -> None:
    """Two rails and the sleepers between them."""
    step = 14 if layout is not MINI else 10
    if line.orientation == "horizontal":
        for x in range(int(x0) + 4, int(x1), step):
            svg.line(x, y0 + 3, x, y1 - 3, stroke="#a08c6c", stroke_width=2)
        for f in (0.3, 0.7):
            svg.line(x0, y0 + f * (y1 - y0), x1, y0 + f * (y1 - y0), stroke="#e0e0e0", stroke_width=1.5)
    else:
        for y in range(int(y0) + 4, int(y1), step):
            svg.line(x0 + 3, y, x1 - 3, y, stroke="#a08c6c", stroke_width=2)
        for f in (0.3, 0.7):
            svg.line(x0 + f * (x1 - x0), y0, x0 + f * (x1 - x0), y1, stroke="#e0e0e0", stroke_width=1.5)


def _line_name(svg: Svg, board: Board, layout: Layout, line: Line, x0, y0, x1, y1, name: str) -> None:
    """The line's name along its first plot (away from the crossings)."""
    colour = "#ffffff" if line.kind == "railway" else "#333333"
    if line.orientation == "horizontal":
        cx = layout.x(line.span[0]) + layout.plot_w / 2
        svg.text(cx, (y0 + y1) / 2 + 4, name, size=12, fill=colour, font_weight="bold",
                 paint_order="stroke", class_="line-name")
    else:
        cy = layout.y(line.span[0]) + layout.plot_h / 2
        cx = (x0 + x1) / 2 + 4
        svg.text(cx, cy, name, size=12, fill=colour, font_weight="bold",
                 transform=f"rotate(-90 {cx:.1f} {cy:.1f})", class_="line-name")


def _landmark(svg: Svg, board: Board, layout: Layout, mark, lang: str = "en") -> None:
    """A landmark: a band beside every plot side it borders, its name on the first one."""
    fill = LANDMARK_FILL.get(mark.name, "#dddddd")
    depth = min(layout.margin - 6, 40)
    shown = getattr(mark, lang)
    svg.open("g", tooltip=shown, class_="landmark", data_landmark=mark.name)
    for i, (plot, side) in enumerate(mark.borders):
        x, y = layout.x(board.column(plot)), layout.y(board.row(plot))
        w, h = layout.plot_w, layout.plot_h
        box = {"N": (x, y - depth - 3, w, depth), "S": (x, y + h + 3, w, depth),
               "W": (x - depth - 3, y, depth, h), "E": (x + w + 3, y, depth, h)}[side]
        svg.rect(*box, fill=fill, stroke="#8a9a7a", stroke_width=0.8, data_plot=plot, data_side=side)
        _landmark_signs(svg, layout, mark.name, box)
        if i == 0 and layout is not MINI:
            _landmark_name(svg, shown, box, side)
    svg.close()


def _landmark_signs(svg: Svg, layout: Layout, name: str, box) -> None:
    """Crosses on the cemetery, tufts of grass on the pasture."""
    x, y, w, h = box
    size = 5 if layout is not MINI else 2.5
    spots = [(x + w * f, y + h * g) for f, g in ((0.25, 0.3), (0.75, 0.7), (0.25, 0.75), (0.75, 0.25))]
    for cx, cy in spots:
        if name == "cemetery":
            svg.line(cx, cy - size, cx, cy + size, stroke="#5a5a5a", stroke_width=1.5)
            svg.line(cx - size * 0.6, cy - size * 0.3, cx + size * 0.6, cy - size * 0.3, stroke="#5a5a5a", stroke_width=1.5)
        else:
            svg.circle(cx, cy, size * 0.6, fill="#7a9a3a")


def _landmark_name(svg: Svg, name: str, box, side: str) -> None:
    """The landmark's name inside its first band."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2 + 4
    rotate = f"rotate(-90 {cx:.1f} {y + h / 2:.1f})" if side in "WE" else None
    svg.text(cx, cy, name, size=11, fill="#2f3f2f", font_style="italic", transform=rotate, class_="landmark-name")


# -- what stands on a plot -----------------------------------------------------------------------------

def _plot_content(svg: Svg, board: Board, layout: Layout, plot: int, building: str | None, is_mine: bool,
                  markers: list[str], shorts: dict[str, str], struck: list[str] = (),
                  names: dict[str, str] | None = None, lang: str = "en", last: bool = False) -> None:
    """The building on a plot, or its candidate markers (and markers just removed), in a group; a plot the
    last move changed is outlined."""
    x, y = layout.x(board.column(plot)), layout.y(board.row(plot))
    svg.open("g", class_="plot", data_plot=plot, data_building=building or "",
             data_mine="true" if is_mine else "false", **({"data_last_move": "true"} if last else {}))
    if last:
        last_move_frame(svg, x + 3, y + 3, layout.plot_w - 6, layout.plot_h - 6)
    if building:
        _building(svg, layout, x, y, (names or {}).get(building, building), is_mine, lang)
    elif markers or struck:
        _markers(svg, layout, x, y, plot, [*markers, *struck], shorts, set(struck))
    svg.close()


def _building(svg: Svg, layout: Layout, x: float, y: float, name: str, is_mine: bool, lang: str = "en") -> None:
    """A building tile with its name (wrapped, never cut); my building is gold."""
    pad = 10
    svg.rect(x + pad, y + 22, layout.plot_w - 2 * pad, layout.plot_h - 34, rx=6,
             fill=GOLD if is_mine else "#ffffff", stroke="#5a4020", stroke_width=2 if is_mine else 1,
             class_="building")
    lines = wrap(name, 13)
    size = min(15.0, 15.0 * 13 / max(len(text) for text in lines))  # a long word gets smaller letters
    top = y + 22 + (layout.plot_h - 34) / 2 - (len(lines) - 1) * 9 + (0 if is_mine else 5)
    for i, text in enumerate(lines):
        svg.text(x + layout.plot_w / 2, top + i * 18, text, size=round(size, 1), font_weight="bold", fill="#2b2014",
                 class_="building-name")
    if is_mine:
        svg.text(x + layout.plot_w / 2, y + layout.plot_h - 18, say(lang, "oldtown.picture.mine"), size=11, fill="#5a4020",
                 font_style="italic", class_="mine-label")


def _markers(svg: Svg, layout: Layout, x: float, y: float, plot: int, names: list[str], shorts,
             struck=frozenset()) -> None:
    """One tag per candidate building, four to a row; a removed marker is red and struck through."""
    per_row, w, h = 4, 35, 16
    gap = (layout.plot_w - per_row * w) / (per_row + 1)
    for i, name in enumerate(names):
        mx = x + gap + (i % per_row) * (w + gap)
        my = y + 22 + (i // per_row) * (h + 3)
        gone = name in struck
        svg.open("g", tooltip=name + (" (removed)" if gone else ""), class_="removed" if gone else "marker",
                 data_plot=plot, data_building=name)
        svg.rect(mx, my, w, h, rx=4, fill="#fde0dc" if gone else MARKER_FILL,
                 stroke="#b03020" if gone else "#3050a0", stroke_width=1)
        svg.text(mx + w / 2, my + 12, shorts.get(name, name)[:5], size=10, fill="#b03020" if gone else "#203070")
        if gone:
            svg.line(mx + 2, my + h - 3, mx + w - 2, my + 3, stroke="#b03020", stroke_width=1.5)
        svg.close()


# -- the small plan of an info card ---------------------------------------------------------------------

def card_plan_svg(board: Board, stars=frozenset(), dots=frozenset(), use: str | None = None,
                  numbers: bool = False, lang: str = "en") -> str:
    """A small plan like the one printed on an info card: stars on the possible plots of the
    building named, dots on the possible plots of my building (type C); `use` as in `draw_plan`;
    `numbers` writes each plot's number in its corner; `lang` the language of its title."""
    svg = draw_plan(board, MINI, lang=lang, use=use)
    if numbers:
        _mini_numbers(svg, board)
    for plot in board.plots:
        x, y = MINI.x(board.column(plot)), MINI.y(board.row(plot))
        cx, cy = x + MINI.plot_w / 2, y + MINI.plot_h / 2
        if plot in stars:
            _star(svg, cx - (5 if plot in dots else 0), cy, bool(use), class_="star", data_plot=plot)
        if plot in dots:
            svg.circle(cx + (7 if plot in stars else 0), cy, 5, fill="#c0392b", class_="dot", data_plot=plot)
    return svg.to_string()


STAR_SYMBOL = "ot-star"


def star_symbol() -> str:
    """The star of the cards' small plans as an SVG `<symbol>` centred on (0, 0)."""
    svg = Svg(16, 16)
    svg.star(0, 0, 8, fill="#2a5bd7")
    return f'<symbol id="{STAR_SYMBOL}" overflow="visible">' + "".join(svg.parts) + "</symbol>"


def _star(svg: Svg, cx: float, cy: float, reuse: bool, **attrs) -> None:
    """A star on a small plan: drawn, or (on a page with the star symbol) a reference to it."""
    if reuse:
        svg.add("use", href=f"#{STAR_SYMBOL}", x=float(cx), y=float(cy), **attrs)
    else:
        svg.star(cx, cy, 8, fill="#2a5bd7", **attrs)


def _mini_numbers(svg: Svg, board: Board) -> None:
    """Each plot's number, small, in the top left corner of a small plan."""
    for p in board.plots:
        svg.text(MINI.x(board.column(p)) + 2, MINI.y(board.row(p)) + 7, p, size=6.5, anchor="start",
                 fill="#6b5533", class_="plot-number")


def relation_svg(board: Board, pairs, focus: int | None = None, use: str | None = None,
                 numbers: bool = False, lang: str = "en") -> str:
    """A small plan showing a relation: a line between the two plots of every allowed pair; with
    `focus`, only the pairs of that plot (a star on it, a dot on each plot it relates to);
    `numbers` and `lang` as in `card_plan_svg`."""
    svg = draw_plan(board, MINI, lang=lang, use=use)
    if numbers:
        _mini_numbers(svg, board)
    centre = {p: (MINI.x(board.column(p)) + MINI.plot_w / 2, MINI.y(board.row(p)) + MINI.plot_h / 2)
              for p in board.plots}
    if focus is not None:
        _star(svg, *centre[focus], bool(use), class_="star", data_plot=focus)
        for p, q in sorted(pairs):
            if p == focus:
                svg.circle(*centre[q], 5, fill="#c0392b", class_="dot", data_plot=q)
        return svg.to_string()
    drawn = sorted({tuple(sorted(pair)) for pair in pairs})
    for p, q in drawn:
        (x1, y1), (x2, y2) = centre[p], centre[q]
        svg.line(x1, y1, x2, y2, stroke="#c0392b", stroke_width=2.5, class_="pair", data_plots=f"{p}-{q}")
    for p in sorted({p for pair in drawn for p in pair}):
        svg.circle(*centre[p], 3.5, fill="#7a1f12", class_="end", data_plot=p)
    return svg.to_string()


# -- the pictures of the commands ------------------------------------------------------------------------

def show_picture(catalogue, scenarios, lang: str = "en") -> str:
    """`oldtown show --svg`: the plan, with the first scenario's published town when one is named."""
    if not scenarios:
        return plan_svg(catalogue.board, title=say(lang, "oldtown.picture.plan"), lang=lang)
    s = scenarios[0]
    return plan_svg(catalogue.board, s.published, s.mine or (), title=say(lang, "oldtown.picture.published", id=s.id),
                    lang=lang, names=catalogue.names_in(lang))


def solve_picture(catalogue, results, lang: str = "en") -> str:
    """`oldtown solve --svg`: the first solution of the first scenario, or the empty plan if none."""
    scenario, found = results[0]
    if not found:
        return plan_svg(catalogue.board, title=say(lang, "oldtown.picture.no_solution", id=scenario.id), lang=lang)
    first = found[0]
    more = say(lang, "oldtown.picture.first_of", n=len(found)) if len(found) > 1 else ""
    return plan_svg(catalogue.board, first.placement, first.mine, lang=lang, names=catalogue.names_in(lang),
                    title=say(lang, "oldtown.picture.solution", id=scenario.id, more=more))


def step_picture(board: Board, step: dict, title: str = "", buildings=None, lang: str = "en",
                 names: dict[str, str] | None = None) -> str:
    """One explain step (the plain data of `Step.as_dict()`): the board after it, markers it removed
    struck through. A building with one candidate plot is drawn placed; slot 0 (out of town) is not drawn."""
    candidates = step.get("candidates", {})
    placement = {slots[0]: b for b, slots in candidates.items() if len(slots) == 1 and slots[0] != 0}
    markers: dict[int, list[str]] = {}
    for b, slots in candidates.items():
        if len(slots) > 1:
            for p in slots:
                if p != 0 and p not in placement:
                    markers.setdefault(p, []).append(b)
    removed: dict[int, list[str]] = {}
    for item in step.get("removed", []):
        if item["plot"] != 0 and item["plot"] not in placement:
            removed.setdefault(item["plot"], []).append(item["building"])
    return plan_svg(board, placement, set(step.get("mine", [])), markers, title,
                    buildings or sorted(candidates), removed, lang, names)
