"""Wild Wild Pattern's race with people: the engine's reaction order, the real-time driver
(`patterns/game/race.py`) at the terminal and at a table, and a table whose bot raises.

Every answer a person gives is an action of that person's seat; a seat that drew a challenge card
reacts after every seat that drew none; every table reaches the game's end. The clock is the
test's own (no real sleeps)."""

from __future__ import annotations

import logging
import random
import re
from collections import Counter

import pytest

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.arena.state import CHANCE, sample_chance  # noqa: E402
from clicktown.errors import ClicktownError  # noqa: E402
from clicktown.patterns.declare import parse_declaration  # noqa: E402
from clicktown.patterns.game.bots import MctsBot  # noqa: E402
from clicktown.patterns.game.play import PatternsHuman, play_against  # noqa: E402
from clicktown.patterns.game.race import Race  # noqa: E402
from clicktown.patterns.game.simulate import Setup, start  # noqa: E402
from clicktown.patterns.game.state import (CLICK, PASS, POSITION, RACE_ACTIONS, STATEMENT,  # noqa: E402
                                           STATEMENT_INDEX, new_game, orders)
from clicktown.web import tables  # noqa: E402
from clicktown.web import table as table_module  # noqa: E402
from clicktown.web.app import create_app  # noqa: E402
from web_fixtures import LOCAL  # noqa: E402

#: The first sequence of the issue: three false declarations, the third turn's draw a challenge card.
AGAINST_A_BOT = [("cover", 0), ("declare", "after every yellow there is always wanted"),
                 ("cover", 1), ("declare", "after every dynamite there is always blue"),
                 ("cover", 2), ("declare", "before every star there is always bullets")]


def declare(sentence: str) -> int:
    return STATEMENT + STATEMENT_INDEX[parse_declaration(sentence)]


def at_the_race(players: int, seed: int, drew=()):
    """A new game at its first race (the reaction order next), `drew` the seats that drew a challenge card."""
    state, rng = new_game(players), random.Random(seed)
    while not state.race_starts():
        state.apply_action(sample_chance(state, rng))
    state.drew_challenge = set(drew)
    return state


def challenge_drawers_last(order, drew) -> bool:
    """No seat that drew a challenge card comes before a seat that drew none."""
    marks = [s in drew for s in order]
    return marks == sorted(marks)


# ---- the engine's order ------------------------------------------------------------------------


def test_a_seat_that_drew_a_challenge_card_reacts_after_every_seat_that_drew_none():
    state = at_the_race(4, 1, drew={0, 2})
    assert state.reaction_order((0, 1, 2, 3)) == (1, 3, 0, 2)
    assert state.reaction_order((2, 3, 0, 1)) == (3, 1, 2, 0)
    state.apply_action(state.reaction_outcome((0, 1, 2, 3)))
    assert state.order == (1, 3, 0, 2) and (state.phase, state.current_player()) == ("race", 1)


def test_without_a_challenge_card_the_quickest_keep_their_order():
    state = at_the_race(3, 2)
    for order in orders((0, 1, 2)):
        assert state.reaction_order(order) == order
        assert orders((0, 1, 2))[state.reaction_outcome(order)] == order


@pytest.mark.parametrize("order", [(0, 1), (0, 0, 1), (0, 1, 2, 3), (1, 2, 3)])
def test_a_reaction_order_names_every_seat_in_the_race_once(order):
    state = at_the_race(3, 3)
    with pytest.raises(ClicktownError, match=r"names each of the seats \[0, 1, 2\] once"):
        state.reaction_outcome(order)


# ---- the driver, on its own clock -------------------------------------------------------------------


def test_a_quick_cover_by_a_seat_without_a_challenge_card_starts_the_race_at_once():
    state, race = at_the_race(3, 4), Race({0, 1}, 3.0)
    assert race.waits(state, 100.0) and race.is_open()
    race.answer(state, 1, POSITION + 2, 101.0)
    assert not race.waits(state, 101.0)                  # seat 1 is first whatever seat 0 does
    state.apply_action(race.chance(state, random.Random(0)))
    assert state.order[0] == 1 and not race.is_open()
    assert race.answer_of(state, 0) is None               # not seat 0's move
    assert race.answer_of(state, 1) == POSITION + 2       # seat 1's own answer, once
    assert race.answer_of(state, 1) is None


def test_a_challenge_drawer_answering_first_still_reacts_after_the_others():
    state, race = at_the_race(3, 5, drew={0}), Race({0, 1}, 3.0)
    race.waits(state, 0.0)
    race.answer(state, 0, CLICK, 0.5)
    assert race.waits(state, 2.9)                          # seat 1 (a person) and seat 2 (a bot) come first
    race.answer(state, 1, PASS, 2.9)                       # waiting is an answer, not a quick one
    assert not race.waits(state, 2.9)                      # every person has answered
    state.apply_action(race.chance(state, random.Random(0)))
    assert state.order == (2, 1, 0)                        # the bot, the seat that waited, the drawer
    assert race.answer_of(state, 2) is None               # the bot decides itself
    state.apply_action(PASS)
    assert race.answer_of(state, 1) == PASS
    state.apply_action(PASS)
    assert race.answer_of(state, 0) == CLICK


def test_the_time_up_the_bots_react_before_the_people_who_did_not_answer_in_time():
    state, race = at_the_race(4, 6), Race({0, 2}, 3.0)
    race.waits(state, 10.0)
    assert race.waits(state, 12.9)
    race.answer(state, 2, POSITION + 5, 13.5)              # after the time: a late answer
    assert not race.waits(state, 13.5) and race.expired(13.5)
    state.apply_action(race.chance(state, random.Random(1)))
    assert {state.order[0], state.order[1]} == {1, 3} and set(state.order[2:]) == {0, 2}


def test_an_answer_is_refused_with_its_reason():
    state, race = at_the_race(3, 7), Race({0, 1}, 3.0)
    race.waits(state, 0.0)
    with pytest.raises(ClicktownError, match="seat 2 takes no part in this race"):
        race.answer(state, 2, CLICK, 0.1)                  # a bot's seat
    with pytest.raises(ClicktownError, match="action 8 is no answer in a race"):
        race.answer(state, 0, STATEMENT, 0.1)
    race.answer(state, 0, PASS, 0.1)
    with pytest.raises(ClicktownError, match="Spieler 0 hat in diesem Rennen schon geantwortet"):
        race.answer(state, 0, CLICK, 0.2, "de")
    assert set(RACE_ACTIONS) == set(range(POSITION, POSITION + 8)) | {CLICK, PASS}


def test_without_people_or_reaction_time_the_order_is_drawn():
    for race in (Race((), 3.0), Race({0}, 0.0)):
        state = at_the_race(3, 8)
        expected = sample_chance(state.clone(), random.Random(9))
        assert not race.waits(state, 0.0) and race.chance(state, random.Random(9)) == expected


# ---- at the terminal ----------------------------------------------------------------------------


class Scripted(PatternsHuman):
    """A person at the terminal who types the given answers, then picks the first choice (or waits)."""

    def __init__(self, answers):
        super().__init__(self.next_answer, lambda text: None, colour=False)
        self.answers = iter(answers)

    def next_answer(self, prompt: str) -> str:
        return next(self.answers, "wait" if "wait" in prompt else "1")


def terminal_answers(script, then: str) -> list[str]:
    return [str(x) if kind == "cover" else x for kind, x in script] + [then]


def steady_clock(step: float = 1.0):
    ticks = iter(range(0, 10**9))
    return lambda: next(ticks) * step


def test_at_the_terminal_a_cover_after_drawing_a_challenge_card_is_mine_and_the_game_ends():
    state = start(Setup(2, "saloon", ("human", "mcts"), False, trace=True))
    play_against(state, 0, Scripted(terminal_answers(AGAINST_A_BOT, "4")), ["mcts"], seed=3, reaction=5,
                 clock=steady_clock())
    events = state.events
    drawn = next(i for i, e in enumerate(events) if e["event"] == "challenge_drawn")
    assert events[drawn] == {"event": "challenge_drawn", "seat": 0, "card": "challenge:pianist"}
    turn = next(e for e in events[drawn:] if e["event"] == "turn_start")
    assert turn["order"] == [1, 0] and turn["hands"] == ["grey-dynamite-bullets", "blue-gun-bullets"]
    clicked = next(e for e in events[drawn:] if e["event"] in ("click", "declare"))
    assert clicked == {"event": "click", "seat": 1, "card": "blue-gun-bullets"}   # the bot's own card
    assert state.is_terminal() and events[-1]["event"] == "game_end"


def test_at_the_terminal_my_click_is_mine_when_i_drew_a_challenge_card():
    state = start(Setup(2, "saloon", ("human", "random"), False, trace=True))
    play_against(state, 0, Scripted(["click"]), ["random"], seed=0, reaction=5, clock=steady_clock())
    events = state.events
    turn = next(e for e in events if e["event"] == "turn_start")
    assert events[1] == {"event": "challenge_drawn", "seat": 0, "card": "challenge:exchange"}
    assert turn["order"] == [1, 0] and turn["hands"] == ["grey-gun-coin", "blue-star-bullets"]
    first = next(e for e in events if e["event"] in ("click", "declare", "all_wait"))
    assert first["seat"] == 0 if first["event"] == "click" else first["seat"] == 1
    for e in events:
        if e["event"] == "click":
            hands = [t for t in events[:events.index(e)] if t["event"] == "turn_start"][-1]["hands"]
            assert e["card"] == hands[e["seat"]]
    assert state.is_terminal() and events[-1]["event"] == "game_end"


def test_patterns_play_through_the_command_line_acts_for_the_right_seat(run_cli):
    answers = terminal_answers(AGAINST_A_BOT, "4") + ["1"] * 400
    code, out, _ = run_cli("patterns", "play", "--players", 2, "--bots", "mcts", "--seed", 3, "--reaction", 60,
                           input="\n".join(answers) + "\n")
    assert code == 0
    assert "turn 4: your card is grey-dynamite-bullets; quickest first: seat 1, you" in out
    assert "seat 1 said Click! with blue-gun-bullets" in out and "you said Click!" not in out
    assert "== game over:" in out and "nothing to declare" not in out


# ---- at a table in the browser's API -------------------------------------------------------------


class Clock:
    """The tables' clock, moved by the test."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """The tables' clock for one test; the tables the test opened (on that clock) are closed after it."""
    clock, before = Clock(), set(tables.TABLES)
    monkeypatch.setattr(table_module.time, "monotonic", clock)
    yield clock
    for table_id in set(tables.TABLES) - before:
        del tables.TABLES[table_id]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


class Seat:
    """A person's seat at a table, over HTTP."""

    def __init__(self, client, table_id: str, seat: int, token: str):
        self.client, self.seat = client, seat
        self.base, self.token = f"/api/tables/{table_id}/{seat}", token

    def view(self) -> dict:
        answer = self.client.get(f"{self.base}/view?token={self.token}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, action: int, status: int = 200) -> dict:
        answer = self.client.post(f"{self.base}/act?token={self.token}", json={"action": action})
        assert answer.status_code == status, answer.text
        return answer.json()


def open_table(client, url: str) -> tuple[tables.Table, list[Seat]]:
    answer = client.get(url, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    table_id = re.fullmatch(r"/table/([\w-]+)/0\?token=[\w-]+", answer.headers["location"]).group(1)
    table = tables.TABLES[table_id]
    return table, [Seat(client, table_id, s, t) for s, t in sorted(table.tokens.items())]


class Applied:
    """Every action the engine of a table applies to the table's own state: (seat to move, phase, action),
    and for each reaction order applied the order and the seats that drew a challenge card that turn."""

    def __init__(self, state):
        self.log: list[tuple[int, str, int]] = []
        self.orders: list[tuple[tuple[int, ...], set[int]]] = []
        log, orders_ = self.log, self.orders

        class Spied(type(state)):
            def apply_action(self, action: int) -> None:
                if self is state:
                    log.append((self.current_player(), self.phase, action))
                super().apply_action(action)
                if self is state and log[-1][1] == "order":
                    orders_.append((self.order, set(self.drew_challenge)))

        state.__class__ = Spied


def play_to_the_end(table, seats, clock, rng, limit=20000) -> None:
    """The people answer at random (racing or waiting until the time is up) until the game is over."""
    for _ in range(limit):
        if table.over:
            return
        views = {s.seat: s.view() for s in seats}
        ready = [s for s in seats if views[s.seat]["actions"]]
        if not ready:
            clock.now += 5.0
            continue
        seat = rng.choice(ready)
        seat.act(rng.choice(views[seat.seat]["actions"])["id"])
    raise AssertionError("the game did not end")


def test_at_a_table_my_cover_after_drawing_a_challenge_card_is_mine_and_the_game_ends(client, clock):
    table, (me,) = open_table(client, "/play/patterns?players=2&bots=mcts&seed=3")
    applied = Applied(table.state)
    for kind, x in AGAINST_A_BOT:
        me.act(POSITION + x if kind == "cover" else declare(x))
    seen = me.view()
    assert seen["hand"]["face_up"] == ["challenge:pianist"] and seen["race_seconds"] == 3.0
    seen = me.act(POSITION + 4)
    told = [e["text"] for e in seen["events"]]
    assert told[-2:] == ["turn 4: your card is grey-dynamite-bullets; quickest first: seat 1, you",
                         "seat 1 said Click! with blue-gun-bullets"]
    assert (seen["phase"], seen["to_move"], seen["hand"]["card"]) == ("click", 0, "grey-dynamite-bullets")
    assert [a["id"] for a in seen["actions"]] == [POSITION + p for p in range(8)] + [PASS]
    assert (0, "race", POSITION + 4) not in applied.log and (1, "race", POSITION + 4) not in applied.log
    play_to_the_end(table, [me], clock, random.Random(3))
    assert table.state.is_terminal() and table.state.events[-1]["event"] == "game_end" and not table.notices


def test_between_friends_my_click_is_mine_and_the_game_ends(client, clock):
    table, (me, friend) = open_table(client, "/play/patterns?players=2&bots=person&seed=0")
    applied = Applied(table.state)
    assert me.view()["hand"] == {"card": "grey-gun-coin", "won": [], "face_up": ["challenge:exchange"],
                                 "payout_now": {"cents": 0, "combinations": [], "wild": False}, "cards": [],
                                 "lines": ["card in hand: grey-gun-coin", "won: -", 'face up: challenge card "Exchange a card"',
                                           "the Bank would pay now: $0.00"]}
    seen = me.act(CLICK)
    assert seen["actions"] == [] and seen["race_answer"] == "your answer: Click!; it counts when the race reaches you."
    theirs = friend.view()
    assert theirs["hand"]["card"] == "blue-star-bullets" and len(theirs["actions"]) == 10   # still theirs to answer
    assert applied.log == []
    friend.act(PASS)                                       # the friend waits: my Click! comes after it
    assert applied.log == [(CHANCE, "order", 0), (1, "race", PASS), (0, "race", CLICK)]   # me quickest, then moved last
    assert table.state.order == (1, 0)
    mine = [e["text"] for e in me.view()["events"]]
    theirs = [e["text"] for e in friend.view()["events"]]
    assert mine[-1] == "you said Click! with grey-gun-coin" and theirs[-1] == "seat 0 said Click! with grey-gun-coin"
    assert friend.view()["hand"]["card"] == "blue-star-bullets"
    play_to_the_end(table, [me, friend], clock, random.Random(0))
    assert table.state.is_terminal() and table.state.events[-1]["event"] == "game_end"


def test_between_friends_a_friend_too_slow_is_asked_in_turn(client, clock):
    table, (me, friend) = open_table(client, "/play/patterns?players=2&bots=person&seed=0")
    me.act(CLICK)
    clock.now += 3.0
    theirs = friend.view()                                 # the time is up: the friend reacts first, asked now
    assert (theirs["phase"], theirs["to_move"], "race_seconds" in theirs) == ("race", 1, False)
    me.act(PASS, 409)                                      # not my move: my Click! waits for the race to reach me
    friend.act(PASS)
    assert [e["text"] for e in me.view()["events"]][-1] == "you said Click! with grey-gun-coin"


# ---- hundreds of races: people answering at random moments, bots of every kind ---------------------

BOTS = ("random", "greedy", "planner", "mcts")
TABLES = 36


def table_url(index: int) -> str:
    """Table `index`: 2 to 4 players, seat 0 a person, the others a mix of people and every bot."""
    players = 2 + index % 3
    others = [("person", *BOTS)[(index + k * 3) % 5] for k in range(players - 1)]
    return f"/play/patterns?players={players}&bots={','.join(others)}&seed={index}&reaction=3"


class Window:
    """What the test knows of one race's window: its end, the people's answers, the quick ones in order."""

    def __init__(self, until: float):
        self.until, self.answers, self.quick, self.closed = until, {}, [], False

    def answer(self, seat: int, action: int, now: float) -> None:
        self.answers[seat] = action
        if action != PASS and now < self.until:
            self.quick.append(seat)


def check_order(order, people: set[int], quick: list[int], drew: set[int]) -> None:
    """The race's order: quick people (in the order they answered), bots, other people; drawers after the rest."""
    assert challenge_drawers_last(order, drew), (order, drew)
    for group in ([s for s in order if s not in drew], [s for s in order if s in drew]):
        fast = [s for s in quick if s in group]
        bots = [s for s in group if s not in people]
        assert group == fast + bots + [s for s in group if s in people and s not in fast], (order, quick, drew)


def play_racing(client, clock, url: str, rng: random.Random, counts: Counter) -> None:
    """Play a table to its end, the people answering races at random moments, counting in `counts`.

    After each answer: an answer in turn is the first action applied, for its seat; an answer given in
    a race's window is applied for its seat when the race reaches it (or never, the race over before);
    no other action is applied for a person's seat; every race's order is checked (`check_order`)."""
    table, seats = open_table(client, url)
    for seat, bot in table.bots.items():
        if bot.name == "mcts":
            table.bots[seat] = MctsBot(simulations=24)      # the same search on a smaller budget
    applied, people = Applied(table.state), set(table.tokens)
    window, seen, orders_applied = None, 0, iter(applied.orders)   # the iterator follows the growing list

    def settle() -> None:
        """The actions applied since the last look: races started, window answers played."""
        nonlocal seen
        for who, phase, done in applied.log[seen:]:
            if who == CHANCE and phase == "order":
                order, drew = next(orders_applied)
                check_order(order, people, window.quick, drew)
                window.closed = True
                counts["races"] += 1
                counts["quick answers"] += len(window.quick)
                counts["quick answers of a challenge drawer"] += len(drew & set(window.quick))
                counts["races a bot reacts in before a quicker person"] += order[0] not in people and bool(window.quick)
            elif who in people:
                assert phase == "race" and window and done == window.answers.pop(who), (who, phase, done)
                counts["window answers played"] += 1
        seen = len(applied.log)

    for _ in range(20000):
        if table.over:
            break
        views = {s.seat: s.view() for s in seats}             # a look may let an expired window go on
        settle()
        if table.over:                                         # ... even to the game's end
            continue
        racing = table.timed.is_open()
        if racing and (window is None or window.closed):
            window = Window(table.timed.until)
        assert racing or table.state.current_player() != CHANCE
        answering = [s for s in seats if views[s.seat]["actions"]]
        assert answering or racing, "a table waits for nobody"
        if not answering or (racing and rng.random() < 0.15):
            clock.now += 3.5                                   # nobody answers (more) in time: the bots react
            continue
        seat = rng.choice(answering)
        action = rng.choice(views[seat.seat]["actions"])["id"]
        if racing:
            clock.now += rng.uniform(0.0, 2.0)                # a moment within the time, or just after it
            window.answer(seat.seat, action, clock.now)
        else:
            clock.now += rng.uniform(0.0, 10.0)               # no hurry in turn
        seat.act(action)
        counts["answers"] += 1
        if not racing:                                         # an answer in turn: applied at once, for its seat
            assert applied.log[seen] == (seat.seat, views[seat.seat]["phase"], action)
            seen += 1
        settle()
    else:
        raise AssertionError(f"{url}: the game did not end")
    assert table.state.is_terminal() and table.state.events[-1]["event"] == "game_end" and not table.notices
    drew: set[int] = set()
    for e in table.state.events:                               # the trace tells the same orders
        if e["event"] == "challenge_drawn":
            drew.add(e["seat"])
        elif e["event"] == "turn_start":
            assert challenge_drawers_last(e["order"], drew)
            drew = set()
    counts["tables"] += 1


def test_hundreds_of_races_with_people_and_bots_act_for_the_right_seat_and_end(client, clock):
    rng, counts = random.Random(35), Counter()
    for index in range(TABLES):
        play_racing(client, clock, table_url(index), rng, counts)
    assert counts["tables"] == TABLES and counts["races"] >= 300 and counts["answers"] >= 900, counts
    assert counts["quick answers of a challenge drawer"] >= 10, counts
    assert counts["races a bot reacts in before a quicker person"] >= 10, counts


# ---- a bot that raises ----------------------------------------------------------------------------


class Raising:
    """A bot that raises whenever it is asked to move."""

    name = "raising"

    def choose(self, state, rng):
        raise RuntimeError("a bug in the bot")


@pytest.mark.parametrize("lang, said", [
    ("en", "seat 1's bot (raising) could not move; the table made a random legal move for it"),
    ("de", "der Bot für Spieler 1 (raising) konnte nicht ziehen; der Tisch hat für ihn einen zufälligen erlaubten "
           "Zug gemacht")])
def test_a_bot_that_raises_never_freezes_the_table(client, clock, caplog, lang, said):
    table, (me, friend) = open_table(client, f"/play/patterns?players=3&bots=greedy,person&seed=2&lang={lang}")
    table.bots[1] = Raising()
    applied = Applied(table.state)
    with caplog.at_level(logging.ERROR, logger="clicktown.web.table"):
        play_to_the_end(table, [me, friend], clock, random.Random(2))
    moved_for_it = [a for who, _, a in applied.log if who == 1]
    assert table.state.is_terminal() and table.state.events[-1]["event"] == "game_end"
    assert moved_for_it and len(table.notices) == len(moved_for_it)
    assert all(s.view()["notices"] == [said] * len(moved_for_it) for s in (me, friend))
    failures = [r for r in caplog.records if r.name == "clicktown.web.table"]
    assert len(failures) == len(moved_for_it) and "RuntimeError: a bug in the bot" in failures[0].exc_text


def test_a_bot_that_offers_an_illegal_move_is_replaced_by_a_legal_one(client, clock):
    class Illegal:
        name = "illegal"

        def choose(self, state, rng):
            return 10**6

    table, (me,) = open_table(client, "/play/patterns?players=2&bots=greedy&seed=4&reaction=0")
    table.bots[1] = Illegal()
    play_to_the_end(table, [me], clock, random.Random(4))
    assert table.state.is_terminal() and table.notices
    assert {key for key, _ in table.notices} == {"tables.bot_failed"}


def test_a_bot_with_no_move_left_ends_the_table_as_abandoned(client, clock):
    table, (me,) = open_table(client, "/play/patterns?players=2&bots=greedy&seed=5&reaction=0")
    table.bots[1] = Raising()
    state = table.state
    legal = state.legal_actions
    state.legal_actions = lambda: [] if state.current_player() == 1 else legal()
    while not table.over:
        seen = me.view()
        me.act(seen["actions"][0]["id"])
    seen = me.view()
    assert seen["actions"] == [] and seen["over"]["reason"] == "abandoned"
    assert seen["over"]["text"] == ("the game is abandoned: seat 1's bot (raising) could not move and no move "
                                    "was left for it")
    me.act(PASS, 409)
    trace = client.get(f"{me.base}/trace?token={me.token}")
    assert trace.status_code == 200 and trace.text.splitlines()[-1] == \
        '{"event": "game_end", "winners": [], "reason": "abandoned"}'


# ---- the page ------------------------------------------------------------------------------------


def test_the_page_shows_the_race_my_answer_and_a_failed_bot(browser, live_server):
    from playwright.sync_api import expect

    page = browser.new_page()
    page.goto(f"{live_server}/play/patterns?players=3&bots=greedy,person&seed=0&reaction=60")
    page.wait_for_selector("[data-action-id]")
    assert page.locator(".status").inner_text().startswith("the bots react in ")
    page.locator(f'[data-action-id="{PASS}"]').click()                # the friend at seat 2 has not answered yet
    expect(page.locator(".status")).to_contain_text("you wait: the others answer first")   # no predicate eval: the CSP forbids it
    assert page.locator("[data-action-id]").count() == 0
    table = tables.TABLES[page.locator(".table").get_attribute("data-table")]
    with table.lock:
        table.bots[1] = Raising()
        table.timed.until = 0.0                             # the time is up at once: the bots react
    page.wait_for_selector("li.notice")
    assert page.locator("li.notice").first.inner_text() == (
        "seat 1's bot (raising) could not move; the table made a random legal move for it")
    page.close()
