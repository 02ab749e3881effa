"""The import graph of `clicktown/` and `research/`: no cycles in either, and no product module
importing the research code.

Every import counts, at module top level and inside functions alike, so a cycle hidden by a late
import is caught too. `from .x import y` is an edge to module `x.y` when that is a module, else to `x`.
"""

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (ROOT / "clicktown", ROOT / "research")


def module_name(path: Path) -> str:
    """'clicktown.oldtown.solve.count' for clicktown/oldtown/solve/count.py (packages by their __init__)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for package in PACKAGES for p in package.rglob("*.py")}


def imported(name: str, path: Path) -> set[str]:
    """Every module name the file imports (absolute, relative resolved), anywhere in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module
            for alias in node.names:
                child = f"{stem}.{alias.name}"
                found.add(child if child in MODULES else stem)
    return found


def graph() -> nx.DiGraph:
    """Module -> the modules of clicktown (or research) it imports."""
    g = nx.DiGraph()
    for name, path in MODULES.items():
        g.add_node(name)
        for target in imported(name, path):
            if target.split(".")[0] in ("clicktown", "research") and target != name:
                g.add_edge(name, target)
    return g


def test_the_resolver_sees_relative_and_late_imports():
    edges = graph()
    assert edges.has_edge("clicktown.oldtown.solve.verify", "clicktown.oldtown.solve.count")  # inside a function
    assert edges.has_edge("clicktown.oldtown.puzzles.deduce", "clicktown.oldtown.solve.count")
    assert edges.has_edge("clicktown.cli", "clicktown.errors")


def cycles_in(top: str) -> list[list[str]]:
    """The import cycles among the modules of one top-level package."""
    g = graph()
    return list(nx.simple_cycles(g.subgraph(n for n in g if n.split(".")[0] == top)))


def test_the_resolver_reads_the_research_code_too():
    edges = graph()
    assert edges.has_edge("research.oldtown_cards.fit", "research.oldtown_cards.replan")  # inside a method
    assert edges.has_edge("research.oldtown_cards.replan", "research.oldtown_cards.town_model")
    assert edges.has_edge("research.oldtown_cards.fit", "clicktown.oldtown.solve.count")


def test_no_import_cycle_in_clicktown():
    cycles = cycles_in("clicktown")
    assert cycles == [], f"import cycles: {cycles[:5]}"


def test_no_import_cycle_in_research():
    cycles = cycles_in("research")
    assert cycles == [], f"import cycles: {cycles[:5]}"


def test_a_cycle_is_seen():
    g = nx.DiGraph([("research.a", "research.b"), ("research.b", "research.a")])
    assert [sorted(c) for c in nx.simple_cycles(g)] == [["research.a", "research.b"]]


def test_product_code_never_imports_the_research_code():
    edges = graph()
    offenders = sorted((a, b) for a, b in edges.edges if a.split(".")[0] == "clicktown" and b.split(".")[0] == "research")
    assert offenders == []
