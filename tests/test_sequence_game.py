"""The Sequence / Sequence Numbers engine: one test per rule for both games, random games, traces, workers, PettingZoo."""

import io
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.arena.state import CHANCE, TERMINAL, RandomBot, play_game, resolve_chance
from clicktown.arena.trace import read_events, write_events
from clicktown.errors import ClicktownError
from clicktown.sequence.game.bots import GreedyBot, PlannerBot, make_bot
from clicktown.sequence.cards import load_game
from clicktown.sequence.geometry import CORNERS, WINDOWS, cell
from clicktown.sequence.game.state import CELL_COUNT, Match
from clicktown.sequence.position import locked_windows, parse_position
from clicktown.sequence.rules import chips_per_team, seat_table
from clicktown.sequence.sequences import count_fast
from clicktown.sequence.game.simulate import Setup, play_one, run, summarize

GAMES = {name: load_game(name) for name in ("sequence", "numbers")}


def new_state(game="sequence", players=2, teams=None, seed=0):
    """A dealt game, the first seat to move."""
    state = Match(GAMES[game], seat_table(game, players, teams)).new_state()
    resolve_chance(state, random.Random(seed))
    return state


def give(state, seat, cards):
    """Put these cards in a seat's hand (the ones it held go back to the draw pile)."""
    match = state.match
    for kind in state.hands[seat]:
        state.pile[kind] += 1
    state.hands[seat] = []
    for name in cards:
        kind = match.kind_of[name]
        if state.pile[kind] == 0:  # take it from another hand
            other = next(h for h in state.hands if kind in h)
            other.remove(kind)
            state.pile[kind] += 1
        state.pile[kind] -= 1
        state.hands[seat].append(kind)
    state.pile_size = sum(state.pile)


def chips(state, team, *cells):
    """Put chips of `team` on cells, as if played."""
    for c in cells:
        state._put_chip(c, team)


def play(state, card, c):
    """Play `card` on cell `c` and resolve the draw."""
    state.apply_action(state.match.play_action(card, c))
    resolve_chance(state, random.Random(1))


# ---- invariants -----------------------------------------------------------------------------

def check_invariants(state, before=None, windows=True):
    """Every card and chip in exactly one place; sequences locked, compatible and never broken."""
    match = state.match
    for kind, copies in enumerate(match.copies):
        held = sum(h.count(kind) for h in state.hands) + sum(d.count(kind) for d in state.discards)
        assert state.pile[kind] + held == copies, match.kinds[kind]
    assert state.pile_size == sum(state.pile)
    for team in match.table.team_names:
        on_board = sum(1 for ch in state.board if ch.upper() == team)
        assert on_board + state.supply[team] == chips_per_team(match.table.game, team)
        locked = {c for w in state.sequences[team] for c in WINDOWS[w].cells if c not in CORNERS}
        assert locked == {i for i, ch in enumerate(state.board) if ch == team.lower()}
        made = state.sequences[team]
        for i, a in enumerate(made):
            for b in made[i + 1:]:
                assert len(set(WINDOWS[a].cells) & set(WINDOWS[b].cells)) <= 1
        if windows:  # the counts the engine keeps per line of five
            counts = state.window_chips[team]
            for w, window in enumerate(WINDOWS):
                assert counts[w] == sum(1 for c in window.cells if state.board[c].upper() == team)
        for w, window in enumerate(WINDOWS):  # every line of five the team holds is locked, or clashes with one that is
            if all(state.board[c] == "*" or state.board[c].upper() == team for c in window.cells):
                assert w in made or any(len(set(window.cells) & set(WINDOWS[m].cells)) >= 2 for m in made), window.cells
    for c in CORNERS:
        assert state.board[c] == "*"
    position = state.position()  # the analysis reads the board back: as many sequences as the engine locked
    for team, made in state.sequences.items():
        read = locked_windows(position, team)
        assert len(read) == len(made) and count_fast(position, team) == len(made)
        assert {c for w in read for c in WINDOWS[w].cells if c not in CORNERS} == {
            i for i, ch in enumerate(state.board) if ch == team.lower()}  # every locked chip explained
    if before is not None:
        for team, made in before.items():
            assert state.sequences[team][:len(made)] == made


def check_end(state):
    """The game ended as the rules say: the winner has its sequences, nobody else has."""
    table = state.match.table
    assert state.is_terminal() and state.current_player() == TERMINAL
    position = parse_position(state.position().text())  # the final board reads back in the documented format
    if state.winner is not None:
        assert len(state.sequences[state.winner]) >= table.needed
        assert count_fast(position, state.winner) >= table.needed
        for team in table.team_names:
            if team != state.winner:
                assert len(state.sequences[team]) < table.needed
        assert state.returns() == [1.0 if table.team_of(s) == state.winner else -1.0 for s in range(table.players)]
    else:
        assert state.end_reason in ("no chip can be placed or taken again", "every seat had to pass")
        assert all(len(s) < table.needed for s in state.sequences.values())
        assert state.returns() == [0.0] * table.players


def play_checked(game, players, teams, seed, bots=None, every_step=True):
    """A whole game with invariants checked after every action."""
    state = Match(GAMES[game], seat_table(game, players, teams)).new_state()
    rng = random.Random(seed)
    bots = bots or [RandomBot()] * players
    for _ in range(100_000):
        if state.is_terminal():
            break
        before = {t: s[:] for t, s in state.sequences.items()}
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(bots[state.current_player()].choose(state, rng))
        if every_step:
            check_invariants(state, before, windows=False)
    check_invariants(state)
    check_end(state)
    return state


TABLES = [("sequence", 2, 2), ("sequence", 3, 3), ("sequence", 4, 2), ("sequence", 6, 3), ("sequence", 12, 3),
          ("numbers", 2, 2), ("numbers", 3, 3), ("numbers", 4, 2), ("numbers", 6, 2), ("numbers", 6, 3)]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1))
def test_random_games_keep_every_card_and_chip_in_one_place_and_end_by_the_rules(table, seed):
    play_checked(*table, seed)


@settings(max_examples=1200, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1))
def test_thousands_of_random_games_end_with_the_rulebooks_number_of_sequences(table, seed):
    game, players, teams = table
    state = Match(GAMES[game], seat_table(game, players, teams)).new_state()
    play_game(state, [RandomBot()] * players, random.Random(seed))
    check_invariants(state)
    check_end(state)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["sequence", "numbers"]), st.integers(0, 2**32 - 1))
def test_greedy_games_keep_the_invariants(game, seed):
    play_checked(game, 2, 2, seed, bots=[GreedyBot(), RandomBot()], every_step=True)


# ---- players, teams, the deal ----------------------------------------------------------------

@pytest.mark.parametrize("players,teams,hand", [(2, 2, 7), (3, 3, 6), (4, 2, 6), (6, 2, 5), (6, 3, 5), (8, 2, 4),
                                                 (9, 3, 4), (10, 2, 3), (12, 2, 3), (12, 3, 3)])
def test_sequence_deals_the_rulebook_hand_sizes_and_seats_teams_alternately(players, teams, hand):
    state = new_state("sequence", players, teams)
    assert [len(h) for h in state.hands] == [hand] * players
    assert [state.match.table.team_of(s) for s in range(players)] == ["ABC"[s % teams] for s in range(players)]
    assert state.pile_size == 104 - hand * players


@pytest.mark.parametrize("players,teams,hand", [(2, 2, 5), (3, 3, 5), (4, 2, 4), (6, 2, 4), (6, 3, 4)])
def test_numbers_deals_the_rulebook_hand_sizes(players, teams, hand):
    state = new_state("numbers", players, teams)
    assert [len(h) for h in state.hands] == [hand] * players
    assert state.pile_size == 100 - hand * players


@pytest.mark.parametrize("game,players,teams", [("sequence", 5, None), ("sequence", 7, None), ("sequence", 14, None),
                                                ("sequence", 4, 3), ("sequence", 9, 2), ("numbers", 5, 2),
                                                ("numbers", 5, None), ("numbers", 7, None), ("numbers", 4, 3)])
def test_player_counts_and_unequal_teams_are_refused(game, players, teams):
    with pytest.raises(ClicktownError):
        seat_table(game, players, teams)


def test_sequence_uses_two_decks_without_jokers_and_numbers_its_equation_deck():
    assert sum(Match(GAMES["sequence"], seat_table("sequence")).copies) == 104
    numbers = Match(GAMES["numbers"], seat_table("numbers"))
    assert sum(numbers.copies) == 100
    assert sorted(k for k, a in zip(numbers.kinds, numbers.actions) if a != "place") == ["minus", "plus"]


def test_chip_colours_and_counts_follow_the_box():
    assert (chips_per_team("sequence", "A"), chips_per_team("sequence", "B"), chips_per_team("sequence", "C")) == (50, 50, 35)
    assert new_state("sequence", 3).supply == {"A": 50, "B": 50, "C": 35}
    assert new_state("numbers", 3).supply == {"A": 48, "B": 48, "C": 48}


def test_a_team_without_chips_left_cannot_place():
    state = new_state("sequence")
    give(state, 0, ["7h", "jd", "jh"])
    chips(state, "B", 22)
    state.supply["A"] = 0
    assert state.legal_actions() == [state.match.play_action("jh", 22)]


# ---- the turn --------------------------------------------------------------------------------

@pytest.mark.parametrize("game,card", [("sequence", "5c"), ("numbers", "4+3")])
def test_a_card_places_a_chip_on_one_of_its_two_free_cells(game, card):
    state = new_state(game)
    give(state, 0, [card])
    cells = state.match.cells_of_kind[state.match.kind_of[card]]
    assert state.legal_actions() == sorted(state.match.play_action(card, c) for c in cells)
    chips(state, "B", cells[0])
    assert state.legal_actions() == [state.match.play_action(card, cells[1])]


@pytest.mark.parametrize("game,wild", [("sequence", "jd"), ("sequence", "jc"), ("numbers", "plus")])
def test_two_eyed_jacks_and_plus_cards_place_on_any_free_cell(game, wild):
    state = new_state(game)
    give(state, 0, [wild])
    chips(state, "B", 11, 12)
    assert state.legal_actions() == [state.match.play_action(wild, c) for c in range(100)
                                     if c not in CORNERS and c not in (11, 12)]


@pytest.mark.parametrize("game,remover", [("sequence", "jh"), ("sequence", "js"), ("numbers", "minus")])
def test_one_eyed_jacks_and_minus_cards_remove_an_unlocked_opponent_chip(game, remover):
    state = new_state(game, 4, 2)  # two sequences to win, so one locked sequence does not end the game
    give(state, 0, [remover])
    chips(state, "B", 1, 2, 3, 4, 55)  # with the corner: B's completed sequence, locked below
    chips(state, "A", 66)
    state._lock_new_sequences(4, "B")
    assert state.sequences["B"] and state.board[1:5] == list("bbbb")
    assert state.legal_actions() == [state.match.play_action(remover, 55)]  # not its own chip, not a locked one
    play(state, remover, 55)
    assert state.board[55] == "." and state.supply["B"] == chips_per_team(game, "B") - 4


def test_a_dead_card_may_be_exchanged_once_per_turn_before_playing():
    state = new_state("sequence")
    give(state, 0, ["5c", "6c", "7h"])
    chips(state, "A", cell(1, 1))
    chips(state, "B", cell(3, 3))  # both cells of 5c are taken: it is dead
    exchange = state.match.exchange + state.match.kind_of["5c"]
    assert exchange in state.legal_actions()
    assert state.match.exchange + state.match.kind_of["6c"] not in state.legal_actions()
    state.apply_action(exchange)
    assert state.current_player() == CHANCE  # the replacement is drawn
    resolve_chance(state, random.Random(3))
    assert state.current_player() == 0 and len(state.hands[0]) == 3 and state.discards[0] == [state.match.kind_of["5c"]]
    assert all(not (state.match.exchange <= a < state.match.pass_action) for a in state.legal_actions())


def test_a_card_is_drawn_after_playing_and_the_turn_passes_clockwise():
    state = new_state("sequence", 4, 2)
    give(state, 0, ["7h"])
    state.apply_action(state.match.play_action("7h", cell(4, 8)))
    assert state.current_player() == CHANCE and len(state.hands[0]) == 0
    resolve_chance(state, random.Random(0))
    assert len(state.hands[0]) == 1 and state.current_player() == 1 and state.board[cell(4, 8)] == "A"


def test_the_discards_are_reshuffled_when_the_draw_pile_runs_out():
    state = new_state("sequence")
    for kind, n in enumerate(state.pile):  # every card left goes to seat 1's discard pile
        state.discards[1].extend([kind] * n)
        state.pile[kind] = 0
    state.pile_size = 0
    card = state.match.kinds[state.hands[0][0]]
    target = next(a for a in state.legal_actions() if a // CELL_COUNT == state.match.kind_of[card])
    state.apply_action(target)
    assert state.reshuffles == 1 and state.discards == [[], []] and state.pile_size == 104 - 14 + 1
    check_invariants(state)


def empty_the_draw_pile(state):
    """Every card left in the draw pile goes to seat 1's discard pile."""
    for kind, n in enumerate(state.pile):
        state.discards[1].extend([kind] * n)
        state.pile[kind] = 0
    state.pile_size = 0


def test_the_discards_are_reshuffled_as_often_as_the_draw_pile_runs_out():
    # "werden alle Ablagestapel gemischt, um einen neuen Nachziehstapel zu bilden": no limit.
    state = new_state("sequence")
    state.reshuffles = 50
    empty_the_draw_pile(state)
    state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal() and state.reshuffles == 51 and state.pile_size == 104 - 14 + 1


def test_the_board_is_not_frozen_while_a_chip_can_be_placed_or_taken():
    state = new_state("sequence")
    assert not state.frozen()  # empty cells and chips in the supplies
    state.supply = {t: 0 for t in state.supply}
    assert state.frozen()  # no chip left to place, none on the board to take
    chips(state, "B", 22)
    assert not state.frozen()  # a one-eyed jack may take B's chip, and A may then place again
    state.board[22] = "b"  # the chip is part of a sequence: no card can take it
    assert state.frozen()


def test_a_frozen_board_ends_the_game_when_the_draw_pile_is_rebuilt():
    state = new_state("sequence")
    empty_the_draw_pile(state)
    state.supply = {t: 0 for t in state.supply}
    two = state.match.kind_of["2s"]
    state.hands[0] = [two]
    for i in state.match.cells_of_kind[two]:
        state.board[i] = "b"  # both 2 of spades cells taken: the card is dead and is exchanged
    state.apply_action(state.match.exchange + two)
    assert state.is_terminal() and state.winner is None and state.end_reason == "no chip can be placed or taken again"
    assert state.returns() == [0.0, 0.0]


def test_pass_is_legal_only_when_nothing_else_is():
    state = new_state("sequence")
    give(state, 0, ["jh"])  # a one-eyed jack and no opponent chip to take
    assert state.legal_actions() == [state.match.pass_action]
    chips(state, "B", 22)
    assert state.legal_actions() == [state.match.play_action("jh", 22)]


def test_the_game_is_drawn_when_every_seat_has_to_pass_with_nothing_to_exchange():
    state = new_state("sequence")
    give(state, 0, ["jh"])
    give(state, 1, ["js"])  # one-eyed jacks, no chip on the board to take, nothing dead to exchange
    state.apply_action(state.match.pass_action)
    assert not state.is_terminal() and state.current_player() == 1 and len(state.hands[0]) == 1
    state.apply_action(state.match.pass_action)
    assert state.is_terminal() and state.winner is None and state.end_reason == "every seat had to pass"


# ---- sequences and winning ----------------------------------------------------------------------

def test_completed_sequences_are_locked():
    state = new_state("sequence")
    chips(state, "A", cell(5, 0), cell(5, 1), cell(5, 2), cell(5, 3))
    give(state, 0, ["2h"])
    play(state, "2h", cell(5, 4))
    assert "".join(state.board[50:55]) == "aaaaa" and len(state.sequences["A"]) == 1 and not state.is_terminal()


def test_a_second_sequence_may_share_only_one_chip_with_the_first():
    state = new_state("sequence")
    chips(state, "A", *[cell(5, c) for c in range(4)], cell(5, 6), cell(5, 7))
    give(state, 0, ["2h"])
    play(state, "2h", cell(5, 4))  # (5,0)-(5,4) locked
    assert [WINDOWS[w].cells for w in state.sequences["A"]] == [tuple(cell(5, c) for c in range(5))]
    state.seat = 0
    give(state, 0, ["3h"])
    play(state, "3h", cell(5, 5))  # (5,0)-(5,7) all A, but every new line of five shares 2+ chips with the first
    assert len(state.sequences["A"]) == 1 and not state.is_terminal()
    state.seat = 0
    give(state, 0, ["6h"])
    play(state, "6h", cell(5, 8))  # (5,4)-(5,8) shares one chip with the first: the second sequence, the win
    assert state.is_terminal() and state.winner == "A"
    assert [WINDOWS[w].cells for w in state.sequences["A"]][1] == tuple(cell(5, c) for c in range(4, 9))


@pytest.mark.parametrize("game,players,teams,needed", [("sequence", 2, 2, 2), ("sequence", 4, 2, 2),
                                                       ("sequence", 3, 3, 1), ("sequence", 6, 3, 1),
                                                       ("numbers", 2, 2, 1), ("numbers", 3, 3, 1),
                                                       ("numbers", 4, 2, 2), ("numbers", 6, 3, 2)])
def test_the_number_of_sequences_that_wins(game, players, teams, needed):
    state = new_state(game, players, teams)
    assert state.match.table.needed == needed
    chips(state, "A", 1, 2, 3)  # with the corner (0, 0): one more chip on (0, 4) makes a sequence
    label = GAMES[game].board.label(4)
    card = next(c for c in GAMES[game].deck.cards_naming(label))
    give(state, 0, [card.name])
    play(state, card.name, 4)
    assert state.is_terminal() == (needed == 1)
    if needed == 1:
        assert state.winner == "A" and state.returns()[0] == 1.0


def test_the_corners_count_for_every_team():
    state = new_state("sequence", 3, 3)
    chips(state, "B", 10, 20, 30)
    give(state, 1, ["9c"])
    state.seat = 1
    play(state, "9c", 40)  # (0,0) corner + four B chips down column 0
    assert state.winner == "B"


def test_a_chip_joining_two_lines_of_four_makes_two_sequences_at_once_and_wins():
    state = new_state("sequence")  # two players: two sequences win
    chips(state, "A", *[cell(5, c) for c in (0, 1, 2, 3, 5, 6, 7, 8)])
    give(state, 0, ["2h"])
    play(state, "2h", cell(5, 4))  # nine in a row: two sequences sharing (5,4)
    assert [WINDOWS[w].cells for w in state.sequences["A"]] == [tuple(cell(5, c) for c in range(5)),
                                                                tuple(cell(5, c) for c in range(4, 9))]
    assert state.is_terminal() and state.winner == "A" and state.end_reason == "sequences"


def test_a_run_of_nine_is_two_sequences_however_its_first_five_were_made():
    # "kann ein Feld der ersten Sequence als Teil der zweiten benutzt werden": nine in a row are two
    # sequences sharing the middle chip, also when the first was made as a run of six.
    state = new_state("sequence")
    chips(state, "A", *[cell(1, c) for c in (4, 5, 7, 8, 9)])
    give(state, 0, ["kh"])
    play(state, "kh", cell(1, 6))  # six in a row, (1,4)-(1,9): the five at the board's edge are locked
    assert [WINDOWS[w].cells for w in state.sequences["A"]] == [tuple(cell(1, c) for c in range(5, 10))]
    for card, col in (("3c", 3), ("4c", 2)):
        state.seat = 0
        give(state, 0, [card])
        play(state, card, cell(1, col))
        assert not state.is_terminal()
    state.seat = 0
    give(state, 0, ["5c"])
    play(state, "5c", cell(1, 1))  # (1,1)-(1,5) shares only (1,5) with the first: the second sequence
    assert state.winner == "A" and "".join(state.board[10:20]) == ".aaaaaaaaa"


def test_a_run_of_six_locks_the_five_that_leave_the_cheapest_second_sequence():
    state = new_state("sequence")
    chips(state, "A", *[cell(5, c) for c in (0, 1, 2, 4, 5)])
    give(state, 0, ["7h"])
    play(state, "7h", cell(5, 3))  # (5,0)-(5,5): locking (5,0)-(5,4) leaves (5,4)-(5,8) needing three chips
    assert [WINDOWS[w].cells for w in state.sequences["A"]] == [tuple(cell(5, c) for c in range(5))]
    state = new_state("sequence")
    chips(state, "A", *[cell(5, c) for c in (0, 1, 2, 4, 5)])
    chips(state, "B", cell(5, 7))  # now no second sequence fits to the right: the earliest five, as on a tie
    give(state, 0, ["7h"])
    play(state, "7h", cell(5, 3))
    assert [WINDOWS[w].cells for w in state.sequences["A"]] == [tuple(cell(5, c) for c in range(5))]


def test_two_sequences_may_cross_in_one_shared_chip():
    state = new_state("sequence")
    chips(state, "A", *[cell(5, c) for c in (0, 1, 3, 4)], *[cell(r, 2) for r in (3, 4, 6, 7)])
    give(state, 0, ["8c"])
    play(state, "8c", cell(5, 2))  # completes row 5 and column 2 at once; they share only (5,2)
    assert len(state.sequences["A"]) == 2 and state.winner == "A"


def test_two_teams_may_use_the_same_corner():
    state = new_state("sequence", 3, 3)  # three players: one sequence wins
    chips(state, "A", 1, 2, 3)  # (0,0) and row 0
    chips(state, "B", 10, 20, 30, 40)  # (0,0) and column 0: B's sequence, made through the corner
    state._lock_new_sequences(40, "B")
    state.over, state.winner = False, None  # play on as if B had not just won, to test A's use of the same corner
    give(state, 0, ["5s"])
    play(state, "5s", 4)
    assert state.winner == "A" and state.board[0] == "*"


def test_a_one_eyed_jack_never_takes_a_teammates_chip():
    state = new_state("sequence", 4, 2)  # seats 0 and 2 are team A, seats 1 and 3 team B
    chips(state, "A", cell(4, 4))  # placed by the partner at seat 2
    chips(state, "B", cell(6, 6))
    give(state, 0, ["js"])
    assert state.legal_actions() == [state.match.play_action("js", cell(6, 6))]


def test_a_dead_card_comes_back_to_life_when_a_removal_frees_its_cell():
    state = new_state("sequence")
    give(state, 0, ["5c", "jh"])
    chips(state, "A", cell(1, 1))
    chips(state, "B", cell(3, 3))  # both cells of 5c taken: dead
    kind = state.match.kind_of["5c"]
    assert state.is_dead(kind)
    play(state, "jh", cell(3, 3))  # the one-eyed jack takes B's chip from (3,3)
    state.seat = 0
    assert not state.is_dead(kind) and state.match.play_action("5c", cell(3, 3)) in state.legal_actions()


def test_an_exchange_is_a_choice_while_a_card_can_be_played_and_the_only_move_when_none_can():
    state = new_state("sequence")
    give(state, 0, ["5c", "7h"])
    chips(state, "A", cell(1, 1))
    chips(state, "B", cell(3, 3))
    exchange = state.match.exchange + state.match.kind_of["5c"]
    assert exchange in state.legal_actions() and state.match.play_action("7h", cell(4, 8)) in state.legal_actions()
    give(state, 0, ["5c"])  # now every card is dead: exchange it (the rules let no one skip a turn)
    assert state.legal_actions() == [exchange]


# ---- bots -----------------------------------------------------------------------------------------

def test_greedy_takes_a_winning_move_and_blocks_a_four():
    state = new_state("sequence", 3, 3)
    chips(state, "A", 1, 2, 3)
    give(state, 0, ["5s", "7h"])
    assert GreedyBot().choose(state, random.Random(0)) == state.match.play_action("5s", 4)
    state = new_state("sequence", 3, 3)
    chips(state, "B", 91, 92, 93)
    give(state, 0, ["td", "5s"])
    assert GreedyBot().choose(state, random.Random(0)) == state.match.play_action("td", 94)


def test_planner_finds_a_win_in_two_with_a_removal():
    state = new_state("sequence", 3, 3)
    chips(state, "A", 1, 2, 3)
    chips(state, "B", 4)
    give(state, 0, ["jh", "5s", "2c"])
    assert PlannerBot().choose(state, random.Random(0)) == state.match.play_action("jh", 4)


def test_planner_blocks_a_winning_threat_that_greedy_ignores():
    state = new_state("sequence")
    chips(state, "B", 91, 92, 93, 94)
    state._lock_new_sequences(94, "B")  # B has one sequence and needs one more
    chips(state, "B", *[cell(5, c) for c in range(4)])  # (5,4) would be B's second
    chips(state, "A", *[cell(2, c) for c in range(1, 5)])  # (2,5) would be A's first
    give(state, 0, ["5d", "2h"])
    assert GreedyBot().choose(state, random.Random(0)) == state.match.play_action("5d", cell(2, 5))
    assert PlannerBot().choose(state, random.Random(0)) == state.match.play_action("2h", cell(5, 4))


def test_unknown_bots_are_refused():
    with pytest.raises(ClicktownError, match="unknown bot"):
        make_bot("alphago")


# ---- simulate, traces, workers -------------------------------------------------------------------

def test_trace_schema_and_replay():
    record = play_one(0, 12345, Setup("sequence", 4, 2, ("greedy", "random"), trace=True))
    stream = io.StringIO()
    write_events(stream, record.events)
    events = read_events(io.StringIO(stream.getvalue()))
    assert all("event" in e for e in events) and len(stream.getvalue().splitlines()) == len(events)
    start, end = events[0], events[-1]
    assert start["event"] == "game_start" and start["hand_sizes"] == [6, 6, 6, 6] and start["teams"] == ["A", "B", "A", "B"]
    assert end["event"] == "game_end" and set(end) >= {"board", "winners", "turns"}
    assert len(end["board"]) == 10 and all(len(row) == 10 for row in end["board"])
    assert end["winners"] == [record.summary["winner"]] and end["turns"] == record.summary["turns"]
    kinds = {e["event"] for e in events}
    assert kinds <= {"game_start", "draw", "play", "exchange", "pass", "sequence", "reshuffle", "game_end"}
    # the trace replays the game: the same draws and moves give the same final board
    match = Match(GAMES["sequence"], seat_table("sequence", 4, 2))
    state = match.new_state()
    for e in events[1:-1]:
        if e["event"] == "draw":
            state.apply_action(match.kind_of[e["card"]])
        elif e["event"] == "play":
            state.apply_action(match.play_action(e["card"], cell(*e["cell"])))
        elif e["event"] == "exchange":
            state.apply_action(match.exchange + match.kind_of[e["card"]])
        elif e["event"] == "pass":
            state.apply_action(match.pass_action)
    assert state.position().rows() == end["board"] and state.turns == end["turns"]
    assert ([state.winner] if state.winner else []) == end["winners"]


def test_same_seed_same_results_whatever_the_workers():
    setup = Setup("numbers", 2, 2, ("greedy", "random"))
    traced = replace(setup, trace=True)
    one = [(r.summary, r.events) for r in run(traced, 24, seed=5, workers=1)]
    two = [(r.summary, r.events) for r in run(traced, 24, seed=5, workers=2)]
    assert one == two
    assert [r.summary for r in run(setup, 24, seed=6)] != [s for s, _ in one]


def test_summary_counts_wins_with_intervals():
    setup = Setup("sequence", 2, 2, ("greedy", "random"))
    records = list(run(setup, 30, seed=1))
    summary = summarize([r.summary for r in records], setup, 1)
    teams = summary["win_rate_per_team"]
    assert sum(t["hits"] for t in teams.values()) + summary["draws"]["hits"] == 30
    assert summary["win_rate_per_bot"]["greedy"] == summary["win_rate_per_seat"][0] == teams["A"]
    low, high = teams["A"]["ci95"]
    assert low <= teams["A"]["rate"] <= high
    turns = [r.summary["turns"] for r in records]
    assert summary["turns_per_game"] == {"mean": sum(turns) / 30, "min": min(turns), "max": max(turns)}


# ---- PettingZoo ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,players,teams", [("sequence", 2, None), ("numbers", 4, 2)])
def test_pettingzoo_api_and_seed_tests(game, players, teams):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from clicktown.sequence.game.env import env

    api_test(env(game=game, players=players, teams=teams), num_cycles=200)
    seed_test(lambda: env(game=game, players=players, teams=teams), num_cycles=50)


def test_the_observation_hides_the_other_hands():
    pytest.importorskip("pettingzoo")
    from clicktown.sequence.game.env import observe

    state = new_state("sequence")
    a, b = observe(state, 0), observe(state, 1)
    give(state, 1, ["jd", "jc", "js", "jh", "2s", "2s", "3s"])
    assert (observe(state, 0) == a).all() and not (observe(state, 1) == b).all()


def test_trace_lines_are_json_objects():
    record = play_one(3, 99, Setup("numbers", 3, 3, ("random",), trace=True))
    for e in record.events:
        assert json.loads(json.dumps(e)) == e


def test_greedy_sequence_numbers_for_six_players_in_three_teams_is_never_drawn():
    # With the discards reshuffled as often as needed, 120 greedy games all end with a winner.
    setup = Setup(game="numbers", players=6, teams=3, bots=("greedy",))
    summary = summarize([r.summary for r in run(setup, 120, seed=0)], setup, 0)
    assert summary["draws"]["hits"] == 0 and summary["games"] == 120
