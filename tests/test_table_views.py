"""What each game's seat view sends a table page: the last move (and its mark on the board), the page's rows
and lines, Wild Wild Pattern's declaration as three choices, Sequence Numbers' plays on the board, and the
end of the game as a sentence for the seat, in English and German."""

from __future__ import annotations

import random
import re

import pytest

from clicktown.arena.state import sample_chance
from clicktown.games import GAMES


def dealt(game: str, seed: int, players: int = 2, moves: int = 0):
    """A new game of `game` past its chance nodes, then `moves` random moves (chance drawn as it comes)."""
    state = GAMES[game].new_state(players, ("person",) + ("greedy",) * (players - 1), {})
    rng = random.Random(seed)
    made = 0
    while not state.is_terminal() and (made < moves or state.current_player() < 0):
        if state.current_player() < 0:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


def played_out(game: str, seed: int, players: int = 2):
    """A whole game of greedy bots."""
    state, bot, rng = dealt(game, seed, players), GAMES[game].make_bot("greedy"), random.Random(seed)
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.current_player() < 0 else bot.choose(state, rng))
    return state


def marked(svg: str, attribute: str) -> list[str]:
    """The `attribute` of every element of the picture marked as the last move's."""
    return [re.search(rf'{attribute}="([^"]*)"', tag).group(1) for tag in re.findall(r"<g [^>]*data-last-move[^>]*>", svg)]


def declaring():
    """A game of Wild Wild Pattern where a seat has just covered a position and must declare."""
    state = dealt("patterns", 1)
    while state.phase != "declare":
        state.apply_action(sample_chance(state, random.Random(0)) if state.current_player() < 0
                           else next(a for a in state.legal_actions() if a < 8) if state.phase == "race"
                           else state.legal_actions()[0])
    return state


# ---- the last move ---------------------------------------------------------------------------------


def test_sequence_marks_the_cell_of_the_last_chip():
    from clicktown.sequence.game.view import view

    state = dealt("sequence", 0)
    assert view(state, 0)["last"] == [] and marked(GAMES["sequence"].picture(state, 0, "en"), "data-cell") == []
    state = dealt("sequence", 0, moves=5)
    cell = [e["cell"] for e in state.events if e["event"] == "play"][-1]
    assert view(state, 0)["last"] == ["{},{}".format(*cell)]
    svg = GAMES["sequence"].picture(state, 0, "en")
    assert marked(svg, "data-cell") == ["{},{}".format(*cell)] and svg.count('class="last-move"') == 1


def test_old_town_marks_the_plots_the_last_move_changed():
    from clicktown.oldtown.game.view import view

    state = dealt("oldtown", 1)
    assert view(state, 0)["last"] == []
    while not any(e["event"] in ("play", "discard") for e in state.events):
        state.apply_action(random.Random(1).choice(state.legal_actions()) if state.current_player() >= 0
                           else sample_chance(state, random.Random(1)))
    placed = sorted(int(p) for p in state.town.plots_json()) + sorted(state.town.built.values())
    assert placed and view(state, 0)["last"] == [str(p) for p in sorted(placed)]   # from the empty board
    assert marked(GAMES["oldtown"].picture(state, 0, "en"), "data-plot") == [str(p) for p in sorted(placed)]


def test_wild_wild_pattern_marks_the_card_just_played():
    from clicktown.patterns.game.view import view

    state = declaring()
    position = state.pending["position"]
    assert view(state, state.seat)["last"] == [str(position)]
    assert marked(GAMES["patterns"].picture(state, 0, "en"), "data-position") == [str(position)]


# ---- rows and lines ----------------------------------------------------------------------------------


def test_the_public_rows_in_both_languages():
    from clicktown.oldtown.game.view import view as oldtown
    from clicktown.sequence.game.view import view as sequence

    state = dealt("sequence", 0)
    assert sequence(state, 0)["public"]["rows"] == ["sequences: A 0/2, B 0/2", "draw pile: 90 cards",
                                                    "you are team A (blue)"]
    assert sequence(state, 1, lang="de")["public"]["rows"] == ["SEQUENCES: A 0/2, B 0/2", "Nachziehstapel: 90 Karten",
                                                               "du spielst in Team B (grün)"]
    state = dealt("oldtown", 1, moves=6)
    points, owned = state.points, state.owned
    rows = oldtown(state, 1, lang="de")["public"]["rows"]
    assert len(rows) == 3 and rows[-1] == f"der gemeinsame Stapel: {len(state.piles.top) + len(state.piles.shared)} Karten"
    assert rows[1].startswith(f"Spieler 1 (du): {points[1]} Punkt") and rows[0].startswith(f"Spieler 0: {points[0]} Punkt")
    assert rows[1].endswith(f"; {len(state.hands[1])} Karten auf der Hand") and len(owned[1]) == 2


def test_wild_wild_patterns_hand_as_lines():
    from clicktown.patterns.game.view import view

    state = dealt("patterns", 1)
    while state.hand[0] is None:
        state.apply_action(sample_chance(state, random.Random(0)))
    card, up = state.table.names[state.hand[0]], [state.table.names[c] for c in state.faceup[0]]
    assert up == ["challenge:steal"]
    assert view(state, 0)["hand"]["lines"] == [f"card in hand: {card}", "won: -", 'face up: challenge card "Steal 1 card"',
                                               "the Bank would pay now: $0.00"]
    assert view(state, 0, hints=False)["hand"]["lines"] == [f"card in hand: {card}", "won: -", 'face up: challenge card "Steal 1 card"']
    german = view(state, 0, lang="de")["hand"]["lines"]
    assert german[0].startswith("Karte auf der Hand: ") and german[1] == "gewonnen: -"
    assert german[2:] == ["offen: Herausforderung „1 Karte stehlen“", "die Bank zahlt jetzt: 0,00 $"]


# ---- Wild Wild Pattern's declaration -----------------------------------------------------------------




def test_the_declaration_is_three_choices_and_an_action_for_each_statement():
    from clicktown.patterns.game.state import CLICK, STATEMENT, STATEMENTS
    from clicktown.patterns.game.view import view

    state = declaring()
    seen = view(state, state.seat)
    compose = seen["compose"]
    assert [s["name"] for s in compose["steps"]] == ["direction", "trigger", "target"]
    assert [s["label"] for s in compose["steps"]] == ["after or before", "every …", "there is always …"]
    assert [c["key"] for c in compose["steps"][0]["choices"]] == ["after", "before"]
    traits = ["red", "blue", "yellow", "grey", "white", "coin", "bullets",
              "gun", "loot", "star", "bottle", "horseshoe", "dynamite", "barrel", "wanted"]
    assert [c["key"] for c in compose["steps"][1]["choices"]] == traits == [c["key"] for c in compose["steps"][2]["choices"]]
    assert len(compose["actions"]) == len(STATEMENTS) == 224 and compose["confirm"] is True
    for i, s in enumerate(STATEMENTS):
        assert compose["actions"][f"{s.direction}|{s.trigger.value}|{s.target.value}"] == STATEMENT + i
    assert [a["id"] for a in seen["actions"] if a.get("via") == "compose"] == list(range(STATEMENT, CLICK))
    assert view(state, 1 - state.seat)["compose"] is None
    german = view(state, state.seat, lang="de")["compose"]
    assert (german["title"], german["send"]) == ("ein Muster ansagen: wähle seine drei Teile", "ansagen")
    assert [c["label"] for c in german["steps"][0]["choices"]] == ["nach", "vor"]
    assert [c["label"] for c in german["steps"][1]["choices"]][:7] == ["rot", "blau", "gelb", "grau", "weiß", "Münze", "Kugeln"]


def test_waiting_is_told_as_what_it_does():
    from clicktown.patterns.game.state import PASS
    from clicktown.patterns.game.view import action_text, event_text

    state = dealt("patterns", 1)
    while state.phase != "race":
        state.apply_action(sample_chance(state, random.Random(0)))
    assert action_text(state, PASS, "en") == "wait: let the others answer first"
    assert action_text(state, PASS, "de") == "warten: die anderen zuerst antworten lassen"
    seat = state.seat
    state.apply_action(PASS)
    assert state.events[-1] == {"event": "wait", "seat": seat}
    assert event_text(state.events[-1], seat) == "you waited: the others answer first"
    assert event_text(state.events[-1], 1 - seat, "de") == f"Spieler {seat} hat gewartet"


# ---- Sequence Numbers: the cell is the player's to find ----------------------------------------------


def test_sequence_numbers_plays_name_the_card_and_the_board_carries_the_cells():
    from clicktown.sequence.game.view import board_actions, view

    state = dealt("numbers", 15)
    assert state.seat == 0 and state.hand_names(0) == ["plus", "148/4", "minus", "22+22", "6x7"]
    seen = view(state, 0)
    assert seen["hints"] is False and {a.get("via") for a in seen["actions"]} == {"board"}
    assert sorted({a["text"] for a in seen["actions"]}) == [
        "play 148/4: click the cell for it on the board", "play 22+22: click the cell for it on the board",
        "play 6x7: click the cell for it on the board", "play plus: click the cell for it on the board"]
    assert not [a for a in seen["actions"] if "row" in a["text"]]
    match = state.match
    named = {cell: a for a in state.legal_actions() for what, kind, cell in [match.decode(a)]
             if match.actions[kind] == "place"}
    wild = {cell: a for a in state.legal_actions() for what, kind, cell in [match.decode(a)]
            if match.actions[kind] == "wild"}
    assert sorted(match.game.board.label(c) for c in named) == ["37", "37", "42", "42", "44", "44"]
    assert board_actions(state, 0) == {**wild, **named}          # a card naming the cell, before the plus card
    assert board_actions(state, 1) == {}
    svg = GAMES["numbers"].picture(state, 0, "en")
    assert dict(re.findall(r'data-cell="(\d,\d)"[^>]*data-action-id="(\d+)"', svg)) == {
        "{},{}".format(*divmod(c, 10)): str(a) for c, a in {**wild, **named}.items()}
    assert "data-action-id" not in GAMES["numbers"].picture(state, 1, "en")
    hinted = view(state, 0, hints=True)
    assert all("row" in a["text"] and "via" not in a for a in hinted["actions"] if match.decode(a["id"])[0] == "play")


# ---- the end, told to each seat ----------------------------------------------------------------------


def test_old_town_ends_in_the_players_words():
    from clicktown.oldtown.game.view import view

    state = played_out("oldtown", 3)
    p = state.points
    assert state.winners() == [1] and state.reason == "town_built" and p == [36, 44]
    assert view(state, 0)["over"]["text"] == (f"seat 1 won with {p[1]} points: the town is built; "
                                              f"points: seat 1 {p[1]}, you {p[0]}")
    assert view(state, 1)["over"]["text"] == (f"you won with {p[1]} points: the town is built; "
                                              f"points: you {p[1]}, seat 0 {p[0]}")
    assert view(state, 0, lang="de")["over"]["text"] == (f"Spieler 1 hat mit {p[1]} Punkten gewonnen: die Stadt ist "
                                                         f"gebaut; Punkte: Spieler 1 {p[1]}, du {p[0]}")
    state.points = [p[1], p[1]]
    assert view(state, 1)["over"]["text"].startswith(f"you and seat 0 share the win with {p[1]} points each: ")
    assert view(state, 0, lang="de")["over"]["text"].startswith(f"du und Spieler 1 teilen sich den Sieg mit je {p[1]} Punkten: ")


def test_sequence_ends_in_the_players_words():
    from clicktown.sequence.game.view import view

    state = played_out("sequence", 0)
    assert state.winner == "B" and state.turns == 48
    assert view(state, 1)["over"]["text"] == ("you won: your team B (green) made its sequences in 48 turns "
                                              "(sequences A: 1, B: 2)")
    assert view(state, 0)["over"]["text"] == ("team B (green) won: it made its sequences in 48 turns "
                                              "(sequences A: 1, B: 2)")
    assert view(state, 0, lang="de")["over"]["text"] == ("Team B (grün) hat gewonnen: es hat seine SEQUENCES in 48 Zügen "
                                                         "gelegt (SEQUENCES A: 1, B: 2)")


@pytest.mark.parametrize("reason, winners, english, german", [
    ("new-director", [0], "you won: a Wild combination made you the new Director",
     "du hast gewonnen: eine Wild-Kombination macht dich zum neuen Direktor"),
    ("new-director", [1], "seat 1 won: a Wild combination made them the new Director",
     "Spieler 1 hat gewonnen: eine Wild-Kombination macht ihn zum neuen Direktor"),
    ("saloon", [1], "seat 1 won: their money passed the Bank's limit of $3.00",
     "Spieler 1 hat gewonnen: sein Geld liegt über dem Limit der Bank von 3,00 $"),
    ("wild-wild-pattern", [0], "you won: you declared a Wild Wild Pattern",
     "du hast gewonnen: du hast ein Wild Wild Pattern angesagt"),
    ("alive-or-dead", [1], "seat 1 won: they are the last one left in the game",
     "Spieler 1 hat gewonnen: er ist als Letzter im Spiel übrig"),
    ("new-director", [1, 0], "you and seat 1 won, each as a new Director by a Wild combination",
     "du und Spieler 1 haben gewonnen, jeder als neuer Direktor durch eine Wild-Kombination"),
    ("turn-limit", [], "nobody won: the turn limit", "niemand hat gewonnen: die Zuggrenze"),
])
def test_wild_wild_pattern_ends_in_the_players_words(reason, winners, english, german):
    from clicktown.patterns.game.view import view

    state = played_out("patterns", 0)
    state.winners, state.reason = winners, reason
    c = state.cents
    assert view(state, 0)["over"]["text"] == english + "; money: " + ", ".join(
        f"{'you' if s == 0 else 'seat 1'} ${c[s] / 100:.2f}" for s in sorted((0, 1), key=lambda s: (s not in winners, -c[s], s)))
    assert view(state, 0, lang="de")["over"]["text"].startswith(german + "; Geld: ")
