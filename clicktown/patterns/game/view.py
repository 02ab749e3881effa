"""What one seat sees of a game of Wild Wild Pattern, as a plain JSON-ready dict.

`view(state, seat, since=0, lang="en", hints=None)` holds the wheel, the seat's own card in hand,
everything public (every seat's Target card with its combinations, the Bank's table, money, won
cards, face-up challenge cards, cards in the deck), the events from `state.events[since:]` told
in English or German (a false declaration with the reasons it is false, the wheel every
declaration was made on, the new wheel after a rebuild), the seat's legal actions each with its
engine number and a short description, and at the end the standings (`lines`: a line per seat in
the seat's language). It never holds another seat's card in hand: the turn's start tells the seat
its own card only. The cards keep the files' names in the data (`white-barrel-bullets`); in German
the texts name them with German traits (`weiß-Fass-Kugeln`), and `words` maps each name to those
words for a page to show.

Hints (on by default) add what the seat's won cards would be paid by the Bank now.
"""

from __future__ import annotations

from ...german import past
from ..cards import german_names
from ..wording import card_de, german as german_reason
from .state import CARD, CLICK, PASS, POSITION, STATEMENT, STATEMENTS, GameState

REASONS = {"en": {"saloon": "Saloon: more than the Bank's limit", "new-director": "a new Director, by a Wild combination",
                  "wild-wild-pattern": "a Wild Wild Pattern", "alive-or-dead": "the last one alive",
                  "turn-limit": "the turn limit"},
           "de": {"saloon": "Saloon: mehr als das Limit der Bank", "new-director": "ein neuer Direktor, durch eine Wild-Kombination",
                  "wild-wild-pattern": "ein Wild Wild Pattern", "alive-or-dead": "als Letzter übrig",
                  "turn-limit": "die Zuggrenze"}}


def dollars(cents: int) -> str:
    """'$1.50'."""
    return f"${cents / 100:.2f}"


def statement_words(direction: str, trigger: str, target: str, lang: str) -> str:
    """A statement as players say it."""
    if lang == "de":
        de = german_names()
        return f"{'NACH' if direction == 'after' else 'VOR'} jeder {de[trigger].upper()} gibt es immer {de[target].upper()}"
    return f"{direction} every {trigger} there is always {target}"


#: The challenge cards' German names (the rulebook's "Kräfte der Herausforderungskarten").
CHALLENGES_DE = {"steal": "1 Karte stehlen", "pianist": "Schieß nicht auf den Pianisten", "hands-up": "Hände hoch!",
                 "exchange": "Tausche eine Karte", "dollar": "1$", "fifty": "50¢", "ten": "10¢"}


def card_words(name: str, lang: str) -> str:
    """A card's name as the seat reads it: 'white-barrel-bullets', or 'weiß-Fass-Kugeln' in German."""
    if lang != "de":
        return name
    if name.startswith("challenge:"):
        challenge = name.split(":", 1)[1]
        return f"Herausforderung „{CHALLENGES_DE.get(challenge, challenge)}“"
    return card_de(name)


def view(state: GameState, seat: int, since: int = 0, lang: str = "en", hints: bool | None = None) -> dict:
    """The seat's view of the game (see the module docstring)."""
    hints = True if hints is None else hints
    names = state.table.names
    deciding = state.current_player() == seat
    told = [(i, event_text(e, seat, lang)) for i, e in enumerate(state.events[since:], since)]
    mine = {"card": names[state.hand[seat]] if state.hand[seat] is not None else None,
            "won": [names[c] for c in state.won[seat]], "face_up": [names[c] for c in state.faceup[seat]]}
    if hints:
        pay = state.payout(seat)
        mine["payout_now"] = {"cents": pay.cents, "combinations": [n for n, _ in pay.lines], "wild": pay.wild}
    return {
        "game": "patterns", "seat": seat, "lang": lang, "hints": hints, "round": state.round, "turn": state.turn,
        "phase": state.phase, "to_move": state.seat if state.seat >= 0 else None,
        "board": {"wheel": state._wheel_names(), "pending": pending_facts(state, seat)},
        "hand": mine,
        "public": public_facts(state),
        "events": [{"index": i, "text": text} for i, text in told if text],
        "seen": len(state.events),
        "actions": [{"id": a, "text": action_text(state, a, lang)} for a in state.legal_actions()] if deciding else [],
        "over": standings(state, seat, lang) if state.is_terminal() else None,
        "words": {name: card_words(name, lang) for name in names} if lang == "de" else {},
    }


def pending_facts(state: GameState, seat: int) -> dict | None:
    """The card being declared on, or the clicked card (both lie open on the table)."""
    names = state.table.names
    if state.phase == "declare" and state.pending:
        p = state.pending
        return {"seat": p["seat"], "position": p["position"], "card": names[p["card"]], "covered": names[p["covered"]]}
    if state.click:
        return {"seat": state.click["seat"], "clicked": names[state.click["card"]]}
    return None


def public_facts(state: GameState) -> dict:
    """What every seat may know."""
    table, names = state.table, state.table.names
    bank = table.bank
    return {
        "players": table.players, "mode": table.mode, "deck": len(state.deck),
        "seats": [{"seat": s, "active": state.active[s], "dollars_cents": state.cents[s],
                   "won": [names[c] for c in state.won[s]], "face_up": [names[c] for c in state.faceup[s]],
                   "holds_card": state.hand[s] is not None,
                   "target": bank.target_names[state.target[s]] if state.target[s] is not None else None,
                   "target_combinations": [combination(c) for c in bank.targets[state.target[s]]]
                   if state.target[s] is not None else []}
                  for s in range(table.players)],
        "bank": [combination(c) for c in bank.combinations],
        "round_end_cards": bank.round_end_cards, "max_cards": bank.max_cards, "saloon_cents": bank.saloon_cents,
    }


def combination(c) -> dict:
    """A line of the Bank card or a Target card."""
    return {"name": c.name, "cents": c.cents, "wild": c.wild}


def action_text(state: GameState, action: int, lang: str) -> str:
    """A legal action in words."""
    de, names = lang == "de", state.table.names
    if POSITION <= action < STATEMENT:
        p = action - POSITION
        under = card_words(names[state.wheel[p]], lang) if state.wheel[p] is not None else ("Lücke" if de else "gap")
        verb = ("legen auf" if state.phase == "place" else "abdecken:") if de else (
            "place on" if state.phase == "place" else "cover")
        return f"{verb} {'Position' if de else 'position'} {p} ({under})"
    if STATEMENT <= action < CLICK:
        s = STATEMENTS[action - STATEMENT]
        return statement_words(s.direction, s.trigger.value, s.target.value, lang)
    if action == CLICK:
        return "Klick!" if de else "Click!"
    if action == PASS:
        if state.phase in ("race", "click", "order"):
            return "warten" if de else "wait"
        if state.phase == "activate":
            return "keine Herausforderungskarte nutzen" if de else "use no challenge card"
        return "passen" if de else "pass"
    card = card_words(names[action - CARD], lang)
    verbs = {"take": ("nehmen", "take"), "activate": ("ausspielen", "use"), "power": ("wählen", "choose")}
    word = verbs.get(state.phase, ("wählen", "choose"))[0 if de else 1]
    return f"{card} {word}" if de else f"{word} {card}"


def event_text(e: dict, me: int, lang: str = "en") -> str | None:
    """One trace event told to seat `me` (None for those it has no words for)."""
    de, kind = lang == "de", e["event"]

    def who(s: int) -> str:
        return ("du" if de else "you") if s == me else (f"Platz {s}" if de else f"seat {s}")

    def whom(s: int) -> str:
        """A seat after German 'von' (dir, Platz 2)."""
        return "dir" if s == me else f"Platz {s}"

    def did(verb: str) -> str:
        return past(verb, e["seat"] == me)

    def card(key: str = "card") -> str:
        return card_words(e[key], lang)

    if kind == "round_start":
        return (f"-- Runde {e['round']} --" if de else f"-- round {e['round']} --") + f" {wheel_line(e['wheel'], lang)}"
    if kind == "turn_start":
        held = e["hands"][me] if me < len(e["hands"]) else None
        held = card_words(held, lang) if held is not None else None
        order = ", ".join(who(s) for s in e["order"])
        if de:
            return f"Zug {e['turn']}: deine Karte ist {held}; am schnellsten: {order}"
        return f"turn {e['turn']}: your card is {held}; quickest first: {order}"
    if kind == "declare":
        said = statement_words(e["direction"], e["trigger"], e["target"], lang) if "direction" in e else e["statement"]
        if e["valid"]:
            verdict = ("GÜLTIG" if de else "VALID") + (" (Wild Wild Pattern!)" if e["wild"] else "")
        else:
            reasons = [german_reason(r) for r in e.get("reasons") or []] if de else e.get("reasons") or []
            verdict = ("FALSCH: " if de else "FALSE: ") + "; ".join(reasons)
        head = (f"{who(e['seat'])} {did('deckte')} Position {e['position']} ({card('covered')}) mit {card()} ab und {did('sagte')} "
                if de else f"{who(e['seat'])} covered position {e['position']} ({e['covered']}) with {e['card']} and declared ")
        wheel = f"\n   {wheel_line(e['wheel'], lang)}" if "wheel" in e else ""
        return f"{head}\"{said}\": {verdict}{wheel}"
    if kind == "take":
        why = {"reward": ("als Belohnung", "as a reward"), "penalty": ("nach einem Fehler", "after a false declaration"),
               "click": ("nach Klick!", "after Click!")}.get(e["why"], (e["why"], e["why"]))[0 if de else 1]
        return f"{who(e['seat'])} {did('nahm')} {card()} ({why})" if de else f"{who(e['seat'])} took {e['card']} ({why})"
    if kind == "click":
        return f"{who(e['seat'])} {did('sagte')} Klick! mit {card()}" if de else f"{who(e['seat'])} said Click! with {e['card']}"
    if kind == "click_taken":
        return f"{who(e['seat'])} nutzt die geklickte Karte" if de else f"{who(e['seat'])} {'use' if e['seat'] == me else 'uses'} the clicked card"
    if kind == "click_unused":
        return "niemand konnte die geklickte Karte nutzen" if de else "nobody could use the clicked card"
    if kind == "all_wait":
        return "alle warteten" if de else "everybody waited"
    if kind == "challenge_drawn":
        return (f"{who(e['seat'])} {did('zog')} {card()} und {did('legte')} sie offen aus" if de
                else f"{who(e['seat'])} drew {e['card']} and laid it face up")
    if kind == "challenge":
        return f"{who(e['seat'])} {did('spielte')} {card()} aus" if de else f"{who(e['seat'])} used {e['card']}"
    if kind == "paid":
        return (f"{who(e['seat'])} {did('erhielt')} {dollars(e['cents'])} (Herausforderungskarte "
                f"„{CHALLENGES_DE.get(e['why'], e['why'])}“)" if de
                else f"{who(e['seat'])} received {dollars(e['cents'])} (challenge card {e['why']})")
    if kind == "steal":
        source = ("vom Rad" if de else "from the wheel") if e["owner"] is None else (f"von {whom(e['owner'])}" if de else f"from {who(e['owner'])}")
        return f"{who(e['seat'])} {did('stahl')} {card()} {source}" if de else f"{who(e['seat'])} stole {e['card']} {source}"
    if kind == "remove":
        return (f"{who(e['seat'])} {did('entfernte')} {card()} von {whom(e['owner'])}" if de
                else f"{who(e['seat'])} removed {e['card']} from {who(e['owner'])}")
    if kind == "exchange":
        return (f"{who(e['seat'])} {did('tauschte')} {card('gave')} gegen {card('took')} von {whom(e['other'])}" if de
                else f"{who(e['seat'])} gave {e['gave']} to {who(e['other'])} for {e['took']}")
    if kind == "place":
        return (f"{who(e['seat'])} {did('legte')} {card()} auf Position {e['position']}" if de
                else f"{who(e['seat'])} placed {e['card']} on position {e['position']}")
    if kind == "rebuild":
        return (f"das Deck wird neu gebildet ({e['deck']} Karten); ein neues Rad wird ausgelegt" if de
                else f"the deck is rebuilt ({e['deck']} cards); a new wheel is dealt")
    if kind == "new_wheel":
        return ("das neue Rad: " if de else "the new wheel: ") + wheel_line(e["wheel"], lang)
    if kind == "round_end":
        rows = []
        for p in e["players"]:
            combos = ", ".join(c["name"] for c in p["combinations"]) or ("nichts" if de else "nothing")
            rows.append(f"  {who(p['seat'])}: {len(p['cards'])} {'Karten' if de else 'cards'}, "
                        f"{'erhält' if de else 'paid'} {dollars(p['payout_cents'])} ({combos}), "
                        f"{'gesamt' if de else 'total'} {dollars(p['dollars_cents'])}")
        gone = ""
        if e["eliminated"]:
            gone = f"\n  {'ausgeschieden' if de else 'eliminated'}: " + ", ".join(who(s) for s in e["eliminated"])
        return ("-- die Bank zahlt --\n" if de else "-- the Bank pays --\n") + "\n".join(rows) + gone
    if kind == "game_end":
        winners = ", ".join(who(s) for s in e["winners"]) or ("niemand" if de else "nobody")
        return (f"== Spielende: {winners} ({REASONS['de'].get(e['reason'], e['reason'])}) ==" if de
                else f"== game over: {winners} ({REASONS['en'].get(e['reason'], e['reason'])}) ==")
    return None


def wheel_line(wheel: list, lang: str = "en") -> str:
    """The wheel in one line, position by position, clockwise."""
    gap = "Lücke" if lang == "de" else "gap"
    return ("Rad" if lang == "de" else "wheel") + ": " + "  ".join(
        f"{p}:{card_words(c, lang) if c else gap}" for p, c in enumerate(wheel))


def standings(state: GameState, seat: int, lang: str = "en") -> dict:
    """Money of every seat (best first), the winners, whether the seat won."""
    de = lang == "de"
    order = sorted(range(state.table.players), key=lambda s: (s not in state.winners, -state.cents[s], s))
    rows = [{"seat": s, "dollars_cents": state.cents[s], "won_cards": len(state.won[s]), "active": state.active[s]}
            for s in order]
    result = "win" if seat in state.winners else "lose"
    money = ", ".join((("du" if de else "you") if r["seat"] == seat else (f"Platz {r['seat']}" if de else f"seat {r['seat']}"))
                      + f" {dollars(r['dollars_cents'])}" for r in rows)
    reason = REASONS[lang if de else "en"].get(state.reason, state.reason)
    head = ("du gewinnst" if result == "win" else "du verlierst") if de else ("you win" if result == "win" else "you lose")
    lines = [f"{('Platz' if de else 'seat')} {r['seat']}: {dollars(r['dollars_cents'])}, {cards_won(r['won_cards'], de)}"
             + ("" if r["active"] else (", ausgeschieden" if de else ", eliminated")) for r in rows]
    return {"winners": list(state.winners), "reason": state.reason, "rounds": state.round, "turns": state.turn,
            "standings": rows, "result": result, "text": f"{head} ({reason}); {money}", "lines": lines}


def cards_won(n: int, de: bool) -> str:
    """'1 card won', '3 cards won' (German: '1 gewonnene Karte', '3 gewonnene Karten')."""
    if de:
        return f"{n} gewonnene Karte{'' if n == 1 else 'n'}"
    return f"{n} card{'' if n == 1 else 's'} won"

