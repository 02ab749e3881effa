"""Output helpers for the CLI: JSON on stdout, messages and progress on stderr."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager

import click


def emit_json(data) -> None:
    """Print `data` as JSON on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def message(text: str) -> None:
    """A message for the person, on stderr (never mixed into results)."""
    click.echo(text, err=True)


@contextmanager
def progress(iterable, length: int | None = None, label: str = ""):
    """A progress bar on stderr; silent when stderr is not a terminal."""
    with click.progressbar(
        iterable, length=length, label=label, file=sys.stderr, show_pos=True
    ) as bar:
        yield bar


def table(rows: list[list[str]], header: list[str]) -> str:
    """A plain text table with columns padded to their widest cell."""
    cells = [header] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
