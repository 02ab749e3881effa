"""Old Town: board vocabulary, catalogue, the two backends, verification and the CLI."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clicktown.oldtown.solve import count, cpsat as model, csp
from clicktown.oldtown.catalogue import load_catalogue
from research.oldtown_cards.scenarios import card_vocabulary, neighbour_towns
from clicktown.oldtown.solo import Clue, Puzzle, Solution, validate
from clicktown.oldtown.solve.verify import classify, meets_expectation

CATALOGUE = load_catalogue()
RULEBOOK = list(CATALOGUE.scenarios.values())
PRINTED = [s for s in RULEBOOK if len(s.published) == 16 and s.mine is not None]


# -- board and vocabulary ------------------------------------------------------------------------

def test_board_regions_are_derived_from_the_plan():
    board = CATALOGUE.board
    assert board.regions["corner"].plots == {1, 4, 13, 16}
    assert board.regions["centre"].plots == {6, 7, 10, 11}
    assert board.regions["side:Main Street:N"].plots == {5, 6, 7, 8}
    assert board.regions["side:Cavendish Street:E"].plots == {4, 8, 12, 16}
    assert board.regions["on:Main Street"].plots == set(range(5, 13))
    assert board.regions["sight:cemetery"].plots == {9, 10, 13, 14}
    assert board.relations["across:railway"].pairs == {(1, 5), (2, 6), (3, 7), (4, 8), (5, 1), (6, 2), (7, 3), (8, 4)}


def test_the_edges_are_labelled_with_the_line_between():
    board = CATALOGUE.board
    assert board.edge(6, 10).line == "Main Street"
    assert board.edge(10, 9).line == "Front Street"
    assert board.edge(13, 14).line is None
    assert board.edge(1, 16) is None
    assert len(board.edges) == 24


def test_vocabulary_sizes_match_the_card_types():
    a, b, c = card_vocabulary(CATALOGUE.board)
    assert a and b and c
    assert all(len(r.plots) == 4 for r in a)
    assert all(len(r.plots) in (7, 8) for r in b)
    assert all(len(r.building_plots) == 8 and len(r.my_plots) == 8 for r in c)


def test_every_card_allows_the_count_of_its_type():
    for card in CATALOGUE.cards.values():
        if card.kind == "A":
            assert len(card.plots) == 4, card.number
        elif card.kind == "B":
            assert len(card.plots) in (7, 8), card.number
        else:
            assert len({a for a, _ in card.pairs}) == 8 and len({b for _, b in card.pairs}) == 8, card.number
    assert sorted(CATALOGUE.cards) == list(range(1, 61))


def test_card_numbers_follow_the_types():
    for n, card in CATALOGUE.cards.items():
        assert card.kind == ("A" if n <= 18 else "C" if n <= 36 else "B")


def test_cards_render_sentences_in_both_languages():
    for card in CATALOGUE.cards.values():
        assert card.text_de.endswith(".") and card.text_en.endswith(".")
        if card.kind == "B":
            assert card.text_de.startswith("Mein Gebäude")


@pytest.mark.parametrize("scenario", [s for s in RULEBOOK if len(s.published) == 16 and s.id != "5-first-printing"],
                         ids=lambda s: s.id)
def test_published_towns_satisfy_their_cards(scenario):
    puzzle = CATALOGUE.puzzle(scenario)
    if scenario.mine is not None:
        assert validate(puzzle, Solution.of(scenario.published, scenario.mine))
    else:  # my buildings not printed: some choice of them must explain the printed town
        pins = tuple(Clue(0, "A", b, frozenset({p})) for p, b in scenario.published.items())
        pinned = Puzzle(puzzle.clues + pins, puzzle.buildings, None, scenario.mine_count)
        assert model.solve(pinned, 1)


def test_neighbour_towns_count():
    town = {p: b for p, b in zip(range(1, 17), CATALOGUE.building_names)}
    assert len(neighbour_towns(town, CATALOGUE.building_names)) == 120 + 16 * 2 + 560 * 2


# -- the two backends agree -----------------------------------------------------------------------

def _as_set(found):
    return {(s.town, s.mine) for s in found}


@pytest.mark.parametrize("scenario", RULEBOOK, ids=lambda s: s.id)
def test_backends_agree_on_the_rulebook(scenario):
    puzzle = CATALOGUE.puzzle(scenario)
    by_cpsat = model.solve(puzzle, 40)
    by_csp = csp.solve(puzzle, 40)
    by_count = count.solve(puzzle, 40)
    assert len(by_cpsat) == len(by_csp) == len(by_count)
    if len(by_cpsat) < 40:
        assert _as_set(by_cpsat) == _as_set(by_csp) == _as_set(by_count)
    assert all(validate(puzzle, s) for s in by_cpsat + by_csp + by_count)


A_CARD_OF = {CATALOGUE.cards[n].building: CATALOGUE.cards[n] for n in range(1, 19)}


def _town_honouring_a_cards(rng):
    """A random town in which most buildings stand where their type-A card (if any) allows."""
    buildings = list(CATALOGUE.building_names)
    rng.shuffle(buildings)
    placed, town = buildings[:16], {}

    def place(i):
        if i == len(placed):
            return True
        card = A_CARD_OF.get(placed[i])  # a building no type-A card names may stand anywhere
        plots = [p for p in (card.plots if card else range(1, 17)) if p not in town]
        rng.shuffle(plots)
        for p in plots:
            town[p] = placed[i]
            if place(i + 1):
                return True
            del town[p]
        return False

    if not place(0):  # no such town for this draw: any town will do
        town = dict(zip(range(1, 17), placed))
    return town


@st.composite
def random_puzzles(draw):
    """A random town and my buildings, and cards of the catalogue that the town satisfies."""
    rng = draw(st.randoms(use_true_random=False))
    town = _town_honouring_a_cards(rng)
    where = {b: p for p, b in town.items()}
    placed = sorted(where)
    mine = frozenset(rng.sample(placed, draw(st.integers(1, 3))))
    clues = []
    for card in CATALOGUE.cards.values():
        if card.kind == "A" and card.building in where and where[card.building] in card.plots:
            if rng.random() < 0.9:
                clues.append(card.clue())
        elif card.kind == "B":
            fits = [b for b in placed if where[b] in card.plots]
            if fits and rng.random() < 0.2:
                unbound = rng.random() < 0.2 and any(where[m] in card.plots for m in mine)
                clues.append(card.clue(None if unbound else rng.choice(fits)))
        elif card.kind == "C":
            clue = card.clue()
            answered = clue.building in where and any((where[clue.building], where[m]) in clue.pairs
                                                      for m in mine - {clue.building})
            if answered and rng.random() < 0.5:
                clues.append(clue)
    known = len(mine) == 3 or draw(st.booleans())  # python-constraint2 tries every unknown choice
    puzzle = Puzzle(tuple(clues), CATALOGUE.building_names, mine if known else None, len(mine))
    return puzzle, Solution.of(town, mine)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_puzzles())
def test_backends_agree_on_random_puzzles(case):
    puzzle, truth = case
    assert validate(puzzle, truth)
    limit = 25
    by_cpsat = model.solve(puzzle, limit)
    by_csp = csp.solve(puzzle, limit)
    by_count = count.solve(puzzle, limit)
    assert len(by_cpsat) == len(by_csp) == len(by_count)
    if len(by_cpsat) < limit:
        assert _as_set(by_cpsat) == _as_set(by_csp) == _as_set(by_count)
        assert (truth.town, truth.mine) in _as_set(by_cpsat)
    assert all(validate(puzzle, s) for s in by_cpsat + by_csp + by_count)


def test_validate_rejects_what_breaks_a_card():
    clue = Clue(1, "A", "Bank", frozenset({4, 8, 12, 16}))
    puzzle = Puzzle((clue,), CATALOGUE.building_names, frozenset({"Bank"}), 1)
    town = dict(zip(range(1, 17), CATALOGUE.building_names[:16]))
    bank_at = next(p for p, b in town.items() if b == "Bank")
    assert validate(puzzle, Solution.of(town, {"Bank"})) == (bank_at in {4, 8, 12, 16})


# -- verification ---------------------------------------------------------------------------------

def test_classify_and_expectations():
    s1 = CATALOGUE.scenario("1")
    printed = Solution.of(s1.published, s1.mine)
    other = Solution.of({**s1.published, 1: s1.published[2], 2: s1.published[1]}, s1.mine)
    assert classify(s1, []) == "contradictory"
    assert classify(s1, [printed]) == "unique"
    assert classify(s1, [other]) == "mismatch"
    assert classify(s1, [printed, other]) == "ambiguous"
    assert meets_expectation(s1, [printed]) and not meets_expectation(s1, [printed, other])
    first = CATALOGUE.scenario("5-first-printing")
    assert meets_expectation(first, []) and not meets_expectation(first, [Solution.of(first.published, first.mine)])


def test_scenario_seven_expects_two_solutions_swapping_saloon_and_judge():
    s7 = CATALOGUE.scenario("7")
    town = {p: b for p, b in zip(range(1, 17), [b for b in CATALOGUE.building_names if b not in ("Barber", "Undertaker")])}
    a = Solution.of(town, {"Smith", "Doc", "Saloon"})
    b = Solution.of(town, {"Smith", "Doc", "Judge"})
    c = Solution.of(town, {"Smith", "Hotel", "Judge"})
    assert meets_expectation(s7, [a, b])
    assert not meets_expectation(s7, [a, c])
    assert not meets_expectation(s7, [a])


# -- the command line -----------------------------------------------------------------------------

def test_cards_json_shape(run_json):
    cards = run_json("oldtown", "cards")
    assert len(cards) == 60
    a, c, b = cards[0], cards[18], cards[36]
    assert set(a) == {"number", "type", "building", "text_de", "text_en", "plots"}
    assert set(c) == {"number", "type", "building", "text_de", "text_en", "pairs"}
    assert b["type"] == "B" and b["building"] is None


def test_scenarios_json_shape(run_json):
    scenarios = run_json("oldtown", "scenarios")
    ids = [s["id"] for s in scenarios]
    assert ids == ["1", "2", "3", "4", "5", "5-first-printing", "6", "7", "8"]
    s1 = scenarios[0]
    assert s1["level"] == "leicht" and s1["b"] == [{"card": 45, "building": "Bank"}]
    assert s1["mine"] == ["Hotel"] and s1["published"]["11"] == "Hotel"
    assert scenarios[-1]["mine"] == {"unknown": 3}


def test_verify_json_matches_the_engine(run_cli):
    code, out, _ = run_cli("oldtown", "verify", "--json")
    rows = json.loads(out)
    assert [r["id"] for r in rows][0] == "1"
    assert set(rows[0]) == {"id", "solutions", "matches_published", "verdict", "expected", "ok", "seconds"}
    assert code == (0 if all(r["ok"] for r in rows) else 1)
    for row in rows:
        found = model.solve(CATALOGUE.puzzle(CATALOGUE.scenario(row["id"])), 10)
        assert row["solutions"] == len(found)


def test_verify_engines_print_the_same_counts(run_cli):
    _, a, _ = run_cli("oldtown", "verify", "--json", "--engine", "cpsat")
    _, b, _ = run_cli("oldtown", "verify", "--json", "--engine", "constraint")
    _, c, _ = run_cli("oldtown", "verify", "--json")  # the fast counter, the default
    _, d, _ = run_cli("oldtown", "verify", "--json", "--backend", "count")  # the old name stays an alias
    strip = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in json.loads(rows)]
    assert strip(a) == strip(b) == strip(c) == strip(d)


def test_solve_json(run_json):
    data = run_json("oldtown", "solve", "5")
    assert data["id"] == "5"
    for sol in data["solutions"]:
        assert set(sol) == {"placement", "mine"} and len(sol["placement"]) == 16


def test_show_prints_the_plan(run_cli):
    code, out, _ = run_cli("oldtown", "show", "1")
    assert code == 0 and "Main Street" in out and "Hotel*" in out


@pytest.mark.parametrize("args, fragment", [
    (["oldtown", "solve", "99"], "unknown scenario"),
    (["oldtown", "verify", "nine"], "unknown scenario"),
    (["oldtown", "cards", "--cards", "/nonexistent/cards.json"], "not found"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli, args, fragment):
    code, out, err = run_cli(*args)
    assert code == 2
    assert fragment in err and len(err.strip().splitlines()) == 1


def _write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_broken_data_files_are_one_line_errors(run_cli, tmp_path):
    broken = _write(tmp_path, "cards.json", "{ not json")
    code, _, err = run_cli("oldtown", "cards", "--cards", broken)
    assert code == 2 and "not valid JSON" in err
    bad_board = _write(tmp_path, "board.json", {"rows": 5, "columns": 4, "lines": [], "entrances": {}})
    code, _, err = run_cli("oldtown", "show", "--board", bad_board)
    assert code == 2 and "board.json: rows: expected 4, found 5" in err


def test_scenario_file_errors(run_cli, tmp_path):
    twice = _write(tmp_path, "twice.json", [{"id": "x", "level": "leicht", "a": [1, 1], "b": [], "c": [], "mine": ["Hotel"]}])
    code, _, err = run_cli("oldtown", "solve", twice)
    assert code == 2 and "names card 1 twice" in err
    unknown = _write(tmp_path, "unknown.json", [{"id": "y", "level": "leicht", "a": [1], "b": [{"card": 40, "building": "Saloonx"}], "c": [], "mine": ["Hotel"]}])
    code, _, err = run_cli("oldtown", "solve", unknown)
    assert code == 2 and "unknown building" in err
    wrong_type = _write(tmp_path, "type.json", [{"id": "z", "level": "leicht", "a": [40], "b": [], "c": [], "mine": ["Hotel"]}])
    code, _, err = run_cli("oldtown", "solve", wrong_type)
    assert code == 2 and "type B" in err


def test_a_scenario_file_is_solved_like_a_builtin(run_json, tmp_path):
    s5 = CATALOGUE.scenario("5").as_dict()
    path = _write(tmp_path, "five.json", [s5])
    assert run_json("oldtown", "solve", path)["solutions"] == run_json("oldtown", "solve", "5")["solutions"]


def test_german_building_names_are_accepted():
    assert CATALOGUE.building("Poststation") == "Stage Coach Office"
    assert CATALOGUE.building("schmiede") == "Smith"


# -- issue 18: verify's columns, the text plan in German ------------------------------------------

def test_verify_shows_what_the_rulebook_implies_only_for_rulebook_scenarios(run_cli, tmp_path):
    code, out, _ = run_cli("oldtown", "verify", "1")
    assert code == 0 and "rulebook implies" in out and "agrees" in out
    generated = _write(tmp_path, "generated.json", [CATALOGUE.scenario("1").as_dict()])  # no "expect" entry
    code, out, _ = run_cli("oldtown", "verify", generated)
    assert code == 0
    assert "rulebook implies" not in out and "agrees" not in out
    assert out.splitlines()[2].split()[:5] == ["1", "leicht", "1", "yes", "unique"]


def test_the_text_plan_never_cuts_a_name(run_cli):
    from clicktown.oldtown.render.text import plan

    german = {b: x.de for b, x in CATALOGUE.buildings.items()}
    town = CATALOGUE.scenario("4").published
    drawn = plan(CATALOGUE.board, town, CATALOGUE.scenario("4").mine, "de", german)
    for building in town.values():
        assert german[building] in drawn
    assert "Bestattungsinstitut" in drawn and "Bahnlinie" in drawn and "Undertaker" not in drawn
    code, out, _ = run_cli("oldtown", "show", "3", "--lang", "de")
    assert code == 0 and "veröffentlichte Lösung" in out
    assert all(german[b] in out for b in CATALOGUE.scenario("3").published.values())
    code, out, _ = run_cli("oldtown", "show", "3")
    assert all(b in out for b in CATALOGUE.scenario("3").published.values())  # "Stage Coach Office*" too
