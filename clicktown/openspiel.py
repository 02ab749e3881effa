"""The games as OpenSpiel games (needs the `rl` extra, which brings `open-spiel`).

    import pyspiel
    import clicktown.openspiel                      # registers every game of clicktown.games.GAMES
    game = pyspiel.load_game(clicktown.openspiel.NAMES[0], {"players": 2})
    state = game.new_initial_state()

Names and parameters: each game of `clicktown.games.GAMES` is registered under its spec's
`openspiel.short_name`, with `openspiel.parameters` and their defaults (docs/reference.md lists them).

Each OpenSpiel state holds one state of the game's own engine and passes every call on to it:
no rule is written here. Observations are the PettingZoo environments' (the board, the seat's
own hand, what is face up; never another seat's hand or a pile), as a tensor and as a string of
its non-zero entries. The information state of a seat is what it saw happen: every move, and
every card dealt or drawn that it saw (a card drawn into another seat's hand or onto a face-down
pile shows as "?"). `resample_from_infostate` deals what the seat cannot see again with the
engine's own `determinized`, so OpenSpiel's ISMCTSBot can search these games.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from .arena.state import PUBLIC
from .games import GAMES, GameSpec


class _Engine:
    """The engine state inside an OpenSpiel state; copying it clones the engine (not its tables)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Engine(self.state.clone())


class ClicktownState(pyspiel.State):
    """An OpenSpiel state passing every call to the engine's state."""

    def __init__(self, game, spec: GameSpec, engine, seen: list[list[str]] | None = None):
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
            who = self._spec.openspiel.seen_by(engine, action)
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
        return f"{self._spec.openspiel.short_name} to move: {engine.current_player()}, actions so far: {len(self._seen[0])}"


class ClicktownObserver:
    """The seat's observation (the environment's array) or its information state (what it saw)."""

    def __init__(self, spec: GameSpec, params: dict, history: bool):
        self.spec = spec
        size = len(spec.observe(spec.openspiel.new(params), 0))
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


def _game_class(game: GameSpec):
    """The pyspiel.Game subclass of one game, registered under its short name."""
    spec = game.openspiel
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
                                    num_players=about["players"], min_utility=spec.utility[0],
                                    max_utility=spec.utility[1], utility_sum=None,
                                    max_game_length=about["length"])
            super().__init__(game_type, info, params)
            self.settings = params

        def new_initial_state(self):
            return ClicktownState(self, game, spec.new(self.settings))

        def make_py_observer(self, iig_obs_type=None, params=None):
            history = bool(iig_obs_type and iig_obs_type.perfect_recall)
            return ClicktownObserver(game, self.settings, history)

    Game.__name__ = Game.__qualname__ = f"Game_{spec.short_name}"
    pyspiel.register_game(game_type, Game)
    return Game


# -- registration: every game of GAMES, under its OpenSpiel short name -------------------------------

GAMES_BY_NAME = {game.openspiel.short_name: game for game in GAMES.values()}
CLASSES = {name: _game_class(game) for name, game in GAMES_BY_NAME.items()}
NAMES = tuple(CLASSES)


class EngineBot(pyspiel.Bot):
    """One of the project's bots (by name) playing a seat of a registered game, e.g. in
    OpenSpiel's `evaluate_bots`; it draws from its own generator seeded with `seed`."""

    def __init__(self, game_name: str, bot: str, seat: int, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.bot = GAMES_BY_NAME[game_name].make_bot(bot)
        self.seat = seat
        self.rng = random.Random(seed)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def step(self, state):
        return self.bot.choose(state.engine, self.rng)
