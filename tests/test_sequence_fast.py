"""The fast paths of Sequence against their readable references, on thousands of random positions.

  counting  -- the bitboard reading against the cell-by-cell reading and CP-SAT (with locked chips);
  guarding  -- the chips no remove card may take, against their definition read from the windows;
  reading   -- the plain checks of a position's rows and a hand's names against the pydantic models;
  solving   -- the search, refuting early where no set of windows fits the hand, against CP-SAT;
  playing   -- the greedy bot's worth of a chip looked up by window code, against the worth read
               from each team's chip counts, at every turn of random games.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.arena.state import resolve_chance
from clicktown.datafiles import validated
from clicktown.errors import DataError, TimeUp
from clicktown.sequence.cards import load_game
from clicktown.sequence.game.bots import make_bot, placement_score, removal_score
from clicktown.sequence.game.simulate import Setup, make_match
from clicktown.sequence.game.state import CODE_WEIGHT, CORNER_WEIGHT
from clicktown.sequence.geometry import CELLS, CONFLICTS_OF, CORNERS, CORNERS_IN, WINDOWS, complete_windows_in
from clicktown.sequence.position import Position, parse_position
from clicktown.sequence.reference import (count_cpsat, placement_score_by_counts, reading_by_cells,
                                          removal_score_by_counts)
from clicktown.sequence.sequences import complete_windows, count_fast, owned_mask, protected_cells, reading
from clicktown.sequence.moves import play_line
from clicktown.sequence.schema import HandCards, PositionRows
from clicktown.sequence.solve import solve_cpsat, solve_search
from clicktown.sequence.text_shapes import hand_cards, position_rows

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


@settings(max_examples=1000, **MANY)
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


@settings(max_examples=300, **MANY)
@given(positions(locks=1))
def test_complete_windows_on_the_bitboard_are_those_read_cell_by_cell(position):
    for team in "ABC":
        complete = set(complete_windows(position, team))
        assert complete_windows_in(owned_mask(position, team)) == [n for n, w in enumerate(WINDOWS) if w in complete]


@settings(max_examples=300, **MANY)
@given(positions())
def test_protected_chips_are_the_locked_ones_and_those_in_complete_lines_of_their_team(position):
    expected = {i for i in CELLS if position.is_locked(i)}
    for team in "ABC":
        expected |= {c for w in complete_windows(position, team) for c in w.cells if position.team_at(c) == team}
    assert protected_cells(position) == expected


def _outcome(check):
    """What a check says: 'ok' or its one-line error."""
    try:
        check()
    except DataError as exc:
        return str(exc)
    return "ok"


@st.composite
def position_texts(draw):
    """Rows of a position, mostly nearly right: a wrong mark, a row too short or long, rows missing."""
    rows = [row for row in random_position(random.Random(draw(st.integers(0, 2**16))), "AB..").text().split()]
    for _ in range(draw(st.integers(0, 3))):
        r = draw(st.integers(0, len(rows) - 1)) if rows else 0
        change = draw(st.sampled_from(["mark", "cut", "grow", "drop", "add"]))
        if not rows or change == "add":
            rows.insert(r, draw(st.text(alphabet="*.ABCabcxX ", max_size=12)))
        elif change == "drop":
            rows.pop(r)
        elif change == "cut":
            rows[r] = rows[r][:draw(st.integers(0, 9))]
        elif change == "grow":
            rows[r] += draw(st.sampled_from([".", "A", "*"]))
        else:
            c = draw(st.integers(0, len(rows[r]))) if rows[r] else 0
            rows[r] = rows[r][:c] + draw(st.sampled_from(list("*.ABCabcx?é"))) + rows[r][c + 1:]
    return rows


@settings(max_examples=1000, **MANY)
@given(position_texts())
def test_the_plain_position_check_says_what_the_pydantic_model_says(rows):
    assert _outcome(lambda: position_rows(rows, "pos.txt")) == _outcome(
        lambda: validated({"rows": rows}, PositionRows, "pos.txt"))


@settings(max_examples=1000, **MANY)
@given(st.lists(st.text(alphabet="7hjdasc10+-*/xé?_ ", min_size=1, max_size=18), max_size=9))
def test_the_plain_hand_check_says_what_the_pydantic_model_says(names):
    assert _outcome(lambda: hand_cards(names, "--hand")) == _outcome(
        lambda: validated({"cards": names}, HandCards, "--hand"))


GAMES = {name: load_game(name) for name in ("sequence", "numbers")}


@st.composite
def win_questions(draw):
    """A position (some with a locked sequence), a hand with jacks or plus/minus cards, turns and sequences needed."""
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    rng = random.Random(draw(st.integers(0, 2**32)))
    position = random_position(rng, draw(st.sampled_from(["AAB...", "AAAB..", "AB....", "AABB.."])), draw(st.integers(0, 1)))
    specials = [c for c in game.deck.cards.values() if c.action != "place"]
    places = [c for c in game.deck.cards.values() if c.action == "place"]
    cards = tuple(rng.choices(specials, k=draw(st.integers(0, 3))) + rng.sample(places, draw(st.integers(0, 5))))
    return game, position, cards, draw(st.integers(0, 4)), draw(st.sampled_from([1, 2]))


@settings(max_examples=500, **MANY)
@given(win_questions())
def test_the_search_with_its_bound_answers_as_cpsat_does(question):
    game, position, cards, turns, needed = question
    if any(count_fast(position, t) >= needed for t in "BC"):
        return  # the game is over
    model = solve_cpsat(game, position, "A", cards, turns, needed)
    found = solve_search(game, position, "A", cards, turns, needed)
    assert (found.win, found.turns) == (model.win, model.turns)
    if found.win:
        final = play_line(game, position, "A", cards, found.line)
        assert len(found.line) == found.turns and count_fast(final, "A") >= needed


def test_the_search_stops_at_its_time_limit():
    game = GAMES["sequence"]
    cards = tuple(game.deck.card(n) for n in ("jd", "jc", "jh", "5s", "kd"))
    position = random_position(random.Random(1), "AB....")
    assert not solve_search(game, position, "A", cards, 3, 2).win
    with pytest.raises(TimeUp, match=r"no answer within 0 s \(raise --time-limit\)"):
        solve_search(game, position, "A", cards, 3, 2, time_limit=0)


@settings(max_examples=10, **MANY)
@given(st.sampled_from([("sequence", 2, None), ("sequence", 3, None), ("sequence", 4, 2), ("numbers", 2, None),
                        ("numbers", 6, 3)]), st.integers(0, 2**32), st.sampled_from(["greedy", "random"]))
def test_the_greedy_worth_looked_up_by_window_code_equals_the_worth_read_count_by_count(table, seed, bot):
    game, players, teams = table
    match = make_match(Setup(game, players, teams, (bot,)))
    state, rng, player = match.new_state(), random.Random(seed), make_bot(bot)
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        chips = state.window_chips
        assert state.window_code == [sum(chips[t][w] * CODE_WEIGHT[t] for t in chips) + CORNER_WEIGHT * CORNERS_IN[w]
                                     for w in range(len(WINDOWS))]
        for team in match.table.team_names:
            assert state.barred[team] == {w for m in state.sequences[team] for w in CONFLICTS_OF[m]}
            for c in CELLS:
                if state.board[c] == ".":
                    assert placement_score(state, team, c) == placement_score_by_counts(state, team, c)
                elif state.board[c].isupper() and state.board[c] != team:
                    assert removal_score(state, team, c) == removal_score_by_counts(state, team, c)
        state.apply_action(player.choose(state, rng))
