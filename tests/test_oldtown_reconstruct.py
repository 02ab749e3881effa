"""The card reconstruction's evidence, vocabulary and command (research code, never imported by the product).

The search itself (`fit.py`) is tested in test_oldtown_fit.py; here: what it reads and how it is run.
"""

from pathlib import Path

from click.testing import CliRunner

from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.solo import Clue, clue_holds
from research.oldtown_cards.__main__ import research as cli
from research.oldtown_cards.fit import card_options, card_uses
from research.oldtown_cards.reconstruct import Evidence
from research.oldtown_cards.scenarios import _rank, card_vocabulary, surviving_rows

CATALOGUE = load_catalogue()
EVIDENCE = Evidence(list(CATALOGUE.scenarios.values()), CATALOGUE.building_names)
A, B, C = card_vocabulary(CATALOGUE.board)


def test_the_vocabulary_keeps_the_yellow_counts():
    assert A and B and C
    assert all(len(r.plots) == 4 for r in A)
    assert all(len(r.plots) in (7, 8) for r in B)
    assert all(len({p for p, _ in r.pairs}) == 8 == len({q for _, q in r.pairs}) for r in C)


def test_the_printed_town_passes_every_option_the_search_may_choose():
    scenarios = {s.id: s for s in EVIDENCE.complete}
    uses = card_uses(scenarios.values())
    for scenario in scenarios.values():
        where = {b: p for p, b in scenario.published.items()}
        bound = dict(scenario.b)
        for n in scenario.card_numbers:
            if n > 18:
                continue  # type-B bindings and C relations are checked in the search itself
            for option in card_options(n, uses.get(n, []), scenarios, A, B, C, _rank):
                clue = Clue(n, "A", bound.get(n, option.building), option.plots, option.pairs)
                assert clue_holds(clue, where, scenario.mine), (scenario.id, n, option)


def test_scenario_7_surviving_rows_as_read():
    rows = surviving_rows(CATALOGUE.scenario("7"))
    assert rows == [["School", "Hotel", "Stable"], ["Sheriff", "Saloon", "Drugstore"],
                    ["Prison", "Laundry", "Bank"], ["Casino", "Judge", "Church", "Printer's"]]


def test_the_retired_method_is_gone():
    result = CliRunner().invoke(cli, ["reconstruct", "--method", "cegar"])
    assert result.exit_code == 2 and "No such option '--method'" in result.output


def test_steps_are_bounded():
    for bad in ("0", "10000001"):
        result = CliRunner().invoke(cli, ["reconstruct", "--steps", bad])
        assert result.exit_code == 2 and "--steps" in result.output and "Traceback" not in result.output


def test_steps_are_honoured(tmp_path):
    out = tmp_path / "cards.json"
    start = str(Path(__file__).parent.parent / "clicktown/oldtown/data/cards.json")  # records the plan of 7: no CP-SAT set-up
    result = CliRunner().invoke(cli, ["reconstruct", "--steps", "3", "--seed", "1", "--start", start, "--out", str(out)])
    assert result.exit_code == 0, result.output
    import json

    document = json.loads(out.read_text())
    assert document["search"]["steps"] <= 3 and document["search"]["method"] == "fit"
    assert "of at most 3 steps" in result.output
