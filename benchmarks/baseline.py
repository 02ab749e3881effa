"""Baselines from the project's own history: modules as they stood at an earlier commit.

A benchmark that measures new code against the code it replaced reads the old modules with
`git show REV:PATH`, writes them into a temporary package, points their relative imports at what
they need, and imports that package. Nothing old is kept in the tree.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def old_source(rev: str, path: str) -> str:
    """The text of `path` at commit `rev` (needs a git checkout of the project)."""
    try:
        return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"the baseline needs the project's git history ({rev}:{path}): {exc}") from None


def module_from_history(name: str, rev: str, modules: dict[str, str], imports: dict[str, str], entry: str):
    """Module `entry` of the modules {module: path} at `rev`, written as one package `name` with
    `imports` rewritten.

    `imports` maps an import line's start as written at `rev` to what it becomes in the package
    (e.g. "from ..solve.count import" -> "from .count import").
    """
    folder = Path(tempfile.mkdtemp(prefix="clicktown-baseline-"))
    package = folder / name
    package.mkdir()
    (package / "__init__.py").write_text(f'"""{name}: modules of commit {rev}, for benchmarks."""\n')
    for module, path in modules.items():
        text = old_source(rev, path)
        for old, new in imports.items():
            text = text.replace(old, new)
        (package / f"{module}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    return importlib.import_module(f"{name}.{entry}")
