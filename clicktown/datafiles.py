"""Reading data files: the built-in ones inside the package, or a user's own file in their place.

This is the one place where every data file the project reads is opened, capped and checked:

- `read_text` / `read_json` read at most `limits.max_bytes` bytes (20 MB unless the user raises it
  with `clicktown --max-file-mb N`), refuse directories, devices that never end (`/dev/zero`) and
  empty names, and turn every failure into one `DataError` that names the file;
- `read_json` also refuses JSON nested deeper than `MAX_DEPTH`, `NaN`/`Infinity`, numbers too large
  for a float (`1e400`) and integers of absurd length;
- `validated(data, Model, source)` checks parsed data against a pydantic v2 model; every error is one
  line: `FILE: place: expected ..., found ...`, the place written like `scenarios[3].mine[0]`.

Built-in files are checked against the same models by the test suite; at run time only the user's
own files go through pydantic, which keeps commands such as `patterns list` quick to start
(docs/validation.md says why).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from .errors import DataError, one_line

#: JSON deeper than this is refused (no data file of the project needs more than 6 levels).
MAX_DEPTH = 32
#: The longest integer literal accepted in a JSON file, in digits.
MAX_DIGITS = 30


@dataclass
class Limits:
    """How much the readers accept; `clicktown --max-file-mb N` changes `max_bytes`."""

    max_bytes: int = 20 * 1024 * 1024


limits = Limits()


def builtin_path(package: str, name: str) -> Path:
    """Path of a data file shipped in `clicktown.<package>/data/`."""
    import importlib  # the package's own folder: importlib.resources would bring zipfile and tempfile

    return Path(importlib.import_module(f"clicktown.{package}").__file__).parent / "data" / name


def fail(source, place: str, expected: str, found) -> DataError:
    """The one-line error `FILE: place: expected ..., found ...` (to be raised by the caller)."""
    where = f"{source}: {place}: " if place else f"{source}: "
    return DataError(f"{where}expected {expected}, found {short(found)}")


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a data file (at most `limits.max_bytes`), or a DataError naming it."""
    if str(path).strip() == "":
        raise DataError("empty file name: name a data file")
    cap = limits.max_bytes
    try:
        with open(path, "rb") as stream:
            data = stream.read(cap + 1)
    except FileNotFoundError:
        raise DataError(f"data file not found: {path}") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a directory, not a data file") from None
    except OSError as exc:
        raise DataError(f"cannot read data file {path}: {exc.strerror or exc}") from None
    except ValueError:  # a NUL character in the name
        raise DataError(f"{path!r}: a file name cannot hold a NUL character") from None
    if len(data) > cap:
        raise DataError(f"{path}: larger than {_size(cap)} (raise the cap with clicktown --max-file-mb N)")
    return data


def read_text(path: str | Path) -> str:
    """The text (UTF-8) of a data file, or a DataError naming it."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def read_json(path: str | Path):
    """The parsed JSON of a data file, or a DataError naming the file and the line."""
    return parse_json(read_text(path), path)


def parse_json(text: str, source):
    """JSON text parsed with the project's caps (nesting, number sizes), or a DataError."""
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise DataError(f"{source}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise DataError(f"{source}: JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise DataError(f"{source}: not valid JSON ({exc})") from None
    if _depth(data) > MAX_DEPTH:
        raise DataError(f"{source}: JSON nested deeper than {MAX_DEPTH} levels")
    return data


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a data file may hold")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits is too large")
    return int(text)


def _depth(data) -> int:
    """How deeply lists and objects nest in `data` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                break
            stack.extend((x, level + 1) for x in (item.values() if isinstance(item, dict) else item))
    return deepest


def require(condition: bool, message: str) -> None:
    """Raise a DataError with `message` unless `condition` holds."""
    if not condition:
        raise DataError(message)


def validated(data, model, source, context: dict | None = None):
    """`data` checked against the pydantic model `model`, or a DataError naming the place.

    The message is one line: the file (`source`), the place in it (e.g. `scenarios[3].mine[0]`),
    what was expected and what was found. `context` reaches the model's validators (what a check
    needs beyond the file, such as the catalogue's building names).
    """
    from pydantic import ValidationError

    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        place = place_of(first.get("loc", ()))
        found = first.get("input")
        if first.get("type") == "missing":
            raise DataError(f"{source}: {place or 'top level'}: expected a value, found nothing") from None
        expected = _expected(first)
        if _own_sentence(first):  # a check across fields (a model validator): its sentence says it all
            raise DataError(f"{source}: {place or 'top level'}: {expected}") from None
        if ", found " in expected:  # a check of the project's own that already says what it found
            raise DataError(f"{source}: {place or 'top level'}: expected {expected}") from None
        raise fail(source, place or "top level", expected, found) from None


def _own_sentence(error: dict) -> bool:
    """Whether the error is a sentence of the project's own checks, not "expected X" (then "found" adds nothing)."""
    text = error.get("msg", "")
    return (error.get("type") == "value_error" and ", found " not in text
            and not text.startswith(("Value error, expected ", "expected ")))


#: Words for the text patterns of the schemas (`pattern -> what it means`), filled by the schema modules.
PATTERN_WORDS: dict[str, str] = {}


def _expected(error: dict) -> str:
    """What a pydantic error says was expected, in the words of the error format."""
    kind, ctx = error.get("type"), error.get("ctx") or {}
    if kind == "too_short":
        return f"at least {ctx.get('min_length')} item(s)" if error.get("input") is not None else "more"
    if kind == "too_long":
        return f"at most {ctx.get('max_length')} item(s) or characters"
    if kind == "string_pattern_mismatch":
        return PATTERN_WORDS.get(ctx.get("pattern"), f"text matching {ctx.get('pattern')}")
    if kind in ("less_than_equal", "greater_than_equal", "less_than", "greater_than"):
        return f"a number {error['msg'].replace('Input should be ', '')}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return "an object {...}"
    if kind in ("list_type", "tuple_type"):
        return "a list [...]"
    text = error["msg"]
    for lead in ("Input should be ", "Value error, ", "Assertion failed, "):
        if text.startswith(lead):
            text = text[len(lead):]
    if error.get("type") == "extra_forbidden":
        return "no such field"
    if text.startswith("expected "):
        text = text[len("expected "):]
    return " ".join(text.split())


def place_of(loc) -> str:
    """A pydantic error location as a path: ('scenarios', 3, 'mine', 0) -> scenarios[3].mine[0]."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif "[" in str(part):  # a union branch such as 'list[str]', not a place in the file
            continue
        else:
            out += f".{part}" if out else str(part)
    return out


def short(value, width: int = 60) -> str:
    """A value as a short one-line text for error messages."""
    if value is None:
        return "null"
    return one_line(repr(value), width)


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):g} MB"
