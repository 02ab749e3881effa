"""What the rulebook's scenarios and board say, read for the card fit and the reconstruction alike.

The sentences quoted from reviews, the card vocabulary (one phrasing per meaning, simple phrasings
first), where a printed town puts each building and which regions and relations it satisfies,
the towns one small change away, and scenario 7's surviving rows. `fit` and `reconstruct` both
import from here, so neither imports the other's helpers (no import cycle).
"""

from __future__ import annotations

from itertools import combinations

from clicktown.oldtown.board import Board, Region, Relation
from clicktown.oldtown.catalogue import Scenario, vocabulary

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
