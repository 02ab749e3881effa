"""The mcts bots: legal moves only, one game per seed, the same results whatever the workers."""

import random

import pytest

from clicktown.arena.ismcts import parse_budget
from clicktown.arena.state import CHANCE, sample_chance
from clicktown.errors import ClicktownError


def _oldtown():
    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.game.bots import make_bot
    from clicktown.oldtown.game.state import new_game

    return lambda: new_game(load_catalogue(), 2, record=False), make_bot


def _sequence():
    from clicktown.sequence.game.bots import make_bot
    from clicktown.sequence.game.simulate import Setup, make_match

    return make_match(Setup()).new_state, make_bot


def _patterns():
    from clicktown.patterns.game.bots import make_bot
    from clicktown.patterns.game.state import new_game

    return lambda: new_game(2, record=False, max_turns=12), make_bot


GAMES = {"oldtown": _oldtown, "sequence": _sequence, "patterns": _patterns}


def _moves(game: str, seed: int, limit: int = 40) -> list[int]:
    """The first `limit` moves of mcts:6 against greedy, checking each is legal when chosen."""
    new_state, make_bot = GAMES[game]()
    state, rng = new_state(), random.Random(seed)
    bots = [make_bot("mcts:6"), make_bot("greedy")]
    moves = []
    while not state.is_terminal() and len(moves) < limit:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = bots[state.current_player()].choose(state, rng)
        assert action in legal
        moves.append(action)
        state.apply_action(action)
    return moves


@pytest.mark.parametrize("game", sorted(GAMES))
def test_mcts_plays_legal_moves_and_one_game_per_seed(game):
    first = _moves(game, 11)
    assert len(first) == 40 or first
    assert _moves(game, 11) == first


@pytest.mark.parametrize("game", sorted(GAMES))
def test_determinization_keeps_what_the_seat_sees(game):
    """A determinized copy keeps the seat's own hand and every count, and deals the rest differently."""
    new_state, make_bot = GAMES[game]()
    state, rng = new_state(), random.Random(3)
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    hands = [list(h) for h in state.hands] if hasattr(state, "hands") else None
    if game == "patterns":
        hands = [[c] for c in state.hand]
    dealt = set()
    for seed in range(8):
        other = state.determinized(0, random.Random(seed))
        theirs = [[c] for c in other.hand] if game == "patterns" else other.hands
        assert sorted(theirs[0]) == sorted(hands[0])
        assert [len(h) for h in theirs] == [len(h) for h in hands]
        dealt.add(tuple(sorted(theirs[1])))
        if game == "sequence":
            assert sum(other.pile) + sum(map(len, other.hands)) == sum(state.pile) + sum(map(len, state.hands))
        if game == "oldtown":
            assert sorted(other.piles.shared) != [] and len(other.piles.shared) == len(state.piles.shared)
    assert len(dealt) > 1


def test_simulate_gives_the_same_results_with_one_and_two_workers():
    from clicktown.sequence.game.simulate import Setup, run

    setup = Setup(bots=("mcts:4", "greedy"), rotate=True)
    one = [r.summary for r in run(setup, 3, seed=5, workers=1)]
    two = [r.summary for r in run(setup, 3, seed=5, workers=2)]
    assert one == two
    assert [s["seats"] for s in one] == [["mcts:4", "greedy"], ["greedy", "mcts:4"], ["mcts:4", "greedy"]]


def test_oldtown_simulate_rotated_is_the_same_with_two_workers():
    from clicktown.oldtown.game.simulate import Setup, run, summarize

    one = [r.summary for r in run(Setup(2, ("mcts:3", "greedy"), rotate=True), 2, seed=1, workers=1)]
    two = [r.summary for r in run(Setup(2, ("mcts:3", "greedy"), rotate=True), 2, seed=1, workers=2)]
    assert one == two
    table = summarize(one, Setup(2, ("mcts:3", "greedy"), rotate=True))
    assert table["win_rate_per_bot"]["mcts:3"]["n"] == 2


def test_budgets():
    assert parse_budget("mcts") == {}
    assert parse_budget("mcts:400") == {"simulations": 400}
    assert parse_budget("mcts:0.25s") == {"seconds": 0.25, "simulations": 10**9}
    for bad in ("mcts:0", "mcts:x", "mcts:-1s"):
        with pytest.raises(ClicktownError):
            parse_budget(bad)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_unknown_names_are_refused(game):
    _, make_bot = GAMES[game]()
    for bad in ("greedy:3", "mcts:many", "nobody"):
        with pytest.raises(ClicktownError):
            make_bot(bad)


# ---- Sequence: the root search ----------------------------------------------------------------

def _sequence_positions(games: int = 4):
    """Every position where a seat is to move in a few seeded greedy games, with the move greedy made."""
    from clicktown.sequence.game.bots import GreedyBot

    new_state, _ = _sequence()
    greedy, found = GreedyBot(), []
    for seed in range(games):
        state, rng = new_state(), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            action = greedy.choose(state, rng)
            found.append((state.clone(), action))
            state.apply_action(action)
    return found


def test_sequence_candidates_start_with_greedys_choice_and_keep_the_jacks():
    from clicktown.sequence.game.bots import _score, root_candidates
    from clicktown.sequence.game.state import CELL_COUNT

    for state, _ in _sequence_positions():
        legal, match = state.legal_actions(), state.match
        moves = root_candidates(state, random.Random(0))
        assert set(moves) <= set(legal) and len(moves) == len(set(moves))
        exchanges = [a for a in legal if a >= match.exchange]
        if exchanges:
            assert moves == [exchanges[0]]
            continue
        team = match.table.team_of(state.seat)
        assert _score(state, team, moves[0]) == max(_score(state, team, a) for a in legal)
        assert len({a % CELL_COUNT for a in moves}) == len(moves) <= 10  # one play per cell
        for card in ("wild", "remove"):
            usable = [a for a in legal if match.actions[a // CELL_COUNT] == card]
            assert bool(usable) == any(match.actions[a // CELL_COUNT] == card for a in moves)


def test_sequence_candidates_looked_ahead_rank_by_what_the_seat_sees():
    """A variant measured in research, not the product's bot."""
    from clicktown.sequence.game.bots import root_candidates
    from clicktown.sequence.game.state import CELL_COUNT
    from research.sequence_eval.variants import looked_ahead_candidates, seen_by, seen_value

    for state, _ in _sequence_positions(2):
        legal, match = state.legal_actions(), state.match
        moves = looked_ahead_candidates(state, random.Random(0))
        greedy_first = root_candidates(state, random.Random(0))
        assert moves[0] == greedy_first[0] and set(moves) <= set(legal) and len(moves) == len(set(moves))
        if len(moves) == 1:
            continue
        seen = seen_by(state, state.seat)
        assert [len(h) for h in seen.hands] == [len(state.hands[state.seat]) if s == state.seat else 0
                                               for s in range(2)]
        values = [seen_value(seen, a) for a in moves[1:4]]
        assert values == sorted(values, reverse=True)  # the best after greedy's choice, best first
        for card in ("wild", "remove"):
            usable = [a for a in legal if match.actions[a // CELL_COUNT] == card]
            assert bool(usable) == any(match.actions[a // CELL_COUNT] == card for a in moves)
        other = state.clone()  # another hand for the other seat: the same candidates
        hidden = other.hands[1 - state.seat]
        other.hands[1 - state.seat] = [k for k, n in enumerate(state.pile) if n][:len(hidden)]
        assert other.hands[1 - state.seat] != hidden
        assert looked_ahead_candidates(other, random.Random(0)) == moves


def test_sequence_mcts_looking_ahead_and_counting_plays_one_game_per_seed():
    from research.sequence_eval.variants import VariantMcts, evaluate_counted

    positions = _sequence_positions(1)[::6]
    for state, _ in positions:
        assert sum(evaluate_counted(state)) == pytest.approx(1.0)
    played = [[VariantMcts(8, looked_ahead=True, counting=True).choose(state.clone(), random.Random(i))
               for i, (state, _) in enumerate(positions)] for _ in range(2)]
    assert played[0] == played[1]
    assert all(a in state.legal_actions() for a, (state, _) in zip(played[0], positions))


def test_sequence_one_move_ahead_plays_the_play_the_evaluation_likes_best():
    """A bot measured in research, not a product's bot: among greedy's 8 best plays and the jacks'
    best uses, the one whose position (as the seat sees it) the fitted evaluation values most."""
    from clicktown.sequence.game.bots import GreedyBot, ranked_plays
    from research.sequence_eval.variants import OneMoveAhead, one_move_ahead, seen_by, seen_value

    bot, chose_other = OneMoveAhead(), 0
    for state, _ in _sequence_positions(2):
        legal = state.legal_actions()
        chosen = bot.choose(state, random.Random(0))
        if legal[-1] >= state.match.exchange:  # a dead card, or the lone pass: as greedy does
            assert chosen == GreedyBot().choose(state, random.Random(0))
            continue
        plays, jacks = ranked_plays(state, legal)
        moves = plays[:8] + [a for a in jacks if a not in plays[:8]]
        seen = seen_by(state, state.seat)
        values = {a: seen_value(seen, a) for a in moves}
        assert chosen in moves and values[chosen] == max(values.values())
        assert one_move_ahead(state, random.Random(5)) == chosen  # no random draw decides it
        chose_other += chosen != plays[0]
    assert chose_other > 0  # it does not merely repeat greedy


def test_sequence_mcts_with_one_move_ahead_playouts_plays_one_game_per_seed(monkeypatch):
    """The searching seat's playout moves are one move ahead (4 plays and the jacks), the other seat's
    greedy's; a seed gives one move."""
    from research.sequence_eval import variants

    asked, original = [], variants.one_move_ahead

    def spy(state, rng, keep=8, ahead=variants.evaluate):
        asked.append((state.seat, keep))
        return original(state, rng, keep, ahead)

    monkeypatch.setattr(variants, "one_move_ahead", spy)
    positions, played, looked = _sequence_positions(1)[::8], [[], []], 0
    for i, (state, _) in enumerate(positions):
        for run in played:
            asked.clear()
            run.append(variants.VariantMcts(8, own_ahead=True).choose(state.clone(), random.Random(i)))
            assert {seat for seat, _ in asked} <= {state.seat} and {keep for _, keep in asked} <= {4}
            looked += len(asked)
    assert played[0] == played[1] and looked > 0
    assert all(a in state.legal_actions() for a, (state, _) in zip(played[0], positions))


def test_sequence_duplicate_deals_give_each_seat_the_same_cards_whoever_holds_it():
    """research: a deal played twice, the bot in seat 0 then in seat 1, draws the same cards in the same
    order until the pile is rebuilt; the deal's end is named from the two winners."""
    from research.sequence_eval.duplicate import outcome, paired_interval, play_once

    for index in range(3):
        first, drawn_first = play_once(index, 25, "one-ahead", 0)
        second, drawn_second = play_once(index, 25, "one-ahead", 1)
        assert first.is_terminal() and second.is_terminal()
        if not first.reshuffles and not second.reshuffles:
            shorter = min(len(drawn_first), len(drawn_second))
            assert shorter > 14 and drawn_first[:shorter] == drawn_second[:shorter]
    assert [outcome(*w) for w in (("A", "B"), ("B", "A"), ("A", "A"), ("B", "B"), (None, "A"))] == \
        ["bot", "greedy", "cards", "cards", "drawn"]
    assert paired_interval([0.5] * 10) == (0.5, 0.5)  # every deal decided by the cards: no doubt left
    low, high = paired_interval([1.0, 0.0] * 50)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-12


def test_sequence_mcts_plays_a_winning_move_when_it_holds_one():
    from clicktown.sequence.game.bots import make_bot

    mcts, checked = make_bot("mcts:4"), 0
    for state, action in _sequence_positions():
        after = state.clone()
        after.apply_action(action)
        if not after.is_terminal():
            continue
        chosen = state.clone()
        chosen.apply_action(mcts.choose(state, random.Random(1)))
        assert chosen.is_terminal() and chosen.returns()[state.seat] == 1.0
        checked += 1
    assert checked == 4


def test_sequence_candidates_are_compared_on_the_same_draws():
    """Two moves played in one determinized world draw the same card next (paired comparison)."""
    from clicktown.sequence.game.bots import make_bot

    from clicktown.sequence.game.state import CELL_COUNT

    search = make_bot("mcts").search
    search = type(search)(search.game, horizon=0)
    compared = 0
    for state, _ in _sequence_positions(1)[::5]:
        moves = search.game.candidates(state, random.Random(0))
        if len(moves) < 2 or any(a >= state.match.exchange for a in moves):
            continue
        world, seat = search.game.determinize(state, state.seat, random.Random(2)), state.seat
        drawn = []
        for action in moves[:2]:
            after = world.clone()
            after.apply_action(action)
            search.playout(after, random.Random(7), random.Random(8))
            hand = list(world.hands[seat])
            hand.remove(action // CELL_COUNT)
            new = list(after.hands[seat])
            for kind in hand:
                new.remove(kind)
            drawn.append(new)
        assert drawn[0] == drawn[1] and len(drawn[0]) == 1
        compared += 1
    assert compared >= 5


def test_sequence_mcts_with_a_time_budget_plays_one_of_its_candidates():
    from clicktown.sequence.game.bots import make_bot

    mcts = make_bot("mcts:0.05s")
    for state, _ in _sequence_positions(1)[:30:6]:
        moves = mcts.search.game.candidates(state, random.Random(0))
        assert mcts.choose(state, random.Random(4)) in moves


def test_patterns_mcts_starts_from_the_planners_move():
    """With an overwhelming head start the search plays the planner's move at every decision;
    without one it leaves it at some."""
    from clicktown.patterns.game.bots import MctsBot, PlannerBot, make_bot
    from clicktown.patterns.game.state import new_game

    def moves(mcts) -> tuple[list[int], list[int]]:
        state, rng, planner = new_game(2, record=False, max_turns=12), random.Random(4), PlannerBot()
        chosen, planned = [], []
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if state.current_player() == 0 and len(state.legal_actions()) > 1:
                planned.append(planner.choose(state, rng))
                chosen.append(mcts.choose(state, rng))
                action = chosen[-1]
            else:
                action = make_bot("greedy").choose(state, rng)
            state.apply_action(action)
        return chosen, planned

    certain = MctsBot(simulations=8)
    certain.search.prior_weight = 1e9
    chosen, planned = moves(certain)
    assert len(chosen) >= 5 and chosen == planned
    free = MctsBot(simulations=8)
    free.search.prior_weight = 0.0
    chosen, planned = moves(free)
    assert chosen != planned


def _patterns_decisions(games: int = 3):
    """The states of planner-vs-planner two-player games at which a seat chooses."""
    from clicktown.patterns.game.bots import PlannerBot
    from clicktown.patterns.game.state import new_game

    planner = PlannerBot()
    for seed in range(games):
        state, rng = new_game(2, record=False, max_turns=12), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            yield state
            state.apply_action(planner.choose(state, rng))


def _asked_by_seat(bot, states):
    """Search each state with `bot` (a search with an `opponent` model), recording at which seats the
    tree asked for the searching seat's candidates and at which for the opponent's move."""
    from dataclasses import replace

    asked = {"candidates": [], "opponent": []}
    game = bot.search.game

    def recording(name, ask):
        def asking(state, rng):
            asked[name].append((state.current_player(), searching))
            return ask(state, rng)
        return asking

    bot.search.game = replace(game, candidates=recording("candidates", game.candidates),
                              opponent=recording("opponent", game.opponent))
    for state in states:
        searching = state.current_player()
        bot.search.choose(state, random.Random(1))
    return asked


def _only_the_searching_seat_branches(asked) -> bool:
    return (bool(asked["candidates"]) and bool(asked["opponent"])
            and all(seat == searching for seat, searching in asked["candidates"])
            and all(seat != searching for seat, searching in asked["opponent"]))


def test_patterns_tree_branches_on_the_searching_seats_moves_only():
    """In the tree the searching seat looks at its sensible moves; the other seat plays the planner's move."""
    from itertools import islice

    from clicktown.patterns.game.bots import MctsBot, PlannerBot, _planners_move

    mcts = MctsBot(simulations=20)
    assert mcts.search.game.opponent is _planners_move
    choosing = [s.clone() for s in islice((s for s in _patterns_decisions() if len(s.legal_actions()) > 1), 6)]
    assert _planners_move(choosing[0], random.Random(0)) == PlannerBot().choose(choosing[0], random.Random(0))
    assert _only_the_searching_seat_branches(_asked_by_seat(mcts, choosing))


def test_patterns_mcts_makes_a_move_with_one_sensible_choice_without_searching():
    """A single true declaration (or a single choice in any phase) is made at once: the search is never asked."""
    from clicktown.patterns.game.bots import MctsBot, candidates

    mcts, asked = MctsBot(simulations=4), []
    searched = mcts.search.choose
    mcts.search.choose = lambda state, rng: asked.append(state.phase) or searched(state, rng)
    single = 0
    for state in _patterns_decisions():
        before = len(asked)
        sensible = candidates(state, random.Random(0))
        action = mcts.choose(state, random.Random(1))
        if len(sensible) == 1:
            single += 1
            assert (action, len(asked)) == (sensible[0], before)
        else:
            assert len(asked) == before + 1 and action in state.legal_actions()
    assert single >= 5 and asked


def _dealt_sequence_state():
    """A two-player Sequence game just dealt, with empty hands to fill."""
    from clicktown.arena.state import resolve_chance

    new_state, _ = _sequence()
    state = new_state()
    resolve_chance(state, random.Random(0))
    for seat in (0, 1):
        state.pile = [n + state.hands[seat].count(k) for k, n in enumerate(state.pile)]
        state.hands[seat] = []
    state.pile_size = sum(state.pile)
    return state


def _hold(state, seat, *cards, into="hands"):
    """Take cards from the draw pile into a seat's hand (or its discard pile)."""
    for name in cards:
        kind = state.match.kind_of[name]
        state.pile[kind] -= 1
        state.pile_size -= 1
        getattr(state, into)[seat].append(kind)


def test_sequence_features_read_lines_gaps_forks_and_the_hand():
    from clicktown.sequence.game.bots import FEATURES, team_features

    state = _dealt_sequence_state()
    for c in (1, 2, 3):  # the corner and 2s 3s 4s of the top row: a line of four, its gap on 5s (cell 4)
        state._put_chip(c, "A")
    read = lambda: dict(zip(FEATURES, team_features(state, "A")))  # noqa: E731
    first = read()
    assert (first["lines4"], first["lines3"], first["gaps"], first["gaps_in_hand"], first["forks"]) == (1, 1, 1, 0, 0)
    _hold(state, 0, "5s")  # one of the two 5s cells is the gap
    assert read()["gaps_in_hand"] == 1
    state.hands[0] = [state.match.kind_of["6s"]]
    assert read()["gaps_in_hand"] == 0
    for c in (14, 24, 34):  # three down the column of cell 4: the gap is on two lines of three or more
        state._put_chip(c, "A")
    assert read()["forks"] == 1 and read()["gaps"] == 1
    state._put_chip(44, "B")  # B on the column's fifth cell closes that line of five
    assert read()["forks"] == 0 and read()["lines3"] == 1
    _hold(state, 0, "jd", "jh")
    after = read()
    assert (after["gaps_in_hand"], after["wild_in_hand"], after["remove_in_hand"], after["ready"]) == (1, 1, 1, 0)
    for c in (91, 92, 93, 94):  # the corner of the bottom row and four chips: a sequence
        state._put_chip(c, "A")
    state._lock_new_sequences(94, "A")
    assert read()["sequences"] == 1 and read()["ready"] == 1  # one short, and the hand reaches a gap
    assert (read()["ready_to_move"], read()["gaps_in_hand_to_move"]) == (1, 1)  # A to move: it can win now
    state.seat = 1
    assert (read()["ready"], read()["ready_to_move"], read()["gaps_in_hand_to_move"]) == (1, 0, 0)


def test_sequence_features_count_the_cards_seen_gone():
    from clicktown.sequence.game.bots import FEATURES, team_features
    from research.sequence_eval.variants import COUNTING, counted_features

    state = _dealt_sequence_state()
    for c in (1, 2, 3):  # top row: an open four with its gap on 5s (cell 4), and 2s 3s 4s a line of three to 6s
        state._put_chip(c, "A")
    read = lambda: dict(zip(FEATURES + COUNTING, counted_features(state, "A")))  # noqa: E731
    assert len(team_features(state, "A")) == len(FEATURES)
    assert tuple(read()[f] for f in COUNTING) == (1, 0, 0, 1, 0, 0)
    _hold(state, 1, "5s", into="discards")
    assert (read()["live_gaps"], read()["dead_gaps"]) == (1, 0)  # one copy of 5s still to come
    _hold(state, 0, "5s")
    assert (read()["live_gaps"], read()["dead_gaps"], read()["gaps_in_hand"]) == (0, 0, 1)  # the last copy in hand
    state.hands[0] = []
    state.discards[1].append(state.match.kind_of["5s"])
    assert (read()["live_gaps"], read()["dead_gaps"], read()["live_threes"]) == (0, 1, 0)  # both 5s gone
    for c in (10, 20, 30):  # down the first column from the corner: a second open four, its gap on 8c (cell 40)
        state._put_chip(c, "A")
    assert (read()["live_gaps"], read()["dead_gaps"], read()["two_threats"]) == (1, 1, 0)
    _hold(state, 0, "jd")  # a two-eyed jack reaches both gaps: two threats
    assert (read()["gaps_in_hand"], read()["two_threats"]) == (2, 1)
    for c in (96, 97, 98):  # B: 8d 7d 6d and the corner of the bottom row, its gap on 9d (cell 95)
        state._put_chip(c, "B")
    assert (read()["blocks_in_hand"], read()["blocks_in_hand_to_move"]) == (1, 1)  # the jack blocks it, A to move
    state.hands[0] = [state.match.kind_of["9d"]]
    state.seat = 1
    assert (read()["blocks_in_hand"], read()["blocks_in_hand_to_move"], read()["two_threats"]) == (1, 0, 0)


def test_sequence_evaluation_is_a_chance_to_win_for_both_seats():
    from clicktown.sequence.game.bots import evaluate

    state = _dealt_sequence_state()
    assert evaluate(state)[0] > 0.5  # seat 0 to move, nothing else differs
    assert sum(evaluate(state)) == pytest.approx(1.0)
    for c in (1, 2, 3):
        state._put_chip(c, "B")
    behind = evaluate(state)[0]
    _hold(state, 0, "jh")  # a one-eyed jack can break B's line
    assert behind < 0.5 < evaluate(state)[1] and evaluate(state)[0] > behind


def _left_with_a_four(reading):
    """Seat 0 (A) plays 4s to make an open four along the top row (gap: 5s on cell 4); the reading
    keeps the board it leaves. Seat 1 holds no card answering it."""
    state = _dealt_sequence_state()
    for c in (1, 2):
        state._put_chip(c, "A")
    _hold(state, 0, "4s", "9h", "9h", "8h", "8h", "7h", "7h")
    _hold(state, 1, "2d", "3d", "4d", "6d", "7d", "8d", "9d")
    play = state.match.play_action("4s", 3)
    reading.read(state)
    reading.remember(state, play)
    state.apply_action(play)
    state.apply_action(state.legal_actions()[0])  # seat 0 draws
    return state


def test_sequence_reading_an_opponent_that_left_a_four_open():
    """An opponent that lets an open four stand held neither the gap's card nor a jack; the search
    deals it at most one such card (the one it drew since), from the same hidden cards."""
    from clicktown.arena.state import resolve_chance
    from clicktown.sequence.game.bots import HandReading

    reading = HandReading()
    state = _left_with_a_four(reading)
    kind = state.match.kind_of
    state.apply_action(kind["2d"] * 100 + state.match.cells_of_kind[kind["2d"]][0])  # far from the four
    resolve_chance(state, random.Random(0))
    reading.read(state)
    assert reading.unlikely == {1: [{kind[c] for c in ("5s", "jd", "jc", "jh", "js")}]}
    hidden = sorted(state.hands[1] + [k for k, n in enumerate(state.pile) for _ in range(n)])
    held = []
    for seed in range(300):
        world = reading.determinize(state, 0, random.Random(seed))
        assert world.hands[0] == state.hands[0] and len(world.hands[1]) == 7
        assert sorted(world.hands[1] + [k for k, n in enumerate(world.pile) for _ in range(n)]) == hidden
        held.append(sum(k in reading.unlikely[1][0] for k in world.hands[1]))
    assert max(held) == 1 and 15 < held.count(1) < 55  # 5s and the jacks: 10 of the 90 hidden cards, about 1 in 9
    free = [sum(k in reading.unlikely[1][0] for k in state.determinized(0, random.Random(s)).hands[1]) for s in range(300)]
    assert max(free) >= 2  # without the reading, such hands are dealt too


def test_sequence_no_reading_when_the_opponent_touched_the_four():
    from clicktown.arena.state import resolve_chance
    from clicktown.sequence.game.bots import HandReading

    reading = HandReading()
    state = _left_with_a_four(reading)
    kind = state.match.kind_of
    _hold(state, 1, "5s")
    state.apply_action(kind["5s"] * 100 + 4)  # seat 1 blocks the gap
    resolve_chance(state, random.Random(0))
    reading.read(state)
    assert reading.unlikely == {}


def test_sequence_reading_a_greedy_opponent_holds_for_its_true_hand():
    """Read as greedy's, an opponent that is greedy holds at most j cards of its last j readings (the
    cards it drew in those turns), at every turn of a few games, and so do the hands the search deals
    it; the readings are made at most turns."""
    from clicktown.arena.state import resolve_chance
    from clicktown.sequence.game.bots import GreedyBot, HandReading

    new_state, _ = _sequence()
    greedy, turns, read, deepest = GreedyBot(), 0, 0, 0
    for seed in range(3):
        state, rng, reading = new_state(), random.Random(seed), HandReading(greedy_model=True)
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            if state.seat == 1:
                reading.read(state)
                readings = reading.unlikely.get(0, [])
                turns, read, deepest = turns + 1, read + bool(readings), max(deepest, len(readings))
                dealt = reading.determinize(state, 1, random.Random(turns)).hands[0]
                for j in range(1, len(readings) + 1):
                    avoided = set().union(*readings[:j])
                    assert sum(k in avoided for k in state.hands[0]) <= j
                    assert sum(k in avoided for k in dealt) <= j  # the search deals hands the same way
            action = greedy.choose(state, rng)
            if state.seat == 1:
                reading.remember(state, action)
            state.apply_action(action)
    assert read > 0.8 * turns and deepest == 6


def test_a_sequence_mcts_bot_used_again_in_a_new_game_plays_as_a_new_bot():
    """The bot remembers the board it left to read the next play; in another game that memory is
    dropped, so a bot that played a game before plays the next one exactly as a new bot does."""
    new_state, make_bot = _sequence()

    def game(bot, seed: int) -> list[int]:
        state, rng, greedy, moves = new_state(), random.Random(seed), make_bot("greedy"), []
        while not state.is_terminal() and len(moves) < 30:
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            action = (bot if state.current_player() == 0 else greedy).choose(state, rng)
            moves.append(action)
            state.apply_action(action)
        return moves

    used = make_bot("mcts:8")
    game(used, 1)
    assert used.reading.after is not None  # it remembers the first game's board
    assert game(used, 2) == game(make_bot("mcts:8"), 2)


# ---- Old Town: stop rounds --------------------------------------------------------------------

def _oldtown_stop_rounds(players: int = 4, games: int = 3):
    """Every stop-round decision of a few seeded greedy games: (the state, the claim greedy made)."""
    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.game.bots import GreedyBot
    from clicktown.oldtown.game.state import new_game

    greedy, found = GreedyBot(), []
    for seed in range(games):
        state, rng = new_game(load_catalogue(), players, record=False), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            action = greedy.choose(state, rng)
            if state.phase == "stop":
                found.append((state.clone(), action))
            state.apply_action(action)
    return found


def test_oldtown_mcts_claims_in_a_stop_round_what_logic_makes_right_without_searching():
    from clicktown.oldtown.game.bots import MctsBot
    from clicktown.oldtown.game.state import PASS, STOP

    rounds = _oldtown_stop_rounds()
    claims = [(s, a) for s, a in rounds if a != PASS]
    assert claims and len(claims) < len(rounds)
    bot = MctsBot()
    for state, greedy_move in rounds:
        rng = random.Random(5)
        before = rng.getstate()
        move = bot.choose(state, rng)
        assert move == greedy_move
        assert rng.getstate() == before  # no determinization was dealt: the move is not searched
        forced = state.forced()
        assert (move == PASS) == (not forced)
        if forced:
            assert state.decode_marker(move, STOP) == min(forced)


def test_oldtown_mcts_at_four_players_plays_legal_moves_and_one_game_per_seed():
    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.game.bots import make_bot
    from clicktown.oldtown.game.state import new_game

    def moves(seed):
        state, rng = new_game(load_catalogue(), 4, record=False), random.Random(seed)
        bots = [make_bot("mcts:8")] + [make_bot("greedy")] * 3
        seen = []
        while not state.is_terminal() and len(seen) < 80:
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            action = bots[state.current_player()].choose(state, rng)
            assert action in state.legal_actions()
            seen.append(action)
            state.apply_action(action)
        return seen

    first = moves(4)
    assert len(first) == 80
    assert moves(4) == first


def test_oldtown_tree_branches_on_the_searching_seats_moves_only():
    """In the tree the searching seat tries every legal action (in a stop round, greedy's claim);
    another seat plays greedy's move."""
    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.game.bots import _GREEDY, GreedyBot, MctsBot, candidates
    from clicktown.oldtown.game.state import new_game

    state, rng, greedy = new_game(load_catalogue(), 4, record=False), random.Random(2), GreedyBot()
    mcts, searched, stops = MctsBot(simulations=20), [], 0
    assert mcts.search.game.opponent == _GREEDY.choose
    while not state.is_terminal() and state.turns < 8:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if state.phase == "stop":
            stops += 1
            assert candidates(state, random.Random(0)) == [greedy.choose(state, random.Random(0))]
        else:
            assert candidates(state, random.Random(0)) == state.legal_actions()
            if len(state.legal_actions()) > 1 and len(searched) < 5:
                searched.append(state.clone())
        state.apply_action(greedy.choose(state, rng))
    assert stops and len(searched) == 5
    assert _only_the_searching_seat_branches(_asked_by_seat(mcts, searched))


def _patterns_race(seed: int, turn: int):
    """The two-player planner game of `seed` at the race of `turn`, before the first seat's choice."""
    from clicktown.patterns.game.bots import PlannerBot
    from clicktown.patterns.game.state import new_game

    state, rng, planner = new_game(2, record=False, max_turns=12), random.Random(seed), PlannerBot()
    while not (state.phase == "race" and state.turn == turn):
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(planner.choose(state, rng))
    return state


def test_patterns_determinization_deals_a_seats_card_from_the_cards_given():
    """A seat named in `holding` gets one of its cards (any unseen card when none is unseen); with
    nothing named the deal is `determinized`'s, draw for draw."""
    from research.patterns_eval.variants import unseen_cards

    state = _patterns_race(8, 6)
    unseen = unseen_cards(state, 0)
    allowed = frozenset(unseen[3:5])
    dealt = {state.determinized_holding(0, random.Random(s), {1: allowed}).hand[1] for s in range(40)}
    assert dealt == set(allowed)
    fallback = {state.determinized_holding(0, random.Random(s), {1: frozenset([state.wheel[0]])}).hand[1]
                for s in range(40)}
    assert len(fallback) > 2 and fallback <= set(unseen)
    for s in range(5):
        same, blind = state.determinized_holding(0, random.Random(s), {}), state.determinized(0, random.Random(s))
        assert (same.hand, same.deck) == (blind.hand, blind.deck)
        kept = state.determinized_holding(0, random.Random(s), {1: allowed})
        assert kept.hand[0] == state.hand[0] and sorted(kept.deck + [kept.hand[1]]) == sorted(state.deck + [state.hand[1]])


def test_patterns_mcts_reads_the_card_a_planner_waited_with():
    """Seat 1 (the planner) waits first in the race; seat 0's mcts then deals it exactly the unseen
    cards with which a planner would have waited there (19 of 21), once a turn (a variant measured
    in research, not the product's bot)."""
    from clicktown.patterns.game.bots import PlannerBot
    from clicktown.patterns.game.state import PASS
    from research.patterns_eval.variants import VariantMcts, holding_card, unseen_cards

    state, planner = _patterns_race(8, 6), PlannerBot()
    assert (state.seat, state.race_index) == (1, 0)
    unseen = unseen_cards(state, 0)
    waiting = {c for c in unseen if planner.choose(holding_card(state, 1, c), random.Random(0)) == PASS}
    assert (len(waiting), len(unseen)) == (19, 21) and state.hand[1] in waiting
    state.apply_action(planner.choose(state, random.Random(0)))
    mcts = VariantMcts(simulations=4, read=True)
    mcts.choose(state, random.Random(1))
    assert mcts.reading(state) == {1: frozenset(waiting)} and len(mcts.readings) == 1
    assert {mcts.deal(state, 0, random.Random(s)).hand[1] for s in range(200)} == waiting
    assert mcts.holding == {1: frozenset(waiting)}
    blind = VariantMcts(simulations=4)
    blind.choose(state, random.Random(1))
    assert blind.holding == {}


def test_patterns_mcts_can_judge_its_takes_by_planner_playouts():
    """With `take_playouts` a take is chosen by sequential halving over planner playouts, the planner's
    take first among every card it may take; the tree is not asked, and a seed gives one answer
    (a variant measured in research)."""
    from clicktown.patterns.game.bots import PlannerBot
    from research.patterns_eval.variants import VariantMcts, _takes

    takes = [s.clone() for s in _patterns_decisions() if s.phase == "take" and len(s.legal_actions()) > 1][:3]
    assert len(takes) == 3
    for state in takes:
        candidates = _takes(state, random.Random(0))
        assert candidates[0] == PlannerBot().choose(state, random.Random(0))
        assert sorted(candidates) == sorted(state.legal_actions())
    mcts, asked = VariantMcts(simulations=4, take_playouts=16), []
    mcts.search.choose = lambda state, rng: asked.append(state.phase)
    chosen = [mcts.choose(state, random.Random(1)) for state in takes]
    assert asked == [] and all(a in s.legal_actions() for a, s in zip(chosen, takes))
    assert chosen == [mcts.choose(state, random.Random(1)) for state in takes]
