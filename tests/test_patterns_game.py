"""The whole Wild Wild Pattern game: rulebook turns replayed, rewards, Click!, challenge cards, the
end of a turn, the Bank, both modes, traces, reproducibility, random games, the PettingZoo env."""

import dataclasses
import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clicktown.arena.state import CHANCE, TERMINAL, sample_chance
from clicktown.arena.trace import read_events
from clicktown.errors import ClicktownError, DataError
from clicktown.patterns.bank import builtin_bank, load_bank
from clicktown.patterns.game.bots import GreedyBot, PlannerBot, make_bot
from clicktown.patterns.analysis import Rules
from clicktown.patterns.cards import parse_card
from clicktown.patterns.declare import parse_declaration
from clicktown.patterns.game.state import (CARD, CLICK, MAX_TURNS, PASS, POSITION, STATEMENT, STATEMENT_INDEX, GameState, new_game,
                                     new_table)
from clicktown.patterns.game.simulate import Setup, run, summarize
from rulebook_wheels import ARCHIBALD, DAKOTA, MARTHA, NO_MOVE, PHINEAS, WILD  # the rulebook's examples as wheels



# ---- staging a turn ---------------------------------------------------------------------------

def stage(wheel, hands, won=None, faceup=None, order=None, mode="saloon", cents=None):
    """A game at the start of a race: this wheel, these cards in hand, these won and face-up cards."""
    players = len(hands)
    state = new_game(players, mode)
    ids = {name: i for i, name in enumerate(state.table.names)}
    state.wheel = [ids[n] for n in wheel.split(",")]
    state.hand = [ids[h] if h else None for h in hands]
    state.won = [[ids[n] for n in w] for w in (won or [[] for _ in hands])]
    state.faceup = [[ids[f"challenge:{n}"] for n in f] for f in (faceup or [[] for _ in hands])]
    state.target = list(range(players))
    state.cents = list(cents or [0] * players)
    used = set(state.wheel) | {h for h in state.hand if h is not None}
    used |= {c for w in state.won for c in w} | {c for f in state.faceup for c in f}
    state.deck = [c for c in range(len(state.table.names)) if c not in used]
    placed = [c for c in state.wheel] + [h for h in state.hand if h is not None] + [c for w in state.won for c in w]
    assert len(placed) == len(set(placed)), "a card staged twice"
    state.discard, state.turn, state.round = [], 1, 1
    state.events = []
    state._start_race(tuple(order or range(players)))
    return state, ids


def names(state, cards):
    return [state.table.names[c] for c in cards]


def declare(sentence):
    return STATEMENT + STATEMENT_INDEX[parse_declaration(sentence)]


def assert_every_card_once(state):
    assert sorted(state.every_card()) == list(range(len(state.table.names)))


# ---- the rulebook's examples, played as turns ---------------------------------------------------

def test_archibald_object_suit_once_wins_the_covered_card():
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "white-gun-bullets"])
    state.apply_action(POSITION + 3)
    state.apply_action(declare("Unmittelbar VOR jeder STERN-Karte gibt es immer eine MÜNZE-Karte"))
    assert names(state, state.won[0]) == ["red-bottle-bullets"]
    assert state.wheel[3] == ids["yellow-star-coin"]
    assert (state.phase, state.seat) == ("place", 1)      # no choice to make: seat 1 places its card
    assert_every_card_once(state)


def test_martha_jane_object_suit_twice_wins_covered_and_played():
    state, ids = stage(MARTHA, ["white-star-bullets", "white-gun-bullets"])
    state.apply_action(POSITION + 5)
    state.apply_action(declare("Immédiatement AVANT chaque carte ÉTOILE, il y a toujours une carte PIÈCE."))
    assert names(state, state.won[0]) == ["yellow-dynamite-bullets", "white-star-bullets"]
    assert state.wheel[5] is None
    # seat 1 must fill the gap (priority 1)
    assert (state.phase, state.seat, state.legal_actions()) == ("place", 1, [POSITION + 5])


def test_phineas_object_color_once_takes_any_wheel_card_but_the_played_one():
    state, ids = stage(PHINEAS, ["blue-gun-bullets", "white-gun-bullets"])
    state.apply_action(POSITION + 4)
    state.apply_action(declare("Unmittelbar VOR jeder BEUTE-Karte gibt es immer eine BLAUE Karte"))
    assert (state.phase, state.seat) == ("take", 0)
    choices = set(state.card_choices())
    assert ids["blue-gun-bullets"] not in choices and len(choices) == 7
    assert ids["white-dynamite-coin"] in state.discard       # the covered card leaves the game
    state.apply_action(CARD + ids["red-wanted-bullets"])
    assert names(state, state.won[0]) == ["red-wanted-bullets"] and state.wheel[6] is None
    assert state.phase == "place"


def test_dakota_object_color_twice_takes_two_cards_the_played_one_allowed():
    state, ids = stage(DAKOTA, ["yellow-loot-bullets", "white-gun-bullets"])
    state.apply_action(POSITION + 5)
    state.apply_action(declare("Unmittelbar NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte"))
    assert ids["yellow-loot-bullets"] in state.card_choices()
    state.apply_action(CARD + ids["yellow-loot-bullets"])
    assert state.phase == "take"
    state.apply_action(CARD + ids["blue-gun-bullets"])
    assert names(state, state.won[0]) == ["yellow-loot-bullets", "blue-gun-bullets"]
    assert state.wheel[0] is None and state.wheel[5] is None


def test_wild_wild_pattern_wins_at_once():
    state, ids = stage(WILD, ["white-loot-coin", "white-gun-bullets", "red-gun-coin"])
    state.apply_action(POSITION + 7)
    state.apply_action(declare("after every blue there is always loot"))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert (state.winners, state.reason, state.returns()) == ([0], "wild-wild-pattern", [1.0, -1.0, -1.0])
    assert state.events[-1]["event"] == "game_end" and state.wilds == 1


def test_false_declaration_discards_the_played_card_and_every_opponent_takes_one():
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "white-gun-bullets", "red-star-coin", "blue-gun-bullets"],
                       order=(1, 0, 2, 3))
    state.apply_action(PASS)                                   # seat 1 waits
    state.apply_action(POSITION + 3)                           # seat 0 covers the red bottle
    state.apply_action(declare("after every blue there is always gun"))
    assert ids["yellow-star-coin"] in state.discard and state.wheel[3] == ids["red-bottle-bullets"]
    takers = []
    while state.phase == "take":
        takers.append(state.seat)
        state.apply_action(CARD + state.card_choices()[0])
    # the player to the right (seat 3), then counterclockwise: 2, 1
    assert takers == [3, 2, 1] and [len(w) for w in state.won] == [0, 1, 1, 1]
    assert_every_card_once(state)


def test_a_pattern_already_on_the_wheel_is_a_false_declaration_only_under_strict_new():
    from clicktown.patterns.analysis import Rules
    state, ids = stage(MARTHA, ["white-star-bullets", "white-gun-bullets"])
    state.table = new_table(2, rules=Rules(extend=False))
    state.apply_action(POSITION + 5)
    state.apply_action(declare("before every star there is always coin"))
    assert state.events[-1]["valid"] is False and state.phase == "take" and state.seat == 1


def test_apply_leaves_the_state_unchanged_and_legal_actions_is_per_seat():
    from clicktown.patterns.game.state import apply, legal_actions
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "white-gun-bullets"])
    assert legal_actions(state, 1) == [] and len(legal_actions(state, 0)) == 10
    after = apply(state, POSITION + 3)
    assert state.phase == "race" and state.wheel[3] == ids["red-bottle-bullets"]
    assert after.phase == "declare" and after.wheel[3] == ids["yellow-star-coin"]


# ---- Click! -------------------------------------------------------------------------------------

def test_click_nobody_can_use_it_the_clicker_takes_a_wheel_card():
    state, ids = stage(NO_MOVE, ["blue-bottle-coin", "red-gun-coin", "grey-gun-coin"], order=(0, 1, 2))
    state.apply_action(CLICK)
    assert (state.phase, state.seat) == ("click", 1)
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert (state.phase, state.seat) == ("take", 0) and len(state.card_choices()) == 8
    state.apply_action(CARD + ids["grey-star-coin"])
    assert names(state, state.won[0]) == ["grey-star-coin"] and ids["blue-bottle-coin"] in state.discard
    # seats 1 and 2 still hold their cards: counterclockwise from the clicker, seat 2 then seat 1
    assert (state.phase, state.place_queue) == ("place", [2, 1])
    assert_every_card_once(state)


def test_click_an_opponent_uses_the_clicked_card_with_the_normal_reward():
    state, ids = stage(DAKOTA, ["yellow-loot-bullets", "red-gun-coin"], order=(0, 1))
    state.apply_action(CLICK)
    state.apply_action(POSITION + 5)                           # seat 1 plays Dakota's move with it
    state.apply_action(declare("after every blue there is always loot"))
    state.apply_action(CARD + ids["yellow-loot-bullets"])
    state.apply_action(CARD + ids["blue-wanted-coin"])
    assert names(state, state.won[1]) == ["yellow-loot-bullets", "blue-wanted-coin"] and state.won[0] == []
    assert (state.phase, state.seat) == ("place", 1)            # seat 1 still holds its own card


def test_click_a_false_declaration_with_the_clicked_card_is_penalised_the_clicker_taking_too():
    state, ids = stage(NO_MOVE, ["blue-bottle-coin", "red-gun-coin", "grey-gun-coin"], order=(0, 1, 2))
    state.apply_action(CLICK)
    state.apply_action(POSITION + 0)                           # seat 1 covers with the clicked card ...
    state.apply_action(declare("after every blue there is always gun"))   # ... and declares falsely
    assert ids["blue-bottle-coin"] in state.discard and state.wheel[0] == ids["yellow-star-coin"]
    takers = []
    while state.phase == "take":
        takers.append(state.seat)
        state.apply_action(CARD + state.card_choices()[-1])
    # the player to the right of seat 1 (the clicker, seat 0), then counterclockwise (seat 2)
    assert takers == [0, 2] and [len(w) for w in state.won] == [1, 0, 1]
    assert (state.phase, state.place_queue) == ("place", [2, 1])   # seat 1 still holds its own card
    assert_every_card_once(state)


# ---- challenge cards --------------------------------------------------------------------------

def won_turn(faceup, won=None, cents=None):
    """Seat 0 wins Archibald's turn holding these challenge cards; seat 1 holds `won`."""
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "white-gun-bullets"], won=won or [[], []],
                       faceup=[faceup, []], cents=cents)
    state.apply_action(POSITION + 3)
    state.apply_action(declare("before every star there is always coin"))
    assert (state.phase, state.seat) == ("activate", 0)
    return state, ids


@pytest.mark.parametrize("card, cents", [("dollar", 100), ("fifty", 50), ("ten", 10)])
def test_money_challenge_cards_pay_at_once(card, cents):
    state, ids = won_turn([card])
    state.apply_action(CARD + ids[f"challenge:{card}"])
    assert state.cents[0] == cents and ids[f"challenge:{card}"] in state.spent and state.phase == "place"


@pytest.mark.parametrize("used", ["out", "back"])
def test_used_challenge_cards_leave_the_game_or_come_back_at_a_rebuild(used):
    # "Herausforderungskarten, die einmal verwendet wurden, scheiden aus dem Spiel aus" (out, the
    # default) against "werden die Karten des Rades und die zuvor aus dem Spiel genommenen Karten zu
    # einem neuen Stapel zusammengefügt und gemischt" (back)
    from clicktown.patterns.analysis import Rules

    state, ids = won_turn(["dollar"])
    state.table = dataclasses.replace(state.table, rules=Rules(used_challenges=used))
    card = ids["challenge:dollar"]
    state.apply_action(CARD + card)
    assert state.owner(card) == ("spent" if used == "out" else "discard", None)
    state._rebuild("fill")
    assert (card in state.deck) == (used == "back")
    assert sorted(state.every_card()) == list(range(len(state.table.names)))


def test_saloon_a_money_card_taking_a_player_past_three_dollars_wins_at_once():
    # "Der Spieler, der nach einer Zahlung der Bank die ... Summe von 3 Euro übersteigt ... ist der
    # Gewinner" and the money card: "Erhalte sofort 1 Euro von der Bank" (a payment of the Bank)
    state, ids = won_turn(["dollar"], cents=[250, 0])
    state.apply_action(CARD + ids["challenge:dollar"])
    assert (state.is_terminal(), state.winners, state.reason, state.cents) == (True, [0], "saloon", [350, 0])
    assert state.events[-2:] == [{"event": "paid", "seat": 0, "cents": 100, "why": "dollar"},
                                 {"event": "game_end", "winners": [0], "reason": "saloon", "rounds": 1,
                                  "turns": 1, "dollars_cents": [350, 0]}]
    assert winner_really_won(state)


@pytest.mark.parametrize("cents, mode", [(200, "saloon"), (250, "alive-or-dead")])
def test_a_money_card_ending_at_three_dollars_or_in_alive_or_dead_does_not_end_the_game(cents, mode):
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "white-gun-bullets"], faceup=[["dollar"], []],
                       cents=[cents, 0], mode=mode)
    state.apply_action(POSITION + 3)
    state.apply_action(declare("before every star there is always coin"))
    state.apply_action(CARD + ids["challenge:dollar"])
    assert (state.is_terminal(), state.cents[0], state.phase, state.seat) == (False, cents + 100, "place", 1)


def test_steal_takes_any_face_up_card_an_opponents_too():
    state, ids = won_turn(["steal"], won=[[], ["blue-loot-coin"]])
    state.apply_action(CARD + ids["challenge:steal"])
    assert ids["blue-loot-coin"] in state.card_choices() and ids["grey-star-coin"] in state.card_choices()
    state.apply_action(CARD + ids["blue-loot-coin"])
    assert names(state, state.won[0]) == ["red-bottle-bullets", "blue-loot-coin"] and state.won[1] == []


@pytest.mark.parametrize("power, suit", [("pianist", "bullets"), ("hands-up", "coin")])
def test_removing_a_bullets_or_coin_card_of_an_opponent(power, suit):
    state, ids = won_turn([power], won=[[], ["blue-loot-coin", "red-loot-bullets"]])
    state.apply_action(CARD + ids[f"challenge:{power}"])
    choices = state.card_choices()
    assert len(choices) == 1 and state.table.cards[choices[0]].suit == suit
    state.apply_action(CARD + choices[0])
    assert choices[0] in state.discard and len(state.won[1]) == 1


def test_removal_without_a_target_cannot_be_activated():
    state, ids = won_turn(["pianist"], won=[[], ["blue-loot-coin"]])
    assert state.legal_actions() == [PASS]


def test_exchange_swaps_a_face_up_card_with_an_opponents_challenge_cards_included():
    state, ids = won_turn(["exchange"], won=[[], ["blue-loot-coin"]])
    state.faceup[1].append(ids["challenge:dollar"])
    state.deck.remove(ids["challenge:dollar"])
    state.apply_action(CARD + ids["challenge:exchange"])
    assert state.card_choices() == [ids["red-bottle-bullets"]]
    state.apply_action(CARD + ids["red-bottle-bullets"])
    assert set(state.card_choices()) == {ids["blue-loot-coin"], ids["challenge:dollar"]}
    state.apply_action(CARD + ids["challenge:dollar"])
    assert state.faceup[0] == [ids["challenge:dollar"]] and names(state, state.won[1]) == ["blue-loot-coin", "red-bottle-bullets"]
    assert_every_card_once(state)


def test_one_challenge_card_per_won_turn():
    state, ids = won_turn(["dollar", "fifty"])
    state.apply_action(CARD + ids["challenge:dollar"])
    assert state.phase == "place" and state.faceup[0] == [ids["challenge:fifty"]]


def test_a_drawn_challenge_card_is_laid_face_up_and_replaced_and_its_holder_reacts_last():
    state = new_game(2)
    rng = random.Random(0)
    while state.phase != "draw":
        state.apply_action(sample_chance(state, rng))
    dollar = state.table.names.index("challenge:dollar")
    state.apply_action(dollar)                                 # seat 0 draws the 1$ card
    assert state.faceup[0] == [dollar] and state.hand[0] is None and state.draw_queue == [0, 1]
    state.apply_action(state.deck[0] if state.deck[0] < 40 else state.deck[1])
    state.apply_action(next(c for c in state.deck if c < 40))
    assert state.phase == "order"
    state.apply_action(0)                                      # order (0, 1) drawn ...
    assert state.order == (1, 0)                               # ... but seat 0 drew again: it reacts last


# ---- the end of a turn: the four priorities -------------------------------------------------------

def test_placement_priorities_gap_then_same_color_then_free():
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "grey-gun-coin", "white-gun-bullets", "red-star-coin"])
    assert state.placements(ids["grey-gun-coin"]) == [1, 6]           # the two grey cards
    assert state.placements(ids["white-gun-bullets"]) == list(range(8))  # no white card: free choice
    state.wheel[2] = None
    assert state.placements(ids["red-star-coin"]) == [2]              # a gap comes first


def test_end_of_turn_placement_goes_counterclockwise_from_the_player_who_ended_the_turn():
    # FR « dans le sens antihoraire par rapport au joueur qui vient de terminer le tour »
    state, ids = stage(ARCHIBALD, ["white-gun-bullets", "yellow-star-coin", "blue-gun-bullets", "grey-gun-coin"],
                       order=(1, 0, 2, 3))
    state.apply_action(POSITION + 3)                           # seat 1 is quickest: Archibald's move
    state.apply_action(declare("before every star there is always coin"))
    assert (state.phase, state.place_queue) == ("place", [0, 3, 2])
    placed = []
    while state.phase == "place":
        placed.append(state.seat)
        state.apply_action(state.legal_actions()[0])
    assert placed == [0, 3, 2]


def test_a_challenge_card_drawn_to_fill_a_gap_leaves_the_game():
    state, ids = stage(MARTHA, ["white-star-bullets", "white-gun-bullets"])
    state.apply_action(POSITION + 5)
    state.apply_action(declare("before every star there is always coin"))   # tier 2: position 5 is a gap
    state.hand[1], spare = None, state.hand[1]                 # seat 1 has no card to place
    state.deck.append(spare)
    state._start_placing(0, first_too=False)
    assert (state.phase, state.wheel[5]) == ("fill", None)
    state.apply_action(ids["challenge:steal"])
    assert ids["challenge:steal"] in state.discard and state.faceup == [[], []] and state.phase == "fill"
    state.apply_action(ids["red-loot-bullets"])
    assert state.wheel[5] == ids["red-loot-bullets"] and state.phase == "draw"
    assert_every_card_once(state)


def test_remaining_gaps_are_filled_from_the_deck():
    state, ids = stage(MARTHA, ["white-star-bullets", "white-gun-bullets"])
    state.apply_action(POSITION + 5)
    state.apply_action(declare("before every star there is always coin"))
    state.apply_action(POSITION + 5)                           # seat 1 fills Martha's gap
    assert state.wheel[5] == ids["white-gun-bullets"] and state.current_player() == CHANCE
    assert state.phase == "draw"                               # nothing left to fill: the next turn


def test_all_waiting_ends_the_turn_with_everyone_placing():
    state, ids = stage(NO_MOVE, ["blue-bottle-coin", "red-gun-coin"], order=(1, 0))
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert (state.phase, state.place_queue) == ("place", [1, 0])


def test_a_deck_too_short_for_the_next_turn_is_rebuilt_from_the_wheel_and_the_discard():
    state, ids = stage(ARCHIBALD, ["yellow-star-coin", "white-gun-bullets"])
    keep = [c for c in state.deck if c < state.table.patterns][:1]
    state.discard = [c for c in state.deck if c not in keep]
    state.deck = keep
    state.apply_action(POSITION + 3)
    state.apply_action(declare("before every star there is always coin"))
    state.apply_action(POSITION + 1)                           # seat 1 (no white card on the wheel: free choice)
    assert state.phase == "fill" and state.events[-1]["event"] == "rebuild"
    assert state.events[-1]["deck"] == 47 - 1                  # every card but the one seat 0 won
    rng = random.Random(1)
    while state.current_player() == CHANCE and state.phase != "order":
        state.apply_action(sample_chance(state, rng))
    assert None not in state.wheel and all(h is not None for h in state.hand)
    assert_every_card_once(state)


# ---- the Bank ---------------------------------------------------------------------------------

def cards(*texts):
    return [parse_card(t) for t in texts]


def test_bank_pays_exact_combinations_only():
    bank = builtin_bank()
    one_bullets = bank.payout(cards("red-gun-coin", "blue-gun-bullets", "yellow-gun-coin"), None)
    assert "1 of a Suit" in dict(one_bullets.lines)
    two_bullets = bank.payout(cards("red-gun-bullets", "blue-gun-bullets", "yellow-gun-coin"), None)
    assert "1 of a Suit" in dict(two_bullets.lines)            # exactly one coin
    both_two = bank.payout(cards("red-loot-bullets", "blue-gun-bullets", "yellow-gun-coin", "grey-gun-coin"), None)
    assert "1 of a Suit" not in dict(both_two.lines) and "2 of a Suit" in dict(both_two.lines)
    three_red = bank.payout(cards("red-gun-coin", "red-loot-bullets", "red-star-coin", "blue-gun-bullets"), None)
    assert "3 same Color" in dict(three_red.lines)
    four_red = bank.payout(cards("red-gun-coin", "red-loot-bullets", "red-star-coin", "red-bottle-bullets"), None)
    assert "3 same Color" not in dict(four_red.lines) and "4 same Color" in dict(four_red.lines)
    assert four_red.cents == sum(c for _, c in four_red.lines)


def test_bank_pays_nothing_for_six_cards():
    bank = builtin_bank()
    six = cards("red-gun-coin", "red-loot-bullets", "red-star-coin", "blue-gun-bullets", "blue-loot-coin", "grey-gun-coin")
    assert bank.payout(six, 0).cents == 0 and bank.payout(six, 0).lines == ()
    assert bank.payout(six[:5], None).cents > 0


@pytest.mark.parametrize("hand", [
    ("red-gun-coin", "blue-loot-coin", "yellow-star-coin", "grey-bottle-bullets", "white-barrel-bullets"),
    ("red-gun-coin", "red-loot-bullets", "blue-star-bullets", "blue-bottle-coin", "red-barrel-coin"),
    ("red-wanted-bullets", "blue-wanted-coin", "yellow-wanted-bullets", "grey-wanted-bullets", "white-wanted-coin"),
])
def test_wild_combinations_make_a_new_director(hand):
    assert builtin_bank().payout(cards(*hand), None).wild


def test_a_wild_combination_with_six_cards_pays_nothing():
    hand = cards("red-gun-coin", "blue-loot-coin", "yellow-star-coin", "grey-bottle-bullets", "white-barrel-bullets",
                 "red-star-coin")
    assert not builtin_bank().payout(hand, None).wild


def test_target_cards_pay_their_own_combinations():
    bank = builtin_bank()
    assert bank.target_names[0] == "Target 1"
    with_star = bank.payout(cards("red-star-coin", "blue-gun-bullets"), 0)
    without = bank.payout(cards("red-star-coin", "blue-gun-bullets"), None)
    assert with_star.cents - without.cents == 25 + 15          # 1 star, 1 red


def round_end(state, won):
    """Give the seats these won cards and run the Bank."""
    ids = {name: i for i, name in enumerate(state.table.names)}
    for s, w in enumerate(won):
        for name in w:
            state.deck.remove(ids[name])
            state.won[s].append(ids[name])
    state._bank()


QUIET = ("white-gun-bullets,white-loot-coin,white-star-bullets,white-bottle-coin,white-horseshoe-bullets,"
         "white-dynamite-coin,white-wanted-coin,grey-wanted-bullets")
HANDS = ["grey-horseshoe-coin", "grey-dynamite-bullets", "grey-barrel-coin"]
FIVE_OBJECTS = ["red-gun-coin", "blue-loot-coin", "yellow-star-coin", "grey-bottle-bullets", "white-barrel-bullets"]
TWO_RED = ["red-gun-coin", "red-loot-bullets"]


def test_new_director_wins_the_game():
    state, _ = stage(QUIET, HANDS[:2])
    round_end(state, [[], FIVE_OBJECTS])
    assert (state.winners, state.reason) == ([1], "new-director")
    end = [e for e in state.events if e["event"] == "round_end"][0]
    assert end["players"][1]["wild"] is True and end["players"][0]["wild"] is False


def test_saloon_the_first_past_three_dollars_wins_the_larger_margin_first():
    state, _ = stage(QUIET, HANDS, cents=[290, 295, 300])
    round_end(state, [["red-gun-coin", "red-loot-bullets"], ["blue-gun-bullets", "blue-bottle-coin"], []])
    paid = [e for e in state.events if e["event"] == "round_end"][0]["players"]
    assert [p["dollars_cents"] for p in paid] == [290 + paid[0]["payout_cents"], 295 + paid[1]["payout_cents"], 300]
    # seat 0 (Target 1): 1 of a Suit 20 + 2 same Color 20 ("1 red" fails: two reds) = 40
    # seat 1 (Target 2): 1 of a Suit 20 + 2 same Color 20 + 1 gun 25 = 65 (1 blue fails: two blues)
    assert [p["payout_cents"] for p in paid] == [40, 65, 0] and state.cents == [330, 360, 300]
    assert (state.reason, state.winners) == ("saloon", [1])     # both past 3 $: the larger margin wins
    # exactly 3 $ (seat 2) is not "above"


def test_saloon_exactly_three_dollars_does_not_win():
    state, _ = stage(QUIET, HANDS[:2], cents=[300, 0])
    round_end(state, [[], []])
    assert not state.is_terminal() and state.round == 2 and state.cents == [300, 0]


def test_alive_or_dead_eliminates_the_poorest_and_resets_the_others():
    state, _ = stage(QUIET, HANDS, mode="alive-or-dead")
    round_end(state, [TWO_RED, ["blue-gun-bullets", "blue-bottle-coin"], []])
    assert state.active == [True, True, False] and state.cents == [0, 0, 0] and not state.is_terminal()
    assert [e for e in state.events if e["event"] == "round_end"][0]["eliminated"] == [2]


def test_alive_or_dead_a_tie_at_the_bottom_eliminates_several_and_the_last_one_wins():
    state, _ = stage(QUIET, HANDS, mode="alive-or-dead")
    round_end(state, [TWO_RED, [], []])
    assert (state.winners, state.reason) == ([0], "alive-or-dead")


def test_alive_or_dead_nobody_is_eliminated_when_all_tie():
    state, _ = stage(QUIET, HANDS[:2], mode="alive-or-dead")
    round_end(state, [[], []])
    assert state.active == [True, True] and not state.is_terminal() and state.round == 2


def test_bank_file_is_validated(tmp_path):
    bad = tmp_path / "bank.json"
    doc = json.loads(json.dumps({"bank": [{"name": "x", "rule": "value", "attribute": "color", "count": 1,
                                           "value": "purple", "source": "assumed"}], "targets": [], "challenges": []}))
    bad.write_text(json.dumps(doc))
    with pytest.raises(DataError, match="bank.json"):
        load_bank(bad)


def builtin_bank_doc() -> dict:
    from clicktown.datafiles import builtin_path
    return json.loads(builtin_path("patterns", "bank.json").read_text())


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(max_cards=2), "won cards pay nothing: it could never pay"),
    (lambda d: d["bank"].append({"name": "3 suits", "rule": "distinct", "attribute": "suit", "count": 3,
                                 "source": "assumed"}), "different suits; there are 2"),
    (lambda d: d["challenges"][0].update(power="money", cents=0), "a money card pays some cents; found 0"),
    (lambda d: d["challenges"][0].update(power="steal", cents=10), "only money cards pay cents"),
])
def test_bank_file_fields_impossible_together_fail_validation(tmp_path, change, words):
    """Each field in range, the file impossible: refused when loaded, before any game or trace."""
    doc = builtin_bank_doc()
    change(doc)
    bad = tmp_path / "bank.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(DataError, match="bank.json") as found:
        load_bank(bad)
    assert words in str(found.value)


def test_cli_simulate_refuses_an_impossible_bank_before_writing_the_trace(run_cli, tmp_path):
    doc = builtin_bank_doc()
    doc["round_end_cards"] = 40   # every seat may hoard 39 won cards: no deck deals a wheel for long
    bank, trace = tmp_path / "bank.json", tmp_path / "t.jsonl"
    bank.write_text(json.dumps(doc))
    code, out, err = run_cli("patterns", "simulate", "--games", 2, "--players", 2, "--bank", bank, "--trace", trace)
    assert code == 2 and "needs a deck of at least" in err and not trace.exists() and out == ""


def test_settings_are_checked():
    with pytest.raises(ClicktownError, match="2 to 4"):
        new_game(5)
    with pytest.raises(ClicktownError, match="mode"):
        new_game(2, "duel")
    with pytest.raises(ClicktownError, match="unknown bot"):
        make_bot("clever")


# ---- random games ------------------------------------------------------------------------------

def winner_really_won(state: GameState) -> bool:
    """Check the winners against the trace and the state."""
    ends = [e for e in state.events if e["event"] == "round_end"]
    if state.reason == "wild-wild-pattern":
        last = [e for e in state.events if e["event"] == "declare"][-1]
        return last["valid"] and last["wild"] and state.winners == [last["seat"]]
    if state.reason == "new-director":
        return state.winners == sorted(p["seat"] for p in ends[-1]["players"] if p["wild"])
    if state.reason == "saloon" and state.events[-2]["event"] == "paid":     # a money card paid
        seat = state.events[-2]["seat"]
        return state.winners == [seat] and state.events[-1]["dollars_cents"][seat] > 300
    if state.reason == "saloon":
        dollars = {p["seat"]: p["dollars_cents"] for p in ends[-1]["players"]}
        best = max(dollars.values())
        return best > 300 and state.winners == sorted(s for s, d in dollars.items() if d == best)
    if state.reason == "alive-or-dead":
        return state.winners == [s for s in range(state.table.players) if state.active[s]] and len(state.winners) == 1
    return state.reason == "turn-limit" and state.winners == []


@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), mode=st.sampled_from(["saloon", "alive-or-dead"]),
       bots=st.lists(st.sampled_from(["random", "random", "greedy"]), min_size=4, max_size=4))
def test_random_games_keep_every_card_in_one_place_end_and_crown_real_winners(seed, players, mode, bots):
    state = new_game(players, mode, max_turns=100)
    rng = random.Random(seed)
    players_ = [make_bot(b) for b in bots[:players]]
    total = len(state.table.names)
    for _ in range(20_000):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply_action(sample_chance(state, rng) if seat == CHANCE else players_[seat].choose(state, rng))
        every = state.every_card()
        assert len(every) == total and len(set(every)) == total
    assert state.is_terminal()
    assert winner_really_won(state)
    assert state.events[-1]["event"] == "game_end"


def assert_read_as_the_readable_engine_does(state):
    """At a declaration: the statement sets the game decides by (cover_sets) against the patterns the
    readable engine finds for the pending cover, tier by tier; greedy's declaration against the best of
    them; and every seat's won cards paid by tally (Bank.paid_for) as Bank.payout reads them."""
    from clicktown.patterns import analysis, tables

    p, cards = state.pending, state.table.cards
    before = state.wheel_cards().covered(p["position"], cards[p["covered"]])
    found = analysis.created_patterns(before, p["position"], cards[p["card"]], state.table.rules)
    numbers = {STATEMENT_INDEX[x.statement]: x for x in found}
    created, twice, wild = state.cover_sets()
    assert set(tables.statement_numbers(created)) == set(numbers)
    assert set(tables.statement_numbers(twice)) == {n for n, x in numbers.items() if x.tier == 2}
    assert set(tables.statement_numbers(wild)) == {n for n, x in numbers.items() if x.wild}
    if found:
        best = max(found, key=lambda x: (x.wild, x.reward().cards_won))
        assert GreedyBot().declaration(state) == STATEMENT_INDEX[best.statement]
    bank = state.table.bank
    for seat in range(state.table.players):
        paid = bank.payout(state.won_cards(seat), state.target[seat])
        assert bank.paid_for(state.won_tally(seat), state.target[seat]) == paid
        assert bank.cents_for(state.won_tally(seat), state.target[seat]) == (paid.cents, paid.wild)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       rules=st.builds(Rules, st.sampled_from(["clockwise", "counterclockwise"]), st.integers(1, 3), st.booleans(),
                       st.booleans(), st.sampled_from(["out", "back"])),
       bots=st.lists(st.sampled_from(["random", "greedy", "greedy"]), min_size=4, max_size=4))
def test_whole_games_read_covers_and_hands_as_the_readable_engine_does(seed, players, rules, bots):
    state = new_game(players, rules=rules, max_turns=60, record=False)
    rng = random.Random(seed)
    players_ = [make_bot(b) for b in bots[:players]]
    while not state.is_terminal():
        seat = state.current_player()
        if state.phase == "declare":
            assert_read_as_the_readable_engine_does(state)
        state.apply_action(sample_chance(state, rng) if seat == CHANCE else players_[seat].choose(state, rng))


@pytest.mark.parametrize("seed", range(12))
def test_games_with_the_planner_keep_every_card_in_one_place(seed):
    players = 2 + seed % 3
    state = new_game(players, ("saloon", "alive-or-dead")[seed % 2])
    bots = [make_bot(("planner", "greedy", "random", "planner")[s]) for s in range(players)]
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(sample_chance(state, rng) if seat == CHANCE else bots[seat].choose(state, rng))
        assert_every_card_once(state)
    assert winner_really_won(state)


# ---- traces, seeds, workers -----------------------------------------------------------------

def test_trace_schema():
    setup = Setup(players=3, bots=("greedy", "planner", "random"), trace=True)
    record = next(iter(run(setup, 1, seed=5)))
    events = record.events
    assert events[0]["event"] == "game_start" and events[-1]["event"] == "game_end"
    assert all("event" in e for e in events)
    ends = [e for e in events if e["event"] == "round_end"]
    assert ends
    deck_names = set(new_table(3).names)
    for e in ends:
        for p in e["players"]:
            assert set(p) >= {"seat", "cards", "payout_cents", "dollars_cents"}
            assert set(p["cards"]) <= deck_names and isinstance(p["payout_cents"], int)
    assert events[-1]["reason"] in ("saloon", "alive-or-dead", "wild-wild-pattern", "new-director", "turn-limit")
    assert isinstance(events[-1]["winners"], list)


def test_same_seed_same_games_whatever_the_workers():
    setup = Setup(players=2, bots=("planner", "greedy"), rotate=True)
    one = [r.summary for r in run(setup, 24, seed=9, workers=1)]
    two = [r.summary for r in run(setup, 24, seed=9, workers=2)]
    assert one == two
    assert one != [r.summary for r in run(setup, 24, seed=10, workers=1)]


def test_summary_counts_add_up():
    setup = Setup(players=2, bots=("greedy", "random"), rotate=True)
    summaries = [r.summary for r in run(setup, 20, seed=1)]
    result = summarize(summaries, setup, 1)
    assert result["games"] == 20
    assert sum(r["hits"] for r in result["win_rate_per_bot"].values()) == sum(len(s["winners"]) for s in summaries)
    assert sum(result["endings"].values()) == 20
    assert result["win_rate_per_bot"]["greedy"]["n"] == 20


def test_the_summary_counts_the_turns_each_seat_was_first_in_the_reaction_order():
    setup = Setup(players=3, bots=("greedy", "planner", "random"), rotate=True, trace=True)
    for record in run(setup, 6, seed=3):
        starts = [e["order"][0] for e in record.events if e["event"] == "turn_start"]
        assert record.summary["first_in_order"] == [starts.count(seat) for seat in range(3)]


def test_wins_are_split_by_whether_the_reaction_order_favoured_the_seat():
    from clicktown.patterns.game.simulate import reaction_order_luck

    summaries = [{"seats": ["a", "b"], "first_in_order": [4, 2], "winners": [0]},
                 {"seats": ["b", "a"], "first_in_order": [3, 3], "winners": [1]},      # a tie favours nobody
                 {"seats": ["a", "b"], "first_in_order": [1, 5], "winners": [0]},
                 {"seats": ["b", "a"], "first_in_order": [0, 2], "winners": [0]}]
    split = reaction_order_luck(summaries)
    assert [split["a"][k]["hits"] for k in ("first_most_often", "otherwise")] == [1, 2]
    assert [split["a"][k]["n"] for k in ("first_most_often", "otherwise")] == [2, 2]
    assert [split["b"][k]["hits"] for k in ("first_most_often", "otherwise")] == [0, 1]
    assert [split["b"][k]["n"] for k in ("first_most_often", "otherwise")] == [1, 3]


def test_greedy_covers_its_best_move_and_clicks_without_one():
    from clicktown.patterns.analysis import best_move, moves
    state, ids = stage(DAKOTA, ["yellow-loot-bullets", "white-gun-bullets"])
    best = best_move(moves(state.wheel_cards(), parse_card("yellow-loot-bullets")))
    assert best.cards_won == 2 and GreedyBot().choose(state, None) == POSITION + best.position
    state, ids = stage(NO_MOVE, ["blue-bottle-coin", "red-gun-coin"])
    assert GreedyBot().choose(state, None) == CLICK


def cards_after_own_turn(state, bot):
    """Let `bot` play seat 0's whole turn (race, declaration, takes); its won cards after it."""
    rng = random.Random(0)
    while state.current_player() == 0 and state.phase in ("race", "declare", "take", "activate", "power"):
        state.apply_action(bot.choose(state, rng))
    return len(state.won[0])


def test_planner_does_not_win_cards_past_five():
    won = ["blue-loot-coin", "white-bottle-coin", "grey-gun-coin", "yellow-wanted-bullets"]
    # Martha Jane's move is there: it wins 2 cards, and 6 cards pay nothing
    state, ids = stage(MARTHA, ["white-star-bullets", "white-gun-bullets"], won=[won, []])
    assert cards_after_own_turn(state.clone(), GreedyBot()) == 6
    assert cards_after_own_turn(state.clone(), PlannerBot()) == 5


# ---- the PettingZoo environment --------------------------------------------------------------

@pytest.mark.parametrize("players, mode", [(2, "saloon"), (3, "alive-or-dead")])
def test_pettingzoo_api_and_seed_tests(players, mode):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from clicktown.patterns.game.env import env
    api_test(env(players=players, mode=mode), num_cycles=300)
    seed_test(lambda: env(players=players, mode=mode), num_cycles=100)


def test_env_hides_the_other_seats_cards_and_plays_to_the_end():
    pytest.importorskip("pettingzoo")
    import numpy as np

    from clicktown.patterns.game.env import raw_env
    e = raw_env(players=2)
    e.reset(seed=3)
    state = e.state
    k = len(state.table.names)
    other = 1 - state.current_player()
    mine = e.observe(f"player_{state.current_player()}")["observation"]
    theirs = e.observe(f"player_{other}")["observation"]
    hand_slot = slice(8 * k, 9 * k)
    assert mine[hand_slot].sum() == 1 and theirs[hand_slot][state.hand[state.current_player()]] == 0
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(max_iter=20_000):
        observation, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert e.state.is_terminal()
    assert e.state.returns() == [1.0 if s in e.state.winners else (-1.0 if e.state.winners else 0.0) for s in range(2)]


# ---- the command line -------------------------------------------------------------------------

def test_cli_simulate_json_and_trace(run_cli, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, out, err = run_cli("patterns", "simulate", "--games", 6, "--players", 2, "--bots", "planner,greedy",
                             "--seed", 4, "--json", "--trace", trace)
    assert code == 0, err
    result = json.loads(out)
    assert result["games"] == 6 and set(result["win_rate_per_bot"]) == {"planner", "greedy"}
    events = read_events(io.StringIO(trace.read_text()))
    assert sum(e["event"] == "game_end" for e in events) == 6
    again = run_cli("patterns", "simulate", "--games", 6, "--players", 2, "--bots", "planner,greedy", "--seed", 4,
                    "--json", "--workers", 2)[1]
    assert json.loads(again) == result


@pytest.mark.parametrize("args, word", [(["--bots", "wizard"], "unknown bot"), (["--players", "5"], "5"),
                                        (["--games", "0"], "0"), (["--bank", "/nonexistent.json"], "nonexistent"),
                                        (["--players", "2", "--bots", "greedy,planner,random"], "3 bots for 2 players"),
                                        (["--trace", "/nonexistent/dir/t.jsonl"], "does not exist")])
def test_cli_simulate_bad_input_is_one_line(run_cli, args, word):
    code, out, err = run_cli("patterns", "simulate", "--games", 2, *args)
    assert code == 2 and word in err and len(err.strip().splitlines()) == 1


def test_cli_simulate_takes_a_bank_file_and_refuses_a_small_deck(run_cli, tmp_path):
    from clicktown.datafiles import builtin_path
    doc = json.loads(builtin_path("patterns", "bank.json").read_text())
    doc["saloon_cents"] = 50
    doc["bank"] = [line for line in doc["bank"] if not line.get("wild")]
    bank = tmp_path / "bank.json"
    bank.write_text(json.dumps(doc))
    code, out, err = run_cli("patterns", "simulate", "--games", 5, "--players", 2, "--bank", bank, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert set(result["endings"]) <= {"saloon", "wild-wild-pattern"} and result["rounds_per_game"]["mean"] < 2.5
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"cards": json.loads(builtin_path("patterns", "deck.json").read_text())["cards"][:20]}))
    code, out, err = run_cli("patterns", "simulate", "--games", 5, "--players", 2, "--deck", deck)
    assert code == 2 and "needs a deck of at least 24 cards" in err and len(err.strip().splitlines()) == 1


def test_cli_play_a_whole_game_from_typed_input(run_cli, tmp_path):
    # the person always waits, then picks the first choice offered
    answers = "\n".join(["wait", "1"] * 400) + "\n"
    trace = tmp_path / "play.jsonl"
    code, out, err = run_cli("patterns", "play", "--players", 2, "--bots", "greedy", "--seed", 2, "--json",
                             "--reaction", 0, "--trace", trace, input=answers)
    assert code == 0, err
    result = json.loads(out)
    # the person never covers, so never wins a card: the bot ends the third round as new director
    assert result == {"winners": [1], "reason": "new-director", "rounds": 3, "turns": 12, "dollars_cents": [0, 250]}
    assert "game over: seat 1 (a new Director, by a Wild combination)" in err
    assert "seat 1 won: a Wild combination made them the new Director; money: seat 1 $2.50, you $0.00" in err
    events = read_events(io.StringIO(trace.read_text()))
    assert events[0] == {"event": "game_start", "schema": 2, "game": "patterns", "index": 0, "seed": 2, "players": 2,
                         "seats": ["person", "greedy"],
                         "options": {"mode": "saloon", "after": "clockwise", "min-occurrences": 2, "lenient": False,
                                     "extend": True, "used-challenges": "out"},
                         "deck": None, "bank": None, "max_turns": MAX_TURNS}
    assert events[-1]["event"] == "game_end" and events[-1]["winners"] == [1]
    assert [e["event"] for e in events].count("round_end") == 3


def test_play_seats_the_bots_in_the_other_seats_in_order():
    from clicktown.patterns.game.play import seat_players
    assert seat_players(4, 2, ["planner", "greedy"]) == ["planner", "greedy", "human", "planner"]
    assert seat_players(2, 0, ["random"]) == ["human", "random"]
    with pytest.raises(ClicktownError, match="unknown bot 'wizard'"):
        seat_players(3, 0, ["greedy", "wizard"])


@pytest.mark.parametrize("args, word", [(["--players", "2", "--bots", "greedy,planner"], "2 bots for 1 seat(s) besides yours"),
                                        (["--bots", "wizard"], "unknown bot 'wizard'"),
                                        (["--players", "2", "--seat", "2"], "--seat 2")])
def test_cli_play_bad_options_are_one_line(run_cli, args, word):
    code, out, err = run_cli("patterns", "play", *args, input="1\n")
    assert code == 2 and word in err and len(err.strip().splitlines()) == 1 and out == ""


def test_cli_play_ends_in_one_line_when_input_ends(run_cli):
    code, out, err = run_cli("patterns", "play", "--players", 2, "--seed", 1, input="")
    assert code == 2 and err.strip() == "clicktown: error: standard input ended before the game was over"
    code, out, err = run_cli("patterns", "play", "--players", 2, "--seat", 2)
    assert code == 2 and "--seat 2" in err and len(err.strip().splitlines()) == 1
