"""Wild Wild Pattern engine: cards, the enumerator, moves, rewards, declarations, rulebook examples."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.errors import ClicktownError, DataError
from clicktown.patterns.cards import Card, Trait, Wheel, load_deck, parse_card, parse_wheel, vocabulary
from clicktown.patterns.declare import parse_declaration
from clicktown.patterns.analysis import (Rules, Statement, all_statements, best_move, created_patterns, evaluate,
                                       judge, moves, valid_patterns)
from rulebook_wheels import ARCHIBALD, DAKOTA, MARTHA, NO_MOVE, PHINEAS, WILD  # the rulebook's examples as wheels

DECK = load_deck()
COLORS = ["red", "blue", "yellow", "grey", "white"]
OBJECTS = ["gun", "loot", "star", "bottle", "horseshoe", "dynamite", "barrel", "wanted"]


def wheel(text):
    """A wheel from the deck."""
    return parse_wheel(text, DECK)


def stmt(sentence):
    """A statement from a sentence."""
    return parse_declaration(sentence)




# ---- cards, deck, wheel ---------------------------------------------------------------------

def test_deck_is_every_color_with_every_object_and_twenty_coins():
    assert len(DECK.cards) == 40
    assert {(c.color, c.object) for c in DECK.cards} == {(c, o) for c in COLORS for o in OBJECTS}
    assert sum(c.suit == "coin" for c in DECK.cards) == 20
    for color in COLORS:
        assert sum(c.suit == "coin" for c in DECK.cards if c.color == color) == 4
    for obj in OBJECTS:
        assert sum(c.suit == "coin" for c in DECK.cards if c.object == obj) in (2, 3)
    for named in ("yellow-star-coin", "white-star-bullets", "blue-gun-bullets", "yellow-loot-bullets"):
        assert parse_card(named) in DECK.cards


@pytest.mark.parametrize("text", ["blue-gun-bullets", "blau-pistole-kugeln", "Kugeln-BLAU-Pistole",
                                  "bleu-pistolet-balles", "blu-pistola-proiettili", "blue-gun"])
def test_card_names_in_four_languages(text):
    assert parse_card(text, DECK) == Card("blue", "gun", "bullets")


def test_multiword_and_accented_names():
    assert parse_card("giallo-ferro-di-cavallo-moneta") == Card("yellow", "horseshoe", "coin")
    assert parse_card("weiß-fer-à-cheval-pièce") == Card("white", "horseshoe", "coin")
    assert parse_card("STERN-GELB-MÜNZE") == Card("yellow", "star", "coin")


@pytest.mark.parametrize("text, message", [
    ("purple-gun-coin", "unknown word 'purple'"),
    ("blue-red-gun-coin", "names two colors: blue and red"),
    ("blue-gun", "has no suit"),
])
def test_bad_cards(text, message):
    with pytest.raises(ClicktownError, match=message):
        parse_card(text)


def test_wheel_needs_eight_deck_cards():
    with pytest.raises(ClicktownError, match="got 7"):
        wheel(ARCHIBALD.rsplit(",", 1)[0])
    with pytest.raises(ClicktownError, match="got 9"):
        wheel(ARCHIBALD + ",white-gun-bullets")
    with pytest.raises(ClicktownError, match="not in the deck"):
        wheel(ARCHIBALD.replace("red-gun-coin", "red-gun-bullets"))
    with pytest.raises(ClicktownError, match="used 2 times"):
        wheel(ARCHIBALD.replace("blue-barrel-bullets", "red-gun-coin"))
    assert parse_wheel(ARCHIBALD.replace("red-gun-coin", "_"), DECK, gaps=True).gaps() == [0]


def test_broken_deck_files(tmp_path):
    bad = tmp_path / "deck.json"
    bad.write_text('{"cards": ["red-gun-coin"]}')
    with pytest.raises(DataError, match=r"deck.json: cards: expected at least 9 item\(s\), found \['red-gun-coin'\]"):
        load_deck(bad)
    bad.write_text('{"cards": ' + str(["red-gun-coin"] * 8 + ["mauve-gun-coin"]).replace("'", '"') + "}")
    with pytest.raises(DataError, match=r"cards\[8\]: expected a card color-object-suit, found 'mauve-gun-coin' \(unknown word 'mauve'"):
        load_deck(bad)
    bad.write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load_deck(bad)


def test_statement_space():
    statements = all_statements()
    assert len(statements) == 2 * 8 * 7 * 2
    assert len(vocabulary().traits) == 15
    with pytest.raises(ClicktownError, match="two colors"):
        Statement("after", Trait("color", "blue"), Trait("color", "red"))
    with pytest.raises(ClicktownError, match="needs an object"):
        Statement("after", Trait("color", "blue"), Trait("suit", "coin"))


# ---- the enumerator against the one-statement definition ------------------------------------

any_card = st.builds(Card, st.sampled_from(COLORS), st.sampled_from(OBJECTS), st.sampled_from(["coin", "bullets"]))
any_wheel = st.lists(any_card, min_size=8, max_size=8).map(lambda cs: Wheel(tuple(cs)))
any_rules = st.builds(Rules, st.sampled_from(["clockwise", "counterclockwise"]), st.integers(1, 4),
                      st.booleans(), st.booleans())


@settings(max_examples=500, deadline=None)
@given(any_wheel, any_rules)
def test_enumerator_matches_statement_by_statement(w, rules):
    by_definition = [p for p in (evaluate(w, s, rules)[0] for s in all_statements()) if p is not None]
    assert sorted(p.as_dict()["text_en"] for p in valid_patterns(w, rules)) == \
        sorted(p.as_dict()["text_en"] for p in by_definition)
    assert {p.statement: p for p in valid_patterns(w, rules)} == {p.statement: p for p in by_definition}


@settings(max_examples=60, deadline=None)
@given(any_wheel, any_card, any_rules)
def test_moves_match_the_definition_of_creating(w, card, rules):
    for move in moves(w, card, rules):
        after = w.covered(move.position, card)
        expected = []
        for s in all_statements():
            now, old = evaluate(after, s, rules)[0], evaluate(w, s, rules)[0]
            new = now is not None and (old is None or (rules.extend and now.occurrences > old.occurrences))
            if new and (rules.lenient or move.position in now.involved):
                expected.append(now)
        assert set(move.patterns) == set(expected)


def test_direction_flips_with_the_german_reading():
    w = wheel(DAKOTA.replace("red-star-coin", "yellow-loot-bullets"))
    clockwise = {p.statement.text_en() for p in valid_patterns(w)}
    counter = {p.statement.text_en() for p in valid_patterns(w, Rules(after="counterclockwise"))}
    assert "after every blue there is always loot" in clockwise
    assert "before every blue there is always loot" in counter
    assert {t.replace("after", "X").replace("before", "after").replace("X", "before") for t in clockwise} == counter


# ---- the rulebook's worked examples --------------------------------------------------------

def test_archibald_object_suit_repeats_once_wins_the_covered_card():
    w, card = wheel(ARCHIBALD), parse_card("STERN-GELB-MÜNZE")
    v = judge(w, stmt("Unmittelbar VOR jeder STERN-Karte gibt es immer eine MÜNZE-Karte"), Rules(), (3, card))
    assert v.valid
    assert (v.pattern.statement.kind, v.pattern.occurrences, v.pattern.tier) == ("object+suit", 2, 1)
    assert v.pattern.involved == (0, 1, 2, 3) and not v.pattern.wild
    assert (v.reward.cards_won, v.reward.text) == (1, "the covered card")
    assert [p.statement.text_en() for p in created_patterns(w, 3, card)] == [
        "after every star there is always coin", "before every star there is always coin"]


def test_martha_jane_passes_by_default_and_fails_the_strict_reading():
    w, card = wheel(MARTHA), parse_card("white-star-bullets")
    s = stmt("Immédiatement AVANT chaque carte ÉTOILE, il y a toujours une carte PIÈCE.")
    strict = judge(w, s, Rules(extend=False), (5, card))
    assert not strict.valid
    assert strict.reasons == ("the pattern was already on the wheel before the move; it must be new",)
    assert strict.reward.cards_won == 0 and "discarded" in strict.reward.text
    extended = judge(w, s, Rules(), (5, card))
    assert extended == judge(w, s, Rules(extend=True), (5, card))
    assert (extended.pattern.occurrences, extended.pattern.tier) == (3, 2)
    assert (extended.reward.cards_won, extended.reward.text) == (2, "the covered card and the played card")


def test_phineas_object_color_repeats_once_wins_a_card_of_choice():
    w, card = wheel(PHINEAS), parse_card("PISTOLE-BLAU-KUGELN")
    v = judge(w, stmt("Unmittelbar VOR jeder BEUTE-Karte gibt es immer eine BLAUE Karte"), Rules(), (4, card))
    assert (v.pattern.statement.kind, v.pattern.occurrences, v.pattern.tier) == ("object+color", 2, 1)
    assert v.pattern.involved == (0, 1, 4, 5)
    assert (v.reward.cards_won, v.reward.text) == (1, "one wheel card of your choice, not the played card")


def test_dakota_object_color_repeats_twice_wins_two_cards():
    w, card = wheel(DAKOTA), parse_card("BEUTE-GELB-KUGELN")
    v = judge(w, stmt("Unmittelbar NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte"), Rules(), (5, card))
    assert (v.pattern.occurrences, v.pattern.tier, v.pattern.involved) == (3, 2, (0, 1, 2, 3, 4, 5))
    assert (v.reward.cards_won, v.reward.text) == (2, "two wheel cards of your choice, the played card allowed")
    before = judge(w, stmt("after every blue there is always loot"))
    assert not before.valid and before.reasons == (
        "after the blue card at position 4 comes red-star-coin (position 5), not loot",)


def test_the_eight_card_wild_wild_pattern():
    w, card = wheel(WILD), parse_card("white-loot-coin")
    v = judge(w, stmt("after every blue there is always loot"), Rules(), (7, card))
    assert v.pattern.wild and v.pattern.involved == tuple(range(8)) and v.pattern.occurrences == 4
    assert v.reward.wins_game and v.reward.text == "Wild Wild Pattern: the game is won"
    all_moves = moves(w, card)
    assert [m.position for m in all_moves if m.wild] == [7]
    assert best_move(all_moves).position == 7
    # "after every loot there is always blue" held before the move (3 loot cards): by default the
    # fourth loot card makes it new (it grows), under the strict reading it is not new
    assert len(all_moves[7].patterns) == 4
    strict = moves(w, card, Rules(extend=False))
    assert sorted(p.statement.text_en() for p in strict[7].patterns) == [
        "after every blue there is always loot", "before every blue there is always loot"]


def test_the_two_figure_examples_and_the_minimum():
    bullets = wheel("blue-wanted-coin,red-wanted-bullets,yellow-wanted-bullets,white-bottle-coin,"
                    "grey-gun-coin,white-wanted-coin,grey-wanted-bullets,red-star-coin")
    v = judge(bullets, stmt("VOR jeder Kugeln gibt es IMMER Gesucht"))
    assert v.valid and v.pattern.occurrences == 3 and v.pattern.involved == (0, 1, 2, 5, 6)
    blue = wheel("blue-gun-bullets,red-bottle-bullets,blue-star-bullets,yellow-bottle-bullets,grey-gun-coin,"
                 "white-loot-coin,red-star-coin,grey-barrel-coin")
    assert judge(blue, stmt("NACH jeder Blauen gibt es IMMER Flasche")).valid
    once = wheel(blue.__str__().replace("blue-star-bullets", "grey-star-coin"))
    s = stmt("after every blue there is always bottle")
    assert judge(once, s).reasons == ("blue occurs 1 time(s); a pattern needs at least 2",)
    literal = judge(once, s, Rules(min_occurrences=1))
    assert literal.valid and literal.pattern.tier == 1


def test_the_played_card_must_be_involved_unless_lenient():
    # covering the blue card that broke "after every blue there is always loot" leaves 2 good blues
    w, card = wheel(DAKOTA), parse_card("red-gun-coin")
    s = stmt("after every blue there is always loot")
    v = judge(w, s, Rules(), (4, card))
    assert v.reasons == ("the played card (position 4) is not part of the pattern",)
    assert s not in [p.statement for p in created_patterns(w, 4, card)]
    lenient = judge(w, s, Rules(lenient=True), (4, card))
    assert lenient.valid and lenient.pattern.involved == (0, 1, 2, 3) and lenient.pattern.tier == 1
    assert s in [p.statement for p in created_patterns(w, 4, card, Rules(lenient=True))]


def test_no_move_wheel_means_click():
    w, card = wheel(NO_MOVE), parse_card("blue-bottle-coin")
    assert all(not m.patterns for m in moves(w, card))
    assert best_move(moves(w, card)) is None


# ---- declarations ------------------------------------------------------------------------------

@pytest.mark.parametrize("sentence, expected", [
    ("after every blue there is always loot", "after every blue there is always loot"),
    ("VOR jeder Kugeln gibt es IMMER Gesucht", "before every bullets there is always wanted"),
    ("Nach jeder blauen Karte gibt es immer sofort eine Karte mit der Flasche", "after every blue there is always bottle"),
    ("Immediately before every star card there is always a coin card", "before every star there is always coin"),
    ("there is always a coin before every star", "before every star there is always coin"),
    ("APRÈS chaque Bleue, il y a TOUJOURS Bouteille", "after every blue there is always bottle"),
    ("dopo ogni carta rossa c'è sempre un ferro di cavallo", "after every red there is always horseshoe"),
])
def test_declarations(sentence, expected):
    assert parse_declaration(sentence).text_en() == expected


@pytest.mark.parametrize("sentence, message", [
    ("after every blue there is always red", "names two colors \\(blue and red\\)"),
    ("after every gun there is always loot", "names two objects"),
    ("after every blue there is always coin", "needs an object"),
    ("Nach einer Flasche gibt es nie eine rote Karte", "never what is not"),
    ("every blue has loot", "no direction"),
    ("before and after every blue there is loot", "both directions"),
    ("after every purple there is always loot", "found: loot"),
])
def test_bad_declarations(sentence, message):
    with pytest.raises(ClicktownError, match=message):
        parse_declaration(sentence)
