"""Output helpers for the CLI: JSON on stdout, messages and progress bars on stderr."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

import click


def emit_json(data) -> None:
    """Print `data` as JSON on stdout."""
    import json

    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def message(text: str) -> None:
    """A message for the person, on stderr (never mixed into results)."""
    click.echo(text, err=True)


class Progress:
    """Iterate `iterable` while drawing `label [#####     ] done/total` on stderr.

    Draws only when stderr is a terminal, at most `per_second` times a second, always on one line
    that is wiped when the work ends or fails, so no partial line is left before an error message.
    """

    def __init__(self, iterable, length: int | None, label: str, stream=None, per_second: float = 10.0):
        self.iterable, self.label = iterable, label
        self.length = length if length is not None else _length(iterable)
        self.stream = stream if stream is not None else sys.stderr
        self.shown = _is_terminal(self.stream)
        self.done, self.gap, self.last, self.drawn = 0, 1.0 / per_second, 0.0, False

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.update(1)

    def update(self, steps: int) -> None:
        """Count `steps` more items done (redraws when the last drawing is old enough)."""
        self.done += steps
        now = time.monotonic()
        if self.shown and now - self.last >= self.gap:
            self.last = now
            self._draw()

    def _draw(self) -> None:
        if self.length:
            filled = min(30, 30 * self.done // self.length)
            text = f"{self.label} [{'#' * filled}{' ' * (30 - filled)}] {self.done}/{self.length}"
        else:
            text = f"{self.label} {self.done}"
        self.stream.write("\r" + text + "\033[K")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Wipe the bar's line."""
        if self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn = False


def _length(iterable) -> int | None:
    try:
        return len(iterable)
    except TypeError:
        return None


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress(iterable, length: int | None = None, label: str = ""):
    """A progress bar over `iterable` on stderr (see Progress); nothing at all when stderr is not a terminal."""
    bar = Progress(iterable, length, label)
    try:
        yield bar
    finally:
        bar.close()


def table(rows: list[list[str]], header: list[str]) -> str:
    """A plain text table with columns padded to their widest cell."""
    cells = [header] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
