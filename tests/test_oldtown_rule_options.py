"""The marker game's rule options: each disputed sentence as a choice, each choice played out.

Games are played with random moves (seeded) and checked step by step, so every option is seen to
change exactly what it names.
"""

from __future__ import annotations

import random

import pytest

from clicktown.arena.state import resolve_chance
from clicktown.errors import ClicktownError
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.game.env import raw_env
from clicktown.oldtown.game.rule_options import OPTIONS, RuleOptions
from clicktown.oldtown.game.simulate import Setup, run
from clicktown.oldtown.game.state import NO_PROGRESS, TOWN_BUILT, new_game


@pytest.fixture(scope="module")
def cat():
    return load_catalogue()


def random_game(cat, players, seed, options, watch):
    """Play one game with random moves, calling `watch(state, action)` before each seat's move."""
    state = new_game(cat, players, record=True, options=options)
    rng = random.Random(seed)
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            return state
        action = rng.choice(state.legal_actions())
        watch(state, action)
        state.apply_action(action)


def test_defaults_are_the_documented_readings():
    assert RuleOptions() == RuleOptions(stop_callers="everyone", logic_markers="stop_round", empty_pile="reshuffle",
                                        held_plots="marker", break_pair="allowed")
    assert {name: choices[0] for name, (choices, _) in OPTIONS.items()} == \
        {"stop_callers": "everyone", "logic_markers": "stop_round", "empty_pile": "reshuffle",
         "held_plots": "marker", "break_pair": "allowed"}
    with pytest.raises(ClicktownError, match="stop_callers is one of everyone, others"):
        RuleOptions(stop_callers="nobody")


@pytest.mark.parametrize("callers", ["everyone", "others"])
def test_who_may_call_stop(cat, callers):
    # "Entdeckt ein Mitspieler ...": with "everyone" the player whose turn it was is asked last too;
    # with "others" only the other players are.
    asked = {"mover": 0, "others": 0}

    def watch(state, action):
        if state.phase == "stop":
            asked["mover" if state.actor == state.seat else "others"] += 1

    for seed in range(6):
        random_game(cat, 3, seed, RuleOptions(stop_callers=callers), watch)
    assert asked["others"] > 0
    assert (asked["mover"] > 0) == (callers == "everyone")


@pytest.mark.parametrize("who", ["stop_round", "player"])
def test_who_gets_the_markers_that_follow_action_2(cat, who):
    # Beispiel 10: "alle Marker, die nun vom Plan entfernt werden müssen" -- with "player" the one who
    # took the marker by action 2 takes them too, so no marker that logic removes is left behind.
    left_behind, takes = [], 0

    def watch(state, action):
        nonlocal takes
        if state.phase == "take":
            takes += 1
            after = state.clone()
            after.apply_action(action)
            left_behind.append(bool(after.town.forced()))

    for seed in range(40):
        random_game(cat, 4, seed, RuleOptions(logic_markers=who), watch)
    assert takes > 10
    assert any(left_behind) == (who == "stop_round")


def test_an_empty_draw_pile_is_refilled_from_the_discards(cat):
    # House rule (the rulebook is silent): the discards become the new draw pile, so every game ends
    # with the town built; with empty_pile="end" random games stall.
    reasons = {}
    for pile in ("reshuffle", "end"):
        summaries = [r.summary for r in run(Setup(4, ("random",) * 4, options=RuleOptions(empty_pile=pile)), 60, seed=3)]
        reasons[pile] = sorted({s["reason"] for s in summaries})
        if pile == "reshuffle":
            assert all(s["built"] == 16 for s in summaries)
    assert reasons == {"reshuffle": [TOWN_BUILT], "end": [NO_PROGRESS, TOWN_BUILT]}


def test_reshuffle_event_and_pile(cat):
    seen = []

    def watch(state, action):
        seen.extend(e for e in state.events if e["event"] == "reshuffle")

    final = random_game(cat, 2, 1, RuleOptions(), watch)
    assert final.reason == TOWN_BUILT
    assert seen and all(e["cards"] > 0 for e in seen)


def test_greedy_games_build_the_whole_town_and_random_games_finish(cat):
    for players, bots in ((3, ("greedy",) * 3), (4, ("random",) * 4), (2, ("random",) * 2)):
        assert {r.summary["built"] for r in run(Setup(players, bots), 40, seed=11)} == {16}


def test_the_environment_takes_rule_options():
    env = raw_env(3, stop_callers="others")
    env.reset(seed=0)
    assert env.state.options == RuleOptions(stop_callers="others")
    with pytest.raises(ClicktownError):
        raw_env(3, empty_pile="sometimes")


def test_the_other_readings_play_whole_games(cat):
    """Beispiel 7 as "marker": every greedy and random game builds the whole town. No held pair
    broken by action 2: a pair no card can settle stays, and the game ends "no progress" after
    IDLE_TURNS turns that leave the board as it was (never running on for ever)."""
    marker = RuleOptions(held_plots="marker")
    for players, bots in ((3, ("greedy",) * 3), (4, ("random",) * 4)):
        assert {r.summary["built"] for r in run(Setup(players, bots, options=marker), 20, seed=5)} == {16}
    kept = run(Setup(4, ("random",) * 4, options=RuleOptions(break_pair="forbidden")), 20, seed=5)
    assert {r.summary["reason"] for r in kept} == {TOWN_BUILT, NO_PROGRESS}
    assert all(r.summary["built"] < 16 for r in kept if r.summary["reason"] == NO_PROGRESS)
    options = RuleOptions(held_plots="marker", break_pair="forbidden")
    env = raw_env(3, held_plots="marker", break_pair="forbidden")
    env.reset(seed=0)
    assert env.state.options == options
