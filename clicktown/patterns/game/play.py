"""A person at the terminal against bots: the wheel drawn as a coloured table, choices read as text.

In the race a move is a position (`3`: cover position 3 with your card), `click` or `wait`. A
declaration is typed as players say it, in English or German ("after every blue there is always
loot", "VOR jeder STERN-Karte gibt es immer eine MÜNZE-Karte"), or picked by number after `?`
lists every statement. Every other choice (which card to take, where to place your card, which
challenge card to use) is picked by number from a list. With `--lang de` the wheel, the cards (by
their German traits) and every question are German, and `klick` and `warten` are answers too.
Rendering returns strings; the CLI prints.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Callable

import click

from ...arena.human import HELP, QUIT, Abandoned, Human
from ...arena.seating import seated
from ...arena.state import CHANCE
from ...errors import ClicktownError
from ...numbers import number_in
from .bots import make_bot
from ...messages import say
from ...words import tell, who
from ..cards import WHEEL_SIZE, fold
from ..declare import parse_declaration
from .race import Race
from .state import CLICK, PASS, POSITION, STATEMENT, STATEMENT_INDEX, STATEMENTS, GameState
from .view import card_words, combinations_words, dollars, statement_words, view
from ..wording import trait_names

STYLE = {"red": "red", "blue": "blue", "yellow": "yellow", "grey": "bright_black", "white": "white"}

WAIT = ("wait", "w", "pass", "warten", "warte")
CLICK_WORDS = ("click", "c", "click!", "klick", "klick!", "k")


def card_text(state: GameState, card: int | None, colour: bool = True, lang: str = "en") -> str:
    """A card's name in the seat's language, in its colour."""
    if card is None:
        return say(lang, "patterns.ask.gap")
    name = card_words(state.table.names[card], lang)
    pattern = state.table.cards[card]
    if pattern is None or not colour:
        return name
    return click.style(name, fg=STYLE.get(pattern.color), bold=True)


def wheel_text(state: GameState, colour: bool = True, lang: str = "en") -> str:
    """The wheel as a table: position and card, clockwise."""
    lines = [say(lang, "patterns.ask.header")]
    for p in range(WHEEL_SIZE):
        lines.append(f"{p:>3}  {card_text(state, state.wheel[p], colour, lang)}")
    return "\n".join(lines)


def status_text(state: GameState, seen: dict, colour: bool = True) -> str:
    """Round, money, won cards, challenge cards and Target card of every seat; your card in hand; the Bank."""
    lang, seat = seen["lang"], seen["seat"]
    lines = [say(lang, "patterns.ask.round", round=seen["round"], turn=seen["turn"])]
    for row in seen["public"]["seats"]:
        s = row["seat"]
        won = " ".join(card_text(state, c, colour, lang) for c in state.won[s]) or "-"
        faceup = " ".join(card_words(name, lang) for name in row["face_up"])
        line = say(lang, f"patterns.ask.seat_{'active' if row['active'] else 'out'}", who=who(lang, s, seat),
                   amount=dollars(row["dollars_cents"], lang), won=won)
        lines.append("  " + line + (say(lang, "patterns.ask.face_up", cards=faceup) if faceup else ""))
        if row["target"]:
            lines.append(f"      {row['target']}: " + combinations_words(row["target_combinations"], lang))
    lines.append("  " + say(lang, "patterns.ask.bank", combinations=combinations_words(seen["public"]["bank"], lang)))
    pay = seen["hand"].get("payout_now")
    if pay:
        lines.append(say(lang, "patterns.ask.payout", amount=dollars(pay["cents"], lang), combinations=", ".join(pay["combinations"]) or "-"))
    if state.hand[seat] is not None:
        lines.append(say(lang, "patterns.ask.your_card", card=card_text(state, state.hand[seat], colour, lang)))
    return "\n".join(lines)


def read_answer(prompt: str, err: bool = False) -> str:
    """One line typed by the person (the prompt on stdout, or on stderr with `err`).

    The end of standard input before the game is over is a one-line error, not a hang or a trace.
    """
    click.echo(f"{prompt}: ", nl=False, err=err)
    line = sys.stdin.readline()
    if not line:
        click.echo("", err=err)
        raise EOFError("standard input ended before the game was over")
    return line.rstrip("\r\n")


class Countdown:
    """A line read from a terminal while the bots take their seconds to react: the seconds left are
    shown on a line of their own above the prompt, counted down once a second (the person's typing
    is left alone: the line is redrawn with the cursor saved and restored). `ready(timeout)` says
    whether a line can be read within `timeout` seconds (None: wait for it)."""

    SAVE, RESTORE, UP, CLEAR = "\x1b7", "\x1b8", "\x1b[1A", "\x1b[K"

    def __init__(self, stdin, out, clock: Callable[[], float] = time.monotonic, ready=None):
        self.stdin, self.out, self.clock = stdin, out, clock
        self.ready = ready or self._select

    def _select(self, timeout: float | None) -> bool:
        import select

        return bool(select.select([self.stdin], [], [], timeout)[0])

    def __call__(self, prompt: str, seconds: float, lang: str = "en") -> str:
        until = self.clock() + seconds
        shown = self.left(until)
        self.out.write(self.line(shown, lang) + "\n" + prompt + ": ")
        self.out.flush()
        while True:
            remaining = until - self.clock()
            if self.ready(min(1.0, remaining - (self.left(until) - 1)) if remaining > 0 else None):
                line = self.stdin.readline()
                if not line:
                    self.out.write("\n")
                    raise EOFError("standard input ended before the game was over")
                return line.rstrip("\r\n")
            if self.left(until) != shown:
                shown = self.left(until)
                self.out.write(self.SAVE + self.UP + "\r" + self.line(shown, lang) + self.CLEAR + self.RESTORE)
                self.out.flush()

    def left(self, until: float) -> int:
        """Whole seconds left, rounded up (0: the time is up)."""
        return max(0, math.ceil(until - self.clock()))

    @staticmethod
    def line(left: int, lang: str) -> str:
        return say(lang, "patterns.race.countdown", seconds=left) if left else say(lang, "patterns.race.time_up")


class PatternsHuman(Human):
    """The person's seat: asks with `ask(prompt) -> str` and shows text with `show(text)`."""

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], colour: bool = True,
                 lang: str = "en", hints: bool | None = None):
        super().__init__(ask, show, view, lang, hints, colour)

    def say(self, key: str, **facts) -> str:
        """What the terminal asks or says (`patterns.ask.<key>`) in the person's language."""
        return say(self.lang, f"patterns.ask.{key}", **facts)

    def choose(self, state: GameState, rng) -> int:
        phase = state.phase
        if phase in ("race", "click"):
            return self.race(state, state.seat)
        if phase == "declare":
            return self._declare(state)
        return self._pick(state, self.say(phase))

    def race(self, state: GameState, seat: int, seconds: float | None = None) -> int:
        """Cover a position, click or wait (also asked before the race starts, while the bots react
        within `seconds`: the time is shown, as a countdown where `ask` can show one)."""
        seen = self.look(state, seat)
        self.show(wheel_text(state, self.colour, self.lang))
        clicked = state.phase == "click"
        if clicked:
            self.show(self.say("clicked", card=card_text(state, state.click["card"], self.colour, self.lang)))
        else:
            self.show(status_text(state, seen, self.colour))
        while True:
            prompt = self.prompt(self.say("typed_race_clicked" if clicked else "typed_race"))
            answer = (self.read_timed(prompt, seconds) if seconds else self.read(prompt)).lower()
            position = number_in(answer, 0, WHEEL_SIZE - 1)
            if position is not None:
                return POSITION + position
            if answer in WAIT:
                return PASS
            if answer in CLICK_WORDS and not clicked:
                return CLICK
            self.show(self.say("race_clicked_again" if clicked else "race_again"))

    def read_timed(self, prompt: str, seconds: float) -> str:
        """An answer while the bots take `seconds` to react: a countdown where `ask` has one
        (`Countdown`), else the time allowed told once."""
        timed = getattr(self.ask, "timed", None)
        if timed is None:
            self.show(say(self.lang, "patterns.race.bots_react", seconds=f"{seconds:g}"))
            return self.read(prompt)
        answer = timed(prompt, seconds, self.lang).strip()
        if answer.lower() in QUIT:
            raise Abandoned()
        return answer

    def _declare(self, state: GameState) -> int:
        p = state.pending
        self.show(wheel_text(state, self.colour, self.lang))
        self.show(self.say("covered", position=p["position"], card=card_text(state, p["covered"], False, self.lang)))
        while True:
            answer = self.read(self.prompt(self.say("typed_declare")))
            if answer.startswith("?") or answer.lower() in HELP:
                self.show(statement_list(answer.removeprefix("?").strip().lower() if answer.startswith("?") else "",
                                         self.lang))
                continue
            if number_in(answer, 1, len(STATEMENTS)) is not None:
                return STATEMENT + number_in(answer, 1, len(STATEMENTS)) - 1
            try:
                return STATEMENT + STATEMENT_INDEX[parse_declaration(answer)]
            except ClicktownError as exc:
                self.show(tell(exc.args[0], self.lang))

    def _pick(self, state: GameState, question: str) -> int:
        seen = self.look(state, state.seat)
        self.show(wheel_text(state, self.colour, self.lang))
        return self.pick(question, seen["actions"])


def statement_list(word: str, lang: str = "en") -> str:
    """The numbered statements naming `word` (all 224 only on `? all`); without a word, how to declare.
    A word may be a trait's name in any language the vocabulary knows ('coin', 'Münze'), or a direction."""
    if not word:
        return say(lang, "patterns.ask.how_to_declare")
    named = {fold(name): value for other in ("en", "de") for value, (name, _) in trait_names(other).items()}
    directions = {"nach": "after", "vor": "before"}
    word = named.get(fold(word), directions.get(fold(word), word))
    rows = [f"{i + 1:>3}. {statement_words(s.direction, s.trigger.value, s.target.value, lang)}"
            for i, s in enumerate(STATEMENTS) if word == "all" or word in (s.trigger.value, s.target.value, s.direction)]
    return "\n".join(rows) or say(lang, "patterns.ask.no_statement", word=word)


def seat_players(players: int, seat: int, bots: list[str]) -> list[str]:
    """Who sits where: "human" at `seat`, the bots (repeated round the table) in the other seats in order."""
    if not bots:
        raise ClicktownError("no bots named for the other seats")
    for name in bots:
        make_bot(name)
    return seated(players, seat, bots)


def play_against(state: GameState, seat: int, human: PatternsHuman, bots: list[str], seed: int,
                 reaction: float = 0.0, clock: Callable[[], float] = time.monotonic) -> GameState:
    """Play the game to its end: `human` at `seat`, the bots (repeated round the table) elsewhere.

    The bots take `reaction` seconds to react (`race.Race`, the same driver as a table in the
    browser): before each race the person is asked first; an answer within that time is quicker
    than the bots, a slower one (or waiting) comes after them, and the answer is played when the
    race reaches the seat. With `reaction` 0 the order is drawn as in simulation. Quitting sets
    `state.abandoned`.
    """
    seats = seat_players(state.table.players, seat, bots)
    rng = random.Random(seed)
    players = {s: human if s == seat else make_bot(name) for s, name in enumerate(seats)}
    race = Race({seat}, reaction)
    late = False
    state.abandoned = False
    try:
        while not state.is_terminal():
            actor = state.current_player()
            if actor == CHANCE:
                if race.opens(state, clock()):
                    answer = human.race(state, seat, reaction)
                    late = clock() >= race.until
                    if late and answer != PASS:
                        human.show(say(human.lang, "patterns.race.late", seconds=f"{reaction:g}"))
                    race.answer(state, seat, answer, clock(), human.lang)
                state.apply_action(race.chance(state, rng))
                continue
            early = race.answer_of(state, actor)
            state.apply_action(early if early is not None else players[actor].choose(state, rng))
            if state.phase != "race" and race.answers.pop(seat, PASS) != PASS:
                human.after_events(say(human.lang, "patterns.race.not_taken_late" if late else "patterns.race.not_taken",
                               seconds=f"{reaction:g}"))
    except Abandoned:
        state.abandoned = True
        return state
    human.look(state, seat)
    return state
