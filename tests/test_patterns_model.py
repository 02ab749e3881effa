"""The CP-SAT model of Wild Wild Pattern against the enumerator, and its uses (wild completion, puzzles)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.errors import ClicktownError
from clicktown.patterns.cards import Wheel, load_deck, parse_card, parse_wheel
from clicktown.patterns.analysis import Rules, created_patterns, moves, valid_patterns
from clicktown.patterns.model import complete_wild, creating_moves, generate_puzzle
from clicktown.patterns.reference import model_patterns

from test_patterns import ARCHIBALD, DAKOTA, MARTHA, NO_MOVE, PHINEAS, WILD, any_rules, any_wheel

DECK = load_deck()


@settings(max_examples=1000, deadline=None)
@given(any_wheel, any_rules)
def test_model_and_enumerator_agree_on_random_wheels(w, rules):
    assert model_patterns(w, rules) == valid_patterns(w, rules)


@pytest.mark.parametrize("text", [ARCHIBALD, MARTHA, PHINEAS, DAKOTA, WILD, NO_MOVE])
@pytest.mark.parametrize("rules", [Rules(), Rules(min_occurrences=1), Rules(after="counterclockwise")])
def test_model_and_enumerator_agree_on_the_rulebook_wheels(text, rules):
    w = parse_wheel(text, DECK)
    assert model_patterns(w, rules) == valid_patterns(w, rules)


def test_model_and_enumerator_agree_on_deck_deals():
    rng = random.Random(7)
    for _ in range(100):
        w = Wheel(tuple(rng.sample(DECK.cards, 8)))
        assert model_patterns(w) == valid_patterns(w)


def test_model_finds_the_wild_wild_pattern():
    wild = [p for p in model_patterns(parse_wheel(WILD.replace("white-horseshoe-bullets", "white-loot-coin"), DECK))
            if p.wild]
    assert [p.statement.text_en() for p in wild] == [
        "after every blue there is always loot", "after every loot there is always blue",
        "before every blue there is always loot", "before every loot there is always blue"]


# ---- completing a partial wheel for a Wild Wild Pattern -----------------------------------------

def _wild_by_brute_force(w, card, rules):
    """Whether some filling of the (one) gap lets `card` create a Wild Wild Pattern, by the enumerator."""
    used = [c for c in w.cards if c is not None] + [card]
    spare = [c for c in DECK.cards if c not in used]
    gaps = w.gaps()
    fillings = [w] if not gaps else [w.covered(gaps[0], c) for c in spare]
    return any(m.wild for f in fillings for m in moves(f, card, rules))


def test_wild_completion_of_the_rulebook_wheel():
    given_ = parse_wheel("blue-gun-bullets,_,blue-star-bullets,_,_,grey-loot-bullets,_,white-loot-coin", DECK, gaps=True)
    card = parse_card("red-loot-bullets")
    found = complete_wild(given_, card, DECK)
    assert found.wheel is not None and found.wheel.gaps() == []
    assert [found.wheel.cards[i] for i in (0, 2, 5, 7)] == [given_.cards[i] for i in (0, 2, 5, 7)]
    assert len(set(found.wheel.cards) | {card}) == 9
    created = created_patterns(found.wheel, found.position, card)
    assert found.pattern in created and found.pattern.wild


def test_wild_completion_without_gaps_is_a_check():
    w = parse_wheel(WILD, DECK)
    found = complete_wild(w, parse_card("white-loot-coin"), DECK)
    assert found.wheel == w and found.position == 7 and found.pattern.wild
    gap = Wheel(w.cards[:7] + (None,))
    assert complete_wild(gap, parse_card("white-loot-coin"), DECK).wheel is not None
    assert _wild_by_brute_force(gap, parse_card("white-loot-coin"), Rules())
    none = complete_wild(parse_wheel(NO_MOVE, DECK), parse_card("blue-bottle-coin"), DECK)
    assert none.wheel is None and none.as_dict()["possible"] is False


def test_wild_completion_refuses_cards_the_deck_lacks():
    w = parse_wheel(WILD.replace("blue-gun-bullets", "_"), DECK, gaps=True)
    with pytest.raises(ClicktownError, match="used 2 times"):
        complete_wild(w, parse_card("red-loot-bullets"), DECK)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([WILD, DAKOTA, PHINEAS, ARCHIBALD]), st.integers(0, 7), st.integers(0, 39), any_rules)
def test_wild_completion_matches_brute_force_on_one_gap(text, gap, card_index, rules):
    w = parse_wheel(text, DECK)
    w = Wheel(w.cards[:gap] + (None,) + w.cards[gap + 1:])
    card = DECK.cards[card_index]
    if card in w.cards:
        return
    found = complete_wild(w, card, DECK, rules)
    assert (found.wheel is not None) == _wild_by_brute_force(w, card, rules)
    if found.wheel is not None:
        assert found.pattern in created_patterns(found.wheel, found.position, card, rules)


# ---- training puzzles ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed, rules", [(0, Rules()), (1, Rules()), (2, Rules(extend=True, lenient=True))])
def test_puzzle_has_exactly_one_pattern_creating_move(seed, rules):
    puzzle = generate_puzzle(DECK, seed, rules)
    cards = list(puzzle.wheel.cards) + [puzzle.card]
    DECK.check(cards)
    assert len(set(cards)) == 9
    only = creating_moves(puzzle.wheel, puzzle.card, rules)
    assert only == [(puzzle.position, puzzle.pattern)]


def test_puzzle_search_past_its_time_limit_is_no_answer():
    """No time left: the search ends with TimeUp (exit code 4 on the command line), not a verdict."""
    from clicktown.errors import TimeUp

    with pytest.raises(TimeUp, match="no answer within 0 s") as found:
        generate_puzzle(DECK, 1, time_limit=0)
    assert found.value.exit_code == 4


def test_puzzle_is_reproducible_from_its_seed():
    first = generate_puzzle(DECK, 1).as_dict()
    assert first == generate_puzzle(DECK, 1).as_dict()
    assert first != generate_puzzle(DECK, 0).as_dict()
