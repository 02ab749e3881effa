"""The owner's own cards: a transcription sheet for the 60 printed info cards, and its check.

The sheet is a CSV file (one row per card, any spreadsheet opens it) with the columns

  number    1 to 60, as printed
  type      A, B or C (the rulebook: A cards are 1-18, C cards 19-36, B cards 37-60)
  building  the building an A or C card names (English or German name); empty for B cards
  text_de   the card's German sentence, as printed
  text_en   an English translation (optional)
  plots     the plots starred on the card's little plan, as numbers separated by spaces
            (C cards: the plots of the building the card names)
  my_plots  C cards only: the plots starred for "my building"
  pairs     C cards only: the pairs "p-q" (the named building on p, my building on q) that the
            card's sentence allows among those plots, separated by spaces

Plots are numbered row by row from the north-west corner, 1 to 16, as in the rulebook's
solution tables. `sheet_catalogue` turns a filled sheet into a catalogue every command uses
(`--cards FILE.csv`); `check` holds it against every piece of the rulebook's evidence:

  yellow counts   A cards 4 plots, B cards 7 or 8, C cards "8+8" (Typ A: 'die gelbe "4"';
                  Typ B: '"7" oder "8"'; Typ C: 'die gelbe "8+8"')
  solutions       each published solution is the only one ("Die Lösung ist immer eindeutig"),
                  the first printing of 5 is not (its correction sheet), 7 has exactly the two
                  solutions of its footnote ("Es gibt zwei Lösungen")
  sentences       the rulebook's quoted cards keep their type, building and count
and names the cards most likely mistyped: cards whose yellow count is off, and cards that a
published town breaks (with the plot that would restore it).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from ..datafiles import DataError, read_text
from ..errors import ClicktownError
from ..messages import say, say_n
from ..numbers import number_in
from .catalogue import KIND_OF_NUMBER, Card, Catalogue, Scenario, is_sheet, load_buildings, load_scenarios
from .board import load_board
from .solo import clue_holds

COLUMNS = ("number", "type", "building", "text_de", "text_en", "plots", "my_plots", "pairs")
#: The yellow numbers: how many plots a card of each type allows on an empty board.
YELLOW = {"A": {4}, "B": {7, 8}, "C": {8}}
#: Card sentences the rulebook quotes: (words of the German sentence, type, building, plots).
QUOTED = (
    ("Die Kirche lag in Sichtweite des Friedhofs", "A", "Church", 4),
    ("Der Sheriff war nördlich der Main St. zu finden", "A", "Sheriff", 4),
    ("Mein Gebäude lag an der Main St.", "B", None, 8),
    ("Die Poststation lag an der Bahnlinie gegenüber meinem Gebäude", "C", "Stage Coach Office", 8),
)


# -- the sheet ------------------------------------------------------------------------------------

def template_rows(catalogue: Catalogue | None = None) -> list[dict[str, str]]:
    """One row per card: number and type only, or (with a catalogue) every column filled from it."""
    rows = []
    for number in range(1, 61):
        row = dict.fromkeys(COLUMNS, "")
        row["number"], row["type"] = str(number), KIND_OF_NUMBER[number]
        card = catalogue.cards.get(number) if catalogue is not None else None
        if card is not None:
            row.update(building=card.building or "", text_de=card.text_de, text_en=card.text_en)
            if card.kind == "C":
                row["plots"] = _plots_text({p for p, _ in card.pairs})
                row["my_plots"] = _plots_text({q for _, q in card.pairs})
                row["pairs"] = " ".join(f"{p}-{q}" for p, q in sorted(card.pairs))
            else:
                row["plots"] = _plots_text(card.plots)
        rows.append(row)
    return rows


def sheet_text(rows: list[dict[str, str]]) -> str:
    """The rows as CSV text with a header line."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _plots_text(plots) -> str:
    return " ".join(str(p) for p in sorted(plots))


def read_sheet(path, buildings: dict[str, str]) -> dict[int, Card]:
    """The cards of a filled sheet; `buildings` maps English and German names (folded) to English ones."""
    text = read_text(path)
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))  # any line ending: \n, \r\n or \r
    try:
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise DataError(f"{path}: line 1: not a sheet header ({exc})") from None
    missing = [c for c in ("number", "type", "plots") if c not in header]
    if missing:
        raise DataError(f"{path}: the sheet needs the columns {', '.join(COLUMNS)} (missing: {', '.join(missing)})")
    cards: dict[int, Card] = {}
    for line, row in _rows(reader, path):
        card = _card_of_row(row, buildings, f"{path}: line {line}")
        if card.number in cards:
            raise DataError(f"{path}: line {line}: card {card.number} appears twice")
        cards[card.number] = card
    absent = sorted(set(range(1, 61)) - set(cards))
    if absent:
        raise DataError(f"{path}: cards missing from the sheet: {', '.join(map(str, absent))}")
    return cards


def _rows(reader: csv.DictReader, path):
    """(line, row) for each row of the sheet; a malformed row (a cell longer than the csv module's
    cap of 131,072 characters, a stray quote) is a DataError naming its line."""
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as exc:
            raise DataError(f"{path}: line {reader.line_num}: not a sheet row ({exc})") from None
        yield reader.line_num, row


def _card_of_row(row: dict, buildings: dict[str, str], where: str) -> Card:
    """One card from one row of the sheet."""
    value = {k: (row.get(k) or "").strip() for k in COLUMNS}
    number = number_in(value["number"], 1, 60)
    if number is None:
        raise DataError(f"{where}: number must be a whole number 1 to 60, found {value['number'][:40]!r}")
    kind = value["type"].upper()
    if kind not in ("A", "B", "C"):
        raise DataError(f"{where}: card {number}: type must be A, B or C, found {value['type']!r}")
    building = None
    if kind != "B":
        name = value["building"].casefold()
        if name not in buildings:
            raise DataError(f"{where}: card {number}: unknown building {value['building']!r}")
        building = buildings[name]
    plots = _plots(value["plots"], f"{where}: card {number}: plots")
    if kind != "C":
        return Card(number, kind, building, None, plots, frozenset(), value["text_de"], value["text_en"])
    pairs = _pairs(value["pairs"], f"{where}: card {number}: pairs")
    if not pairs:
        raise DataError(f"{where}: card {number}: a C card needs its pairs (e.g. '1-2 5-6')")
    return Card(number, kind, building, None, frozenset(), pairs, value["text_de"], value["text_en"])


def _plots(text: str, where: str) -> frozenset[int]:
    """'2 12 13 16' (commas allowed too) as plot numbers 1..16."""
    found = set()
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        plot = number_in(token, 1, 16)
        if plot is None:
            raise DataError(f"{where}: plots are numbers 1 to 16, found {token[:40]!r}")
        found.add(plot)
    return frozenset(found)


def _pairs(text: str, where: str) -> frozenset[tuple[int, int]]:
    """'1-2 5-6' as plot pairs."""
    found = set()
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        ends = tuple(number_in(x, 1, 16) for x in token.split("-")) if token.count("-") == 1 else ()
        if len(ends) != 2 or None in ends or ends[0] == ends[1]:
            raise DataError(f"{where}: a pair is two different plots 1 to 16 like '3-7', found {token[:40]!r}")
        found.add(ends)
    return frozenset(found)


def sheet_catalogue(path, board=None, scenarios=None) -> Catalogue:
    """The catalogue with the cards of a filled sheet in place of the built-in ones."""
    the_buildings = load_buildings()
    names = {}
    for b in the_buildings:
        names[b.name.casefold()] = b.name
        names[b.de.casefold()] = b.name
    return Catalogue(load_board(board), the_buildings, read_sheet(path, names), load_scenarios(scenarios, the_buildings))


# -- the check -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """One way a card, or a scenario, disagrees with the rulebook: its words are the catalog's
    `oldtown.check.<key>` (and `oldtown.check.fix.<fix_key>`) with `facts` (buildings by English name)."""

    kind: str  # "count", "type", "published", "solutions", "sentence"
    key: str
    facts: dict = field(default_factory=dict, compare=False)
    card: int | None = None
    scenario: str | None = None
    fix_key: str = ""

    def told(self, lang: str = "en", buildings=None) -> str:
        """The finding in `lang` (`buildings`: the catalogue's, to name them)."""
        return say(lang, f"oldtown.check.{self.key}", **_check_words(lang, self.facts, buildings))

    def fix_told(self, lang: str = "en", buildings=None) -> str:
        """What would mend it, in `lang` ("" when nothing is named)."""
        return say(lang, f"oldtown.check.fix.{self.fix_key}", **_check_words(lang, self.facts, buildings)) \
            if self.fix_key else ""

    @property
    def text(self) -> str:
        return self.told()

    @property
    def fix(self) -> str:
        return self.fix_told()

    def as_dict(self) -> dict:
        return {"kind": self.kind, "card": self.card, "scenario": self.scenario, "text": self.text, "fix": self.fix}


def _check_words(lang: str, facts: dict, buildings) -> dict:
    """A finding's facts as words of `lang`: a building `b` with its article (`the_b`; None: my
    building), a plot `where` (None: out of town), the mended `plots`/`pairs`, verdict and expectation."""
    from .game.wording import CASES, building_of, building_words
    from .render.reports import outcome
    from .solve.verify import expectation_words

    words = dict(facts)
    if "b" in facts:
        named = building_words(lang, building_of(buildings, facts["b"])) if facts["b"] is not None else \
            dict.fromkeys(("name", *CASES), say(lang, "oldtown.check.my_building"))
        words.update({f"{case}_b": named[case] for case in ("name", *CASES)})
    if "where" in facts:
        words["where"] = say(lang, "oldtown.check.out_of_town") if facts["where"] is None else facts["where"]
    if "mine" in facts:
        words["mine"] = ", ".join(sorted(building_of(buildings, m).called(lang)["name"] for m in facts["mine"]))
    if "yellow" in facts:
        words["yellow"] = say(lang, "oldtown.check.or").join(map(str, facts["yellow"]))
    if "pairs" in facts:
        words["what"] = say_n(lang, "oldtown.check.pairs", len(facts["pairs"]),
                              list=", ".join(f"{p}-{q}" for p, q in facts["pairs"]))
    if "plot" in facts and "pairs" not in facts and "where" not in facts:
        words["what"] = say(lang, "oldtown.check.plot", plot=facts["plot"])
    if "verdict" in facts:
        words["solutions"] = say_n(lang, "oldtown.check.solution_count", facts["n"])
        words["verdict"] = outcome(lang, facts["verdict"])
        words["expected"] = expectation_words(lang, facts["expect"], facts["swap"], _names(lang, buildings))
    return words


def _names(lang: str, buildings) -> dict[str, str]:
    return {b: x.called(lang)["name"] for b, x in (buildings or {}).items()}


@dataclass(frozen=True)
class Report:
    """Everything `cards check` found, and the cards most likely mistyped (most evidence first)."""

    findings: list[Finding]
    suspects: list[tuple[int, int]]  # (card, how many findings name it)
    scenarios: list[dict] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.findings

    def as_dict(self) -> dict:
        return {"clean": self.clean, "findings": [f.as_dict() for f in self.findings],
                "suspects": [{"card": n, "findings": k} for n, k in self.suspects], "scenarios": self.scenarios}


def check(catalogue: Catalogue) -> Report:
    """Hold the catalogue's cards against the rulebook's evidence."""
    findings = _card_counts(catalogue) + _quoted(catalogue)
    outcomes = []
    for scenario in catalogue.scenarios.values():
        found, outcome = _scenario_findings(catalogue, scenario)
        findings += found
        outcomes.append(outcome)
    tally: dict[int, int] = {}
    for f in findings:
        if f.card is not None:
            tally[f.card] = tally.get(f.card, 0) + 1
    suspects = sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))
    return Report(findings, suspects, outcomes)


def _card_counts(catalogue: Catalogue) -> list[Finding]:
    """Types by number and the yellow counts."""
    found = []
    for n, card in sorted(catalogue.cards.items()):
        if card.kind != KIND_OF_NUMBER.get(n):
            found.append(Finding("type", "type", {"card": n, "kind": card.kind, "want": KIND_OF_NUMBER.get(n)}, n))
        if card.kind == "C":
            sizes = (len({p for p, _ in card.pairs}), len({q for _, q in card.pairs}))
            if sizes != (8, 8):
                found.append(Finding("count", "count_c", {"card": n, "first": sizes[0], "second": sizes[1]}, n))
        elif len(card.plots) not in YELLOW[card.kind]:
            found.append(Finding("count", "count", {"card": n, "kind": card.kind, "size": len(card.plots),
                                                    "yellow": sorted(YELLOW[card.kind])}, n))
    return found


def _quoted(catalogue: Catalogue) -> list[Finding]:
    """The rulebook's quoted sentences: the card that carries one keeps its type, building and count."""
    found = []
    for sentence, kind, building, size in QUOTED:
        key = _folded(sentence)
        for n, card in sorted(catalogue.cards.items()):
            if key and key in _folded(card.text_de):
                allowed = len({p for p, _ in card.pairs}) if card.kind == "C" else len(card.plots)
                if (card.kind, card.building, allowed) != (kind, building, size):
                    found.append(Finding("sentence", "sentence", {"card": n, "sentence": sentence, "kind": kind,
                                                                  "b": building, "size": size}, n))
    return found


def _folded(text: str) -> str:
    return " ".join(re.sub(r"[^\w ]", " ", text.casefold()).split())


def _scenario_findings(catalogue: Catalogue, scenario: Scenario) -> tuple[list[Finding], dict]:
    """Does the scenario show what the rulebook implies? Which cards does its published town break?"""
    from .solve import verify

    verdict = verify.verify(catalogue, scenario, "count")
    outcome = {"id": scenario.id, "solutions": len(verdict.solutions), "verdict": verdict.verdict,
               "expected": verdict.expected, "ok": verdict.ok}
    found = []
    if scenario.expect != "not-unique":
        found += _broken_by_published(catalogue, scenario)
    if not verdict.ok and not found:
        found.append(Finding("solutions", "solutions", {"id": scenario.id, "n": len(verdict.solutions),
                                                        "verdict": verdict.verdict, "expect": scenario.expect,
                                                        "swap": verify.swapped_mine(scenario)}, scenario=scenario.id))
        found += _restoring(catalogue, scenario, verdict.solutions)
    return found, outcome


def _restoring(catalogue: Catalogue, scenario: Scenario, solutions) -> list[Finding]:
    """Cards whose correction (one plot or pair less) restores what the rulebook implies.

    An extra solution stands a card's building on a plot (or a pair of plots) that the published
    town does not use; the card is named when dropping that plot from it makes the scenario show
    what the rulebook implies again.
    """
    from dataclasses import replace

    from .solve import verify

    puzzle = catalogue.puzzle(scenario)
    published = {b: p for p, b in scenario.published.items()}
    tried, found = set(), []
    for extra in solutions:
        if extra.placement == scenario.published:
            continue
        position = extra.position
        for i, clue in enumerate(puzzle.clues):
            if clue.kind == "C":
                holders = [(position.get(clue.building), position.get(m)) for m in extra.mine if m != clue.building]
                gone = {pq for pq in holders if pq in clue.pairs and pq[0] != published.get(clue.building)}
                if not gone:
                    continue
                mended = replace(clue, pairs=clue.pairs - gone)
                what = {"pairs": tuple(sorted(gone))}
            else:
                owner = clue.building
                if owner is None:
                    continue
                q = position.get(owner)
                if q is None or q == published.get(owner) or q not in clue.plots:
                    continue
                mended = replace(clue, plots=clue.plots - {q})
                what = {"plot": q}
            if (clue.card, str(what)) in tried:
                continue
            tried.add((clue.card, str(what)))
            trial = replace(puzzle, clues=puzzle.clues[:i] + (mended,) + puzzle.clues[i + 1:])
            again = verify.solve(trial, verify.LIMIT)
            if verify.meets_expectation(scenario, again):
                found.append(Finding("solutions", "restoring", {"id": scenario.id, "card": clue.card, **what},
                                     clue.card, scenario.id, "restoring"))
    return found


def _broken_by_published(catalogue: Catalogue, scenario: Scenario) -> list[Finding]:
    """The cards of a scenario that its published town breaks, each with the plot that would mend it."""
    if len(scenario.published) != 16:
        return []
    position = {b: p for p, b in scenario.published.items()}
    mine = scenario.mine if scenario.mine is not None else _some_mine(catalogue, scenario, position)
    found = []
    for clue in catalogue.puzzle(scenario).clues:
        if clue.kind == "C" and mine is None:
            continue
        if clue_holds(clue, position, mine or frozenset()):
            continue
        facts = {"id": scenario.id, "card": clue.card, "b": clue.building}
        if clue.kind == "C":
            facts.update(plot=position.get(clue.building, "-"), mine=tuple(mine))
            found.append(Finding("published", "published_c", facts, clue.card, scenario.id, "pair"))
        else:
            plot = position.get(clue.building) if clue.building else None
            found.append(Finding("published", "published", {**facts, "where": plot}, clue.card, scenario.id,
                                 "" if plot is None else "plot"))
    return found


def _some_mine(catalogue: Catalogue, scenario: Scenario, position: dict[str, int]):
    """Unknown my buildings: a set of the right size that answers every card, or None if there is none."""
    from itertools import combinations

    puzzle = catalogue.puzzle(scenario)
    mine_cards = [c for c in puzzle.clues if c.kind == "C" or (c.kind == "B" and c.building is None)]
    for chosen in combinations(sorted(position), scenario.mine_count):
        if all(clue_holds(c, position, frozenset(chosen)) for c in mine_cards):
            return frozenset(chosen)
    return None


def report_text(report: Report, lang: str = "en", buildings=None) -> str:
    """The report as lines for people, in `lang` (`buildings`: the catalogue's, to name them)."""
    if report.clean:
        return say(lang, "oldtown.check.clean")
    lines = [say_n(lang, "oldtown.check.findings", len(report.findings))]
    for f in report.findings:
        fix = f.fix_told(lang, buildings)
        lines.append(f"  - {f.told(lang, buildings)}" + (f"; {fix}" if fix else ""))
    if report.suspects:
        lines.append(say(lang, "oldtown.check.suspects", cards=", ".join(
            say(lang, "oldtown.check.suspect", card=n, findings=k) for n, k in report.suspects[:5])))
    return "\n".join(lines)


def require_sheet_columns(path) -> None:
    """Raise a ClicktownError if a file named as a sheet is not CSV-like at all (used by the CLI)."""
    if not is_sheet(path):
        raise ClicktownError(f"{path}: a transcription sheet is a .csv file (see `clicktown oldtown cards template`)")
