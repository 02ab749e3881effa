"""Deduction on the marker board: the bipartite graph of buildings and the plots their markers lie on.

Glossary:
  marker graph  one node per building with markers on the board, one per plot not yet built on;
                an edge for every marker (building, plot)
  free plot     a plot not built on; free plots without markers are open to any building
  complete      a matching that gives every building with markers a plot of its own
  feasible      the board has a complete matching: some town still fits every marker
  forced        a marker on no complete matching: logic alone removes it (a "stop", Beispiel 8)
  held plot     a plot some set of k buildings needs all of: k plots holding every marker of k
                buildings (Beispiel 7); no further building may get a marker there

Three implementations answer the same questions (feasible? which markers are forced?):

  fast path   the one the engine uses: augmenting paths (Kuhn) for the matching, then Régin's
              all-different filter with Tarjan's search, on plain dicts and lists, cached by board.
              With a complete matching M, a marker off M lies on some complete matching exactly
              when its plot can reach a plot M leaves free along alternating edges, or when both
              ends sit in one strongly connected component of the graph oriented by M. The graphs
              have at most 18 buildings and 16 plots: a networkx graph object costs more to build
              than the whole search.
  networkx    the readable reference (`matching_networkx`, `supported_networkx`): Hopcroft-Karp
              from `networkx.algorithms.bipartite`, the same filter in networkx's own words
              (`strongly_connected_components`, `ancestors`), no cache.
  CP-SAT      the slow check (`supported_cpsat`): one solve per marker not yet seen on a solution.

The tests hold all three to the same answers on 1,000 boards met in random games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping


Markers = Mapping[str, Iterable[int]]
Key = tuple[frozenset, frozenset]


def key_of(markers: Markers, free: Iterable[int] = ()) -> Key:
    """A hashable form of a board's markers and free plots (the deductions are cached by it)."""
    return frozenset((b, frozenset(p)) for b, p in markers.items()), frozenset(free)


def _markers(key: Key) -> dict[str, frozenset]:
    return dict(key[0])


def matching(markers: Markers, start: Mapping[str, int] | None = None) -> dict[str, int] | None:
    """A complete matching (building -> plot), or None when no town fits the markers.

    Augmenting paths, one building at a time (Kuhn): at most 18 buildings of at most 5 markers,
    so a plain search beats building a graph object for Hopcroft-Karp. `start` is a matching of
    some of the buildings (each on a plot of its markers, no plot twice) to extend.
    """
    owner: dict[int, str] = {p: b for b, p in (start or {}).items()}  # plot -> the building matched to it
    for building in markers:
        if building not in (start or ()) and not _augment(building, markers, owner, set()):
            return None
    return {b: p for p, b in owner.items()}


def _augment(building: str, markers: Markers, owner: dict[int, str], seen: set[int]) -> bool:
    """Find `building` a plot, moving matched buildings along an alternating path if need be."""
    for plot in markers[building]:
        if plot not in seen:
            seen.add(plot)
            if plot not in owner or _augment(owner[plot], markers, owner, seen):
                owner[plot] = building
                return True
    return False


def feasible(markers: Markers) -> bool:
    """Does some town fit every marker (every building with markers on a plot of its own)?"""
    return matching(markers) is not None


Graph = dict[tuple[str, object], list[tuple[str, object]]]


def _oriented(markers: Markers, match: dict[str, int]) -> Graph:
    """The graph oriented by the matching: matched edges plot -> building, the others building -> plot.

    Nodes are ("b", building) and ("p", plot), each with the list of nodes its edges lead to.
    """
    directed: Graph = {}
    for building, plots in markers.items():
        b = ("b", building)
        directed.setdefault(b, [])
        for plot in plots:
            p = ("p", plot)
            directed.setdefault(p, [])
            if match[building] == plot:
                directed[p].append(b)
            else:
                directed[b].append(p)
    return directed


def _reaching_free(directed: Graph, free: set[int]) -> set:
    """Every node with an alternating path to a plot the matching leaves free (one backward search)."""
    before: Graph = {node: [] for node in directed}
    for node, ahead in directed.items():
        for after in ahead:
            before[after].append(node)
    out = {("p", plot) for plot in free if ("p", plot) in directed}
    todo = list(out)
    while todo:
        for node in before[todo.pop()]:
            if node not in out:
                out.add(node)
                todo.append(node)
    return out


def _components(directed: Graph) -> dict:
    """Node -> the number of its strongly connected component (Tarjan's search)."""
    order: dict = {}
    low: dict = {}
    stack: list = []
    component: dict = {}
    found: list = []  # the first node of each component, in the order they close

    def visit(node) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for after in directed[node]:
            if after not in order:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after not in component:  # still on the stack
                low[node] = min(low[node], order[after])
        if low[node] == order[node]:
            number = len(found)
            found.append(node)
            while True:
                top = stack.pop()
                component[top] = number
                if top == node:
                    break

    for node in directed:
        if node not in order:
            visit(node)
    return component


def supported(markers: Markers, free: Iterable[int]) -> set[tuple[str, int]] | None:
    """The markers that lie on some complete matching (Régin's filter); None when infeasible.

    `free` is every plot not built on; plots without markers count as free plots.
    """
    found = _supported(key_of(markers, free))
    return None if found is None else set(found)


@lru_cache(maxsize=8192)
def _supported(key: Key) -> frozenset | None:
    markers, free = _markers(key), key[1]
    match = matching(markers)
    if match is None:
        return None
    if not markers:
        return frozenset()
    directed = _oriented(markers, match)
    unmatched = set(free) - set(match.values())
    reach = _reaching_free(directed, unmatched)
    component = _components(directed)
    keep = set()
    for building, plots in markers.items():
        for plot in plots:
            b, p = ("b", building), ("p", plot)
            if match[building] == plot or p in reach or component[b] == component[p]:
                keep.add((building, plot))
    return frozenset(keep)


def forced_removals(markers: Markers, free: Iterable[int]) -> set[tuple[str, int]] | None:
    """Every marker logic removes (on no complete matching); None when the board is infeasible."""
    keep = supported(markers, free)
    if keep is None:
        return None
    return {(b, p) for b, plots in markers.items() for p in plots} - keep


def held_plots(markers: Markers, free: Iterable[int]) -> dict[int, tuple[str, ...]] | None:
    """Plots that a closed set of buildings needs (Beispiel 7), each with that set's buildings.

    A plot is held when its matched building cannot move to a free plot along alternating
    edges: the buildings and plots that cannot reach a free plot form sets of k buildings whose
    markers all lie on the same k plots. None when the board is infeasible.
    """
    found = _held(key_of(markers, free))
    return None if found is None else dict(found)


@lru_cache(maxsize=8192)
def _held(key: Key) -> tuple | None:
    markers, free = _markers(key), key[1]
    match = matching(markers)
    if match is None:
        return None
    if not markers:
        return ()
    directed = _oriented(markers, match)
    unmatched = set(free) - set(match.values())
    reach = _reaching_free(directed, unmatched)
    group = {node: node for node in directed if node not in reach}  # union-find over the held nodes

    def root(node):
        while group[node] != node:
            group[node] = group[group[node]]
            node = group[node]
        return node

    for node, ahead in directed.items():
        for after in ahead:
            if node in group and after in group:
                group[root(node)] = root(after)
    names: dict = {}
    for kind, value in group:
        if kind == "b":
            names.setdefault(root((kind, value)), []).append(value)
    return tuple((value, tuple(sorted(names.get(root((kind, value)), ()))))
                 for kind, value in group if kind == "p")


def clear_caches() -> None:
    """Forget every cached deduction (for timing the filter on boards it has not seen)."""
    for cached in (_supported, _held):
        cached.cache_clear()


# -- the reference: the same filter on networkx ------------------------------------------------

def _marker_graph(markers: Markers):
    """The marker graph as a networkx Graph: nodes ("b", building) and ("p", plot), an edge per marker."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(("b", building) for building in markers)
    graph.add_edges_from((("b", building), ("p", plot)) for building, plots in markers.items() for plot in plots)
    return graph


def matching_networkx(markers: Markers) -> dict[str, int] | None:
    """A complete matching (building -> plot) by Hopcroft-Karp, or None when no town fits the markers."""
    from networkx.algorithms import bipartite

    graph = _marker_graph(markers)
    buildings = [("b", building) for building in markers]
    pairs = bipartite.maximum_matching(graph, top_nodes=buildings)
    if any(b not in pairs for b in buildings):
        return None
    return {building: pairs[("b", building)][1] for building in markers}


def feasible_networkx(markers: Markers) -> bool:
    """`feasible` by Hopcroft-Karp on networkx (the reference)."""
    return matching_networkx(markers) is not None


def supported_networkx(markers: Markers, free: Iterable[int]) -> set[tuple[str, int]] | None:
    """`supported` on networkx (the reference): the markers on some complete matching; None when infeasible.

    Régin's filter in its own words: orient each matched marker plot -> building and every other
    marker building -> plot. A marker stays when it is matched, when its building and plot lie in one
    strongly connected component (an alternating cycle through it), or when its plot leads along
    alternating edges to a plot the matching leaves free (an alternating path). The free vertices
    are, as in `supported`, the plots with markers that are in `free` and left unmatched; a free plot
    without markers cannot take any building, so it adds nothing.
    """
    import networkx as nx

    match = matching_networkx(markers)
    if match is None:
        return None
    directed = nx.DiGraph()
    for building, plots in markers.items():
        directed.add_node(("b", building))
        for plot in plots:
            if match[building] == plot:
                directed.add_edge(("p", plot), ("b", building))
            else:
                directed.add_edge(("b", building), ("p", plot))
    component = {node: number
                 for number, nodes in enumerate(nx.strongly_connected_components(directed))
                 for node in nodes}
    unmatched = [("p", plot) for plot in set(free) - set(match.values()) if ("p", plot) in directed]
    reach = set(unmatched).union(*(nx.ancestors(directed, plot) for plot in unmatched))
    return {(building, plot) for building, plots in markers.items() for plot in plots
            if match[building] == plot or ("p", plot) in reach
            or component[("b", building)] == component[("p", plot)]}


def forced_removals_networkx(markers: Markers, free: Iterable[int]) -> set[tuple[str, int]] | None:
    """`forced_removals` on networkx (the reference); None when the board is infeasible."""
    keep = supported_networkx(markers, free)
    if keep is None:
        return None
    return {(b, p) for b, plots in markers.items() for p in plots} - keep


# -- the cross-check with CP-SAT ---------------------------------------------------------------

def supported_cpsat(markers: Markers) -> set[tuple[str, int]] | None:
    """The same as `supported`, asked of CP-SAT marker by marker (slow; for cross-checking)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    on = {(b, p): model.new_bool_var(f"{b}_on_{p}") for b, plots in markers.items() for p in plots}
    for building, plots in markers.items():
        model.add_exactly_one(on[building, p] for p in plots)
    plots_used = {p for _, p in on}
    for plot in plots_used:
        model.add_at_most_one(v for (b, p), v in on.items() if p == plot)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.cp_model_presolve = False  # tiny models: presolving costs more than it saves
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    keep = {edge for edge, v in on.items() if solver.value(v)}
    for edge, var in on.items():
        if edge in keep:
            continue
        model.clear_assumptions()
        model.add_assumptions([var])
        if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            keep |= {e for e, v in on.items() if solver.value(v)}
    return keep


def forced_removals_cpsat(markers: Markers) -> set[tuple[str, int]] | None:
    """Every marker on no complete matching, found with CP-SAT; None when infeasible."""
    keep = supported_cpsat(markers)
    if keep is None:
        return None
    return {(b, p) for b, plots in markers.items() for p in plots} - keep
