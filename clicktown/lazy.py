"""Public names of a package loaded from their modules on first use (PEP 562).

A game package lists where each public name lives; running one command then loads only the
modules that command imports, not the whole package.
"""

from __future__ import annotations

import sys
from importlib import import_module


def exports(package: str, home: dict[str, str]):
    """The module `__getattr__` for `package`, whose name `n` lives in its module `home[n]`."""

    def __getattr__(name: str):
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home[name]}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
