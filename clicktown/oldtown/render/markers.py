"""The marker game as terminal text: the board with markers and buildings, a hand with each card's status."""

from __future__ import annotations

from ..game.town import PLOTS, Town

WIDTH = 20


def short(name: str) -> str:
    """A building's name cut to five letters ('Stage', 'Laund', 'Doc')."""
    return name.replace("'", "")[:5]


def _cell(town: Town, plot: int) -> list[str]:
    built = {p: b for b, p in town.built.items()}
    if plot in built:
        return [f"{plot:>2} #{built[plot].upper()[:WIDTH - 4]}", ""]
    names = [short(b) for b in town.on_plot(plot)]
    return [f"{plot:>2} " + " ".join(names[:2]), "   " + " ".join(names[2:])]


def board(town: Town) -> str:
    """The 4 x 4 plots, north at the top: a built building in capitals after '#', else its markers."""
    rule = "+" + "+".join(["-" * WIDTH] * 4) + "+"
    lines = [rule]
    for row in range(4):
        cells = [_cell(town, PLOTS[row * 4 + col]) for col in range(4)]
        for k in range(2):
            lines.append("|" + "|".join(c[k].ljust(WIDTH)[:WIDTH] for c in cells) + "|")
        lines.append(rule)
    return "\n".join(lines)


def hand(state, seat: int) -> str:
    """Each card of the seat's hand with its status (for each of the seat's buildings, B and C)."""
    lines = []
    for number in state.hands[seat]:
        card = state.catalogue.card(number)
        lines.append(f"card {number} ({card.kind}): {card.text_en}")
        verdicts = state.card_status(seat, number)
        if not verdicts:
            lines.append("    no building of yours to name: not playable now")
        for v in verdicts:
            who = f"for my {v.my}: " if v.my else ""
            lines.append(f"    {who}{v.status.upper()}: {v.reason}")
    return "\n".join(lines)


def scores(state) -> str:
    """Points and buildings of every seat."""
    return "\n".join(f"seat {s}: {state.points[s]} points; buildings: {', '.join(state.owned[s]) or '-'}"
                     for s in range(state.players))


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
    head = (f"discard cards {done.cards[0]} and {done.cards[1]} for the {done.taking.building}'s marker "
            f"on plot {done.taking.plot}")
    return f"{head}: {word}: {done.reason}"


def claim_text(claim) -> str:
    """The referee's answer on a "stop" claim."""
    word = "RIGHT" if claim.ok else "WRONG"
    return f"stop on the {claim.building}'s marker on plot {claim.plot}: {word}: {claim.reason}"
