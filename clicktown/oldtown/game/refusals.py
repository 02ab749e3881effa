"""Why an action is refused now, read from the verdicts the engine decides legality with.

`refusal(state, action)` is None when the action is legal, otherwise a `Refusal`: a reason key and
its facts (card numbers, English building names, plots, and the verdict's or the taking's own
`wording.Reason`). The seat view words it in the seat's language (`view.refused`, message keys
`oldtown.refusal.<reason>`).

A card played is refused with its verdict's status as the reason (`contradiction` or `forbidden`:
the same `Sight.judged` verdict `OldTownState._legal_turn` reads; a building that is not the
player's is judged by the same `verdicts.judge`, which says "forbidden"). A card discarded is
refused when none of its verdicts makes it a confirmation or contradiction card; a marker taken
when its taking (`Sight.taking`) leaves no town, or when break_pair "forbidden" keeps a held pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...arena.state import CHANCE
from .state import (BUILDINGS, CHOOSE, DISCARD, DRAW_OWN, DRAW_SHARED, NUM_ACTIONS, PASS, PLAY, STOP, TAKE,
                    OldTownState)
from .verdicts import judge

#: the kinds of action each phase takes (the others are refused as "not_now")
KINDS = {"turn": ("play", "discard", "draw", "pass"), "discard": ("discard",), "take": ("take",),
         "pile": ("draw",), "stop": ("stop", "pass"), "choose": ("choose",)}


@dataclass(frozen=True)
class Refusal:
    """An action refused: the reason's key and the facts it is worded from."""

    reason: str
    facts: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """The JSON shape: {"reason", "facts"} (a verdict's reason as its English text)."""
        return {"reason": self.reason, "facts": {k: str(v) if k == "why" else v for k, v in self.facts.items()}}


def kind_of(action: int) -> str | None:
    """The kind of an action number: play, discard, take, stop, pass, draw, choose (None: no action)."""
    for kind, low, high in (("play", PLAY, DISCARD), ("discard", DISCARD, TAKE), ("take", TAKE, STOP),
                            ("stop", STOP, PASS), ("pass", PASS, DRAW_SHARED), ("draw", DRAW_SHARED, CHOOSE),
                            ("choose", CHOOSE, NUM_ACTIONS)):
        if low <= action < high:
            return kind
    return None


def refusal(state: OldTownState, action: int, seat: int | None = None) -> Refusal | None:
    """Why `seat` (by default the seat to move) may not take `action` now; None when it may."""
    if state.is_terminal():
        return Refusal("over")
    if state.actor == CHANCE:
        return Refusal("not_now", {"phase": "chance"})
    if seat is not None and seat != state.actor:
        return Refusal("not_your_turn")
    kind = kind_of(action)
    if kind is None:
        return Refusal("unknown", {"action": action})
    if kind not in KINDS[state.phase]:
        return Refusal("not_now", {"phase": state.phase})
    if (action == PASS and state.phase == "stop") or action in state.legal_actions():
        return None
    return _WHY[kind](state, action)


def _play(state: OldTownState, action: int) -> Refusal:
    number, b = divmod(action - PLAY, BUILDINGS)
    number += 1
    seat, card = state.seat, state.catalogue.card(number)
    if number not in state.hands[seat]:
        return Refusal("not_in_hand", {"card": number})
    if card.kind == "A":
        if state.names[b] != card.building:
            return Refusal("wrong_building", {"card": number, "building": card.building})
        my = None
    else:
        my = state.names[b]
    verdict = state.verdicts(seat).get((number, my))
    if verdict is None:  # not one of the seat's buildings: the same verdicts, which say "forbidden"
        verdict = judge(state.sight(), card, my, tuple(state.owned[seat]), state.options)
    return Refusal(verdict.status, {"card": number, "my": my, "why": verdict.reason})


def _discard(state: OldTownState, action: int) -> Refusal:
    number, seat = action - DISCARD + 1, state.seat
    if number not in state.hands[seat]:
        return Refusal("not_in_hand", {"card": number})
    if state.phase == "discard" and number == state.first_discard:
        return Refusal("same_card", {"card": number})
    verdicts = state.card_status(seat, number) or [
        judge(state.sight(), state.catalogue.card(number), None, tuple(state.owned[seat]), state.options)]
    if not any(v.discardable for v in verdicts):
        return Refusal("not_discardable", {"card": number, "status": verdicts[0].status, "why": verdicts[0].reason})
    discardable = len(state.discardable(seat))
    if discardable < 2:
        return Refusal("two_cards", {"count": discardable})
    return Refusal("no_marker_to_take")


def _take(state: OldTownState, action: int) -> Refusal:
    building, plot = state.decode_marker(action, TAKE)
    if plot not in state.town.markers.get(building, ()):
        return Refusal("no_marker", {"building": building, "plot": plot})
    taking = state.taking(building, plot)
    if not taking.ok:
        return Refusal("marker", {"building": building, "plot": plot, "why": taking.reason})
    return Refusal("held_pair", {"building": building})


def _stop(state: OldTownState, action: int) -> Refusal:
    building, plot = state.decode_marker(action, STOP)
    return Refusal("no_marker", {"building": building, "plot": plot})


def _pass(state: OldTownState, action: int) -> Refusal:
    return Refusal("must_act")


def _draw(state: OldTownState, action: int) -> Refusal:
    if action == DRAW_OWN and state.players != 2:
        return Refusal("no_own_pile")
    return Refusal("empty_pile", {"pile": "own" if action == DRAW_OWN else "shared"})


def _choose(state: OldTownState, action: int) -> Refusal:
    return Refusal("not_in_stack", {"building": state.names[action - CHOOSE]})


_WHY = {"play": _play, "discard": _discard, "take": _take, "stop": _stop, "pass": _pass, "draw": _draw,
        "choose": _choose}
