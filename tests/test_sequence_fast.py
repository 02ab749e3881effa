"""The fast paths of Sequence against their readable references, on thousands of random positions.

  counting  -- the bitboard reading against the cell-by-cell reading and CP-SAT (with locked chips);
  guarding  -- the chips no remove card may take, against their definition read from the windows.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.sequence.geometry import CELLS, CONFLICTS_OF, CORNERS, WINDOWS, complete_windows_in
from clicktown.sequence.position import Position, parse_position
from clicktown.sequence.sequences import (complete_windows, count_cpsat, count_fast, owned_mask, protected_cells,
                                          reading, reading_by_cells)

MANY = dict(deadline=None, derandomize=True, database=None)


def random_position(rng: random.Random, chips: str, locks: int = 0) -> Position:
    """A random position; up to `locks` of each team's complete, fitting windows locked."""
    cells = ["*" if i in CORNERS else rng.choice(chips) for i in CELLS]
    for team in "ABC":
        made: list[int] = []
        candidates = complete_windows_in(owned_mask(Position("".join(cells)), team))
        rng.shuffle(candidates)
        for n in candidates[:locks]:
            window = WINDOWS[n]
            if any(m in CONFLICTS_OF[n] for m in made):
                continue
            made.append(n)
            for c in window.cells:
                if c not in CORNERS:
                    cells[c] = team.lower()
    return Position("".join(cells))


@st.composite
def positions(draw, locks: int = 2):
    """Random positions from sparse to dense, two or three teams, some with locked sequences."""
    chips = draw(st.sampled_from(["AB........", "AABB...", "AAAB..", "AAAAB.", "AABC..", "AAAAAB", "aAAB.."]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return random_position(rng, chips.replace("a", ""), draw(st.integers(0, locks)))


@settings(max_examples=1500, **MANY)
@given(positions())
def test_the_bitboard_reading_equals_the_cell_by_cell_reading(position):
    position = parse_position(position.text())  # the locks are valid ones
    for team in "ABC":
        assert reading(position, team) == reading_by_cells(position, team)
        assert count_fast(position, team) == len(reading_by_cells(position, team))


@settings(max_examples=400, **MANY)
@given(positions())
def test_the_bitboard_count_equals_cpsat(position):
    for team in "ABC":
        assert count_fast(position, team) == count_cpsat(position, team)[0]


@settings(max_examples=600, **MANY)
@given(positions(locks=1))
def test_complete_windows_on_the_bitboard_are_those_read_cell_by_cell(position):
    for team in "ABC":
        complete = set(complete_windows(position, team))
        assert complete_windows_in(owned_mask(position, team)) == [n for n, w in enumerate(WINDOWS) if w in complete]


@settings(max_examples=600, **MANY)
@given(positions())
def test_protected_chips_are_the_locked_ones_and_those_in_complete_lines_of_their_team(position):
    expected = {i for i in CELLS if position.is_locked(i)}
    for team in "ABC":
        expected |= {c for w in complete_windows(position, team) for c in w.cells if position.team_at(c) == team}
    assert protected_cells(position) == expected
