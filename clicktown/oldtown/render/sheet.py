"""Printable puzzle sheets for the Old Town solo game, as one self-contained HTML page.

A sheet holds, for each scenario, on pages of their own:
  1. the task: which buildings are mine (or how many are unknown) and the empty board plan;
  2. the scenario's info cards in full: number, type, the yellow count of possible plots, the
     sentence in the sheet's language, the building a type-B card is bound to
     ("45 = Bank"), and the card's small town plan with its possible plots starred (type C: stars
     for the building named, dots for my building), as the rulebook describes the printed cards;
  3. room to mark candidates: a grid of buildings by plots, the paper form of the game's markers;
then one page of relation words (what "wall to wall", "across", ... mean on the plan, each with a
small plan of the pairs it allows), and, only when asked for, the solutions: at the end of the
sheet (`end`) or in a file of their own (`separate`), never next to the puzzle.

The page needs nothing from the network: styles are inline, pictures are inline SVG, no script.
The empty plan and the card's small plan are drawn once per page as SVG symbols that every
picture reuses. Print it (A4) or open it in a browser; every part starts on a new page when printed.
English or German (`lang`): headings, sentences, building, street and landmark names.

The same style serves the page of `oldtown explain --html`: the board after every step, as the
explain steps describe it in plain data (candidates per building, markers removed, my buildings).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...messages import say, say_n
from ...svgkit import esc, save_picture, write_file
from ..catalogue import Card, Catalogue, Scenario
from ..solo import Solution
from .glossary import word_picture
from .svg import card_plan_svg, plan_svg, plan_symbol, star_symbol, step_picture

LEVELS = ("leicht", "mittel", "schwer")
SOLUTION_LIMIT = 2
SOLUTIONS = ("none", "end", "separate")
PLAN_SYMBOL, MINI_SYMBOL = "ot-plan", "ot-mini"

STYLE = """
@page { size: A4; margin: 12mm; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #222; margin: 0 auto; max-width: 190mm; }
h1 { font-size: 20pt; margin: 0 0 4mm; } h2 { font-size: 15pt; margin: 0 0 3mm; }
.page { break-after: page; page-break-after: always; padding: 4mm 0; }
.page:last-child { break-after: auto; page-break-after: auto; }
.plan svg { width: 100%; height: auto; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.card { border: 1px solid #8b6b3e; border-radius: 3mm; padding: 2mm; display: flex; gap: 2mm; break-inside: avoid; page-break-inside: avoid; }
.card svg, .word svg { width: 30mm; height: auto; flex: none; }
.card .head { font-weight: bold; } .card .count { background: #f2c200; border-radius: 2mm; padding: 0 1.5mm; }
.card .bound { color: #7a2f00; font-size: 10pt; }
table.marks { border-collapse: collapse; width: 100%; font-size: 9pt; table-layout: fixed; }
table.marks th.corner { width: 36mm; }
table.marks th, table.marks td { border: 1px solid #999; height: 7mm; text-align: center; }
table.marks th.building { text-align: left; padding-left: 1mm; white-space: nowrap; }
.note { color: #555; font-size: 10pt; }
.plans.many { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.words { display: grid; grid-template-columns: 1fr 1fr; gap: 2mm; font-size: 9pt; }
.word { display: flex; gap: 2mm; break-inside: avoid; page-break-inside: avoid; } .word b { font-size: 10pt; }
svg.symbols { position: absolute; width: 0; height: 0; overflow: hidden; }
"""


@dataclass(frozen=True)
class SheetScenario:
    """A scenario with the solutions the cards allow (up to SOLUTION_LIMIT)."""

    scenario: Scenario
    solutions: tuple[Solution, ...]


def solve_for_sheet(catalogue: Catalogue, scenario: Scenario) -> SheetScenario:
    """The scenario with its solutions, found by the CP-SAT model (enough to tell if it is unique)."""
    from ..solve import cpsat as model  # CP-SAT is heavy: imported only when a sheet is made

    return SheetScenario(scenario, tuple(model.solve(catalogue.puzzle(scenario), SOLUTION_LIMIT)))


class Sheet:
    """What every page of one sheet shares: the catalogue and the language."""

    def __init__(self, catalogue: Catalogue, lang: str = "en", reuse: bool = True):
        self.catalogue, self.board, self.lang = catalogue, catalogue.board, lang
        self.reuse = reuse  # draw the plans once as symbols (False: every picture in full, as a baseline)

    def symbol(self, symbol_id: str) -> str | None:
        """The id a picture refers to, or None when every picture is drawn in full."""
        return symbol_id if self.reuse else None

    def say(self, key: str, **values) -> str:
        """A phrase of the sheet in its language (the catalog's `oldtown.sheet.<key>`)."""
        return say(self.lang, f"oldtown.sheet.{key}", **values)

    def name(self, building: str) -> str:
        """A building's name in the sheet's language."""
        return self.catalogue.buildings[building].called(self.lang)["name"]

    @property
    def names(self) -> dict[str, str]:
        """Building -> the name written on the plans."""
        return self.catalogue.names_in(self.lang)

    def document(self, title: str, pages: list[str]) -> str:
        """One HTML document: the shared plan symbols, then the pages."""
        symbols = (f'<svg class="symbols" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"><defs>\n'
                   f"{plan_symbol(self.board, PLAN_SYMBOL, lang=self.lang)}\n"
                   f"{plan_symbol(self.board, MINI_SYMBOL, mini=True, lang=self.lang)}\n{star_symbol()}\n</defs></svg>"
                   if self.reuse else "")
        return (f"<!DOCTYPE html>\n<html lang=\"{self.lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
                f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{symbols}\n"
                + "\n".join(pages) + "\n</body>\n</html>\n")

    def plan(self, placement=None, mine=frozenset(), title: str = "") -> str:
        """The full plan, drawn through the shared symbol."""
        return plan_svg(self.board, placement, mine, title=title, lang=self.lang, names=self.names,
                        use=self.symbol(PLAN_SYMBOL))


def sheet_html(catalogue: Catalogue, items: list[SheetScenario], solutions: str = "none", lang: str = "en",
               reuse: bool = True) -> str:
    """The printable sheet: every scenario's task, cards and candidate grid, the relation words, and
    the solutions at the end when `solutions` is "end" (none for "none" and "separate")."""
    sheet = Sheet(catalogue, lang, reuse)
    pages = [page for item in items for page in scenario_pages(sheet, item)]
    pages.append(glossary_page(sheet))
    if solutions == "end":
        pages += [solution_page(sheet, item) for item in items]
    title = "Old Town solo " + ", ".join(f"{item.scenario.id}" for item in items)
    return sheet.document(title, pages)


def solutions_html(catalogue: Catalogue, items: list[SheetScenario], lang: str = "en") -> str:
    """The solutions alone, one page per scenario (for `--solutions separate`)."""
    sheet = Sheet(catalogue, lang)
    return sheet.document(sheet.say("solutions_title"), [solution_page(sheet, item) for item in items])


def summary(out_file: str, items: list[SheetScenario], solutions: str = "none", solutions_file=None) -> dict:
    """What a sheet holds, for `oldtown sheet --json`: the file(s), and per scenario its cards and solutions."""
    return {"out": str(out_file), "solutions_shown": solutions,
            "solutions_out": str(solutions_file) if solutions_file else None, "scenarios": [
                {"id": i.scenario.id, "cards": i.scenario.card_numbers,
                 "solutions": [sol.as_dict() for sol in i.solutions], "search_stopped_at": SOLUTION_LIMIT}
                for i in items]}


def scenario_pages(sheet: Sheet, item: SheetScenario) -> list[str]:
    """The three puzzle pages of one scenario (the solution page is apart)."""
    s = item.scenario
    return [task_page(sheet, s), cards_page(sheet, s), marks_page(sheet, s)]


def _page(kind: str, scenario: Scenario | None, body: str) -> str:
    """One printed page (a section that ends with a page break)."""
    which = f' data-scenario="{esc(scenario.id)}"' if scenario is not None else ""
    return f'<section class="page {kind}-page"{which}>\n{body}\n</section>'


def heading(sheet: Sheet, s: Scenario) -> str:
    """'Old Town, solo scenario 3 (medium)' / 'Old Town, Solospiel 3 (mittel)'."""
    level = say(sheet.lang, f"oldtown.level.{s.level or 'unrated'}") if s.level in (*LEVELS, "") else s.level
    return sheet.say("title", id=esc(s.id), level=esc(level))


def task_text(sheet: Sheet, s: Scenario) -> str:
    """What the player is asked to find."""
    if s.mine is not None:
        names = esc(", ".join(sorted(sheet.name(b) for b in s.mine)))
        mine = say_n(sheet.lang, "oldtown.sheet.mine_known", len(s.mine), names=names)
    else:
        mine = sheet.say("mine_unknown", n=s.mine_count)
    return f"<p>{sheet.say('task', n=len(s.card_numbers), mine=mine)}</p>"


def task_page(sheet: Sheet, s: Scenario) -> str:
    """Page 1: the task and the empty plan."""
    plan = sheet.plan(title=sheet.say("the_plan", id=s.id))
    return _page("task", s, f"<h1>{heading(sheet, s)}</h1>\n{task_text(sheet, s)}\n<div class=\"plan\">{plan}</div>\n"
                            f"<p class=\"note\">{sheet.say('plan_note')}</p>")


def cards_page(sheet: Sheet, s: Scenario) -> str:
    """Page 2: the scenario's cards in full."""
    bound = dict(s.b)
    cards = [card_html(sheet, sheet.catalogue.card(n), bound.get(n), n in bound) for n in s.card_numbers]
    return _page("cards", s, f"<h2>{sheet.say('cards', id=esc(s.id), n=len(cards))}</h2>\n"
                             f"<div class=\"cards\">\n" + "\n".join(cards) + "\n</div>")


def card_count(card: Card) -> str:
    """The yellow number of a card: its possible plots ('4', '8', or '8+8' for type C)."""
    if card.kind == "C":
        return f"{len({a for a, _ in card.pairs})}+{len({b for _, b in card.pairs})}"
    return str(len(card.plots))


def card_html(sheet: Sheet, card: Card, building: str | None, is_b: bool) -> str:
    """One info card: head, sentence in the sheet's language, binding and small plan."""
    board = sheet.board
    if card.kind == "C":
        mini = card_plan_svg(board, {a for a, _ in card.pairs}, {b for _, b in card.pairs}, use=sheet.symbol(MINI_SYMBOL),
                             lang=sheet.lang)
    else:
        mini = card_plan_svg(board, card.plots, use=sheet.symbol(MINI_SYMBOL), lang=sheet.lang)
    bound = ""
    if is_b:
        bound = (f'<div class="bound">{sheet.say("bound", b=esc(sheet.name(building)), n=card.number)}</div>'
                 if building else f'<div class="bound">{sheet.say("unbound")}</div>')
    sentence = card.sentence(sheet.lang)
    return (f'<div class="card" data-card="{card.number}">{mini}<div>'
            f'<div class="head">{sheet.say("card", n=card.number, kind=card.kind)} '
            f'<span class="count">{card_count(card)}</span></div>'
            f'<div class="text">{esc(sentence)}</div>{bound}'
            f"</div></div>")


def marks_page(sheet: Sheet, s: Scenario) -> str:
    """Page 3: a grid of buildings by plots (and 'out' of town) to tick candidates and cross out the rest."""
    plots = list(sheet.board.plots)
    head = ('<tr><th class="corner"></th>' + "".join(f"<th>{p}</th>" for p in plots)
            + f"<th>{sheet.say('out')}</th></tr>")
    mine = s.mine or frozenset()
    rows = [f'<tr><th class="building">{esc(sheet.name(b))}{" *" if b in mine else ""}</th>'
            + "<td></td>" * (len(plots) + 1) + "</tr>" for b in sheet.catalogue.building_names]
    return _page("marks", s, f"<h2>{sheet.say('candidates', id=esc(s.id))}</h2>\n"
                             f"<p class=\"note\">{sheet.say('marks_note')}</p>\n"
                             f"<table class=\"marks\">{head}{''.join(rows)}</table>")


def glossary_page(sheet: Sheet) -> str:
    """The relation words of the cards, each with its meaning and a small plan of the pairs it allows."""
    entries = []
    for word in sheet.board.glossary:
        picture = word_picture(sheet.board, word, use=sheet.symbol(MINI_SYMBOL), lang=sheet.lang)
        name, meaning = getattr(word, sheet.lang), getattr(word, f"meaning_{sheet.lang}")
        entries.append(f'<div class="word" data-word="{esc(word.key)}">{picture}<div><b>{esc(name)}</b>: '
                       f"{esc(meaning)}.</div></div>")
    return _page("glossary", None, f"<h2>{sheet.say('glossary')}</h2>\n<p class=\"note\">{sheet.say('glossary_note')}</p>\n"
                                   f"<div class=\"words\">\n" + "\n".join(entries) + "\n</div>")


def solution_text(sheet: Sheet, item: SheetScenario) -> str:
    """How many solutions the cards allow, in words."""
    n = len(item.solutions)
    return sheet.say("none") if n == 0 else sheet.say("one") if n == 1 else sheet.say("more", n=n)


def solution_page(sheet: Sheet, item: SheetScenario) -> str:
    """The solution(s) of a scenario, and the rulebook's published town when the cards do not give it."""
    s = item.scenario
    plans = []
    for i, sol in enumerate(item.solutions, 1):
        title = sheet.say("solution_n", i=i, mine=", ".join(sorted(sheet.name(b) for b in sol.mine)))
        plans.append(f'<div class="plan solution" data-solution="{i}">{sheet.plan(sol.placement, sol.mine, title)}</div>')
    if s.published and not any(sol.placement == s.published for sol in item.solutions):
        plans.append(f'<div class="plan published">{sheet.plan(s.published, s.mine or (), sheet.say("printed"))}</div>')
    many = " many" if len(plans) > 1 else ""
    body = (f"<h2>{sheet.say('solution', id=esc(s.id))}</h2>\n<p>{solution_text(sheet, item)}</p>\n"
            f'<div class="plans{many}">' + "\n".join(plans) + "</div>")
    return _page("solution", s, body)


# -- explain: one picture per step, on a page that steps through them -----------------------------------

def step_caption(number: int, step: dict, lang: str = "en", names: dict[str, str] | None = None) -> str:
    """'Step 3 (pair, card 14): removes Sheriff from 5, 6; Saloon from 7.' from a step's plain data,
    in `lang` (`names`: the buildings' names in it)."""
    if step.get("text"):
        return say(lang, "oldtown.step.told", number=number, text=step["text"])
    names = names or {}
    technique = say(lang, f"oldtown.technique.{step['technique']}") if step.get("technique") else \
        say(lang, "oldtown.step.step")
    card = say(lang, "oldtown.step.card", card=step["card"]) if step.get("card") is not None else ""
    gone: dict[str, list[str]] = {}
    for item in step.get("removed", []):
        gone.setdefault(item["building"], []).append(say(lang, "oldtown.check.out_of_town") if item["plot"] == 0
                                                     else str(item["plot"]))
    removed = "; ".join(say(lang, "oldtown.step.from", b=names.get(b, b), plots=", ".join(ps)) for b, ps in gone.items())
    found = say(lang, "oldtown.step.mine_found", names=", ".join(names.get(b, b) for b in step["mine_found"])) \
        if step.get("mine_found") else ""
    return say(lang, "oldtown.step.caption", number=number, technique=technique, card=card,
               removed=removed or say(lang, "oldtown.step.no_marker"), found=found)


def explain_html(catalogue: Catalogue, explained: list[dict], lang: str = "en") -> str:
    """A page showing the board after each step of each explanation (the plain data of
    `oldtown explain --json`: id, opening, steps, closing), with links to step back and forth (no script)."""
    parts = []
    for doc in explained:
        ident, steps = str(doc.get("id", "")), doc.get("steps", [])
        parts.append(f'<h1>{esc(say(lang, "oldtown.step.page_heading", id=ident))}</h1>\n<p>{esc(doc.get("opening", ""))}</p>')
        for i, step in enumerate(steps, 1):
            parts.append(_step_section(catalogue, ident, i, len(steps), step, lang))
        parts.append(f'<p class="closing">{esc(doc.get("closing", ""))}</p>')
    title = say(lang, "oldtown.step.page_title", ids=", ".join(str(d.get("id", "")) for d in explained))
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")


def _step_section(catalogue: Catalogue, ident: str, i: int, n: int, step: dict, lang: str = "en") -> str:
    """One step: its sentence, the board after it, links to the previous and next step."""
    anchor = f"s{ident}-step"
    names = catalogue.names_in(lang)
    picture = step_picture(catalogue.board, step, say(lang, "oldtown.step.after", id=ident, step=i),
                           catalogue.building_names, lang, names)
    links = " ".join(link for link in (
        f'<a href="#{anchor}-{i - 1}">&larr; {esc(say(lang, "oldtown.step.link", step=i - 1))}</a>' if i > 1 else "",
        f'<a href="#{anchor}-{i + 1}">{esc(say(lang, "oldtown.step.link", step=i + 1))} &rarr;</a>' if i < n else "")
        if link)
    return (f'<section class="page step" id="{esc(anchor)}-{i}" data-step="{i}">\n'
            f"<h2>{esc(step_caption(i, step, lang, names))}</h2>\n<div class=\"plan\">{picture}</div>\n"
            f'<p class="note">{links}</p>\n</section>')


def numbered(path, label: str) -> Path:
    """The file of one step: `{n}` in the name the user gave becomes the label (step-{n}.svg -> step-01.svg)."""
    return Path(str(path).replace("{n}", label))


def save_explained(catalogue: Catalogue, explained: list[dict], svg_file=None, png_file=None, html_file=None,
                   lang: str = "en") -> None:
    """The pictures of `oldtown explain`: one SVG and/or PNG per step ({n} in the file name is the
    step number, 01, 02, ...; ID-01, ... for several scenarios), and/or the HTML page that steps through them."""
    several = len(explained) > 1
    for doc in explained if svg_file or png_file else ():
        pictures = step_pictures(catalogue, doc.get("steps", []), lang)
        for i, picture in enumerate(pictures, 1):
            label = f"{doc.get('id')}-{i:02d}" if several else f"{i:02d}"
            save_picture(numbered(svg_file, label) if svg_file else None, numbered(png_file, label) if png_file else None,
                         lambda picture=picture: picture)
    if html_file:
        write_file(html_file, explain_html(catalogue, explained, lang))


def step_pictures(catalogue: Catalogue, steps: list[dict], lang: str = "en") -> list[str]:
    """One SVG picture per explain step, its title and buildings in `lang`."""
    names = catalogue.names_in(lang)
    return [step_picture(catalogue.board, step, step_caption(i, step, lang, names), catalogue.building_names, lang, names)
            for i, step in enumerate(steps, 1)]
