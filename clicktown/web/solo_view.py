"""The HTML of the solo page: the plan with a button on every plot, the tools, the buildings, the cards;
and the page of a puzzle that is not there.

The test contract (docs/web.md): plots `data-plot="N"` (and `data-placed`, `data-lit` set by solo.js),
cards `data-card="N"`, buildings `data-building="NAME"` (English), buttons `data-action="..."`, the
hint in `data-hint`, the status in `data-status`, the code in `data-code`, the code field
`data-field="code"`, the solve question `data-confirm="solve"`, a scenario without a solution
`data-notice="no-solution"`. The pictures drawn by the project's SVG renderer carry `data-plot` too:
on this page they are renamed `data-plan-plot`, so that `[data-plot="3"]` finds the one button of plot 3.

Every word comes from the message catalogs (`web.solo.*`); the script's sentences travel in the
page's data (`script_words`).
"""

from __future__ import annotations

from html import escape

from ..messages import catalog, say, say_n

#: The page's buttons above the hint, in order.
TOOLS = ("undo", "redo", "restart", "pencil", "check", "hint", "fill", "solve")
#: The sentences solo.js writes, by its own names (the catalog's key is `web.solo.<name>`).
SCRIPT_SENTENCES = ("playing", "solved", "unbroken", "no_mistakes", "complete_wrong", "pick_plot", "offline",
                    "copied", "copy_by_hand", "filled", "hint_none", "no_solution", "shown", "shown_one_of",
                    "plot", "plot_built")
#: Sentences whose words follow a count: solo.js receives the form for one and the form for more.
SCRIPT_COUNTED = ("broken", "mistakes_found")


def word(lang: str, name: str, **facts) -> str:
    """The page's sentence `name` in `lang`."""
    return say(lang, f"web.solo.{name}", **facts)


def script_words(lang: str) -> dict:
    """The sentences of solo.js, fields left for it to fill in ({t}, {n}, {cards}, {building});
    a counted one as [form for 1, form for more] (both languages count as n == 1 or not)."""
    words = {name: catalog(lang).gettext(f"web.solo.{name}") for name in SCRIPT_SENTENCES}
    for name in SCRIPT_COUNTED:
        words[name] = [catalog(lang).ngettext(f"web.solo.{name}", f"web.solo.{name}", n) for n in (1, 2)]
    return words


def title(scenario, lang: str) -> str:
    """'Old Town: scenario 3', or a generated puzzle's title."""
    if scenario.id.startswith("ot-"):
        return word(lang, "title_generated")
    return word(lang, "title", id=scenario.id)


def unplotted(svg: str) -> str:
    """An SVG of the renderer with its `data-plot` attributes renamed (the page's plots are buttons)."""
    return svg.replace(" data-plot=", " data-plan-plot=")


def solo_body(catalogue, scenario, data: dict, lang: str) -> str:
    """The page's body (the script fills in what the player does)."""
    level = word(lang, f"level.{scenario.level}" if scenario.level else "level.none")
    notice = ""
    if data["solutions"] == 0:
        notice = f'<p class="notice" data-notice="no-solution" role="alert">{escape(word(lang, "no_solution"))}</p>'
    return f"""<div class="solo" data-puzzle="{escape(data['id'])}">
<h1 class="solo-title">{escape(title(scenario, lang))} <small>{escape(word(lang, 'level'))}: {escape(level)}</small></h1>
{notice}
<div class="solo-play">
<div class="plan-wrap">{_plan(catalogue, lang)}</div>
<div class="side">
<p class="status" data-status="playing" aria-live="polite"><span class="message">{escape(word(lang, 'playing'))}</span> <span class="clock" data-clock></span></p>
<div class="tools">{_tools(lang)}</div>
<div class="confirm" data-confirm="solve" hidden><span>{escape(word(lang, 'solve_ask'))}</span>
<button type="button" data-action="solve-yes">{escape(word(lang, 'solve_yes'))}</button>
<button type="button" data-action="solve-no">{escape(word(lang, 'solve_no'))}</button></div>
<label class="mistakes"><input type="checkbox" data-option="mistakes"> {escape(word(lang, 'mistakes'))}</label>
<div class="hint" data-hint aria-live="polite">{escape(word(lang, 'hint_none'))}</div>
<h2 class="palette-head">{escape(word(lang, 'buildings'))}</h2>
<div class="palette">{_palette(catalogue, scenario, lang)}</div>
<p class="mine"><b>{escape(word(lang, 'mine'))}:</b> {_mine(catalogue, scenario, lang)}</p>
<p class="help">{escape(word(lang, 'help'))}</p>
</div>
</div>
{_code(scenario, data['code'], lang)}
<h2 class="cards-head">{escape(say_n(lang, 'web.solo.cards', len(scenario.card_numbers)))}</h2>
<div class="cards">{_cards(catalogue, scenario, lang)}</div>
</div>"""


def _code(scenario, code: str, lang: str) -> str:
    """The links, the puzzle code with its copy button, and the field to open another code."""
    other = "de" if lang == "en" else "en"
    return f"""<div class="solo-code">
<p class="links"><a href="?lang={other}" hreflang="{other}" data-action="lang">{escape(word(lang, 'other_language'))}</a> ·
<a href="/oldtown/solo/{escape(scenario.id)}/sheet?lang={lang}" target="_blank">{escape(word(lang, 'sheet'))}</a> ·
{escape(word(lang, 'code'))}: <code data-code>{escape(code)}</code>
<button type="button" data-action="copy">{escape(word(lang, 'copy'))}</button></p>
{code_form(lang)}
</div>"""


def code_form(lang: str, typed: str = "") -> str:
    """The field to type or paste a puzzle code (or a rulebook scenario's number); it works without the script."""
    return f"""<form class="open-code" action="/oldtown/solo/open" method="get">
<label>{escape(word(lang, 'open_label'))} <input name="code" data-field="code" value="{escape(typed)}"
 autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="ot-..." maxlength="200" required></label>
<input type="hidden" name="lang" value="{lang}">
<button type="submit" data-action="open">{escape(word(lang, 'open'))}</button>
</form>"""


def missing_body(typed: str, reason: str, rulebook: tuple[str, ...], lang: str) -> str:
    """The page of a puzzle that is not there: why, the field to try again, the rulebook's scenarios."""
    links = " · ".join(f'<a href="/oldtown/solo/{i}?lang={lang}">{escape(i)}</a>' for i in rulebook)
    return f"""<div class="solo missing" data-missing>
<h1>{escape(word(lang, 'not_found'))}</h1>
<p class="reason" data-reason>{escape(word(lang, reason, code=typed[:80]))}</p>
{code_form(lang, typed[:200])}
<p>{escape(word(lang, 'rulebook'))} {links}</p>
</div>"""


def _plan(catalogue, lang: str) -> str:
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
                       f'aria-label="{escape(word(lang, "plot", n=plot))}"><span class="name"></span><span class="notes"></span></button>')
    return (f'<div class="plan" role="group" aria-label="{escape(word(lang, "plan"))}" style="aspect-ratio:{width:g}/{height:g}">'
            f'{unplotted(plan_svg(board, lang=lang))}' + "".join(buttons) + "</div>")


def _tools(lang: str) -> str:
    return "".join(f'<button type="button" data-action="{a}">{escape(word(lang, a))}</button>' for a in TOOLS)


def _palette(catalogue, scenario, lang: str) -> str:
    """One button per building; my buildings are marked."""
    mine = scenario.mine or frozenset()
    items = []
    for b in catalogue.building_names:
        shown = catalogue.names_in(lang)[b]
        css = "building mine" if b in mine else "building"
        items.append(f'<button type="button" class="{css}" data-building="{escape(b)}">{escape(shown)}</button>')
    items.append(f'<button type="button" class="building remove" data-action="remove">{escape(word(lang, "remove"))}</button>')
    return "".join(items)


def _mine(catalogue, scenario, lang: str) -> str:
    if scenario.mine is None:
        return escape(say_n(lang, "web.solo.mine_unknown", scenario.mine_count))
    return ", ".join(escape(catalogue.names_in(lang)[b]) for b in sorted(scenario.mine))


def _cards(catalogue, scenario, lang: str) -> str:
    """The scenario's cards as the printable sheet draws them (sentence, binding, small plan)."""
    from ..oldtown.render.sheet import MINI_SYMBOL, Sheet, card_html
    from ..oldtown.render.svg import plan_symbol, star_symbol

    sheet = Sheet(catalogue, lang)
    bound = dict(scenario.b)
    symbols = (f'<svg class="symbols" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"><defs>'
               f"{plan_symbol(catalogue.board, MINI_SYMBOL, mini=True, lang=lang)}{star_symbol()}</defs></svg>")
    cards = [card_html(sheet, catalogue.card(n), bound.get(n), n in bound) for n in scenario.card_numbers]
    return unplotted(symbols + "\n".join(cards))
