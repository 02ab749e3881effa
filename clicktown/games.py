"""The games, registered once: `GAMES` maps each game's name to its `GameSpec`.

Every face of the project finds the games here and names none by hand: the command line mounts
each spec's command group, the browser's lobby, tables and trace viewer drive a game through its
spec, OpenSpiel registers each spec's game and the PettingZoo environments are made from it.

A spec holds the few plain facts about a game (its name, title, command group, default players
and bot) and points at the game package's public functions for everything else. Those are
`Lazy`: the module is imported on the first call, so importing this module (and `clicktown.cli`,
which does) loads no engine.

    from clicktown.games import GAMES
    spec = GAMES["oldtown"]
    state = spec.new_state(3, ("person", "greedy", "greedy"), {"stop_callers": "others"})
    spec.view(state, 0, 0, "en", None)["actions"]

Sequence and Sequence Numbers share their engine and their command group (`sequence`); their
functions are the same with the game's name bound first.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import import_module

from .errors import ClicktownError
from .messages import say, say_n

PERSON = "person"  # a seat at a browser table played by a friend with a join link, not a bot


class Lazy:
    """A public function of a game package, named `"module:function"` and imported on its first call.

    Arguments given here are bound first (`Lazy("m:f", "numbers")(3)` calls `f("numbers", 3)`).
    """

    __slots__ = ("path", "args", "kwargs", "_function")

    def __init__(self, path: str, *args, **kwargs):
        self.path, self.args, self.kwargs = path, args, kwargs
        self._function = None

    @property
    def function(self):
        """The function itself (its module imported now if it was not yet)."""
        if self._function is None:
            module, _, name = self.path.partition(":")
            self._function = getattr(import_module(module), name)
        return self._function

    def __call__(self, *args, **kwargs):
        return self.function(*self.args, *args, **{**self.kwargs, **kwargs})

    def __repr__(self) -> str:
        bound = ", ".join([*map(repr, self.args), *(f"{k}={v!r}" for k, v in self.kwargs.items())])
        return f"Lazy({self.path!r}{', ' + bound if bound else ''})"


@dataclass(frozen=True)
class RuleChoice:
    """One rule option a table can be opened with: its words (the default first) and its sentence.

    Read from the game's own `simulate` command, so the lobby offers exactly what the command line
    does, with the same default and the same sentence.
    """

    name: str
    choices: tuple[str, ...]
    help: str
    values: tuple = ()  # what each choice means to the engine (the words themselves when empty)

    @property
    def default(self) -> str:
        return self.choices[0]

    def value(self, word: str):
        """What the word means to the engine."""
        return self.values[self.choices.index(word)] if self.values else word

    def word(self, value) -> str:
        """The word of an engine's value (the inverse of `value`)."""
        return self.choices[self.values.index(value)] if self.values else value


def rule_choices_of(module: str, command: str, names) -> tuple[RuleChoice, ...]:
    """The RuleChoices of the options `names` of a game's click command (e.g. its `simulate`):
    a choice, a whole number in a range, or an on/off flag."""
    import click

    params = {p.name: p for p in getattr(import_module(module), command).params}
    return tuple(_rule_choice(params[name], click) for name in names)


def _rule_choice(param, click) -> RuleChoice:
    help_text = " ".join((param.help or "").split())
    if isinstance(param.type, click.Choice):
        return RuleChoice(param.name, (param.default, *(c for c in param.type.choices if c != param.default)), help_text)
    if isinstance(param.type, click.IntRange):
        numbers = (param.default, *(n for n in range(param.type.min, param.type.max + 1) if n != param.default))
        return RuleChoice(param.name, tuple(map(str, numbers)), help_text, numbers)
    on = param.opts[0].lstrip("-")
    off = param.secondary_opts[0].lstrip("-") if param.secondary_opts else f"no-{on}"
    default = param.default is True  # a flag with no default given is off
    words, values = ((on, off), (True, False)) if default else ((off, on), (False, True))
    return RuleChoice(param.name, words, help_text, values)


@dataclass(frozen=True)
class OpenSpielSpec:
    """How a game looks to OpenSpiel (`clicktown.openspiel` registers it under `short_name`).

    new(params) -> a fresh engine state; describe(params) -> players, num_actions, chance_outcomes,
    length; seen_by(state, outcome) -> who sees a chance outcome ("public", "nobody" or a seat).
    """

    short_name: str
    long_name: str
    parameters: dict
    min_players: int
    max_players: int
    utility: tuple[float, float]
    new: Lazy
    describe: Lazy
    seen_by: Lazy


@dataclass(frozen=True)
class GameSpec:
    """One game as every face of the project uses it.

    Plain facts: `name` (the key in GAMES and the table's URL), `title`, `command` (its command
    group; `commands` the module that holds it, `about` the group's first line of help, shown
    without importing it), `default_players`, `default_bot`.

    The game package's functions (each `Lazy`):
      players()                          the numbers of players a table can seat (the engine's)
      bots()                             the bots' names (those `make_bot` accepts)
      make_bot(name)                     a bot by name
      rule_choices()                     the rule options a table offers (RuleChoices)
      new_state(players, seats, rules)   a new game under the rule words chosen (name -> word)
      rules_in_force(state)              the rule options the state's engine holds (name -> word)
      view(state, seat, since, lang, hints)  what a seat sees and may do (the seat view)
      spectator_view(state, since, lang) what a spectator sees: what every seat sees, no hand, no actions
      picture(state, seat, lang)         the board as SVG
      auto_pass(state, seat)             the move made for a person who has no real choice, or None
      timed_phase(people, reaction)      the driver of a phase played against the clock at a table whose
                                         seats `people` are people (the bots take `reaction` seconds),
                                         or None for a game without one (Wild Wild Pattern's race)
      refusal(state, action, lang)       why the engine refuses a person's action
      table_trace(state, seats, seed)    a table's trace (clicktown.arena.trace's schema)
    and the game's trace functions (`game.trace`):
      start_state(start)                 the engine's first state for a trace's game_start line
      told(state, event, seat, lang)     a trace's event in words for a seat (None: a spectator)
      old_boards(events)                 the boards of an older trace (no actions), one per event
      old_picture(board, start, lang)    such a board as SVG
      old_told(event, seat, lang)        an older trace's event in words
      env_spec(**settings)               the PettingZoo environment's description (arena.env.EnvSpec)
      observe(state, seat)               a seat's observation (the environment's array)
    and `openspiel`, the OpenSpiel registration.
    """

    name: str
    title: str
    command: str
    commands: str
    about: str
    default_players: int
    default_bot: str
    players: Lazy
    bots: Lazy
    make_bot: Lazy
    rule_choices: Lazy
    new_state: Lazy
    rules_in_force: Lazy
    view: Lazy
    spectator_view: Lazy
    picture: Lazy
    auto_pass: Lazy
    timed_phase: Lazy
    refusal: Lazy
    table_trace: Lazy
    start_state: Lazy
    told: Lazy
    old_boards: Lazy
    old_picture: Lazy
    old_told: Lazy
    env_spec: Lazy
    observe: Lazy
    openspiel: OpenSpielSpec = field(repr=False)

    def check_players(self, players: int, lang: str = "en") -> None:
        """A one-line error (in `lang`) unless a table of this game seats `players`."""
        if players not in self.players():
            raise ClicktownError(say(lang, "games.refuse.players", game=self.title,
                                     players=", ".join(map(str, self.players())), given=players))

    def chosen_rules(self, given, lang: str = "en") -> dict[str, str]:
        """The rule words for a new table: `given` (name -> word) checked, the defaults for the rest.

        A word that is not one of the option's choices is refused with a one-line reason (in `lang`).
        """
        chosen = {}
        for rule in self.rule_choices():
            word = given.get(rule.name, rule.default)
            if word not in rule.choices:
                raise ClicktownError(say(lang, "games.refuse.rule_word", rule=rule.name, game=self.title,
                                         choices=", ".join(rule.choices), given=repr(str(word)[:40])))
            chosen[rule.name] = word
        return chosen

    def seat_list(self, players: int, bots: str | None, lang: str = "en") -> tuple[str, ...]:
        """Who sits where at a table: seat 0 is the person opening it; `bots` names the others in order,
        repeated round the table, as `simulate --bots` does (`person` for a friend with a join link).
        Refused with a one-line reason in `lang`."""
        self.check_players(players, lang)
        known = ", ".join((*self.bots(), PERSON))
        names = [n.strip().lower() for n in (bots or self.default_bot).split(",") if n.strip()]
        if not names:
            raise ClicktownError(say(lang, "games.refuse.no_bots", known=known))
        if len(names) > players - 1:
            raise ClicktownError(say_n(lang, "games.refuse.too_many_bots", players - 1, bots=len(names)))
        for name in names:
            if name not in (*self.bots(), PERSON):
                raise ClicktownError(say(lang, "games.refuse.unknown_bot", bot=repr(name[:40]), known=known))
        return (PERSON, *(names[i % len(names)] for i in range(players - 1)))


    def bot_level(self, bot: str) -> str:
        """How strong the bot `bot` plays: "easy", "medium" or "strong" (the catalog's `bots.level.<level>`
        words it), from the package's levels.json, fitted by the round robin of `make bench`."""
        return bot_levels()[self.name][bot]


def bot_levels() -> dict[str, dict[str, str]]:
    """Every game's bots and their levels (game name -> bot -> level), read once from levels.json."""
    global _LEVELS
    if _LEVELS is None:
        from importlib import resources

        _LEVELS = json.loads((resources.files("clicktown.arena") / "levels.json").read_text())["games"]
    return _LEVELS


_LEVELS = None


def engine_rules(choices, chosen: dict[str, str]) -> dict:
    """The chosen rule words (name -> word) as the engine's values (name -> value), by the RuleChoices."""
    return {rule.name: rule.value(chosen[rule.name]) for rule in choices if rule.name in chosen}


def _spec(name: str, title: str, package: str, about: str, default_players: int, *, game: tuple = (),
          command: str | None = None, openspiel: dict) -> GameSpec:
    """A spec whose functions are the package's `game.table`, `game.bots`, `game.view` and `game.env`
    ones, with `game` bound first (Sequence and Sequence Numbers share theirs)."""
    table, env = f"clicktown.{package}.game.table", f"clicktown.{package}.game.env"
    trace = f"clicktown.{package}.game.trace"
    return GameSpec(
        name=name, title=title, command=command or name, commands=f"clicktown.{package}.commands", about=about,
        default_players=default_players, default_bot="greedy",
        players=Lazy(f"{table}:player_counts", *game), bots=Lazy(f"{table}:bot_names"),
        make_bot=Lazy(f"clicktown.{package}.game.bots:make_bot"),
        rule_choices=Lazy(f"{table}:rule_choices"), new_state=Lazy(f"{table}:new_state", *game),
        rules_in_force=Lazy(f"{table}:rules_in_force"), view=Lazy(f"clicktown.{package}.game.view:view"),
        spectator_view=Lazy(f"clicktown.{package}.game.view:spectator_view"),
        picture=Lazy(f"{table}:picture"), auto_pass=Lazy(f"{table}:auto_pass"),
        timed_phase=Lazy(f"{table}:timed_phase"), refusal=Lazy(f"{table}:refusal"),
        table_trace=Lazy(f"{table}:table_trace"), start_state=Lazy(f"{trace}:start_state"),
        told=Lazy(f"{trace}:told"), old_boards=Lazy(f"{trace}:old_boards"), old_picture=Lazy(f"{trace}:old_picture"),
        old_told=Lazy(f"{trace}:old_told"), env_spec=Lazy(f"{env}:spec", *game),
        observe=Lazy(f"{env}:observe"),
        openspiel=OpenSpielSpec(new=Lazy(f"{env}:openspiel_new", *game), describe=Lazy(f"{env}:openspiel_describe", *game),
                                seen_by=Lazy(f"{env}:openspiel_seen_by"), **openspiel))


SEQUENCE_ABOUT = 'Sequence and Sequence Numbers (Jax): board analysis, "win in N" puzzles, and the whole game.'

#: The games, by name, in the lobby's order.
GAMES: dict[str, GameSpec] = {
    "oldtown": _spec("oldtown", "Old Town", "oldtown",
                     "Old Town (Stephan Riedel): solo scenarios, verification, generation.", 3,
                     openspiel=dict(short_name="clicktown_oldtown", long_name="Old Town (marker game)",
                                    parameters={"players": 4}, min_players=2, max_players=4, utility=(0.0, 1.0))),
    "patterns": _spec("patterns", "Wild Wild Pattern", "patterns",
                      "Wild Wild Pattern (Kaleidos Games): patterns on the wheel of 8 cards.", 3,
                      openspiel=dict(short_name="clicktown_wwp", long_name="Wild Wild Pattern",
                                     parameters={"players": 3, "mode": "saloon", "after": "clockwise",
                                                 "min_occurrences": 2, "lenient": False, "extend": True},
                                     min_players=2, max_players=4, utility=(-1.0, 1.0))),
    "sequence": _spec("sequence", "Sequence", "sequence", SEQUENCE_ABOUT, 2, game=("sequence",),
                      openspiel=dict(short_name="clicktown_sequence", long_name="Sequence",
                                     parameters={"players": 2, "teams": 0}, min_players=2, max_players=12,
                                     utility=(-1.0, 1.0))),
    "numbers": _spec("numbers", "Sequence Numbers", "sequence", SEQUENCE_ABOUT, 2, game=("numbers",),
                     command="sequence",
                     openspiel=dict(short_name="clicktown_sequence_numbers", long_name="Sequence Numbers",
                                    parameters={"players": 2, "teams": 0}, min_players=2, max_players=12,
                                    utility=(-1.0, 1.0))),
}


def game_spec(name: str) -> GameSpec:
    """The spec of a game by name, or a one-line error naming the games."""
    if name not in GAMES:
        raise ClicktownError(f"unknown game {str(name)[:40]!r} (choose {', '.join(GAMES)})")
    return GAMES[name]


def start_state(start: dict):
    """The first state of the game a trace's game_start line names (any game)."""
    from .arena.trace import TraceError

    if start.get("game") not in GAMES:
        raise TraceError(f"unknown game {str(start.get('game'))[:30]!r} (the games are {', '.join(GAMES)})")
    return GAMES[start["game"]].start_state(start)


def replay(lines):
    """Replay every game of a trace (its lines: text or parsed) through its engine, each by the game
    its game_start names: what each game came to (arena.trace.GameReplayed). The first line an engine
    refuses raises arena.trace.Refused naming it; a malformed one TraceError."""
    from .arena.trace import replay_trace

    return replay_trace(lines, start_state)


def command_groups() -> dict[str, tuple[str, str]]:
    """The games' command groups: name -> (module, the group's first line of help), each once."""
    return {spec.command: (spec.commands, spec.about) for spec in GAMES.values()}
