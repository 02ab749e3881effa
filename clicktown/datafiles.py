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
