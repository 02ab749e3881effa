"""What one seat sees of a game of Sequence or Sequence Numbers, as a plain JSON-ready dict.

`view(state, seat, since=0, lang="en", hints=None)` holds the board, the seat's own hand, the
public facts (sequences, chips left, the discard piles, cards in the draw pile, the other hands'
sizes), the events from `state.events[since:]` told in English or German, the seat's legal
actions (each with its engine number and a short description) and, at the end, the standings.
It never holds another seat's cards: a draw by another seat is told without the card.

Hints say what a card does: the label or cells it names. They are on by default in Sequence and
off in Sequence Numbers, where the answer of `9+8` is the arithmetic the game is about.
"""

from __future__ import annotations

from ...german import past
from ..cards import card_face
from ..geometry import SIZE, row_col
from ..rules import COLOURS
from .state import MatchState

COLOURS_DE = {"blue": "blau", "green": "grün", "red": "rot"}


def hints_default(state: MatchState) -> bool:
    """Hints are on in Sequence and off in Sequence Numbers."""
    return state.match.table.game != "numbers"


def view(state: MatchState, seat: int, since: int = 0, lang: str = "en", hints: bool | None = None,
         faces: bool = True) -> dict:
    """The seat's view of the game (see the module docstring); with `faces` the texts name a card as
    printed (10\u2665), else by the name a player types (th)."""
    table = state.match.table
    hints = hints_default(state) if hints is None else hints
    events = state.events or []
    return {
        "game": table.game, "seat": seat, "lang": lang, "hints": hints,
        "team": table.team_of(seat), "turn": state.turns,
        "to_move": state.seat if not state.over else None,
        "board": {"rows": ["".join(state.board[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)],
                  "labels": list(state.match.game.board.labels)},
        "hand": [card_entry(state, kind, hints) for kind in state.hands[seat]],
        "public": public_facts(state),
        "events": [{"index": i, "text": event_text(e, seat, lang, faces)} for i, e in enumerate(events[since:], since)
                   if event_text(e, seat, lang, faces) is not None],
        "seen": len(events),
        "actions": actions(state, seat, lang, hints, faces),
        "over": standings(state, seat, lang) if state.over else None,
    }


def card_entry(state: MatchState, kind: int, hints: bool) -> dict:
    """A card of the seat's hand: its name and, with hints, what it does."""
    name = state.match.kinds[kind]
    card = state.match.game.deck.cards[name]
    entry = {"card": name, "face": card_face(name), "action": card.action}
    if hints and card.action == "place" and card.names not in (None, name):
        entry["names"] = card.names
    return entry


def public_facts(state: MatchState) -> dict:
    """What every seat may know: teams, sequences, chips left, discard piles, cards in hands and pile."""
    table = state.match.table
    return {"teams": [table.team_of(s) for s in range(table.players)],
            "sequences": state.sequence_counts(), "needed": table.needed,
            "chips_left": dict(state.supply), "draw_pile": state.pile_size,
            "discards": [[state.match.kinds[k] for k in pile] for pile in state.discards],
            "hand_sizes": [len(h) for h in state.hands]}


def actions(state: MatchState, seat: int, lang: str, hints: bool, faces: bool = True) -> list[dict]:
    """The seat's legal actions now (none when another seat or chance is to move)."""
    if state.over or state.to_draw or state.seat != seat:
        return []
    return [{"id": a, "text": action_text(state, a, lang, faces), "move": move_words(state, a)}
            for a in state.legal_actions()]


def move_words(state: MatchState, action: int) -> str:
    """An action as a person types it at the terminal (`7h 3,4`, `x 7h`, `pass`)."""
    what, kind, cell = state.match.decode(action)
    if what == "pass":
        return "pass"
    name = state.match.kinds[kind]
    return f"x {name}" if what == "exchange" else f"{name} {cell // SIZE},{cell % SIZE}"


def action_text(state: MatchState, action: int, lang: str, faces: bool = True) -> str:
    """An action in words."""
    what, kind, cell = state.match.decode(action)
    if what == "pass":
        return "passen (keine Karte ist spielbar)" if lang == "de" else "pass (no card can be played)"
    name = _told(state.match.kinds[kind], faces)
    if what == "exchange":
        return f"tote Karte {name} tauschen" if lang == "de" else f"exchange the dead card {name}"
    r, c = row_col(cell)
    remove = state.match.actions[kind] == "remove"
    if lang == "de":
        verb = "den Chip entfernen auf" if remove else "einen Chip setzen auf"
        return f"{name} spielen: {verb} Reihe {r}, Spalte {c}"
    verb = "remove the chip on" if remove else "put a chip on"
    return f"play {name}: {verb} row {r}, column {c}"


def _who(seat: int, me: int, lang: str) -> str:
    if seat == me:
        return "du" if lang == "de" else "you"
    return f"Platz {seat}" if lang == "de" else f"seat {seat}"


def _told(name: str, faces: bool) -> str:
    return card_face(name) if faces else name


def event_text(event: dict, me: int, lang: str = "en", faces: bool = True) -> str | None:
    """One trace event told to seat `me` (None for events it has no words for).

    Another seat's draw is told without its card.
    """
    de = lang == "de"
    kind = event["event"]
    if "card" in event:
        event = {**event, "card": _told(event["card"], faces)}
    if kind == "play":
        who, (r, c) = _who(event["seat"], me, lang), event["cell"]
        team = event["team"]
        if de:
            you = event["seat"] == me
            verb = (f"{past('nahm', you)} den Chip von" if event["action"] == "remove"
                    else f"{past('setzte', you)} einen Chip auf")
            return f"{who} (Team {team}) {past('spielte', you)} {event['card']}: {verb} Reihe {r}, Spalte {c}"
        verb = "took the chip off" if event["action"] == "remove" else "put a chip on"
        return f"{who} (team {team}) played {event['card']}: {verb} row {r}, column {c}"
    if kind == "exchange":
        who = _who(event["seat"], me, lang)
        return f"{who} {past('tauschte', event['seat'] == me)} die tote Karte {event['card']}" if de else f"{who} exchanged the dead card {event['card']}"
    if kind == "pass":
        who = _who(event["seat"], me, lang)
        you = event["seat"] == me
        return f"{who} {past('konnte', you)} nicht spielen und {past('passte', you)}" if de else f"{who} could not play and passed"
    if kind == "sequence":
        cells = " ".join(f"({r},{c})" for r, c in event["cells"])
        return f"Team {event['team']} legte eine SEQUENCE: {cells}" if de else f"team {event['team']} completed a sequence: {cells}"
    if kind == "reshuffle":
        if de:
            return f"die Ablagestapel wurden zu einem neuen Nachziehstapel von {event['cards']} Karten gemischt"
        return f"the discard piles were shuffled into a new draw pile of {event['cards']} cards"
    if kind == "game_end":
        counts = ", ".join(f"{t}: {n}" for t, n in event.get("sequences", {}).items())
        team = event.get("team", (event["winners"] or [None])[0])   # traces before schema 2: winners were teams
        if team:
            return (f"Spielende: Team {team} gewinnt (SEQUENCES {counts})" if de
                    else f"game over: team {team} wins (sequences {counts})")
        return f"Spielende: unentschieden ({counts})" if de else f"game over: a draw ({event['reason']})"
    if kind == "draw":
        if event["seat"] == me:
            return f"du ziehst {event['card']}" if de else f"you draw {event['card']}"
        return None
    return None


def standings(state: MatchState, seat: int, lang: str = "en") -> dict:
    """The end: each team's sequences, the winners and whether the seat won."""
    table = state.match.table
    mine = table.team_of(seat)
    counts = state.sequence_counts()
    rows = [{"team": t, "colour": COLOURS[t], "sequences": n,
             "seats": [s for s in range(table.players) if table.team_of(s) == t]}
            for t, n in sorted(counts.items(), key=lambda item: -item[1])]
    result = "draw" if state.winner is None else "win" if state.winner == mine else "lose"
    return {"winners": [state.winner] if state.winner else [], "reason": state.end_reason,
            "turns": state.turns, "standings": rows, "result": result,
            "text": result_words(state, mine, result, lang), "lines": [team_line(row, lang) for row in rows]}


def team_line(row: dict, lang: str) -> str:
    """'team A (blue): 2 sequences, seats 0, 2' in the seat's words."""
    seats = ", ".join(map(str, row["seats"]))
    if lang == "de":
        return (f"Team {row['team']} ({COLOURS_DE[row['colour']]}): {row['sequences']} SEQUENCES, "
                f"{'Platz' if len(row['seats']) == 1 else 'Plätze'} {seats}")
    return (f"team {row['team']} ({row['colour']}): {row['sequences']} sequence{'s' if row['sequences'] != 1 else ''}, "
            f"seat{'s' if len(row['seats']) != 1 else ''} {seats}")


def result_words(state: MatchState, mine: str, result: str, lang: str) -> str:
    """'you win: team A (blue) ...' in the seat's words."""
    counts = ", ".join(f"{t}: {n}" for t, n in state.sequence_counts().items())
    if lang == "de":
        head = {"win": "du gewinnst", "lose": "du verlierst", "draw": "unentschieden"}[result]
        if state.winner:
            colour = COLOURS_DE[COLOURS[state.winner]]
            return f"{head}: Team {state.winner} ({colour}) gewinnt nach {state.turns} Zügen (SEQUENCES {counts})"
        reason = {"the draw pile ran out": "der Nachziehstapel ist aufgebraucht",
                  "every seat had to pass": "alle mussten passen"}.get(state.end_reason, state.end_reason)
        return f"{head}: {reason} (SEQUENCES {counts})"
    head = {"win": "you win", "lose": "you lose", "draw": "a draw"}[result]
    if state.winner:
        return f"{head}: team {state.winner} ({COLOURS[state.winner]}) wins after {state.turns} turns (sequences {counts})"
    return f"{head}: {state.end_reason} (sequences {counts})"
