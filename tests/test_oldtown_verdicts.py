"""The verdicts judged on bit masks and kept from board to board (`game/verdicts.py`) against the
readable reference (`rules.judge`): every field of every verdict, on boards met in random games and
on random small boards, for fresh verdicts and for verdicts kept from earlier boards."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from clicktown.arena.state import RandomBot, resolve_chance
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.game import rules, verdicts
from clicktown.oldtown.game.bots import GreedyBot
from clicktown.oldtown.game.rule_options import RuleOptions
from clicktown.oldtown.game.state import new_game
from clicktown.oldtown.game.town import PLOTS, Town

CAT = load_catalogue()
CARDS = [CAT.cards[n] for n in sorted(CAT.cards)]


def shape(verdict: rules.Verdict) -> tuple:
    """Every field of a verdict, the board after it by its markers, built buildings and supply."""
    after = verdict.after
    board = None if after is None else (after.key(), tuple(sorted(after.supply.items())))
    return (verdict.card, verdict.my, verdict.status, verdict.reason, verdict.gain, verdict.added,
            verdict.removed, verdict.built, board)


def questions(rng: random.Random, count: int):
    """(card, my building) pairs: an A card alone, a B or C card with a building drawn for it."""
    for _ in range(count):
        card = rng.choice(CARDS)
        yield card, None if card.kind == "A" else rng.choice(CAT.building_names)


def compare_on(town: Town, kept: dict, rng: random.Random, count: int = 25, options=None) -> int:
    """Judge `count` questions fresh and from what was kept on earlier boards; both must equal the reference."""
    sight = verdicts.Sight(town)
    checked = 0
    for card, my in questions(rng, count):
        reference = shape(rules.judge(town, card, my, None, options=options))
        assert shape(verdicts.judge(sight, card, my, None, options).verdict) == reference, (card.number, my, town)
        earlier = kept.get((card.number, my))
        reused = earlier.on(sight, card, my) if earlier is not None else None
        if reused is not None:
            assert shape(reused) == reference, ("kept", card.number, my, town)
            checked += 1
        else:
            kept[card.number, my] = verdicts.judge(sight, card, my, None, options)
    if options is not None:
        assert sight.removable(options) == rules.removable(town, options)
    return checked


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]), st.booleans())
def test_verdicts_agree_with_the_reference_on_boards_of_random_games(seed, players, greedy):
    """60 games, 25 questions on every board met: thousands of verdicts, fresh and kept."""
    compare_through_a_game(random.Random(seed), players, GreedyBot() if greedy else RandomBot())


def compare_through_a_game(rng: random.Random, players: int, bot, options=None) -> None:
    """Play one game, comparing 25 questions on every board met (with these rule options)."""
    state = new_game(CAT, players, record=False, options=options)
    kept: dict = {}
    looked_at = None
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        if state.town is not looked_at:
            looked_at = state.town
            compare_on(state.town, kept, rng, 25, options)
        state.apply_action(bot.choose(state, rng))


def test_kept_verdicts_are_reused_and_still_agree():
    """Over 20 games, many verdicts come back from earlier boards, and each equals the reference."""
    reused = 0
    for seed in range(20):
        rng = random.Random(seed)
        state, bot, kept, looked_at = new_game(CAT, 4, record=False), GreedyBot(), {}, None
        while not state.is_terminal():
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            if state.town is not looked_at:
                looked_at = state.town
                reused += compare_on(state.town, kept, rng)
            state.apply_action(bot.choose(state, rng))
    assert reused >= 200


def random_town(rng: random.Random) -> Town:
    """A small board: a few buildings built, a few with 1 to 4 markers (not always settled, not always
    feasible), as a referee's state file may give."""
    town = Town.empty(CAT.building_names)
    names = rng.sample(CAT.building_names, rng.randint(2, 9))
    plots = list(PLOTS)
    rng.shuffle(plots)
    for building in names[:rng.randint(0, 3)]:
        town.built[building] = plots.pop()
        town.supply[building] = 0
    for building in names[len(town.built):]:
        town.markers[building] = set(rng.sample(plots, rng.randint(1, 4)))
        town.supply[building] = rng.choice([0, 5 - len(town.markers[building])])
    return town


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 10**6))
def test_verdicts_agree_with_the_reference_on_random_small_boards(seed):
    rng = random.Random(seed)
    kept: dict = {}
    for _ in range(3):
        compare_on(random_town(rng), kept, rng, 15)


MARKER = RuleOptions(held_plots="marker", break_pair="forbidden")


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(0, 10**6))
def test_verdicts_agree_with_the_reference_when_held_plots_only_lose_the_marker(seed):
    """Beispiel 7 read as "marker" (the card's markers go on its other plots), on random small boards."""
    rng = random.Random(seed)
    kept: dict = {}
    for _ in range(3):
        compare_on(random_town(rng), kept, rng, 15, MARKER)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_verdicts_agree_with_the_reference_in_games_with_the_other_readings(seed, players):
    compare_through_a_game(random.Random(seed), players, GreedyBot(), MARKER)


def test_a_played_card_from_a_kept_verdict_changes_the_board_it_is_played_on():
    """A confirmation kept from an earlier board leaves the current board; situation A adds to it."""
    rng = random.Random(7)
    state, bot = new_game(CAT, 4, record=False), GreedyBot()
    for _ in range(400):
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        for seat in range(state.players):
            for verdict in state.verdicts(seat).values():
                if verdict.status == rules.CONFIRMATION:
                    assert verdict.after is state.town
                elif verdict.status == rules.PLAYABLE and not verdict.removed and not verdict.built:
                    after = verdict.after
                    for building, plots in state.town.markers.items():
                        assert after.markers[building] == plots
        state.apply_action(bot.choose(state, rng))
