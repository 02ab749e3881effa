"""A person at the terminal against bots: the board drawn in the teams' colours, and moves read as text.

A move is written as the card and, for cards that take a cell, the cell as row,column (0-9 from
the top left): `7h 3,4` or `7h 3 4` (a chip on row 3, column 4), `jd 5,5` (a two-eyed jack: any free cell),
`jh 2,3` (a one-eyed jack: take the opponent chip on row 2, column 3), `x 7h` or `exchange 7h`
(exchange a dead card), `pass` (only when nothing can be played). Equations work in Sequence
Numbers (`3+4 0,7`). `?` (or `help`) lists the legal moves numbered from 1, and a number or a
move's own words pick one, as in every game (`arena.human`). A move the rules refuse is answered
with the reason (`refusals`). `quit` abandons the game. Rendering returns strings; the CLI prints them.

Without hints (Sequence Numbers' default) the cell is the player's to find, as at the web table: the
list names each card once, a card alone (or its number) asks for its cell next, and a wrong cell is
refused with its reason, never with the card's cells.
"""

from __future__ import annotations

import random
import re
from typing import Callable

import click

from ...arena.human import HELP, Abandoned, Human
from ...errors import ClicktownError
from ...messages import say
from ...numbers import whole_number
from ..cards import equation_value
from ..geometry import SIZE, cell
from .refusals import refusal
from .state import CELL_COUNT, MatchState
from .view import action_text, colour_words, view

STYLE = {"A": "blue", "B": "green", "C": "red"}


def board_text(state: MatchState, colour: bool = True) -> str:
    """The board: labels on empty cells, each chip in its team's colour (locked ones in reverse video)."""
    labels = state.match.game.board.labels
    width = max(3, max(len(lab or "") for lab in labels))
    lines = ["   " + " ".join(str(c).rjust(width) for c in range(SIZE))]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            chip = state.board[cell(r, c)]
            if chip == ".":
                cells.append((labels[cell(r, c)] or "").rjust(width))
            elif chip == "*":
                cells.append("*".rjust(width))
            else:
                text = f"[{chip}]".rjust(width)
                cells.append(click.style(text, fg=STYLE[chip.upper()], bold=True, reverse=chip.islower()) if colour else text)
        lines.append(f"{r:>2} " + " ".join(cells))
    return "\n".join(lines)


def status_text(seen: dict) -> str:
    """Whose turn, the sequences, the seat's hand (with hints, what each card names), the chips left."""
    lang, public, team = seen["lang"], seen["public"], seen["team"]
    seqs = ", ".join(f"{t} ({colour_words(t, lang)}): {n}/{public['needed']}" for t, n in public["sequences"].items())
    hand = " ".join(c["card"] + (f"(={c['names']})" if "names" in c else "") for c in seen["hand"])
    return say(lang, "sequence.status", seat=seen["seat"], team=team, colour=colour_words(team, lang), sequences=seqs,
               hand=hand, pile=public["draw_pile"])


def legal_moves_text(options: list[dict]) -> str:
    """The moves a person may pick, one per line, numbered from 1: as typed, then in words."""
    return "\n".join(f"{k:>4}. {o['move']:<12} {o['words']}" for k, o in enumerate(options, 1))


def move_options(state: MatchState, seen: dict) -> list[dict]:
    """What a person may pick by number or words. With hints every legal action, its cell named
    (`7h 3,4`). Without them (Sequence Numbers' default) the cells are the person's to find: each card
    that plays on the board once (`card`: its kind, the cell asked for next), then the exchanges and
    the pass."""
    if seen["hints"]:
        return [_option(a["id"], a["move"], a["text"]) for a in seen["actions"]]
    options, cards = [], {}
    for a in seen["actions"]:
        if "via" not in a:
            options.append(_option(a["id"], a["move"], a["text"]))
            continue
        kind = state.match.decode(a["id"])[1]
        if kind not in cards:
            name = state.match.kinds[kind]
            deed = "remove" if state.match.actions[kind] == "remove" else "place"
            cards[kind] = {**_option(None, name, say(seen["lang"], f"sequence.action.{deed}_by_cell", card=name)),
                           "card": kind}
    return [*cards.values(), *options]


def _option(action: int | None, move: str, words: str) -> dict:
    """One option of the list: the action, the move as typed, its words; `text` (both) is what a person's
    words are matched against."""
    return {"id": action, "move": move, "words": words, "text": f"{move} {words}"}


_CELL = re.compile(r"^\(?([0-9])\s*[,\s]\s*([0-9])\)?$")


def parse_move(state: MatchState, text: str, lang: str = "en", hints: bool = True) -> int:
    """The action a typed move stands for, or a ClicktownError saying what is wrong with it (without
    `hints`, a wrong cell is refused without naming the card's cells)."""
    match = state.match

    def mistake(key: str, **facts) -> ClicktownError:
        error = ClicktownError(say(lang, f"sequence.mistake.{key}", **facts))
        error.unread = key in ("empty", "move")  # not written as a move: perhaps a move's number or words
        return error

    words = text.strip().lower().split()
    if not words:
        raise mistake("empty")
    if words in (["pass"], ["passen"]):
        action = match.pass_action
    elif words[0] in ("x", "exchange", "tausch", "tauschen"):
        if len(words) != 2:
            raise mistake("exchange")
        action = match.exchange + _kind(state, words[1], lang)
    else:
        m = _CELL.match(" ".join(words[1:]))
        if len(words) not in (2, 3) or not m:
            raise mistake("move")
        action = _kind(state, words[0], lang) * CELL_COUNT + cell(int(m[1]), int(m[2]))
    why = refusal(state, action, lang, hints)
    if why:
        raise mistake("refused", move=action_text(state, action, lang, faces=False), why=why)
    return action


def card_alone(state: MatchState, text: str) -> int | None:
    """The kind of the card of the seat's hand that `text` names alone (one word, not a number: that picks
    from the list), when it plays on the board now; None otherwise."""
    words = text.strip().lower().split()
    if len(words) != 1 or whole_number(words[0].removeprefix("#")) is not None:
        return None
    try:
        kind = _kind(state, words[0])
    except ClicktownError:
        return None
    plays = (state.match.decode(a) for a in state.legal_actions())
    return kind if any(what == "play" and k == kind for what, k, _ in plays) else None


def _kind(state: MatchState, name: str, lang: str = "en") -> int:
    """The kind of a card of the seat's hand named by the player (an equation by its answer)."""
    match = state.match
    hand = set(state.hands[state.seat])
    deck = match.game.deck
    key = deck.aliases.get(name, name)
    if key in match.kind_of and match.kind_of[key] in hand:
        return match.kind_of[key]
    value = equation_value(name) if key not in match.kind_of else None
    if value is not None:
        for kind in hand:
            if deck.cards[match.kinds[kind]].names == str(value):
                return kind
    raise ClicktownError(say(lang, "sequence.mistake.not_held", name=name, hand=" ".join(state.hand_names(state.seat))))


class SequenceHuman(Human):
    """A person: shows what happened since their last turn, the board, and reads a move until it is legal."""

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], colour: bool = True,
                 lang: str = "en", hints: bool | None = None):
        super().__init__(ask, show, view, lang, hints, colour)

    def look(self, state: MatchState, seat: int) -> dict:
        """The seat's view (cards named as a player types them), the events since the last look shown."""
        return super().look(state, seat, faces=False)

    def choose(self, state: MatchState, rng: random.Random) -> int:
        seen = self.look(state, state.seat)
        self.show(board_text(state, self.colour))
        self.show(status_text(seen))
        options = move_options(state, seen)
        typed = say(self.lang, "sequence.typed" if seen["hints"] else "sequence.typed_card")
        while True:
            text = self.read(self.prompt(typed))
            if text.lower() in HELP:
                self.show(legal_moves_text(options))
                continue
            action = self.action_for(state, seen, options, text)
            if action is not None:
                return action

    def action_for(self, state: MatchState, seen: dict, options: list[dict], text: str) -> int | None:
        """The action `text` names: a move as typed, an option's number or words, or (without hints) a card
        alone, whose cell is asked for next. None once the person is told why it names none."""
        kind = None if seen["hints"] else card_alone(state, text)
        if kind is not None:
            return self.cell_for(state, seen, options, kind)
        try:
            return parse_move(state, text, self.lang, seen["hints"])
        except ClicktownError as exc:
            chosen = self.chosen(text, options) if getattr(exc, "unread", False) else None
            if isinstance(chosen, int):
                option = options[chosen]
                return self.cell_for(state, seen, options, option["card"]) if "card" in option else option["id"]
            self.show(chosen or str(exc))
            return None

    def cell_for(self, state: MatchState, seen: dict, options: list[dict], kind: int) -> int | None:
        """The action of the card `kind` on the cell the person names next; a wrong cell is refused with its
        reason (not with the card's cells), anything but a cell is read as another move."""
        card = state.match.kinds[kind]
        while True:
            text = self.read(self.prompt(say(self.lang, "sequence.typed_cell", card=card)))
            if text.lower() in HELP:
                self.show(legal_moves_text(options))
                continue
            where = _CELL.match(text.strip())
            if not where:
                return self.action_for(state, seen, options, text)
            action = kind * CELL_COUNT + cell(int(where[1]), int(where[2]))
            why = refusal(state, action, self.lang, hints=False)
            if not why:
                return action
            self.show(say(self.lang, "sequence.mistake.refused", move=action_text(state, action, self.lang, faces=False),
                          why=why))

    def finish(self, state: MatchState, seat: int) -> None:
        """The last moves (the winning one too), the final board and the standings."""
        seen = self.look(state, seat)
        self.show(board_text(state, self.colour))
        if seen["over"]:
            self.show(seen["over"]["text"])


def play_against(setup, seat: int, human: SequenceHuman, seed: int) -> MatchState:
    """One game with `human` at `seat` and the setup's bots in the other seats in order (repeated
    round the table); `state.trace` holds its events."""
    from ...arena.seating import seated
    from ...arena.state import play_game
    from .bots import make_bot
    from ...arena.trace import PERSON
    from .simulate import make_match
    from .trace import trace_lines

    match = make_match(setup)
    names = seated(setup.players, seat, setup.bots, PERSON)
    players = [human if s == seat else make_bot(name) for s, name in enumerate(names)]
    state = match.new_state()
    state.events = []
    try:
        play_game(state, players, random.Random(seed))
    except Abandoned:
        state.end_reason, state.abandoned = "abandoned", True
    else:
        human.finish(state, seat)
    state.trace = trace_lines(state, 0, seed, names, setup.board_file, setup.deck_file)
    return state
