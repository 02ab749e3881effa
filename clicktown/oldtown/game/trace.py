"""Old Town's traces: the game_start line, the first state built from it, and a state's picture and words.

The schema is `clicktown.arena.trace`'s. Old Town's game_start adds the data files the catalogue
came from (`board`, `cards`: null for the built-in ones); the deal is in the trace as the chance
actions that deal each card (seat -1), so every hand and pile is rebuilt from the trace alone.
"""

from __future__ import annotations

from dataclasses import asdict
from functools import lru_cache

from ...arena.trace import ABANDONED, end_line, game_lines, start_line, winners_of

GAME = "oldtown"


def options_of(options) -> dict:
    """The rule options in force, by the command line's names (`--held-plots` -> "held-plots")."""
    return {name.replace("_", "-"): value for name, value in asdict(options).items()}


def start_event(state, index: int, seed: int, seats, board=None, cards=None) -> dict:
    """The game_start line of a game of `state` (before or after its deal)."""
    return start_line(GAME, index, seed, seats, options_of(state.options), board=board, cards=cards)


def end_event(state) -> dict:
    """The game_end line of a game the engine did not finish (a person quit): the engine tells its own end."""
    return end_line(winners_of(state), state.reason or ABANDONED, turns=state.turns)


def trace_lines(state, index: int, seed: int, seats, board=None, cards=None) -> list[dict]:
    """The whole trace of a game played on `state` (finished or abandoned)."""
    return game_lines(start_event(state, index, seed, seats, board, cards), state.events, state.applied,
                      end_event(state))


def _catalogue(board, cards):
    """The built-in catalogue (loaded once for the whole program), or the user's files, read once."""
    if board is None and cards is None:
        from ..catalogue import builtin_catalogue

        return builtin_catalogue()
    return _files_catalogue(board, cards)


@lru_cache(maxsize=4)
def _files_catalogue(board, cards):
    from ..sources import any_catalogue

    return any_catalogue(board=board, cards=cards)


def start_state(start: dict):
    """The engine's first state (before the deal) for a game_start line, recording its events."""
    from .rule_options import RuleOptions
    from .state import new_game

    options = RuleOptions(**{name.replace("-", "_"): value for name, value in start["options"].items()})
    return new_game(_catalogue(start.get("board"), start.get("cards")), start["players"], record=True,
                    options=options)


def picture(state, seat: int | None, lang: str = "en") -> str:
    """The plan as SVG: built buildings, markers, and (for a seat) that seat's own buildings marked;
    a spectator (`seat` None) sees no one's buildings. The plots the last move changed are outlined."""
    from ..render.svg import plan_svg
    from .view import changed_plots

    town, catalogue = state.town, state.catalogue
    placement = {p: b for b, p in town.built.items()}
    markers = {p: town.on_plot(p) for p in range(1, 17) if town.on_plot(p)}
    mine = set(state.owned[seat]) if seat is not None else set()
    return plan_svg(catalogue.board, placement, mine, markers, buildings=state.names, lang=lang,
                    names=catalogue.names_in(lang), last=changed_plots(state))


def told(state, event: dict, seat: int | None, lang: str = "en") -> str | None:
    """An event in words as `seat` is told it (a spectator, `seat` None, is told no one's cards)."""
    from .view import Words

    if event.get("event") == "turn_end":
        return watched_turn_end(event, lang)
    return Words(state, -1 if seat is None else seat, lang).event(event)


def watched_turn_end(event: dict, lang: str) -> str:
    """A turn_end line in words, told to a spectator: the turn and every seat's points."""
    from ...arena.state import SPECTATOR
    from ...messages import say, say_n
    from ...words import who

    points = ", ".join(f"{who(lang, s, SPECTATOR)}: {say_n(lang, 'common.points', p)}"
                       for s, p in enumerate(event["points"]))
    return say(lang, "web.viewer.turn_end", turn=event["turn"], points=points)


# ---- traces of the older schema (no actions): the board as their told events leave it ---------------

def old_boards(events: list[dict]) -> list[dict]:
    """The board after each event of an older trace: the markers and buildings of the last turn_end."""
    board: dict = {"plots": {}, "built": {}}
    out = []
    for e in events:
        if e.get("event") == "turn_end":
            board = {"plots": e.get("plots") or {}, "built": e.get("built") or {}}
        elif e.get("event") == "game_end" and isinstance(e.get("built"), dict):
            board = {"plots": board["plots"], "built": e["built"]}
        out.append(board)
    return out


def old_picture(board: dict, start: dict, lang: str = "en") -> str:
    """The plan of an older trace's board (plot -> markers, building -> plot)."""
    from ...errors import ClicktownError
    from ..render.svg import plan_svg

    catalogue = _catalogue(None, None)
    placement, markers = {}, {}
    for building, plot in board["built"].items():
        if not isinstance(plot, int) or not 1 <= plot <= 16:
            raise ClicktownError(f"built.{str(building)[:30]}: plots are numbered 1 to 16")
        placement[plot] = catalogue.building(building)
    for plot, buildings in board["plots"].items():
        if not str(plot).isdigit() or not 1 <= int(plot) <= 16 or not isinstance(buildings, list):
            raise ClicktownError(f"plots.{str(plot)[:10]}: plots are numbered 1 to 16, each with a list of buildings")
        markers[int(plot)] = [catalogue.building(b) for b in buildings[:18]]
    return plan_svg(catalogue.board, placement, set(), markers, buildings=catalogue.building_names, lang=lang,
                    names=catalogue.names_in(lang))


def old_told(event: dict, seat: int | None, lang: str = "en") -> str | None:
    """An event of an older trace in words (the built-in catalogue names its cards and buildings)."""
    from .state import new_game

    return told(new_game(_catalogue(None, None), 2, record=False), event, seat, lang)
