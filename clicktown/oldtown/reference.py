"""Old Town's reference implementations: the marker game's deductions written plainly, called only by
the tests (and the deduction benchmark), which hold the engine's fast path (`game.deduce`: augmenting
paths and Régin's filter on bit masks) to the same answers.

  networkx  `matching_networkx`, `feasible_networkx`, `supported_networkx`, `held_plots_networkx`,
            `forced_removals_networkx`: Hopcroft-Karp from `networkx.algorithms.bipartite`, the
            filter in networkx's own words (`strongly_connected_components`, `ancestors`), no cache
  CP-SAT    `supported_cpsat`, `forced_removals_cpsat`: one solve per marker not yet seen on a solution

The referee's readable verdicts (`game.rules.judge`) are the reference of `game.verdicts`; they stay
beside the rules, since the engine falls back on them for the boards its fast path leaves.
"""

from __future__ import annotations

from typing import Iterable

from .game.deduce import Markers


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

    oriented = _oriented_networkx(markers, free)
    if oriented is None:
        return None
    match, directed, reach = oriented
    component = {node: number
                 for number, nodes in enumerate(nx.strongly_connected_components(directed))
                 for node in nodes}
    return {(building, plot) for building, plots in markers.items() for plot in plots
            if match[building] == plot or ("p", plot) in reach
            or component[("b", building)] == component[("p", plot)]}


def _oriented_networkx(markers: Markers, free: Iterable[int]):
    """(the matching, the marker graph oriented by it as a networkx DiGraph, the nodes with an
    alternating path to a free plot), or None when no town fits the markers."""
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
    unmatched = [("p", plot) for plot in set(free) - set(match.values()) if ("p", plot) in directed]
    reach = set(unmatched).union(*(nx.ancestors(directed, plot) for plot in unmatched))
    return match, directed, reach


def held_plots_networkx(markers: Markers, free: Iterable[int]) -> dict[int, tuple[str, ...]] | None:
    """`held_plots` on networkx (the reference): the plots with no alternating path to a free plot,
    each with the buildings of its connected group among such nodes; None when infeasible."""
    oriented = _oriented_networkx(markers, free)
    if oriented is None:
        return None
    _, directed, reach = oriented
    held = directed.subgraph(node for node in directed if node not in reach).to_undirected()
    import networkx as nx

    out = {}
    for group in nx.connected_components(held):
        names = tuple(sorted(value for kind, value in group if kind == "b"))
        out.update((value, names) for kind, value in group if kind == "p")
    return out


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
