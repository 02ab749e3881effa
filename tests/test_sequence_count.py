"""Counting sequences: hand-made positions, and CP-SAT against exhaustive search and the closed form."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.errors import DataError
from clicktown.sequence.geometry import CORNERS
from clicktown.sequence.position import Position, empty_position, parse_position
from clicktown.sequence.reference import count_cpsat, count_exhaustive
from clicktown.sequence.sequences import complete_windows, count_fast, count_sequences, protected_cells


EMPTY_ROWS = ["*........*"] + ["." * 10] * 8 + ["*........*"]


def board(*rows: str) -> Position:
    """A position from its first rows; the rest of the ten rows are empty."""
    rows = [row.ljust(10, ".") for row in rows] + ["." * 10] * (10 - len(rows))
    rows[0] = "*" + rows[0][1:9] + "*"
    rows[9] = "*" + rows[9][1:9] + "*"
    return parse_position("\n".join(rows))


def lines_of(position, team):
    return sorted(sorted(line["cells"]) for line in count_sequences(position).as_dict()["lines"] if line["team"] == team)


def counted(position):
    return count_sequences(position).sequences


def test_empty_board_has_no_sequences():
    assert counted(empty_position()) == {"A": 0, "B": 0}


def test_a_corner_stands_in_for_a_chip_of_every_team():
    p = board("*AAAA.....", "B.........", "B.........", "B.........", "B.........")
    assert counted(p) == {"A": 1, "B": 1}
    assert lines_of(p, "A") == [[[0, c] for c in range(5)]]
    assert lines_of(p, "B") == [[[r, 0] for r in range(5)]]


def test_four_chips_on_the_diagonal_from_a_corner():
    p = board("*.........", ".A........", "..A.......", "...A......", "....A.....")
    assert counted(p)["A"] == 1
    assert lines_of(p, "A") == [[[i, i] for i in range(5)]]


def test_nine_in_a_row_is_two_sequences_sharing_the_middle_chip():
    p = board(".", ".", ".", ".", ".", "AAAAAAAAA.")
    assert counted(p)["A"] == 2
    assert lines_of(p, "A") == [[[5, c] for c in range(5)], [[5, c] for c in range(4, 9)]]


def test_lines_of_six_seven_and_eight_are_one_sequence_ten_are_two():
    for length, expected in ((5, 1), (6, 1), (7, 1), (8, 1), (9, 2), (10, 2)):
        p = board(".", ".", ".", "." * (10 - length) + "A" * length, "B")
        assert counted(p) == {"A": expected, "B": 0}, length


def test_the_top_row_between_two_corners_is_two_sequences():
    assert counted(board("*AAAAAAAA*"))["A"] == 2
    assert counted(board("*AAAAAAA.*"))["A"] == 1


def test_crossing_lines_share_their_crossing_chip():
    p = board(".", "...A......", "...A......", "AAAAAAA...", "...A......", "...A......")
    assert counted(p)["A"] == 2
    star = board("A.....A...", ".A.A.A....", "..AAA.....", "AAAAAAAAA.", "..AAA.....", ".A.A.A....", "A.....A...")
    # through (3, 3): across nine (two, sharing (3, 4)), down five, both diagonals seven: five sequences
    assert counted(star)["A"] == 5
    assert count_exhaustive(star, "A") == 5


def test_an_opponent_chip_breaks_a_line():
    assert counted(board(".", "AAAABAAAAA")) == {"A": 1, "B": 0}


def test_a_third_team_appears_with_its_chips():
    assert counted(board(".", "CCCCC.....")) == {"A": 0, "B": 0, "C": 1}


def test_the_reading_covers_the_locked_chips():
    p = board(".", ".aaaaaA...")
    assert lines_of(p, "A") == [[[1, c] for c in range(1, 6)]]
    p = board(".", ".Aaaaaa...")
    assert lines_of(p, "A") == [[[1, c] for c in range(2, 7)]]


def test_locked_chips_and_complete_lines_are_protected():
    p = board(".", "aaaaa.....", "BBBBB.B...", "A.........")
    guarded = protected_cells(p)
    assert guarded == {10, 11, 12, 13, 14, 20, 21, 22, 23, 24}


BAD_POSITIONS = [  # (the rows, the one-line error of the validation layer)
    (EMPTY_ROWS[:9], "pos.txt: rows: expected 10 rows of 10 cells, found 9 rows"),
    (EMPTY_ROWS[:3] + ["........."] + EMPTY_ROWS[4:], "pos.txt: rows[3]: expected 10 cells, found 9 cells: '.........'"),
    (["A........*"] + EMPTY_ROWS[1:], "pos.txt: rows[0]: expected '*' at column 0 (a free corner), found 'A'"),
    (EMPTY_ROWS[:2] + ["..*......."] + EMPTY_ROWS[3:],
     "pos.txt: rows[2]: expected one of . A B C a b c ('*' stands on the four corners only) at column 2, found '*'"),
    (EMPTY_ROWS[:2] + ["..x......."] + EMPTY_ROWS[3:], "pos.txt: rows[2]: expected one of * . A B C a b c at column 2, found 'x'"),
    (EMPTY_ROWS[:2] + ["..a......."] + EMPTY_ROWS[3:],
     "pos.txt: rows[2]: expected the locked chip 'a' at column 2 in a line of five locked chips of team A (or corners), "
     "found none"),
]


@pytest.mark.parametrize("rows,message", BAD_POSITIONS)
def test_bad_positions_are_refused_through_the_validation_layer(rows, message):
    with pytest.raises(DataError) as caught:
        parse_position("\n".join(rows), "pos.txt")
    assert str(caught.value) == message


def test_a_position_without_a_source_is_named_position():
    with pytest.raises(DataError, match=r"^position: rows: expected 10 rows"):
        parse_position("")


def test_comments_and_blank_lines_are_ignored():
    text = "# a comment\n\n" + "\n".join(["*........*"] + ["." * 10] * 8 + ["*........*"]) + "\n\n# end\n"
    assert parse_position(text) == empty_position()


@st.composite
def positions(draw, chips="AAAB.."):
    """Random positions; the dense ones stress long lines and crossings."""
    cells = draw(st.lists(st.sampled_from(chips), min_size=100, max_size=100))
    return Position("".join("*" if i in CORNERS else ch for i, ch in enumerate(cells)))


@settings(max_examples=150, deadline=None)
@given(positions(chips="AAAB..."))
def test_cpsat_count_equals_exhaustive_search_on_small_cases(position):
    if len(complete_windows(position, "A")) > 16:
        position = Position(position.cells[:50].replace("A", ".") + position.cells[50:])
    if len(complete_windows(position, "A")) > 16:
        return
    assert count_cpsat(position, "A")[0] == count_exhaustive(position, "A")


@settings(max_examples=300, deadline=None)
@given(positions(chips="AAAAB."))
def test_the_closed_form_equals_cpsat(position):
    for team in "AB":
        n, lines = count_cpsat(position, team)
        assert count_fast(position, team) == n == len(lines)
        assert all(all(position.owns(c, team) for c in w.cells) for w in lines)
