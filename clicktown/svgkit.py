"""Pictures as SVG text, shared by the three games, and saving them as SVG or PNG files.

Every picture is one self-contained SVG document: no fonts, images, styles or scripts are fetched
from anywhere (text uses the fonts already on the machine), so pictures and the HTML pages that
embed them work offline. Elements that carry game facts also carry `data-*` attributes (the plot
and its building, a card and its wheel position, a chip and its team), so tests and other tools
can read back what a picture shows.

PNG files are made with the optional package cairosvg (`pip install 'clicktown[png]'`), which
needs the cairo library of the system.
"""

from __future__ import annotations

import math
from typing import Callable

from .errors import ClicktownError
from .writing import write_file

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


def esc(text) -> str:
    """Text made safe for XML content and attribute values."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _attributes(attrs: dict) -> str:
    """` name="value"` pairs; `class_` becomes class, `font_size` becomes font-size; None is left out."""
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        out.append(f' {name}="{esc(value)}"')
    return "".join(out)


class Svg:
    """An SVG document being drawn: shapes are appended in painting order."""

    def __init__(self, width: float, height: float, title: str = ""):
        self.width, self.height = width, height
        self.parts: list[str] = []
        if title:
            self.parts.append(f"<title>{esc(title)}</title>")

    def add(self, tag: str, content: str | None = None, **attrs) -> None:
        """Append one element; `content` is text (escaped here)."""
        if content is None:
            self.parts.append(f"<{tag}{_attributes(attrs)}/>")
        else:
            self.parts.append(f"<{tag}{_attributes(attrs)}>{esc(content)}</{tag}>")

    def open(self, tag: str = "g", tooltip: str = "", **attrs) -> None:
        """Open a group (closed by `close`), with an optional tooltip title."""
        self.parts.append(f"<{tag}{_attributes(attrs)}>")
        if tooltip:
            self.parts.append(f"<title>{esc(tooltip)}</title>")

    def close(self, tag: str = "g") -> None:
        """Close the last group opened."""
        self.parts.append(f"</{tag}>")

    def rect(self, x, y, w, h, **attrs) -> None:
        """A rectangle."""
        self.add("rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)

    def line(self, x1, y1, x2, y2, **attrs) -> None:
        """A straight line."""
        self.add("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)

    def circle(self, cx, cy, r, **attrs) -> None:
        """A circle."""
        self.add("circle", cx=float(cx), cy=float(cy), r=float(r), **attrs)

    def polygon(self, points, **attrs) -> None:
        """A closed polygon through (x, y) points."""
        self.add("polygon", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points), **attrs)

    def text(self, x, y, content, size=12, anchor="middle", **attrs) -> None:
        """A line of text; (x, y) is the anchor point on the baseline."""
        attrs.setdefault("font_family", FONT)
        self.add("text", str(content), x=float(x), y=float(y), font_size=size, text_anchor=anchor, **attrs)

    def star(self, cx, cy, r, **attrs) -> None:
        """A five-pointed star (the mark the info cards use for possible plots)."""
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
        self.polygon(points, **attrs)

    def to_string(self) -> str:
        """The finished document."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{self.width:g}" '
                f'height="{self.height:g}" viewBox="0 0 {self.width:g} {self.height:g}">')
        return head + "\n" + "\n".join(self.parts) + "\n</svg>\n"


def wrap(text: str, width: int) -> list[str]:
    """Split `text` into lines of at most about `width` characters, at spaces."""
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return lines + ([current] if current else [])


# -- saving ------------------------------------------------------------------------------------------

def png_ready():
    """The cairosvg module, or a ClicktownError when it cannot run here (checked before any file is written)."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:
        raise ClicktownError("--png needs the optional package cairosvg and the cairo library "
                             f"(pip install 'clicktown[png]'): {str(exc).splitlines()[0]}") from None
    return cairosvg


def png_bytes(svg_text: str) -> bytes:
    """The picture converted to PNG by cairosvg; a ClicktownError when cairosvg cannot run here."""
    return png_ready().svg2png(bytestring=svg_text.encode("utf-8"))


def save_picture(svg_file, png_file, draw: Callable[[], str]) -> None:
    """Draw the picture (only when a file is asked for) and write it as SVG and/or PNG."""
    if not svg_file and not png_file:
        return
    if png_file:
        png_ready()  # before the first byte is written
    svg_text = draw()
    png = png_bytes(svg_text) if png_file else None
    if svg_file:
        write_file(svg_file, svg_text)
    if png_file:
        write_file(png_file, png)


def last_move_frame(svg: Svg, x: float, y: float, w: float, h: float) -> None:
    """The mark of what the last move changed (a cell, a plot, a card): a thick black frame with a white
    dashed line inside, told apart by its shape, not by a colour."""
    svg.rect(x, y, w, h, rx=5, fill="none", stroke="#111111", stroke_width=4, class_="last-move")
    svg.rect(x + 3, y + 3, w - 6, h - 6, rx=4, fill="none", stroke="#ffffff", stroke_width=2, stroke_dasharray="5 3")
