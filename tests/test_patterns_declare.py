"""German declarations with "vorkommen" (to occur), and the bound on --min-occurrences."""

import pytest

from clicktown.errors import ClicktownError
from clicktown.patterns.cards import load_deck
from clicktown.patterns.declare import parse_declaration
from clicktown.patterns.analysis import Rules
from clicktown.patterns.model import generate_puzzle


@pytest.mark.parametrize("sentence, direction, trigger, target", [
    ("Nach jeder blauen Karte kommt immer Beute vor", "after", "blue", "loot"),
    ("Vor jeder Beute kommt immer eine blaue Karte vor", "before", "loot", "blue"),
    ("Beute kommt immer nach jeder blauen Karte vor", "after", "blue", "loot"),
    ("Nach jeder blauen Karte muss immer Beute vorkommen", "after", "blue", "loot"),
    ("VOR Kugeln gibt es IMMER Gesucht", "before", "bullets", "wanted"),
])
def test_vorkommen_is_a_verb_not_a_direction(sentence, direction, trigger, target):
    statement = parse_declaration(sentence)
    assert (statement.direction, statement.trigger.value, statement.target.value) == (direction, trigger, target)


def test_a_real_second_direction_is_still_refused():
    with pytest.raises(ClicktownError, match="both directions"):
        parse_declaration("Nach jeder blauen Karte kommt vor Beute")


@pytest.mark.parametrize("k", [6, 7, 8])
def test_min_occurrences_the_deck_cannot_meet_says_so(k):
    with pytest.raises(ClicktownError, match=f"needs {k} cards with the same object, and the deck holds at most 5"):
        generate_puzzle(load_deck(), 1, Rules(min_occurrences=k))
