"""The four games as the play pages use them: a new game, its bots, a seat's view, the board as SVG, the trace.

Every rule stays in the games' engines; every word a seat reads comes from the games' `view`s.
One adapter per game names the public functions the tables call.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import ClicktownError

PERSON = "person"  # in `bots`: this seat is a person with a join link


@dataclass(frozen=True)
class RuleChoice:
    """One rule option a table can be opened with: its words (the default first) and its help text.

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
        return self.values[self.choices.index(word)] if self.values else word


def rule_choice(param) -> RuleChoice:
    """A click option of a game's rules as a RuleChoice (a choice, a whole number in a range, or a flag)."""
    import click

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


def rule_choices_of(module: str, command: str, names: tuple[str, ...]) -> tuple[RuleChoice, ...]:
    """The RuleChoices of the options `names` of a game's command (e.g. its `simulate`)."""
    import importlib

    params = {p.name: p for p in getattr(importlib.import_module(module), command).params}
    return tuple(rule_choice(params[name]) for name in names)


@dataclass(frozen=True)
class Adapter:
    """How a table drives one game."""

    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    bots: tuple[str, ...]
    default_bot: str

    def check_players(self, players: int) -> None:
        if players not in self.players:
            raise ClicktownError(f"{self.title} is played by {', '.join(map(str, self.players))} players, not {players}")

    def rule_choices(self) -> tuple[RuleChoice, ...]:
        """The rule options a table of this game can be opened with (none unless the game has some)."""
        return ()

    def chosen_rules(self, given) -> dict[str, str]:
        """The rule words for a new table: `given` (name -> word) checked, the defaults for the rest.

        A word that is not one of the option's choices is refused with a one-line reason.
        """
        chosen = {}
        for rule in self.rule_choices():
            word = given.get(rule.name, rule.default)
            if word not in rule.choices:
                raise ClicktownError(f"rule option {rule.name} of {self.title} is one of {', '.join(rule.choices)}, "
                                     f"not {str(word)[:40]!r}")
            chosen[rule.name] = word
        return chosen

    def rules_in_force(self, state) -> dict:
        """The rule options the engine of `state` holds, in the lobby's words."""
        return {}

    def game_module(self, name: str):
        """The game package's `game.<name>` module (bots, view), imported when first needed."""
        import importlib

        return importlib.import_module(f"..{self.package}.game.{name}", __package__)

    def bot(self, name: str):
        return self.game_module("bots").make_bot(name)

    def actor(self, state) -> int:
        return state.current_player()

    def view(self, state, seat, since, lang, hints):
        return self.game_module("view").view(state, seat, since, lang, hints)

    def svg(self, state, seat: int, lang: str) -> str:
        """The board as the seat sees it (the game's trace module draws it, for the viewer too)."""
        return self.game_module("trace").picture(state, seat, lang)

    def auto_pass(self, state, seat) -> int | None:
        """The move a table makes for a person who has no real choice (none by default)."""
        return None

    def refusal(self, state, action: int, lang: str = "en") -> str:
        """Why a person's action is refused."""
        return f"Aktion {action} ist jetzt nicht erlaubt" if lang == "de" else f"action {action} is not legal now"

    def engine_rules(self, chosen: dict[str, str]) -> dict:
        """The chosen words as the engine's values (name -> value)."""
        return {rule.name: rule.value(chosen[rule.name]) for rule in self.rule_choices() if rule.name in chosen}


# ---- Sequence and Sequence Numbers ---------------------------------------------------------------

class SequenceGame(Adapter):
    package = "sequence"

    def new(self, players: int, seats: tuple[str, ...], rules: dict | None = None):
        from ..sequence.game.simulate import Setup, make_match

        state = make_match(Setup(self.name, players, None, ("greedy",))).new_state()
        state.events = []
        return state


    def trace(self, state, seats, seed) -> list[dict]:
        return self.game_module("trace").trace_lines(state, 0, seed, seats)


# ---- Old Town ---------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def oldtown_catalogue():
    from ..oldtown.catalogue import load_catalogue

    return load_catalogue()


class OldTownGame(Adapter):
    package = "oldtown"

    def rule_choices(self) -> tuple[RuleChoice, ...]:
        from ..oldtown.game.rule_options import OPTIONS

        return rule_choices_of("clicktown.oldtown.commands", "oldtown_simulate", tuple(OPTIONS))

    def new(self, players: int, seats, rules: dict | None = None):
        from ..oldtown.game.rule_options import RuleOptions
        from ..oldtown.game.state import new_game

        return new_game(oldtown_catalogue(), players, options=RuleOptions(**self.engine_rules(rules or {})))

    def rules_in_force(self, state) -> dict:
        """The rule options the engine holds, as the command line words them."""
        from dataclasses import asdict

        return asdict(state.options)


    def trace(self, state, seats, seed) -> list[dict]:
        return self.game_module("trace").trace_lines(state, 0, seed, seats)

    def auto_pass(self, state, seat) -> int | None:
        """A person's stop decision when no marker can go: no claim can be right, so the table passes."""
        from ..oldtown.game.state import PASS
        from ..oldtown.game.view import needs_decision

        return PASS if state.phase == "stop" and not needs_decision(state, seat) else None

    def refusal(self, state, action: int, lang: str = "en") -> str:
        """The referee's reason when a card may not be played; else a plain refusal."""
        from ..oldtown.game.state import BUILDINGS, DISCARD, PLAY

        if PLAY <= action < DISCARD and state.phase == "turn":
            number, b = divmod(action - PLAY, BUILDINGS)
            number += 1
            if number in state.hands[state.actor] and state.play_action(number, state.names[b]) == action:
                from ..oldtown.game import rules
                from ..oldtown.game.view import Words

                say, de = Words(state, state.actor, lang), lang == "de"
                card = state.catalogue.card(number)
                my = None if card.kind == "A" else state.names[b]
                if my is not None and my not in state.owned[state.actor]:
                    return (f"der Schiedsrichter sagt nein: {say.the(my)} gehört nicht zu deinen Gebäuden" if de
                            else f"the referee says no: the {my} is not one of your buildings")
                verdict = rules.judge(state.town, card, my, state.owned[state.actor])
                if verdict.status != "playable":
                    return (f"der Schiedsrichter sagt nein zu Karte {number}: {say.verdict(verdict)}" if de
                            else f"the referee says no: card {number} is {verdict.status}: {verdict.reason}")
        return super().refusal(state, action, lang)


# ---- Wild Wild Pattern --------------------------------------------------------------------------

#: Wild Wild Pattern's rules options a table offers (those of `patterns simulate`).
PATTERNS_RULES = ("used_challenges", "after", "min_occurrences", "extend", "lenient")


class PatternsGame(Adapter):
    package = "patterns"

    def rule_choices(self) -> tuple[RuleChoice, ...]:
        return rule_choices_of("clicktown.patterns.commands", "patterns_simulate", PATTERNS_RULES)

    def new(self, players: int, seats, rules: dict | None = None):
        from ..patterns.analysis import Rules
        from ..patterns.game.simulate import Setup, start

        engine = Rules(**self.engine_rules(rules or {}))
        return start(Setup(players, "saloon", tuple(seats), False, rules=engine, trace=True))

    def rules_in_force(self, state) -> dict:
        """The rules the engine holds, in the lobby's words."""
        held = state.table.rules
        return {rule.name: rule.choices[rule.values.index(getattr(held, rule.name))] if rule.values
                else getattr(held, rule.name) for rule in self.rule_choices()}


    def trace(self, state, seats, seed) -> list[dict]:
        return self.game_module("trace").trace_lines(state, 0, seed, seats)


#: The bots a seat can be given, the same names in every game.
BOTS = ("random", "greedy", "planner", "mcts")

GAMES: dict[str, Adapter] = {
    "sequence": SequenceGame("sequence", "Sequence", (2, 3, 4, 6, 8, 9, 10, 12), 2, BOTS, "greedy"),
    "numbers": SequenceGame("numbers", "Sequence Numbers", (2, 3, 4, 6), 2, BOTS, "greedy"),
    "oldtown": OldTownGame("oldtown", "Old Town", (2, 3, 4), 3, BOTS, "greedy"),
    "patterns": PatternsGame("patterns", "Wild Wild Pattern", (2, 3, 4), 3, BOTS, "greedy"),
}


def adapter(game: str) -> Adapter:
    if game not in GAMES:
        raise ClicktownError(f"unknown game {game[:40]!r} (choose {', '.join(GAMES)})")
    return GAMES[game]


def seat_list(game: Adapter, players: int, bots: str | None) -> tuple[str, ...]:
    """Who sits where: seat 0 is the person opening the page; `bots` names the others in order,
    repeated round the table, as `simulate --bots` does (`person` for a friend with a join link)."""
    game.check_players(players)
    names = [n.strip().lower() for n in (bots or game.default_bot).split(",") if n.strip()]
    if not names:
        raise ClicktownError("bots is empty: name at least one of " + ", ".join((*game.bots, PERSON)))
    if len(names) > players - 1:
        raise ClicktownError(f"{len(names)} bots named for {players - 1} seat(s) besides yours")
    for name in names:
        if name not in game.bots and name != PERSON:
            raise ClicktownError(f"unknown bot {name[:40]!r} (choose {', '.join((*game.bots, PERSON))})")
    return (PERSON, *(names[i % len(names)] for i in range(players - 1)))
