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

For a table page: `hand["lines"]` and `public["rows"]` say the same facts in the seat's words;
`last` holds the wheel position the last move played on (the picture's `data-position`, outlined
there); a declaration comes as `compose`, three choices (direction, trigger, target) with the action
of each whole statement, and those actions carry `via: "compose"`; the end (`over["text"]`) says who
won and how, as a sentence for the seat.
"""

from __future__ import annotations

from ...messages import decimal, say, say_n
from ...words import listing, seat_words, tell, told, who, whom
from ..wording import card_name, challenge_name, statement_words, trait_name, trait_names
from .state import CARD, CLICK, PASS, POSITION, STATEMENT, STATEMENTS, GameState


def dollars(cents: int, lang: str = "en") -> str:
    """An amount of money as `lang` writes it: '$1.50', '1,50 $'."""
    return say(lang, "patterns.dollars", amount=decimal(lang, cents / 100, 2))


def card_words(name: str, lang: str) -> str:
    """A card's name as the seat reads it: 'white-barrel-bullets', or 'weiß-Fass-Kugeln' in German."""
    return card_name(name, lang)


def end_words(reason: str, lang: str) -> str:
    """Why the game ended, in the seat's language (an unknown reason as it is)."""
    return say(lang, f"patterns.end.{reason}") if reason in END_REASONS else reason


#: The reasons a game ends (the catalog's `patterns.end.*`).
END_REASONS = ("saloon", "new-director", "wild-wild-pattern", "alive-or-dead", "turn-limit")


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
        "hand": {**mine, "lines": hand_lines(mine, lang), "cards": []},
        "public": {**public_facts(state), "rows": public_rows(state, seat, lang)},
        "events": [{"index": i, "text": text} for i, text in told if text],
        "seen": len(state.events),
        "actions": seat_actions(state, lang) if deciding else [],
        "compose": declaration(state, lang) if deciding and state.phase == "declare" else None,
        "last": [str(p) for p in last_positions(state)],
        "over": standings(state, seat, lang) if state.is_terminal() else None,
        "words": {name: card_name(name, lang) for name in names if card_name(name, lang) != name},
    }


def seat_actions(state: GameState, lang: str) -> list[dict]:
    """The legal actions of the seat to move; a declaration is built in the `compose` chooser (`via`)."""
    return [{"id": a, "text": action_text(state, a, lang), **({"via": "compose"} if STATEMENT <= a < CLICK else {})}
            for a in state.legal_actions()]


#: A statement's three parts, in the order it is said: "after | every red | there is always gun".
STATEMENT_PARTS = ("direction", "trigger", "target")


def declaration(state: GameState, lang: str) -> dict:
    """The declaration as three choices (direction, trigger, target) and the action of each whole statement:
    the `compose` a page draws instead of a button per statement."""
    legal = set(state.legal_actions())
    actions = {statement_key(STATEMENTS[a - STATEMENT]): a for a in sorted(legal) if STATEMENT <= a < CLICK}
    directions = list(dict.fromkeys(s.direction for s in STATEMENTS))
    said = {t.value for s in STATEMENTS for t in (s.trigger, s.target)}
    traits = [t for t in trait_names(lang) if t in said]          # colours, suits, objects: the vocabulary's order
    steps = [{"name": "direction", "label": say(lang, "patterns.compose.direction"),
              "choices": [{"key": d, "label": say(lang, f"patterns.direction.{d}")} for d in directions]},
             *({"name": part, "label": say(lang, f"patterns.compose.{part}"),
                "choices": [{"key": t, "label": trait_name(t, lang)} for t in traits]} for part in STATEMENT_PARTS[1:])]
    return {"title": say(lang, "patterns.compose.title"), "send": say(lang, "patterns.compose.send"),
            "steps": steps, "actions": actions, "confirm": True}


def statement_key(statement) -> str:
    """'after|red|gun': a statement's parts as the compose chooser keys its action."""
    return "|".join((statement.direction, statement.trigger.value, statement.target.value))


def last_positions(state: GameState) -> list[int]:
    """The wheel positions the last move changed: the card just played on the wheel (covering one,
    or placed in a gap); none after a new wheel."""
    if state.phase == "declare" and state.pending:
        return [state.pending["position"]]
    for e in reversed(state.events or []):
        if e["event"] in ("declare", "place"):
            return [e["position"]]
        if e["event"] in ("round_start", "new_wheel", "rebuild"):
            return []
    return []


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


def hand_lines(mine: dict, lang: str) -> list[str]:
    """The seat's own cards as the page shows them: in hand, won, face up, and (hints) what the Bank would pay now."""
    def cards(names: list) -> str:
        return " ".join(card_name(n, lang) for n in names) or "-"

    lines = [say(lang, "patterns.hand.card", card=card_name(mine["card"], lang))] if mine["card"] else []
    lines.append(say(lang, "patterns.hand.won", cards=cards(mine["won"])))
    if mine["face_up"]:
        lines.append(say(lang, "patterns.hand.face_up", cards=cards(mine["face_up"])))
    if "payout_now" in mine:
        lines.append(say(lang, "patterns.hand.payout", amount=dollars(mine["payout_now"]["cents"], lang)))
    return lines


def public_rows(state: GameState, seat: int, lang: str) -> list[str]:
    """A line per seat (money, cards won, Target card and its combinations), then the Bank's combinations."""
    table, names = state.table, state.table.names
    bank = table.bank

    def line(s: int) -> str:
        target = state.target[s]
        return say(lang, "patterns.row.seat", seat=seat_words(lang, s, seat), money=dollars(state.cents[s], lang),
                   won=" ".join(card_name(names[c], lang) for c in state.won[s]) or "-",
                   target=bank.target_names[target] if target is not None else say(lang, "patterns.row.no_target"),
                   combinations=combinations_words(bank.targets[target] if target is not None else [], lang))

    return [line(s) for s in range(table.players)] + \
        [say(lang, "patterns.row.bank", combinations=combinations_words(bank.combinations, lang))]


def combinations_words(combinations, lang: str) -> str:
    """'pair $0.50, Wild Bunch WILD'."""
    return ", ".join(say(lang, "patterns.row.wild", name=c["name"]) if c["wild"] else f"{c['name']} {dollars(c['cents'], lang)}"
                     for c in map(combination, combinations)) or "-"


def combination(c) -> dict:
    """A line of the Bank card or a Target card (as it is when it already is one)."""
    return c if isinstance(c, dict) else {"name": c.name, "cents": c.cents, "wild": c.wild}


def action_text(state: GameState, action: int, lang: str) -> str:
    """A legal action in words."""
    names = state.table.names
    if POSITION <= action < STATEMENT:
        p = action - POSITION
        under = card_name(names[state.wheel[p]], lang) if state.wheel[p] is not None else say(lang, "patterns.gap")
        return say(lang, f"patterns.action.{'place' if state.phase == 'place' else 'cover'}", position=p, card=under)
    if STATEMENT <= action < CLICK:
        s = STATEMENTS[action - STATEMENT]
        return statement_words(s.direction, s.trigger.value, s.target.value, lang)
    if action == CLICK:
        return say(lang, "patterns.action.click")
    if action == PASS:
        waiting = {"race": "wait", "order": "wait", "click": "let_go", "activate": "no_challenge"}
        return say(lang, f"patterns.action.{waiting.get(state.phase, 'pass')}")
    deed = state.phase if state.phase in ("take", "activate") else "choose"
    return say(lang, f"patterns.action.{deed}", card=card_name(names[action - CARD], lang))


def event_text(e: dict, me: int, lang: str = "en") -> str | None:
    """One trace event told to seat `me` (None for those it has no words for)."""
    kind = e["event"]

    def deed(key: str, **facts) -> str:
        return told(lang, f"patterns.event.{key}", e["seat"], me, **facts)

    def card(key: str = "card") -> str:
        return card_name(e[key], lang)

    if kind == "round_start":
        return say(lang, "patterns.event.round_start", round=e["round"], wheel=wheel_line(e["wheel"], lang))
    if kind == "turn_start":
        held = e["hands"][me] if 0 <= me < len(e["hands"]) else None
        order = ", ".join(who(lang, s, me) for s in e["order"])
        if held is None:   # a spectator, or a seat out of the game: no card of anyone's is told
            return say(lang, "patterns.watched.turn", turn=e["turn"], order=order)
        return say(lang, "patterns.event.turn_start", turn=e["turn"], card=card_name(held, lang), order=order)
    if kind == "declare":
        said = statement_words(e["direction"], e["trigger"], e["target"], lang) if "direction" in e else e["statement"]
        if e["valid"]:
            verdict = say(lang, "patterns.verdict.wild" if e["wild"] else "patterns.verdict.valid")
        else:
            verdict = say(lang, "patterns.verdict.false", reasons="; ".join(tell(r, lang) for r in e.get("reasons") or []))
        wheel = f"\n   {wheel_line(e['wheel'], lang)}" if "wheel" in e else ""
        return deed("declare", position=e["position"], covered=card("covered"), card=card(), said=said,
                    verdict=verdict) + wheel
    if kind == "take":
        why = say(lang, f"patterns.why.{e['why']}") if e["why"] in ("reward", "penalty", "click") else e["why"]
        return deed("take", card=card(), why=why)
    if kind in ("click", "click_taken", "challenge_drawn", "challenge", "place", "wait"):
        return deed(kind, card=card() if "card" in e else None, position=e.get("position"))
    if kind in ("click_unused", "all_wait"):
        return say(lang, f"patterns.event.{kind}")
    if kind == "paid":
        return deed("paid", amount=dollars(e["cents"], lang), why=challenge_name(e["why"], lang))
    if kind == "steal":
        source = say(lang, "patterns.from_wheel") if e["owner"] is None else \
            say(lang, "patterns.from_seat", whom=whom(lang, e["owner"], me))
        return deed("steal", card=card(), source=source)
    if kind == "remove":
        return deed("remove", card=card(), whom=whom(lang, e["owner"], me))
    if kind == "exchange":
        return deed("exchange", gave=card("gave"), took=card("took"), whom=whom(lang, e["other"], me))
    if kind == "rebuild":
        return say(lang, "patterns.event.rebuild", deck=e["deck"])
    if kind == "new_wheel":
        return say(lang, "patterns.event.new_wheel", wheel=wheel_line(e["wheel"], lang))
    if kind == "round_end":
        return bank_pays(e, me, lang)
    if kind == "game_end":
        winners = ", ".join(who(lang, s, me) for s in e["winners"]) or say(lang, "patterns.nobody")
        return say(lang, "patterns.event.game_end", winners=winners, reason=end_words(e["reason"], lang))
    return None


def bank_pays(e: dict, me: int, lang: str) -> str:
    """The end of a round: what the Bank pays each seat, and who is eliminated."""
    rows = [say(lang, "patterns.event.bank_row", who=who(lang, p["seat"], me),
                cards=say_n(lang, "patterns.cards", len(p["cards"])), paid=dollars(p["payout_cents"], lang),
                combinations=", ".join(c["name"] for c in p["combinations"]) or say(lang, "patterns.nothing"),
                total=dollars(p["dollars_cents"], lang))
            for p in e["players"]]
    if e["eliminated"]:
        rows.append(say(lang, "patterns.event.eliminated", seats=", ".join(who(lang, s, me) for s in e["eliminated"])))
    return "\n".join([say(lang, "patterns.event.bank_pays"), *(f"  {row}" for row in rows)])


def wheel_line(wheel: list, lang: str = "en") -> str:
    """The wheel in one line, position by position, clockwise."""
    gap = say(lang, "patterns.gap")
    return say(lang, "patterns.wheel", cards="  ".join(f"{p}:{card_name(c, lang) if c else gap}" for p, c in enumerate(wheel)))


def standings(state: GameState, seat: int, lang: str = "en") -> dict:
    """Money of every seat (best first), the winners, whether the seat won."""
    order = sorted(range(state.table.players), key=lambda s: (s not in state.winners, -state.cents[s], s))
    rows = [{"seat": s, "dollars_cents": state.cents[s], "won_cards": len(state.won[s]), "active": state.active[s]}
            for s in order]
    result = "win" if seat in state.winners else "lose"
    money = ", ".join(f"{who(lang, r['seat'], seat)} {dollars(r['dollars_cents'], lang)}" for r in rows)
    lines = [say(lang, f"patterns.standing.{'active' if r['active'] else 'out'}", seat=say(lang, "common.seat", seat=r["seat"]),
                 amount=dollars(r["dollars_cents"], lang), won=say_n(lang, "common.cards_won", r["won_cards"]))
             for r in rows]
    return {"winners": list(state.winners), "reason": state.reason, "rounds": state.round, "turns": state.turn,
            "standings": rows, "result": result, "lines": lines,
            "text": say(lang, "patterns.result.told", won=won_words(state.winners, state.reason, seat, state, lang),
                        money=money)}


def won_words(winners: list[int], reason: str, me: int, state: GameState, lang: str) -> str:
    """Who won and how, as a sentence for the seat told: 'you won: a Wild combination made you the new
    Director', 'seat 1 won: ...', 'you and seat 2 won: ...', 'nobody won: the turn limit was reached'."""
    if not winners or reason not in END_REASONS:
        return say(lang, "patterns.won.nobody", reason=end_words(reason, lang))
    person = "many" if len(winners) > 1 else "you" if winners[0] == me else "seat"
    names = listing(lang, (who(lang, s, me) for s in sorted(winners, key=lambda s: s != me)))
    return say(lang, f"patterns.won.{reason}.{person}", who=names, limit=dollars(state.table.bank.saloon_cents, lang))



def spectator_view(state: GameState, since: int = 0, lang: str = "en", hints: bool | None = None) -> dict:
    """What a spectator sees (no seat): `view` told to no seat, without a hand, actions or hints; the end
    told as the game's end, the standings without a "you"."""
    from ...arena.state import SPECTATOR

    seen = view(state, SPECTATOR, since, lang, False)
    seen.update(seat=None, hand=[], actions=[], compose=None)
    if seen["over"]:
        end = {"event": "game_end", "winners": list(state.winners), "reason": state.reason}
        seen["over"].update(result="over", text=event_text(end, SPECTATOR, lang))
    return seen
