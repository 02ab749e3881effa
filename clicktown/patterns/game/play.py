"""A person at the terminal against bots: the wheel drawn as a coloured table, choices read as text.

In the race a move is a position (`3`: cover position 3 with your card), `click` or `wait`. A
declaration is typed as players say it, in English or German ("after every blue there is always
loot", "VOR jeder STERN-Karte gibt es immer eine MÜNZE-Karte"), or picked by number after `?`
lists every statement. Every other choice (which card to take, where to place your card, which
challenge card to use) is picked by number from a list. Rendering returns strings; the CLI prints.
"""

from __future__ import annotations

import random
import sys
from typing import Callable

import click

from ...arena.seating import seated
from ...arena.state import CHANCE, sample_chance
from ...errors import ClicktownError
from ...numbers import number_in
from .bots import make_bot
from ..cards import WHEEL_SIZE
from ..declare import parse_declaration
from .state import CLICK, PASS, POSITION, STATEMENT, STATEMENT_INDEX, STATEMENTS, GameState

STYLE = {"red": "red", "blue": "blue", "yellow": "yellow", "grey": "bright_black", "white": "white"}


def card_text(state: GameState, card: int | None, colour: bool = True) -> str:
    """A card's name, in its colour."""
    if card is None:
        return "(gap)"
    name = state.table.names[card]
    pattern = state.table.cards[card]
    if pattern is None or not colour:
        return name
    return click.style(name, fg=STYLE.get(pattern.color), bold=True)


def wheel_text(state: GameState, colour: bool = True) -> str:
    """The wheel as a table: position and card, clockwise."""
    lines = ["pos  card (clockwise; after = the next position)"]
    for p in range(WHEEL_SIZE):
        lines.append(f"{p:>3}  {card_text(state, state.wheel[p], colour)}")
    return "\n".join(lines)


def status_text(state: GameState, seat: int, colour: bool = True) -> str:
    """Round, money, won cards, challenge cards and Target card of every seat; your card in hand."""
    lines = [f"round {state.round}, turn {state.turn}"]
    for s in range(state.table.players):
        who = "you" if s == seat else f"seat {s}"
        out = "" if state.active[s] else " (eliminated)"
        won = " ".join(card_text(state, c, colour) for c in state.won[s]) or "-"
        faceup = " ".join(state.table.names[c] for c in state.faceup[s])
        target = state.table.bank.target_names[state.target[s]] if state.target[s] is not None else "-"
        lines.append(f"  {who}{out}: ${state.cents[s] / 100:.2f}, {target}, won: {won}" + (f", face up: {faceup}" if faceup else ""))
    if state.hand[seat] is not None:
        lines.append(f"your card: {card_text(state, state.hand[seat], colour)}")
    return "\n".join(lines)


def event_text(event: dict, seat: int) -> str | None:
    """One trace event in words for the person (None for events not worth a line)."""
    who = lambda s: "you" if s == seat else f"seat {s}"  # noqa: E731
    kind = event["event"]
    if kind == "round_start":
        return f"-- round {event['round']} --"
    if kind == "turn_start":
        quickest = ", ".join(who(s) for s in event["order"])
        return f"turn {event['turn']}: your card is {event['hands'][seat]}; quickest first: {quickest}"
    if kind == "declare":
        verdict = "VALID" + (" (Wild Wild Pattern!)" if event["wild"] else "") if event["valid"] else "FALSE"
        return (f"{who(event['seat'])} covered position {event['position']} ({event['covered']}) with "
                f"{event['card']} and declared \"{event['statement']}\": {verdict}")
    if kind == "take":
        return f"{who(event['seat'])} took {event['card']} ({event['why']})"
    if kind == "click":
        return f"{who(event['seat'])} said Click! with {event['card']}"
    if kind == "click_unused":
        return "nobody could use the clicked card"
    if kind == "challenge_drawn":
        return f"{who(event['seat'])} drew {event['card']} and laid it face up"
    if kind == "challenge":
        return f"{who(event['seat'])} used {event['card']}"
    if kind in ("steal", "remove", "exchange", "paid"):
        return f"{who(event['seat'])}: {kind} " + ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("event", "seat"))
    if kind == "place":
        return f"{who(event['seat'])} placed {event['card']} on position {event['position']}"
    if kind == "round_end":
        rows = [f"  {who(p['seat'])}: {len(p['cards'])} cards, paid ${p['payout_cents'] / 100:.2f} "
                f"({', '.join(c['name'] for c in p['combinations']) or 'nothing'}), total ${p['dollars_cents'] / 100:.2f}"
                for p in event["players"]]
        gone = f"\n  eliminated: {', '.join(who(s) for s in event['eliminated'])}" if event["eliminated"] else ""
        return "-- the Bank pays --\n" + "\n".join(rows) + gone
    if kind == "game_end":
        winners = ", ".join(who(s) for s in event["winners"]) or "nobody"
        return f"== game over: {winners} ({event['reason']}) =="
    return None


def read_answer(prompt: str, err: bool = False) -> str:
    """One line typed by the person (the prompt on stdout, or on stderr with `err`).

    The end of standard input before the game is over is a one-line error, not a hang or a trace.
    """
    click.echo(f"{prompt}: ", nl=False, err=err)
    line = sys.stdin.readline()
    if not line:
        click.echo("", err=err)
        raise ClicktownError("standard input ended before the game was over")
    return line.rstrip("\r\n")


class Human:
    """The person's seat: asks with `ask(prompt) -> str` and shows text with `show(text)`."""

    name = "human"

    def __init__(self, ask: Callable[[str], str], show: Callable[[str], None], colour: bool = True):
        self.ask, self.show, self.colour = ask, show, colour

    def choose(self, state: GameState, rng) -> int:
        phase = state.phase
        if phase in ("race", "click"):
            return self._race(state)
        if phase == "declare":
            return self._declare(state)
        return self._pick(state, {"take": "take which wheel card?", "place": "place your card where?",
                                  "activate": "use a challenge card?", "power": "which card?"}[phase])

    def _race(self, state: GameState) -> int:
        self.show(wheel_text(state, self.colour))
        clicked = state.phase == "click"
        if clicked:
            self.show(f"Click! card: {card_text(state, state.click['card'], self.colour)}; cover a position with it, or wait")
        else:
            self.show(status_text(state, state.seat, self.colour))
        while True:
            answer = self.ask("cover position 0-7, " + ("or wait" if clicked else "'click' or 'wait'")).strip().lower()
            position = number_in(answer, 0, WHEEL_SIZE - 1)
            if position is not None:
                return POSITION + position
            if answer in ("wait", "w", "pass"):
                return PASS
            if answer in ("click", "c", "click!") and not clicked:
                return CLICK
            self.show("type a position 0-7" + (", or wait" if clicked else ", click or wait"))

    def _declare(self, state: GameState) -> int:
        p = state.pending
        self.show(wheel_text(state, self.colour))
        self.show(f"you covered position {p['position']} ({state.table.names[p['covered']]}); declare your pattern")
        while True:
            answer = self.ask("your declaration (or ? for the numbered list)").strip()
            if answer == "?":
                self.show("\n".join(f"{i + 1:>3}. {s.text_en()}" for i, s in enumerate(STATEMENTS)))
                continue
            if number_in(answer, 1, len(STATEMENTS)) is not None:
                return STATEMENT + number_in(answer, 1, len(STATEMENTS)) - 1
            try:
                return STATEMENT + STATEMENT_INDEX[parse_declaration(answer)]
            except ClicktownError as exc:
                self.show(str(exc))

    def _pick(self, state: GameState, question: str) -> int:
        actions = state.legal_actions()
        self.show(wheel_text(state, self.colour))
        self.show(question + "\n" + "\n".join(f"{i + 1:>3}. {state.action_to_string(a)}" for i, a in enumerate(actions)))
        while True:
            answer = self.ask("number").strip()
            choice = number_in(answer, 1, len(actions))
            if choice is not None:
                return actions[choice - 1]
            self.show(f"type a number from 1 to {len(actions)}")


def seat_players(players: int, seat: int, bots: list[str]) -> list[str]:
    """Who sits where: "human" at `seat`, the bots (repeated round the table) in the other seats in order."""
    if not bots:
        raise ClicktownError("no bots named for the other seats")
    for name in bots:
        make_bot(name)
    return seated(players, seat, bots)


def play_against(state: GameState, seat: int, human: Human, bots: list[str], seed: int) -> GameState:
    """Play the game to its end: `human` at `seat`, the bots (repeated round the table) elsewhere."""
    seats = seat_players(state.table.players, seat, bots)
    rng = random.Random(seed)
    players = {s: human if s == seat else make_bot(name) for s, name in enumerate(seats)}
    shown = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        for event in state.events[shown:]:
            line = event_text(event, seat)
            if line:
                human.show(line)
        shown = len(state.events)
        state.apply_action(players[state.current_player()].choose(state, rng))
    for event in state.events[shown:]:
        line = event_text(event, seat)
        if line:
            human.show(line)
    return state
