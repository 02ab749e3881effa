"""A person's seat at the terminal, the same in every game.

`Human` reads what the person types with `ask(prompt) -> str`, prints with `show(text)`, and shows
the events since the seat last looked, told by the game's own seat view. Typing `quit` (or `q`)
raises `Abandoned` wherever the person is asked. Each game's seat (`OldTownHuman`, `PatternsHuman`,
`SequenceHuman` in the games' `play` modules) adds only how a decision is asked for: its `choose`.

The prompt is the same in every game (`prompt`: "your move", with what may be typed in brackets),
and so is a choice among options (`pick`): the options numbered from 1, an answer either the
number or the option's own words ("place on position 5", or just `5` when 5 is no option's number
and only one option's name holds it), `?` or `help` for the options again, and a refusal that
says why.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from ..messages import say
from ..numbers import whole_number

QUIT = ("quit", "q", "ende")
HELP = ("?", "help", "hilfe")


class Abandoned(Exception):
    """The person typed `quit`."""


def folded_words(text: str) -> list[str]:
    """The words of `text` for matching what a person types: lower case, accents and ß folded, each
    word letters and digits ('place on position 5' -> place, on, position, 5; '4♠' -> 4)."""
    text = unicodedata.normalize("NFKD", text.lower().replace("ß", "ss"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", text)


def matching(answer: str, options: list[dict]) -> list[int]:
    """The indexes of the options whose words hold every word of `answer` (an answer equal to one
    option's whole words is that option alone). A number alone is looked for in the move's name only
    (the text before its first ':', not in a card's text after it)."""
    wanted = folded_words(answer)
    if not wanted:
        return []
    alone = whole_number(answer) is not None
    said = [folded_words(o["text"].split(":")[0] if alone else o["text"]) for o in options]
    exact = [i for i, words in enumerate(said) if words == wanted]
    if exact:
        return exact
    return [i for i, words in enumerate(said) if all(w in words for w in wanted)]


def numbered(options: list[dict]) -> str:
    """The options, one a line, numbered from 1."""
    return "\n".join(f"{k:>4}. {o['text']}" for k, o in enumerate(options, 1))


class Human:
    """A person's seat: `ask`, `show`, the language, whether hints are on, and the game's `view`
    (state, seat, since=, lang=, hints=, ...) -> the seat view with its `events` and `seen`."""

    name = "human"

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], view: Callable[..., dict],
                 lang: str = "en", hints: bool | None = None, colour: bool = True):
        self.ask, self.show, self.view = ask, show, view
        self.lang, self.hints, self.colour = lang, hints, colour
        self.seen = 0
        self.notes: list[str] = []

    def look(self, state, seat: int, **options) -> dict:
        """The seat's view; the events since the last look are shown, then the notes kept for after them."""
        seen = self.view(state, seat, since=self.seen, lang=self.lang, hints=self.hints, **options)
        self.seen = seen["seen"]
        for event in seen["events"]:
            self.show(event["text"])
        for note in self.notes:
            self.show(note)
        self.notes = []
        return seen

    def after_events(self, note: str) -> None:
        """Show `note` after the events still to be told (at the next look)."""
        self.notes.append(note)

    def prompt(self, typed: str = "") -> str:
        """The prompt of every game: 'your move', with what may be typed ('1-5, ? for help') after it."""
        return say(self.lang, "common.prompt", typed=typed) if typed else say(self.lang, "common.prompt_plain")

    def read(self, prompt: str) -> str:
        """One answer typed by the person, blanks stripped; `quit` abandons the game."""
        answer = self.ask(prompt).strip()
        if answer.lower() in QUIT:
            raise Abandoned()
        return answer

    def pick(self, question: str, options: list[dict], why_not: Callable[[str], str | None] | None = None) -> int:
        """The id of the option the person picks among `options` ({"id", "text"}), shown under `question`
        numbered from 1. `why_not(answer)` says why an answer that names no option is refused (None:
        the general refusal)."""
        self.show(question + "\n" + numbered(options))
        typed = say(self.lang, "common.prompt_numbers", high=len(options))
        while True:
            answer = self.read(self.prompt(typed))
            if answer.lower() in HELP:
                self.show(question + "\n" + numbered(options) + "\n" + say(self.lang, "common.help_pick", high=len(options)))
                continue
            chosen = self.chosen(answer, options)
            if isinstance(chosen, int):
                return options[chosen]["id"]
            self.show(chosen if chosen else (why_not(answer) if why_not else None)
                      or say(self.lang, "common.no_such_option", answer=answer, high=len(options)))

    def chosen(self, answer: str, options: list[dict]) -> int | str | None:
        """The index of the option `answer` names: its number from 1 (also written '#5'), else its words;
        when the words fit several options, which ones in words; None when it names none."""
        number = whole_number(answer.removeprefix("#"))
        if number is not None and 1 <= number <= len(options):
            return number - 1
        fits = matching(answer, options)
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1:
            return say(self.lang, "common.several_options", answer=answer,
                       options="; ".join(f"{i + 1}. {options[i]['text']}" for i in fits[:5]))
        return None


def played_winners(state, winners) -> list[int]:
    """The winners of a game played at the terminal (`winners`: a list, or the engine's method giving
    it): none when the person quit before the end (`state.abandoned`)."""
    if getattr(state, "abandoned", False):
        return []
    return list(winners() if callable(winners) else winners)


def fitted(text: str, columns: int = 80) -> str:
    """`text` with every line longer than `columns` wrapped at its blanks, the further lines indented
    four more than the line's own indent (a plan already drawn to fit is left as it is)."""
    import textwrap

    lines = []
    for line in text.split("\n"):
        if len(line) <= columns:
            lines.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        lines += textwrap.wrap(line, columns, initial_indent="", subsequent_indent=indent + "    ",
                               break_on_hyphens=False, drop_whitespace=True) or [line]
    return "\n".join(lines)
