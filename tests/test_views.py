"""The seat views of the three games and the terminal findings they fix (one test per finding).

The leak tests change every card a seat cannot see (other hands, other seats' draws) and check
that the seat's view does not change at all: a view that held a hidden card would.
"""

from __future__ import annotations

import json
import random

import pytest

from clicktown.arena.state import CHANCE, resolve_chance, sample_chance

# ---- Sequence -----------------------------------------------------------------------------------


def sequence_game(game="sequence", players=2, seed=3, stop_after=None):
    from clicktown.sequence.game.bots import make_bot
    from clicktown.sequence.game.simulate import Setup, make_match

    state = make_match(Setup(game, players, None, ("greedy",))).new_state()
    state.events = []
    rng = random.Random(seed)
    bots = [make_bot("greedy")] * players
    moves = 0
    while not state.is_terminal() and (stop_after is None or moves < stop_after):
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        state.apply_action(bots[state.seat].choose(state, rng))
        moves += 1
    resolve_chance(state, rng)
    return state


def _sequence_hidden_swapped(state, seat):
    """The same game with every card the seat cannot see replaced by another kind."""
    other = state.clone()
    other.events = [dict(e) for e in state.events]
    kinds = len(state.match.kinds)
    for s in range(len(other.hands)):
        if s != seat:
            other.hands[s] = [(k + 1) % kinds for k in other.hands[s]]
    for e in other.events:
        if e["event"] == "draw" and e["seat"] != seat:
            e["card"] = "zz"
    return other


@pytest.mark.parametrize("game, players", [("sequence", 2), ("numbers", 3), ("sequence", 4)])
def test_sequence_view_never_holds_another_seats_cards(game, players):
    from clicktown.sequence.game.view import view

    for stop in (0, 7, 30):
        state = sequence_game(game, players, seed=5, stop_after=stop)
        for seat in range(players):
            seen = view(state, seat, hints=True)
            assert seen == view(_sequence_hidden_swapped(state, seat), seat, hints=True)
            assert [c["card"] for c in seen["hand"]] == state.hand_names(seat)
            json.dumps(seen)


def test_sequence_view_lists_exactly_the_legal_actions_of_the_seat_to_move():
    from clicktown.sequence.game.view import view

    state = sequence_game(stop_after=5)
    mover = state.seat
    assert [a["id"] for a in view(state, mover)["actions"]] == state.legal_actions()
    assert view(state, 1 - mover)["actions"] == []
    text = view(state, mover, lang="de")["actions"][0]["text"]
    assert "spielen" in text or "tauschen" in text


def test_sequence_cards_are_told_as_printed_in_the_browser_and_as_typed_at_the_terminal():
    from clicktown.sequence.cards import card_face
    from clicktown.sequence.game.view import view

    assert [card_face(n) for n in ("2s", "9h", "th", "qd", "ac", "jd", "js", "4+3", "14/2")] == \
        ["2\u2660", "9\u2665", "10\u2665", "Q\u2666", "A\u2663", "J\u2666", "J\u2660", "4+3", "14/2"]
    state = sequence_game(stop_after=5)
    mover = state.seat
    shown, typed = view(state, mover), view(state, mover, faces=False)
    assert [c["face"] for c in shown["hand"]] == [card_face(c["card"]) for c in typed["hand"]]
    for a, b in zip(shown["actions"], typed["actions"]):
        kind = state.match.decode(a["id"])[1]
        name = state.match.kinds[kind] if kind >= 0 else None
        assert a["move"] == b["move"]
        assert a["text"] == (b["text"].replace(name, card_face(name), 1) if name else b["text"])
    assert any(card_face(c["card"]) != c["card"] for c in typed["hand"])


def test_sequence_final_moves_and_the_result_are_shown():
    """Finding: the last moves (yours and the bot's winning one) were never printed."""
    from clicktown.sequence.game.bots import GreedyBot
    from clicktown.sequence.game.play import SequenceHuman, play_against
    from clicktown.sequence.game.simulate import Setup
    from clicktown.sequence.game.view import move_words

    shown, holder = [], {}

    class Scripted(SequenceHuman):
        def choose(self, state, rng):
            holder["state"] = state
            return super().choose(state, rng)

    def ask(prompt):
        state = holder["state"]
        return move_words(state, GreedyBot().choose(state, random.Random(0)))

    state = play_against(Setup("sequence", 2, 2, ("greedy",)), 1, Scripted(ask, shown.append, colour=False), seed=2)
    last = [e for e in state.trace if e["event"] == "play"][-1]
    who = "you" if last["seat"] == 1 else f"seat {last['seat']}"
    r, c = last["cell"]
    assert any(line.startswith(f"{who} (team {last['team']}) played {last['card']}") and f"row {r}, column {c}" in line
               for line in shown[-40:])
    result = "you won: your team B" if state.winner == "B" else "team A (blue) won: " if state.winner else "a draw"
    assert shown[-1].startswith(result)


def test_sequence_numbers_hides_the_answers_unless_hints_are_on(run_cli):
    """Finding: Sequence Numbers showed `9+8(=17)`, which does the arithmetic for the player."""
    code, out, _ = run_cli("sequence", "play", "--game", "numbers", "--seed", 1, input="quit\n")
    hand = next(line for line in out.splitlines() if line.startswith("your hand:"))
    assert code == 0 and "(=" not in hand
    code, out, _ = run_cli("sequence", "play", "--game", "numbers", "--seed", 1, "--hints", input="quit\n")
    hand = next(line for line in out.splitlines() if line.startswith("your hand:"))
    assert "(=" in hand


def test_sequence_play_speaks_german(run_cli):
    code, out, _ = run_cli("sequence", "play", "--seed", 1, "--lang", "de", input="quit\n")
    assert code == 0 and "deine Hand:" in out and "Team A" in out


# ---- Old Town -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cat():
    from clicktown.oldtown.catalogue import load_catalogue

    return load_catalogue()


def oldtown_game(cat, players=3, seed=1, moves=40):
    from clicktown.oldtown.game.bots import make_bot
    from clicktown.oldtown.game.state import new_game

    state = new_game(cat, players)
    rng = random.Random(seed)
    bots = [make_bot("greedy")] * players
    for _ in range(moves):
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        state.apply_action(bots[state.actor].choose(state, rng))
    return state


def test_oldtown_view_never_holds_another_seats_cards(cat):
    from clicktown.oldtown.game.view import view

    for players, moves in ((2, 30), (3, 60), (4, 90)):
        state = oldtown_game(cat, players, seed=players, moves=moves)
        for seat in range(players):
            other = state.clone()
            other.events = [dict(e) for e in state.events]
            spare = [n for n in range(1, 61) if all(n not in h for h in state.hands)]
            for s in range(players):
                if s != seat:
                    other.hands[s] = spare[: len(other.hands[s])]
                    spare = spare[len(other.hands[s]):]
            for e in other.events:
                if e["event"] == "draw" and e["seat"] != seat:
                    e["card"] = 0
            seen = view(state, seat, hints=True)
            assert seen == view(other, seat, hints=True)
            assert [c["card"] for c in seen["hand"]] == state.hands[seat]


def test_oldtown_a_wrong_stop_claim_is_told_with_its_reason(cat):
    """Finding: a wrong stop claim was silently ignored on screen."""
    from clicktown.oldtown.game.state import PASS, STOP
    from clicktown.oldtown.game.view import view

    from clicktown.oldtown.game.bots import make_bot

    state = oldtown_game(cat, 3, seed=1, moves=10)
    rng, bot = random.Random(0), make_bot("greedy")

    def wrong_claims():
        forced = state.town.forced()
        return [a for a in state.legal_actions() if STOP <= a < PASS and state.decode_marker(a, STOP) not in forced]

    while not (state.phase == "stop" and wrong_claims()):
        resolve_chance(state, rng)
        state.apply_action(bot.choose(state, rng))
    seat = state.actor
    wrong = wrong_claims()[0]
    building, plot = state.decode_marker(wrong, STOP)
    since = len(state.events)
    state.apply_action(wrong)
    told = [e["text"] for e in view(state, (seat + 1) % 3, since=since)["events"]]
    assert told[0].startswith(f"seat {seat} called stop on the marker of the {building} on plot {plot} -> WRONG: "
                              f"the {building} may still stand on plot {plot}")
    german = view(state, seat, since=since, lang="de")["events"][0]["text"]
    assert german.startswith("du riefst Stopp") or "FALSCH" in german


def test_oldtown_stop_is_asked_only_when_a_marker_can_go(cat):
    """Finding: after every turn a stop prompt listed every marker, so most of the game was typing 0."""
    from clicktown.oldtown.game.play import OldTownHuman
    from clicktown.oldtown.game.state import PASS
    from clicktown.oldtown.game.view import needs_decision, view

    from clicktown.oldtown.game.bots import make_bot

    state = oldtown_game(cat, 3, seed=1, moves=10)
    rng = random.Random(0)
    bot, asked, passed = make_bot("greedy"), 0, 0
    while not state.is_terminal():
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        if state.phase == "stop":
            seat = state.actor
            can = bool(state.town.forced())
            assert needs_decision(state, seat) == can == view(state, seat)["stop_possible"]
            if not can:
                def refuse(prompt):
                    raise AssertionError("asked for a stop claim that cannot be right")
                assert OldTownHuman(refuse, lambda text: None).choose(state, rng) == PASS
                passed += 1
            else:
                asked += 1
        state.apply_action(bot.choose(state, rng))
    assert passed > 0 and asked > 0


def test_oldtown_play_quits_and_tells_the_standings(run_cli):
    """Findings: `quit` did not work; game over never said who won with the standings."""
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, input="1\nquit\n")
    assert code == 0 and out.strip().endswith("game abandoned")
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, input="1\n" * 600)
    last = out.strip().splitlines()[-1]
    assert last.startswith(("you won with ", "seat 1 won with ", "you and seat 1 share the win")) and "; points: " in last


def test_oldtown_play_speaks_german_with_full_names(run_cli):
    """Findings: `oldtown play` had no --lang; names were cut to five letters ('Priso', 'Schoo')."""
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, "--lang", "de", input="quit\n")
    assert code == 0 and "deine Hand:" in out and "Bahnlinie" in out and "Gefängnis nehmen" in out
    assert "Büffelweide: an den Plätzen 3 (N), 4 (N), 4 (O), 8 (O), 12 (O)" in out  # Osten, not East
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, input="quit\n")
    assert "take the Prison" in out and "take the School" in out and "4 (E)" in out


def test_oldtown_bot_moves_are_told_with_card_text_effect_and_points(cat):
    """Finding: bot moves read `play card 10` with no card text, effect or points."""
    from clicktown.oldtown.game.view import view

    state = oldtown_game(cat, 3, seed=2, moves=30)
    plays = [(i, e) for i, e in enumerate(state.events) if e["event"] == "play" and e["gain"]]
    i, e = plays[0]
    text = view(state, (e["seat"] + 1) % 3, since=i)["events"][0]["text"]
    card = cat.card(e["card"])
    assert card.text_en in text and e["reason"] in text and f"+{e['gain']} point" in text


def test_oldtown_hints_are_shown_unless_switched_off(cat):
    """Each card's status and reason are shown by default (the rules' "playable, confirmation,
    contradiction, forbidden and why"); hints=False hides them."""
    from clicktown.oldtown.game.view import view

    state = oldtown_game(cat, 3, seed=2, moves=30)
    assert all("verdicts" not in c for c in view(state, 0, hints=False)["hand"])
    shown = view(state, 0)["hand"]
    assert shown == view(state, 0, hints=True)["hand"] and all(c["verdicts"] for c in shown)
    for card in shown:
        verdicts = state.card_status(0, card["card"])
        assert [v["status"] for v in card["verdicts"]] == [v.status for v in verdicts]
        assert [v["allowed"] for v in card["verdicts"]] == [v.status in ("playable", "confirmation") for v in verdicts]


# ---- Wild Wild Pattern ----------------------------------------------------------------------------


def patterns_game(players=3, seed=4, moves=200, bot="greedy"):
    from clicktown.patterns.game.bots import make_bot
    from clicktown.patterns.game.state import new_game

    state = new_game(players)
    rng = random.Random(seed)
    bots = [make_bot(bot)] * players
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots[state.current_player()].choose(state, rng))
    return state


def test_patterns_view_never_holds_another_seats_card_in_hand():
    from clicktown.patterns.game.view import view

    for players, moves in ((2, 50), (3, 120), (4, 300)):
        state = patterns_game(players, seed=players, moves=moves)
        for seat in range(players):
            other = state.clone()
            other.events = [dict(e) for e in state.events]
            for s in range(players):
                if s != seat and other.hand[s] is not None:
                    other.hand[s] = other.deck[0] if other.deck else None
            for e in other.events:
                if e["event"] == "turn_start":
                    e["hands"] = [h if s == seat else "hidden" for s, h in enumerate(e["hands"])]
            assert view(state, seat) == view(other, seat)


def test_patterns_a_false_declaration_says_why():
    """Finding: a false declaration said only FALSE, without the reason `patterns check` gives."""
    from clicktown.patterns.game.view import event_text

    state = patterns_game(3, seed=4, moves=3000, bot="random")
    false = [e for e in state.events if e["event"] == "declare" and not e["valid"]]
    assert false and all(e["reasons"] for e in false)
    text = event_text(false[0], 0)
    assert ": FALSE: " + false[0]["reasons"][0] in text and "wheel: 0:" in text


def test_patterns_a_false_declaration_says_why_in_german_with_german_cards():
    import pickle

    from clicktown.patterns import wording
    from clicktown.patterns.game.view import event_text, view
    from clicktown.words import tell

    state = patterns_game(3, seed=4, moves=3000, bot="random")
    false = [e for e in state.events if e["event"] == "declare" and not e["valid"]]
    kinds = {r.key for e in false for r in e["reasons"]}
    assert {"other_neighbour", "too_few"} <= kinds and kinds <= set(wording.Reason.FIELDS)
    for e in false:
        german = event_text(e, 0, "de")
        assert "FALSCH: " + e["reasons"][0].told("de") in german and "Rad: 0:" in german
        assert " not " not in german and " occurs " not in german
        assert all(pickle.loads(pickle.dumps(r)) == r and pickle.loads(pickle.dumps(r)).key == r.key for r in e["reasons"])
    assert wording.Reason("too_few", "coin", 1, 2).told("de") == "Münze kommt 1-mal vor; ein Muster braucht mindestens 2"
    assert wording.card_name("white-barrel-bullets", "de") == "weiß-Fass-Kugeln"
    assert tell("a reason read back from a trace", "de") == "a reason read back from a trace"
    seen = view(state, 0, lang="de")
    english = view(state, 0)["words"]   # in English only the challenge cards have words of their own
    assert seen["words"]["white-barrel-bullets"] == "weiß-Fass-Kugeln" and "white-barrel-bullets" not in english
    assert seen["words"]["challenge:hands-up"] == "Herausforderung „Hände hoch!“"
    assert english == {"challenge:steal": 'challenge card "Steal 1 card"', "challenge:pianist": 'challenge card "Don\'t shoot the pianist"',
                       "challenge:hands-up": 'challenge card "Hands up!"', "challenge:exchange": 'challenge card "Exchange a card"',
                       "challenge:dollar": 'challenge card "$1"', "challenge:fifty": 'challenge card "50¢"',
                       "challenge:ten": 'challenge card "10¢"'}


def test_patterns_german_actions_name_the_cards_by_german_traits():
    from clicktown.patterns.wording import trait_name
    from clicktown.patterns.game.view import view

    state = patterns_game(2, seed=1, moves=0)
    while state.current_player() == CHANCE:
        resolve_chance(state, random.Random(0))
    seat = state.current_player()
    texts = [a["text"] for a in view(state, seat, lang="de")["actions"]]
    english = [a["text"] for a in view(state, seat)["actions"]]
    covers = [t for t in texts if t.startswith("Position") and "abdecken" in t]
    assert len(covers) == 8 and len(texts) == len(english)
    for text, words in zip(covers, english):
        name = words.split("(")[1].rstrip(")")
        assert name not in text and "-".join(trait_name(t, "de") for t in name.split("-")) in text


def test_patterns_the_new_wheel_after_a_rebuild_is_shown():
    """Finding: a new wheel after a rebuild was silent."""
    from clicktown.patterns.game.view import view

    from clicktown.patterns.game.bots import make_bot

    state = patterns_game(2, seed=1, moves=10)
    rng, bot = random.Random(0), make_bot("greedy")
    while state.phase != "race":
        state.apply_action(sample_chance(state, rng) if state.current_player() == CHANCE else bot.choose(state, rng))
    keep = [c for c in state.deck if c < state.table.patterns][:1]
    state.discard += [c for c in state.deck if c not in keep]
    state.deck = keep                                  # too few cards for the next turn: the deck is rebuilt
    while "new_wheel" not in [e["event"] for e in state.events]:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bot.choose(state, rng))
    kinds = [e["event"] for e in state.events]
    assert "rebuild" in kinds
    at = kinds.index("rebuild")
    assert "new_wheel" in kinds[at:]
    told = "\n".join(e["text"] for e in view(state, 0, since=at)["events"])
    assert "the deck is rebuilt" in told and "the new wheel: wheel: 0:" in told


def test_patterns_targets_and_the_bank_are_in_the_view():
    """Finding: your Target card's combinations and the Bank's table were never shown."""
    from clicktown.patterns.game.view import view

    state = patterns_game(3, seed=4, moves=20)
    seen = view(state, 0)
    bank = state.table.bank
    assert [c["name"] for c in seen["public"]["bank"]] == [c.name for c in bank.combinations]
    for row in seen["public"]["seats"]:
        assert [c["name"] for c in row["target_combinations"]] == [c.name for c in bank.targets[state.target[row["seat"]]]]


def test_patterns_a_quick_person_reacts_before_the_bots():
    """Finding: the bots always answered first; with a reaction time a quick answer comes first."""
    from clicktown.patterns.game.play import PatternsHuman, play_against
    from clicktown.patterns.game.simulate import Setup, start

    def game(delay):
        ticks = iter(range(0, 10**6, delay))
        answers = iter(["3", "?", "? loot", "after every blue there is always loot"] + ["1"] * 2000)
        shown = []
        state = start(Setup(2, "saloon", ("human", "greedy"), False, trace=True))
        human = PatternsHuman(lambda prompt: next(answers), shown.append, colour=False)
        try:
            play_against(state, 0, human, ["greedy"], seed=1, reaction=5, clock=lambda: next(ticks))
        except StopIteration:
            pass
        return state, shown

    def first_order(state):
        """The reaction order of the first turn in which seat 0 drew no challenge card (that one reacts last)."""
        drew = False
        for e in state.events:
            drew = drew or (e["event"] == "challenge_drawn" and e["seat"] == 0)
            if e["event"] == "turn_start":
                if not drew:
                    return e["order"]
                drew = False

    state, shown = game(1)
    assert first_order(state)[0] == 0
    assert shown
    state, _ = game(60)
    assert first_order(state)[-1] == 0


def test_patterns_question_mark_lists_only_the_statements_asked_for():
    """Finding: `?` printed all 224 statements."""
    from clicktown.patterns.game.play import statement_list
    from clicktown.patterns.game.state import STATEMENTS

    assert "'? WORD' lists" in statement_list("")
    loot = statement_list("loot").splitlines()
    assert len(loot) == sum("loot" in (s.trigger.value, s.target.value) for s in STATEMENTS) < 60
    assert any(line.endswith("after every blue there is always loot") for line in loot)
    assert len(statement_list("all").splitlines()) == len(STATEMENTS)


def test_patterns_play_in_german_names_cards_and_asks_in_german(run_cli):
    from clicktown.patterns.cards import load_deck
    from clicktown.patterns.game.play import statement_list

    code, out, _ = run_cli("patterns", "play", "--players", 2, "--seed", 1, "--lang", "de", input="warten\n1\nquit\n")
    assert code == 0 and "Pos  Karte (im Uhrzeigersinn" in out and "dein Zug (Position 0-7, klick oder warten): " in out
    assert "wohin legst du deine Karte?" in out and "Herausforderung „1 Karte stehlen“" in out
    assert not any(str(card) in out for card in load_deck().cards)  # every card by its German traits
    coins = statement_list("Münze", "de").splitlines()
    assert coins == statement_list("munze", "de").splitlines() and len(coins) == len(statement_list("coin").splitlines())
    assert all("MÜNZE" in line for line in coins) and "'? WORT'" in statement_list("", "de")


def test_patterns_play_quits_in_german(run_cli):
    code, out, _ = run_cli("patterns", "play", "--players", 2, "--seed", 1, "--lang", "de", input="quit\n")
    assert code == 0 and "Spiel abgebrochen" in out and "Runde 1" in out


def test_every_play_takes_lang_and_hints(run_cli):
    for game in ("oldtown", "patterns", "sequence"):
        code, out, _ = run_cli(game, "play", "--help")
        assert code == 0 and "--lang" in out and "--hints / --no-hints" in out




def test_the_wording_of_possessives_and_payments(cat):
    """Findings: "the Printer's's marker"; "paid cents 100, why dollar"."""
    from clicktown.oldtown.game.state import STOP, TAKE, new_game
    from clicktown.oldtown.game.view import Words
    from clicktown.oldtown.game.wording import whose
    from clicktown.patterns.game.view import event_text

    state = new_game(cat, 2)
    say = Words(state, 0, "en")
    stop = {"event": "stop", "seat": 1, "building": "Printer's", "plot": 4, "right": True, "gain": 2,
            "reason": "no town fits the markers with the Printer's on plot 4; the player takes 2 markers"}
    assert say.event(stop) == ("seat 1 called stop on the marker of the Printer's on plot 4 -> RIGHT: no town fits "
                               "the markers with the Printer's on plot 4; the player takes 2 markers (+2 points)")
    assert say.action(state.marker_action(STOP, "Printer's", 4)) == "stop: the marker of the Printer's on plot 4 must go"
    assert say.action(state.marker_action(TAKE, "Printer's", 4)) == "take the marker of the Printer's off plot 4"
    assert (whose("Printer's"), whose("Bank")) == ("the Printer's", "the Bank's")
    assert event_text({"event": "paid", "seat": 0, "cents": 100, "why": "dollar"}, 0) == \
        'you received $1.00 (challenge card "$1")'


# ---- every game -----------------------------------------------------------------------------------


def _told_to_every_seat(state, view_of, players: int, lang: str) -> list[str]:
    return [e["text"] for seat in range(players) for e in view_of(state, seat, lang=lang)["events"]]


def test_a_seats_own_moves_are_told_in_its_person(cat):
    """German: 'du spieltest', 'du nahmst', 'von dir' (not 'du spielte', 'von du'); English: 'you use'."""
    import re

    from clicktown.oldtown.game.view import view as oldtown_view
    from clicktown.patterns.game.view import view as patterns_view
    from clicktown.sequence.game.view import view as sequence_view

    games = [(sequence_game(), sequence_view, 2), (oldtown_game(cat, 3, moves=120), oldtown_view, 3),
             (patterns_game(), patterns_view, 3), (patterns_game(players=2, seed=7, bot="planner"), patterns_view, 2)]
    german = [t for state, view_of, n in games for t in _told_to_every_seat(state, view_of, n, "de")]
    english = [t for state, view_of, n in games for t in _told_to_every_seat(state, view_of, n, "en")]
    yours = [t for t in german if t.startswith("du ")]
    first = {re.match(r"du (?:\(Team \w+\) )?(\w+)", t)[1] for t in yours}
    assert len(first) >= 5 and all(v.endswith(("st", "nutzt")) for v in first), first
    assert not any(re.search(r" und (nahm|sagte|legte|passte) ", t) for t in yours)
    assert not any(" von du" in t for t in german)
    assert not any(re.search(r"\byou (uses|draws|takes)\b", t) for t in english)


def test_the_standings_lines_speak_the_seats_language():
    from clicktown.sequence.game.view import team_line

    row = {"team": "A", "colour": "blue", "sequences": 2, "seats": [0, 2]}
    assert team_line(row, "en") == "team A (blue): 2 sequences, seats 0, 2"
    assert team_line(row, "de") == "Team A (blau): 2 SEQUENCES, Spieler 0, 2"
    assert team_line({**row, "sequences": 1, "seats": [1]}, "en") == "team A (blue): 1 sequence, seat 1"
    from clicktown.messages import say_n

    assert [say_n("en", "common.cards_won", n) for n in (0, 1, 2)] == ["0 cards won", "1 card won", "2 cards won"]
    assert [say_n("de", "common.cards_won", n) for n in (1, 5)] == ["1 gewonnene Karte", "5 gewonnene Karten"]
