"""Old Town's solo puzzles in the browser: the page of one scenario and its JSON API.

Pages:
  /oldtown/solo/<id>                     a rulebook scenario (1 to 8, 5-first-printing) or a puzzle code
  /oldtown/solo/new?level=...&seed=...   a generated scenario: redirects to the page of its code
  /oldtown/solo/<id>/sheet               the printable sheet (no solutions)
  /oldtown/solo/open?code=...            the page of a code typed or pasted (a page that says so when
                                         there is no such puzzle, as for every page of an unknown id)
API (JSON; the request carries the player's placements, the server keeps no game):
  GET  /api/oldtown/solo/<id>            the scenario: cards, buildings, my buildings, code
  POST /api/oldtown/solo/<id>/check      the cards the placed buildings break; with "mistakes",
                                         the placements no solution has; whether the town is solved
  POST /api/oldtown/solo/<id>/hint       the easiest next deduction from the player's placements and
                                         pencil notes, ending in what to write down (docs/web.md)
  GET  /api/oldtown/solo/<id>/solution   the first solution (the page's "solve", after asking)
  GET  /api/oldtown/solo/new?level&seed  the code of a generated scenario
A browser that opens an API address of an unknown puzzle (it asks for text/html) gets the page that
says so rather than JSON.

The only memory kept is a bounded cache of scenarios with their solutions (PUZZLES_KEPT).
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Annotated, Literal

from fastapi import APIRouter, Body, HTTPException, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from ..messages import say
from .home import SECTIONS
from .page import page, wants_html

router = APIRouter()

#: How many scenarios (with their solutions) are kept in memory at once; the oldest goes first.
PUZZLES_KEPT = 64
#: Seeds of generated scenarios: 0 to this.
MAX_SEED = 2**31 - 1
IDENT = Path(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9-]+$", description="scenario id or puzzle code")
PLAIN_IDENT = re.compile(r"[A-Za-z0-9-]{1,80}")
Lang = Literal["en", "de"]
Level = Literal["leicht", "mittel", "schwer"]
RULEBOOK = ("1", "2", "3", "4", "5", "6", "7", "8", "5-first-printing")



def home_section(lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The home page's section of the solo puzzles: the rulebook's scenarios and a new puzzle of each level."""
    return say(lang, "web.home.solo.heading"), [
        *((f"/oldtown/solo/{i}", scenario_name(i, lang)) for i in RULEBOOK),
        *((f"/oldtown/solo/new?level={level}", say(lang, f"web.home.solo.new.{level}")) for level in Level.__args__),
    ]


def scenario_name(ident: str, lang: str) -> str:
    """A rulebook scenario's name on the home page: its number, and the printing when it is not the current one."""
    number, _, printing = ident.partition("-")
    return say(lang, "web.home.solo.scenario" + (f".{printing}" if printing else ""), n=number)


SECTIONS.append(home_section)


# -- the scenarios, with their solutions ------------------------------------------------------------

def catalogue():
    """The built-in Old Town catalogue (loaded once per process)."""
    from ..oldtown.catalogue import builtin_catalogue

    return builtin_catalogue()


class Entry:
    """A scenario as the pages use it: its puzzle, code and solutions (up to 10)."""

    def __init__(self, scenario):
        from ..oldtown.puzzles.code import scenario_code
        from ..oldtown.solve.count import solve

        self.scenario = scenario
        self.puzzle = catalogue().puzzle(scenario)
        self.code = scenario_code(catalogue(), scenario)
        self.solutions = solve(self.puzzle, 10)
        self.bodies: dict[str, str] = {}  # the page's body by language


_kept: OrderedDict[str, Entry] = OrderedDict()
_keeping = threading.Lock()  # the page functions run in a thread pool


def entry(ident: str) -> Entry:
    """The scenario of a rulebook id or a puzzle code (404 when there is none)."""
    with _keeping:
        found = _kept.get(ident)
    if found is None:
        found = Entry(_scenario(ident))  # outside the lock: other requests go on meanwhile
    with _keeping:
        _kept[ident] = found
        _kept.move_to_end(ident)
        while len(_kept) > PUZZLES_KEPT:
            _kept.popitem(last=False)
    return found


def _scenario(ident: str):
    from ..errors import ClicktownError
    from ..oldtown.puzzles.code import is_code, scenario_from_code

    found = catalogue().scenarios.get(ident)
    if found is None and is_code(ident):
        try:
            found = scenario_from_code(catalogue(), ident)
        except ClicktownError as exc:
            raise HTTPException(404, str(exc)) from None
    if found is None:
        raise HTTPException(404, f"unknown scenario {ident!r}: a rulebook scenario ({', '.join(RULEBOOK)}) or a puzzle code")
    return found


@lru_cache(maxsize=PUZZLES_KEPT)
def generated_code(level: str, seed: int) -> str:
    """The code of the first scenario the generator draws at this level and seed."""
    from ..oldtown.puzzles.code import scenario_code
    from ..oldtown.puzzles.generate import generate_scenarios

    made = next(generate_scenarios(catalogue(), level, 1, seed))
    return scenario_code(catalogue(), made.scenario)


# -- requests -----------------------------------------------------------------------------------------

class Board(BaseModel):
    """What the player has placed: plot (1-16) -> building (its English name)."""

    model_config = ConfigDict(extra="forbid")
    placement: dict[int, str] = Field(default_factory=dict, max_length=16)

    def checked(self) -> dict[int, str]:
        """The placement, refused with a 422 naming the first thing wrong in it."""
        names = set(catalogue().building_names)
        seen: dict[str, int] = {}
        for plot, building in sorted(self.placement.items()):
            if not 1 <= plot <= 16:
                raise HTTPException(422, f"placement: plot {plot} is not a plot of the board (1 to 16)")
            if building not in names:
                raise HTTPException(422, f"placement: {building[:40]!r} on plot {plot} is not a building of Old Town")
            if building in seen:
                raise HTTPException(422, f"placement: the {building} stands on plots {seen[building]} and {plot}")
            seen[building] = plot
        return dict(self.placement)


class CheckRequest(Board):
    mistakes: StrictBool = False   # strict, as every number and flag of a body: no 1 or "true"


class HintRequest(Board):
    """The player's board (placements and pencil notes: plot -> the buildings they still allow)."""

    notes: dict[int, Annotated[list[str], Field(max_length=18)]] = Field(default_factory=dict, max_length=16)
    lang: Lang = "en"

    def checked_notes(self) -> dict[int, tuple[str, ...]]:
        """The notes, refused with a 422 naming the first thing wrong in them."""
        names = set(catalogue().building_names)
        for plot, buildings in sorted(self.notes.items()):
            if not 1 <= plot <= 16:
                raise HTTPException(422, f"notes: plot {plot} is not a plot of the board (1 to 16)")
            if not buildings:
                raise HTTPException(422, f"notes: plot {plot} allows no building (leave out a plot without notes)")
            odd = next((b for b in buildings if b not in names), None)
            if odd is not None:
                raise HTTPException(422, f"notes: {odd[:40]!r} on plot {plot} is not a building of Old Town")
        return {p: tuple(dict.fromkeys(bs)) for p, bs in self.notes.items()}


# -- the API ------------------------------------------------------------------------------------------

@router.get("/api/oldtown/solo/new")
def api_new(level: Level = "leicht", seed: int = Query(None, ge=0, le=MAX_SEED)):
    seed = random.randrange(MAX_SEED) if seed is None else seed
    code = generated_code(level, seed)
    return {"level": level, "seed": seed, "code": code, "url": f"/oldtown/solo/{code}"}


@router.get("/api/oldtown/solo/{ident}")
def api_state(request: Request, ident: str = IDENT, lang: Lang = "en"):
    try:
        return state(entry(ident), lang)
    except HTTPException as exc:
        if exc.status_code == 404 and wants_html(request):
            return missing_page(ident, lang)
        raise


@router.get("/api/oldtown/solo/{ident}/solution")
def api_solution(ident: str = IDENT):
    found = entry(ident)
    town = found.solutions[0].placement if found.solutions else None
    return {"solutions": len(found.solutions),
            "town": {str(plot): building for plot, building in sorted(town.items())} if town else None}


@router.post("/api/oldtown/solo/{ident}/check")
def api_check(ident: str = IDENT, request: CheckRequest = Body(...)):
    from ..oldtown.solo import broken_cards, misplaced, town_complete

    found = entry(ident)
    placement = request.checked()
    answer = {"broken": broken_cards(found.puzzle, placement), "placed": len(placement),
              "solved": town_complete(placement, found.solutions)}
    if request.mistakes:
        answer["mistakes"] = misplaced(placement, found.solutions)
    return answer


@router.post("/api/oldtown/solo/{ident}/hint")
def api_hint(ident: str = IDENT, request: HintRequest = Body(...)):
    from ..oldtown.puzzles.hints import next_hint

    found = entry(ident)
    placement, notes = request.checked(), request.checked_notes()
    return next_hint(catalogue(), found.scenario, placement, notes, request.lang, found.solutions).as_dict()


def state(found: Entry, lang: str) -> dict:
    """The scenario as the page's script reads it."""
    from ..oldtown.puzzles.explain import Explainer

    s, cat = found.scenario, catalogue()
    explainer = Explainer(cat, s, lang)
    bound = dict(s.b)
    return {
        "id": s.id, "level": s.level, "code": found.code, "lang": lang,
        "mine": sorted(s.mine) if s.mine is not None else None, "mine_count": s.mine_count,
        "buildings": [{"name": b, "de": cat.buildings[b].de, "shown": cat.names_in(lang)[b]} for b in cat.building_names],
        "cards": [{"number": n, "type": cat.cards[n].kind, "building": bound.get(n, cat.cards[n].building),
                   "text": explainer.card_sentence(n)} for n in s.card_numbers],
        "solutions": len(found.solutions),
    }


# -- the pages ----------------------------------------------------------------------------------------

@router.get("/oldtown/solo/new")
def new_page(level: Level = "leicht", seed: int = Query(None, ge=0, le=MAX_SEED), lang: Lang = "en"):
    code = api_new(level, seed)["code"]
    return RedirectResponse(f"/oldtown/solo/{code}" + (f"?lang={lang}" if lang != "en" else ""), status_code=303)


@router.get("/oldtown/solo/open")
def open_page(code: str = Query("", max_length=200), lang: Lang = "en"):
    """The page of a code typed or pasted: spaces and capitals are forgiven."""
    ident = "".join(code.split()).lower()
    if PLAIN_IDENT.fullmatch(ident):
        try:
            entry(ident)
        except HTTPException:
            pass
        else:
            return RedirectResponse(f"/oldtown/solo/{ident}?lang={lang}", status_code=303)
    return missing_page(code.strip(), lang)


@router.get("/oldtown/solo/{ident}/sheet")
def sheet_page(ident: str = IDENT, lang: Lang = "en"):
    from ..oldtown.render.sheet import SheetScenario, sheet_html

    try:
        found = entry(ident)
    except HTTPException:
        return missing_page(ident, lang)
    item = SheetScenario(found.scenario, tuple(found.solutions[:2]))
    return HTMLResponse(sheet_html(catalogue(), [item], "none", lang), headers={"Cache-Control": "no-store"})


@router.get("/oldtown/solo/{ident}")
def solo_page(ident: str = Path(max_length=200), lang: Lang = "en"):
    from .solo_view import script_words, solo_body, title

    if not PLAIN_IDENT.fullmatch(ident):
        return missing_page(ident, lang)
    try:
        found = entry(ident)
    except HTTPException:
        return missing_page(ident, lang)
    if lang not in found.bodies:  # the page of a scenario never changes: drawn once per language
        data = state(found, lang)
        script = json.dumps({**data, "words": script_words(lang)}, ensure_ascii=False).replace("</", "<\\/")
        found.bodies[lang] = (solo_body(catalogue(), found.scenario, data, lang)
                              + f'\n<script type="application/json" id="solo-data">{script}</script>')
    return page(title(found.scenario, lang), found.bodies[lang], scripts=("solo.js",), lang=lang, styles=("solo.css",))


def missing_page(typed: str, lang: str) -> HTMLResponse:
    """The page (404) of a puzzle that is not there: a mistyped code, an unknown scenario."""
    from ..oldtown.puzzles.code import is_code
    from .solo_view import missing_body, word

    reason = "mistyped_code" if is_code(typed) else "unknown_puzzle"
    answer = page(word(lang, "not_found"), missing_body(typed, reason, RULEBOOK, lang), lang=lang, styles=("solo.css",))
    answer.status_code = 404
    return answer
