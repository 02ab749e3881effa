"""The shared game machinery: chance, play, simulate (worker-independent), traces, rates, the AEC wrapper."""

import io
import random

import pytest

from clicktown.arena.rates import Rate, wilson
from clicktown.arena.simulate import GameRecord, game_seed, run_games
from clicktown.arena.state import CHANCE, TERMINAL, RandomBot, play_game
from clicktown.arena.trace import read_events, write_events


class RaceTo10:
    """A toy game: a die roll decides who starts; players add 1 or 2; whoever reaches 10 wins."""

    def __init__(self, players=2):
        self.players, self.total, self.turn, self.started = players, 0, CHANCE, False

    def current_player(self):
        return TERMINAL if self.total >= 10 else self.turn

    def chance_outcomes(self):
        return [(seat, 1 / self.players) for seat in range(self.players)]

    def legal_actions(self):
        return [0, 1]

    def apply_action(self, action):
        if self.turn == CHANCE:
            self.turn = action
            return
        self.total += action + 1
        if self.total < 10:
            self.turn = (self.turn + 1) % self.players

    def is_terminal(self):
        return self.total >= 10

    def returns(self):
        return [1.0 if seat == self.turn else -1.0 for seat in range(self.players)] if self.is_terminal() else [0.0] * self.players

    def clone(self):
        other = RaceTo10(self.players)
        other.total, other.turn = self.total, self.turn
        return other

    def action_to_string(self, action):
        return f"add {action + 1}"


def play_race(index, seed):
    state = play_game(RaceTo10(), [RandomBot(), RandomBot()], random.Random(seed))
    return GameRecord(index, seed, {"winner": state.turn}, [{"event": "game_end", "winner": state.turn}])


def test_game_seeds_differ_per_game_and_repeat_per_run():
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(s, i) for s in range(5) for i in range(50)}) == 250


def test_simulation_is_the_same_whatever_the_workers():
    one = [r.summary for r in run_games(play_race, 60, seed=3, workers=1)]
    two = [r.summary for r in run_games(play_race, 60, seed=3, workers=2)]
    assert one == two
    assert {s["winner"] for s in one} == {0, 1}


def test_trace_round_trip():
    stream = io.StringIO()
    write_events(stream, [{"event": "a", "x": 1}, {"event": "b"}])
    assert stream.getvalue().count("\n") == 2
    stream.seek(0)
    assert read_events(stream) == [{"event": "a", "x": 1}, {"event": "b"}]
    with pytest.raises(ValueError):
        write_events(io.StringIO(), [{"x": 1}])


def test_wilson_interval_bounds():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert Rate(0, 0).as_dict()["rate"] == 0.0


def test_aec_wrapper_passes_pettingzoo_api_and_seed_tests():
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from clicktown.arena.env import EnvSpec, wrapped

    def observe(state, seat):
        return np.array([min(state.total, 12), int(state.turn == seat)], dtype=np.int8)

    spec = EnvSpec("race_to_10", 2, 2, (2,), RaceTo10, observe, low=0, high=12)
    api_test(wrapped(spec), num_cycles=200)
    seed_test(lambda: wrapped(spec), num_cycles=50)
