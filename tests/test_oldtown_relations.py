"""Old Town relation words: one meaning each on the plan, pinned pair by pair on the built-in plan,
and the docs page that draws and lists them kept equal to what the code computes."""

from pathlib import Path

import pytest

from clicktown.oldtown.board import load_board
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.render.glossary import markdown, word_picture

BOARD = load_board()
WORDS = {w.key: w for w in BOARD.glossary}
DOCS = Path(__file__).resolve().parent.parent / "docs"

# Every pair once (smaller plot first), on the built-in plan: railway between rows 1-2, Main Street
# between rows 2-3, Front Street (rows 1-3), Dalton Road and Cavendish Street between the columns.
PINNED = {
    "wall": [(9, 13), (10, 14), (11, 15), (12, 16), (13, 14)],
    "across": [(1, 2), (1, 5), (2, 3), (2, 6), (3, 4), (3, 7), (4, 8), (5, 6), (5, 9), (6, 7), (6, 10), (7, 8),
               (7, 11), (8, 12), (9, 10), (10, 11), (11, 12), (14, 15), (15, 16)],
    "diagonal": [(1, 6), (2, 5), (2, 7), (3, 6), (3, 8), (4, 7), (5, 10), (6, 9), (6, 11), (7, 10), (7, 12),
                 (8, 11), (10, 15), (11, 14), (11, 16), (12, 15)],
    "next-door": [(11, 15)],
    "back-to-back": [],
    "diagonal-beside": [(1, 6), (2, 5), (2, 7), (3, 6), (3, 8), (4, 7), (5, 10), (6, 9), (6, 11), (7, 10),
                        (7, 12), (8, 11), (9, 14), (10, 13), (10, 15), (11, 14), (11, 16), (12, 15)],
    "row-two": [(1, 3), (2, 4), (5, 7), (6, 8), (9, 11), (10, 12), (13, 15), (14, 16)],
    "column-two": [(1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15), (8, 16)],
}
FROM_PLOT_6 = {  # words that relate most plots to many: the plots each relates to plot 6
    "around": [1, 2, 3, 5, 7, 9, 10, 11],
    "far": [4, 8, 12, 13, 14, 15, 16],
    "same-row": [5, 7, 8],
    "same-column": [2, 10, 14],
    "knight": [4, 12, 13, 15],
}


@pytest.mark.parametrize("key", sorted(PINNED))
def test_each_relation_word_allows_exactly_its_pairs(key):
    assert WORDS[key].unordered == PINNED[key]
    assert WORDS[key].pairs == {*PINNED[key], *((q, p) for p, q in PINNED[key])}  # symmetric


@pytest.mark.parametrize("key", sorted(FROM_PLOT_6))
def test_dense_words_seen_from_plot_6(key):
    assert sorted(q for p, q in WORDS[key].pairs if p == 6) == FROM_PLOT_6[key]


def test_far_and_around_split_every_pair_of_plots():
    assert len(WORDS["far"].unordered) + len(WORDS["around"].unordered) == 16 * 15 // 2
    assert not WORDS["far"].pairs & WORDS["around"].pairs


def test_wall_to_wall_never_crosses_a_street_or_the_railway():
    for p, q in WORDS["wall"].pairs:
        assert BOARD.edge(p, q).line is None
        assert BOARD.block_of(p) == BOARD.block_of(q)
    side_by_side = WORDS["side-by-side"].pairs
    assert WORDS["wall"].pairs | WORDS["across"].pairs == side_by_side
    assert not WORDS["wall"].pairs & WORDS["across"].pairs
    # the examples: plots 3-4 across Cavendish Street, 6-10 across Main Street, 2-6 across the railway
    for pair in [(3, 4), (6, 10), (2, 6)]:
        assert pair not in WORDS["wall"].pairs and pair in WORDS["across"].pairs


def test_next_door_and_back_to_back_share_a_wall():
    for key in ("next-door", "back-to-back"):
        assert WORDS[key].pairs <= WORDS["wall"].pairs
    assert all(BOARD.entrances[p] == BOARD.entrances[q] for p, q in WORDS["next-door"].pairs)


def test_landmark_words():
    assert sorted(WORDS["sight"].plots) == [3, 4, 8, 9, 10, 12, 13, 14, 16]
    assert sorted(WORDS["beside"].plots) == [3, 4, 8, 9, 12, 13, 14]
    assert BOARD.regions["sight:cemetery"].plots == {9, 10, 13, 14}  # "die Kirche lag in Sichtweite des Friedhofs"
    assert BOARD.regions["sight:buffalo pasture"].plots == {3, 4, 8, 12, 16}


def test_every_card_word_means_what_the_glossary_says():
    """A card limited to plots on or away from lines allows a subset of its word's pairs."""
    catalogue = load_catalogue()
    for card in catalogue.cards.values():
        if card.kind != "C" or card.predicate is None:
            continue
        word = card.predicate.split(":")[0]
        if word in WORDS:
            assert card.pairs <= WORDS[word].pairs, card.number


def test_the_docs_page_matches_the_code():
    assert (DOCS / "oldtown-relations.md").read_text(encoding="utf-8").startswith(markdown(BOARD))
    for word in BOARD.glossary:
        assert (DOCS / "relations" / f"{word.key}.svg").read_text(encoding="utf-8") == word_picture(BOARD, word, numbers=True), word.key


def test_a_relation_made_on_its_own_is_the_one_in_the_whole_list():
    """Reading cards makes only the relations they name (`Board.relation`); each is the very relation
    the whole list holds, and a key the plan has no pairs for (or that is no relation) gives None."""
    fresh = load_board()
    for key in list(BOARD.relations)[::7] + ["across:railway", "knight:town:town"]:
        assert fresh.relation(key) == BOARD.relations[key]
    assert fresh.relation("back-to-back") is None and "back-to-back" not in BOARD.relations
    assert fresh.relation("no-such-word:town:town") is None
    assert len(BOARD.relations) == 1257


def test_card_regions_are_the_board_regions_and_their_unions_and_meets():
    """A card's region key is looked up on its own; every key resolves exactly as the whole list of
    'X or Y' unions (two four-plot regions, 7 or 8 plots) and 'X and Y' meets (line, edge and landmark
    regions, 4, 7 or 8 plots) would, in the board's order of regions, and no other pair resolves."""
    from itertools import permutations

    from clicktown.oldtown.catalogue import card_region, vocabulary

    whole, _ = vocabulary(BOARD)
    assert len(whole) == 352
    for key, region in whole.items():
        assert card_region(BOARD, key) == region
    for first, second in permutations(BOARD.regions, 2):
        for mark in "|&":
            key = f"{first}{mark}{second}"
            assert (card_region(BOARD, key) is None) == (key not in whole), key
    assert card_region(BOARD, "map:2-6-9-10").plots == {2, 6, 9, 10}
    assert card_region(BOARD, "map:2-x") is None and card_region(BOARD, "") is None
