"""Rebuild the 60 info cards from the rulebook's evidence (the printed texts are not public).

The search chooses, for every card, a predicate from the board's vocabulary (and for types A and C
the building it names) so that:
  * every published solution satisfies its scenario's cards;
  * every scenario has exactly that one solution (7: exactly two, differing only in whether Saloon
    or Judge is one of my buildings);
  * every card allows as many plots as its type says (A: 4, B: 7 or 8, C: 8 + 8).
Uniqueness is a "for all other towns" condition, so the search runs as a loop (counterexample-guided):
a CP-SAT master model proposes a catalogue, the solo model looks for a second solution of each
scenario, and every second solution found becomes a constraint of the master ("some card of this
scenario must reject it"). The loop ends when no scenario has a second solution.

Scenario 7's plan did not survive in full: the town that the search picks for it is constrained by
what survives (the buildings named, each surviving row's buildings in that row) and written to the
catalogue's report. Scenario 8's my-buildings are not printed; the search picks them too.
With one worker and fixed parameters CP-SAT is deterministic, so the catalogue is reproducible.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import combinations

from ortools.sat.python import cp_model

from .board import Board, Region, Relation
from .catalogue import Building, Card, Catalogue, Scenario, card_text, vocabulary
from .model import solve
from .solo import PLOTS, Clue, Puzzle, Solution, clue_holds

#: Sentences quoted from published reviews (evidence.md section 5), as (type, building, predicate).
QUOTED = [
    ("A", "Church", "sight:cemetery"),
    ("A", "Sheriff", "side:Main Street:N"),
    ("A", "Bank", "side:Cavendish Street:E"),
    ("A", "Judge", "corner"),
    ("A", "Saloon", "centre"),
    ("B", None, "on:Dalton Road"),
    ("B", None, "on:Main Street"),
    ("C", "Stage Coach Office", "across:railway"),
    ("C", "Undertaker", "next-door"),
]
PREFERENCE = ("side:", "corner", "centre", "sight:", "edge:", "crossing:", "quarter:", "on:", "off:", "beside:", "door:")
SCENARIO_7_ROWS = [["School", "Hotel", "Stable"], ["Sheriff", "Saloon", "Drugstore"],
                   ["Prison", "Laundry", "Bank"], ["Casino", "Judge", "Church", "Printer's"]]
SCENARIO_7_SWAP = ("Saloon", "Judge")


def _rank(key: str) -> tuple[int, str]:
    """Prefer simple phrasings when two predicates describe the same plots."""
    for i, prefix in enumerate(PREFERENCE):
        if key.startswith(prefix):
            return (i, key)
    return (len(PREFERENCE), key)


def card_vocabulary(board: Board):
    """Regions for A (4 plots) and B (7 or 8), relations for C (8 + 8), one phrasing per meaning."""
    regions, relations = vocabulary(board)

    def distinct(items, size_ok):
        chosen = {}
        for item in sorted(items, key=lambda r: _rank(r.key)):
            meaning = item.plots if isinstance(item, Region) else item.pairs
            if size_ok(item) and meaning not in chosen:
                chosen[meaning] = item
        return sorted(chosen.values(), key=lambda r: r.key)

    a = distinct(regions.values(), lambda r: len(r.plots) == 4)
    b = distinct(regions.values(), lambda r: len(r.plots) in (7, 8))
    c = distinct(relations.values(), lambda r: len(r.building_plots) == 8 and len(r.my_plots) == 8)
    return a, b, c


@dataclass
class Evidence:
    """What the rulebook fixes: scenarios, published towns, my buildings where printed."""

    scenarios: list[Scenario]
    buildings: tuple[str, ...]

    def scenario(self, ident: str) -> Scenario:
        return next(s for s in self.scenarios if s.id == ident)

    @property
    def complete(self) -> list[Scenario]:
        """Scenarios whose town and my buildings are printed in full (not 7, 8, first printing)."""
        return [s for s in self.scenarios if len(s.published) == 16 and s.mine is not None
                and s.id != "5-first-printing"]


@dataclass
class Master:
    """The CP-SAT model that chooses the catalogue."""

    evidence: Evidence
    board: Board
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    choice: dict = field(default_factory=dict)  # card -> {option: var}; option = (building, key)
    town7: dict = field(default_factory=dict)  # building -> {plot: var}
    mine8: dict = field(default_factory=dict)
    mine7: dict = field(default_factory=dict)
    cuts: int = 0
    slacks: list = field(default_factory=list)
    reward: object = 0


def _uses(evidence: Evidence) -> dict[int, list[tuple[Scenario, str | None]]]:
    """Card -> the scenarios (first printing excluded) that use it, with the B binding."""
    uses: dict[int, list] = {}
    for s in evidence.scenarios:
        if s.id == "5-first-printing":
            continue
        for n in s.a + s.c:
            uses.setdefault(n, []).append((s, None))
        for n, x in s.b:
            uses.setdefault(n, []).append((s, x))
    return uses


def build_master(evidence: Evidence, board: Board) -> Master:
    """Choice variables for every card, with the published solutions satisfied."""
    a_regions, b_regions, c_relations = card_vocabulary(board)
    master = Master(evidence, board)
    m = master.model
    if SCENARIO_7_ROWS:
        _scenario7_town(master)
    s8 = evidence.scenario("8")
    in8 = set(s8.published.values())
    master.mine8 = {b: m.new_bool_var(f"mine8_{b}") for b in in8}
    m.add(sum(master.mine8.values()) == 3)
    if master.town7:
        in7 = set(master.town7)
        master.mine7 = {b: m.new_bool_var(f"mine7_{b}") for b in in7 - set(SCENARIO_7_SWAP)}
        m.add(sum(master.mine7.values()) == 2)
    uses = _uses(evidence)
    for n in range(1, 61):
        kind = "A" if n <= 18 else "C" if n <= 36 else "B"
        options = _options(master, n, kind, uses.get(n, []), a_regions, b_regions, c_relations)
        if not options:
            raise RuntimeError(f"card {n}: no predicate of the board fits the published solutions")
        master.choice[n] = {opt: m.new_bool_var(f"card{n}_{opt[0]}_{opt[1]}") for opt in options}
        m.add_exactly_one(master.choice[n].values())
        _tie_to_unknown_towns(master, n, kind, uses.get(n, []), a_regions, b_regions, c_relations)
    _named_buildings(master)
    _one_type_a_card_each(master)
    _objective(master)
    return master


def _scenario7_town(master: Master):
    """Variables for scenario 7's town, constrained by what survives of its published table."""
    m = master.model
    named = {b for row in SCENARIO_7_ROWS for b in row} | {"Smith", "Doc"}
    extra = [b for b in master.evidence.buildings if b not in named]
    chosen_extra = {b: m.new_bool_var(f"town7_has_{b}") for b in extra}
    m.add_exactly_one(chosen_extra.values())
    for b in master.evidence.buildings:
        master.town7[b] = {p: m.new_bool_var(f"town7_{b}_{p}") for p in PLOTS}
        here = sum(master.town7[b].values())
        m.add(here == (chosen_extra[b] if b in chosen_extra else 1))
    for p in PLOTS:
        m.add_exactly_one(master.town7[b][p] for b in master.evidence.buildings)
    for r, row in enumerate(SCENARIO_7_ROWS):
        for b in row:
            m.add(sum(master.town7[b][p] for p in PLOTS if (p - 1) // 4 == r) == 1)


def _fits_region(plots, s: Scenario, building: str | None) -> bool:
    """Does the published town of s put `building` (or one of my buildings) on `plots`?"""
    where = {x: p for p, x in s.published.items()}
    if building is None:
        return any(where.get(x) in plots for x in s.mine)
    return where.get(building) in plots


def _fits_relation(rel: Relation, s: Scenario, building: str) -> bool:
    """Does the published town of s relate `building` to one of my buildings as `rel` says?"""
    where = {x: p for p, x in s.published.items()}
    return building in where and any((where[building], where.get(x)) in rel.pairs for x in s.mine if x != building)


def _options(master, n, kind, uses, a_regions, b_regions, c_relations):
    """Predicates (and buildings) for card n that the completely printed scenarios allow."""
    ev = master.evidence
    printed = [(s, x) for s, x in uses if len(s.published) == 16]
    complete = [(s, x) for s, x in uses if s in ev.complete]
    present = [set(s.published.values()) for s, _ in uses if s.published]
    if kind == "B":
        return [(None, r.key) for r in b_regions if all(_fits_region(r.plots, s, x) for s, x in printed)]
    options = []
    for b in ev.buildings:
        if not all(b in town for town in present):
            continue
        if kind == "A":
            options += [(b, r.key) for r in a_regions if all(_fits_region(r.plots, s, b) for s, _ in printed)]
        else:
            options += [(b, r.key) for r in c_relations if all(_fits_relation(r, s, b) for s, _ in complete)]
    return options


def _tie_to_unknown_towns(master, n, kind, uses, a_regions, b_regions, c_relations):
    """Link card n's choice to scenario 7's town and scenario 8's my buildings."""
    m = master.model
    regions = {r.key: r for r in [*a_regions, *b_regions]}
    relations = {r.key: r for r in c_relations}
    for s, bound in uses:
        if s.id == "7" and kind in "AB" and master.town7:
            for (b, key), var in master.choice[n].items():
                who = bound if kind == "B" else b
                m.add(sum(master.town7[who][p] for p in regions[key].plots) == 1).only_enforce_if(var)
        if s.id == "8" and kind == "C":
            where = {x: p for p, x in s.published.items()}
            for (b, key), var in master.choice[n].items():
                ok = [master.mine8[x] for x in master.mine8
                      if x != b and (where[b], where[x]) in relations[key].pairs]
                m.add_bool_or(ok).only_enforce_if(var) if ok else m.add(var == 0)


def _named_buildings(master: Master):
    """Every building in a printed town is named by some card of that scenario (or is given as mine)."""
    m = master.model
    for s in master.evidence.complete + [master.evidence.scenario("8")]:
        named_b = {x for _, x in s.b if x}
        for b in set(s.published.values()) - named_b - set(s.mine or ()):
            naming = [v for n in [*s.a, *s.c] for (x, _), v in master.choice[n].items() if x == b]
            m.add_bool_or(naming) if naming else m.add_bool_or([])


def _one_type_a_card_each(master: Master):
    """Reading: the 18 type-A cards name the 18 buildings, one each."""
    for b in master.evidence.buildings:
        cards = [v for n in range(1, 19) for (x, _), v in master.choice[n].items() if x == b]
        master.model.add_exactly_one(cards)


def _objective(master: Master):
    """Prefer the quoted sentences, distinct buildings on A cards, and simple phrasings."""
    m = master.model
    terms = []
    for kind, building, key in QUOTED:
        cards = range(1, 19) if kind == "A" else range(19, 37) if kind == "C" else range(37, 61)
        hits = [v for n in cards for (b, k), v in master.choice[n].items() if k == key and b == building]
        if hits:
            used = m.new_bool_var(f"quoted_{building}_{key}")
            m.add(sum(hits) >= used)
            terms.append(10 * used)
    for b in master.evidence.buildings:
        cards = [v for n in range(1, 19) for (x, _), v in master.choice[n].items() if x == b]
        if cards:
            has = m.new_bool_var(f"a_card_for_{b}")
            m.add(sum(cards) >= has)
            terms.append(3 * has)
    for n, options in master.choice.items():
        for (b, key), v in options.items():
            terms.append(-_rank(key)[0] * v)
    master.reward = sum(terms)
    m.maximize(master.reward)


# -- the counterexample loop -----------------------------------------------------------------------

def _rejected(master: Master, s: Scenario, solution: Solution, plots_of, pairs_of) -> list:
    """The choice variables of the cards of s under which the card rejects `solution`.

    Every option was chosen to accept the printed town, so only options that speak of a building
    that moved (or of my buildings, when those changed) need a look.
    """
    printed = {b: p for p, b in s.published.items()}
    where = solution.position
    moved = {b for b in set(printed) | set(where) if printed.get(b) != where.get(b)}
    mine_changed = s.mine is None or solution.mine != s.mine or bool(moved & solution.mine)
    cards = [(n, "A", None) for n in s.a] + [(n, "B", x) for n, x in s.b] + [(n, "C", None) for n in s.c]
    rejected = []
    for n, kind, bound in cards:
        for (b, key), var in master.choice[n].items():
            who = bound if kind == "B" else b
            if who is not None and who not in moved and not (kind == "C" and mine_changed):
                if len(s.published) == 16:
                    continue
            clue = Clue(n, kind, who, plots_of.get(key, frozenset()), pairs_of.get(key, frozenset()))
            if not clue_holds(clue, where, solution.mine):
                rejected.append(var)
    return rejected


def cut(master: Master, s: Scenario, solution: Solution, plots_of, pairs_of, allowed=None):
    """Some card of s must reject `solution` (unless `allowed`, a Boolean, says it is intended)."""
    rejected = _rejected(master, s, solution, plots_of, pairs_of)
    if SOFT:
        slack = master.model.new_bool_var(f"second_solution_{master.cuts}_of_{s.id}")
        master.slacks.append(slack)
        rejected.append(slack)
    if allowed is not None:
        rejected.append(allowed)
    master.model.add_bool_or(rejected)
    master.cuts += 1


SOFT = True
PER_ROUND = 12


def reconstruct(catalogue: Catalogue, max_rounds: int = 200, log=print) -> dict:
    """Search a card catalogue consistent with the evidence; returns the catalogue document."""
    evidence = Evidence([s for s in catalogue.scenarios.values()], catalogue.building_names)
    board = catalogue.board
    master = build_master(evidence, board)
    a_regions, b_regions, c_relations = card_vocabulary(board)
    plots_of = {r.key: r.plots for r in [*a_regions, *b_regions]}
    pairs_of = {r.key: r.pairs for r in c_relations}
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    solver.parameters.max_deterministic_time = 15
    for round_no in range(1, max_rounds + 1):
        status = solver.solve(master.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise RuntimeError(f"round {round_no}: no catalogue fits the evidence ({solver.status_name(status)})")
        if SOFT:
            master.model.maximize(master.reward - 1000 * sum(master.slacks))
        if round_no == 1 and master.town7:
            _fix_town7(master, solver, pairs_of)
            continue
        chosen = {n: next(opt for opt, v in opts.items() if solver.boolean_value(v))
                  for n, opts in master.choice.items()}
        found = 0
        for s in evidence.scenarios:
            if s.id == "5-first-printing" or (s.id == "7" and not master.town7):
                continue
            found += _refute(master, s, chosen, solver, plots_of, pairs_of, catalogue)
        log(f"round {round_no}: {found} second solutions found, {master.cuts} cuts")
        if not found or round_no == max_rounds:
            return {"chosen": chosen, "master": master, "solver": solver}
    raise RuntimeError("the search did not settle")


def neighbour_towns(town: dict[int, str], buildings) -> list[dict[int, str]]:
    """Towns one small change away: two buildings swapped, three rotated, or one replaced."""
    plots = sorted(town)
    absent = [b for b in buildings if b not in town.values()]
    out = []
    for p, q in combinations(plots, 2):
        out.append({**town, p: town[q], q: town[p]})
    for p in plots:
        out += [{**town, p: x} for x in absent]
    for p, q, r in combinations(plots, 3):
        out.append({**town, p: town[q], q: town[r], r: town[p]})
        out.append({**town, p: town[r], q: town[p], r: town[q]})
    return out


def add_neighbour_cuts(master: Master, plots_of, pairs_of) -> None:
    """Rule out, before any search, every town one small change away from a printed one."""
    for s in master.evidence.complete:
        for town in neighbour_towns(s.published, master.evidence.buildings):
            cut(master, s, Solution.of(town, s.mine), plots_of, pairs_of)


def _fix_town7(master: Master, solver, pairs_of) -> None:
    """Keep scenario 7's town from the first round, and tie its type-C cards to it."""
    m = master.model
    where = {}
    for b, row in master.town7.items():
        for p, v in row.items():
            value = int(solver.boolean_value(v))
            m.add(v == value)
            if value:
                where[b] = p
    for n in master.evidence.scenario("7").c:
        for (b, key), var in master.choice[n].items():
            if b not in where:
                m.add(var == 0)
                continue
            witnesses = {x for x in where if x != b and (where[b], where[x]) in pairs_of[key]}
            for swap in SCENARIO_7_SWAP:
                ok = [master.mine7[x] for x in witnesses if x in master.mine7]
                if swap in witnesses:
                    continue
                m.add_bool_or(ok).only_enforce_if(var) if ok else m.add(var == 0)


def _refute(master, s, chosen, solver, plots_of, pairs_of, catalogue) -> int:
    """Add cuts for the unintended solutions of scenario s under the chosen catalogue."""
    puzzle = _puzzle(s, chosen, plots_of, pairs_of, catalogue.building_names)
    intended = _intended(master, s, solver)
    found = 0
    for sol in solve(puzzle, limit=PER_ROUND):
        if sol in intended:
            continue
        found += 1
        cut(master, s, sol, plots_of, pairs_of, allowed=_allowed(master, s, sol))
    return found


def _puzzle(s: Scenario, chosen, plots_of, pairs_of, buildings) -> Puzzle:
    clues = []
    for n in s.a + s.c:
        b, key = chosen[n]
        kind = "A" if n <= 18 else "C"
        clues.append(Clue(n, kind, b, plots_of.get(key, frozenset()), pairs_of.get(key, frozenset())))
    for n, x in s.b:
        clues.append(Clue(n, "B", x, plots_of[chosen[n][1]]))
    return Puzzle(tuple(clues), buildings, s.mine, s.mine_count)


def _intended(master, s, solver) -> list[Solution]:
    if s.id == "7":
        town = {p: b for b, row in master.town7.items() for p, v in row.items() if solver.boolean_value(v)}
        base = {b for b, v in master.mine7.items() if solver.boolean_value(v)}
        return [Solution.of(town, base | {x}) for x in SCENARIO_7_SWAP]
    if s.id == "8":
        mine = {b for b, v in master.mine8.items() if solver.boolean_value(v)}
        return [Solution.of(s.published, mine)]
    return [Solution.of(s.published, s.mine)]


def _allowed(master, s, sol):
    """For 7 and 8, a solution may be the intended one under other master choices: say when."""
    m = master.model
    if s.id == "8" and sol.placement == s.published:
        same = m.new_bool_var("")
        for b in sol.mine:
            m.add_implication(same, master.mine8[b]) if b in master.mine8 else m.add(same == 0)
        return same
    if s.id == "7":
        same = m.new_bool_var("")
        for p, b in sol.town:
            m.add_implication(same, master.town7[b][p])
        base = sol.mine - set(SCENARIO_7_SWAP)
        if len(base) != 2 or len(sol.mine & set(SCENARIO_7_SWAP)) != 1:
            m.add(same == 0)
        for b in base:
            m.add_implication(same, master.mine7[b]) if b in master.mine7 else m.add(same == 0)
        return same
    return None


# -- writing the catalogue -------------------------------------------------------------------------

CATALOGUE_NOTE = (
    "RECONSTRUCTION, not the printed cards: the texts of Old Town's 60 info cards are not public. "
    "Each card here was chosen by `clicktown oldtown reconstruct` among the regions and relations of "
    "the reconstructed board plan so as to fit the rulebook's solo scenarios and published solutions; "
    "see docs/oldtown-reconstruction.md. Owners of the game can list the printed cards in this format "
    "(a card may give 'plots' or 'pairs' directly) and pass the file with --cards."
)


def catalogue_document(chosen: dict, board: Board, extra: dict | None = None) -> dict:
    """The cards.json document for the chosen predicates (sorted, so the file is reproducible)."""
    cards = []
    for n in sorted(chosen):
        building, key = chosen[n]
        kind = "A" if n <= 18 else "C" if n <= 36 else "B"
        cards.append({"number": n, "type": kind, "building": building, "predicate": key})
    return {"note": CATALOGUE_NOTE, **(extra or {}), "cards": cards}


def rebuild_catalogue(board_file=None, scenarios_file=None, rounds: int = 60, log=print) -> dict:
    """Run the search on the given (or built-in) board and scenarios; return the cards document."""
    from .board import load_board
    from .catalogue import load_buildings, load_scenarios

    board = load_board(board_file)
    buildings = load_buildings()
    evidence = Evidence(list(load_scenarios(scenarios_file).values()), tuple(b.name for b in buildings))
    result = search(evidence, board, rounds, log)
    return catalogue_document(result["chosen"], board, result["report"])
