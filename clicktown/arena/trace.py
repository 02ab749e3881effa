"""Traces: JSON Lines, one event per line, each an object with an "event" key; one schema for every game.

A game's trace (schema version `SCHEMA`):

    {"event": "game_start", "schema": 2, "game": "oldtown", "index": 0, "seed": 7, "players": 3,
     "seats": ["greedy", "person", "random"], "options": {"stop-callers": "everyone", ...}, ...}
    {"event": "action", "seat": -1, "action": 12}        # every action the engine applied, in order:
    ...                                                  #   seat -1 is chance (a card dealt, an order drawn)
    {"event": "play", "seat": 0, ...}                    # the events the engine told, each after the
    ...                                                  #   action that caused it
    {"event": "game_end", "winners": [0], "reason": "town_built", ...}

`game_start` names the game (`oldtown`, `patterns`, `sequence`, `numbers`), the game's number in
its run (`index`), the seed its chance and bots drew from, who sits where (`seats`: a bot's name,
or `person`) and every rule option in force by the command line's names (`options`); a game adds
what else its engine is built from (data files). `game_end` gives the winning seats and the reason
the game ended (the engine's own, or `abandoned` when a person quit). The `action` lines are the
engine's action numbers, chance outcomes included, so `replay` rebuilds every state from the start
line through the engine, and checks that the engine tells the same events again.

A file may hold many games (simulate writes one after the other). Traces written before the schema
had a version (no `"schema"` in `game_start`) record no actions: they can be read but not replayed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Callable, Iterable, Iterator

from ..errors import ClicktownError

#: the schema's version, written in every game_start line
SCHEMA = 2
#: a seat played by a person, in `seats`
PERSON = "person"
#: the reason of a game a person quit
ABANDONED = "abandoned"
CHANCE_SEAT = -1


class TraceError(ClicktownError):
    """A trace that cannot be read (a malformed line)."""


class Refused(ClicktownError):
    """A line of a trace the engine refuses (an action it does not allow, an event it does not tell):
    a negative verdict on the trace, exit code 1."""

    exit_code = 1


# ---- writing -----------------------------------------------------------------------------------

def event_line(event: dict) -> str:
    """One event as one line of JSON (keys in the order given, no newline inside)."""
    if "event" not in event:
        raise ValueError(f"a trace event needs an 'event' key: {event!r}")
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def write_events(stream: IO[str], events: Iterable[dict]) -> None:
    """Write events to an open text stream, one line each, in one write (an interrupt never cuts a game)."""
    stream.write("".join(event_line(event) + "\n" for event in events))


def start_line(game: str, index: int, seed: int, seats: Iterable[str], options: dict, **more) -> dict:
    """The first line of a game's trace (see the module docstring); `more`: what else builds the engine."""
    seats = list(seats)
    return {"event": "game_start", "schema": SCHEMA, "game": game, "index": index, "seed": seed,
            "players": len(seats), "seats": seats, "options": dict(options), **more}


def end_line(winners: Iterable[int], reason: str, **more) -> dict:
    """The last line of a game's trace: the winning seats and why the game ended."""
    return {"event": "game_end", "winners": sorted(winners), "reason": reason, **more}


def end_key(command: str, reason: str) -> str:
    """The catalog key of a game_end reason's words: `<command>.end.<reason>`, blanks as '_'
    ('oldtown.end.town_built', 'sequence.end.the_draw_pile_ran_out')."""
    return f"{command}.end.{'_'.join(reason.split())}"


def action_line(seat: int, action: int) -> dict:
    """One action the engine applied (seat -1: a chance outcome)."""
    return {"event": "action", "seat": seat, "action": action}


def with_actions(events: list[dict], applied: Iterable[tuple[int, int, int]]) -> list[dict]:
    """The told events with an `action` line before the events each action caused.

    `applied` holds (events told before the action, seat, action), as the engines record them."""
    out, told = [], 0
    for at, seat, action in applied:
        out += events[told:at]
        out.append(action_line(seat, action))
        told = at
    return out + events[told:]


def game_lines(start: dict, events: list[dict], applied: Iterable[tuple[int, int, int]], end: dict) -> list[dict]:
    """A whole game's trace: the start line, the actions beside the told events, and `end` unless the
    engine told its own `game_end` last."""
    body = with_actions(events, applied)
    if body and body[-1]["event"] == "game_end":
        return [start, *body]
    return [start, *body, end]


def winners_of(state) -> list[int]:
    """The seats a finished game's returns reward (none in a draw or an unfinished game)."""
    if not state.is_terminal():
        return []
    return [seat for seat, value in enumerate(state.returns()) if value > 0]


# ---- reading -----------------------------------------------------------------------------------

def read_events(stream: IO[str]) -> list[dict]:
    """The events of a trace (blank lines skipped)."""
    return [json.loads(line) for line in stream if line.strip()]


def parse_lines(text: Iterable[str]) -> list[tuple[int, dict]]:
    """(line number, event) of every line of a trace (blank lines skipped); a line that is not a
    JSON object with a string "event" is a TraceError naming it (`check_line` checks the rest, in
    the games of this schema)."""
    out = []
    for number, raw in enumerate(text, 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError as exc:
            raise TraceError(f"line {number}: not JSON ({exc.msg})") from None
        _check_event(line, number)
        out.append((number, line))
    return out


_START = {"game": str, "index": int, "seed": int, "players": int, "seats": list, "options": dict}


def _check_event(line, number: int) -> None:
    if not isinstance(line, dict) or not isinstance(line.get("event"), str):
        raise TraceError(f"line {number}: not an event (a JSON object with a string \"event\")")


def check_line(line, number: int) -> None:
    """Raise a one-line TraceError unless `line` is a well-formed event of the schema."""
    _check_event(line, number)
    kind = line["event"]
    if kind == "action":
        for key in ("seat", "action"):
            if not _whole(line.get(key)):
                raise TraceError(f"line {number}: an action line needs a whole number {key!r}")
    elif kind == "game_end":
        winners = line.get("winners")
        if not isinstance(winners, list) or not all(_whole(s) for s in winners) or not isinstance(line.get("reason"), str):
            raise TraceError(f"line {number}: game_end needs \"winners\" (a list of seats) and \"reason\" (a word)")
    elif kind == "game_start" and "schema" in line:
        if line["schema"] != SCHEMA:
            raise TraceError(f"line {number}: trace schema {str(line['schema'])[:20]} (this version reads {SCHEMA})")
        for key, kind_of in _START.items():
            if not isinstance(line.get(key), kind_of) or isinstance(line.get(key), bool):
                raise TraceError(f"line {number}: game_start needs {key!r} ({kind_of.__name__})")
        if len(line["seats"]) != line["players"] or not all(isinstance(s, str) for s in line["seats"]):
            raise TraceError(f"line {number}: game_start's seats name one player (a string) per seat")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def split_games(lines: list[tuple[int, dict]]) -> list[list[tuple[int, dict]]]:
    """The games of a trace, each from its game_start line (a file holds one game or many)."""
    if not lines:
        raise TraceError("the trace is empty")
    number, first = lines[0]
    if first["event"] != "game_start":
        raise TraceError(f"line {number}: a trace starts with game_start, not {first['event'][:30]!r}")
    games: list[list[tuple[int, dict]]] = []
    for number, line in lines:
        if line["event"] == "game_start":
            games.append([])
        games[-1].append((number, line))
    return games


def replayable(game: list[tuple[int, dict]]) -> bool:
    """Whether a game's trace is of this schema (it records its actions); older traces are not."""
    return "schema" in game[0][1]


# ---- replaying ---------------------------------------------------------------------------------

@dataclass
class Step:
    """A told event of a replayed game and the state it was told in (after the actions before it)."""

    number: int          # the line's number in the file
    event: dict
    state: object


def replay(lines: Iterable, new_state: Callable[[dict], object]) -> Iterator[object]:
    """Each state of one game, rebuilt through the engine: the first from `new_state(game_start)`,
    then one after every `action` line. Raises Refused on the first line the engine refuses (an
    action it does not allow, a told event it does not tell, a game_end that is not its result),
    naming the line; TraceError when the trace is malformed. The state is one object, changed in
    place: clone it to keep a step."""
    yield from _replayed(_numbered(lines), new_state)


def steps(lines: Iterable, new_state: Callable[[dict], object]) -> Iterator[Step]:
    """Every told event of one game (its game_start and game_end too) with the state it was told in."""
    for item in _replayed(_numbered(lines), new_state, tell=True):
        if isinstance(item, Step):
            yield item


def _numbered(lines: Iterable) -> list[tuple[int, dict]]:
    lines = list(lines)
    if lines and isinstance(lines[0], str):
        return parse_lines(lines)
    if lines and isinstance(lines[0], tuple):
        return lines
    out = []
    for number, line in enumerate(lines, 1):
        _check_event(line, number)
        out.append((number, line))
    return out


def _replayed(lines: list[tuple[int, dict]], new_state, tell: bool = False):
    """The generator behind replay and steps: states (and, with `tell`, Steps)."""
    if not lines:
        raise TraceError("the trace is empty")
    number, start = lines[0]
    if start["event"] != "game_start":
        raise TraceError(f"line {number}: a trace starts with game_start")
    if "schema" not in start:
        raise TraceError(f"line {number}: a trace of an older schema (no version): it records no actions to replay")
    for at, line in lines:
        check_line(line, at)
    try:
        state = new_state(start)
    except TraceError:
        raise
    except (ClicktownError, ValueError, KeyError, TypeError) as exc:
        raise Refused(f"line {number}: the engine cannot start this game: {exc}") from None
    yield state
    if tell:
        yield Step(number, start, state)
    told = 0                                   # the engine's events matched so far
    ended = False
    for number, line in lines[1:]:
        kind = line["event"]
        if ended:
            raise TraceError(f"line {number}: {kind!r} after game_end")
        if kind == "game_start":
            raise TraceError(f"line {number}: a second game_start (replay one game at a time)")
        if kind == "action":
            _apply(state, line, number)
            yield state
            continue
        events = state.events or []
        if told < len(events):
            if _as_json(events[told]) != line:
                raise Refused(f"line {number}: the engine tells {event_line(_as_json(events[told]))[:200]}, "
                              f"not this {kind!r} line")
            told += 1
        elif kind != "game_end":
            raise Refused(f"line {number}: the engine tells no {kind!r} event here")
        if kind == "game_end":
            _check_end(state, line, number)
            ended = True
        if tell:
            yield Step(number, line, state)
    if not ended:
        raise TraceError(f"the trace ends at line {lines[-1][0]} without game_end")
    if told < len(state.events or []):
        raise Refused(f"line {lines[-1][0]}: the trace leaves out the engine's event "
                      f"{event_line(_as_json(state.events[told]))[:200]}")


def _apply(state, line: dict, number: int) -> None:
    seat, action = line["seat"], line["action"]
    if state.is_terminal():
        raise Refused(f"line {number}: action {action} after the end of the game")
    mover = state.current_player()
    if seat != mover:
        who = "chance" if mover == CHANCE_SEAT else f"seat {mover}"
        raise Refused(f"line {number}: action {action} of {'chance' if seat == CHANCE_SEAT else f'seat {seat}'}, "
                      f"but {who} is to move")
    try:
        state.apply_action(action)
    except (ClicktownError, ValueError, IndexError, KeyError) as exc:
        raise Refused(f"line {number}: the engine refuses action {action}: {exc}") from None


def _check_end(state, line: dict, number: int) -> None:
    if line["reason"] == ABANDONED:
        if state.is_terminal() or line["winners"]:
            raise Refused(f"line {number}: a game abandoned after its end, or with winners")
        return
    if not state.is_terminal():
        raise Refused(f"line {number}: game_end, but the game is not over")
    if sorted(line["winners"]) != winners_of(state):
        raise Refused(f"line {number}: winners {line['winners']}, but the engine's are {winners_of(state)}")


def _as_json(event: dict) -> dict:
    """An event as it reads back from its line (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(event, ensure_ascii=False))


@dataclass
class GameReplayed:
    """What replaying one game of a trace found."""

    line: int            # its game_start's line
    game: str
    index: int
    seed: int
    seats: list[str]
    actions: int
    events: int
    winners: list[int]
    reason: str
    turns: int | None = None

    def as_dict(self) -> dict:
        from dataclasses import asdict

        return asdict(self)


def replay_trace(lines: Iterable, start_state: Callable[[dict], object],
                 game_names: Iterable[str] | None = None) -> list[GameReplayed]:
    """Replay every game of a trace file through its engine (`start_state(game_start)` builds each
    game's first state); the first refused line raises Refused, a malformed one TraceError.
    `game_names`: the names this engine plays (a game_start naming another is a TraceError)."""
    games = split_games(_numbered(lines))
    names = set(game_names or ())
    out = []
    for game in games:
        number, start = game[0]
        if not replayable(game):
            raise TraceError(f"line {number}: a trace of an older schema (no version): it records no actions to replay")
        if names and start.get("game") not in names:
            raise TraceError(f"line {number}: a trace of {str(start.get('game'))[:30]!r}, not of {' or '.join(sorted(names))}")
        actions = sum(line["event"] == "action" for _, line in game)
        state = None
        for state in replay(game, start_state):
            pass
        end = game[-1][1]
        out.append(GameReplayed(number, start["game"], start["index"], start["seed"], list(start["seats"]), actions,
                                len(game) - actions, end["winners"], end["reason"], end.get("turns")))
    return out


# ---- traces of the older schema ----------------------------------------------------------------

def old_game_name(start: dict) -> str:
    """The game of a trace of the older schema, from its game_start's shape ("game" was a number
    but in Sequence's traces, and only Wild Wild Pattern's named a "mode")."""
    if "mode" in start:
        return "patterns"
    if start.get("game") in ("sequence", "numbers", "patterns", "oldtown"):   # the names those traces used
        return start["game"]
    return "oldtown"

