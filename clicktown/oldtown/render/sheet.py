"""Printable puzzle sheets for the Old Town solo game, as one self-contained HTML page.

A sheet holds, for each scenario, on pages of their own:
  1. the task: which buildings are mine (or how many are unknown) and the empty board plan;
  2. the scenario's info cards in full: number, type, the yellow count of possible plots, the
     sentence in English and German, the building a type-B card is bound to ("45 = Bank"), and
     the card's small town plan with its possible plots starred (type C: stars for the building
     named, dots for my building), as the rulebook describes the printed cards;
  3. room to mark candidates: a grid of buildings by plots, the paper form of the game's markers;
  4. the solution, found by the CP-SAT model from the cards, with a word on how many there are.

The page needs nothing from the network: styles are inline, pictures are inline SVG, no script.
Print it (A4) or open it in a browser; every part starts on a new page when printed.

The same style serves the page of `oldtown explain --html`: the board after every step, as the
explain steps describe it in plain data (candidates per building, markers removed, my buildings).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...svgkit import esc, save_picture, write_file
from ..solve import cpsat as model
from ..catalogue import Card, Catalogue, Scenario
from ..solo import Solution
from .svg import card_plan_svg, plan_svg, step_picture

LEVEL_EN = {"leicht": "easy", "mittel": "medium", "schwer": "hard", "": "unrated"}
SOLUTION_LIMIT = 2

STYLE = """
@page { size: A4; margin: 12mm; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #222; margin: 0 auto; max-width: 190mm; }
h1 { font-size: 20pt; margin: 0 0 4mm; } h2 { font-size: 15pt; margin: 0 0 3mm; }
.page { break-after: page; page-break-after: always; padding: 4mm 0; }
.page:last-child { break-after: auto; page-break-after: auto; }
.plan svg { width: 100%; height: auto; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.card { border: 1px solid #8b6b3e; border-radius: 3mm; padding: 2mm; display: flex; gap: 2mm; break-inside: avoid; page-break-inside: avoid; }
.card svg { width: 30mm; height: auto; flex: none; }
.card .head { font-weight: bold; } .card .count { background: #f2c200; border-radius: 2mm; padding: 0 1.5mm; }
.card .de { font-style: italic; color: #555; font-size: 9pt; } .card .bound { color: #7a2f00; font-size: 10pt; }
table.marks { border-collapse: collapse; width: 100%; font-size: 9pt; table-layout: fixed; }
table.marks th.corner { width: 36mm; }
table.marks th, table.marks td { border: 1px solid #999; height: 7mm; text-align: center; }
table.marks th.building { text-align: left; padding-left: 1mm; white-space: nowrap; }
.note { color: #555; font-size: 10pt; }
.plans.many { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
"""


@dataclass(frozen=True)
class SheetScenario:
    """A scenario with the solutions the cards allow (up to SOLUTION_LIMIT)."""

    scenario: Scenario
    solutions: tuple[Solution, ...]


def solve_for_sheet(catalogue: Catalogue, scenario: Scenario) -> SheetScenario:
    """The scenario with its solutions, found by the CP-SAT model (enough to tell if it is unique)."""
    return SheetScenario(scenario, tuple(model.solve(catalogue.puzzle(scenario), SOLUTION_LIMIT)))


def sheet_html(catalogue: Catalogue, items: list[SheetScenario]) -> str:
    """The printable sheet of the solved scenarios as one HTML document."""
    pages = [page for item in items for page in scenario_pages(catalogue, item)]
    title = "Old Town solo " + ", ".join(f"scenario {item.scenario.id}" for item in items)
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(pages) + "\n</body>\n</html>\n")


def summary(out_file: str, items: list[SheetScenario]) -> dict:
    """What a sheet holds, for `oldtown sheet --json`: the file, and per scenario its cards and solutions."""
    return {"out": str(out_file), "scenarios": [
        {"id": i.scenario.id, "cards": i.scenario.card_numbers,
         "solutions": [sol.as_dict() for sol in i.solutions], "search_stopped_at": SOLUTION_LIMIT}
        for i in items]}


def scenario_pages(catalogue: Catalogue, item: SheetScenario) -> list[str]:
    """The four pages of one scenario."""
    s = item.scenario
    return [task_page(catalogue, s), cards_page(catalogue, s), marks_page(catalogue, s),
            solution_page(catalogue, item)]


def _page(kind: str, scenario: Scenario, body: str) -> str:
    """One printed page (a section that ends with a page break)."""
    return f'<section class="page {kind}-page" data-scenario="{esc(scenario.id)}">\n{body}\n</section>'


def heading(s: Scenario) -> str:
    """'Old Town, solo scenario 3 (medium)'."""
    return f"Old Town, solo scenario {esc(s.id)} ({LEVEL_EN.get(s.level, s.level)})"


def task_text(s: Scenario) -> str:
    """What the player is asked to find."""
    if s.mine is not None:
        mine = f"My building{'s' if len(s.mine) > 1 else ''}: <b>{esc(', '.join(sorted(s.mine)))}</b>."
    else:
        mine = f"I own <b>{s.mine_count}</b> buildings, unknown: find out which ones, too."
    return (f"<p>Rebuild the town: put 16 of the 18 buildings on the 16 plots, one on each, so that "
            f"every one of the {len(s.card_numbers)} info cards holds. {mine} The cards of type B and C "
            f"speak of my buildings.</p>")


def task_page(catalogue: Catalogue, s: Scenario) -> str:
    """Page 1: the task and the empty plan."""
    plan = plan_svg(catalogue.board, title=f"Scenario {s.id}: the plan")
    note = ('<p class="note">Doors are the brown notches; north is at the top. '
            'Board plan and cards are a reconstruction unless you passed your own files.</p>')
    return _page("task", s, f"<h1>{heading(s)}</h1>\n{task_text(s)}\n<div class=\"plan\">{plan}</div>\n{note}")


def cards_page(catalogue: Catalogue, s: Scenario) -> str:
    """Page 2: the scenario's cards in full."""
    bound = dict(s.b)
    cards = [card_html(catalogue, catalogue.card(n), bound.get(n), n in bound) for n in s.card_numbers]
    return _page("cards", s, f"<h2>Scenario {esc(s.id)}: the {len(cards)} info cards</h2>\n"
                             f"<div class=\"cards\">\n" + "\n".join(cards) + "\n</div>")


def card_count(card: Card) -> str:
    """The yellow number of a card: its possible plots ('4', '8', or '8+8' for type C)."""
    if card.kind == "C":
        return f"{len({a for a, _ in card.pairs})}+{len({b for _, b in card.pairs})}"
    return str(len(card.plots))


def card_html(catalogue: Catalogue, card: Card, building: str | None, is_b: bool) -> str:
    """One info card: head, sentences, binding and small plan."""
    if card.kind == "C":
        mini = card_plan_svg(catalogue.board, {a for a, _ in card.pairs}, {b for _, b in card.pairs})
    else:
        mini = card_plan_svg(catalogue.board, card.plots)
    bound = ""
    if is_b:
        bound = (f'<div class="bound">applies to the {esc(building)} ({card.number} = {esc(building)})</div>'
                 if building else '<div class="bound">applies to one of my buildings</div>')
    return (f'<div class="card" data-card="{card.number}">{mini}<div>'
            f'<div class="head">Card {card.number} &middot; type {card.kind} '
            f'<span class="count">{card_count(card)}</span></div>'
            f'<div class="en">{esc(card.text_en)}</div><div class="de">{esc(card.text_de)}</div>{bound}'
            f"</div></div>")


def marks_page(catalogue: Catalogue, s: Scenario) -> str:
    """Page 3: a grid of buildings by plots (and 'out' of town) to tick candidates and cross out the rest."""
    plots = list(catalogue.board.plots)
    head = '<tr><th class="corner"></th>' + "".join(f"<th>{p}</th>" for p in plots) + "<th>out</th></tr>"
    mine = s.mine or frozenset()
    rows = [f'<tr><th class="building">{esc(b)}{" *" if b in mine else ""}</th>' + "<td></td>" * (len(plots) + 1)
            + "</tr>" for b in catalogue.building_names]
    return _page("marks", s, f"<h2>Scenario {esc(s.id)}: candidates</h2>\n"
                             "<p class=\"note\">Tick the plots a building may still stand on, cross out the ones "
                             "the cards rule out; two buildings stay out of town (column out). * marks my buildings.</p>\n"
                             f"<table class=\"marks\">{head}{''.join(rows)}</table>")


def solution_text(item: SheetScenario) -> str:
    """How many solutions the cards allow, in words."""
    n = len(item.solutions)
    if n == 0:
        return "The cards, as loaded, allow no town at all."
    if n == 1:
        return "The cards allow exactly one town: this one."
    return f"The cards allow more than one solution; the first {n} found are shown."


def solution_page(catalogue: Catalogue, item: SheetScenario) -> str:
    """Page 4: the solution(s), and the rulebook's published town when the cards do not give it."""
    s = item.scenario
    plans = []
    for i, sol in enumerate(item.solutions, 1):
        title = f"Solution {i}: my buildings {', '.join(sorted(sol.mine))}"
        plans.append(f'<div class="plan solution" data-solution="{i}">'
                     f"{plan_svg(catalogue.board, sol.placement, sol.mine, title=title)}</div>")
    if s.published and not any(sol.placement == s.published for sol in item.solutions):
        title = "The town the rulebook prints"
        plans.append(f'<div class="plan published">{plan_svg(catalogue.board, s.published, s.mine or (), title=title)}</div>')
    many = " many" if len(plans) > 1 else ""
    body = (f"<h2>Scenario {esc(s.id)}: solution</h2>\n<p>{solution_text(item)}</p>\n"
            f'<div class="plans{many}">' + "\n".join(plans) + "</div>")
    return _page("solution", s, body)


# -- explain: one picture per step, on a page that steps through them -----------------------------------

def step_caption(number: int, step: dict) -> str:
    """'Step 3 (pair, card 14): removes Sheriff from 5, 6; Saloon from 7.' from a step's plain data."""
    if step.get("text"):
        return f"Step {number}: {step['text']}"
    what = step.get("technique", "step")
    card = f", card {step['card']}" if step.get("card") is not None else ""
    gone: dict[str, list[str]] = {}
    for item in step.get("removed", []):
        gone.setdefault(item["building"], []).append("out of town" if item["plot"] == 0 else str(item["plot"]))
    removed = "; ".join(f"{b} from {', '.join(ps)}" for b, ps in gone.items())
    found = f" My building: {', '.join(step['mine_found'])}." if step.get("mine_found") else ""
    return f"Step {number} ({what}{card}): removes {removed or 'no marker'}.{found}"


def explain_html(catalogue: Catalogue, explained: list[dict]) -> str:
    """A page showing the board after each step of each explanation (the plain data of
    `oldtown explain --json`: id, opening, steps, closing), with links to step back and forth (no script)."""
    parts = []
    for doc in explained:
        ident, steps = str(doc.get("id", "")), doc.get("steps", [])
        parts.append(f'<h1>Old Town, scenario {esc(ident)}, step by step</h1>\n<p>{esc(doc.get("opening", ""))}</p>')
        for i, step in enumerate(steps, 1):
            parts.append(_step_section(catalogue, ident, i, len(steps), step))
        parts.append(f'<p class="closing">{esc(doc.get("closing", ""))}</p>')
    title = "Old Town explained: " + ", ".join(f"scenario {d.get('id', '')}" for d in explained)
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")


def _step_section(catalogue: Catalogue, ident: str, i: int, n: int, step: dict) -> str:
    """One step: its sentence, the board after it, links to the previous and next step."""
    anchor = f"s{ident}-step"
    picture = step_picture(catalogue.board, step, f"Scenario {ident}, after step {i}", catalogue.building_names)
    links = " ".join(link for link in (
        f'<a href="#{anchor}-{i - 1}">&larr; step {i - 1}</a>' if i > 1 else "",
        f'<a href="#{anchor}-{i + 1}">step {i + 1} &rarr;</a>' if i < n else "") if link)
    return (f'<section class="page step" id="{esc(anchor)}-{i}" data-step="{i}">\n'
            f"<h2>{esc(step_caption(i, step))}</h2>\n<div class=\"plan\">{picture}</div>\n"
            f'<p class="note">{links}</p>\n</section>')


def numbered(path, label: str) -> Path:
    """FILE.svg -> FILE-label.svg."""
    path = Path(path)
    return path.with_name(f"{path.stem}-{label}{path.suffix}")


def save_explained(catalogue: Catalogue, explained: list[dict], svg_file=None, png_file=None, html_file=None) -> None:
    """The pictures of `oldtown explain`: one SVG and/or PNG per step (FILE-01.svg, ...; FILE-ID-01.svg
    for several scenarios), and/or the HTML page that steps through them."""
    several = len(explained) > 1
    for doc in explained:
        for i, step in enumerate(doc.get("steps", []), 1):
            label = f"{doc.get('id')}-{i:02d}" if several else f"{i:02d}"
            save_picture(numbered(svg_file, label) if svg_file else None, numbered(png_file, label) if png_file else None,
                         lambda step=step, i=i: step_picture(catalogue.board, step, step_caption(i, step),
                                                             catalogue.building_names))
    if html_file:
        write_file(html_file, explain_html(catalogue, explained))


def step_pictures(catalogue: Catalogue, steps: list[dict]) -> list[str]:
    """One SVG picture per explain step."""
    return [step_picture(catalogue.board, step, step_caption(i, step), catalogue.building_names)
            for i, step in enumerate(steps, 1)]
