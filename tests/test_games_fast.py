"""The games' fast paths against their readable forms: chance drawn without listing the outcomes
(each engine's `draw_chance` picks exactly what the listed outcomes and their probabilities give for
the same generator, and leaves it in the same state), a placement checked without listing, the
trigger-set table built in halves."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.arena.state import CHANCE, draw_by_counts, draw_uniform
from clicktown.patterns.game.simulate import Setup as PatternsSetup, start
from clicktown.sequence.cards import load_game
from clicktown.sequence.game.state import Match
from clicktown.sequence.rules import seat_table

SETTINGS = dict(max_examples=600, deadline=None, derandomize=True, database=None)


def listed(state, rng: random.Random) -> int:
    """The reference: the outcomes listed, one drawn by their probabilities."""
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    actions, weights = zip(*outcomes)
    return rng.choices(actions, weights=weights)[0]


def assert_same_draws(state, seed: int) -> int:
    """Play `state` out with random moves; at every chance node both ways draw the same from equal
    generators. Returns the number of chance nodes met."""
    rng, fast, slow = random.Random(seed), random.Random(seed + 1), random.Random(seed + 1)
    met = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcome = state.draw_chance(fast)
            assert outcome == listed(state, slow)
            assert fast.getstate() == slow.getstate()
            state.apply_action(outcome)
            met += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return met


@settings(**SETTINGS)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=60).filter(any), st.integers(0, 2**32 - 1))
def test_draw_by_counts_picks_what_the_weighted_outcomes_pick(counts, seed):
    total = sum(counts)
    reference = [(i, n / total) for i, n in enumerate(counts) if n]
    fast, slow = random.Random(seed), random.Random(seed)
    for _ in range(5):
        actions, weights = zip(*reference)
        expected = actions[0] if len(actions) == 1 else slow.choices(actions, weights=weights)[0]
        assert draw_by_counts(counts, total, fast) == expected
    assert fast.getstate() == slow.getstate()


@settings(**SETTINGS)
@given(st.lists(st.integers(0, 500), min_size=1, max_size=80, unique=True), st.integers(0, 2**32 - 1))
def test_draw_uniform_picks_what_the_equal_outcomes_pick(outcomes, seed):
    fast, slow = random.Random(seed), random.Random(seed)
    share = 1 / len(outcomes)
    for _ in range(5):
        expected = outcomes[0] if len(outcomes) == 1 else slow.choices(outcomes, weights=[share] * len(outcomes))[0]
        assert draw_uniform(outcomes, fast) == expected
    assert fast.getstate() == slow.getstate()


def test_draw_by_counts_skips_empty_kinds_and_draws_nothing_for_one_kind():
    rng = random.Random(4)
    before = rng.getstate()
    assert draw_by_counts([0, 0, 3, 0], 3, rng) == 2
    assert rng.getstate() == before
    draws = {draw_by_counts([2, 0, 0, 1, 0], 3, rng) for _ in range(200)}
    assert draws == {0, 3}


def test_sequence_draws_as_its_listed_chance_outcomes():
    met = 0
    for game, players in (("sequence", 2), ("sequence", 3), ("numbers", 2), ("numbers", 4)):
        match = Match(load_game(game), seat_table(game, players))
        for seed in range(6):
            met += assert_same_draws(match.new_state(), seed)
    assert met > 2000


def test_wild_wild_pattern_draws_as_its_listed_chance_outcomes():
    met = 0
    for players, mode in ((2, "saloon"), (3, "alive-or-dead"), (4, "saloon")):
        for seed in range(4):
            met += assert_same_draws(start(PatternsSetup(players, mode, ("random",) * players)), seed)
    assert met > 1000


def test_wild_wild_pattern_placement_is_legal_exactly_where_placements_lists():
    """The end-of-turn placement is checked without listing: the same answer for every position."""
    from clicktown.patterns.game.state import POSITION, WHEEL_SIZE

    checked = {True: 0, False: 0}  # with a gap on the wheel, on a full wheel
    for players, mode in ((2, "saloon"), (3, "alive-or-dead"), (4, "saloon")):
        for seed in range(4):
            state, rng = start(PatternsSetup(players, mode, ("random",) * players)), random.Random(seed)
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(state.draw_chance(rng))
                    continue
                if state.phase == "place":
                    full = state.clone()  # the same turn on a wheel without gaps (filled from the deck)
                    spare = [c for c in full.deck if c < full.table.patterns]
                    full.wheel = [c if c is not None else spare.pop() for c in full.wheel]
                    for case in (state, full):
                        allowed = set(case.placements(case.hand[case.seat]))
                        for position in range(-1, WHEEL_SIZE + 1):
                            assert case._is_legal(POSITION + position) == (position in allowed)
                        checked[None in case.wheel] += 1
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked[True] > 200 and checked[False] > 200


@settings(**SETTINGS)
@given(st.integers(0, 2**15 - 1))
def test_trigger_sets_are_the_unions_of_the_traits_in_each_set(traits):
    from clicktown.patterns.tables import pattern_tables

    tables = pattern_tables()
    by_trait = [tables.by_trigger[1 << t] for t in range(tables.trait_count)]
    union = 0
    for t in range(tables.trait_count):
        if traits >> t & 1:
            union |= by_trait[t]
    assert len(tables.by_trigger) == 1 << tables.trait_count
    assert tables.by_trigger[traits] == union


@settings(**SETTINGS)
@given(st.lists(st.integers(0, 200), max_size=7), st.integers(-1, 20))
def test_the_bank_pays_what_each_combination_read_on_its_own_says(picks, target):
    """Bank.paid_for (a tally of the hand, answers kept) and Bank.payout against Combination.holds,
    line by line, in any order of the cards."""
    from clicktown.patterns.bank import builtin_bank
    from clicktown.patterns.reference import hand_tally
    from clicktown.patterns.game.simulate import _deck

    bank, deck = builtin_bank(), _deck(None).cards
    cards = [deck[i % len(deck)] for i in picks]
    target = target % len(bank.targets) if target >= 0 else None
    lines = bank.combinations + (bank.targets[target] if target is not None else ())
    held = [c for c in lines if c.holds(cards)] if len(cards) <= bank.max_cards else []
    paid = bank.payout(cards, target)
    assert paid.lines == tuple((c.name, 0 if c.wild else c.cents) for c in held)
    assert paid.cents == sum(c.cents for c in held if not c.wild)
    assert paid.wild == any(c.wild for c in held)
    assert bank.paid_for(hand_tally(reversed(cards)), target) == paid
    assert bank._paid_for(hand_tally(cards), target) == paid
