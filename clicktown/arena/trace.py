"""Traces: JSON Lines, one event per line, each an object with an "event" key."""

from __future__ import annotations

import json
from typing import IO, Iterable


def event_line(event: dict) -> str:
    """One event as one line of JSON (keys in the order given, no newline inside)."""
    if "event" not in event:
        raise ValueError(f"a trace event needs an 'event' key: {event!r}")
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def write_events(stream: IO[str], events: Iterable[dict]) -> None:
    """Write events to an open text stream, one line each, in one write (an interrupt never cuts a game)."""
    stream.write("".join(event_line(event) + "\n" for event in events))


def read_events(stream: IO[str]) -> list[dict]:
    """The events of a trace (blank lines skipped)."""
    return [json.loads(line) for line in stream if line.strip()]
