"""A search that stops once its move is decided plays the move the whole budget would."""

import random

import pytest

from clicktown.arena.ismcts import Node, Search
from clicktown.arena.state import CHANCE, sample_chance


def _root(seat: int, visits: dict[int, int]) -> Node:
    root = Node(seat)
    for action, n in visits.items():
        child = root.children[seat, action] = Node(seat)
        child.visits = n
    return root


def test_decided_only_when_the_simulations_left_cannot_change_the_most_visited_move():
    search = Search(game=None)
    root = _root(0, {5: 10, 7: 3, 9: 0})
    assert search.decided(root, [5, 7, 9], left=6)
    assert not search.decided(root, [5, 7, 9], left=7)  # 3 + 7 = 10: a tie goes by value
    assert not search.decided(root, [7, 9], left=3)  # only the legal moves count: 5 is not one
    assert search.decided(_root(0, {5: 4}), [5], left=3)


def _oldtown_positions(players: int, count: int):
    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.game.bots import GreedyBot
    from clicktown.oldtown.game.state import new_game

    state, rng, greedy, found = new_game(load_catalogue(), players, record=False), random.Random(4), GreedyBot(), []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if state.phase != "stop" and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(greedy.choose(state, rng))
    return found


def _counted(bot):
    """The bot, counting its simulations (one determinization each)."""
    game, calls = bot.search.game, []
    deal = game.determinize
    bot.search.game = type(game)(**{**game.__dict__, "determinize": lambda *a: calls.append(1) or deal(*a)})
    return bot, calls


def test_oldtown_mcts_stops_early_with_the_move_of_the_whole_budget():
    from clicktown.oldtown.game.bots import MctsBot

    stopping, stopped = _counted(MctsBot(simulations=40))
    whole, every = _counted(MctsBot(simulations=40))
    whole.search.stop_when_decided = False
    positions = _oldtown_positions(2, 12)
    for state in positions:
        assert stopping.choose(state, random.Random(9)) == whole.choose(state, random.Random(9))
    assert len(every) == 40 * len(positions)
    assert len(stopped) < len(every)


class _Line:
    """A game of one seat and `n` moves whose value is the move's number over `n`, never over."""

    def __init__(self, n: int, moved: int | None = None):
        self.n, self.moved = n, moved

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[int]:
        return list(range(self.n))

    def clone(self) -> "_Line":
        return _Line(self.n, self.moved)

    def apply_action(self, action: int) -> None:
        self.moved = action

    def is_terminal(self) -> bool:
        return False


@pytest.mark.parametrize("candidates", range(2, 10))
def test_sequential_halving_spends_its_whole_budget_and_keeps_the_best(candidates):
    """Finding: the rounds were counted as ceil(log2(n)), one too many for 3, 5, 6 and 7 candidates,
    so a third or half of the playouts were never played."""
    from clicktown.arena.ismcts import Game, Halving, halvings

    played = []

    def evaluate(state):
        played.append(state.moved)
        return [state.moved / state.n]

    game = Game(determinize=lambda state, seat, rng: state.clone(), evaluate=evaluate, value=evaluate)
    search = Halving(game, playouts=240, horizon=0)
    assert search.choose(_Line(candidates), random.Random(1)) == candidates - 1
    assert 240 - candidates * halvings(candidates) < len(played) <= 240
    assert [halvings(n) for n in range(1, 10)] == [1, 1, 1, 2, 2, 2, 2, 3, 3]
