"""A person's seat at the terminal, the same in every game.

`Human` reads what the person types with `ask(prompt) -> str`, prints with `show(text)`, and shows
the events since the seat last looked, told by the game's own seat view. Typing `quit` (or `q`)
raises `Abandoned` wherever the person is asked. Each game's seat (`OldTownHuman`, `PatternsHuman`,
`SequenceHuman` in the games' `play` modules) adds only how a decision is asked for: its `choose`.
"""

from __future__ import annotations

from typing import Callable

QUIT = ("quit", "q")


class Abandoned(Exception):
    """The person typed `quit`."""


class Human:
    """A person's seat: `ask`, `show`, the language, whether hints are on, and the game's `view`
    (state, seat, since=, lang=, hints=, ...) -> the seat view with its `events` and `seen`."""

    name = "human"

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], view: Callable[..., dict],
                 lang: str = "en", hints: bool | None = None, colour: bool = True):
        self.ask, self.show, self.view = ask, show, view
        self.lang, self.hints, self.colour = lang, hints, colour
        self.seen = 0

    def look(self, state, seat: int, **options) -> dict:
        """The seat's view; the events since the last look are shown."""
        seen = self.view(state, seat, since=self.seen, lang=self.lang, hints=self.hints, **options)
        self.seen = seen["seen"]
        for event in seen["events"]:
            self.show(event["text"])
        return seen

    def read(self, prompt: str) -> str:
        """One answer typed by the person, blanks stripped; `quit` abandons the game."""
        answer = self.ask(prompt).strip()
        if answer.lower() in QUIT:
            raise Abandoned()
        return answer
