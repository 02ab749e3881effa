"""What one seat sees of a game of the Old Town marker game, as a plain JSON-ready dict.

`view(state, seat, since=0, lang="en", hints=None)` holds the board (markers per plot, the
buildings built, the markers beside the board), the seat's own info cards, everything public
(points, the buildings in front of every player, the cards played and discarded, the sizes of
hands and piles), the events from `state.events[since:]` told in English or German (the
referee's reasons too, by `wording`), the seat's legal actions each with its engine number and a
short description, whether a "stop" claim could be right now (`stop_possible`: a front end asks
for a claim only then), and at the end the standings. It never holds another seat's cards: another seat's draw is told without the card.

Hints (on unless `hints` is False) add what each card of the hand would do now: the referee's verdict
(playable, confirmation, contradiction, forbidden), why, and its consequence; a card that may not be
played says so beside it. They give away part of the deduction the game is about, so a player may
switch them off (`hints=false` on a table's address).

For a table page: `public["rows"]` (a line per seat, then the shared pile) in the seat's words, and
`last`, the plots the last move changed (the picture's `data-plot`, outlined there).
"""

from __future__ import annotations

from ...arena.state import CHANCE
from ... import messages
from ...messages import say, say_n
from ...words import listing, seat_words, tell, told, who
from . import rules
from .state import CHOOSE, DISCARD, DRAW_OWN, DRAW_SHARED, PASS, PLAY, STOP, TAKE, OldTownState, BUILDINGS
from .wording import building_words


def view(state: OldTownState, seat: int, since: int = 0, lang: str = "en", hints: bool | None = None) -> dict:
    """The seat's view of the game (see the module docstring)."""
    hints = hints is not False
    say = Words(state, seat, lang)
    events = state.events
    told = [(i, say.event(e)) for i, e in enumerate(events[since:], since)]
    deciding = state.actor == seat and not state.is_terminal()
    return {
        "game": "oldtown", "seat": seat, "lang": lang, "hints": hints, "turn": state.turns,
        "phase": state.phase, "to_move": state.actor if state.actor >= 0 else None,
        "board": board_facts(state, say),
        "hand": [hand_card(state, seat, n, say, hints) for n in state.hands[seat]],
        "public": {**public_facts(state, say), "rows": public_rows(state, say)},
        "events": [{"index": i, "text": text} for i, text in told if text],
        "seen": len(events),
        "actions": [{"id": a, "text": say.action(a)} for a in state.legal_actions()] if deciding else [],
        "last": [str(p) for p in changed_plots(state)],
        "stop_possible": deciding and state.phase == "stop" and bool(state.town.forced()),
        "over": standings(state, seat, say) if state.is_terminal() else None,
    }


def board_facts(state: OldTownState, say: "Words") -> dict:
    """Markers per plot, buildings built (by plot), markers beside the board; names in the seat's language."""
    town = state.town
    return {"plots": {str(p): [say.name(b) for b in town.on_plot(p)] for p in range(1, 17) if town.on_plot(p)},
            "built": {str(p): say.name(b) for b, p in town.built.items()},
            "supply": {say.name(b): n for b, n in town.supply.items() if n}}


def changed_plots(state: OldTownState) -> list[int]:
    """The plots the last move that changed the board changed: markers placed or taken away, a building
    built. Found against the board at the end of an earlier turn (each turn_end keeps it), the latest
    that differs from the board now; before any, against the empty board."""
    now = {"plots": state.town.plots_json(), "built": dict(state.town.built)}
    before = next((e for e in reversed(state.events or []) if e["event"] == "turn_end"
                   and (e["plots"], e["built"]) != (now["plots"], now["built"])), {"plots": {}, "built": {}})
    built = ({str(p): b for b, p in before["built"].items()}, {str(p): b for b, p in now["built"].items()})
    plots = set(before["plots"]) | set(now["plots"]) | set(built[0]) | set(built[1])
    return sorted(int(p) for p in plots
                  if before["plots"].get(p) != now["plots"].get(p) or built[0].get(p) != built[1].get(p))


def public_facts(state: OldTownState, say: "Words") -> dict:
    """What every seat may know."""
    return {"players": state.players, "points": list(state.points),
            "buildings": [[say.name(b) for b in own] for own in state.owned],
            "stack": [say.name(b) for b in state.stack],
            "hand_sizes": [len(h) for h in state.hands], "played": list(state.discards),
            "shared_pile": len(state.piles.top) + len(state.piles.shared),
            "own_piles": [len(p) for p in state.piles.own]}


def public_rows(state: OldTownState, say: "Words") -> list[str]:
    """A line per seat as the page shows it: points, buildings, cards in hand; then the shared pile."""
    rows = [say.say("oldtown.row.seat", seat=seat_words(say.lang, s, say.me),
                    points=say_n(say.lang, "common.points", state.points[s]),
                    buildings=", ".join(say.name(b) for b in state.owned[s]) or say.say("oldtown.row.no_building"),
                    cards=say_n(say.lang, "oldtown.row.cards", len(state.hands[s])))
            for s in range(state.players)]
    shared = len(state.piles.top) + len(state.piles.shared)
    return rows + [say_n(say.lang, "oldtown.row.shared_pile", shared)]


def hand_card(state: OldTownState, seat: int, number: int, say: "Words", hints: bool) -> dict:
    """A card of the seat's hand: number, type, text; with hints, the verdict for each of the seat's buildings."""
    card = state.catalogue.card(number)
    entry = {"card": number, "type": card.kind, "text": say.card(number)}
    if hints:
        entry["verdicts"] = [{"my": say.name(v.my) if v.my else None, "status": v.status, "gain": v.gain,
                              "allowed": v.allowed, "text": say.verdict(v)} for v in state.card_status(seat, number)]
    return entry


def standings(state: OldTownState, seat: int, say: "Words") -> dict:
    """Points of every seat, best first; the winners; whether the seat won."""
    order = sorted(range(state.players), key=lambda s: (-state.points[s], s))
    rows = [{"seat": s, "points": state.points[s]} for s in order]
    winners = state.winners()
    result = "win" if seat in winners and len(winners) == 1 else "tie" if seat in winners else "lose"
    lines = [say.line(r["seat"], r["points"]) for r in rows]
    return {"winners": winners, "reason": state.reason, "turns": state.turns, "standings": rows,
            "result": result, "text": say.result(result, rows, winners), "lines": lines}


class Words:
    """The game told to one seat in its language, every sentence from the catalogs (`oldtown.*`)."""

    def __init__(self, state: OldTownState, seat: int, lang: str):
        self.state, self.me, self.lang = state, seat, lang

    def say(self, key: str, **facts) -> str:
        return say(self.lang, key, **facts)

    def building(self, building: str) -> dict[str, str]:
        """A building's name and its name with article in every case (`wording.building_words`)."""
        return building_words(self.lang, self.state.catalogue.buildings[building])

    def name(self, building: str) -> str:
        """A building's full name in the seat's language."""
        return self.building(building)["name"]

    def the(self, building: str) -> str:
        """'the Saloon' / 'der Saloon'."""
        return self.building(building)["the"]

    def who(self, seat: int) -> str:
        return who(self.lang, seat, self.me)

    def told(self, key: str, event: dict, **facts) -> str:
        """What the event's seat did, in the person and verb form for the seat told."""
        return told(self.lang, key, event["seat"], self.me, **facts)

    def card(self, number: int) -> str:
        return self.state.catalogue.card(number).sentence(self.lang)

    def status(self, status: str) -> str:
        return self.say(f"oldtown.status.{status}")

    def verdict(self, v: rules.Verdict) -> str:
        gain = self.say("oldtown.verdict_gain", gain=v.gain) if v.gain else ""
        return self.say("oldtown.verdict", status=self.status(v.status), reason=self.reason(v.reason)) + gain

    def reason(self, reason: str) -> str:
        """The referee's reason (a `wording.Reason`) in the seat's language; a plain str as it is."""
        return tell(reason, self.lang, self.state.catalogue.buildings)

    def points(self, n: int) -> str:
        """'+1 point', '+3 points', '+3 Punkte'."""
        return say_n(self.lang, "oldtown.gain", n)

    def line(self, seat: int, points: int) -> str:
        """'you: 1 point', 'seat 2: 9 points' (the standings)."""
        return self.say("oldtown.standing", who=self.who(seat), points=say_n(self.lang, "common.points", points))

    def action(self, action: int) -> str:
        """A legal action of the seat in words, cards with their text, buildings by their full names."""
        state = self.state
        if PLAY <= action < DISCARD:
            number, b = divmod(action - PLAY, BUILDINGS)
            number += 1
            if state.catalogue.card(number).kind == "A":
                return self.say("oldtown.action.play", number=number, text=self.card(number))
            return self.say("oldtown.action.play_for", number=number, b=self.name(state.names[b]), text=self.card(number))
        if DISCARD <= action < TAKE:
            number = action - DISCARD + 1
            return self.say("oldtown.action.discard", number=number, text=self.card(number))
        if TAKE <= action < STOP:
            b, p = state.decode_marker(action, TAKE)
            return self.say("oldtown.action.take", of_b=self.building(b)["of"], plot=p)
        if STOP <= action < PASS:
            b, p = state.decode_marker(action, STOP)
            return self.say("oldtown.action.stop", of_b=self.building(b)["of"], plot=p)
        if action == PASS:
            return self.say("oldtown.action.no_stop" if state.phase == "stop" else "oldtown.action.pass")
        if action == DRAW_SHARED:
            return self.say("oldtown.action.draw_shared")
        if action == DRAW_OWN:
            return self.say("oldtown.action.draw_own")
        if CHOOSE <= action:
            return self.say("oldtown.action.choose", acc_b=self.building(state.names[action - CHOOSE])["acc"])
        return str(action)

    def event(self, e: dict) -> str | None:
        """One trace event in words (None for those the seat is not told about)."""
        kind = e["event"]
        if kind == "building":
            return self.told("oldtown.event.building", e, acc_b=self.building(e["building"])["acc"])
        if kind == "play":
            facts = {"card": e["card"], "text": self.card(e["card"])}
            if e["my"]:
                head = self.told("oldtown.event.play_for", e, b=self.name(e["my"]), **facts)
            else:
                head = self.told("oldtown.event.play", e, **facts)
            points = self.say("oldtown.event.gain", points=self.points(e["gain"])) if e["gain"] else ""
            return self.say("oldtown.event.judged", head=head, status=self.status(e["status"]),
                            reason=self.reason(e["reason"])) + points
        if kind == "discard":
            return self.told("oldtown.event.discard", e, cards=listing(self.lang, map(str, e["cards"])),
                             of_b=self.building(e["building"])["of"], plot=e["plot"], points=self.points(e["gain"]))
        if kind == "stop":
            points = self.say("oldtown.event.stop_gain", points=self.points(e["gain"])) if e["right"] else ""
            head = self.told("oldtown.event.stop", e, of_b=self.building(e["building"])["of"], plot=e["plot"])
            right = self.say("oldtown.event.right" if e["right"] else "oldtown.event.wrong")
            return self.say("oldtown.event.judged", head=head, status=right, reason=self.reason(e["reason"])) + points
        if kind == "pass":
            return self.told("oldtown.event.pass", e)
        if kind == "draw":
            pile = self.say(f"oldtown.pile.{e['pile']}")
            if e["seat"] == self.me:
                return self.say("oldtown.event.draw.you", card=e["card"], pile=pile, text=self.card(e["card"]))
            return self.say("oldtown.event.draw.seat", who=self.who(e["seat"]), pile=pile)
        if kind == "game_end":
            return self.say("oldtown.event.game_end", reason=self.say(f"oldtown.end.{e['reason']}"))
        return None

    def result(self, result: str, rows: list[dict], winners: list[int]) -> str:
        """'you won with 12 points: the town is built; points: you 12, seat 1 9' (or 'seat 1 won ...',
        'you and seat 2 share the win with 9 points each ...')."""
        table = ", ".join(f"{self.who(r['seat'])} {r['points']}" for r in rows)
        person = "nobody" if not winners else "many" if len(winners) > 1 else "you" if winners == [self.me] else "seat"
        names = listing(self.lang, (self.who(s) for s in sorted(winners, key=lambda s: s != self.me)))
        points = say_n(self.lang, "oldtown.won.points", self.state.points[winners[0]]) if winners else ""
        won = self.say(f"oldtown.won.{person}", who=names, points=points)
        return self.say("oldtown.result.told", won=won, reason=self.say(f"oldtown.end.{self.state.reason}"), table=table)


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
