"""The `clicktown patterns` commands: JSON shapes, text output, options and one-line errors."""

import json

import pytest

from clicktown.arena.rates import wilson

from test_patterns import DAKOTA, NO_MOVE, WILD

PATTERN_KEYS = {"direction", "trigger", "target", "kind", "occurrences", "involved", "tier", "wild", "text_en"}


def test_list_json_shape(run_json):
    data = run_json("patterns", "list", DAKOTA.replace("red-star-coin", "yellow-loot-bullets"))
    assert data["wheel"][5] == "yellow-loot-bullets" and len(data["wheel"]) == 8
    texts = [p["text_en"] for p in data["patterns"]]
    assert "after every blue there is always loot" in texts
    p = data["patterns"][texts.index("after every blue there is always loot")]
    assert set(p) == PATTERN_KEYS
    assert p == {"direction": "after", "trigger": {"attribute": "color", "value": "blue"},
                 "target": {"attribute": "object", "value": "loot"}, "kind": "object+color",
                 "occurrences": 3, "involved": [0, 1, 2, 3, 4, 5], "tier": 2, "wild": False,
                 "text_en": "after every blue there is always loot"}


def test_list_text_and_options(run_cli):
    code, out, err = run_cli("patterns", "list", NO_MOVE)
    assert code == 0 and "no valid pattern on this wheel" in out
    code, out, _ = run_cli("patterns", "list", NO_MOVE, "--min-occurrences", "1")
    assert code == 0 and "valid pattern(s)" in out


def test_moves_json_shape_and_best(run_json):
    data = run_json("patterns", "moves", WILD, "white-loot-coin")
    assert [m["position"] for m in data["moves"]] == list(range(8))
    assert set(data["moves"][0]) >= {"position", "covered", "patterns", "cards_won", "wild"}
    assert data["best"] == 7
    seventh = data["moves"][7]
    assert seventh["covered"] == "white-horseshoe-bullets" and seventh["wild"] is True
    assert seventh["cards_won"] == 2 and seventh["reward"]["wins_game"] is True
    assert all(set(p) == PATTERN_KEYS for m in data["moves"] for p in m["patterns"])
    assert run_json("patterns", "moves", NO_MOVE, "blue-bottle-coin")["best"] is None


def test_check_with_a_move(run_json, run_cli):
    data = run_json("patterns", "check", DAKOTA, "Unmittelbar NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte",
                    "--played", "5", "--card", "BEUTE-GELB-KUGELN")
    assert data["valid"] is True and data["pattern"]["tier"] == 2
    assert data["reward"] == {"cards_won": 2, "wins_game": False,
                              "text": "two wheel cards of your choice, the played card allowed"}
    code, out, _ = run_cli("patterns", "check", DAKOTA, "after every blue there is always loot")
    assert code == 1 and "NOT VALID" in out and "position 5" in out and "discarded" in out  # a negative verdict


def test_click(run_json):
    stuck = run_json("patterns", "click", NO_MOVE, "blue-bottle-coin")
    assert stuck["pattern_possible"] is False and "clicker takes a wheel card" in stuck["outcome"]
    refuted = run_json("patterns", "click", WILD, "white-loot-coin")
    assert refuted["pattern_possible"] is True and refuted["best"] == 7


def test_puzzle_is_reproducible_and_solved_in_json(run_json, run_cli):
    data = run_json("patterns", "puzzle", "--seed", "1")
    assert data == run_json("patterns", "puzzle", "--seed", "1")
    solution = data["solution"]
    assert set(solution) == {"position", "covered", "pattern", "reward"} and set(solution["pattern"]) == PATTERN_KEYS
    moves = run_json("patterns", "moves", ",".join(data["wheel"]), data["card"])
    assert [m["position"] for m in moves["moves"] if m["patterns"]] == [solution["position"]]
    code, out, _ = run_cli("patterns", "puzzle", "--seed", "1")
    assert code == 0 and "solution" not in out and data["card"] in out


def test_wild(run_json):
    data = run_json("patterns", "wild", "blue-gun-bullets,_,blue-star-bullets,_,_,grey-loot-bullets,_,white-loot-coin",
                    "red-loot-bullets")
    assert data["possible"] is True and data["pattern"]["wild"] is True and None not in data["wheel"]
    assert run_json("patterns", "wild", NO_MOVE, "blue-bottle-coin")["possible"] is False


def test_stats(run_json):
    data = run_json("patterns", "stats", "--wheels", "300", "--seed", "4")
    assert data == run_json("patterns", "stats", "--wheels", "300", "--seed", "4")
    assert data["wheels"] == 300 and set(data) == {"wheels", "seed", "wild_wheel", "no_move"}
    low, high = data["no_move"]["ci95"]
    assert low <= data["no_move"]["rate"] <= high and data["no_move"]["n"] == 300


def test_wilson_interval_textbook_values():
    low, high = wilson(10, 100)
    assert round(low, 4) == 0.0552 and round(high, 4) == 0.1744
    assert wilson(0, 2000)[0] == 0.0 and round(wilson(0, 2000)[1], 6) == round(1.959964 ** 2 / (2000 + 1.959964 ** 2), 6)


def test_own_deck_file(tmp_path, run_json, run_cli):
    deck = tmp_path / "deck.json"
    cards = WILD.split(",") + ["white-loot-coin", "red-gun-coin"]
    deck.write_text(json.dumps({"cards": cards}))
    assert run_json("patterns", "moves", WILD, "white-loot-coin", "--deck", deck)["best"] == 7
    code, _, err = run_cli("patterns", "moves", WILD, "grey-gun-coin", "--deck", deck)
    assert code == 2 and "not in the deck" in err


@pytest.mark.parametrize("args, message", [
    (["list", WILD.rsplit(",", 1)[0]], "got 7"),
    (["list", WILD + ",white-loot-coin"], "got 9"),
    (["list", WILD.replace("blue-gun-bullets", "purple-gun-bullets")], "unknown word 'purple'"),
    (["check", WILD, "after every blue there is always red"], "names two colors"),
    (["check", WILD, "after every blue there is always loot", "--played", "3"], "--played and --card go together"),
    (["check", WILD, "after every blue there is always loot", "--played", "9", "--card", "white-loot-coin"],
     "--played': 9 is not in the range 0<=x<=7"),
    (["moves", WILD, "blue-gun-bullets"], "used 2 times"),
    (["list", WILD, "--min-occurrences", "0"], "0 is not in the range 1<=x<=8"),
    (["list", WILD, "--deck", "/nonexistent/deck.json"], "data file not found"),
    (["list", WILD.replace("blue-gun-bullets", "_")], "has no color"),
    (["stats", "--wheels", "0"], "0 is not in the range 1<=x<=1000000"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli, args, message):
    code, out, err = run_cli("patterns", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
