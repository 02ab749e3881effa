"""The marker game as terminal text: the board with markers and buildings, a hand with each card's status."""

from __future__ import annotations

from ..game.town import PLOTS
from ..game.wording import whose

def plan_text(state, lang: str = "en") -> str:
    """The plan of the town with its streets, railway, doors and landmarks, every building by its full name.

    A built building stands in capitals after '#'; an open plot lists the buildings with a marker on it.
    """
    from .text import plan

    catalogue, town = state.catalogue, state.town
    name = (lambda b: catalogue.buildings[b].de) if lang == "de" else (lambda b: b)
    placement = {p: "#" + name(b).upper() for b, p in town.built.items()}
    for plot in PLOTS:
        if plot not in placement and town.on_plot(plot):
            placement[plot] = ", ".join(name(b) for b in town.on_plot(plot))
    return plan(catalogue.board, placement, lang=lang)


def hand_text(seen: dict) -> str:
    """The seat's cards (from its view), with the referee's verdicts when hints are on."""
    de = seen["lang"] == "de"
    lines = ["deine Hand:" if de else "your hand:"]
    for card in seen["hand"]:
        lines.append(f"  {'Karte' if de else 'card'} {card['card']} ({card['type']}): {card['text']}")
        for v in card.get("verdicts", ()):
            who = (f"für mein Gebäude {v['my']}: " if de else f"for my {v['my']}: ") if v["my"] else ""
            lines.append(f"      {who}{v['text']}")
        if "verdicts" in card and not card["verdicts"]:
            lines.append("      kein eigenes Gebäude zu nennen" if de else "      no building of yours to name: not playable now")
    if len(lines) == 1:
        lines.append("  (leer)" if de else "  (empty)")
    return "\n".join(lines)


def scores_text(seen: dict) -> str:
    """Points and buildings of every seat (from a seat's view)."""
    de = seen["lang"] == "de"
    public = seen["public"]
    rows = []
    for s in range(public["players"]):
        who = ("du" if de else "you") if s == seen["seat"] else (f"Platz {s}" if de else f"seat {s}")
        owned = ", ".join(public["buildings"][s]) or "-"
        rows.append(f"{who}: {public['points'][s]} {'Punkte' if de else 'points'}; "
                    f"{'Gebäude' if de else 'buildings'}: {owned}")
    return "\n".join(rows)


def summary_text(result: dict) -> str:
    """The summary `oldtown simulate` prints: the shared tables, then points, towns and stops."""
    from ...arena.summary import shared_text
    from ...output import table

    rows = [[f"seat {seat}", f"{p:.1f}"] for seat, p in enumerate(result["points_per_seat"])]
    rows += [[f"bot {name}", f"{p:.1f}"] for name, p in result["points_per_bot"].items()]
    stops = result["stops_per_game"]
    town = result["town_completed"]
    return "\n".join([shared_text(result), "", table(rows, ["who", "points per game"]), "",
                      f"town completed in {town['hits']}/{town['n']} games ({100 * town['rate']:.1f}%); "
                      f"{result['buildings_built_per_game']:.1f} buildings built per game; "
                      f"stops per game: {stops['right']:.2f} right, {stops['wrong']:.2f} wrong"])


def verdict_text(verdict, card) -> str:
    """The referee's answer on one card."""
    who = f" for my {verdict.my}" if verdict.my else ""
    head = f"card {card.number} ({card.kind}){who}: {card.text_en}"
    tail = {"playable": "ALLOWED", "confirmation": "ALLOWED (a confirmation card: it changes nothing)",
            "contradiction": "NOT ALLOWED (a contradiction card)", "forbidden": "NOT ALLOWED"}[verdict.status]
    extra = "\nit may be discarded as a confirmation/contradiction card (action 2)" if verdict.discardable else ""
    return f"{head}\n{tail}: {verdict.reason}{extra}"


def discard_text(done) -> str:
    """The referee's answer on action 2 (two cards for one marker)."""
    word = "ALLOWED" if done.ok else "NOT ALLOWED"
    head = (f"discard cards {done.cards[0]} and {done.cards[1]} for {whose(done.taking.building)} marker "
            f"on plot {done.taking.plot}")
    return f"{head}: {word}: {done.reason}"


def claim_text(claim) -> str:
    """The referee's answer on a "stop" claim."""
    word = "RIGHT" if claim.ok else "WRONG"
    return f"stop on {whose(claim.building)} marker on plot {claim.plot}: {word}: {claim.reason}"
