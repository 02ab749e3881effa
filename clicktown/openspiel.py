"""The games as OpenSpiel games (needs the `rl` extra, which brings `open-spiel`).

    import pyspiel
    import clicktown.openspiel                      # registers the four games
    game = pyspiel.load_game("clicktown_sequence", {"players": 2})
    state = game.new_initial_state()

Names and parameters:
  clicktown_oldtown           players (2-4)
  clicktown_wwp               players (2-4), mode (saloon, alive-or-dead), after (clockwise,
                              counterclockwise), min_occurrences (1-8), lenient, extend
  clicktown_sequence          players, teams (0: the rulebook's for that many players)
  clicktown_sequence_numbers  players, teams

Each OpenSpiel state holds one state of the game's own engine and passes every call on to it:
no rule is written here. Observations are the PettingZoo environments' (the board, the seat's
own hand, what is face up; never another seat's hand or a pile), as a tensor and as a string of
its non-zero entries. The information state of a seat is what it saw happen: every move, and
every card dealt or drawn that it saw (a card drawn into another seat's hand or onto a face-down
pile shows as "?"). `resample_from_infostate` deals what the seat cannot see again with the
engine's own `determinized`, so OpenSpiel's ISMCTSBot can search these games.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import pyspiel

PUBLIC = "public"   # a chance outcome everybody sees
NOBODY = "nobody"   # a card onto a face-down pile


@dataclass(frozen=True)
class Spec:
    """How one game of this project looks to OpenSpiel."""

    short_name: str
    long_name: str
    parameters: dict
    min_players: int
    max_players: int
    new_engine: Callable[[dict], Any]               # params -> a fresh engine state
    describe: Callable[[dict], dict]                 # params -> players, num_actions, chance outcomes, length
    observe: Callable[[Any, int], np.ndarray]        # the seat's observation (the environment's)
    seen_by: Callable[[Any, int], Any]               # before a chance outcome: PUBLIC, NOBODY or a seat
    min_utility: float
    max_utility: float


class _Engine:
    """The engine state inside an OpenSpiel state; copying it clones the engine (not its tables)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Engine(self.state.clone())


class ClicktownState(pyspiel.State):
    """An OpenSpiel state passing every call to the engine's state."""

    def __init__(self, game, spec: Spec, engine, seen: list[list[str]] | None = None):
        super().__init__(game)
        self._spec = spec
        self._engine = _Engine(engine)
        self._seen = seen if seen is not None else [[] for _ in range(game.num_players())]

    @property
    def engine(self):
        """The engine's own state."""
        return self._engine.state

    def current_player(self):
        return self.engine.current_player()

    def _legal_actions(self, player):
        if self.engine.is_terminal() or player != self.engine.current_player():
            return []
        return sorted(self.engine.legal_actions())

    def chance_outcomes(self):
        return sorted(self.engine.chance_outcomes())

    def _apply_action(self, action):
        engine = self.engine
        mover = engine.current_player()
        if mover == pyspiel.PlayerId.CHANCE:
            who = self._spec.seen_by(engine, action)
            for seat, seen in enumerate(self._seen):
                seen.append(f"c{action}" if who == PUBLIC or who == seat else "c?")
        else:
            for seen in self._seen:
                seen.append(f"{mover}:{action}")
        engine.apply_action(action)

    def _action_to_string(self, player, action):
        return self.engine.action_to_string(action)

    def is_terminal(self):
        return self.engine.is_terminal()

    def returns(self):
        return [float(r) for r in self.engine.returns()]

    def resample_from_infostate(self, player, probability_sampler):
        """A state the seat cannot tell from this one: what it cannot see dealt again."""
        rng = random.Random(int(probability_sampler() * 2**32))
        other = self.engine.determinized(player, rng)
        seen = [list(s) if s_ == player else ["?" if e.startswith("c") else e for e in s]
                for s_, s in enumerate(self._seen)]
        return ClicktownState(self.get_game(), self._spec, other, seen)

    def __str__(self):
        engine = self.engine
        return f"{self._spec.short_name} to move: {engine.current_player()}, actions so far: {len(self._seen[0])}"


class ClicktownObserver:
    """The seat's observation (the environment's array) or its information state (what it saw)."""

    def __init__(self, spec: Spec, params: dict, history: bool):
        self.spec = spec
        size = len(spec.observe(spec.new_engine(params), 0))
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.history = history

    def set_from(self, state, player):
        self.tensor[:] = self.spec.observe(state.engine, player)

    def string_from(self, state, player):
        if self.history:
            return f"seat {player}: " + " ".join(state._seen[player])
        values = self.spec.observe(state.engine, player)
        return " ".join(f"{i}:{int(v)}" for i in np.flatnonzero(values) for v in (values[i],))


def _game_class(spec: Spec):
    """The pyspiel.Game subclass of one game, registered under its short name."""
    game_type = pyspiel.GameType(
        short_name=spec.short_name, long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=spec.parameters)

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = {**spec.parameters, **(params or {})}
            about = spec.describe(params)
            info = pyspiel.GameInfo(num_distinct_actions=about["num_actions"],
                                    max_chance_outcomes=about["chance_outcomes"],
                                    num_players=about["players"], min_utility=spec.min_utility,
                                    max_utility=spec.max_utility, utility_sum=None,
                                    max_game_length=about["length"])
            super().__init__(game_type, info, params)
            self.settings = params

        def new_initial_state(self):
            return ClicktownState(self, spec, spec.new_engine(self.settings))

        def make_py_observer(self, iig_obs_type=None, params=None):
            history = bool(iig_obs_type and iig_obs_type.perfect_recall)
            return ClicktownObserver(spec, self.settings, history)

    Game.__name__ = Game.__qualname__ = f"Game_{spec.short_name}"
    pyspiel.register_game(game_type, Game)
    return Game


# -- Old Town's marker game ------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _oldtown_catalogue():
    from .oldtown.catalogue import load_catalogue

    return load_catalogue()


def _oldtown_new(params):
    from .oldtown.game.state import new_game

    return new_game(_oldtown_catalogue(), params["players"], record=False)


def _oldtown_describe(params):
    from .oldtown.game.state import NUM_ACTIONS, deal_plan

    deal_plan(params["players"])   # checks the number of players
    return {"players": params["players"], "num_actions": NUM_ACTIONS, "chance_outcomes": 61, "length": 20_000}


def _oldtown_observe(state, seat):
    from .oldtown.game.env import observe

    return observe(state, seat)


def _oldtown_seen_by(state, card):
    if state.phase == "deal":
        where, seat, _ = state.plan[0]
        return seat if where == "hand" else NOBODY
    return state.drawing[1]


# -- Wild Wild Pattern ------------------------------------------------------------------------

def _wwp_table(params):
    from .patterns.analysis import Rules
    from .patterns.game.state import new_table

    rules = Rules(params["after"], params["min_occurrences"], params["lenient"], params["extend"])
    return new_table(params["players"], params["mode"], rules=rules)


def _wwp_new(params):
    from .patterns.game.state import GameState

    return GameState(_wwp_table(params), record=False)


def _wwp_describe(params):
    import math

    from .patterns.game.state import MAX_TURNS

    table = _wwp_table(params)
    chance = max(len(table.names), math.factorial(table.players), len(table.bank.targets))
    return {"players": table.players, "num_actions": table.num_actions, "chance_outcomes": chance,
            "length": MAX_TURNS * (12 * table.players + 40)}


@functools.lru_cache(maxsize=8)
def _wwp_observer(players, mode):
    from .patterns.game.env import spec

    return spec(players, mode).observe


def _wwp_observe(state, seat):
    return _wwp_observer(state.table.players, state.table.mode)(state, seat)


def _wwp_seen_by(state, outcome):
    if state.phase == "draw" and outcome not in state.table.challenges:
        return state.draw_queue[0]      # a pattern card into the seat's hand; challenge cards go face up
    return PUBLIC                       # Target cards, the reaction order, the wheel


# -- Sequence and Sequence Numbers --------------------------------------------------------------

@functools.lru_cache(maxsize=16)
def _sequence_match(game, players, teams):
    from .sequence.cards import load_game
    from .sequence.game.state import Match
    from .sequence.rules import seat_table

    return Match(load_game(game), seat_table(game, players, teams or None))


def _sequence_spec_functions(game):
    def new(params):
        return _sequence_match(game, params["players"], params["teams"]).new_state()

    def describe(params):
        match = _sequence_match(game, params["players"], params["teams"])
        return {"players": match.table.players, "num_actions": match.num_actions,
                "chance_outcomes": len(match.kinds), "length": 4 * (sum(match.copies) * 3 + 200)}

    return new, describe


def _sequence_observe(state, seat):
    from .sequence.game.env import observe

    return observe(state, seat)


def _sequence_seen_by(state, kind):
    return state.to_draw[0]


# -- registration -----------------------------------------------------------------------------

WWP_PARAMETERS = {"players": 3, "mode": "saloon", "after": "clockwise", "min_occurrences": 2,
                  "lenient": False, "extend": True}

SPECS = [
    Spec("clicktown_oldtown", "Old Town (marker game)", {"players": 4}, 2, 4, _oldtown_new, _oldtown_describe,
         _oldtown_observe, _oldtown_seen_by, 0.0, 1.0),
    Spec("clicktown_wwp", "Wild Wild Pattern", WWP_PARAMETERS, 2, 4, _wwp_new, _wwp_describe, _wwp_observe,
         _wwp_seen_by, -1.0, 1.0),
    Spec("clicktown_sequence", "Sequence", {"players": 2, "teams": 0}, 2, 12,
         *_sequence_spec_functions("sequence"), _sequence_observe, _sequence_seen_by, -1.0, 1.0),
    Spec("clicktown_sequence_numbers", "Sequence Numbers", {"players": 2, "teams": 0}, 2, 12,
         *_sequence_spec_functions("numbers"), _sequence_observe, _sequence_seen_by, -1.0, 1.0),
]
GAMES = {spec.short_name: _game_class(spec) for spec in SPECS}
NAMES = tuple(GAMES)


class EngineBot(pyspiel.Bot):
    """One of the project's bots (by name) playing a seat of a registered game, e.g. in
    OpenSpiel's `evaluate_bots`; it draws from its own generator seeded with `seed`."""

    def __init__(self, game_name: str, bot: str, seat: int, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.bot = _make_bot(game_name, bot)
        self.seat = seat
        self.rng = random.Random(seed)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def step(self, state):
        return self.bot.choose(state.engine, self.rng)


def _make_bot(game_name: str, bot: str):
    if game_name == "clicktown_oldtown":
        from .oldtown.game.bots import make_bot
    elif game_name == "clicktown_wwp":
        from .patterns.game.bots import make_bot
    else:
        from .sequence.game.bots import make_bot
    return make_bot(bot)
