"""The marker game played many times: invariants after every turn, the three deductions (fast path,
networkx, CP-SAT) against each other, traces, worker-independent simulation, the bots, PettingZoo,
and the CLI commands."""

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from clicktown.arena.state import RandomBot, resolve_chance
from clicktown.arena.trace import read_events
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown import reference
from clicktown.oldtown.game import deduce
from clicktown.oldtown.game.bots import GreedyBot, PlannerBot
from clicktown.oldtown.game.simulate import Setup, play_one, run, summarize
from clicktown.oldtown.game.state import NO_PROGRESS, TOWN_BUILT, new_game

#: Random games each of the four hypothesis tests plays: 4 x 500 = 2,000 games, 30 to 37 s of CPU in
#: all (15 to 18 ms a game; pytest-xdist's `-n 2` spreads the four tests over two cores);
#: CLICKTOWN_GAMES=N plays N per test.
GAMES = int(os.environ.get("CLICKTOWN_GAMES", "500"))


@pytest.fixture(scope="module")
def cat():
    return load_catalogue()


def check_turn(state):
    """The invariants of the issue, after a turn."""
    town = state.town
    counts = town.counts()
    assert max(counts.values(), default=0) <= 3, f"a plot holds {max(counts.values())} markers"
    occupied = town.occupied
    for building, plots in town.markers.items():
        assert 2 <= len(plots) <= 5
        assert not plots & occupied
    assert town.markers_on_board() + sum(town.supply.values()) + sum(state.points) == 90
    assert town.feasible()


def play_checked(cat, players, seed, bots):
    """Play one game, checking the invariants after every turn; returns the final state.

    A building is built on a plot where it had a marker, except in situation B: a card that leaves
    a building no card spoke of one plot builds it there at once, so it never had a marker.
    """
    state = new_game(cat, players)
    rng = random.Random(seed)
    marked = {}  # building -> plots where it ever had a marker
    seen, looked_at = 0, None
    for _ in range(20_000):
        resolve_chance(state, rng)
        if state.town is not looked_at:  # the engine replaces the town whenever the board changes
            looked_at = state.town
            for b, plots in looked_at.markers.items():
                marked.setdefault(b, set()).update(plots)
        while seen < len(state.events):
            if state.events[seen]["event"] == "turn_end":
                check_turn(state)
            seen += 1
        if state.is_terminal():
            break
        state.apply_action(bots[state.actor].choose(state, rng))
    else:
        pytest.fail("the game did not end")
    for building, plot in state.town.built.items():
        placed_directly = building not in marked  # situation B: a card left a new building one plot
        assert placed_directly or plot in marked[building], f"{building} built on {plot} without a marker there"
    assert state.reason in (TOWN_BUILT, NO_PROGRESS)
    if state.reason == TOWN_BUILT:
        assert len(state.town.built) == 16
    best = max(state.points)
    assert all(state.points[w] == best for w in state.winners())
    return state


_CAT = []


def _shared_catalogue():
    if not _CAT:
        _CAT.append(load_catalogue())
    return _CAT[0]


def _random_games(players):
    """A hypothesis test of GAMES random games (players None: 2, 3 or 4, drawn per game)."""
    table = st.just(players) if players else st.sampled_from([2, 3, 4])

    @settings(max_examples=GAMES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1), players=table)
    def test(seed, players):
        play_checked(_shared_catalogue(), players, seed, [RandomBot()] * players)

    return test


# four tests of GAMES games each, so that pytest-xdist can run them on different cores
test_random_two_player_games_keep_every_invariant_and_end = _random_games(2)
test_random_three_player_games_keep_every_invariant_and_end = _random_games(3)
test_random_four_player_games_keep_every_invariant_and_end = _random_games(4)
test_random_games_of_any_size_keep_every_invariant_and_end = _random_games(None)


def test_greedy_and_planner_games_keep_every_invariant(cat):
    for seed in range(6):
        play_checked(cat, 2 + seed % 3, seed, [GreedyBot(), PlannerBot(), GreedyBot(), PlannerBot()])


def test_greedy_four_player_game_builds_the_town(cat):
    state = play_checked(cat, 4, 7, [GreedyBot()] * 4)
    assert state.reason == TOWN_BUILT and sum(state.points) == 90 - sum(state.town.supply.values())


# -- the matching filter against CP-SAT ---------------------------------------------------------------

def reachable_boards(cat, count):
    """Distinct boards (with markers) met in random 4-player games."""
    boards, keys, seed = [], set(), 0
    while len(boards) < count:
        state = new_game(cat, 4, record=False)
        rng, bot = random.Random(seed), RandomBot()
        seed += 1
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            key = state.town.key()
            if state.town.markers and key not in keys:
                keys.add(key)
                boards.append(state.town.copy())
            state.apply_action(bot.choose(state, rng))
    return boards[:count]


def test_fast_filter_networkx_and_cpsat_agree_on_1000_reachable_states(cat):
    boards = reachable_boards(cat, 1000)
    with_forced = 0
    for town in boards:
        deduce.clear_caches()  # the fast path answers from scratch, not from a game's cache
        fast = deduce.forced_removals(town.markers, town.free)
        by_networkx = reference.forced_removals_networkx(town.markers, town.free)
        slow = reference.forced_removals_cpsat(town.markers)
        assert fast == by_networkx == slow, town.key()
        assert reference.matching_networkx(town.markers) is not None  # every reachable board is feasible
        with_forced += bool(fast)
    assert len(boards) == 1000 and len({town.key() for town in boards}) == 1000
    assert with_forced >= 20  # the check is not only about boards where nothing is forced


# -- traces, simulation, bots -----------------------------------------------------------------------

def test_trace_schema(cat):
    record = play_one(0, 11, Setup(3, ("greedy", "random", "planner"), trace=True))
    events = record.events
    assert events[0]["event"] == "game_start" and events[-1]["event"] == "game_end"
    names = set(cat.building_names)
    turn_ends = [e for e in events if e["event"] == "turn_end"]
    assert turn_ends and [e["turn"] for e in turn_ends] == list(range(1, len(turn_ends) + 1))
    for e in turn_ends:
        assert set(e) == {"event", "turn", "seat", "plots", "built", "points", "supply"}
        assert all(k.isdigit() and 1 <= int(k) <= 16 and set(v) <= names for k, v in e["plots"].items())
        assert set(e["built"]) <= names and all(1 <= p <= 16 for p in e["built"].values())
        assert len(e["points"]) == 3 and set(e["supply"]) == names
    end = events[-1]
    assert set(end) == {"event", "built", "points", "winners", "reason", "turns"}
    assert end["reason"] in (TOWN_BUILT, NO_PROGRESS)
    kinds = {e["event"] for e in events}
    assert kinds <= {"game_start", "action", "building", "draw", "reshuffle", "play", "discard", "stop", "pass", "turn_end", "game_end"}
    json.dumps(events)


def test_same_seed_same_results_whatever_workers():
    one = [r.summary for r in run(Setup(3, ("greedy", "random", "planner")), 6, seed=5, workers=1)]
    two = [r.summary for r in run(Setup(3, ("greedy", "random", "planner")), 6, seed=5, workers=2)]
    assert one == two
    traced = [r.events for r in run(Setup(3, ("greedy", "random", "planner"), trace=True), 3, seed=5, workers=2)]
    again = [r.events for r in run(Setup(3, ("greedy", "random", "planner"), trace=True), 3, seed=5, workers=1)]
    assert traced == again  # the seed replays each game event for event
    other = [r.summary for r in run(Setup(3, ("greedy", "random", "planner")), 6, seed=6, workers=1)]
    assert one != other


def test_summary_counts(cat):
    records = list(run(Setup(2, ("greedy", "random")), 8, seed=1))
    s = summarize([r.summary for r in records], Setup(2, ("greedy", "random")), seed=1)
    assert s["games"] == 8 and s["win_rate_per_seat"][0]["n"] == 8 and s["win_rate_per_bot"]["random"]["n"] == 8
    assert s["town_completed"]["hits"] == sum(r.summary["reason"] == TOWN_BUILT for r in records)
    wins = sum(0 in r.summary["winners"] for r in records)
    assert s["win_rate_per_seat"][0]["hits"] == s["win_rate_per_bot"]["greedy"]["hits"] == wins
    assert s["points_per_seat"][1] == s["points_per_bot"]["random"] == sum(r.summary["points"][1] for r in records) / 8


def test_greedy_beats_random(cat):
    records = list(run(Setup(2, ("greedy", "random")), 12, seed=3))
    greedy = sum(r.summary["points"][0] for r in records)
    randoms = sum(r.summary["points"][1] for r in records)
    assert greedy > randoms


def test_greedy_calls_every_stop_it_can(cat):
    state = new_game(cat, 4)
    rng = random.Random(2)
    bot = GreedyBot()
    while not state.is_terminal():
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        if state.phase == "stop":
            action = bot.choose(state, rng)
            assert (action == state.legal_actions()[0]) == (not state.town.forced())
            state.apply_action(action)
        else:
            state.apply_action(bot.choose(state, rng))
    assert state.stops["wrong"] == 0


# -- PettingZoo --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_and_seed(players):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from clicktown.oldtown import env as oldtown_env

    api_test(oldtown_env.env(players=players), num_cycles=60)
    seed_test(lambda: oldtown_env.env(players=players), num_cycles=30)


def test_pettingzoo_hides_other_hands():
    pytest.importorskip("pettingzoo")
    from clicktown.oldtown.game.env import raw_env

    e = raw_env(players=3)
    e.reset(seed=4)
    mine = e.observe("player_0")["observation"][576:636]
    theirs = e.observe("player_1")["observation"][576:636]
    hand0 = {i + 1 for i in range(60) if mine[i]}
    hand1 = {i + 1 for i in range(60) if theirs[i]}
    assert hand0 == set(e.state.hands[0]) and hand1 == set(e.state.hands[1]) and not hand0 & hand1


# -- the commands ------------------------------------------------------------------------------------

def write_state(tmp_path, data):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    return path


def test_cli_referee_card_allowed_and_forbidden(run_cli, tmp_path, cat):
    card = next(c for c in sorted(cat.cards.values(), key=lambda c: c.number) if c.kind == "A")
    s = sorted(card.plots)
    outside = [p for p in range(1, 17) if p not in card.plots]
    ok = write_state(tmp_path, {"plots": {}, "built": {}, "mine": ["Doc"]})
    code, out, _ = run_cli("oldtown", "referee", ok, "--card", card.number, "--json")
    assert code == 0 and json.loads(out)["status"] == "playable" and json.loads(out)["gain"] == 1
    others = [b for b in cat.building_names if b != card.building][:3]
    full = {str(s[0]): others}
    for k, b in enumerate(others):
        full.setdefault(str(outside[k]), []).append(b)
    bad = write_state(tmp_path, {"plots": full, "mine": ["Doc"]})
    code, out, _ = run_cli("oldtown", "referee", bad, "--card", card.number)
    assert code == 1 and "(rulebook example 6)" in out


def test_cli_referee_b_card_needs_my_building(run_cli, tmp_path, cat):
    b_card = next(c for c in cat.cards.values() if c.kind == "B")
    path = write_state(tmp_path, {"mine": ["Doc", "Bank"]})
    code, _, err = run_cli("oldtown", "referee", path, "--card", b_card.number)
    assert code == 2 and "--my" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run_cli("oldtown", "referee", path, "--card", b_card.number, "--my", "Hotel")
    assert code == 1 and "not one of your buildings" in out


def test_cli_referee_b_card_needs_mine_or_the_mine_option(run_cli, tmp_path, cat):
    b_card = next(c for c in sorted(cat.cards.values(), key=lambda c: c.number) if c.kind == "B")
    here = sorted(b_card.plots)[:2]
    path = write_state(tmp_path, {"plots": {str(p): ["Hotel"] for p in here}})
    code, out, err = run_cli("oldtown", "referee", path, "--card", b_card.number, "--my", "Hotel")
    assert code == 2 and '"mine"' in err and "--mine" in err and len(err.strip().splitlines()) == 1 and out == ""
    code, out, _ = run_cli("oldtown", "referee", path, "--card", b_card.number, "--my", "Hotel", "--mine", "Bank")
    assert code == 1 and "not one of your buildings" in out
    code, out, _ = run_cli("oldtown", "referee", path, "--card", b_card.number, "--my", "Hotel", "--mine", "Hotel,Bank",
                           "--json")
    assert code == 0 and json.loads(out)["status"] == "confirmation"
    both = write_state(tmp_path, {"mine": ["Hotel"]})
    code, _, err = run_cli("oldtown", "referee", both, "--card", b_card.number, "--my", "Hotel", "--mine", "Hotel")
    assert code == 2 and "leave out --mine" in err


def two_contradiction_cards(cat):
    """Two A cards of different buildings, each built on a plot its card rules out, and the state."""
    cards, built = [], {}
    for card in sorted(cat.cards.values(), key=lambda c: c.number):
        if card.kind != "A" or card.building in built or card.building in ("Drugstore", "Saloon", "Bank"):
            continue
        spare = [p for p in range(8, 17) if p not in card.plots and p not in built.values()]
        built[card.building] = spare[0]
        cards.append(card.number)
        if len(cards) == 2:
            return cards, built


def test_cli_referee_judges_action_2(run_cli, tmp_path, cat):
    # "Hat der Spieler ... zwei Bestätigungs- und/oder Widerspruchskarten auf der Hand, darf er diese
    # Karten auf den Ablagestoß legen und dafür einen beliebigen Marker vom Spielplan an sich nehmen"
    (first, second), built = two_contradiction_cards(cat)
    path = write_state(tmp_path, {"built": built, "plots": {"1": ["Drugstore"], "2": ["Drugstore"], "3": ["Drugstore"]}})
    code, out, _ = run_cli("oldtown", "referee", path, "--discard", f"{first},{second}", "--take", "Drugstore:1",
                           "--json")
    found = json.loads(out)
    assert code == 0 and found["allowed"] and found["gain"] == 1 and found["built"] == {}
    assert [v["status"] for v in found["verdicts"]] == ["contradiction", "contradiction"]
    playable = next(c.number for c in sorted(cat.cards.values(), key=lambda c: c.number)
                    if c.kind == "A" and c.building not in built and c.building != "Drugstore")
    code, out, _ = run_cli("oldtown", "referee", path, "--discard", f"{first},{playable}", "--take", "Drugstore:1")
    assert code == 1 and f"card {playable} is neither a confirmation nor a contradiction card" in out
    code, _, err = run_cli("oldtown", "referee", path, "--discard", f"{first},{first}", "--take", "Drugstore:1")
    assert code == 2 and "two different cards" in err
    code, _, err = run_cli("oldtown", "referee", path, "--discard", f"{first},{second}")
    assert code == 2 and "--take" in err


def test_cli_referee_action_2_and_a_held_pair(run_cli, tmp_path, cat):
    (first, second), built = two_contradiction_cards(cat)
    path = write_state(tmp_path, {"built": built, "plots": {"1": ["Drugstore", "Saloon"], "2": ["Drugstore", "Saloon"],
                                                            "3": ["Bank"], "4": ["Bank"]}})
    args = ("oldtown", "referee", path, "--discard", f"{first},{second}", "--take", "Saloon:1")
    code, out, _ = run_cli(*args, "--json")
    # the Saloon is built on plot 2, the Drugstore (Beispiel 10) then on plot 1
    assert code == 0 and json.loads(out)["built"] == {"Saloon": 2, "Drugstore": 1}
    code, out, _ = run_cli(*args, "--break-pair", "forbidden")
    assert code == 1 and "held pair" in out



def test_cli_referee_action_2_and_the_markers_that_follow_by_logic(run_cli, tmp_path, cat):
    # "darf der Spieler alle Marker, die nun vom Plan entfernt werden müssen, an sich nehmen" -- taking the Saloon's
    # marker off plot 5 leaves a held pair on plots 1 and 2, so the Bank's marker on plot 1 must go
    (first, second), built = two_contradiction_cards(cat)
    path = write_state(tmp_path, {"built": built, "plots": {"1": ["Drugstore", "Saloon", "Bank"],
                                                            "2": ["Drugstore", "Saloon"], "5": ["Saloon"],
                                                            "6": ["Bank"], "7": ["Bank"]}})
    args = ("oldtown", "referee", path, "--discard", f"{first},{second}", "--take", "Saloon:5", "--json")
    code, out, _ = run_cli(*args)
    assert code == 0 and json.loads(out)["gain"] == 1  # stop_round: the Bank's marker waits for a "stop"
    code, out, _ = run_cli(*args, "--logic-markers", "player")
    assert code == 0 and json.loads(out)["gain"] == 2


def test_cli_referee_stop_claim(run_cli, tmp_path):
    path = write_state(tmp_path, {"plots": {"2": ["Drugstore", "Bank", "Saloon"], "3": ["Drugstore", "Bank"],
                                            "7": ["Saloon"]}})
    code, out, _ = run_cli("oldtown", "referee", path, "--stop", "Saloon:2", "--json")
    assert code == 0 and json.loads(out)["right"] and json.loads(out)["built"] == {"Saloon": 7}
    code, out, _ = run_cli("oldtown", "referee", path, "--stop", "Bank:2")
    assert code == 1 and "WRONG" in out


@pytest.mark.parametrize("claim, words", [("Saloon:99", "plots are numbered 1 to 16"), ("Saloon", "BUILDING:PLOT"),
                                           ("Nowhere:2", "unknown building")])
def test_cli_referee_bad_stop_claim_is_one_line(run_cli, tmp_path, claim, words):
    path = write_state(tmp_path, {"plots": {"2": ["Saloon"], "7": ["Saloon"]}})
    code, out, err = run_cli("oldtown", "referee", path, "--stop", claim)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1 and out == ""


@pytest.mark.parametrize("data, words", [
    ({"plots": {"17": ["Bank"]}}, "1 to 16"),
    ({"plots": {"2": ["Bank", "Doc", "Hotel", "Judge"]}}, "at most three"),
    ({"plots": {"2": ["Nowhere"]}}, "unknown building"),
    ({"plots": {"2": ["Bank"]}}, "one marker left"),
    ({"plots": {"2": ["Bank", "Doc", "Hotel"], "3": ["Bank", "Doc", "Hotel"]}}, "no town fits"),
    ({"built": {"Bank": 2}, "plots": {"2": ["Doc"], "3": ["Doc"]}}, "built on"),
    ({"plots": {}, "colour": "red"}, "colour"),
    ({"supply": {"Bank": 2}}, "all five"),
    ({"plots": {"2": ["Doc"], "3": ["Doc"]}, "supply": {"Doc": 4}}, "five markers in all"),
    ({"mine": ["Bank"], "built": {"Bank": 4}}, "no longer a player's building"),
    ({"built": {"Bank": 2, "bank": 3}}, "the Bank is built twice (plots 2 and 3)"),
])
def test_cli_referee_bad_state_is_one_line(run_cli, tmp_path, data, words):
    path = write_state(tmp_path, data)
    code, _, err = run_cli("oldtown", "referee", path, "--card", 1)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def test_cli_referee_reads_a_trace_line(run_cli, tmp_path):
    record = play_one(0, 3, Setup(4, ("greedy",) * 4, trace=True))
    line = next(e for e in record.events if e["event"] == "turn_end" and e["plots"])
    path = write_state(tmp_path, {**line, "mine": []})
    code, out, _ = run_cli("oldtown", "referee", path, "--card", 1, "--json")
    assert code in (0, 1) and json.loads(out)["status"] in ("playable", "confirmation", "contradiction", "forbidden")


def test_cli_simulate_json_and_trace(run_cli, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, out, _ = run_cli("oldtown", "simulate", "--games", 4, "--players", 3, "--bots", "greedy,random",
                           "--seed", 9, "--json", "--trace", trace)
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 4 and summary["bots"] == ["greedy", "random", "greedy"]
    with open(trace) as stream:
        events = read_events(stream)
    assert sum(e["event"] == "game_end" for e in events) == 4
    code2, out2, _ = run_cli("oldtown", "simulate", "--games", 4, "--players", 3, "--bots", "greedy,random",
                             "--seed", 9, "--json", "--workers", 2)
    assert json.loads(out2) == summary


def test_cli_simulate_bad_bot(run_cli):
    code, _, err = run_cli("oldtown", "simulate", "--games", 1, "--bots", "clever")
    assert code == 2 and "clever" in err


def test_cli_play_against_bots(run_cli, tmp_path):
    answers = "\n".join(["1"] * 400) + "\n"
    trace = tmp_path / "game.jsonl"
    code, out, err = run_cli("oldtown", "play", "--players", 3, "--bots", "random,planner", "--seed", 1,
                             "--json", "--trace", trace, input=answers)
    assert code == 0
    result = json.loads(out)
    assert result["reason"] in (TOWN_BUILT, NO_PROGRESS) and len(result["points"]) == 3
    assert "seat 1 took the" in err and "seat 2 played card" in err and "your hand:" in err
    with open(trace) as stream:
        assert read_events(stream)[-1]["event"] == "game_end"


@pytest.mark.parametrize("answers", ["", "abc\n-1\n99\n"])
def test_cli_play_input_ending_too_soon_is_one_line(run_cli, tmp_path, answers):
    trace = tmp_path / "game.jsonl"
    code, _, err = run_cli("oldtown", "play", "--players", 2, "--seed", 1, "--trace", trace, input=answers)
    assert code == 2 and err.strip().splitlines()[-1] == "clicktown: error: standard input ended before the game was over"
    assert "Traceback" not in err
    with open(trace) as stream:  # the game is abandoned, and its trace still written
        events = read_events(stream)
    assert events[0]["event"] == "game_start" and events[0]["seats"] == ["person", "greedy"]
    assert events[-1] == {"event": "game_end", "winners": [], "reason": "abandoned", "turns": 0}


def test_cli_play_too_many_bots(run_cli):
    code, _, err = run_cli("oldtown", "play", "--players", 2, "--bots", "random,greedy")
    assert code == 2 and "--bots names 2 bots for 1 seat(s) besides yours" in err


def test_render_plan_with_full_names_and_hand(cat):
    from clicktown.oldtown.game.view import view
    from clicktown.oldtown.render import markers as render

    state = new_game(cat, 3)
    resolve_chance(state, random.Random(0))
    state.town.built["Saloon"] = 6
    state.town.markers["Stage Coach Office"] = {1, 16}
    text = render.plan_text(state)
    assert "#SALOON" in text and "the railway" in text and "Main Street" in text
    lines = text.splitlines()  # plot, door, full name (wrapped to fit 80 columns)
    assert lines[0].startswith(" 1v Stage Coach    |") and lines[1].startswith("    Office         |")
    assert "16< Stage Coach" in text and max(map(len, lines)) <= 80
    assert " 1v Poststation" in render.plan_text(state, "de") and "Bahnlinie" in render.plan_text(state, "de")
    hand = render.hand_text(view(state, 0, hints=False))
    assert hand.count("card ") == 4 and "playable" not in hand
    hinted = render.hand_text(view(state, 0, hints=True))
    assert "playable:" in hinted and "no building of yours" in hinted
