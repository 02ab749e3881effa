"""Pictures: how fast each game's SVG picture is drawn, against its plain-text view in the same run,
and the time to write a whole printable sheet (where solving the scenario is most of the work)."""

import random
import time

from clicktown.oldtown.render import text as ot_text
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.render.sheet import sheet_html, solve_for_sheet
from clicktown.oldtown.render.svg import plan_svg
from clicktown.patterns import load_deck, valid_patterns
from clicktown.patterns.render import text as report
from clicktown.patterns.cards import Wheel
from clicktown.patterns.render.svg import list_picture
from clicktown.sequence import count_sequences, load_game
from clicktown.sequence.geometry import CELLS, CORNERS
from clicktown.sequence.position import Position
from clicktown.sequence.render.text import board_view
from clicktown.sequence.render.svg import board_picture

ROUNDS = 200


def _per_second(draw, items) -> float:
    """Items drawn per second."""
    start = time.perf_counter()
    for item in items:
        draw(item)
    return len(items) / (time.perf_counter() - start)


def _line(name: str, svg: float, text: float) -> None:
    print(f"{name:<24} SVG {svg:8.0f}/s   text view {text:8.0f}/s (baseline)   SVG takes {text / svg:5.1f}x as long")


def main() -> None:
    """Print the rates and ratios."""
    rng = random.Random(0)
    catalogue = load_catalogue()
    towns = [s for s in catalogue.scenarios.values() if s.published] * (ROUNDS // 8)
    _line("Old Town plan", _per_second(lambda s: plan_svg(catalogue.board, s.published, s.mine or ()), towns),
          _per_second(lambda s: ot_text.plan(catalogue.board, s.published, s.mine or ()), towns))
    deck = load_deck()
    wheels = [Wheel(tuple(rng.sample(deck.cards, 8))) for _ in range(ROUNDS)]
    listed = [(w, valid_patterns(w)) for w in wheels]
    _line("Wild Wild Pattern wheel", _per_second(lambda x: list_picture(*x), listed),
          _per_second(lambda x: report.list_text(*x), listed))
    game = load_game("sequence")
    positions = [Position("".join("*" if i in CORNERS else rng.choice("AB....") for i in CELLS)) for _ in range(ROUNDS // 4)]
    counted = [(p, count_sequences(p)) for p in positions]
    _line("Sequence board", _per_second(lambda x: board_picture(game, *x), counted),
          _per_second(lambda x: board_view(game, x[0]), counted))
    start = time.perf_counter()
    items = [solve_for_sheet(catalogue, catalogue.scenario("1"))]
    solved = time.perf_counter() - start
    start = time.perf_counter()
    size = len(sheet_html(catalogue, items))
    drawn = time.perf_counter() - start
    print(f"{'sheet of scenario 1':<24} solving {solved * 1000:6.1f} ms (baseline), drawing {drawn * 1000:6.1f} ms, "
          f"{size / 1024:.0f} KiB of HTML")
    sheet_sizes(catalogue)


def sheet_sizes(catalogue) -> None:
    """Bytes of HTML per scenario, with the plans drawn once and reused against every picture drawn in
    full (the baseline, same run), for each rulebook scenario and for all of them on one sheet."""
    scenarios = [s for s in catalogue.scenarios.values() if s.published]
    items = [solve_for_sheet(catalogue, s) for s in scenarios]
    shared = len(sheet_html(catalogue, [], "end").encode())
    print(f"{'sheet, shared part':<24} {shared / 1024:6.1f} KiB (symbols and the page of relation words)")
    for item in items:
        reused = len(sheet_html(catalogue, [item], "end").encode()) - shared
        full = len(sheet_html(catalogue, [item], "end", reuse=False).encode()) - len(
            sheet_html(catalogue, [], "end", reuse=False).encode())
        print(f"{'sheet, scenario ' + item.scenario.id:<24} {reused / 1024:6.1f} KiB with reuse, "
              f"{full / 1024:6.1f} KiB drawn in full (baseline): {full / reused:4.1f}x smaller")
    together = len(sheet_html(catalogue, items, "end").encode())
    baseline = len(sheet_html(catalogue, items, "end", reuse=False).encode())
    print(f"{'sheet, all ' + str(len(items)) + ' scenarios':<24} {together / 1024:6.1f} KiB with reuse, "
          f"{baseline / 1024:6.1f} KiB drawn in full (baseline): {baseline / together:4.1f}x smaller")
