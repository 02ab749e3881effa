"""The board and deck data of Sequence and Sequence Numbers, and the checks on users' own files."""

import json
from collections import Counter

import pytest

from clicktown.errors import ClicktownError, DataError
from clicktown.sequence.cards import equation_value, load_game, parse_hand
from clicktown.sequence.geometry import CORNERS
from clicktown.sequence.rules import hand_size, sequences_needed, table_for


@pytest.fixture(scope="module")
def sequence():
    return load_game("sequence")


@pytest.fixture(scope="module")
def numbers():
    return load_game("numbers")


def test_sequence_board_holds_every_card_but_the_jacks_twice(sequence):
    labels = Counter(lab for lab in sequence.board.labels if lab is not None)
    ranks, suits = "23456789tqka", "sdch"
    assert set(labels) == {r + s for r in ranks for s in suits}
    assert set(labels.values()) == {2}
    assert not any(lab.startswith("j") for lab in labels)
    assert [i for i, lab in enumerate(sequence.board.labels) if lab is None] == sorted(CORNERS)


def test_sequence_board_matches_the_printed_rows(sequence):
    rows = sequence.board.rows()
    assert rows[0] == ["*", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "*"]
    assert rows[5] == ["tc", "ts", "8c", "7h", "2h", "3h", "kh", "td", "6h", "2d"]
    assert rows[9] == ["*", "ad", "kd", "qd", "td", "9d", "8d", "7d", "6d", "*"]


def test_sequence_deck_is_two_decks_with_four_wild_and_four_remove_jacks(sequence):
    deck = sequence.deck
    assert sum(deck.copies.values()) == 104
    by_action = Counter()
    for name, card in deck.cards.items():
        by_action[card.action] += deck.copies[name]
    assert by_action == {"place": 96, "wild": 4, "remove": 4}
    assert {n for n, c in deck.cards.items() if c.action == "wild"} == {"jd", "jc"}
    assert {n for n, c in deck.cards.items() if c.action == "remove"} == {"jh", "js"}
    assert deck.card("10H").name == "th"


def test_numbers_board_is_each_number_twice_and_the_deck_answers_cover_it(numbers):
    labels = Counter(lab for lab in numbers.board.labels if lab is not None)
    assert set(labels) == {str(n) for n in range(1, 49)} and set(labels.values()) == {2}
    answers = Counter(c.names for c in numbers.deck.cards.values() if c.action == "place")
    assert set(answers) == set(labels) and set(answers.values()) == {2}
    for card in numbers.deck.cards.values():
        if card.action == "place":
            assert equation_value(card.name) == int(card.names)
    assert sum(numbers.deck.copies.values()) == 100
    assert numbers.deck.card("+").action == "wild" and numbers.deck.card("minus").action == "remove"


def test_hand_parsing(sequence):
    hand = parse_hand("7h, jd as 10c", sequence.deck)
    assert [c.name for c in hand] == ["7h", "jd", "as", "tc"]
    with pytest.raises(DataError, match=r"^--hand: cards\[1\]: expected a card of this deck \(cards look like 2s, 3s, "
                       r"4s\), found the unknown card 'zz'$"):
        parse_hand("7h,zz", sequence.deck)
    with pytest.raises(DataError, match=r"^--hand: cards\[2\]: expected at most 2 copies of 7h \(the deck holds no "
                       r"more\), found 3 copies$"):
        parse_hand("7h,7h,7h", sequence.deck)


def test_a_hand_goes_through_the_validation_layer(sequence):
    with pytest.raises(DataError, match=r"^--hand: cards\[1\]: expected a card name such as 7h, .*, found 'z\?'$"):
        parse_hand("7h,z?", sequence.deck)
    with pytest.raises(DataError, match=r"^my hand: cards: expected at least one card, e\.g\. 7h,jd, found an empty hand$"):
        parse_hand(" ,, ", sequence.deck, source="my hand")
    with pytest.raises(DataError, match=r"^--hand: cards: expected at most 3 cards, found 4$"):
        parse_hand("2s,3s,4s,5s", sequence.deck, limit=3)


def test_win_conditions_differ_between_the_rulebooks():
    assert sequences_needed("sequence", 2) == 2
    assert sequences_needed("sequence", 3) == 1
    assert sequences_needed("sequence", 2, 4) == 2
    assert sequences_needed("numbers", 2) == 1
    assert sequences_needed("numbers", 3) == 1
    assert sequences_needed("numbers", 2, 4) == 2
    assert sequences_needed("numbers", 3, 6) == 2
    assert hand_size("sequence", 2) == 7 and hand_size("numbers", 3) == 5 and hand_size("numbers", 5) == 4
    with pytest.raises(ClicktownError):
        sequences_needed("sequence", 2, 9)
    with pytest.raises(ClicktownError):
        sequences_needed("numbers", 2, 7)
    with pytest.raises(ClicktownError, match="team C"):
        table_for("sequence", ("A", "B", "C"), "A", teams=2)
    with pytest.raises(ClicktownError, match="not in play"):
        table_for("sequence", ("A", "B"), "C")


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_user_board_and_deck_files_are_checked(tmp_path, sequence):
    good_rows = [" ".join(row) for row in sequence.board.rows()]
    board9 = _write(tmp_path, "b9.txt", "\n".join(good_rows[:9]))
    with pytest.raises(DataError, match="10 rows, found 9"):
        load_game("sequence", board_file=board9)
    tripled = _write(tmp_path, "b3.txt", "\n".join(good_rows).replace("3s", "2s", 1))
    with pytest.raises(DataError, match="'2s' stands 3 times"):
        load_game("sequence", board_file=tripled)
    no_corner = _write(tmp_path, "bc.txt", "\n".join(good_rows).replace("*", "xx", 1))
    with pytest.raises(DataError, match="row 0, column 0 is a corner: expected .* found .xx."):
        load_game("sequence", board_file=no_corner)
    deck = {"cards": [{"card": "7h", "names": "7h", "copies": 2}]}
    short = _write(tmp_path, "d.json", json.dumps(deck))
    with pytest.raises(DataError, match="no card names"):
        load_game("sequence", deck_file=short)
    wrong = _write(tmp_path, "e.json", json.dumps({"cards": [{"card": "2+2", "names": "5"}]}))
    with pytest.raises(DataError, match="does not come to"):
        load_game("numbers", deck_file=wrong)
    broken = _write(tmp_path, "f.json", "{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load_game("sequence", deck_file=broken)
