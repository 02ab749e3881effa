"""Information-set Monte Carlo tree search over any engine of this project (the `mcts` bots).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree for the seat to move.
Each simulation
  1. deals a determinization: a copy of the state in which everything the seat cannot see
     (the other hands, the order and content of the piles) is drawn again from what the seat
     knows (the game's `determinize`);
  2. walks down the tree, choosing among the actions legal in that determinization by UCB1
     (each child counts how often it was available, so an action legal in few deals is not
     favoured), or, where the game names an `opponent` model, playing its move for every other
     seat than the searching one; chance nodes are sampled on the way and are not part of the tree; a game may
     name a heuristic's move (`prior`): the root tries it first and counts it `prior_weight`
     won simulations ahead (progressive bias), so the search leaves it only on evidence;
  3. adds one node, then plays on with the game's rollout policy for at most `horizon` moves;
  4. scores the end (the returns when the game is over, else the game's `evaluate`, a value in
     0-1 for every seat) and adds each seat's value to the nodes where that seat chose.

The game's part is a `Game` (a few functions); the search itself holds no rules. Every random
draw comes from the generator the caller passes, so a seeded game is replayed exactly, whatever
the number of worker processes. A budget in simulations is reproducible; a budget in seconds
(`seconds`) depends on the machine's speed and is not.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .state import CHANCE, sample_chance

DEFAULT_SIMULATIONS = 200


@dataclass(frozen=True)
class Game:
    """What the search needs to know about one game (all functions of the engine's state).

    determinize(state, seat, rng)  -- a copy with what `seat` cannot see drawn again
    candidates(state, rng)         -- the actions the tree considers (default: the legal ones)
    rollout(state, rng)            -- the action the playout takes (default: uniformly at random)
    evaluate(state)                -- a value in 0-1 per seat for a game cut off by the horizon
    value(state)                   -- a value in 0-1 per seat for a finished game
    prior(state, rng)              -- the heuristic's move at the root (default: none), which the
                                      search tries first and leaves only on evidence (`prior_weight`)
    opponent(state, rng)           -- the move every other seat than the searching one makes in the
                                      tree (default: none, their moves are explored as its own are),
                                      so that the tree branches on the searching seat's choices only
    """

    determinize: Callable[[Any, int, random.Random], Any]
    evaluate: Callable[[Any], list[float]]
    value: Callable[[Any], list[float]]
    candidates: Callable[[Any, random.Random], list[int]] | None = None
    rollout: Callable[[Any, random.Random], int] | None = None
    prior: Callable[[Any, random.Random], int] | None = None
    opponent: Callable[[Any, random.Random], int] | None = None


class Node:
    """A node of the tree: the seat that chose the move into it, visits, value, availability."""

    __slots__ = ("seat", "visits", "total", "available", "children")

    def __init__(self, seat: int):
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[tuple[int, int], Node] = {}


@dataclass
class Search:
    """One search budget and its constants; `choose` picks the move of the seat to move."""

    game: Game
    simulations: int = DEFAULT_SIMULATIONS
    seconds: float | None = None
    exploration: float = 0.7
    horizon: int = 40
    prior_weight: float = 0.0  # the heuristic's root move starts with this many won simulations
    stop_when_decided: bool = False  # end a budget in simulations once the simulations left cannot change the move
    favourite: int | None = field(default=None, init=False, repr=False)  # that move, in this search

    def choose(self, state, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        root = Node(seat)
        self.favourite = self.game.prior(state, rng) if self.game.prior and self.prior_weight else None
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while done < self.simulations if deadline is None else time.perf_counter() < deadline:
            self.simulate(root, self.game.determinize(state, seat, rng), rng)
            done += 1
            if self.stop_when_decided and deadline is None and self.decided(root, legal, self.simulations - done):
                break
        scored = [(child.visits + self.bonus(action), child.total, action)
                  for (who, action), child in root.children.items() if who == seat and action in legal]
        if not scored:
            return rng.choice(legal)
        return max(scored)[2]

    def decided(self, root: Node, legal: list[int], left: int) -> bool:
        """Whether the move chosen by visits is the same whatever the `left` simulations still to run do:
        the most visited move leads the next by more than `left` (a tie would go by value)."""
        seat = root.seat
        first = second = 0.0
        for (who, action), child in root.children.items():
            if who == seat and action in legal:
                visits = child.visits + self.bonus(action)
                if visits > first:
                    first, second = visits, first
                elif visits > second:
                    second = visits
        return first - second > left

    def simulate(self, root: Node, state, rng: random.Random) -> None:
        """One determinization: down the tree, one new node, a playout, the values back up."""
        node, path = root, []
        game = self.game
        expanded = False
        while True:
            while state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
            if state.is_terminal() or expanded:
                break
            seat = state.current_player()
            if game.opponent is not None and seat != root.seat:
                actions = [game.opponent(state, rng)]
            else:
                actions = game.candidates(state, rng) if game.candidates else state.legal_actions()
            untried = []
            for action in actions:
                child = node.children.get((seat, action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                favourite = self.favourite if node is root else None
                action = favourite if favourite in untried else rng.choice(untried)
                child = node.children[seat, action] = Node(seat)
                child.available = 1
                expanded = True
            else:
                action = self.select(node, seat, actions, node is root)
                child = node.children[seat, action]
            state.apply_action(action)
            path.append(child)
            node = child
        values = self.playout(state, rng)
        for child in path:
            child.visits += 1
            child.total += values[child.seat]

    def bonus(self, action: int) -> float:
        """The won simulations the heuristic's root move starts with."""
        return self.prior_weight if action == self.favourite else 0.0

    def select(self, node: Node, seat: int, actions: list[int], at_root: bool = False) -> int:
        """UCB1 over the children available now (availability counts stand for the parent's visits);
        at the root the heuristic's move counts `prior_weight` won simulations more."""
        best, best_score = actions[0], -math.inf
        c = self.exploration
        for action in actions:
            child = node.children[seat, action]
            head_start = self.bonus(action) if at_root else 0.0
            visits, total = child.visits + head_start, child.total + head_start
            score = total / visits + c * math.sqrt(math.log(child.available) / visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def playout(self, state, rng: random.Random) -> list[float]:
        """Play on for at most `horizon` moves; the values of the end reached."""
        game = self.game
        policy = game.rollout
        for _ in range(self.horizon):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            state.apply_action(policy(state, rng) if policy else rng.choice(state.legal_actions()))
        while not state.is_terminal() and state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        return game.value(state) if state.is_terminal() else game.evaluate(state)


def parse_budget(text: str) -> dict:
    """The budget part of a bot name: 'mcts' (the default), 'mcts:400' (simulations), 'mcts:0.3s' (seconds)."""
    from ..errors import ClicktownError

    _, _, budget = text.partition(":")
    if not budget:
        return {}
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds <= 600:
                raise ValueError
            return {"seconds": seconds, "simulations": 10**9}
        simulations = int(budget)
        if not 1 <= simulations <= 1_000_000:
            raise ValueError
        return {"simulations": simulations}
    except ValueError:
        raise ClicktownError(f"bad mcts budget {budget!r}: give simulations (mcts:400) or seconds (mcts:0.3s)") from None


def halvings(candidates: int) -> int:
    """How many rounds halving `candidates` (keeping the better half, rounded down) takes to one."""
    rounds = 0
    while candidates > 1:
        candidates, rounds = candidates // 2, rounds + 1
    return max(1, rounds)


@dataclass
class Halving:
    """Determinized Monte Carlo search at the root, by sequential halving over paired worlds.

    The candidates (the game's `candidates`, in the order of its prior: the first is the move the
    game's own rule of thumb would make) are played in the same determinized worlds, each world
    with one seed for its chance draws and one for the playout policy, so two candidates meet
    the same cards and differ only by the move (common random numbers: the comparison is paired).
    Each playout goes on for at most `horizon` moves (chance draws not counted), then the game's
    `evaluate` scores it (`value` when the game is over). The budget
    is cut into rounds; after each round the better half of the candidates stays, ranked by mean
    value, ties going to the earlier candidate. A move that wins at once is played at once.
    """

    game: Game
    playouts: int = DEFAULT_SIMULATIONS
    seconds: float | None = None
    horizon: int = 400

    def choose(self, state, rng: random.Random) -> int:
        seat = state.current_player()
        moves = self.game.candidates(state, rng) if self.game.candidates else state.legal_actions()
        if len(moves) == 1:
            return moves[0]
        winning = self._winning_move(state, seat, moves)
        if winning is not None:
            return winning
        totals = dict.fromkeys(moves, 0.0)
        alive = list(moves)
        rounds = halvings(len(alive))
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        for left in range(rounds, 0, -1):
            worlds = max(1, self.playouts // (rounds * len(alive)))
            round_end = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / left
            self._play_round(state, seat, alive, totals, worlds, round_end, rng)
            alive = sorted(alive, key=lambda a: (-totals[a], moves.index(a)))[:max(1, len(alive) // 2)]
            if len(alive) == 1:
                break
        return alive[0]

    def _winning_move(self, state, seat: int, moves: list[int]) -> int | None:
        for action in moves:
            after = state.clone()
            after.apply_action(action)
            if after.is_terminal() and self.game.value(after)[seat] == 1.0:
                return action
        return None

    def _play_round(self, state, seat, alive, totals, worlds, round_end, rng) -> None:
        """`worlds` determinizations (or as many as the round's time allows), every candidate played in each."""
        done = 0
        while done < worlds if round_end is None else (done == 0 or time.perf_counter() < round_end):
            world = self.game.determinize(state, seat, rng)
            chance_seed, policy_seed = rng.getrandbits(64), rng.getrandbits(64)
            for action in alive:
                after = world.clone()
                after.apply_action(action)
                totals[action] += self.playout(after, random.Random(chance_seed), random.Random(policy_seed))[seat]
            done += 1

    def playout(self, state, chance: random.Random, policy: random.Random) -> list[float]:
        """Play on with the game's rollout policy (chance from `chance`, the policy's draws from `policy`)."""
        game = self.game
        rollout = game.rollout
        moves = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, chance))
            elif moves < self.horizon:
                state.apply_action(rollout(state, policy) if rollout else policy.choice(state.legal_actions()))
                moves += 1
            else:
                break
        return game.value(state) if state.is_terminal() else game.evaluate(state)
