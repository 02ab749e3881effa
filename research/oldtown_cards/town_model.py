"""The CP-SAT model of scenario 7's open town, shared by the fit's plan and the replan.

Variables: which building stands on which plot, which buildings are mine (the footnote's two
aside), one of mine on a plot; the town's rules; what the footnote asks of the type-C cards; and a
solver that answers the same on every run. `fit` and `replan` both import from here, so `replan`
needs nothing from `fit` (which calls it) and the two make no import cycle.
"""

from __future__ import annotations

PLOTS = range(1, 17)


def footnote_rules(m, at, mine, mine_at, search, goal, choose: dict) -> None:
    """What the type-C cards of the open scenario (chosen among `choose`: card -> {option: Boolean})
    must do for its two solutions: hold in both, relate some card's building to exactly the
    footnote's two buildings, and relate some card's building to exactly each fixed my-building."""
    singled = {q: [] for q in PLOTS}
    pair_rows = []
    for n, options in choose.items():
        for i, x in options.items():
            o = search.cards[n].options[i]
            for p in PLOTS:
                row = sorted(q for (p2, q) in o.pairs if p2 == p and q != p)
                for extra in goal.swap:
                    m.add_bool_or([x.Not(), at[o.building, p].Not(), *[mine_at[q] for q in row],
                                   *[at[extra, q] for q in row]])
                if len(row) == 1:
                    singled[row[0]].append(_both(m, x, at[o.building, p]))
                elif len(row) == 2 and len(goal.swap) == 2:
                    s, j = goal.swap
                    w = _both(m, x, at[o.building, p])
                    m.add_bool_or([_both(m, at[s, row[0]], at[j, row[1]]),
                                   _both(m, at[s, row[1]], at[j, row[0]])]).only_enforce_if(w)
                    pair_rows.append(w)
    m.add_bool_or(pair_rows)
    for b, v in mine.items():  # each fixed my-building is the only one some card relates to
        for q in PLOTS:
            m.add_bool_or(singled[q]).only_enforce_if([v, at[b, q]])



def open_town_model(search, goal):
    """A CP-SAT model of the open scenario's town: (model, building on plot, my building, one of my
    buildings on plot)."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    names = search.buildings
    at = {(b, p): m.new_bool_var(f"{b}@{p}") for b in names for p in PLOTS}
    mine = {b: m.new_bool_var(f"mine_{b}") for b in names if b not in goal.swap}
    _town_rules(m, at, mine, goal, names)
    return m, at, mine, _mine_at(m, at, mine)



def one_worker(seconds: float):
    """A CP-SAT solver that gives the same answer on every run: one worker, a fixed seed and a
    deterministic time limit."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = seconds
    solver.parameters.random_seed = 0
    return solver



def _both(m, a, b):
    """A Boolean that implies a and b."""
    v = m.new_bool_var("")
    m.add_implication(v, a)
    m.add_implication(v, b)
    return v



def _town_rules(m, at, mine, goal, names) -> None:
    """One building a plot; the surviving, bound and footnote buildings stand; my buildings stand."""
    required = {x for row in goal.rows for x in row} | set(goal.swap)
    required |= {names[b] for _, b in goal.cards if b is not None}
    for p in PLOTS:
        m.add_exactly_one(at[b, p] for b in names)
    for b in names:
        placed = sum(at[b, p] for p in PLOTS)
        m.add(placed == 1) if b in required else m.add(placed <= 1)
        if b in mine:
            m.add(placed >= 1).only_enforce_if(mine[b])
    m.add(sum(mine.values()) == goal.mine_count - (1 if goal.swap else 0))



def _mine_at(m, at, mine) -> dict:
    """plot -> a Boolean that implies one of my (fixed) buildings stands there."""
    out = {}
    for q in PLOTS:
        out[q] = m.new_bool_var(f"mine_at_{q}")
        m.add_bool_or([_both(m, v, at[b, q]) for b, v in mine.items()]).only_enforce_if(out[q])
    return out
