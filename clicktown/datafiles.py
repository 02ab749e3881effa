"""Reading data files: the built-in ones inside the package, or a user's own file in their place.

Every game loads its boards, catalogues, scenarios and decks through `read_json` / `read_text`,
so that a missing or malformed file always becomes one `DataError` that names the file.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from .errors import DataError


def builtin_path(package: str, name: str) -> Path:
    """Path of a data file shipped in `clicktown.<package>/data/`."""
    return Path(str(resources.files(f"clicktown.{package}").joinpath("data", name)))


def read_text(path: str | Path) -> str:
    """The text of a data file, or a DataError naming it."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"data file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read data file {path}: {exc}") from None


def read_json(path: str | Path):
    """The parsed JSON of a data file, or a DataError naming the file and the line."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None


def require(condition: bool, message: str) -> None:
    """Raise a DataError with `message` unless `condition` holds."""
    if not condition:
        raise DataError(message)


def validated(data, model, source: str):
    """`data` checked against the pydantic model `model`, or a DataError naming the place.

    The message is one line: the file (`source`), the place in it (e.g. `scenarios[3].mine[0]`),
    what was expected and what was found.
    """
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = _place(first.get("loc", ()))
        found = first.get("input")
        raise DataError(f"{source}: {place or 'top level'}: {first['msg']}; found {_short(found)}") from None


def _place(loc) -> str:
    """A pydantic error location as a path: ('scenarios', 3, 'mine', 0) -> scenarios[3].mine[0]."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _short(value, width: int = 60) -> str:
    """A value as a short one-line text for error messages."""
    text = " ".join(repr(value).split())
    return text if len(text) <= width else text[: width - 3] + "..."
