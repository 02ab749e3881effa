"""What one seat sees of a game of the Old Town marker game, as a plain JSON-ready dict.

`view(state, seat, since=0, lang="en", hints=False)` holds the board (markers per plot, the
buildings built, the markers beside the board), the seat's own info cards, everything public
(points, the buildings in front of every player, the cards played and discarded, the sizes of
hands and piles), the events from `state.events[since:]` told in English or German (the
referee's reasons too, by `wording`), the seat's legal actions each with its engine number and a
short description, whether a "stop" claim could be right now (`stop_possible`: a front end asks
for a claim only then), and at the end the standings. It never holds another seat's cards: another seat's draw is told without the card.

Hints (off by default) add what each card of the hand would do now: the referee's verdict and
its consequence. They give away the deduction the game is about, so a player switches them on.
"""

from __future__ import annotations

from ...arena.state import CHANCE
from ... import messages
from ...german import past
from . import rules, wording
from .state import CHOOSE, DISCARD, DRAW_OWN, DRAW_SHARED, PASS, PLAY, STOP, TAKE, OldTownState, BUILDINGS

STATUS_DE = {"playable": "spielbar", "confirmation": "Bestätigungskarte", "contradiction": "Widerspruchskarte",
             "forbidden": "nicht erlaubt"}
REASON_DE = {"town_built": "die Stadt ist gebaut", "no_progress": "niemand kommt mehr voran"}
REASON_EN = {"town_built": "the town is built", "no_progress": "no one can make progress"}


def view(state: OldTownState, seat: int, since: int = 0, lang: str = "en", hints: bool | None = None) -> dict:
    """The seat's view of the game (see the module docstring)."""
    hints = bool(hints)
    say = Words(state, seat, lang)
    events = state.events
    told = [(i, say.event(e)) for i, e in enumerate(events[since:], since)]
    deciding = state.actor == seat and not state.is_terminal()
    return {
        "game": "oldtown", "seat": seat, "lang": lang, "hints": hints, "turn": state.turns,
        "phase": state.phase, "to_move": state.actor if state.actor >= 0 else None,
        "board": board_facts(state, say),
        "hand": [hand_card(state, seat, n, say, hints) for n in state.hands[seat]],
        "public": public_facts(state, say),
        "events": [{"index": i, "text": text} for i, text in told if text],
        "seen": len(events),
        "actions": [{"id": a, "text": say.action(a)} for a in state.legal_actions()] if deciding else [],
        "stop_possible": deciding and state.phase == "stop" and bool(state.town.forced()),
        "over": standings(state, seat, say) if state.is_terminal() else None,
    }


def board_facts(state: OldTownState, say: "Words") -> dict:
    """Markers per plot, buildings built (by plot), markers beside the board; names in the seat's language."""
    town = state.town
    return {"plots": {str(p): [say.name(b) for b in town.on_plot(p)] for p in range(1, 17) if town.on_plot(p)},
            "built": {str(p): say.name(b) for b, p in town.built.items()},
            "supply": {say.name(b): n for b, n in town.supply.items() if n}}


def public_facts(state: OldTownState, say: "Words") -> dict:
    """What every seat may know."""
    return {"players": state.players, "points": list(state.points),
            "buildings": [[say.name(b) for b in own] for own in state.owned],
            "stack": [say.name(b) for b in state.stack],
            "hand_sizes": [len(h) for h in state.hands], "played": list(state.discards),
            "shared_pile": len(state.piles.top) + len(state.piles.shared),
            "own_piles": [len(p) for p in state.piles.own]}


def hand_card(state: OldTownState, seat: int, number: int, say: "Words", hints: bool) -> dict:
    """A card of the seat's hand: number, type, text; with hints, the verdict for each of the seat's buildings."""
    card = state.catalogue.card(number)
    entry = {"card": number, "type": card.kind, "text": say.card(number)}
    if hints:
        entry["verdicts"] = [{"my": say.name(v.my) if v.my else None, "status": v.status, "gain": v.gain,
                              "text": say.verdict(v)} for v in state.card_status(seat, number)]
    return entry


def standings(state: OldTownState, seat: int, say: "Words") -> dict:
    """Points of every seat, best first; the winners; whether the seat won."""
    order = sorted(range(state.players), key=lambda s: (-state.points[s], s))
    rows = [{"seat": s, "points": state.points[s]} for s in order]
    winners = state.winners()
    result = "win" if seat in winners and len(winners) == 1 else "tie" if seat in winners else "lose"
    lines = [f"{say.who(r['seat'])}: {r['points']} {'Punkte' if say.de else 'points'}" for r in rows]
    return {"winners": winners, "reason": state.reason, "turns": state.turns, "standings": rows,
            "result": result, "text": say.result(result, rows, winners), "lines": lines}


class Words:
    """The game told to one seat in English or German."""

    def __init__(self, state: OldTownState, seat: int, lang: str):
        self.state, self.me, self.de = state, seat, lang == "de"

    def name(self, building: str) -> str:
        """A building's full name in the seat's language."""
        return self.state.catalogue.buildings[building].de if self.de else building

    def the(self, building: str) -> str:
        """'the Saloon' / 'der Saloon'."""
        b = self.state.catalogue.buildings[building]
        return f"{b.article} {b.de}" if self.de else f"the {building}"

    def who(self, seat: int) -> str:
        if seat == self.me:
            return "du" if self.de else "you"
        return f"Platz {seat}" if self.de else f"seat {seat}"

    def did(self, event: dict, verb: str) -> str:
        """A German verb in the simple past for the seat of the event ('spielte', du 'spieltest')."""
        return past(verb, event["seat"] == self.me)

    def card(self, number: int) -> str:
        card = self.state.catalogue.card(number)
        return card.text_de if self.de else card.text_en

    def verdict(self, v: rules.Verdict) -> str:
        status = STATUS_DE[v.status] if self.de else v.status
        return f"{status}: {self.reason(v.reason)}" + (f" (+{v.gain})" if v.gain else "")

    def reason(self, reason: str) -> str:
        """The referee's reason (a `wording.Reason`) in the seat's language; a plain str as it is."""
        return wording.german(reason, self.state.catalogue.buildings) if self.de else reason

    def points(self, n: int) -> str:
        """'+1 point', '+3 points', '+3 Punkte'."""
        if self.de:
            return f"+{n} Punkt" + ("e" if n != 1 else "")
        return f"+{n} point" + ("s" if n != 1 else "")

    def action(self, action: int) -> str:
        """A legal action of the seat in words, cards with their text, buildings by their full names."""
        state, de = self.state, self.de
        if PLAY <= action < DISCARD:
            number, b = divmod(action - PLAY, BUILDINGS)
            number += 1
            kind = state.catalogue.card(number).kind
            mine = "" if kind == "A" else (f" für mein Gebäude {self.name(state.names[b])}" if de
                                          else f" for my {state.names[b]}")
            return (f"Karte {number} spielen{mine}: {self.card(number)}" if de
                    else f"play card {number}{mine}: {self.card(number)}")
        if DISCARD <= action < TAKE:
            number = action - DISCARD + 1
            return (f"Karte {number} ablegen: {self.card(number)}" if de
                    else f"discard card {number}: {self.card(number)}")
        if TAKE <= action < STOP:
            b, p = state.decode_marker(action, TAKE)
            return (f"den Marker {self.the_gen(b)} von Platz {p} nehmen" if de
                    else f"take the marker of the {b} off plot {p}")
        if STOP <= action < PASS:
            b, p = state.decode_marker(action, STOP)
            return (f"Stopp: der Marker {self.the_gen(b)} auf Platz {p} muss weg" if de
                    else f"stop: the marker of the {b} on plot {p} must go")
        if action == PASS:
            if state.phase == "stop":
                return "kein Stopp" if de else "no stop"
            return "passen" if de else "pass"
        if action == DRAW_SHARED:
            return "vom gemeinsamen Stapel ziehen" if de else "draw from the shared pile"
        if action == DRAW_OWN:
            return "vom eigenen Stapel ziehen" if de else "draw from my own pile"
        if CHOOSE <= action:
            b = state.names[action - CHOOSE]
            return f"{self.the(b)} nehmen" if de else f"take the {b}"
        return str(action)

    def the_gen(self, building: str) -> str:
        """'des Saloons' is beyond a table of names: 'von Saloon' reads well enough in every case."""
        return f"von {self.name(building)}"

    def event(self, e: dict) -> str | None:
        """One trace event in words (None for those the seat is not told about)."""
        de, kind = self.de, e["event"]
        if kind == "building":
            return f"{self.who(e['seat'])}: {self.the(e['building'])}" if de else \
                f"{self.who(e['seat'])} took the {e['building']}"
        if kind == "play":
            mine = ""
            if e["my"]:
                mine = f" für das eigene Gebäude {self.name(e['my'])}" if de else f" for their {e['my']}"
            head = (f"{self.who(e['seat'])} {self.did(e, 'spielte')} Karte {e['card']}{mine}: {self.card(e['card'])}" if de else
                    f"{self.who(e['seat'])} played card {e['card']}{mine}: {self.card(e['card'])}")
            status = STATUS_DE[e["status"]] if de else e["status"]
            points = f", {self.points(e['gain'])}" if e["gain"] else ""
            return f"{head} -> {status}: {self.reason(e['reason'])}{points}"
        if kind == "discard":
            cards = " und ".join(map(str, e["cards"])) if de else " and ".join(map(str, e["cards"]))
            if de:
                return (f"{self.who(e['seat'])} {self.did(e, 'legte')} die Karten {cards} ab und {self.did(e, 'nahm')} den Marker "
                        f"{self.the_gen(e['building'])} von Platz {e['plot']} ({self.points(e['gain'])})")
            return (f"{self.who(e['seat'])} discarded cards {cards} and took the marker of the {e['building']} "
                    f"off plot {e['plot']} ({self.points(e['gain'])})")
        if kind == "stop":
            right = ("RICHTIG" if e["right"] else "FALSCH") if de else ("RIGHT" if e["right"] else "WRONG")
            points = f" ({self.points(e['gain'])})" if e["right"] else ""
            if de:
                return (f"{self.who(e['seat'])} {self.did(e, 'rief')} Stopp: der Marker {self.the_gen(e['building'])} auf Platz "
                        f"{e['plot']} muss weg -> {right}: {self.reason(e['reason'])}{points}")
            return (f"{self.who(e['seat'])} called stop on the marker of the {e['building']} on plot {e['plot']}"
                    f" -> {right}: {e['reason']}{points}")
        if kind == "pass":
            return f"{self.who(e['seat'])} {self.did(e, 'passte')}" if de else f"{self.who(e['seat'])} passed"
        if kind == "draw":
            pile = ("eigenen" if e["pile"] == "own" else "gemeinsamen") if de else e["pile"]
            if e["seat"] == self.me:
                return (f"du ziehst Karte {e['card']} vom {pile} Stapel: {self.card(e['card'])}" if de else
                        f"you draw card {e['card']} from the {pile} pile: {self.card(e['card'])}")
            return (f"{self.who(e['seat'])} zieht eine Karte vom {pile} Stapel" if de else
                    f"{self.who(e['seat'])} draws a card from the {pile} pile")
        if kind == "game_end":
            return (f"Spielende: {REASON_DE[e['reason']]}" if de else f"game over: {REASON_EN[e['reason']]}")
        return None

    def result(self, result: str, rows: list[dict], winners: list[int]) -> str:
        """'you win: seat 0 12 points, seat 1 9 points ...'."""
        table = ", ".join(f"{self.who(r['seat'])} {r['points']}" for r in rows)
        if self.de:
            head = {"win": "du gewinnst", "tie": "du teilst den Sieg", "lose": "du verlierst"}[result]
            return f"{head} ({REASON_DE[self.state.reason]}); Punkte: {table}"
        head = {"win": "you win", "tie": "you share the win", "lose": "you lose"}[result]
        return f"{head} ({REASON_EN[self.state.reason]}); points: {table}"


def needs_decision(state: OldTownState, seat: int) -> bool:
    """Should the seat be asked now? Not for a stop claim when no marker can go (it passes by itself)."""
    if state.actor != seat or state.actor == CHANCE or state.is_terminal():
        return False
    return state.phase != "stop" or bool(state.town.forced())


def refused(state: OldTownState, action: int, lang: str = "en") -> str:
    """Why the seat to move may not take `action` now (`refusals.refusal`: the engine's own verdicts),
    worded for that seat from the message catalogs; "" when the action is legal."""
    from .refusals import refusal

    found = refusal(state, action)
    if found is None:
        return ""
    seat = state.actor if state.actor >= 0 else state.seat
    return tell_refusal(Words(state, seat, lang), found, lang)


def tell_refusal(words: Words, found, lang: str) -> str:
    """A `refusals.Refusal` in the seat's language: buildings by their names there, the verdict's reason
    worded as the seat's view words it."""
    facts = dict(found.facts)
    if "why" in facts:
        facts["why"] = words.reason(facts["why"])
    if found.reason in ("contradiction", "forbidden"):
        my = facts.get("my")
        facts["what"] = (messages.say(lang, "oldtown.refusal.card_for", card=facts["card"], building=words.name(my))
                         if my else messages.say(lang, "oldtown.refusal.card", card=facts["card"]))
    if "building" in facts:
        facts["building"] = words.name(facts["building"])
    key = f"oldtown.refusal.{found.reason}"
    if found.reason == "not_now":
        facts["now"] = messages.say(lang, f"oldtown.refusal.now.{facts['phase']}")
    elif found.reason == "empty_pile":
        key += "." + facts["pile"]
    return messages.say(lang, key, **facts)
