"""Rebuild the 60 info cards from the rulebook's evidence (the printed texts are not public).

The search chooses, for every card, a predicate from the board's vocabulary (and, for types A and C,
the building it names) so that:
  * every published solution satisfies its scenario's cards;
  * every scenario with a fully printed solution has exactly that one solution (scenario 8: the
    printed town, with my buildings chosen by the search, since they were not printed);
  * scenario 7, whose plan survives only in part, has exactly two solutions: a town the search
    chooses (keeping the surviving rows where it can) with two chosen my-buildings and either the
    Saloon or the Judge;
  * every card allows as many plots as its type says (A: 4, B: 7 or 8, C: 8 + 8);
  * reading: the 18 type-A cards name the 18 buildings, one each.
Where no sentence of the board fits, a type-A card may keep a "map" region (its plots as the card's
little plan shows them; the rulebook says that plan is what defines a card); the search uses as few
as it can. Uniqueness is a "for every other town" condition, so the search is a loop: a CP-SAT master
model proposes a catalogue, the solo model looks for second solutions, and each one found becomes a
constraint of the master ("some card of this scenario must reject it"). Towns one small change away
from a printed one (two buildings swapped, three rotated, one replaced) are ruled out up front.
The second solutions found can be kept in a file (`--cuts`) so that a later run starts from them.
With one worker and deterministic limits CP-SAT gives the same catalogue on every run.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from itertools import combinations

from ortools.sat.python import cp_model

from clicktown.datafiles import read_json, read_text, require
from clicktown.errors import ClicktownError, DataError
from clicktown.oldtown.board import Board, Region, Relation
from clicktown.oldtown.catalogue import Scenario, map_region, vocabulary
from clicktown.oldtown.solve.cpsat import solve
from clicktown.oldtown.solo import Clue, Puzzle, Solution

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
PREFERENCE = ("side:", "corner", "centre", "sight:", "edge:", "door:", "crossing:", "quarter:", "on:", "off:",
              "beside:", "across:", "diagonal:", "next-door", "back-to-back", "both:", "pair:")
MAP_COST = 1000
QUOTE_REWARD = 20
ROW_REWARD = 30  # scenario 7: a building in the row its surviving cell gives it
PER_ROUND = 60
DETERMINISTIC_TIME = 150  # per round; a deterministic measure of work, not seconds


def _rank(key: str) -> int:
    """Prefer simple phrasings (smaller is simpler)."""
    for i, prefix in enumerate(PREFERENCE):
        if key.startswith(prefix):
            return i
    return len(PREFERENCE) + key.count(":")


def card_vocabulary(board: Board):
    """Regions for A (4 plots) and B (7 or 8), relations for C (8 + 8), one phrasing per meaning."""
    regions, relations = vocabulary(board)

    def distinct(items, size_ok):
        chosen = {}
        for item in sorted(items, key=lambda r: (_rank(r.key), r.key)):
            meaning = item.plots if isinstance(item, Region) else item.pairs
            if size_ok(item) and meaning not in chosen:
                chosen[meaning] = item
        return sorted(chosen.values(), key=lambda r: r.key)

    a = distinct(regions.values(), lambda r: len(r.plots) == 4)
    b = distinct(regions.values(), lambda r: len(r.plots) in (7, 8))
    c = distinct(relations.values(), lambda r: len(r.building_plots) == 8 and len(r.my_plots) == 8)
    return a, b, c


def map_regions(board_regions: list[Region]) -> list[Region]:
    """4-plot maps one plot away from a board region (a plot swapped), that no sentence describes."""
    known = {r.plots for r in board_regions}
    out = {}
    for r in board_regions:
        for p in r.plots:
            for q in range(1, 17):
                plots = (r.plots - {p}) | {q}
                if len(plots) == 4 and plots not in known and plots not in out:
                    out[plots] = map_region(plots)
    return sorted(out.values(), key=lambda r: r.key)


@dataclass
class Evidence:
    """What the rulebook fixes: scenarios and their published towns."""

    scenarios: list[Scenario]
    buildings: tuple[str, ...]

    def scenario(self, ident: str) -> Scenario:
        found = next((s for s in self.scenarios if s.id == ident), None)
        if found is None:
            raise DataError(f"unknown scenario {ident!r} in the evidence")
        return found

    @property
    def printed(self) -> list[Scenario]:
        """Scenarios whose town is printed in full (first printing of 5 aside)."""
        return [s for s in self.scenarios if len(s.published) == 16 and s.id != "5-first-printing"]

    @property
    def open(self) -> list[Scenario]:
        """Scenarios whose printed plan survives only in part (7): the search chooses the town."""
        return [s for s in self.scenarios if s.remains.get("rows") and len(s.published) < 16]

    @staticmethod
    def swap(s: Scenario) -> tuple[str, ...]:
        """The two buildings either of which can be mine (scenario 7's footnote), or ()."""
        return tuple(s.remains.get("two_solutions_differ_in_mine", ()))

    @property
    def complete(self) -> list[Scenario]:
        """Printed towns whose my-buildings are printed too."""
        return [s for s in self.printed if s.mine is not None]


# -- scenario 7: a town rebuilt from what survives of its printed plan ------------------------------

def surviving_rows(s: Scenario) -> list[list[str]]:
    """Scenario 7's plan as far as it survives, read as rows: the starred names are the footnote's
    marks (the Saloon, already in row 2, is not printed twice), so the names in printed order give
    rows 1-3 three buildings each and row 4 the last four. Only a hint: the search prefers towns
    that keep these buildings in these rows, it does not require it."""
    names = []
    for group in s.remains.get("rows", []):
        for x in group:
            x = x.rstrip("*")
            if x not in names:
                names.append(x)
    return [names[0:3], names[3:6], names[6:9], names[9:13]]


@dataclass
class Master:
    """The CP-SAT model that chooses the catalogue."""

    evidence: Evidence
    plots_of: dict
    pairs_of: dict
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    choice: dict = field(default_factory=dict)  # card -> {(building, key): var}
    free_mine: dict = field(default_factory=dict)  # scenario -> {building: "is one of my buildings"}
    open_towns: dict = field(default_factory=dict)  # scenario -> OpenTown (7: the plan is partly lost)
    row_hints: dict = field(default_factory=dict)  # scenario -> "building in its surviving row" Booleans
    facts: dict = field(default_factory=dict)  # what a card allows, as Booleans (see `allows`)
    cuts: int = 0


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


def build_master(evidence: Evidence, a_regions, b_regions, c_relations) -> Master:
    """Choice variables for every card, with the printed solutions satisfied."""
    master = Master(evidence, {r.key: r.plots for r in [*a_regions, *b_regions]},
                    {r.key: r.pairs for r in c_relations})
    m = master.model
    for s in [s for s in evidence.printed if s.mine is None] + evidence.open:
        swap = evidence.swap(s)
        candidates = s.published.values() if s.published else evidence.buildings
        free = master.free_mine[s.id] = {b: m.new_bool_var(f"mine{s.id}_{b}")
                                         for b in sorted(set(candidates) - set(swap))}
        m.add(sum(free.values()) == s.mine_count - (1 if swap else 0))
    uses = _uses(evidence)
    for n in range(1, 61):
        kind = "A" if n <= 18 else "C" if n <= 36 else "B"
        options = _options(evidence, kind, uses.get(n, []), a_regions, b_regions, c_relations)
        if not options:
            raise ClicktownError(f"card {n}: no predicate of the board fits the published solutions")
        master.choice[n] = {opt: m.new_bool_var(f"card{n}_{opt[0]}_{opt[1]}") for opt in options}
        m.add_exactly_one(master.choice[n].values())
        if kind == "C":
            _witness_unprinted_mine(master, n, uses.get(n, []))
    for s in evidence.open:
        master.open_towns[s.id] = open_town(master, s)
    _named_buildings(master)
    _one_type_a_card_each(master)
    _objective(master)
    return master


@dataclass
class OpenTown:
    """Scenario 7's town, chosen by the master: the rulebook fixes which buildings stand in it, and
    (as a preference) the rows the surviving cells give them."""

    at: dict  # (building, plot) -> Boolean

    def placed(self, solver) -> dict[int, str]:
        return {p: b for (b, p), v in self.at.items() if solver.boolean_value(v)}


def open_town(master: Master, s: Scenario) -> OpenTown:
    """Town choice for s: its cards must accept the chosen town with the chosen my-buildings."""
    m = master.model
    buildings = master.evidence.buildings
    rows = surviving_rows(s)
    standing = {x for row in rows for x in row} | {x for _, x in s.b if x}
    at = {(b, p): m.new_bool_var(f"at{s.id}_{b}_{p}") for b in buildings for p in range(1, 17)}
    for p in range(1, 17):
        m.add_exactly_one(at[b, p] for b in buildings)
    for b in buildings:
        where = [at[b, p] for p in range(1, 17)]
        m.add(sum(where) == 1) if b in standing else m.add(sum(where) <= 1)
    master.row_hints[s.id] = [at[b, 4 * r + c] for r, row in enumerate(rows) for b in row for c in range(1, 5)]
    town = OpenTown(at)
    _open_town_regions(master, s, town)
    _open_town_witnesses(master, s, town)
    free = master.free_mine[s.id]
    for b, v in free.items():  # my buildings stand in town
        m.add_bool_or([at[b, p] for p in range(1, 17)]).only_enforce_if(v)
    named = {x for _, x in s.b if x}
    for b in sorted(set(buildings) - named):  # as _named_buildings does
        names_b = [v for n in [*s.a, *s.c] for (x, _), v in master.choice[n].items() if x == b]
        for p in range(1, 17):
            m.add_bool_or(names_b).only_enforce_if(at[b, p])
    return town


def is_town(master: Master, s: Scenario, placement: dict[int, str]):
    """A Boolean true only if the town chosen for s is `placement`."""
    return all_of(master, [master.open_towns[s.id].at[b, p] for p, b in sorted(placement.items())])


def _open_town_regions(master: Master, s: Scenario, town: OpenTown) -> None:
    """Type-A and type-B cards of s allow where the chosen town puts their building."""
    for n, bound in [(n, None) for n in s.a] + list(s.b):
        for (b, key), var in master.choice[n].items():
            x = bound or b
            master.model.add_bool_or([town.at[x, p] for p in master.plots_of[key]]).only_enforce_if(var)


def _open_town_witnesses(master: Master, s: Scenario, town: OpenTown) -> None:
    """Type-C cards of s relate their building to one of my buildings (with either of the pair)."""
    m, free = master.model, master.free_mine[s.id]
    mine_on = {}  # plot -> "one of the chosen my-buildings stands here"
    for q in range(1, 17):
        ways = [all_of(master, [free[b], town.at[b, q]]) for b in sorted(free)]
        mine_on[q] = m.new_bool_var(f"mine{s.id}_on_{q}")
        m.add_bool_or(ways).only_enforce_if(mine_on[q])
    for n in s.c:
        for (b, key), var in master.choice[n].items():
            m.add_bool_or([town.at[b, p] for p in range(1, 17)]).only_enforce_if(var)
            for p in range(1, 17):
                near = [q for q in range(1, 17) if q != p and (p, q) in master.pairs_of[key]]
                for extra in master.evidence.swap(s) or (None,):
                    witnesses = [mine_on[q] for q in near] + [town.at[extra, q] for q in near if extra]
                    m.add_bool_or(witnesses).only_enforce_if([var, town.at[b, p]])


def _where(s: Scenario) -> dict[str, int]:
    return {x: p for p, x in s.published.items()}


def _fits_region(plots, s: Scenario, building: str | None) -> bool:
    """Does the printed town of s put `building` (or one of my buildings) on `plots`?"""
    where = _where(s)
    if building is None:
        return any(where.get(x) in plots for x in s.mine)
    return where.get(building) in plots


def _fits_relation(rel: Relation, s: Scenario, building: str) -> bool:
    """Does the printed town of s relate `building` to one of my buildings as `rel` says?"""
    where = _where(s)
    return building in where and any((where[building], where.get(x)) in rel.pairs for x in s.mine if x != building)


def _options(evidence, kind, uses, a_regions, b_regions, c_relations):
    """Predicates (and buildings) for a card that the printed scenarios using it allow."""
    printed = [(s, x) for s, x in uses if s in evidence.printed]
    complete = [(s, x) for s, x in uses if s in evidence.complete]
    present = [set(s.published.values()) for s, _ in printed]
    if kind == "B":
        return [(None, r.key) for r in b_regions if all(_fits_region(r.plots, s, x) for s, x in printed)]
    options = []
    for b in evidence.buildings:
        if not all(b in town for town in present):
            continue
        if kind == "A":
            options += [(b, r.key) for r in a_regions if all(_fits_region(r.plots, s, b) for s, _ in printed)]
        else:
            options += [(b, r.key) for r in c_relations if all(_fits_relation(r, s, b) for s, _ in complete)]
    return options


def _witness_unprinted_mine(master: Master, n: int, uses) -> None:
    """A type-C card of a scenario whose my-buildings were not printed needs one of the (chosen)
    my-buildings as its witness; in 7, with either building of the footnote's pair."""
    m = master.model
    for s, _ in uses:
        if s.id not in master.free_mine or len(s.published) < 16:
            continue  # (a town the search chooses has its own witnesses: _open_town_witnesses)
        where, free = _where(s), master.free_mine[s.id]
        for (b, key), var in master.choice[n].items():
            related = {x for x in where if x != b and (where[b], where[x]) in master.pairs_of[key]}
            for extra in master.evidence.swap(s) or (None,):
                if extra in related:
                    continue
                ok = [free[x] for x in sorted(related & set(free))]
                m.add_bool_or(ok).only_enforce_if(var) if ok else m.add(var == 0)


def _named_buildings(master: Master) -> None:
    """Every building of a printed town is named by a card of its scenario (or given as mine):
    an unnamed one could trade places with a building left out of town."""
    m = master.model
    for s in master.evidence.printed:
        named = {x for _, x in s.b if x} | set(s.mine or ())
        for b in sorted(set(s.published.values()) - named):
            m.add_bool_or([v for n in [*s.a, *s.c] for (x, _), v in master.choice[n].items() if x == b])


def _one_type_a_card_each(master: Master) -> None:
    """Reading: the 18 type-A cards name the 18 buildings, one each."""
    for b in master.evidence.buildings:
        master.model.add_exactly_one(v for n in range(1, 19) for (x, _), v in master.choice[n].items() if x == b)


def _objective(master: Master) -> None:
    """Fewest map-only cards, then the quoted sentences, then simple phrasings."""
    m = master.model
    terms = []
    for kind, building, key in QUOTED:
        cards = range(1, 19) if kind == "A" else range(19, 37) if kind == "C" else range(37, 61)
        hits = [v for n in cards for (b, k), v in master.choice[n].items() if k == key and b == building]
        if hits:
            used = m.new_bool_var(f"quoted_{building}_{key}")
            m.add(sum(hits) >= used)
            terms.append(QUOTE_REWARD * used)
    for options in master.choice.values():
        for (_, key), v in options.items():
            terms.append(-(MAP_COST if key.startswith("map:") else _rank(key)) * v)
    for hints in master.row_hints.values():
        terms += [ROW_REWARD * v for v in hints]
    m.maximize(sum(terms))


# -- cuts: second solutions the chosen cards must reject ---------------------------------------
#
# A cut says "some card of this scenario rejects this town". It is written on what a card allows
# (card n allows plot p; card n relates plot p to plot q; card n names building b), each a Boolean
# tied to the card's options once, rather than on the options themselves: the cuts stay short and
# what the solver learns from one cut carries over to the others.

def _var(master: Master, key: tuple, options) -> cp_model.IntVar:
    """A Boolean equal to the sum of `options` (at most one of a card's options is chosen)."""
    if key not in master.facts:
        v = master.model.new_bool_var("_".join(map(str, key)))
        master.model.add(sum(options) == v)
        master.facts[key] = v
    return master.facts[key]


def allows(master: Master, n: int, p: int) -> cp_model.IntVar:
    """Card n (type A or B) allows plot p."""
    return _var(master, ("allows", n, p), _options_by(master, n, "plots").get(p, []))


def relates(master: Master, n: int, p: int, q: int) -> cp_model.IntVar:
    """Card n (type C) relates its building on plot p to my building on plot q."""
    return _var(master, ("relates", n, p, q), _options_by(master, n, "pairs").get((p, q), []))


def names(master: Master, n: int, b: str) -> cp_model.IntVar:
    """Card n (type A or C) names building b."""
    return _var(master, ("names", n, b), _options_by(master, n, "building").get(b, []))


def _options_by(master: Master, n: int, what: str) -> dict:
    """Card n's option variables by the plot, pair or building they contain (computed once)."""
    key = ("by", n, what)
    if key not in master.facts:
        index: dict = {}
        for (b, k), v in master.choice[n].items():
            items = [b] if what == "building" else master.plots_of[k] if what == "plots" else master.pairs_of[k]
            for item in items:
                index.setdefault(item, []).append(v)
        master.facts[key] = index
    return master.facts[key]


def all_of(master: Master, literals: list) -> cp_model.IntVar:
    """A Boolean that can be true only when every literal is."""
    if len(literals) == 1:
        return literals[0]
    key = ("all", *sorted(lit.index for lit in literals))
    if key not in master.facts:
        v = master.model.new_bool_var("")
        master.model.add_bool_and(literals).only_enforce_if(v)
        master.facts[key] = v
    return master.facts[key]


def _candidates(master: Master, n: int) -> list[str]:
    return sorted({b for b, _ in master.choice[n]})


def _rejections(master: Master, n: int, kind: str, bound, where: dict, mine, moved, mine_changed):
    """Literals under which card n rejects the town `where` with my buildings `mine`.

    Every option accepts the printed town, so only a building that moved (or, for cards about my
    building, a change of my buildings) can make a card reject. None means "rejects for sure".
    """
    if kind == "B" and bound is not None:
        if bound not in moved:
            return []
        return None if bound not in where else [~allows(master, n, where[bound])]
    if kind == "B":
        return [all_of(master, [~allows(master, n, where[m]) for m in sorted(mine)])]
    out = []
    for b in _candidates(master, n):
        if b not in moved and not (kind == "C" and mine_changed):
            continue
        if b not in where:
            out.append(names(master, n, b))
        elif kind == "A":
            out.append(all_of(master, [names(master, n, b), ~allows(master, n, where[b])]))
        else:
            others = sorted({where[m] for m in mine if m != b})
            out.append(all_of(master, [names(master, n, b), *(~relates(master, n, where[b], q) for q in others)]))
    return out


def _rejected(master: Master, s: Scenario, solution: Solution):
    """Literals one of which must hold for some card of s to reject `solution` (None: one surely does)."""
    printed = _where(s)
    where = solution.position
    if not solution.mine <= set(where):
        return None  # not a solution at all: my buildings stand in town
    moved = {b for b in set(printed) | set(where) if printed.get(b) != where.get(b)}
    mine_changed = s.mine is None or solution.mine != s.mine or bool(moved & solution.mine)
    cards = [(n, "A", None) for n in s.a] + [(n, "B", x) for n, x in s.b] + [(n, "C", None) for n in s.c]
    rejected = []
    for n, kind, bound in cards:
        found = _rejections(master, n, kind, bound, where, solution.mine, moved, mine_changed)
        if found is None:
            return None
        rejected += found
    return rejected


def cut(master: Master, s: Scenario, solution: Solution) -> None:
    """Some card of s must reject `solution` (in 8: unless it is the town with the chosen mine)."""
    rejected = _rejected(master, s, solution)
    if rejected is None:
        return
    if s.id in master.open_towns:
        chosen = _is_chosen_mine(master, s, solution.mine)
        if chosen is not None:
            rejected.append(all_of(master, [is_town(master, s, solution.placement), chosen]))
    elif s.id in master.free_mine and solution.placement == s.published:
        chosen = _is_chosen_mine(master, s, solution.mine)
        if chosen is not None:
            rejected.append(chosen)
    master.model.add_bool_or(rejected)
    master.cuts += 1


def _is_chosen_mine(master: Master, s: Scenario, mine):
    """A Boolean true only if `mine` is one of the my-buildings the search chose for s (None: it
    cannot be, e.g. in 7 when it holds both or neither of the footnote's pair)."""
    swap = set(master.evidence.swap(s))
    if swap and len(mine & swap) != 1:
        return None
    rest = sorted(set(mine) - swap)
    key = ("mine", s.id, *rest)
    if key not in master.facts:
        same = master.facts[key] = master.model.new_bool_var("")
        for b in rest:
            master.model.add_implication(same, master.free_mine[s.id][b])
    return master.facts[key]


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


def add_neighbour_cuts(master: Master) -> None:
    """Rule out, before any search, every town one small change away from a printed one."""
    for s in master.evidence.complete:
        for town in neighbour_towns(s.published, master.evidence.buildings):
            cut(master, s, Solution.of(town, s.mine))


# -- the loop --------------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What the search settled on."""

    chosen: dict
    mine: dict  # scenario -> the my-buildings the search chose (where the rulebook did not print them)
    rounds: int
    left: dict  # scenario id -> second solutions still found when the rounds ran out
    towns: dict = field(default_factory=dict)  # scenario -> the town rebuilt from a partly lost plan


def search(evidence: Evidence, board: Board, rounds: int = 60, log=print, start: dict | None = None,
           checkpoint=None, cuts_file=None, workers: int = 2, quick: bool = False) -> Outcome:
    """Run the counterexample loop; deterministic (fixed seed, deterministic time limits).

    `start` (card -> (building, key)) seeds the first round; `checkpoint(outcome)` is called after
    every round with the best catalogue so far (the most scenarios without second solutions), which
    is also what the search returns. `cuts_file`
    (JSON lines) keeps the second solutions found so far: read at the start, appended to as the
    search finds more, so a resumed search does not find them again. `quick` takes each round's
    first catalogue instead of improving it (fewer preferences met, many more rounds per hour).
    """
    a_regions, b_regions, c_relations = card_vocabulary(board)
    vocabulary = (a_regions + map_regions(a_regions), b_regions, c_relations)
    master = _master_with_cuts(evidence, vocabulary, read_cuts(cuts_file))
    log(f"master: {sum(len(o) for o in master.choice.values())} options, {master.cuts} cuts up front")
    for n, opt in (start or {}).items():
        for o, v in master.choice.get(n, {}).items():
            master.model.add_hint(v, o == opt)
    solver = _solver(workers, quick)
    best = None
    for round_no in range(1, rounds + 1):
        status = solver.solve(master.model)
        log(f"round {round_no}: {solver.status_name(status)} after {solver.wall_time:.0f}s")
        if status == cp_model.INFEASIBLE:
            raise ClicktownError(f"round {round_no}: no catalogue of this board fits the evidence (CP-SAT proved it)")
        if status == cp_model.UNKNOWN:  # give the next round more time rather than repeat this one
            solver.parameters.max_deterministic_time *= 2
            continue
        outcome, left = _round_outcome(master, solver, round_no)
        log(f"round {round_no}: objective {solver.objective_value:.0f}, second solutions "
            f"{ {k: len(v) for k, v in left.items() if v} }, {master.cuts} cuts")
        if best is None or _score(outcome) >= _score(best):
            best = outcome
        if checkpoint is not None:
            checkpoint(best)
        if not any(left.values()):
            break
        for sid, found in left.items():
            for sol in found:
                cut(master, evidence.scenario(sid), sol)
        write_cuts(cuts_file, left)
        _hint(master, solver)
    if best is None:
        raise ClicktownError(f"no catalogue found in {rounds} round(s) (each undecided round doubles its time "
                              "limit): try more --rounds")
    return best


def _round_outcome(master: Master, solver, round_no: int) -> tuple[Outcome, dict]:
    """The catalogue of this round and the second solutions it leaves."""
    chosen = {n: next(opt for opt, v in opts.items() if solver.boolean_value(v))
              for n, opts in master.choice.items()}
    mine = {sid: sorted(b for b, v in free.items() if solver.boolean_value(v))
            for sid, free in master.free_mine.items()}
    rebuilt = {sid: ot.placed(solver) for sid, ot in master.open_towns.items()}
    left = _second_solutions(master, chosen, mine, rebuilt)
    return Outcome(chosen, mine, round_no, {k: len(v) for k, v in left.items()}, _plans(rebuilt)), left


def _score(outcome: Outcome) -> tuple[int, int]:
    """Better catalogues leave more scenarios without second solutions, then fewer of them."""
    return (sum(1 for n in outcome.left.values() if n == 0), -sum(outcome.left.values()))


def _plans(towns: dict) -> dict:
    """Rebuilt towns in the JSON shape of published solutions."""
    return {sid: {str(p): x for p, x in sorted(town.items())} for sid, town in towns.items()}


def _master_with_cuts(evidence: Evidence, vocabulary, cuts) -> Master:
    """The master model with the one-small-change towns and the given second solutions cut."""
    master = build_master(evidence, *vocabulary)
    add_neighbour_cuts(master)
    for sid, sol in cuts:
        cut(master, evidence.scenario(sid), sol)
    return master


def _solver(workers: int, quick: bool) -> cp_model.CpSolver:
    """CP-SAT with a fixed seed and a deterministic time limit (so runs repeat exactly)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.interleave_search = workers > 1  # several strategies, deterministic order
    solver.parameters.random_seed = 7
    solver.parameters.max_deterministic_time = DETERMINISTIC_TIME
    solver.parameters.stop_after_first_solution = quick
    return solver


def read_cuts(path) -> list[tuple[str, Solution]]:
    """The second solutions a cuts file holds, as (scenario id, solution); none if there is no file."""
    if not path or not os.path.exists(path):
        return []
    out = []
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            town = dict(enumerate(row["town"], start=1))
            require(len(town) == 16 and all(isinstance(b, str) for b in town.values()), "")
            out.append((str(row["scenario"]), Solution.of(town, row["mine"])))
        except (ValueError, KeyError, TypeError, DataError):
            raise DataError(f"{path}, line {number}: not a second solution "
                            '({"scenario": id, "town": 16 names, "mine": [names]})') from None
    return out


def write_cuts(path, found: dict[str, list[Solution]]) -> None:
    """Append second solutions to a cuts file (one JSON object per line)."""
    if not path:
        return
    with open(path, "a", encoding="utf-8") as fh:
        for sid, solutions in found.items():
            for sol in solutions:
                row = {"scenario": sid, "town": [b for _, b in sol.town], "mine": sorted(sol.mine)}
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def _hint(master: Master, solver) -> None:
    """Start the next round from this round's catalogue."""
    master.model.clear_hints()
    for options in master.choice.values():
        for v in options.values():
            master.model.add_hint(v, solver.boolean_value(v))


def _second_solutions(master: Master, chosen: dict, mine: dict, towns: dict) -> dict[str, list[Solution]]:
    """For each printed (or rebuilt) scenario, the solutions other than the intended ones
    (at most PER_ROUND)."""
    out = {}
    for s in master.evidence.printed + master.evidence.open:
        town = towns.get(s.id, s.published)
        intended = intended_solutions(replace(s, published=town), mine.get(s.id, ()), master.evidence.swap(s))
        found = solve(puzzle_of(s, chosen, master.plots_of, master.pairs_of, master.evidence.buildings),
                      limit=PER_ROUND + len(intended))
        out[s.id] = [sol for sol in found if sol not in intended][:PER_ROUND]
    return out


def intended_solutions(s: Scenario, chosen_mine, swap=()) -> list[Solution]:
    """The solutions the rulebook means: the printed town with my buildings (printed or chosen;
    in 7, once with each building of the footnote's pair)."""
    if s.mine is not None:
        return [Solution.of(s.published, s.mine)]
    if swap:
        return [Solution.of(s.published, {*chosen_mine, x}) for x in swap]
    return [Solution.of(s.published, chosen_mine)]


def puzzle_of(s: Scenario, chosen, plots_of, pairs_of, buildings) -> Puzzle:
    """The scenario's puzzle under a chosen catalogue."""
    clues = []
    for n in s.a + s.c:
        b, key = chosen[n]
        kind = "A" if n <= 18 else "C"
        clues.append(Clue(n, kind, b, plots_of.get(key, frozenset()), pairs_of.get(key, frozenset())))
    for n, x in s.b:
        clues.append(Clue(n, "B", x, plots_of[chosen[n][1]]))
    return Puzzle(tuple(clues), buildings, s.mine, s.mine_count)


# -- writing the catalogue -------------------------------------------------------------------------

CATALOGUE_NOTE = (
    "RECONSTRUCTION, not the printed cards: the texts of Old Town's 60 info cards are not public. "
    "Each card here was chosen by `clicktown oldtown reconstruct` among the regions and relations of "
    "the reconstructed board plan so as to fit the rulebook's solo scenarios and published solutions; "
    "see docs/oldtown-reconstruction.md. Owners of the game can list the printed cards in this format "
    "(a card may give 'plots' or 'pairs' directly, with 'text_de' and 'text_en') and pass the file "
    "with --cards."
)


def catalogue_document(outcome: Outcome) -> dict:
    """The cards.json document (sorted, so the file is reproducible)."""
    cards = []
    for n in sorted(outcome.chosen):
        building, key = outcome.chosen[n]
        kind = "A" if n <= 18 else "C" if n <= 36 else "B"
        cards.append({"number": n, "type": kind, "building": building, "predicate": key})
    search_report = {"rounds": outcome.rounds, "chosen_mine": outcome.mine, "rebuilt_towns": outcome.towns,
                     "second_solutions_left": outcome.left}
    return {"note": CATALOGUE_NOTE, "search": search_report, "cards": cards}


def rebuild_catalogue(board_file=None, scenarios_file=None, rounds: int = 60, log=print,
                      start_file=None, checkpoint=None, cuts_file=None, quick=False) -> dict:
    """Run the search on the given (or built-in) board and scenarios; return the cards document."""
    from clicktown.oldtown.board import load_board
    from clicktown.oldtown.catalogue import load_buildings, load_scenarios

    board = load_board(board_file)
    buildings = tuple(b.name for b in load_buildings())
    evidence = Evidence(list(load_scenarios(scenarios_file).values()), buildings)
    start = read_start(start_file) if start_file else None
    save = None if checkpoint is None else (lambda outcome: checkpoint(catalogue_document(outcome)))
    return catalogue_document(search(evidence, board, rounds, log, start, save, cuts_file, quick=quick))


def dump_catalogue(document: dict) -> str:
    """cards.json text: one card per line, so diffs between searches read well."""
    import json

    head = {k: v for k, v in document.items() if k != "cards"}
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    lines.append(' "cards": [')
    lines.append(",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in document["cards"]))
    lines += [" ]", "}"]
    return "\n".join(lines) + "\n"


def alternatives(evidence: Evidence, board: Board) -> dict[int, tuple[int, int]]:
    """Card -> (options the printed towns leave it among the board's sentences, and with map regions:
    any four plots that hold its building wherever it is used), as the fitting search counts them."""
    from .fit import MAP_COST, card_options, card_uses, open_town_naming

    scenarios = {s.id: s for s in evidence.scenarios if s.id != "5-first-printing"}
    uses = card_uses(scenarios.values())
    forbid = open_town_naming(scenarios, evidence.buildings)
    a_regions, b_regions, c_relations = card_vocabulary(board)
    out = {}
    for n in range(1, 61):
        options = card_options(n, uses.get(n, []), scenarios, a_regions, b_regions, c_relations, _rank)
        options = [o for o in options if o.building not in forbid.get(n, ())]
        out[n] = (sum(1 for o in options if o.cost < MAP_COST), len(options))
    return out


def alternatives_table() -> str:
    """The markdown table of docs/oldtown-reconstruction.md: options per card and the one chosen."""
    from clicktown.oldtown.board import load_board
    from clicktown.oldtown.catalogue import load_catalogue

    catalogue = load_catalogue()
    evidence = Evidence(list(catalogue.scenarios.values()), catalogue.building_names)
    counts = alternatives(evidence, load_board())
    uses = {n: [s.id for s, _ in found] for n, found in _uses(evidence).items()}
    rows = ["| card | used in | options (board sentences) | options (with map regions) | chosen |",
            "|---|---|---|---|---|"]
    for n in range(1, 61):
        card = catalogue.cards[n]
        plain, with_maps = counts[n]
        rows.append(f"| {n} {card.kind} | {', '.join(uses.get(n, [])) or '-'} | {plain} | {with_maps} | {card.text_en} |")
    return "\n".join(rows)


def read_start(path) -> dict:
    """Card -> (building, predicate) of a cards file to start a search from."""
    try:
        return {int(c["number"]): (c.get("building"), c.get("predicate")) for c in read_json(path)["cards"]}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DataError(f"{path}: not a cards file ({exc.__class__.__name__}: {exc})") from None


def read_start_plans(path) -> dict:
    """Scenario -> (rebuilt town or None, chosen my-buildings) that a cards file's search entry
    records (7 and 8), for a search that starts from it: {} when it records none."""
    try:
        record = read_json(path).get("search") or {}
        towns = record.get("rebuilt_towns") or {}
        return {sid: ({int(p): b for p, b in towns[sid].items()} if sid in towns else None, frozenset(mine))
                for sid, mine in (record.get("chosen_mine") or {}).items()}
    except (AttributeError, TypeError, ValueError) as exc:
        raise DataError(f"{path}: its search entry is malformed ({exc.__class__.__name__}: {exc})") from None


def fit_catalogue(board_file=None, scenarios_file=None, seed: int = 0, steps: int = 300_000, log=print,
                  start_file=None, on_step=None, leave_out=()) -> dict:
    """Run the local search of `fit.py` on the given (or built-in) board and scenarios; return the
    cards document. Reproducible: the same seed, steps and files give the same catalogue."""
    from clicktown.oldtown.board import load_board
    from clicktown.oldtown.catalogue import load_buildings, load_scenarios
    from .fit import chosen_catalogue, fit, open_town_naming

    board = load_board(board_file)
    buildings = tuple(b.name for b in load_buildings())
    scenarios = load_scenarios(scenarios_file)
    forbid = open_town_naming(scenarios, buildings)
    for ident in leave_out:
        if ident not in scenarios:
            raise ClicktownError(f"--leave-out: unknown scenario {ident!r}")
        del scenarios[ident]
    start = read_start(start_file) if start_file else None
    plans = read_start_plans(start_file) if start_file else {}

    def progress(search, score, alive, added):
        if on_step is not None:
            on_step(search.step)
        if added is not None:
            log(f"step {search.step}: {added} new rival(s) pooled"
                f" ({sum(len(g.rivals) for g in search.goals.values())} in all)")

    try:
        done, search = fit(scenarios, board, buildings, start, seed=seed, steps=steps, log=log, progress=progress,
                           forbid=forbid, plans=plans)
    except ValueError as exc:
        raise ClicktownError(str(exc)) from None
    _, alive = search.total()
    if not done:
        log(f"stopped after {steps} steps with rivals left: {alive}")
    chosen = _complete(chosen_catalogue(search), start or {})
    open_goals = [g for g in search.goals.values() if g.mine is None]
    outcome = Outcome(chosen, {g.id: sorted(g.chosen_mine) for g in open_goals}, search.step,
                      {sid: (0 if done else n) for sid, n in alive.items()},
                      _plans({g.id: g.town for g in open_goals if g.rows}))
    document = catalogue_document(outcome)
    document["search"] = {"method": "fit", "seed": seed, "steps": search.step, "found": done,
                          "left_out": sorted(leave_out),
                          **{k: v for k, v in document["search"].items() if k != "rounds"}}
    return document


#: What the type-B cards that no solo scenario uses say (nothing in the rulebook constrains them).
UNUSED_B = {44: "on:Main Street", 47: "on:Dalton Road", 50: "side:Main Street:N|side:Main Street:S",
            53: "on:railway", 54: "on:Cavendish Street", 56: "edge:N|edge:S", 59: "edge:E|edge:W"}


def _complete(chosen: dict, start: dict) -> dict:
    """All 60 cards: the fitted ones, then for the cards no fitted scenario uses, a plain sentence
    (type B, quoted sentences first) or what the start catalogue says."""
    out = dict(chosen)
    for n in range(1, 61):
        if n in out:
            continue
        if n in UNUSED_B:
            out[n] = (None, UNUSED_B[n])
        elif n in start:
            out[n] = start[n]
        else:
            raise ClicktownError(f"card {n} is used by no scenario that was fitted: give a --start catalogue for it")
    return out


if __name__ == "__main__":  # python -m clicktown.oldtown.reconstruct  (prints the docs table)
    print(alternatives_table())
