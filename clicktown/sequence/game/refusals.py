"""Why a move is refused now, read from the rules the engine decides legality with (`MatchState.is_legal`).

`refusal(state, action, lang)` is "" when the seat to move may take `action`, otherwise the reason in
the seat's language (message keys `sequence.refusal.<reason>`): the card is not in the hand; a place
card names other cells, or its cell is taken, or the team has no chip left; a remove card finds no
chip, the team's own chip or a chip of a completed sequence; an exchange of a card that is not
dead, or a second exchange in the turn; a pass while a card can be played.
"""

from __future__ import annotations

from ...messages import say
from ..geometry import row_col
from ..position import EMPTY, FREE
from .state import MatchState


def refusal(state: MatchState, action: int, lang: str = "en", hints: bool = True) -> str:
    """The reason `action` is refused now ("" when it is legal). Without `hints` a card played on a cell it
    does not name is refused without naming its cells (in Sequence Numbers they are the answer)."""
    if state.is_legal(action):
        return ""
    what, kind, cell = state.match.decode(action)

    def why(key: str, **facts) -> str:
        return say(lang, f"sequence.refusal.{key}", **facts)

    if what == "pass":
        return why("pass")
    card = state.match.kinds[kind]
    if kind not in state.hands[state.seat]:
        return why("not_held", card=card)
    if what == "exchange":
        return why("exchanged") if state.exchanged else why("not_dead", card=card)
    team = state.match.table.team_of(state.seat)
    chip = state.board[cell]
    r, c = row_col(cell)
    if state.match.actions[kind] == "remove":
        if chip == EMPTY or not chip.isalpha():
            return why("no_chip", card=card, row=r, column=c)
        return why("own_chip" if chip.upper() == team else "locked", card=card, row=r, column=c)
    if chip == FREE:
        return why("corner", card=card, row=r, column=c)
    if chip != EMPTY:
        return why("taken", card=card, row=r, column=c)
    if state.supply[team] <= 0:
        return why("no_chips", team=team)
    if not hints:
        return why("not_its_cell", card=card, label=state.match.game.board.label(cell), row=r, column=c)
    cells = ", ".join(f"{row},{col}" for row, col in map(row_col, state.match.cells_of_kind[kind]))
    return why("other_cells", card=card, row=r, column=c, cells=cells)
