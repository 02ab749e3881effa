"""The validation layer: every data file error is one line naming the file, the place, what was
expected and what was found; the readers' caps (size, nesting, numbers); the built-in files pass
the same schemas the users' files are held to."""

import copy
import json

import pytest

from clicktown import datafiles
from clicktown.datafiles import builtin_path, read_json, validated
from clicktown.errors import DataError
from clicktown.oldtown import schema as ot_schema
from clicktown.oldtown.board import load_board
from clicktown.oldtown.catalogue import load_buildings, load_catalogue, load_scenarios
from clicktown.patterns import schema as wwp_schema
from clicktown.patterns.cards import load_deck, load_vocabulary

SCENARIOS = read_json(builtin_path("oldtown", "scenarios.json"))
BOARD = read_json(builtin_path("oldtown", "board.json"))
CARDS = read_json(builtin_path("oldtown", "cards.json"))
BUILDINGS = read_json(builtin_path("oldtown", "buildings.json"))
DECK = read_json(builtin_path("patterns", "deck.json"))


def write(tmp_path, name, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def changed(document, change):
    """A deep copy of `document` with `change` applied to it."""
    copy_ = copy.deepcopy(document)
    change(copy_)
    return copy_


# ---- the built-in files are held to the same schemas ---------------------------------------------

@pytest.mark.parametrize("package, name, model", [
    ("oldtown", "board.json", ot_schema.BoardFile),
    ("oldtown", "buildings.json", ot_schema.BuildingsFile),
    ("oldtown", "cards.json", ot_schema.CardsFile),
    ("oldtown", "scenarios.json", ot_schema.ScenariosFile),
    ("patterns", "deck.json", wwp_schema.DeckFile),
    ("patterns", "vocabulary.json", wwp_schema.VocabularyFile),
])
def test_built_in_files_pass_their_schema(package, name, model):
    validated(read_json(builtin_path(package, name)), model, name)


def test_built_in_files_load_the_same_as_a_users_copy(tmp_path):
    """Loading a copy as the user's file (schema checked) gives what the built-in load gives."""
    mine = load_catalogue(board=write(tmp_path, "b.json", BOARD), cards=write(tmp_path, "c.json", CARDS),
                          scenarios=write(tmp_path, "s.json", SCENARIOS))
    built_in = load_catalogue()
    assert mine.cards == built_in.cards and mine.scenarios == built_in.scenarios
    assert load_deck(write(tmp_path, "d.json", DECK)).cards == load_deck().cards
    assert load_vocabulary(builtin_path("patterns", "vocabulary.json")).traits


# ---- Old Town: each error names the file and the place ------------------------------------------

@pytest.mark.parametrize("change, place_and_problem", [
    (lambda d: d["scenarios"][3].__setitem__("mine", []), "scenarios[3].mine: expected at least 1 item(s), found []"),
    (lambda d: d["scenarios"][3]["mine"].__setitem__(0, []), "scenarios[3].mine[0]: expected a valid string, found []"),
    (lambda d: d["scenarios"][0]["published"].__setitem__("17", "Hotel"),
     'scenarios[0].published.17: expected a plot number "1" to "16", found \'17\''),
    (lambda d: d["scenarios"][0]["published"].__setitem__("-3", "Hotel"), "found '-3'"),
    (lambda d: d["scenarios"][0]["a"].__setitem__(0, True), "scenarios[0].a[0]: expected a valid integer, found True"),
    (lambda d: d["scenarios"][0]["a"].__setitem__(0, 2.0), "scenarios[0].a[0]: expected a valid integer, found 2.0"),
    (lambda d: d["scenarios"][0]["a"].__setitem__(0, 61), "scenarios[0].a[0]: expected a number less than or equal to 60, found 61"),
    (lambda d: d["scenarios"][0]["b"][0].__setitem__("building", []), "scenarios[0].b[0].building: expected a valid string, found []"),
    (lambda d: d["scenarios"][8].__setitem__("mine", {"unknown": "3"}), "scenarios[8].mine.unknown: expected a valid integer, found '3'"),
    (lambda d: d["scenarios"][8].__setitem__("mine", "Hotel"),
     'scenarios[8].mine: expected a list of building names or {"unknown": N}, found \'Hotel\''),
    (lambda d: d["scenarios"][2].__setitem__("id", "x" * 300), "scenarios[2].id: expected an id of letters"),
    (lambda d: d["scenarios"][2].__setitem__("id", "../x"), "scenarios[2].id: expected an id of letters"),
    (lambda d: d["scenarios"][2].__setitem__("level", "hard"), "scenarios[2].level: expected 'leicht', 'mittel', 'schwer' or '', found 'hard'"),
    (lambda d: d["scenarios"][2].__setitem__("mien", ["Hotel"]), "scenarios[2].mien: expected no such field"),
    (lambda d: d.__setitem__("scenarios", []), "scenarios: expected at least 1 item(s), found []"),
    (lambda d: d["scenarios"][1]["published"].__setitem__("2", d["scenarios"][1]["published"]["1"]),
     "scenarios[1]: expected each building on one plot in 'published', found 'Stable' twice"),
])
def test_scenario_file_errors_name_file_and_place(tmp_path, change, place_and_problem):
    path = write(tmp_path, "mine.json", changed(SCENARIOS, change))
    with pytest.raises(DataError) as caught:
        load_scenarios(path)
    text = str(caught.value)
    assert text.startswith(f"{path}: ") and place_and_problem in text and "\n" not in text


def test_a_scenario_list_and_a_single_scenario_name_their_places(tmp_path):
    one = changed(SCENARIOS["scenarios"][0], lambda s: s.__setitem__("c", [19, "x"]))
    with pytest.raises(DataError, match=r"one.json: c\[1\]: expected a valid integer, found 'x'"):
        load_scenarios(write(tmp_path, "one.json", one))
    with pytest.raises(DataError, match=r"list.json: \[1\].c\[1\]: expected a valid integer, found 'x'"):
        load_scenarios(write(tmp_path, "list.json", [SCENARIOS["scenarios"][0], one]))
    with pytest.raises(DataError, match=r"empty.json: top level: expected at least 1 item\(s\), found \[\]"):
        load_scenarios(write(tmp_path, "empty.json", []))


@pytest.mark.parametrize("change, place_and_problem", [
    (lambda d: d.__setitem__("entrances", []), "entrances: expected an object {...}, found []"),
    (lambda d: d["entrances"].__setitem__("3", "X"), "entrances.3: expected 'N', 'E', 'S' or 'W', found 'X'"),
    (lambda d: d["entrances"].pop("16"), "top level: expected an entrance side for each of the 16 plots, found none for plot 16"),
    (lambda d: d["lines"][1].__setitem__("en", None), "lines[1].en: expected a valid string, found null"),
    (lambda d: d["lines"][0].__setitem__("between", [1, 3]), "lines[0]: expected two neighbouring rows or columns"),
    (lambda d: d["lines"][0].__setitem__("between", [1, 2, 3]), "lines[0].between: expected"),
    (lambda d: d["landmarks"][0]["borders"].__setitem__(0, [99, "W"]),
     "landmarks[0].borders[0][0]: expected a number less than or equal to 16, found 99"),
    (lambda d: d.__setitem__("rows", 5), "rows: expected 4, found 5"),
])
def test_board_file_errors_name_file_and_place(tmp_path, change, place_and_problem):
    path = write(tmp_path, "board.json", changed(BOARD, change))
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert str(caught.value) .startswith(f"{path}: ") and place_and_problem in str(caught.value)


@pytest.mark.parametrize("change, place_and_problem", [
    (lambda d: d["cards"][4].__setitem__("number", 61), "cards[4].number: expected a number less than or equal to 60, found 61"),
    (lambda d: d["cards"][4].__setitem__("predicate", 7), "cards[4].predicate: expected a valid string, found 7"),
    (lambda d: d["cards"][4].__setitem__("building", []), "cards[4].building: expected a valid string, found []"),
    (lambda d: d["cards"][4].__setitem__("number", d["cards"][3]["number"]), "top level: expected each card number once"),
    (lambda d: d["cards"][0].__setitem__("predicate", "no-such-region"), "cards[0]: card 1: the board has no region"),
    (lambda d: d["cards"][0].__setitem__("plots", [1, 17]), "cards[0].plots[1]: expected a number less than or equal to 16"),
])
def test_card_file_errors_name_file_and_place(tmp_path, change, place_and_problem):
    path = write(tmp_path, "cards.json", changed(CARDS, change))
    with pytest.raises(DataError) as caught:
        load_catalogue(cards=path)
    assert str(caught.value).startswith(f"{path}: ") and place_and_problem in str(caught.value)


def test_buildings_file_errors_name_file_and_place(tmp_path):
    path = write(tmp_path, "b.json", changed(BUILDINGS, lambda d: d["buildings"][2].__setitem__("article", "den")))
    with pytest.raises(DataError, match=r"b.json: buildings\[2\].article: expected 'der', 'die' or 'das', found 'den'"):
        load_buildings(path)


# ---- Wild Wild Pattern deck ----------------------------------------------------------------------

@pytest.mark.parametrize("document, place_and_problem", [
    ({"cards": "red-gun-coin"}, "cards: expected a list [...], found 'red-gun-coin'"),
    ({"cards": DECK["cards"][:8]}, "cards: expected at least 9 item(s)"),
    ({"cards": DECK["cards"][:8] + [5]}, "cards[8]: expected a valid string, found 5"),
    ({"cards": DECK["cards"][:8] + ["purple-gun-coin"]}, "cards[8]: expected a card color-object-suit, found 'purple-gun-coin'"),
    ({"cards": DECK["cards"], "aliases": []}, "aliases: expected no such field, found []"),
    ([], "top level: expected an object {...}, found []"),
])
def test_deck_file_errors_name_file_and_place(tmp_path, document, place_and_problem):
    path = write(tmp_path, "deck.json", document)
    with pytest.raises(DataError) as caught:
        load_deck(path)
    assert str(caught.value).startswith(f"{path}: ") and place_and_problem in str(caught.value)


# ---- the readers' caps ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, problem", [
    ("[" * 5000 + "]" * 5000, "nested deeper than 32 levels"),
    ("[" * 40 + "]" * 40, "nested deeper than 32 levels"),
    ('{"cards": [Infinity]}', "Infinity is not a number a data file may hold"),
    ('{"cards": [NaN]}', "NaN is not a number"),
    ('{"cards": [1e400]}', "the number 1e400 is too large"),
    ('{"cards": [' + "7" * 5000 + "]}", "an integer of 5000 digits is too large"),
    ("{not json", "not valid JSON (line 1"),
    ("", "not valid JSON"),
])
def test_json_caps(tmp_path, text, problem):
    path = write(tmp_path, "x.json", text)
    with pytest.raises(DataError) as caught:
        read_json(path)
    assert str(caught.value).startswith(f"{path}: ") and problem in str(caught.value)


def test_size_cap_directories_devices_and_names(tmp_path, monkeypatch):
    monkeypatch.setattr(datafiles.limits, "max_bytes", 1000)
    big = write(tmp_path, "big.json", "[" + " " * 2000 + "]")
    with pytest.raises(DataError, match="big.json: larger than 0.000953674 MB"):
        read_json(big)
    with pytest.raises(DataError, match="/dev/zero: larger than"):
        read_json("/dev/zero")
    with pytest.raises(DataError, match="is a directory"):
        read_json(tmp_path)
    with pytest.raises(DataError, match="empty file name"):
        read_json("")
    with pytest.raises(DataError, match="data file not found"):
        read_json(tmp_path / "missing.json")
    with pytest.raises(DataError, match="File name too long"):
        read_json("x" * 300)
    (tmp_path / "latin1.json").write_bytes(b'["M\xfcnze"]')
    with pytest.raises(DataError, match="not UTF-8 text"):
        read_json(tmp_path / "latin1.json")
