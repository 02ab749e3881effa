"""The games, registered once in `clicktown.games.GAMES`, and every face of the project listing exactly them.

The command line's groups, the browser lobby's games (tests/test_web_tables.py), OpenSpiel's
registered games and the PettingZoo environments all come from GAMES; importing it loads no engine;
each spec's functions are the game package's own and agree with the engine (players, bots); the web
names no game and calls no engine's private name.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from clicktown.errors import ClicktownError
from clicktown.games import GAMES, PERSON, Lazy, game_spec

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = ("clicktown.oldtown", "clicktown.patterns", "clicktown.sequence", "clicktown.web")
HEAVY = ("ortools", "pydantic", "numpy", "networkx", "pettingzoo", "pyspiel", "fastapi")


def test_games_lists_the_four_games_by_name_and_title():
    assert {name: spec.title for name, spec in GAMES.items()} == {
        "oldtown": "Old Town", "patterns": "Wild Wild Pattern", "sequence": "Sequence", "numbers": "Sequence Numbers"}
    assert all(spec.name == name for name, spec in GAMES.items())


@pytest.mark.parametrize("module", ["clicktown.games", "clicktown.cli"])
def test_importing_the_games_loads_no_engine(module):
    done = subprocess.run([sys.executable, "-c", f"import sys, {module}; print(' '.join(sorted(sys.modules)))"],
                          capture_output=True, text=True, timeout=120, check=True)
    loaded = done.stdout.split()
    assert [m for m in loaded if m.startswith(GAME_PACKAGES) or m.split(".")[0] in HEAVY] == []


def test_every_function_of_every_spec_is_its_game_packages_own():
    for name, spec in GAMES.items():
        lazies = {field: value for field, value in vars(spec).items() if isinstance(value, Lazy)}
        lazies.update({f"openspiel.{f}": v for f, v in vars(spec.openspiel).items() if isinstance(v, Lazy)})
        assert len(lazies) == 23
        package = "sequence" if name == "numbers" else name
        for field, lazy in lazies.items():
            assert callable(lazy.function), (name, field)
            assert lazy.path.startswith(f"clicktown.{package}.game."), (name, field, lazy.path)


def test_sequence_and_numbers_share_the_engine_with_their_own_game_bound():
    for name in ("sequence", "numbers"):
        spec = GAMES[name]
        assert spec.command == "sequence" and spec.new_state.path == "clicktown.sequence.game.table:new_state"
        assert spec.new_state(2).match.game.name == name
        assert spec.env_spec(players=2).name == f"clicktown_{name}_2p"
        assert spec.openspiel.new({"players": 2, "teams": 0}).match.game.name == name


def test_the_player_counts_are_the_engines():
    from clicktown.oldtown.game.state import deal_plan
    from clicktown.patterns.game.state import new_table
    from clicktown.sequence.rules import seat_table

    assert {name: spec.players() for name, spec in GAMES.items()} == {
        "oldtown": (2, 3, 4), "patterns": (2, 3, 4), "sequence": (2, 3, 4, 6, 8, 9, 10, 12), "numbers": (2, 3, 4, 6)}
    for players in range(1, 14):
        for name, accepts in (("oldtown", deal_plan), ("patterns", new_table),
                              ("sequence", lambda n: seat_table("sequence", n)),
                              ("numbers", lambda n: seat_table("numbers", n))):
            try:
                accepts(players)
                seated = True
            except ClicktownError:
                seated = False
            assert seated == (players in GAMES[name].players()), (name, players)


def test_every_bot_named_by_a_spec_is_made_by_its_game():
    for spec in GAMES.values():
        assert spec.bots() == ("random", "greedy", "planner", "mcts")
        assert spec.default_bot in spec.bots()
        for bot in spec.bots():
            assert callable(spec.make_bot(bot).choose)


def test_a_spec_seats_a_table_and_refuses_what_it_cannot():
    spec = GAMES["oldtown"]
    assert spec.seat_list(4, "random,person") == (PERSON, "random", PERSON, "random")
    assert spec.seat_list(3, None) == (PERSON, "greedy", "greedy")
    with pytest.raises(ClicktownError, match="Old Town is played by 2, 3, 4 players, not 5"):
        spec.seat_list(5, None)
    with pytest.raises(ClicktownError, match="unknown bot 'smart'"):
        spec.seat_list(3, "smart")
    with pytest.raises(ClicktownError, match="3 bots named for 2 seat"):
        spec.seat_list(3, "random,greedy,mcts")
    with pytest.raises(ClicktownError, match=r"unknown game 'chess' \(choose oldtown, patterns, sequence, numbers\)"):
        game_spec("chess")


def test_a_new_state_of_every_game_plays_to_its_end_through_its_spec():
    from clicktown.arena.state import play_game

    for name, spec in GAMES.items():
        players = spec.players()[0]
        seats = tuple(["random"] * players)
        state = spec.new_state(players, seats, {})
        play_game(state, [spec.make_bot("random") for _ in seats], random.Random(1))
        assert state.is_terminal()
        trace = spec.table_trace(state, seats, 1)
        assert trace[0]["event"] == "game_start" and trace[0]["players"] == players
        assert spec.picture(state, 0, "en").startswith("<svg")
        assert spec.view(state, 0, 0, "en", None)["over"] is not None


def test_every_engine_refuses_an_illegal_action_and_any_action_after_the_end_with_one_error():
    from clicktown.arena.state import CHANCE, play_game
    from clicktown.errors import IllegalAction

    for name, spec in GAMES.items():
        players = spec.players()[0]
        state, rng = spec.new_state(players), random.Random(2)
        while state.current_player() == CHANCE:
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        illegal = next(a for a in range(10_000) if a not in state.legal_actions())
        with pytest.raises(IllegalAction, match=str(illegal)):
            state.apply_action(illegal)
        play_game(state, [spec.make_bot("random") for _ in range(players)], rng)
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply_action(0)


def test_the_command_line_mounts_exactly_the_games_command_groups():
    from clicktown.cli import GROUPS, cli

    assert set(GROUPS) - {"serve"} == {spec.command for spec in GAMES.values()} == {"oldtown", "patterns", "sequence"}
    for spec in GAMES.values():
        assert cli.get_command(None, spec.command).callback.__module__ == spec.commands


def test_openspiel_registers_exactly_the_games():
    pyspiel = pytest.importorskip("pyspiel")
    import clicktown.openspiel as cos

    assert cos.NAMES == tuple(spec.openspiel.short_name for spec in GAMES.values())
    registered = {game.short_name for game in pyspiel.registered_games()}
    assert set(cos.NAMES) <= registered
    for spec in GAMES.values():
        game = pyspiel.load_game(spec.openspiel.short_name, {"players": 2})
        assert game.num_players() == 2 and game.get_type().long_name == spec.openspiel.long_name


def test_an_environment_of_every_game_and_of_no_other():
    pytest.importorskip("pettingzoo")
    from clicktown.arena.env import env

    for name, spec in GAMES.items():
        players = spec.players()[0]
        e = env(name, players=players)
        e.reset(seed=3)
        assert e.possible_agents == [f"player_{s}" for s in range(players)]
        observation = e.observe(e.agent_selection)
        state = e.unwrapped.state
        assert (observation["observation"] == spec.observe(state, e.unwrapped.agent_name_mapping[e.agent_selection])).all()
    with pytest.raises(ClicktownError, match="unknown game 'chess'"):
        env("chess")


def test_the_built_in_catalogue_is_loaded_once():
    from clicktown.oldtown.catalogue import builtin_catalogue
    from clicktown.oldtown.game.simulate import _catalogue
    from clicktown.oldtown.sources import any_catalogue
    from clicktown.web.solo import catalogue

    assert builtin_catalogue() is any_catalogue() is catalogue() is _catalogue()
    assert GAMES["oldtown"].new_state(3).catalogue is builtin_catalogue()


# the faces that drive every game: none of them names a game by hand
FACES = ("clicktown/cli.py", "clicktown/web/tables.py", "clicktown/web/table.py", "clicktown/web/keeping.py", "clicktown/web/viewer.py", "clicktown/openspiel.py")


@pytest.mark.parametrize("face", FACES)
def test_no_face_names_a_game_by_hand(face):
    named = [line for line in (ROOT / face).read_text(encoding="utf-8").splitlines()
             if re.search(r"oldtown|patterns|sequence", line)]
    assert named == []


def test_the_web_calls_and_imports_no_private_name_of_a_game():
    for path in (ROOT / "clicktown" / "web").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert re.findall(r"\b(?!self\.|cls\.)[A-Za-z_]+\._[a-z]\w*\(", text) == [], path.name
        assert re.findall(r"from \.\.\S+ import .*\b_[a-z]\w*", text) == [], path.name


def test_every_bot_of_every_game_has_a_level_the_catalogs_word():
    from clicktown.games import bot_levels
    from clicktown.messages import say

    assert set(bot_levels()) == set(GAMES)
    for name, spec in GAMES.items():
        assert set(bot_levels()[name]) == set(spec.bots())
        for bot in spec.bots():
            assert {say(lang, f"bots.level.{spec.bot_level(bot)}") for lang in ("en", "de")} <= {
                "easy", "medium", "strong", "leicht", "mittel", "stark"}
