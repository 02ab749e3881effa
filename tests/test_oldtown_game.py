"""The marker game's rules, one test per rule, and the rulebook's Beispiele 1-10 replayed.

Situations are built from the catalogue's board (regions such as "north of Main St.", the
rulebook's own example card) and cards, never from plot numbers typed in, so they hold whatever
the reconstruction's relations say; where a Beispiel's picture is missing, the test builds the
situation its text describes.
"""

import random
from contextlib import contextmanager

import pytest

from clicktown.arena.state import CHANCE, TERMINAL, resolve_chance
from clicktown.errors import ClicktownError
from clicktown.oldtown.catalogue import Card, load_catalogue
from clicktown.oldtown import reference
from clicktown.oldtown.game import deduce, rules
from clicktown.oldtown.game.bots import GreedyBot
from clicktown.oldtown.game.state import (CHOOSE, DISCARD, DRAW_OWN, DRAW_SHARED, NO_PROGRESS, PASS, STOP, TAKE,
                                          TOWN_BUILT, new_game)
from clicktown.oldtown.game.town import PLOTS, Town


@pytest.fixture(scope="module")
def cat():
    return load_catalogue()


def region(cat, key):
    return sorted(cat.board.regions[key].plots)


def sheriff_north(cat):
    """The rulebook's example card: "Der Sheriff war nördlich der Main St. zu finden" (4 plots)."""
    plots = cat.board.regions["side:Main Street:N"].plots
    return Card(9, "A", "Sheriff", "side:Main Street:N", plots)


def outside(plots, *more):
    """Plots outside the given sets, in order."""
    taken = set(plots).union(*more)
    return [p for p in PLOTS if p not in taken]


def town(cat, markers=None, built=None):
    t = Town.empty(cat.building_names)
    for b, p in (built or {}).items():
        t.built[b] = p
        t.supply[b] = 0
    for b, plots in (markers or {}).items():
        t.markers[b] = set(plots)
        t.supply[b] = 0
    return t


@contextmanager
def rulebook_card(cat, card):
    """The rulebook's example card in place of the catalogue's card of that number, for one game."""
    before = cat.cards[card.number]
    cat.cards[card.number] = card
    try:
        yield card
    finally:
        cat.cards[card.number] = before


def test_the_rulebook_card_has_four_plots(cat):
    assert len(sheriff_north(cat).plots) == 4  # "gibt es 4 mögliche Plätze"


# -- "zu 1": situations A, B, C --------------------------------------------------------------------

def test_situation_a_beispiel_1_three_places_left_player_keeps_two(cat):
    card = sheriff_north(cat)
    s = sorted(card.plots)
    board = town(cat, built={"Hotel": s[0]})  # one of the four places is taken
    v = rules.judge(board, card)
    assert v.status == rules.PLAYABLE
    assert v.after.markers["Sheriff"] == set(s[1:])
    assert v.gain == 2  # "Der Spieler behält zwei Marker"
    assert v.after.supply["Sheriff"] == 0


def test_situation_a_gives_the_rest_of_five(cat):
    card = sheriff_north(cat)
    v = rules.judge(town(cat), card)
    assert v.status == rules.PLAYABLE and v.gain == 1 and v.after.markers["Sheriff"] == set(card.plots)


def test_situation_b_beispiel_2_one_place_left_building_built_five_markers(cat):
    card = sheriff_north(cat)
    s = sorted(card.plots)
    board = town(cat, built={"Hotel": s[0], "Bank": s[1], "Church": s[2]})
    v = rules.judge(board, card)
    assert v.status == rules.PLAYABLE
    assert v.after.built["Sheriff"] == s[3]
    assert v.gain == 5  # "Der Spieler erhält alle fünf Marker (5 Punkte)"


def test_beispiel_2_corrected_the_owner_gets_no_points(cat):
    card = sheriff_north(cat)
    s = sorted(card.plots)
    game = _game_at_turn(cat, 3, hands={0: []}, owned={0: ["Saloon", "Doc"], 1: ["Sheriff", "Judge"]},
                         board=town(cat, built={"Hotel": s[0], "Bank": s[1], "Church": s[2]}))
    with rulebook_card(cat, card):
        game.hands[0] = [card.number]
        game._verdicts = {}
        game.apply_action(game.play_action(card.number))
    assert game.points == [5, 0, 0]  # the Korrektur: no 3 points for the owner
    assert "Sheriff" not in game.owned[1]  # the built building leaves its owner


def test_situation_b_from_markers_gives_every_marker_on_or_beside_the_board(cat):
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    v = rules.judge(town(cat, {"Sheriff": {s[0], o[0], o[1]}}), card)
    assert v.after.built["Sheriff"] == s[0]
    assert v.gain == 3  # two ruled out, and the last one


def test_situation_c_beispiel_3_two_markers_south_removed(cat):
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    v = rules.judge(town(cat, {"Sheriff": {s[0], s[1], o[0], o[1]}}), card)
    assert v.status == rules.PLAYABLE
    assert v.after.markers["Sheriff"] == {s[0], s[1]}
    assert v.removed == (("Sheriff", o[0]), ("Sheriff", o[1]))
    assert v.gain == 2  # "Der Spieler erhält die zwei Marker"


def test_confirmation_card_beispiel_4(cat):
    card = sheriff_north(cat)
    s = sorted(card.plots)
    board = town(cat, {"Sheriff": {s[0], s[1], s[2]}})
    v = rules.judge(board, card)
    assert v.status == rules.CONFIRMATION and v.discardable and v.allowed and v.gain == 0
    assert v.after.key() == board.key()
    built = rules.judge(town(cat, built={"Sheriff": s[3]}), card)
    assert built.status == rules.CONFIRMATION


def test_contradiction_card_beispiel_5(cat):
    card = sheriff_north(cat)
    o = outside(card.plots)
    v = rules.judge(town(cat, {"Sheriff": {o[0], o[1]}}), card)
    assert v.status == rules.CONTRADICTION and v.discardable and not v.allowed
    assert "(rulebook example 5)" in v.reason
    built = rules.judge(town(cat, built={"Sheriff": o[0]}), card)
    assert built.status == rules.CONTRADICTION


def test_contradiction_when_every_allowed_plot_is_built(cat):
    card = sheriff_north(cat)
    s = sorted(card.plots)
    board = town(cat, built=dict(zip(["Hotel", "Bank", "Church", "Judge"], s)))
    assert rules.judge(board, card).status == rules.CONTRADICTION


def test_contradiction_when_no_town_fits_after_the_card(cat):
    # Drugstore and Bank need plots {a, b}; the Sheriff is cut down to a: no town fits.
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    board = town(cat, {"Drugstore": {s[0], o[0]}, "Bank": {s[0], o[0]}, "Sheriff": {s[0], o[1]}})
    v = rules.judge(board, card)
    assert v.status == rules.CONTRADICTION and "no town fits" in v.reason


def test_forbidden_fourth_marker_beispiel_6(cat):
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    board = town(cat, {"Bank": {s[0], o[0]}, "Hotel": {s[0], o[1]}, "Church": {s[0], o[2]}})
    v = rules.judge(board, card)
    assert v.status == rules.FORBIDDEN and "(rulebook example 6)" in v.reason and not v.discardable


def test_forbidden_third_building_on_two_held_plots_beispiel_7(cat):
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    board = town(cat, {"Saloon": {s[0], o[0]}, "Drugstore": {s[0], o[0]}})
    assert board.held() == {s[0]: ("Drugstore", "Saloon"), o[0]: ("Drugstore", "Saloon")}
    v = rules.judge(board, card, options=rules.RuleOptions(held_plots="card"))
    assert v.status == rules.FORBIDDEN and "(rulebook example 7)" in v.reason


def test_held_plots_read_as_marker_put_the_cards_markers_on_its_other_plots(cat):
    # Beispiel 7: "nicht erlaubt, noch einen weiteren Marker auf diese zwei Gebäudeplätze zu legen";
    # read like Beispiel 1 ("einer schon besetzt. Also bleiben drei Plätze übrig") the Sheriff's
    # markers go on the three plots not held, and the card may be played
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    board = town(cat, {"Saloon": {s[0], o[0]}, "Drugstore": {s[0], o[0]}})
    v = rules.judge(board, card, options=rules.RuleOptions(held_plots="marker"))
    assert v.status == rules.PLAYABLE and v.added == (("Sheriff", tuple(s[1:])),)
    assert v.gain == 5 - 3 and v.after.markers["Sheriff"] == set(s[1:])
    assert rules.judge(board, card).status == rules.PLAYABLE  # "marker", the default
    assert rules.judge(board, card, options=rules.RuleOptions(held_plots="card")).status == rules.FORBIDDEN


def test_held_plots_read_as_marker_build_on_the_one_plot_left(cat):
    # one plot not held left: situation B, the Sheriff is built there with all five markers taken
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    board = town(cat, {"Saloon": {s[0], o[0]}, "Drugstore": {s[0], o[0]}},
                 built={"Hotel": s[1], "Bank": s[2]})
    v = rules.judge(board, card, options=rules.RuleOptions(held_plots="marker"))
    assert v.status == rules.PLAYABLE and v.built == (("Sheriff", s[3]),) and v.gain == 5


def test_action_2_may_break_a_held_pair_unless_the_option_forbids_it(cat):
    # "Liegen von zwei Gebäuden nur noch jeweils zwei Marker auf ein und demselben Gebäudeplatz,
    # bleiben die Marker der Gebäude solange liegen bis ein Spieler mit einer Informationskarte die
    # Lage eines der beiden Gebäude bestätigt": with break_pair "forbidden" action 2 leaves them lying
    a, b, c, d = PLOTS[:4]
    board = town(cat, {"Saloon": {a, b}, "Drugstore": {a, b}, "Bank": {c, d}})
    assert rules.held_pairs(board) == {"Saloon", "Drugstore"}
    assert rules.removable(board) == [(n, p) for n in cat.building_names for p in (a, b, c, d)
                                      if p in board.markers.get(n, ())]
    assert rules.removable(board, rules.RuleOptions(break_pair="forbidden")) == [("Bank", c), ("Bank", d)]


def test_contradiction_when_every_allowed_plot_is_held_beispiele_5_and_7(cat):
    # "kann kein weiteres Gebäude dort stehen": a card that leaves the Sheriff only a held plot
    # contradicts the board (a discardable card), rather than being merely forbidden
    card = sheriff_north(cat)
    s, o = sorted(card.plots), outside(card.plots)
    board = town(cat, {"Saloon": {s[0], o[0]}, "Drugstore": {s[0], o[0]}},
                 built={"Hotel": s[1], "Bank": s[2], "Church": s[3]})
    v = rules.judge(board, card)
    assert v.status == rules.CONTRADICTION and v.discardable and not v.allowed
    assert v.reason == ("no town fits the Sheriff on the plots the card allows: the buildings with markers "
                        "need them (rulebook examples 5 and 7)")
    board.built.pop("Church")  # one plot not held left: markers would go on held plots too (read as "card")
    assert rules.judge(board, card, options=rules.RuleOptions(held_plots="card")).status == rules.FORBIDDEN
    assert rules.judge(board, card).built == (("Sheriff", s[3]),)  # read as "marker", the default: built there


def test_held_plots_need_a_closed_set(cat):
    board = town(cat, {"Saloon": {1, 2}, "Drugstore": {2, 3}})
    assert board.held() == {}  # two buildings, three plots: nothing held


def test_stop_beispiel_8_saloon_exactly_defined_on_dalton_road(cat):
    dalton = region(cat, "on:Dalton Road")
    r = dalton[0]
    a, b = outside([r])[:2]
    board = town(cat, {"Drugstore": {a, b}, "Bank": {a, b}, "Saloon": {a, r}})
    assert board.forced() == {("Saloon", a)}
    claim = rules.judge_stop(board, "Saloon", a)
    assert claim.ok and claim.after.built["Saloon"] == r
    assert claim.gain == 2  # the marker on a, and the Saloon's last marker
    wrong = rules.judge_stop(board, "Drugstore", a)
    assert not wrong.ok and wrong.gain == 0


def test_forbidden_more_than_five_places_beispiel_9(cat):
    main = cat.board.regions["on:Main Street"].plots
    assert len(main) == 8  # "da es 8 mögliche Plätze für das Gebäude gibt"
    card = Card(44, "B", None, "on:Main Street", main)
    v = rules.judge(town(cat), card, "Sheriff", {"Sheriff"})
    assert v.status == rules.FORBIDDEN and "(rulebook example 9)" in v.reason
    m = sorted(main)
    three_built = town(cat, built={"Hotel": m[0], "Bank": m[1], "Church": m[2]})
    five = rules.judge(three_built, card, "Sheriff", {"Sheriff"})
    assert five.status == rules.PLAYABLE and five.gain == 0 and len(five.after.markers["Sheriff"]) == 5


def test_discard_two_cards_beispiel_10_four_markers(cat):
    left, right, third = 1, 2, 3
    board = town(cat, {"Saloon": {left, right}, "Sheriff": {right, third}})
    a_cards = _two_contradiction_cards(cat, board)
    game = _game_at_turn(cat, 3, hands={0: [c.number for c, _ in a_cards]}, owned={0: ["Doc", "Judge"]}, board=board)
    for card, plot in a_cards:
        board.built[card.building] = plot
    game._verdicts = {}
    assert sorted(game.discardable(0)) == sorted(c.number for c, _ in a_cards)
    first, second = (c.number for c, _ in a_cards)
    game.apply_action(DISCARD + first - 1)
    assert game.phase == "discard" and game.legal_actions() == [DISCARD + second - 1]
    game.apply_action(DISCARD + second - 1)
    assert game.phase == "take"
    game.apply_action(game.marker_action(TAKE, "Saloon", left))
    assert game.town.built["Saloon"] == right and game.town.built["Sheriff"] == third
    assert game.points[0] == 4  # "insgesamt vier Marker"
    assert game.hands[0] == [] and {first, second} <= set(game.discards)


def _two_contradiction_cards(cat, board):
    """Two A cards of different buildings, each with a plot outside its card to be built on."""
    used = {1, 2, 3}
    out = []
    for card in sorted(cat.cards.values(), key=lambda c: c.number):
        if card.kind != "A" or card.building in ("Saloon", "Sheriff") or card.building in {c.building for c, _ in out}:
            continue
        plot = next(p for p in PLOTS if p not in card.plots and p not in used)
        used.add(plot)
        out.append((card, plot))
        if len(out) == 2:
            return out


def test_taking_a_marker_must_leave_a_town(cat):
    board = town(cat, {"Saloon": {1, 2}, "Drugstore": {1, 2}, "Bank": {2, 3}})
    ok = set(rules.removable(board))
    assert ("Bank", 3) not in ok  # Bank on 2 would leave Saloon and Drugstore one plot
    assert ("Bank", 2) in ok and ("Saloon", 1) in ok
    assert not rules.take(board, "Bank", 3).ok


# -- information does not persist; my buildings -------------------------------------------------

def test_information_of_played_cards_does_not_persist(cat):
    card = sheriff_north(cat)
    s = sorted(card.plots)
    first = rules.judge(town(cat), card).after
    # the same markers reached any other way judge every card the same: the board is all that counts
    same = town(cat, {"Sheriff": set(s)})
    assert first.key() == same.key()
    for other in cat.cards.values():
        if other.kind == "A":
            assert rules.judge(first, other).status == rules.judge(same, other).status


def test_b_and_c_cards_need_one_of_my_buildings(cat):
    b_card = next(c for c in cat.cards.values() if c.kind == "B")
    v = rules.judge(town(cat), b_card, "Hotel", {"Bank", "Doc"})
    assert v.status == rules.FORBIDDEN and "not one of your buildings" in v.reason
    assert rules.judge(town(cat), b_card, None, {"Bank"}).status == rules.FORBIDDEN


def test_c_card_my_building_is_another_building(cat):
    c_card = next(c for c in cat.cards.values() if c.kind == "C")
    v = rules.judge(town(cat), c_card, c_card.building, {c_card.building})
    assert v.status == rules.FORBIDDEN


def test_c_card_restricts_both_buildings_by_its_pairs(cat):
    c_card = next(c for c in sorted(cat.cards.values(), key=lambda c: c.number) if c.kind == "C")
    x, y = next(iter(sorted(c_card.pairs)))
    my = next(b for b in cat.building_names if b != c_card.building)
    board = town(cat, built={c_card.building: x})
    v = rules.judge(board, c_card, my, {my})
    partners = {q for p, q in c_card.pairs if p == x} - {x}
    if len(partners) > 5:
        assert v.status == rules.FORBIDDEN
    else:
        assert v.status == rules.PLAYABLE
        got = v.after.markers.get(my) or {v.after.built[my]}
        assert got == partners


# -- setup ------------------------------------------------------------------------------------------

def _dealt(cat, players, seed=0):
    game = new_game(cat, players)
    rng = random.Random(seed)
    while game.phase == "deal":
        resolve_chance(game, rng)
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_two_a_and_two_c_cards_each(cat, players):
    game = _dealt(cat, players)
    for hand in game.hands:
        assert sorted(cat.card(n).kind for n in hand) == ["A", "A", "C", "C"]
    dealt = [n for h in game.hands for n in h] + game.piles.top + [n for p in game.piles.own for n in p]
    assert len(dealt) == len(set(dealt))


def test_setup_three_players_three_a_cards_onto_the_b_pile(cat):
    game = _dealt(cat, 3)
    assert len(game.piles.top) == 3 and all(cat.card(n).kind == "A" for n in game.piles.top)
    assert sorted(game.piles.shared) == sorted(n for n, c in cat.cards.items() if c.kind == "B")
    assert game.piles.shared_cards() == game.piles.top  # they lie on top: drawn first


def test_setup_two_players_private_piles_of_three_a_and_three_c(cat):
    game = _dealt(cat, 2)
    for pile in game.piles.own:
        assert sorted(cat.card(n).kind for n in pile) == ["A"] * 3 + ["C"] * 3
    assert game.piles.top == []


def test_setup_four_players_b_cards_are_the_shared_pile(cat):
    game = _dealt(cat, 4)
    assert sorted(game.piles.shared) == sorted(n for n, c in cat.cards.items() if c.kind == "B")
    assert game.piles.top == [] and game.piles.own == []


def test_setup_bad_player_count(cat):
    with pytest.raises(ClicktownError):
        new_game(cat, 5)


def test_setup_buildings_one_then_a_second_in_turn_order(cat):
    game = _dealt(cat, 3)
    order = []
    while game.phase == "choose":
        order.append(game.actor)
        game.apply_action(game.legal_actions()[0])
    assert order == [0, 1, 2, 0, 1, 2]
    assert [len(o) for o in game.owned] == [2, 2, 2]
    assert game.phase == "turn" and game.actor == 0


# -- turns, drawing, refilling ------------------------------------------------------------------------

def _game_at_turn(cat, players, hands, owned, board):
    game = _dealt(cat, players)
    for seat in range(players):
        game.hands[seat] = list(hands.get(seat, []))
        game.owned[seat] = list(owned.get(seat, []))
    game.to_choose = []
    game.town = board
    game.phase, game.seat, game.actor = "turn", 0, 0
    game._verdicts = {}
    return game


def test_draw_action_then_draw_at_end_of_turn(cat):
    game = _game_at_turn(cat, 4, {0: []}, {0: ["Doc", "Bank"]}, town(cat))
    assert game.legal_actions() == [DRAW_SHARED]
    game.apply_action(DRAW_SHARED)
    assert game.current_player() == CHANCE
    resolve_chance(game, random.Random(0))
    assert len(game.hands[0]) == 2 and all(cat.card(n).kind == "B" for n in game.hands[0])


def test_two_players_draw_from_own_or_shared_pile(cat):
    game = _game_at_turn(cat, 2, {0: []}, {0: ["Doc", "Bank"]}, town(cat))
    assert game.legal_actions() == [DRAW_SHARED, DRAW_OWN]
    game.apply_action(DRAW_OWN)
    resolve_chance(game, random.Random(0))
    assert game.phase == "pile" and game.legal_actions() == [DRAW_SHARED, DRAW_OWN]
    game.apply_action(DRAW_SHARED)
    resolve_chance(game, random.Random(0))
    own, shared = game.hands[0]
    assert cat.card(own).kind in "AC" and cat.card(shared).kind == "B"
    assert [e["pile"] for e in game.events if e["event"] == "draw"][-2:] == ["own", "shared"]


def test_refill_buildings_to_two_before_the_turn(cat):
    game = _game_at_turn(cat, 4, {}, {0: ["Doc"], 1: ["Bank", "Hotel"]}, town(cat))
    assert game.wants(0) == 1
    game._start_turn(0)
    assert game.phase == "choose" and game.actor == 0
    game.apply_action(CHOOSE + game.index["Judge"])
    assert game.owned[0] == ["Doc", "Judge"] and game.phase == "turn"


def test_last_buildings_only_when_a_player_has_none(cat):
    names = cat.building_names
    built = dict(zip(names[:12], PLOTS))  # 12 built, 2 owned: 4 left in the stack = players
    game = _game_at_turn(cat, 4, {}, {0: [names[12]], 1: [names[13]]}, town(cat, built=built))
    assert len(game.stack) == 4
    assert game.wants(0) == 0  # has one building: may not take another
    assert game.wants(2) == 1  # has none: takes one (only one)


def test_last_buildings_rule_holds_for_the_second_building_too(cat):
    names = cat.building_names
    built = dict(zip(names[:11], PLOTS))  # 11 built, 2 owned: 5 in the stack = players + 1
    game = _game_at_turn(cat, 4, {}, {0: [names[11]], 1: [names[12]]}, town(cat, built=built))
    assert len(game.stack) == 5
    # after the first building the stack holds 4 = players, and the seat owns one: no second
    assert game.wants(2) == 1
    assert game.wants(0) == 1  # one building, stack above the players: refills to two


def test_pass_only_when_nothing_else_is_possible(cat):
    game = _game_at_turn(cat, 4, {}, {0: ["Doc", "Bank"]}, town(cat))
    game.piles.top, game.piles.shared = [], []
    assert game.legal_actions() == [PASS]


# -- points, end of game --------------------------------------------------------------------------------

def test_points_are_markers_collected(cat):
    card = sheriff_north(cat)
    game = _game_at_turn(cat, 4, {0: [card.number]}, {0: ["Doc", "Bank"]}, town(cat))
    with rulebook_card(cat, card):
        game._verdicts = {}
        game.apply_action(game.play_action(card.number))
    on_board = game.town.markers_on_board()
    assert game.points[0] == 1 and on_board == 4
    assert on_board + sum(game.town.supply.values()) + sum(game.points) == 90


def test_game_ends_when_the_town_is_built(cat):
    names = cat.building_names
    card = sheriff_north(cat)
    s = sorted(card.plots)
    free = [p for p in PLOTS if p != s[0]]
    built = dict(zip([n for n in names if n != "Sheriff"], free))
    game = _game_at_turn(cat, 4, {0: [card.number]}, {0: ["Sheriff"]}, town(cat, built=built))
    with rulebook_card(cat, card):
        game._verdicts = {}
        game.apply_action(game.play_action(card.number))
    assert game.is_terminal() and game.current_player() == TERMINAL and game.reason == TOWN_BUILT
    assert game.events[-1]["event"] == "game_end" and game.events[-1]["winners"] == [0]
    assert game.returns() == [1.0, 0.0, 0.0, 0.0]


def test_game_ends_when_no_one_can_progress(cat):
    game = _game_at_turn(cat, 3, {}, {}, town(cat))
    game.piles.top, game.piles.shared = [], []
    game.stack  # every building stays in the stack; nobody has a card
    bot = GreedyBot()
    rng = random.Random(0)
    while not game.is_terminal():
        game.apply_action(bot.choose(game, rng))
    assert game.reason == NO_PROGRESS and game.turns == 3


def test_stop_round_from_the_left_neighbour(cat):
    r, a, b = 1, 2, 3
    board = town(cat, {"Drugstore": {a, b}, "Bank": {a, b}, "Saloon": {a, r}})
    game = _game_at_turn(cat, 3, {}, {0: ["Doc", "Judge"]}, board)
    game.piles.top, game.piles.shared = [], []
    game.apply_action(PASS)
    assert game.phase == "stop" and game.actor == 1
    game.apply_action(game.marker_action(STOP, "Bank", a))  # wrong: the seat's chance is gone
    assert game.actor == 2 and game.stops == {"right": 0, "wrong": 1}
    game.apply_action(game.marker_action(STOP, "Saloon", a))
    assert game.points == [0, 0, 2] and game.stops["right"] == 1
    assert game.town.built["Saloon"] == r


def test_illegal_action_is_refused(cat):
    game = _game_at_turn(cat, 4, {}, {0: ["Doc", "Bank"]}, town(cat))
    with pytest.raises(ClicktownError):
        game.apply_action(PASS)


# -- deduction ---------------------------------------------------------------------------------------

def test_feasibility_by_matching(cat):
    assert deduce.feasible({"Saloon": {1, 2}, "Drugstore": {1, 2}})
    assert not deduce.feasible({"Saloon": {1, 2}, "Drugstore": {1, 2}, "Bank": {1, 2}})


def forced_three_ways(markers, free=PLOTS):
    """The forced markers by the fast path, the networkx reference and CP-SAT, which must agree."""
    deduce.clear_caches()
    fast = deduce.forced_removals(markers, free)
    by_networkx = reference.forced_removals_networkx(markers, free)
    slow = reference.forced_removals_cpsat(markers)
    assert fast == by_networkx == slow, (fast, by_networkx, slow)
    return fast


def test_feasibility_by_hopcroft_karp_on_networkx(cat):
    a, b, c = PLOTS[:3]
    match = reference.matching_networkx({"Saloon": {a, b}, "Drugstore": {a}})
    assert match == {"Saloon": b, "Drugstore": a}
    assert reference.feasible_networkx({"Saloon": {a, b}, "Drugstore": {a, b}})
    assert not reference.feasible_networkx({"Saloon": {a, b}, "Drugstore": {a, b}, "Bank": {a, b}})
    assert reference.matching_networkx({}) == {}


def test_regin_filter_three_ways_on_the_beispiel_8_board(cat):
    markers = {"Drugstore": {2, 3}, "Bank": {2, 3}, "Saloon": {2, 7}, "Hotel": {7, 9, 10}}
    assert forced_three_ways(markers) == {("Saloon", 2), ("Hotel", 7)}


def test_regin_filter_three_ways_beispiel_8_on_dalton_road(cat):
    # "der Saloon genau definiert ... an der Dalton Rd. (Begründung siehe Bsp. 7)": its marker on
    # the plot the Drugstore and the Bank hold goes
    r = region(cat, "on:Dalton Road")[0]
    a, b = outside([r])[:2]
    assert forced_three_ways({"Drugstore": {a, b}, "Bank": {a, b}, "Saloon": {a, r}}) == {("Saloon", a)}


def test_regin_filter_three_ways_beispiel_7_third_building_leaves_the_held_plots(cat):
    # "Da bereits zwei Gebäude (Saloon, Drugstore) auf zwei Plätzen festgelegt sind, kann kein
    # weiteres Gebäude dort stehen": every marker of a third building on those two plots is forced
    s = sorted(sheriff_north(cat).plots)
    a, b = outside(s)[:2]
    markers = {"Saloon": {a, b}, "Drugstore": {a, b}, "Sheriff": {a, b, *s[:2]}}
    assert forced_three_ways(markers) == {("Sheriff", a), ("Sheriff", b)}


def test_regin_filter_three_ways_the_held_pair_itself_keeps_its_markers(cat):
    # "Liegen von zwei Gebäuden nur noch jeweils zwei Marker auf ein und demselben Gebäudeplatz,
    # bleiben die Marker der Gebäude solange liegen": nothing is forced on the pair alone
    a, b = PLOTS[:2]
    assert forced_three_ways({"Saloon": {a, b}, "Drugstore": {a, b}}) == set()


def test_regin_filter_three_ways_a_closed_set_of_three_not_pairs(cat):
    # Beispiel 7 with three buildings on three plots, no two on the same two: the cycle holds them
    a, b, c, d, e = PLOTS[:5]
    markers = {"Bank": {a, b}, "Hotel": {b, c}, "Church": {a, c}, "Saloon": {c, d, e}}
    assert forced_three_ways(markers) == {("Saloon", c)}
    assert deduce.held_plots(markers, PLOTS) == {a: ("Bank", "Church", "Hotel"), b: ("Bank", "Church", "Hotel"),
                                                 c: ("Bank", "Church", "Hotel")}


def test_regin_filter_three_ways_a_chain_of_stops(cat):
    # one stop leads to the next: the Saloon leaves the held pair's plot, and the Hotel the Saloon's
    a, b, c, d, e = PLOTS[:5]
    markers = {"Drugstore": {a, b}, "Bank": {a, b}, "Saloon": {b, c}, "Hotel": {c, d, e}, "Church": {d, e}}
    assert forced_three_ways(markers) == {("Saloon", b), ("Hotel", c)}


def test_regin_filter_three_ways_a_path_to_a_free_plot_keeps_every_marker(cat):
    a, b, c = PLOTS[:3]
    assert forced_three_ways({"Saloon": {a, b}, "Drugstore": {b, c}}) == set()


def test_regin_filter_three_ways_no_town_fits(cat):
    a, b = PLOTS[:2]
    assert forced_three_ways({"Saloon": {a, b}, "Drugstore": {a, b}, "Bank": {a, b}}) is None
    assert reference.supported_networkx({"Saloon": {a, b}, "Drugstore": {a, b}, "Bank": {a}}, PLOTS) is None


def test_regin_filter_three_ways_on_random_small_boards(cat):
    # small boards of every kind, infeasible ones included (reachable boards are always feasible)
    rng = random.Random(15)
    names = sorted(cat.building_names)
    kinds = {"none": 0, "forced": 0, "infeasible": 0}
    for _ in range(300):
        plots = rng.sample(PLOTS, rng.randint(2, 7))
        buildings = rng.sample(names, rng.randint(1, len(plots)))
        markers = {b: set(rng.sample(plots, rng.randint(1, min(3, len(plots))))) for b in buildings}
        forced = forced_three_ways(markers)
        kinds["infeasible" if forced is None else "forced" if forced else "none"] += 1
    assert min(kinds.values()) >= 20, kinds


def test_held_plots_on_masks_agree_with_the_networkx_reference_on_random_boards(cat):
    # Beispiel 7's closed sets: the plots held, each with its set's buildings, on boards of every size
    rng = random.Random(16)
    names = sorted(cat.building_names)
    held_boards = 0
    for _ in range(2000):
        plots = rng.sample(PLOTS, rng.randint(2, 16))
        buildings = rng.sample(names, rng.randint(1, min(len(names), len(plots) + 1)))
        markers = {b: set(rng.sample(plots, rng.randint(1, min(5, len(plots))))) for b in buildings}
        deduce.clear_caches()
        found = deduce.held_plots(markers, PLOTS)
        assert found == reference.held_plots_networkx(markers, PLOTS), markers
        held_boards += bool(found)
    assert held_boards >= 300
