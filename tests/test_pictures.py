"""Old Town pictures and printable sheets: the plan shows the right building on the right plot,
doors on the right side, lines in the right gaps; sheets hold every card and the solver's town."""

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from clicktown.oldtown.solo import Solution, validate
from clicktown.oldtown.board import load_board
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.render.sheet import explain_html, step_caption, step_pictures
from clicktown.oldtown.render.svg import PLAN, card_plan_svg, plan_svg, short_names, step_picture
from clicktown.datafiles import builtin_path, read_json

CATALOGUE = load_catalogue()
BOARD = CATALOGUE.board
SCENARIOS = list(CATALOGUE.scenarios.values())
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg_text: str) -> ET.Element:
    """The SVG document, which must be well-formed XML with an <svg> root."""
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    return root


def having(root: ET.Element, cls: str) -> list[ET.Element]:
    """Elements whose class is `cls`."""
    return [e for e in root.iter() if e.get("class") == cls]


def shown_town(root: ET.Element) -> dict[int, str]:
    """Plot -> building as the picture shows it."""
    return {int(g.get("data-plot")): g.get("data-building") for g in having(root, "plot")}


def shown_markers(root: ET.Element, cls: str = "marker") -> dict[int, set[str]]:
    """Plot -> buildings whose markers the picture shows there."""
    out: dict[int, set[str]] = {}
    for g in having(root, cls):
        out.setdefault(int(g.get("data-plot")), set()).add(g.get("data-building"))
    return out


def plot_box(root: ET.Element, plot: int) -> tuple[float, float, float, float]:
    """x, y, width, height of a plot's ground."""
    rect = next(e for e in having(root, "plot-ground") if e.get("data-plot") == str(plot))
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


# ---- the plan ---------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_every_rulebook_scenario_shows_its_published_town(scenario):
    root = parse(plan_svg(BOARD, scenario.published, scenario.mine or (), title=f"Scenario {scenario.id}"))
    assert shown_town(root) == {p: scenario.published.get(p, "") for p in range(1, 17)}
    mine = {int(g.get("data-plot")) for g in having(root, "plot") if g.get("data-mine") == "true"}
    assert mine == {p for p, b in scenario.published.items() if b in (scenario.mine or ())}
    assert len(having(root, "mine-label")) == len(mine)
    names = [t.text for t in having(root, "building-name")]
    assert " ".join(names).split() == " ".join(scenario.published[p] for p in sorted(scenario.published)).split()


def test_doors_sit_on_the_entrance_side_of_every_plot():
    root = parse(plan_svg(BOARD))
    doors = having(root, "door")
    assert sorted(int(d.get("data-plot")) for d in doors) == list(range(1, 17))
    for door in doors:
        plot, side = int(door.get("data-plot")), door.get("data-side")
        assert side == BOARD.entrances[plot]
        x, y, w, h = plot_box(root, plot)
        dx, dy, dw, dh = (float(door.get(k)) for k in ("x", "y", "width", "height"))
        edge = {"N": dy == y, "S": dy + dh == pytest.approx(y + h), "W": dx == x, "E": dx + dw == pytest.approx(x + w)}
        assert edge[side], (plot, side)


def test_streets_and_railway_run_in_the_gaps_they_are_given():
    root = parse(plan_svg(BOARD))
    drawn = {g.get("data-line"): g for g in having(root, "line")}
    assert set(drawn) == {ln.name for ln in BOARD.lines}
    for line in BOARD.lines:
        band = next(e for e in drawn[line.name] if e.tag == SVG + "rect")
        x, y, w, h = (float(band.get(k)) for k in ("x", "y", "width", "height"))
        assert drawn[line.name].get("data-kind") == line.kind
        a, b = line.between
        if line.orientation == "horizontal":
            assert (y, y + h) == (PLAN.y(a) + PLAN.plot_h, PLAN.y(b))
            assert x <= PLAN.x(line.span[0]) and x + w >= PLAN.x(line.span[1]) + PLAN.plot_w
        else:
            assert (x, x + w) == (PLAN.x(a) + PLAN.plot_w, PLAN.x(b))
            assert y <= PLAN.y(line.span[0]) and y + h >= PLAN.y(line.span[1]) + PLAN.plot_h
    railway = [ln for ln in BOARD.lines if ln.kind == "railway"]
    assert railway and all(len(list(drawn[ln.name].iter(SVG + "line"))) > 10 for ln in railway)  # rails and ties
    partial = [ln for ln in BOARD.lines if ln.partial]
    for line in partial:  # a line that stops short of the edge stops in the picture too
        band = next(e for e in drawn[line.name] if e.tag == SVG + "rect")
        end = float(band.get("y")) + float(band.get("height"))
        assert end < PLAN.y(line.span[1] + 1)


def test_landmarks_border_the_plot_sides_they_name():
    root = parse(plan_svg(BOARD))
    for mark in BOARD.landmarks:
        g = next(e for e in having(root, "landmark") if e.get("data-landmark") == mark.name)
        bands = [e for e in g if e.tag == SVG + "rect"]
        assert sorted((int(b.get("data-plot")), b.get("data-side")) for b in bands) == sorted(mark.borders)
        for band in bands:
            x, y, w, h = plot_box(root, int(band.get("data-plot")))
            bx, by = float(band.get("x")), float(band.get("y"))
            side = band.get("data-side")
            assert {"N": by < y, "S": by > y + h, "W": bx < x, "E": bx > x + w}[side]
        assert [t.text for t in g.iter(SVG + "text")] == [mark.en]


def test_a_users_own_board_changes_the_picture(run_cli, tmp_path):
    plan = read_json(builtin_path("oldtown", "board.json"))
    plan["entrances"]["1"] = "E"
    front = next(ln for ln in plan["lines"] if ln["name"] == "Front Street")
    front["span"] = [1, 4]  # Front Street now runs the whole length of town
    own = tmp_path / "board.json"
    own.write_text(json.dumps(plan))
    cards = tmp_path / "cards.json"  # cards that list their plots, so they do not depend on the plan
    cards.write_text(json.dumps({"cards": [c.as_dict() for c in CATALOGUE.cards.values()]}))
    picture = tmp_path / "plan.svg"
    code, out, err = run_cli("oldtown", "show", "--board", own, "--cards", cards, "--svg", picture, "--json")
    assert code == 0, err
    json.loads(out)
    root = parse(picture.read_text())
    assert {g.get("data-line") for g in having(root, "line")} == {ln.name for ln in load_board(own).lines}
    band = next(e for g in having(root, "line") if g.get("data-line") == "Front Street" for e in g if e.tag == SVG + "rect")
    assert float(band.get("y")) + float(band.get("height")) == float(root.get("height"))
    assert next(d for d in having(root, "door") if d.get("data-plot") == "1").get("data-side") == "E"


# ---- markers: the rulebook's examples 1-3 ("Der Sheriff war nördlich der Main St. zu finden") -----

NORTH_OF_MAIN = sorted(BOARD.regions["side:Main Street:N"].plots)


def test_example_1_three_free_plots_get_sheriff_markers():
    taken = NORTH_OF_MAIN[0]
    markers = {p: ["Sheriff"] for p in NORTH_OF_MAIN if p != taken}
    root = parse(plan_svg(BOARD, {taken: "Saloon"}, candidates=markers, buildings=CATALOGUE.building_names))
    assert shown_markers(root) == {p: {"Sheriff"} for p in NORTH_OF_MAIN[1:]}
    assert shown_town(root)[taken] == "Saloon"


def test_example_2_the_last_free_plot_gets_the_sheriff():
    town = {p: b for p, b in zip(NORTH_OF_MAIN[:3], ["Saloon", "Bank", "Doc"])}
    town[NORTH_OF_MAIN[3]] = "Sheriff"
    root = parse(plan_svg(BOARD, town))
    assert {p: b for p, b in shown_town(root).items() if b} == town
    assert shown_markers(root) == {}


def test_example_3_markers_south_of_main_street_are_struck():
    south = sorted(BOARD.regions["side:Main Street:S"].plots)[:2]
    root = parse(plan_svg(BOARD, candidates={p: ["Sheriff"] for p in NORTH_OF_MAIN[:2]},
                          removed={p: ["Sheriff"] for p in south}, buildings=CATALOGUE.building_names))
    assert shown_markers(root) == {p: {"Sheriff"} for p in NORTH_OF_MAIN[:2]}
    assert shown_markers(root, "removed") == {p: {"Sheriff"} for p in south}


def test_eighteen_markers_fit_on_a_plot_with_unique_short_names():
    shorts = short_names(CATALOGUE.building_names)
    assert len(set(shorts.values())) == 18 and all(len(v) >= 3 for v in shorts.values())
    root = parse(plan_svg(BOARD, candidates={1: list(CATALOGUE.building_names)}, buildings=CATALOGUE.building_names))
    x, y, w, h = plot_box(root, 1)
    for g in having(root, "marker"):
        rect = next(e for e in g if e.tag == SVG + "rect")
        rx, ry = float(rect.get("x")), float(rect.get("y"))
        assert x <= rx and rx + float(rect.get("width")) <= x + w
        assert y <= ry and ry + float(rect.get("height")) <= y + h


def test_a_card_plan_stars_its_plots():
    card = CATALOGUE.card(2)
    root = parse(card_plan_svg(BOARD, card.plots))
    assert {int(e.get("data-plot")) for e in having(root, "star")} == set(card.plots)
    pairs = next(c for c in CATALOGUE.cards.values() if c.kind == "C").pairs
    root = parse(card_plan_svg(BOARD, {a for a, _ in pairs}, {b for _, b in pairs}))
    assert {int(e.get("data-plot")) for e in having(root, "dot")} == {b for _, b in pairs}


# ---- explain steps ----------------------------------------------------------------------------

STEP = {"technique": "pair", "card": 14, "buildings": ["Saloon", "Drugstore"], "plots": [6, 7],
        "removed": [{"building": "Sheriff", "plot": 6}, {"building": "Sheriff", "plot": 0}],
        "mine_found": [], "not_mine": [],
        "candidates": {"Saloon": [6, 7], "Drugstore": [6, 7], "Sheriff": [5, 8], "Hotel": [11], "Bank": [0]},
        "mine": ["Hotel"], "mine_maybe": ["Hotel"]}


def test_an_explain_step_shows_markers_placed_buildings_and_what_it_removed():
    root = parse(step_picture(BOARD, STEP, "step", CATALOGUE.building_names))
    assert shown_markers(root) == {6: {"Saloon", "Drugstore"}, 7: {"Saloon", "Drugstore"}, 5: {"Sheriff"}, 8: {"Sheriff"}}
    assert shown_markers(root, "removed") == {6: {"Sheriff"}}
    assert shown_town(root)[11] == "Hotel" and "Bank" not in shown_town(root).values()
    assert [g.get("data-mine") for g in having(root, "plot") if g.get("data-plot") == "11"] == ["true"]
    assert step_caption(2, STEP) == "Step 2 (pair, card 14): removes Sheriff from 6, out of town."


def test_the_explain_page_steps_through_its_pictures():
    explained = [{"id": "1", "opening": "My buildings: Hotel.", "steps": [STEP, dict(STEP, card=None, removed=[])],
                  "closing": "The end."}]
    page = explain_html(CATALOGUE, explained)
    assert page.count("<svg") == 2 and 'id="s1-step-2"' in page and 'href="#s1-step-1"' in page
    assert "Step 2 (pair): removes no marker." in page and "The end." in page
    assert [parse(p).tag for p in step_pictures(CATALOGUE, [STEP])] == [SVG + "svg"]
    read_page(page)


def test_explain_draws_one_picture_per_step_and_a_page(run_cli, tmp_path):
    code, out, err = run_cli("oldtown", "explain", "1", "--json", "--svg", tmp_path / "step-{n}.svg",
                             "--html", tmp_path / "explain.html")
    assert code == 0, err
    steps = json.loads(out)["steps"]
    pictures = sorted(tmp_path.glob("step-*.svg"))
    assert [p.name for p in pictures] == [f"step-{i:02d}.svg" for i in range(1, len(steps) + 1)]
    for picture, step in zip(pictures, steps):
        root = parse(picture.read_text())
        placed = {slots[0]: b for b, slots in step["candidates"].items() if len(slots) == 1 and slots[0] != 0}
        assert {p: b for p, b in shown_town(root).items() if b} == placed
        expected: dict[int, set[str]] = {}
        for b, slots in step["candidates"].items():
            for p in slots if len(slots) > 1 else ():
                if p and p not in placed:
                    expected.setdefault(p, set()).add(b)
        assert shown_markers(root) == expected
    page = (tmp_path / "explain.html").read_text()
    assert page.count("<svg") == len(steps) and all(step["text"] in page for step in steps[:3])


# ---- the printable sheet ------------------------------------------------------------------------

class PageText(HTMLParser):
    """Collects the text, the sections and the tags of an HTML page, and checks tags balance."""

    VOID = {"meta", "br", "img", "input", "link", "hr"}
    SVG_EMPTY = {"rect", "line", "circle", "polygon", "path"}

    def __init__(self):
        super().__init__()
        self.text, self.sections, self.open = [], [], []

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.sections.append(dict(attrs))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()

    def handle_data(self, data):
        self.text.append(data)


def read_page(html: str) -> PageText:
    page = PageText()
    page.feed(html)
    page.close()
    assert page.open == []
    return page


def with_symbols(html: str, svg_text: str) -> str:
    """A picture of the sheet made standalone: the page's shared symbols copied into it."""
    defs = re.search(r"<defs>.*?</defs>", html, re.S).group(0)
    return svg_text.replace(">", ">" + defs, 1)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_every_scenario_sheet_holds_its_cards_and_the_solvers_town(run_cli, tmp_path, scenario):
    out = tmp_path / "sheet.html"
    code, stdout, err = run_cli("oldtown", "sheet", scenario.id, "--out", out, "--json", "--solutions", "end")
    assert code == 0, err
    html = out.read_text()
    page = read_page(html)
    assert [s["class"] for s in page.sections] == ["page task-page", "page cards-page", "page marks-page",
                                                   "page glossary-page", "page solution-page"]
    text = " ".join(" ".join(page.text).split())
    for n in scenario.card_numbers:
        card = CATALOGUE.card(n)
        assert f'data-card="{n}"' in html
        assert " ".join(card.text_en.split()) in text
    for n, building in scenario.b:
        if building:
            assert f"({n} = {building})" in text
    assert html.count("<td></td>") == 18 * 17  # the candidate grid: 16 plots and "out of town"
    found = [Solution.of({int(p): b for p, b in sol["placement"].items()}, sol["mine"])
             for sol in json.loads(stdout)["scenarios"][0]["solutions"]]
    assert all(validate(CATALOGUE.puzzle(scenario), sol) for sol in found)
    assert len(found) <= 2 and len(set(found)) == len(found)
    solution_page = html[html.index('class="page solution-page"'):]
    pictures = re.findall(r"<svg.*?</svg>", solution_page, re.S)
    for sol, svg in zip(found, pictures):
        assert shown_town(parse(with_symbols(html, svg))) == sol.placement
    published_shown = bool(scenario.published) and not any(s.placement == scenario.published for s in found)
    assert len(pictures) == len(found) + published_shown


def test_the_sheet_needs_nothing_from_the_network(run_cli, tmp_path):
    out = tmp_path / "sheet.html"
    assert run_cli("oldtown", "sheet", "1", "--out", out)[0] == 0
    html = out.read_text()
    for needle in ("<script", "src=", "@import", "url(", "<link", "href=\"http", "@font-face"):
        assert needle not in html
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}  # namespace, not fetched
    assert "page-break-after: always" in html and "@page" in html


def test_a_scenario_file_gives_one_sheet_with_all_its_scenarios(run_cli, tmp_path):
    chosen = [s.as_dict() for s in SCENARIOS[:2]]
    scen = tmp_path / "two.json"
    scen.write_text(json.dumps({"scenarios": chosen}))
    out = tmp_path / "sheet.html"
    code, stdout, err = run_cli("oldtown", "sheet", scen, "--out", out, "--json")
    assert code == 0, err
    assert [s["id"] for s in json.loads(stdout)["scenarios"]] == [s["id"] for s in chosen]
    assert len(read_page(out.read_text()).sections) == 7  # 3 pages per scenario, the relation words


def test_the_default_sheet_has_no_solution(run_cli, tmp_path):
    out = tmp_path / "sheet.html"
    code, stdout, err = run_cli("oldtown", "sheet", "4", "--out", out, "--json")
    assert code == 0, err
    html = out.read_text()
    assert "solution-page" not in html and 'class="plan solution"' not in html
    published = CATALOGUE.scenario("4").published
    assert 'data-building="Hotel"' not in html  # no building stands on any plot of the sheet
    assert all(f'data-building="{b}"' not in html for b in published.values())
    assert json.loads(stdout)["solutions_shown"] == "none"
    assert [p for p in tmp_path.iterdir()] == [out]  # nothing else written


def test_separate_solutions_go_to_the_file_named(run_cli, tmp_path):
    out, answers = tmp_path / "sheet.html", tmp_path / "answers.html"
    code, stdout, err = run_cli("oldtown", "sheet", "2", "--out", out, "--solutions", "separate",
                                "--solutions-out", answers, "--json")
    assert code == 0, err
    assert "solution-page" not in out.read_text()
    html = answers.read_text()
    page = read_page(html)
    assert [s["class"] for s in page.sections] == ["page solution-page"]
    svg = re.findall(r"<svg xmlns.*?</svg>", html[html.index("solution-page"):], re.S)[0]
    assert shown_town(parse(with_symbols(html, svg))) == CATALOGUE.scenario("2").published
    assert json.loads(stdout)["solutions_out"] == str(answers)
    code, _, err = run_cli("oldtown", "sheet", "2", "--out", out, "--solutions", "separate")
    assert code == 2 and "--solutions-out" in err


def test_the_german_sheet_speaks_german(run_cli, tmp_path):
    out = tmp_path / "sheet.html"
    assert run_cli("oldtown", "sheet", "2", "--out", out, "--lang", "de", "--solutions", "end")[0] == 0
    html = out.read_text()
    text = " ".join(" ".join(read_page(html).text).split())
    for german in ("Old Town, Solospiel 2 (leicht)", "Mein Gebäude: Poststation", "die 18 Infokarten",
                   "Karte 41 · Typ B", "gilt für: Schmiede (41 = Schmiede)", "Lagewörter", "Wand an Wand",
                   "Spiel 2: Lösung", "Bestattungsinstitut", "Bahnlinie", "Friedhof"):
        assert german in text, german
    for english in ("solo scenario", "info cards", "applies to", "Relation words", "my building"):
        assert english not in text, english
    assert CATALOGUE.card(41).text_de in text


def test_a_sheet_reuses_its_drawings_and_costs_kilobytes(run_cli, tmp_path):
    out = tmp_path / "sheet.html"
    assert run_cli("oldtown", "sheet", "8", "--out", out)[0] == 0
    html = out.read_text()
    assert html.count('<symbol id="ot-plan"') == 1 and html.count('<symbol id="ot-mini"') == 1
    assert html.count('href="#ot-mini"') == len(CATALOGUE.scenario("8").card_numbers) + len(BOARD.glossary)
    assert html.count('class="plot-ground"') == 16 + 16  # drawn once in each symbol, never per picture
    assert len(html.encode()) < 150_000


def test_the_glossary_draws_every_relation_word_with_its_pairs(run_cli, tmp_path):
    out = tmp_path / "sheet.html"
    assert run_cli("oldtown", "sheet", "1", "--out", out)[0] == 0
    html = out.read_text()
    glossary = html[html.index("glossary-page"):]
    for word in BOARD.glossary:
        block = glossary[glossary.index(f'data-word="{word.key}"'):]
        svg = with_symbols(html, re.search(r"<svg xmlns.*?</svg>", block, re.S).group(0))
        root = parse(svg)
        if word.plots:
            assert {int(e.get("data-plot")) for e in having(root, "star")} == set(word.plots)
        elif word.focus is None:
            shown = {tuple(int(p) for p in e.get("data-plots").split("-")) for e in having(root, "pair")}
            assert shown == set(word.unordered), word.key
        else:
            assert {int(e.get("data-plot")) for e in having(root, "dot")} == {q for p, q in word.pairs if p == word.focus}


@pytest.mark.parametrize("args, complaint", [
    (["oldtown", "sheet", "99", "--out", "{tmp}/x.html"], "unknown scenario"),
    (["oldtown", "sheet", "1", "--out", "{tmp}/no/such/dir/x.html"], "no/such/dir"),
    (["oldtown", "sheet", "1"], "--out"),
    (["oldtown", "show", "1", "--svg", "{tmp}/no/such/dir/x.svg"], "no/such/dir"),
    (["oldtown", "solve", "1", "--svg", "{tmp}"], "directory"),
])
def test_bad_sheet_and_picture_input_is_one_line(run_cli, tmp_path, args, complaint):
    code, out, err = run_cli(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and complaint in err


# ---- the show and solve pictures ---------------------------------------------------------------------

def test_show_and_solve_draw_what_they_print(run_cli, tmp_path):
    shown, solved = tmp_path / "show.svg", tmp_path / "solve.svg"
    code, out, err = run_cli("oldtown", "show", "2", "--svg", shown)
    assert code == 0 and "Scenario 2" in out
    assert shown_town(parse(shown.read_text())) == CATALOGUE.scenario("2").published
    code, out, err = run_cli("oldtown", "solve", "5", "--svg", solved, "--json")
    assert code == 0, err
    first = json.loads(out)["solutions"]
    root = parse(solved.read_text())
    if first:
        assert {str(p): b for p, b in shown_town(root).items()} == first[0]["placement"]
    else:
        assert set(shown_town(root).values()) == {""}
    empty = tmp_path / "plan.svg"
    assert run_cli("oldtown", "show", "--svg", empty)[0] == 0
    assert set(shown_town(parse(empty.read_text())).values()) == {""}
