"""The HTML of the solo page: the plan with a button on every plot, the tools, the buildings, the cards.

The test contract (docs/web.md): plots `data-plot="N"` (and `data-placed` once built on, set by
solo.js), cards `data-card="N"`, buildings `data-building="NAME"` (English), buttons
`data-action="..."`, the hint in `data-hint`, the status in `data-status`. The pictures drawn by
the project's SVG renderer carry `data-plot` too: on this page they are renamed `data-plan-plot`,
so that `[data-plot="3"]` finds the one button of plot 3.
"""

from __future__ import annotations

from html import escape

WORDS = {
    "en": {"undo": "Undo", "redo": "Redo", "restart": "Restart", "pencil": "Pencil", "check": "Check",
           "hint": "Hint", "remove": "Remove", "mistakes": "show mistakes", "buildings": "Buildings",
           "mine": "My buildings", "unknown": "unknown: {n} of them", "cards": "The {n} info cards",
           "code": "Puzzle code", "sheet": "printable sheet", "other": "Deutsch", "level": "level",
           "help": "Click a plot, then a building (or type its name). Arrow keys move between plots, "
                   "Delete clears one, Pencil notes candidates.",
           "playing": "Place the 16 buildings of the town.", "hint_none": "Ask for a hint when you are stuck.",
           "leicht": "easy", "mittel": "medium", "schwer": "hard", "": "unrated"},
    "de": {"undo": "Zurück", "redo": "Vor", "restart": "Neu beginnen", "pencil": "Bleistift", "check": "Prüfen",
           "hint": "Tipp", "remove": "Entfernen", "mistakes": "Fehler zeigen", "buildings": "Gebäude",
           "mine": "Meine Gebäude", "unknown": "unbekannt: {n} Stück", "cards": "Die {n} Infokarten",
           "code": "Rätselcode", "sheet": "Druckbogen", "other": "English", "level": "Stufe",
           "help": "Einen Platz anklicken, dann ein Gebäude (oder seinen Namen tippen). Pfeiltasten wechseln "
                   "den Platz, Entf leert ihn, Bleistift notiert Kandidaten.",
           "playing": "Setze die 16 Gebäude der Stadt.", "hint_none": "Wer nicht weiterkommt, bittet um einen Tipp.",
           "leicht": "leicht", "mittel": "mittel", "schwer": "schwer", "": "ohne Stufe"},
}

#: The sentences the page's script writes ({n}, {t}, {cards} filled in by it).
SCRIPT_WORDS = {
    "en": {"solved": "Solved in {t}. The town is complete and right.", "unbroken": "No card is broken by the buildings placed.",
           "broken": "Broken: card {cards}.", "brokens": "Broken: cards {cards}.", "pick_plot": "Choose a plot first.",
           "mistakes": "{n} placement(s) not in the solution (marked red).", "no_mistakes": "Every placement is in the solution.",
           "complete_wrong": "The town is full but not right.", "offline": "The server did not answer."},
    "de": {"solved": "Gelöst in {t}. Die Stadt ist vollständig und richtig.", "unbroken": "Die gesetzten Gebäude verletzen keine Karte.",
           "broken": "Verletzt: Karte {cards}.", "brokens": "Verletzt: Karten {cards}.", "pick_plot": "Erst einen Platz wählen.",
           "mistakes": "{n} Gebäude stehen anders als in der Lösung (rot markiert).", "no_mistakes": "Alle Gebäude stehen richtig.",
           "complete_wrong": "Die Stadt ist voll, aber nicht richtig.", "offline": "Der Server antwortet nicht."},
}


def unplotted(svg: str) -> str:
    """An SVG of the renderer with its `data-plot` attributes renamed (the page's plots are buttons)."""
    return svg.replace(" data-plot=", " data-plan-plot=")


def solo_body(catalogue, scenario, data: dict, lang: str) -> str:
    """The page's body (the script fills in what the player does)."""
    w = WORDS[lang]
    code = data["code"]
    other = "de" if lang == "en" else "en"
    level = w.get(scenario.level, scenario.level)
    return f"""<div class="solo" data-puzzle="{escape(data['id'])}">
<div class="solo-head"><h1>{escape(_title(scenario, lang))} <small>{escape(w['level'])}: {escape(level)}</small></h1>
<p class="links"><a href="?lang={other}" hreflang="{other}" data-action="lang">{w['other']}</a> ·
<a href="/oldtown/solo/{escape(scenario.id)}/sheet?lang={lang}" target="_blank">{w['sheet']}</a> ·
{w['code']}: <code data-code>{escape(code)}</code></p></div>
<div class="solo-play">
<div class="plan-wrap">{_plan(catalogue)}</div>
<div class="side">
<p class="status" data-status="playing" aria-live="polite"><span class="message">{w['playing']}</span> <span class="clock" data-clock></span></p>
<div class="tools">{_tools(w)}</div>
<label class="mistakes"><input type="checkbox" data-option="mistakes"> {w['mistakes']}</label>
<div class="hint" data-hint aria-live="polite">{w['hint_none']}</div>
<h2>{w['buildings']}</h2>
<div class="palette">{_palette(catalogue, scenario, lang)}</div>
<p class="mine"><b>{w['mine']}:</b> {_mine(catalogue, scenario, lang)}</p>
<p class="help">{w['help']}</p>
</div>
</div>
<h2>{w['cards'].format(n=len(scenario.card_numbers))}</h2>
<div class="cards">{_cards(catalogue, scenario, lang)}</div>
</div>"""


def _title(scenario, lang: str) -> str:
    if scenario.id.startswith("ot-"):
        return "Old Town: " + ("neues Rätsel" if lang == "de" else "a generated puzzle")
    return f"Old Town: {'Szenario' if lang == 'de' else 'scenario'} {scenario.id}"


def _plan(catalogue) -> str:
    """The board plan (streets, railway, doors, landmarks) with a button laid over every plot."""
    from ..oldtown.render.svg import PLAN, plan_svg

    board = catalogue.board
    width, height = PLAN.size(board)
    buttons = []
    for plot in board.plots:
        x, y = PLAN.x(board.column(plot)), PLAN.y(board.row(plot))
        box = (f"left:{100 * x / width:.3f}%;top:{100 * y / height:.3f}%;"
               f"width:{100 * PLAN.plot_w / width:.3f}%;height:{100 * PLAN.plot_h / height:.3f}%")
        buttons.append(f'<button type="button" class="plot" data-plot="{plot}" style="{box}" '
                       f'aria-label="plot {plot}"><span class="name"></span><span class="notes"></span></button>')
    return (f'<div class="plan" style="aspect-ratio:{width:g}/{height:g}">{unplotted(plan_svg(board))}'
            + "".join(buttons) + "</div>")


def _tools(w: dict) -> str:
    actions = ("undo", "redo", "restart", "pencil", "check", "hint")
    return "".join(f'<button type="button" data-action="{a}">{w[a]}</button>' for a in actions)


def _palette(catalogue, scenario, lang: str) -> str:
    """One button per building; my buildings are marked."""
    mine = scenario.mine or frozenset()
    items = []
    for b in catalogue.building_names:
        shown = catalogue.buildings[b].de if lang == "de" else b
        css = "building mine" if b in mine else "building"
        items.append(f'<button type="button" class="{css}" data-building="{escape(b)}">{escape(shown)}</button>')
    items.append(f'<button type="button" class="building remove" data-action="remove">{WORDS[lang]["remove"]}</button>')
    return "".join(items)


def _mine(catalogue, scenario, lang: str) -> str:
    if scenario.mine is None:
        return WORDS[lang]["unknown"].format(n=scenario.mine_count)
    return ", ".join(escape(catalogue.buildings[b].de if lang == "de" else b) for b in sorted(scenario.mine))


def _cards(catalogue, scenario, lang: str) -> str:
    """The scenario's cards as the printable sheet draws them (sentence, binding, small plan)."""
    from ..oldtown.render.sheet import MINI_SYMBOL, Sheet, card_html
    from ..oldtown.render.svg import plan_symbol, star_symbol

    sheet = Sheet(catalogue, lang)
    bound = dict(scenario.b)
    symbols = (f'<svg class="symbols" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"><defs>'
               f"{plan_symbol(catalogue.board, MINI_SYMBOL, mini=True)}{star_symbol()}</defs></svg>")
    cards = [card_html(sheet, catalogue.card(n), bound.get(n), n in bound) for n in scenario.card_numbers]
    return unplotted(symbols + "\n".join(cards))
