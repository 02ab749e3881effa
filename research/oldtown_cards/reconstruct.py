"""The evidence and vocabulary of the card reconstruction, and its entry point (`fit_catalogue`).

The 60 info cards are rebuilt from the rulebook's evidence (the printed texts are not public):
for every card, a predicate from the board's vocabulary (and, for types A and C, the building it
names) so that
  * every published solution satisfies its scenario's cards;
  * every scenario with a fully printed solution has exactly that one solution (scenario 8: the
    printed town, with my buildings chosen by the search, since they were not printed);
  * scenario 7, whose plan survives only in part, has exactly two solutions: a town the search
    chooses (keeping the surviving rows where it can) with two chosen my-buildings and either the
    Saloon or the Judge;
  * every card allows as many plots as its type says (A: 4, B: 7 or 8, C: 8 + 8);
  * reading: the 18 type-A cards name the 18 buildings, one each.
Where no sentence of the board fits, a type-A card may keep a "map" region (its plots as the card's
little plan shows them; the rulebook says that plan is what defines a card). The search itself is
the local search of `fit.py`; this module holds the evidence it reads (the scenarios and their
printed towns; `scenarios.py` reads the card vocabulary, the quoted sentences and the towns for
both), the cards document it writes, and the table of how many options each card had
(`python -m research.oldtown_cards.reconstruct`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from clicktown.datafiles import read_json
from clicktown.errors import ClicktownError, DataError
from clicktown.oldtown.board import Board, Region
from clicktown.oldtown.catalogue import Scenario, map_region

from .scenarios import _rank, card_vocabulary

MAP_COST = 1000


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


@dataclass
class Outcome:
    """What the search settled on."""

    chosen: dict
    mine: dict  # scenario -> the my-buildings the search chose (where the rulebook did not print them)
    rounds: int
    left: dict  # scenario id -> second solutions still found when the rounds ran out
    towns: dict = field(default_factory=dict)  # scenario -> the town rebuilt from a partly lost plan


def _plans(towns: dict) -> dict:
    """Rebuilt towns in the JSON shape of published solutions."""
    return {sid: {str(p): x for p, x in sorted(town.items())} for sid, town in towns.items()}


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


def dump_catalogue(document: dict) -> str:
    """cards.json text: one card per line, so diffs between searches read well."""

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
