"""Legal moves, win in N (CP-SAT against search), and the puzzle generator."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.errors import ClicktownError
from clicktown.sequence.cards import load_game, parse_hand
from clicktown.sequence.geometry import CELLS, cell
from clicktown.sequence.moves import Move, apply_move, card_cells, legal_moves, play_line
from clicktown.sequence.position import Position, empty_position, parse_position
from clicktown.sequence.puzzle import _candidate, generate_puzzle
from clicktown.sequence.sequences import count_fast
from clicktown.sequence.solve import solve_cpsat, solve_search, winning_first_moves

GAMES = {name: load_game(name) for name in ("sequence", "numbers")}
SEQ = GAMES["sequence"]


def board(*rows: str) -> Position:
    """A position from its first rows; the rest of the ten rows are empty."""
    rows = [row.ljust(10, ".") for row in rows] + ["." * 10] * (10 - len(rows))
    rows[0] = "*" + rows[0][1:9] + "*"
    rows[9] = "*" + rows[9][1:9] + "*"
    return parse_position("\n".join(rows))


def hand(text, game=SEQ):
    return parse_hand(text, game.deck)


def by_card(moves):
    return {m.card: m for m in moves}


def test_a_card_reaches_its_two_free_cells():
    moves = by_card(legal_moves(SEQ, empty_position(), "A", hand("5c,5c,7h")))
    assert moves["5c"].cells == (cell(1, 1), cell(3, 3)) and moves["5c"].copies == 2
    assert moves["7h"].cells == (cell(4, 8), cell(5, 3))
    assert not moves["5c"].dead


def test_a_card_with_both_cells_taken_is_dead():
    p = board(".", ".A", ".", "...B")
    moves = by_card(legal_moves(SEQ, p, "A", hand("5c,6c")))
    assert moves["5c"].dead and moves["5c"].cells == ()
    assert not moves["6c"].dead


def test_wild_jacks_reach_every_empty_cell_and_one_eyed_jacks_unprotected_opponents():
    p = board(".", "bbbbbB.B..", "A.B.......", "BBBBB.....")
    moves = by_card(legal_moves(SEQ, p, "A", hand("jd,jh")))
    chips = sum(1 for ch in p.cells if ch not in ".*")
    assert len(moves["jd"].cells) == 96 - chips
    # locked chips, and chips of a completed line (here (1, 5), the sixth of a row), are safe
    assert moves["jh"].cells == (cell(1, 7), cell(2, 2))
    assert by_card(legal_moves(SEQ, p, "B", hand("js")))["js"].cells == (cell(2, 0),)


def test_plus_and_minus_cards_of_sequence_numbers():
    numbers = GAMES["numbers"]
    p = board(".", "B")
    moves = by_card(legal_moves(numbers, p, "A", hand("plus,minus,4+3", numbers)))
    assert len(moves["plus"].cells) == 96 - 1 and moves["minus"].cells == (cell(1, 0),)
    assert moves["4+3"].cells == (cell(0, 7), cell(9, 2))


def test_win_in_one_across_from_a_corner():
    p = board("*AAA......")
    for solve in (solve_cpsat, solve_search):
        found = solve(SEQ, p, "A", hand("5s,2c"), 2, 1)
        assert found.win and found.turns == 1 and found.line == (Move("5s", "place", cell(0, 4)),)
        assert not solve(SEQ, p, "A", hand("6s,2c"), 2, 1).win


def test_win_in_two_needs_a_removal_first():
    p = board("*AAAB")
    for solve in (solve_cpsat, solve_search):
        found = solve(SEQ, p, "A", hand("jh,5s,2c"), 3, 1)
        assert found.turns == 2
        assert found.line == (Move("jh", "remove", cell(0, 4)), Move("5s", "place", cell(0, 4)))
        assert not solve(SEQ, p, "A", hand("jh,5s"), 1, 1).win


def test_two_sequences_from_a_line_of_nine_share_one_chip():
    p = board(".", ".", ".", ".", ".", "AAAA.AAAA.")
    # 2h stands on (5, 4): one chip makes nine in a row, that is two sequences at once
    for solve in (solve_cpsat, solve_search):
        assert solve(SEQ, p, "A", hand("2h"), 1, 2).turns == 1


def test_already_won_needs_no_turn():
    p = board("*AAAA")
    assert solve_cpsat(SEQ, p, "A", (), 0, 1).turns == 0 == solve_search(SEQ, p, "A", (), 0, 1).turns


def test_bad_turns_and_illegal_lines_are_refused():
    with pytest.raises(ClicktownError):
        solve_cpsat(SEQ, empty_position(), "A", (), -1, 1)
    with pytest.raises(ClicktownError, match="not legal"):
        play_line(SEQ, empty_position(), "A", hand("5s"), [Move("5s", "place", cell(3, 3))])
    with pytest.raises(ClicktownError, match="not in the hand"):
        play_line(SEQ, empty_position(), "A", hand("5s"), [Move("6s", "place", cell(0, 5))])


def check_solution(game, position, team, cards, found, needed):
    """A found line is legal, wins, and has the length it claims."""
    assert len(found.line) == found.turns
    final = play_line(game, position, team, cards, found.line)
    assert count_fast(final, team) >= needed


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6), st.integers(1, 3), st.integers(0, 3),
       st.integers(2, 6), st.sampled_from([1, 2]))
def test_cpsat_and_search_agree_on_random_small_cases(name, seed, planted, turns, size, needed):
    game = GAMES[name]
    rng = random.Random(seed)
    found = None
    while found is None:
        found = _candidate(rng, game, planted, needed)
    position, cards = found
    cards = cards[:size]
    a = solve_cpsat(game, position, "A", cards, turns, needed)
    b = solve_search(game, position, "A", cards, turns, needed)
    assert (a.win, a.turns) == (b.win, b.turns)
    for found in (a, b):
        if found.win:
            check_solution(game, position, "A", cards, found, needed)


def cpsat_first_moves(game, position, cards, turns, needed):
    """Every legal first move after which CP-SAT finds a win within the remaining turns."""
    winners = []
    for k, card in enumerate(cards):
        if card.name in {c.name for c in cards[:k]}:
            continue
        rest = cards[:k] + cards[k + 1:]
        action = "remove" if card.action == "remove" else "place"
        for target in card_cells(game, position, "A", card):
            move = Move(card.name, action, target)
            if solve_cpsat(game, apply_move(position, "A", move), "A", rest, turns - 1, needed).win:
                winners.append(move)
    return winners


@pytest.mark.parametrize("name,seed,turns", [("sequence", 0, 1), ("sequence", 1, 2), ("numbers", 2, 2), ("numbers", 3, 1)])
def test_generated_puzzles_have_exactly_one_winning_first_move(name, seed, turns):
    game = GAMES[name]
    puzzle = generate_puzzle(game, seed, turns)
    cards = hand(",".join(puzzle.hand), game)
    needed = 2 if name == "sequence" else 1
    assert puzzle.needed == needed and len(cards) == (7 if name == "sequence" else 5)
    assert solve_cpsat(game, puzzle.position, "A", cards, turns, needed).turns == turns
    assert not solve_cpsat(game, puzzle.position, "A", cards, turns - 1, needed).win
    assert list(puzzle.first_moves) == cpsat_first_moves(game, puzzle.position, cards, turns, needed)
    assert len(puzzle.first_moves) == 1 and puzzle.solution.line[0] == puzzle.first_moves[0]
    check_solution(game, puzzle.position, "A", cards, puzzle.solution, needed)


def test_first_moves_when_a_shorter_win_exists():
    p = board("*AAA......")
    cards = hand("5s,jd")
    winners = winning_first_moves(SEQ, p, "A", cards, 2, 1)
    assert sorted(winners, key=lambda m: (m.card, m.cell)) == sorted(cpsat_first_moves(SEQ, p, cards, 2, 1), key=lambda m: (m.card, m.cell))
    assert Move("jd", "place", cell(5, 5)) in winners  # any wild placement, then 5s wins


def test_puzzles_are_reproducible_and_seeds_differ():
    a, b = generate_puzzle(SEQ, 7), generate_puzzle(SEQ, 7)
    assert a == b and a.as_dict() == b.as_dict()
    assert generate_puzzle(SEQ, 8).position != a.position


def test_three_turn_puzzles_need_the_relaxed_demand():
    with pytest.raises(ClicktownError, match="only for 1 or 2 turns"):
        generate_puzzle(SEQ, 0, 3)
    puzzle = generate_puzzle(SEQ, 0, 3, unique=False)
    cards = hand(",".join(puzzle.hand))
    assert solve_search(SEQ, puzzle.position, "A", cards, 3, 2).turns == 3


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6), st.integers(0, 2), st.sampled_from([1, 2]))
def test_cpsat_and_search_agree_with_jacks_on_dense_boards(name, seed, turns, needed):
    game = GAMES[name]
    rng = random.Random(seed)
    chips = "".join("*" if i in (0, 9, 90, 99) else rng.choice("AAB...") for i in CELLS)
    position = Position(chips)
    specials = [c for c in game.deck.cards.values() if c.action != "place"]
    places = [c for c in game.deck.cards.values() if c.action == "place"]
    cards = tuple(rng.sample(specials, rng.randint(1, 2)) + rng.sample(places, rng.randint(1, 4)))
    a = solve_cpsat(game, position, "A", cards, turns, needed)
    b = solve_search(game, position, "A", cards, turns, needed)
    assert (a.win, a.turns) == (b.win, b.turns)
    if a.win:
        check_solution(game, position, "A", cards, a, needed)
        check_solution(game, position, "A", cards, b, needed)


def slow_clock(monkeypatch):
    """Make the search's clock run a second ahead at every reading, so any time limit passes at once."""
    import itertools

    from clicktown.sequence import solve as solve_module

    ticks = itertools.count()
    monkeypatch.setattr(solve_module._Search, "clock", staticmethod(lambda: float(next(ticks))))


def test_a_search_without_an_answer_in_time_stops_with_time_up(monkeypatch):
    from clicktown.errors import TimeUp

    slow_clock(monkeypatch)
    with pytest.raises(TimeUp, match="no answer within 0.2 s"):
        solve_search(SEQ, empty_position(), "A", hand("jd,jc,jd,jc,2s,3s,4s"), 7, 2, time_limit=0.2)


def test_sequence_solve_exit_code_4_when_time_runs_out(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from clicktown.cli import cli

    slow_clock(monkeypatch)
    (tmp_path / "empty.txt").write_text(empty_position().text() + "\n")
    result = CliRunner().invoke(cli, ["sequence", "solve", str(tmp_path / "empty.txt"), "--hand", "jd,jc,jd,jc,2s,3s,4s",
                                      "--method", "search", "--turns", "7", "--time-limit", "0.2"])
    assert result.exit_code == 4 and "no answer within 0.2 s" in result.output
