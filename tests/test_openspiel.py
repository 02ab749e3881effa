"""The four games as OpenSpiel games: loading, OpenSpiel's own conformance test, bots, hidden information."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import clicktown.openspiel as cos  # noqa: E402  (registers the games)
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

SMALL = {"clicktown_oldtown": {"players": 2}, "clicktown_wwp": {"players": 2},
         "clicktown_sequence": {"players": 2}, "clicktown_sequence_numbers": {"players": 2}}


def test_the_four_names_load_with_their_parameters():
    assert set(cos.NAMES) == set(SMALL)
    players = {name: pyspiel.load_game(name, params).num_players() for name, params in SMALL.items()}
    assert players == {"clicktown_oldtown": 2, "clicktown_wwp": 2, "clicktown_sequence": 2,
                       "clicktown_sequence_numbers": 2}
    assert pyspiel.load_game("clicktown_sequence_numbers", {"players": 3}).num_players() == 3
    assert pyspiel.load_game("clicktown_oldtown").num_players() == 4           # the default
    assert pyspiel.load_game("clicktown_sequence(players=4,teams=2)").num_players() == 4
    wwp = pyspiel.load_game("clicktown_wwp", {"players": 3, "mode": "alive-or-dead", "min_occurrences": 1})
    assert wwp.new_initial_state().engine.table.mode == "alive-or-dead"
    assert wwp.new_initial_state().engine.table.rules.min_occurrences == 1


@pytest.mark.parametrize("name", sorted(SMALL))
def test_random_sim_test_passes(name):
    game = pyspiel.load_game(name, SMALL[name])
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name,bot", [("clicktown_sequence", "greedy"), ("clicktown_wwp", "greedy"),
                                      ("clicktown_oldtown", "greedy")])
def test_evaluate_bots_against_openspiel_random_bot(name, bot):
    game = pyspiel.load_game(name, {"players": 2})
    wins = 0
    for seed in range(4):
        ours = cos.EngineBot(name, bot, seat=seed % 2, seed=seed)
        theirs = UniformRandomBot(1 - seed % 2, np.random.RandomState(seed))
        bots = [ours, theirs] if seed % 2 == 0 else [theirs, ours]
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        assert len(returns) == 2 and all(r in (-1.0, 0.0, 1.0) for r in returns)
        wins += returns[seed % 2] > returns[1 - seed % 2]
    assert wins >= 3     # greedy beats uniformly random moves (a random Old Town seat may tie)


def _play_to_decision(state, rng, moves):
    """Play random moves until `moves` decisions were made; the state then waits for a player."""
    made = 0
    while True:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes))
            continue
        if made == moves or state.is_terminal():
            return state
        state.apply_action(rng.choice(state.legal_actions()))
        made += 1


@pytest.mark.parametrize("name", sorted(SMALL))
def test_observation_hides_other_hands(name):
    """Two states that differ only in what seat 0 cannot see look the same to seat 0 (and its
    information state is the same), yet seat 1's view tells them apart."""
    game = pyspiel.load_game(name, {"players": 2})
    rng = random.Random(5)
    state = _play_to_decision(game.new_initial_state(), rng, 0 if name == "clicktown_wwp" else 6)
    looks = set()
    for seed in range(6):
        other = state.resample_from_infostate(0, random.Random(seed).random)
        assert other.observation_string(0) == state.observation_string(0)
        assert other.information_state_string(0) == state.information_state_string(0)
        assert np.array_equal(other.observation_tensor(0), state.observation_tensor(0))
        looks.add(other.observation_string(1))
    assert len(looks) > 1


def test_information_state_masks_cards_drawn_by_others():
    game = pyspiel.load_game("clicktown_sequence", {"players": 2})
    state = game.new_initial_state()
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)                          # the deal starts with seat 0
    assert state.information_state_string(0) == f"seat 0: c{first}"
    assert state.information_state_string(1) == "seat 1: c?"
