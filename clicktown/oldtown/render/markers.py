"""The marker game as terminal text: the board with markers and buildings, a hand with each card's status."""

from __future__ import annotations

from ...messages import say, say_n
from ...words import tell, who
from ..game.town import PLOTS
from ..game.wording import CASES, building_of, building_words


#: The width of a terminal the plan fits in.
TERMINAL_COLUMNS = 80


def plan_text(state, lang: str = "en") -> str:
    """The plan of the town with its streets, railway, doors and landmarks, every building by its full name,
    in at most TERMINAL_COLUMNS columns.

    A built building stands in capitals after '#'; an open plot lists the buildings with a marker on it.
    """
    from .text import plan

    catalogue, town = state.catalogue, state.town
    def name(b: str) -> str:
        return catalogue.buildings[b].called(lang)["name"]

    placement = {p: "#" + name(b).upper() for b, p in town.built.items()}
    for plot in PLOTS:
        if plot not in placement and town.on_plot(plot):
            placement[plot] = ", ".join(name(b) for b in town.on_plot(plot))
    return plan(catalogue.board, placement, lang=lang, columns=TERMINAL_COLUMNS)


def hand_text(seen: dict) -> str:
    """The seat's cards (from its view), with the referee's verdicts when hints are on."""
    lang = seen["lang"]
    lines = [say(lang, "oldtown.hand.title")]
    for card in seen["hand"]:
        lines.append("  " + say(lang, "oldtown.hand.card", card=card["card"], kind=card["type"], text=card["text"]))
        for v in card.get("verdicts", ()):
            told = say(lang, "oldtown.hand.for_mine", b=v["my"], verdict=v["text"]) if v["my"] else v["text"]
            lines.append(f"      {told}")
        if "verdicts" in card and not card["verdicts"]:
            lines.append("      " + say(lang, "oldtown.hand.none_to_name"))
    if len(lines) == 1:
        lines.append("  " + say(lang, "oldtown.hand.empty"))
    return "\n".join(lines)


def scores_text(seen: dict) -> str:
    """Points and buildings of every seat (from a seat's view)."""
    lang, public = seen["lang"], seen["public"]
    return "\n".join(say(lang, "oldtown.scores.line", who=who(lang, s, seen["seat"]),
                         points=say_n(lang, "common.points", public["points"][s]),
                         owned=", ".join(public["buildings"][s]) or "-")
                     for s in range(public["players"]))


def summary_text(result: dict, lang: str) -> str:
    """The summary `oldtown simulate` prints: the shared tables, then points, towns and stops."""
    from ...arena.summary import bot_label, seat_label, shared_text
    from ...messages import decimal, percent
    from ...output import table

    rows = [[seat_label(lang, seat), decimal(lang, p, 1)] for seat, p in enumerate(result["points_per_seat"])]
    rows += [[bot_label(lang, name), decimal(lang, p, 1)] for name, p in result["points_per_bot"].items()]
    stops, town = result["stops_per_game"], result["town_completed"]
    completed = say_n(lang, "oldtown.simulate.completed", town["n"], hits=town["hits"], rate=percent(lang, town["rate"]))
    built = say(lang, "oldtown.simulate.built", built=decimal(lang, result["buildings_built_per_game"], 1))
    called = say(lang, "oldtown.simulate.stops", right=decimal(lang, stops["right"], 2), wrong=decimal(lang, stops["wrong"], 2))
    header = [say(lang, "simulate.who"), say(lang, "oldtown.simulate.points")]
    return "\n".join([shared_text(result, lang), "", table(rows, header), "", f"{completed}; {built}; {called}"])


def verdict_text(verdict, card, lang: str = "en", buildings=None) -> str:
    """The referee's answer on one card (`buildings`: the catalogue's, to name them in `lang`)."""
    mine = say(lang, "oldtown.referee.for_mine", b=building_of(buildings, verdict.my).called(lang)["name"]) \
        if verdict.my else ""
    head = say(lang, "oldtown.referee.card", number=card.number, kind=card.kind, mine=mine, text=card.sentence(lang))
    tail = say(lang, f"oldtown.referee.{verdict.status}", reason=tell(verdict.reason, lang, buildings))
    extra = "\n" + say(lang, "oldtown.referee.discardable") if verdict.discardable else ""
    return f"{head}\n{tail}{extra}"


def _answer(lang: str, ok: bool) -> str:
    return say(lang, "oldtown.referee.allowed" if ok else "oldtown.referee.not_allowed")


def discard_text(done, lang: str = "en", buildings=None) -> str:
    """The referee's answer on action 2 (two cards for one marker)."""
    marker = building_words(lang, building_of(buildings, done.taking.building))
    return say(lang, "oldtown.referee.discard", first=done.cards[0], second=done.cards[1], plot=done.taking.plot,
               answer=_answer(lang, done.ok), reason=tell(done.reason, lang, buildings),
               **{f"{case}_b": marker[case] for case in CASES})


def claim_text(claim, lang: str = "en", buildings=None) -> str:
    """The referee's answer on a "stop" claim."""
    marker = building_words(lang, building_of(buildings, claim.building))
    return say(lang, "oldtown.referee.stop", plot=claim.plot, reason=tell(claim.reason, lang, buildings),
               answer=say(lang, "oldtown.referee.right" if claim.ok else "oldtown.referee.wrong"),
               **{f"{case}_b": marker[case] for case in CASES})
