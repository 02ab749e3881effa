"""The pattern tables and the batch engine against the readable engine, under every rules option.

The readable engine (`analysis`) reads one wheel trait by trait; `tables` answers the same questions
for one wheel from precomputed tables, `batch` for many wheels at once with numpy. Every answer is
compared statement by statement: valid patterns, Wild Wild Patterns, the patterns each move
creates, the greedy bot's best move and the random-wheel counts of `patterns stats`.
"""

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.patterns import analysis
from clicktown.patterns import batch, reference, stats, tables
from clicktown.patterns.cards import WHEEL_SIZE, Wheel, load_deck
from clicktown.patterns.analysis import POPCOUNT, Rules, best_move, trait_masks
from clicktown.patterns.tables import wheel_of

DECK = load_deck()
DECK_KINDS = np.array(tables.kinds_of(DECK.cards), dtype=np.uint8)
KINDS = tables.card_kinds()
LAYOUT = tables.layout()
SIDES = ("clockwise", "counterclockwise")
EVERY_RULES = [Rules(after, m, lenient, extend) for after, m, lenient, extend
               in itertools.product(SIDES, range(1, 9), (False, True), (True, False))]
NUMBER = {(s.direction, s.trigger, s.target): i for i, s in enumerate(LAYOUT.statements)}
BY_TRAIT_NUMBERS = {(d, t, g): i for i, (d, t, g) in enumerate(
    (s.direction, trigger, target) for s, trigger, target in zip(LAYOUT.statements, LAYOUT.triggers, LAYOUT.targets))}


def dealt(n, seed):
    """n random deals of 9 different deck cards, as kinds: (wheels (n, 8), drawn cards (n,))."""
    cards = batch.deal(DECK_KINDS, n, np.random.default_rng(seed))
    return cards[:, :WHEEL_SIZE], cards[:, WHEEL_SIZE]


def flags(sets):
    """(n, W) statement sets as (n, 224) booleans in all_statements() order."""
    bits = np.unpackbits(np.ascontiguousarray(sets).view(np.uint8), axis=-1, bitorder="little").view(bool)
    half = len(LAYOUT.statements) // 2
    return np.concatenate([bits[..., :half], bits[..., LAYOUT.block:LAYOUT.block + half]], axis=-1)


def sets_of(flagged):
    """(..., 224) booleans in all_statements() order as (..., W) statement sets."""
    bits = np.zeros(flagged.shape[:-1] + (LAYOUT.words * 64,), dtype=np.uint8)
    bits[..., list(LAYOUT.bits)] = flagged
    return np.packbits(bits, axis=-1, bitorder="little").view(np.uint64)


def numbers_of(patterns):
    """The statement numbers of a list of patterns."""
    return {NUMBER[p.statement.direction, p.statement.trigger, p.statement.target] for p in patterns}


deals = st.lists(st.integers(0, len(DECK.cards) - 1), min_size=9, max_size=9, unique=True)
rules = st.builds(Rules, st.sampled_from(SIDES), st.integers(1, 8), st.booleans(), st.booleans())


# ---- the tables, one wheel at a time ------------------------------------------------------------

def test_layout_puts_each_direction_in_its_own_two_words():
    assert len(LAYOUT.statements) == 224 and LAYOUT.words == 4 and LAYOUT.block == 128
    assert LAYOUT.bits[:112] == tuple(range(112)) and LAYOUT.bits[112:] == tuple(range(128, 240))
    assert all(s.direction == "after" for s in LAYOUT.statements[:112])
    assert len(KINDS) == 80 and len(set(KINDS)) == 80 and set(DECK.cards) <= set(KINDS)


def test_a_pair_keeps_exactly_the_statements_it_does_not_break():
    t = tables.pattern_tables("clockwise")
    a, b = tables.kind_of(DECK.cards[0]), tables.kind_of(DECK.cards[1])     # red-gun-coin, red-loot-bullets
    kept = t.keep[a * t.kinds + b]
    broken = {n for n, s in enumerate(LAYOUT.statements) if not kept >> LAYOUT.bits[n] & 1}
    after_red = {n for n, s in enumerate(LAYOUT.statements) if s.direction == "after"
                 and s.trigger.value in ("red", "gun", "coin") and s.target.value not in ("red", "loot", "bullets")}
    before_red = {n for n, s in enumerate(LAYOUT.statements) if s.direction == "before"
                  and s.trigger.value in ("red", "loot", "bullets") and s.target.value not in ("red", "gun", "coin")}
    # each way: two triggers name objects (7 of 8 missed), one object names colors and suits (5 missed)
    assert broken == after_red | before_red and len(broken) == 2 * (7 + 7 + 5)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(deals, rules)
def test_tables_answer_as_the_engine_for_one_wheel(deal, r):
    cards = [DECK.cards[i] for i in deal]
    wheel, card = Wheel(tuple(cards[:8])), cards[8]
    assert tables.valid_patterns(wheel, r) == analysis.valid_patterns(wheel, r)
    assert tables.holds_wild(wheel, r) == analysis.holds_wild(wheel, r)
    assert tables.moves(wheel, card, r) == analysis.moves(wheel, card, r)
    assert tables.has_move(wheel, card, r) == analysis.has_move(wheel, card, r)
    best = best_move(analysis.moves(wheel, card, r))
    assert tables.best_cover(tables.kinds_of(wheel.cards), tables.kind_of(card), r) == (best and best.position)


any_kinds = st.lists(st.integers(0, len(KINDS) - 1), min_size=9, max_size=9)


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.one_of(deals.map(lambda d: tables.kinds_of(DECK.cards[i] for i in d)), any_kinds), rules)
def test_cover_sets_name_the_patterns_each_cover_creates_with_their_tiers(kinds, r):
    """cover_sets (what the game reads at a declaration) against the engine's patterns at every
    position: the statements created, those winning two cards, the Wild Wild Patterns, and
    best_statement the pattern the greedy bot declares. Deck deals and any kinds (copies too)."""
    wheel, card = wheel_of(kinds[:8]), KINDS[kinds[8]]
    for move in analysis.moves(wheel, card, r):
        created, twice, wild = tables.cover_sets(kinds[:8], move.position, kinds[8], r)
        numbers = {p: NUMBER[p.statement.direction, p.statement.trigger, p.statement.target] for p in move.patterns}
        assert set(tables.statement_numbers(created)) == set(numbers.values())
        assert set(tables.statement_numbers(twice)) == {n for p, n in numbers.items() if p.tier == 2}
        assert set(tables.statement_numbers(wild)) == {n for p, n in numbers.items() if p.wild}
        best = max(move.patterns, key=lambda p: (p.wild, p.reward().cards_won), default=None)
        assert tables.best_statement(created, twice, wild) == (numbers[best] if best else -1)


def test_tables_find_the_rulebook_moves():
    from rulebook_wheels import MARTHA, NO_MOVE, WILD
    from clicktown.patterns.cards import parse_card, parse_wheel

    for text, card in ((MARTHA, "blue-gun-bullets"), (NO_MOVE, "blue-bottle-coin"), (WILD, "white-loot-coin")):
        wheel = parse_wheel(text, DECK)
        for r in (Rules(), Rules(extend=False), Rules("counterclockwise")):
            assert tables.moves(wheel, parse_card(card), r) == analysis.moves(wheel, parse_card(card), r)


def test_eight_of_a_trait_under_minimum_eight():
    """A deck of one's own may hold copies: seven red cards and a blue one, a red card drawn."""
    from clicktown.patterns.cards import parse_card

    red, blue = parse_card("red-gun-coin"), parse_card("blue-gun-coin")
    wheel, r = Wheel((red,) * 7 + (blue,)), Rules(min_occurrences=8)
    found = analysis.moves(wheel, red, r)
    assert [m.position for m in found if m.patterns] == [7] and found[7].patterns[0].occurrences == 8
    assert tables.moves(wheel, red, r) == found
    assert tables.best_cover(tables.kinds_of(wheel.cards), tables.kind_of(red), r) == 7
    kinds = np.array([tables.kinds_of(wheel.cards)], dtype=np.uint8)
    created = flags(batch.created_sets(kinds, np.array([tables.kind_of(red)]), r))[0]
    assert [set(np.flatnonzero(created[p])) for p in range(8)] == [numbers_of(m.patterns) for m in found]


# ---- the batch engine against the readable one ------------------------------------------------

@pytest.mark.parametrize("half", [0, 1])
def test_valid_sets_agree_with_the_engine_on_100000_wheels_under_every_option(half):
    """100,000 wheels in two halves. For each reading of "after", the engine lists each wheel's
    statements valid with one trigger card or more, and their trigger counts; the batch engine's
    valid sets for minimum m are those counted m or more times (options lenient and extend only
    concern moves)."""
    wheels, _ = dealt(100_000, 1)
    wheels = wheels[half * 50_000:(half + 1) * 50_000]
    masks = [trait_masks([KINDS[k] for k in row]) for row in wheels.tolist()]
    for after in SIDES:
        rows, numbers, counts = [], [], []
        for i, wheel in enumerate(masks):
            for direction, t, g, trig, _ in analysis._valid_keys(wheel, Rules(after, 1)):
                rows.append(i)
                numbers.append(BY_TRAIT_NUMBERS[direction, t, g])
                counts.append(POPCOUNT[trig])
        counted = np.zeros((len(wheels), len(LAYOUT.statements)), dtype=np.uint8)
        counted[rows, numbers] = counts
        for m in range(1, 9):
            assert np.array_equal(flags(batch.valid_sets(wheels, Rules(after, m))), counted >= m), (after, m)


@pytest.mark.parametrize("m", [1, 2, 3, 5])
def test_a_minimum_keeps_the_patterns_counted_that_often(m):
    """What the bulk test above relies on: the engine's patterns under minimum m are its patterns
    under minimum 1 with m trigger cards or more."""
    wheels, _ = dealt(300, m)
    for row in wheels:
        wheel = wheel_of(row)
        for after in SIDES:
            some = [p.statement for p in analysis.valid_patterns(wheel, Rules(after, 1)) if p.occurrences >= m]
            assert [p.statement for p in analysis.valid_patterns(wheel, Rules(after, m))] == some


@pytest.mark.parametrize("number", range(len(EVERY_RULES)))
def test_created_sets_agree_with_the_engine_under_every_option(number):
    r = EVERY_RULES[number]
    wheels, cards = dealt(120, number)
    created = flags(batch.created_sets(wheels, cards, r))
    has = batch.has_moves(wheels, cards, r)
    valid, wild = flags(batch.valid_sets(wheels, r)), batch.wild_wheels(wheels, r)
    for i in range(len(wheels)):
        wheel, card = wheel_of(wheels[i]), KINDS[cards[i]]
        assert set(np.flatnonzero(valid[i])) == numbers_of(analysis.valid_patterns(wheel, r))
        assert wild[i] == analysis.holds_wild(wheel, r)
        found = analysis.moves(wheel, card, r)
        assert [set(np.flatnonzero(created[i, p])) for p in range(8)] == [numbers_of(m.patterns) for m in found]
        assert has[i] == any(m.patterns for m in found)


def test_created_sets_follow_the_definition_on_20000_deals_under_every_option():
    """A move creates what holds on the wheel after it, is new (not valid before, or, extending,
    with one more trigger card) and involves the played card (unless lenient): checked with
    valid sets of the wheels before and after each move, against the incremental updates."""
    wheels, cards = dealt(20_000, 7)
    n = len(wheels)
    covered = np.repeat(wheels[:, None, :], WHEEL_SIZE, axis=1)
    covered[:, np.arange(WHEEL_SIZE), np.arange(WHEEL_SIZE)] = cards[:, None]
    traits = tables.pattern_tables().traits
    shows = np.array([[t in traits[k] for t in range(15)] for k in range(len(KINDS))])
    trigger = np.array(LAYOUT.triggers)
    grows = sets_of((shows[cards][:, None, :] & ~shows[wheels])[:, :, trigger])         # trigger gained at p
    for after in SIDES:
        steps = np.array([Rules(after).step(s.direction) for s in LAYOUT.statements])
        involved = sets_of(np.stack([shows[cards][:, trigger] | shows[covered[:, p, (p - steps) % WHEEL_SIZE], trigger]
                                     for p in range(WHEEL_SIZE)], axis=1))
        for m in range(1, 9):
            before = batch.valid_sets(wheels, Rules(after, m))[:, None, :]
            later = batch.valid_sets(covered.reshape(-1, 8), Rules(after, m)).reshape(n, WHEEL_SIZE, -1)
            for lenient, extend in itertools.product((False, True), (True, False)):
                new = later & ~(before & ~grows) if extend else later & ~before
                expected = new if lenient else new & involved
                got = batch.created_sets(wheels, cards, Rules(after, m, lenient, extend))
                assert np.array_equal(got, expected), (after, m, lenient, extend)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.lists(deals, min_size=1, max_size=6), rules)
def test_batch_answers_as_the_engine_for_any_deals(some, r):
    cards = np.array([[DECK_KINDS[i] for i in deal] for deal in some], dtype=np.uint8)
    wheels, drawn = cards[:, :8], cards[:, 8]
    created = flags(batch.created_sets(wheels, drawn, r))
    for i, valid in enumerate(flags(batch.valid_sets(wheels, r))):
        wheel = wheel_of(wheels[i])
        assert set(np.flatnonzero(valid)) == numbers_of(analysis.valid_patterns(wheel, r))
        found = analysis.moves(wheel, KINDS[drawn[i]], r)
        assert [set(np.flatnonzero(created[i, p])) for p in range(8)] == [numbers_of(m.patterns) for m in found]
    assert batch.wild_wheels(wheels, r).tolist() == [analysis.holds_wild(wheel_of(w), r) for w in wheels]


def test_tables_turn_a_statement_set_into_the_engines_patterns():
    wheels, _ = dealt(200, 3)
    for r in (Rules(), Rules("counterclockwise", 3)):
        sets = batch.valid_sets(wheels, r)
        for row, words in zip(wheels, sets):
            statements = sum(int(w) << (64 * i) for i, w in enumerate(words))
            seen = tables.census([int(k) for k in row], r)
            assert tables.patterns_of(statements, seen.positions, r) == analysis.valid_patterns(wheel_of(row), r)


def test_batch_refuses_wheels_of_the_wrong_shape():
    with pytest.raises(ValueError, match=r"\(n, 8\)"):
        batch.valid_sets(np.zeros((3, 7), dtype=np.uint8))


# ---- dealing and patterns stats -----------------------------------------------------------------

def test_a_deal_is_nine_different_deck_cards_spread_evenly():
    cards = batch.deal(DECK_KINDS, 40_000, np.random.default_rng(5))
    assert cards.shape == (40_000, 9)
    assert all(len(set(row)) == 9 for row in cards[:2000].tolist())
    per_place = np.stack([np.bincount(np.searchsorted(np.sort(DECK_KINDS), cards[:, j]), minlength=40)
                          for j in range(9)])
    assert per_place.min() > 800 and per_place.max() < 1200          # 1,000 expected each
    assert np.array_equal(batch.deal(DECK_KINDS, 10, np.random.default_rng(5)),
                          batch.deal(DECK_KINDS, 10, np.random.default_rng(5)))


def test_stats_deals_are_reproducible_and_a_longer_run_starts_with_the_shorter():
    short = np.concatenate(list(stats.deals(DECK, 70_000, 3)))
    long = np.concatenate(list(stats.deals(DECK, 140_000, 3)))
    assert np.array_equal(short, long[:70_000]) and not np.array_equal(long[:70_000], long[70_000:])


def test_stats_counts_as_the_engine_deal_by_deal():
    for r in (Rules(), Rules("counterclockwise", 1, True, False), Rules(min_occurrences=3)):
        rates = stats.tally(DECK, 1500, 11, r)
        cards = next(stats.deals(DECK, 1500, 11))
        one_by_one = reference.summarize(reference.trial(wheel_of(row[:8]), KINDS[row[8]], r) for row in cards)
        assert rates == one_by_one and rates["no_move"].n == 1500


def test_stats_tells_each_batch_done():
    done = []
    rates = stats.tally(DECK, stats.BATCH + 5, 0, Rules(), done.append)
    assert done == [stats.BATCH, 5] and rates["wild_wheel"].n == stats.BATCH + 5


def test_commands_that_list_or_move_load_no_numpy():
    wheel = ",".join(str(c) for c in DECK.cards[:8])
    code = ("import sys; from clicktown.cli import cli; cli.main(sys.argv[1:], standalone_mode=False); "
            "print(json.dumps('numpy' in sys.modules), file=sys.stderr)")
    for args in (["patterns", "list", wheel], ["patterns", "moves", wheel, str(DECK.cards[9])],
                 ["patterns", "click", wheel, str(DECK.cards[9])]):
        done = subprocess.run([sys.executable, "-c", "import json; " + code, *args], capture_output=True, text=True,
                              timeout=120)
        assert json.loads(done.stderr.strip().splitlines()[-1]) is False, args
