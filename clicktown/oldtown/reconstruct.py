"""Rebuild the 60 info cards from the rulebook's evidence (the printed texts are not public).

The search chooses, for every card, a predicate from the board's vocabulary (and, for types A and C,
the building it names) so that:
  * every published solution satisfies its scenario's cards;
  * every scenario with a fully printed solution has exactly that one solution (scenario 8: the
    printed town, with my buildings chosen by the search, since they were not printed);
  * every card allows as many plots as its type says (A: 4, B: 7 or 8, C: 8 + 8);
  * reading: the 18 type-A cards name the 18 buildings, one each.
Where no sentence of the board fits, a type-A card may keep a "map" region (its plots as the card's
little plan shows them; the rulebook says that plan is what defines a card); the search uses as few
as it can. Uniqueness is a "for every other town" condition, so the search is a loop: a CP-SAT master
model proposes a catalogue, the solo model looks for second solutions, and each one found becomes a
constraint of the master ("some card of this scenario must reject it"). Towns one small change away
from a printed one (two buildings swapped, three rotated, one replaced) are ruled out up front.
With one worker and deterministic limits CP-SAT gives the same catalogue on every run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ortools.sat.python import cp_model

from .board import Board, Region, Relation
from .catalogue import Scenario, map_region, vocabulary
from .model import solve
from .solo import Clue, Puzzle, Solution, clue_holds

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
PER_ROUND = 30
DETERMINISTIC_TIME = 400  # per round; a deterministic measure of work, not seconds
UNPRINTED_MINE = "8"  # the scenario whose my-buildings the search chooses


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
        return next(s for s in self.scenarios if s.id == ident)

    @property
    def printed(self) -> list[Scenario]:
        """Scenarios whose town is printed in full (first printing of 5 aside)."""
        return [s for s in self.scenarios if len(s.published) == 16 and s.id != "5-first-printing"]

    @property
    def complete(self) -> list[Scenario]:
        """Printed towns whose my-buildings are printed too."""
        return [s for s in self.printed if s.mine is not None]


@dataclass
class Master:
    """The CP-SAT model that chooses the catalogue."""

    evidence: Evidence
    plots_of: dict
    pairs_of: dict
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    choice: dict = field(default_factory=dict)  # card -> {(building, key): var}
    mine8: dict = field(default_factory=dict)
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
    s8 = evidence.scenario(UNPRINTED_MINE)
    master.mine8 = {b: m.new_bool_var(f"mine8_{b}") for b in sorted(set(s8.published.values()))}
    m.add(sum(master.mine8.values()) == s8.mine_count)
    uses = _uses(evidence)
    for n in range(1, 61):
        kind = "A" if n <= 18 else "C" if n <= 36 else "B"
        options = _options(evidence, kind, uses.get(n, []), a_regions, b_regions, c_relations)
        if not options:
            raise RuntimeError(f"card {n}: no predicate of the board fits the published solutions")
        master.choice[n] = {opt: m.new_bool_var(f"card{n}_{opt[0]}_{opt[1]}") for opt in options}
        m.add_exactly_one(master.choice[n].values())
        if kind == "C":
            _tie_to_unprinted_mine(master, n, uses.get(n, []))
    _named_buildings(master)
    _one_type_a_card_each(master)
    _objective(master)
    return master


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


def _tie_to_unprinted_mine(master: Master, n: int, uses) -> None:
    """A type-C card of scenario 8 needs one of the (chosen) my-buildings as its witness."""
    m = master.model
    for s, _ in uses:
        if s.id != UNPRINTED_MINE:
            continue
        where = _where(s)
        for (b, key), var in master.choice[n].items():
            ok = [master.mine8[x] for x in master.mine8 if x != b and (where[b], where[x]) in master.pairs_of[key]]
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
    m.maximize(sum(terms))


# -- cuts: second solutions the chosen cards must reject ---------------------------------------

def _rejected(master: Master, s: Scenario, solution: Solution) -> list:
    """The choice variables of s's cards under which the card rejects `solution`.

    Every option accepts the printed town, so only options about a building that moved (or about
    my buildings, when those changed) need a look.
    """
    printed = _where(s)
    where = solution.position
    moved = {b for b in set(printed) | set(where) if printed.get(b) != where.get(b)}
    mine_changed = s.mine is None or solution.mine != s.mine or bool(moved & solution.mine)
    cards = [(n, "A", None) for n in s.a] + [(n, "B", x) for n, x in s.b] + [(n, "C", None) for n in s.c]
    rejected = []
    for n, kind, bound in cards:
        for (b, key), var in master.choice[n].items():
            who = bound if kind == "B" else b
            if who is not None and who not in moved and not (kind == "C" and mine_changed):
                continue
            clue = Clue(n, kind, who, master.plots_of.get(key, frozenset()), master.pairs_of.get(key, frozenset()))
            if not clue_holds(clue, where, solution.mine):
                rejected.append(var)
    return rejected


def cut(master: Master, s: Scenario, solution: Solution) -> None:
    """Some card of s must reject `solution` (in 8: unless it is the town with the chosen mine)."""
    rejected = _rejected(master, s, solution)
    if s.id == UNPRINTED_MINE and solution.placement == s.published:
        rejected.append(_is_chosen_mine(master, solution.mine))
    master.model.add_bool_or(rejected)
    master.cuts += 1


def _is_chosen_mine(master: Master, mine) -> cp_model.IntVar:
    """A Boolean that is true only if scenario 8's chosen my-buildings are exactly `mine`."""
    same = master.model.new_bool_var("")
    for b in mine:
        master.model.add_implication(same, master.mine8[b])
    return same


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
    mine8: list[str]
    rounds: int
    left: dict  # scenario id -> second solutions still found when the rounds ran out


def search(evidence: Evidence, board: Board, rounds: int = 60, log=print, start: dict | None = None,
           checkpoint=None) -> Outcome:
    """Run the counterexample loop; deterministic (fixed seed, deterministic time limits).

    `start` (card -> (building, key)) seeds the first round; `checkpoint(outcome)` is called after
    every round, so a long search can be stopped and resumed from its last catalogue.
    """
    a_regions, b_regions, c_relations = card_vocabulary(board)
    a_regions = a_regions + map_regions(a_regions)
    master = build_master(evidence, a_regions, b_regions, c_relations)
    add_neighbour_cuts(master)
    log(f"master: {sum(len(o) for o in master.choice.values())} options, {master.cuts} cuts up front")
    for n, opt in (start or {}).items():
        for o, v in master.choice.get(n, {}).items():
            master.model.add_hint(v, o == opt)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 2
    solver.parameters.interleave_search = True  # several strategies, deterministic order
    solver.parameters.random_seed = 7
    solver.parameters.max_deterministic_time = DETERMINISTIC_TIME
    chosen, left = {}, {}
    for round_no in range(1, rounds + 1):
        status = solver.solve(master.model)
        log(f"round {round_no}: {solver.status_name(status)} after {solver.wall_time:.0f}s")
        if status == cp_model.INFEASIBLE:
            raise RuntimeError(f"round {round_no}: no catalogue of this board fits the evidence")
        if status == cp_model.UNKNOWN:
            continue
        chosen = {n: next(opt for opt, v in opts.items() if solver.boolean_value(v))
                  for n, opts in master.choice.items()}
        mine8 = sorted(b for b, v in master.mine8.items() if solver.boolean_value(v))
        left = _second_solutions(master, chosen, mine8)
        log(f"round {round_no}: second solutions "
            f"{ {k: len(v) for k, v in left.items() if v} }, {master.cuts} cuts")
        if checkpoint is not None:
            checkpoint(Outcome(chosen, mine8, round_no, {k: len(v) for k, v in left.items()}))
        if not any(left.values()):
            break
        for sid, found in left.items():
            for sol in found:
                cut(master, evidence.scenario(sid), sol)
        _hint(master, solver)
    return Outcome(chosen, mine8, round_no, {k: len(v) for k, v in left.items()})


def _hint(master: Master, solver) -> None:
    """Start the next round from this round's catalogue."""
    master.model.clear_hints()
    for options in master.choice.values():
        for v in options.values():
            master.model.add_hint(v, solver.boolean_value(v))


def _second_solutions(master: Master, chosen: dict, mine8: list[str]) -> dict[str, list[Solution]]:
    """For each printed scenario, the solutions other than the printed one (at most PER_ROUND)."""
    out = {}
    for s in master.evidence.printed:
        mine = s.mine if s.mine is not None else frozenset(mine8)
        printed = Solution.of(s.published, mine)
        found = solve(puzzle_of(s, chosen, master.plots_of, master.pairs_of, master.evidence.buildings),
                      limit=PER_ROUND + 1)
        out[s.id] = [sol for sol in found if sol != printed][:PER_ROUND]
    return out


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
    search_report = {"rounds": outcome.rounds, "scenario_8_mine": outcome.mine8,
                     "second_solutions_left": outcome.left}
    return {"note": CATALOGUE_NOTE, "search": search_report, "cards": cards}


def rebuild_catalogue(board_file=None, scenarios_file=None, rounds: int = 60, log=print,
                      start_file=None, checkpoint=None) -> dict:
    """Run the search on the given (or built-in) board and scenarios; return the cards document."""
    from .board import load_board
    from .catalogue import load_buildings, load_scenarios

    board = load_board(board_file)
    buildings = tuple(b.name for b in load_buildings())
    evidence = Evidence(list(load_scenarios(scenarios_file).values()), buildings)
    start = None
    if start_file:
        from ..datafiles import read_json
        start = {c["number"]: (c.get("building"), c.get("predicate")) for c in read_json(start_file)["cards"]}
    save = None if checkpoint is None else (lambda outcome: checkpoint(catalogue_document(outcome)))
    return catalogue_document(search(evidence, board, rounds, log, start, save))


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
    """Card -> (options the printed towns allow from the board's sentences, and with map regions)."""
    a_regions, b_regions, c_relations = card_vocabulary(board)
    maps = map_regions(a_regions)
    uses = _uses(evidence)
    out = {}
    for n in range(1, 61):
        kind = "A" if n <= 18 else "C" if n <= 36 else "B"
        plain = _options(evidence, kind, uses.get(n, []), a_regions, b_regions, c_relations)
        with_maps = _options(evidence, kind, uses.get(n, []), a_regions + maps, b_regions, c_relations)
        out[n] = (len(plain), len(with_maps))
    return out


def alternatives_table() -> str:
    """The markdown table of docs/oldtown-reconstruction.md: options per card and the one chosen."""
    from .board import load_board
    from .catalogue import load_catalogue

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


if __name__ == "__main__":  # python -m clicktown.oldtown.reconstruct  (prints the docs table)
    print(alternatives_table())
