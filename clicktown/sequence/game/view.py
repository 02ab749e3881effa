"""What one seat sees of a game of Sequence or Sequence Numbers, as a plain JSON-ready dict.

`view(state, seat, since=0, lang="en", hints=None)` holds the board, the seat's own hand, the
public facts (sequences, chips left, the discard piles, cards in the draw pile, the other hands'
sizes), the events from `state.events[since:]` told in English or German, the seat's legal
actions (each with its engine number and a short description) and, at the end, the standings.
It never holds another seat's cards: a draw by another seat is told without the card.

Hints say what a card does: the label or cells it names. They are on by default in Sequence and
off in Sequence Numbers, where the answer of `9+8` is the arithmetic the game is about: there a
play names its card only ("play 2x6") and comes `via` the board, whose cells carry the action a
click plays (`board_actions`, drawn by `trace.picture`). `last` holds the cell of the last chip
placed or taken ("row,col", the picture's `data-cell`), which the picture outlines.
"""

from __future__ import annotations

from ...messages import has, say, say_n
from ...words import told
from ..cards import card_face
from ..geometry import SIZE, row_col
from ..rules import COLOURS
from .state import MatchState

def colour_words(team: str, lang: str) -> str:
    """A team's colour in the seat's language ('blue', 'blau')."""
    return say(lang, f"sequence.colour.{COLOURS[team]}")


def end_words(reason: str, lang: str) -> str:
    """Why a game ended, in the seat's language (the catalog's `sequence.end.*`; an unknown reason as it is)."""
    from ...arena.trace import end_key

    key = end_key("sequence", reason)
    return say(lang, key) if has(lang, key) else reason


def counts_words(state: MatchState) -> str:
    """'A: 2, B: 1' (the sequences of each team)."""
    return ", ".join(f"{t}: {n}" for t, n in state.sequence_counts().items())


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
        "public": {**public_facts(state), "rows": public_rows(state, seat, lang)},
        "events": [{"index": i, "text": event_text(e, seat, lang, faces)} for i, e in enumerate(events[since:], since)
                   if event_text(e, seat, lang, faces) is not None],
        "seen": len(events),
        "actions": actions(state, seat, lang, hints, faces),
        "last": ["{},{}".format(*row_col(cell)) for cell in last_cells(state)],
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


def last_cells(state: MatchState) -> list[int]:
    """The cell the last chip was placed on or taken from (none before the first)."""
    played = next((e for e in reversed(state.events or []) if e["event"] == "play"), None)
    return [played["cell"][0] * SIZE + played["cell"][1]] if played else []


#: Which card a click on a cell plays when several could: a card naming the cell before a wild one.
CLICK_ORDER = {"place": 0, "remove": 1, "wild": 2}


def board_actions(state: MatchState, seat: int | None) -> dict[int, int]:
    """Cell -> the action a click on it plays, for the seat to move (none for the others)."""
    if seat is None or state.over or state.to_draw or state.seat != seat:
        return {}
    chosen: dict[int, tuple[int, int]] = {}
    for a in state.legal_actions():
        what, kind, cell = state.match.decode(a)
        if what == "play":
            rank = CLICK_ORDER.get(state.match.actions[kind], 3)
            if cell not in chosen or rank < chosen[cell][0]:
                chosen[cell] = (rank, a)
    return {cell: a for cell, (_, a) in chosen.items()}


def public_rows(state: MatchState, seat: int, lang: str) -> list[str]:
    """The page's lines: each team's sequences of those needed, the draw pile, the seat's team."""
    needed = state.match.table.needed
    team = state.match.table.team_of(seat)
    rows = [say(lang, "sequence.row.sequences",
                counts=", ".join(f"{t} {n}/{needed}" for t, n in state.sequence_counts().items())),
            say_n(lang, "sequence.row.pile", state.pile_size)]
    if team is not None:
        rows.append(say(lang, "sequence.row.team", team=team, colour=colour_words(team, lang)))
    return rows


def actions(state: MatchState, seat: int, lang: str, hints: bool, faces: bool = True) -> list[dict]:
    """The seat's legal actions now (none when another seat or chance is to move). Without hints a play does
    not name its cell (the cell is the player's to find): it is played by a click on the board's cell."""
    if state.over or state.to_draw or state.seat != seat:
        return []
    return [{"id": a, "text": action_text(state, a, lang, faces), "move": move_words(state, a)} if hints
            or state.match.decode(a)[0] != "play" else
            {"id": a, "text": blind_text(state, a, lang, faces), "move": move_words(state, a), "via": "board"}
            for a in state.legal_actions()]


def blind_text(state: MatchState, action: int, lang: str, faces: bool = True) -> str:
    """A play without hints: the card only, its cell left to find on the board (a click there plays it, `via`)."""
    kind = state.match.decode(action)[1]
    deed = "remove" if state.match.actions[kind] == "remove" else "place"
    return say(lang, f"sequence.action.{deed}_on_board", card=_told(state.match.kinds[kind], faces))


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
        return say(lang, "sequence.action.pass")
    name = _told(state.match.kinds[kind], faces)
    if what == "exchange":
        return say(lang, "sequence.action.exchange", card=name)
    r, c = row_col(cell)
    remove = state.match.actions[kind] == "remove"
    return say(lang, f"sequence.action.{'remove' if remove else 'place'}", card=name, row=r, column=c)


def _told(name: str, faces: bool) -> str:
    return card_face(name) if faces else name


def event_text(event: dict, me: int, lang: str = "en", faces: bool = True) -> str | None:
    """One trace event told to seat `me` (None for events it has no words for).

    Another seat's draw is told without its card.
    """
    kind = event["event"]
    if "card" in event:
        event = {**event, "card": _told(event["card"], faces)}
    if kind == "play":
        (r, c), deed = event["cell"], "remove" if event["action"] == "remove" else "place"
        return told(lang, f"sequence.event.{deed}", event["seat"], me, team=event["team"], card=event["card"],
                    row=r, column=c)
    if kind in ("exchange", "pass"):
        return told(lang, f"sequence.event.{kind}", event["seat"], me, card=event.get("card"))
    if kind == "sequence":
        cells = " ".join(f"({r},{c})" for r, c in event["cells"])
        return say(lang, "sequence.event.sequence", team=event["team"], cells=cells)
    if kind == "reshuffle":
        return say(lang, "sequence.event.reshuffle", cards=event["cards"])
    if kind == "game_end":
        counts = ", ".join(f"{t}: {n}" for t, n in event.get("sequences", {}).items())
        team = event.get("team", (event["winners"] or [None])[0])   # traces before schema 2: winners were teams
        if team:
            return say(lang, "sequence.event.won", team=team, counts=counts)
        return say(lang, "sequence.event.drawn", reason=end_words(event["reason"], lang))
    if kind == "draw" and event["seat"] == me:
        return say(lang, "sequence.event.draw", card=event["card"])
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
    return say(lang, "sequence.team_line", team=row["team"], colour=say(lang, f"sequence.colour.{row['colour']}"),
               sequences=say_n(lang, "sequence.sequences", row["sequences"]),
               seats=say_n(lang, "sequence.seats", len(row["seats"]), list=", ".join(map(str, row["seats"]))))


def result_words(state: MatchState, mine: str, result: str, lang: str) -> str:
    """'you won: your team A (blue) made its sequences in 40 turns (sequences A: 2, B: 0)', 'team B (green)
    won ...' or 'a draw: ...' in the seat's words."""
    if state.winner:
        return say(lang, f"sequence.won.{result}", team=state.winner, colour=colour_words(state.winner, lang),
                   turns=state.turns, counts=counts_words(state))
    return say(lang, "sequence.result.draw", reason=end_words(state.end_reason, lang), counts=counts_words(state))


def spectator_view(state: MatchState, since: int = 0, lang: str = "en", hints: bool | None = None) -> dict:
    """What a spectator sees (no seat): `view` told to no seat, without a team, a hand or actions; the end
    told as the game's end."""
    from ...arena.state import SPECTATOR

    seen = view(state, SPECTATOR, since, lang, False)
    seen.update(seat=None, team=None, hand=[], actions=[])
    if seen["over"]:
        end = {"event": "game_end", "winners": [state.winner] if state.winner else [], "team": state.winner,
               "reason": state.end_reason, "sequences": state.sequence_counts()}
        seen["over"].update(result="over", text=event_text(end, SPECTATOR, lang))
    return seen
