"""Playing at the terminal, driven through the prompt: one prompt in every game (options numbered from 1,
a move's own words, `?` and `help`), refusals with their reasons, Wild Wild Pattern's race clock, Old
Town's card statuses and its plan in 80 columns, a seed printed to play a game again, a quit game's
result, Sequence's tables of 3, Old Town scenario files in German, and --lang on every command."""

from __future__ import annotations

import io
import json
import random
import re

import click
import pytest

from clicktown.arena.human import Human, fitted
from clicktown.cli import cli
from clicktown.messages import say
from clicktown.oldtown.catalogue import builtin_catalogue
from clicktown.oldtown.game.play import OldTownHuman, play_against as oldtown_against
from clicktown.oldtown.game.state import BUILDINGS, PLAY
from clicktown.oldtown.game.view import refused
from clicktown.oldtown.render import markers
from clicktown.patterns.game.play import Countdown, PatternsHuman, play_against as patterns_against
from clicktown.patterns.game.simulate import Setup as PatternsSetup, start


def person(answers, lang="en", shown=None) -> Human:
    """A seat at the terminal that types `answers` in turn; what it is shown goes to `shown`."""
    answers = iter(answers)
    return Human(lambda prompt: next(answers), (shown if shown is not None else []).append, view=None, lang=lang)


# ---- one prompt convention (arena.human) ------------------------------------------------------------

POSITIONS = [{"id": 100 + p, "text": f"place on position {p}"} for p in (2, 5, 7)]


@pytest.mark.parametrize("answer, picked", [("1", 102), ("3", 107), ("#2", 105), ("place on position 7", 107),
                                            ("Place On Position 5", 105), ("position 7", 107), ("7", 107)])
def test_an_option_is_picked_by_its_number_from_1_or_by_its_own_words(answer, picked):
    assert person([answer]).pick("place your card where?", POSITIONS) == picked


def test_a_single_option_is_taken_by_the_number_it_names():
    shown = []
    assert person(["5"], shown=shown).pick("place your card where?", [{"id": 9, "text": "place on position 5"}]) == 9
    assert shown == ["place your card where?\n   1. place on position 5"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_names_no_option_or_several_is_refused_saying_why(lang):
    shown = []
    options = POSITIONS + [{"id": 1, "text": "take the Bank"}]
    assert person(["9", "position", "zzz", "bank"], lang, shown).pick("?", options) == 1
    several = "; ".join(f"{k}. place on position {p}" for k, p in ((1, 2), (2, 5), (3, 7)))
    assert shown[1:] == [say(lang, "common.no_such_option", answer="9", high=4),
                         say(lang, "common.several_options", answer="position", options=several),
                         say(lang, "common.no_such_option", answer="zzz", high=4)]
    if lang == "en":
        assert shown[1] == ("'9' is none of the moves: type a number from 1 to 4 or a move's words ('?' lists them), "
                            "or quit")
    else:
        assert shown[1] == ("'9' ist keiner der Züge: gib eine Zahl von 1 bis 4 oder die Worte eines Zugs ein "
                            "('?' listet sie), oder quit")


@pytest.mark.parametrize("lang, word", [("en", "?"), ("en", "help"), ("de", "hilfe"), ("de", "?")])
def test_question_mark_and_help_list_the_options_again_with_what_may_be_typed(lang, word):
    shown, prompts = [], []
    answers = iter([word, "2"])
    human = Human(lambda prompt: prompts.append(prompt) or next(answers), shown.append, view=None, lang=lang)
    assert human.pick("Q:", POSITIONS) == 105
    listing = "Q:\n   1. place on position 2\n   2. place on position 5\n   3. place on position 7"
    assert shown == [listing, listing + "\n" + say(lang, "common.help_pick", high=3)]
    assert prompts == [say(lang, "common.prompt", typed=say(lang, "common.prompt_numbers", high=3))] * 2
    assert prompts[0] == {"en": "your move (1-3, the move's words, ? for help)",
                          "de": "dein Zug (1-3, die Worte des Zugs, ? für Hilfe)"}[lang]


@pytest.mark.parametrize("args, prompt", [
    (["oldtown", "play", "--seed", 2], "your move (1-18, the move's words, ? for help): quit\n"),
    (["patterns", "play", "--players", 2, "--seed", 3], "your move (position 0-7, click or wait): "),
    (["patterns", "play", "--reaction", 0, "--seed", 2], "your move (1-8, the move's words, ? for help): "),
    (["sequence", "play", "--seed", 2], "your move (a move like 7h 3,4, a number, or ? for the list): quit\n"),
    (["oldtown", "play", "--seed", 2, "--lang", "de"], "dein Zug (1-18, die Worte des Zugs, ? für Hilfe): quit\n"),
    (["patterns", "play", "--players", 2, "--seed", 3, "--lang", "de"], "dein Zug (Position 0-7, klick oder warten): "),
    (["sequence", "play", "--seed", 2, "--lang", "de"],
     "dein Zug (ein Zug wie 7h 3,4, eine Nummer, oder ? für die Liste): quit\n"),
], ids=["oldtown", "patterns-race", "patterns-pick", "sequence", "oldtown-de", "patterns-de", "sequence-de"])
def test_every_game_asks_with_the_same_prompt_word(run_cli, args, prompt):
    code, out, _ = run_cli(*args, input="quit\n")
    lang = "de" if "de" in args else "en"
    assert code == 0 and out.count(prompt) == 1
    assert say(lang, "common.game_abandoned") in out.partition(prompt)[2]
    assert len(re.findall(r"^.*(your move|dein Zug) \(", out, re.M)) == 1  # and no other prompt


# ---- Old Town ------------------------------------------------------------------------------------------

def hand_block(out: str) -> list[str]:
    lines = out.splitlines()
    start = lines.index("your hand:")
    return lines[start:lines.index("Take a building:")]


def test_old_town_shows_each_cards_status_and_why_by_default_and_no_hints_hides_them(run_cli):
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, input="quit\n")
    code2, hidden, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, "--no-hints", input="quit\n")
    assert code == code2 == 0
    assert hand_block(out) == [
        "your hand:",
        "  card 3 (A): The Laundry stood on one of plots 5, 6, 8, 11 (as the card's plan",
        "      shows).",
        "      playable: situation A: markers of the Laundry on plots 5, 6, 8, 11; the",
        "          player takes 1 marker (+1)",
        "  card 16 (A): The Undertaker stood on one of plots 12, 14, 15, 16 (as the",
        "      card's plan shows).",
        "      playable: situation A: markers of the Undertaker on plots 12, 14, 15, 16;",
        "          the player takes 1 marker (+1)",
        "  card 32 (C): The Church stood away from Cavendish Street, and so did my",
        "      building.",
        "      no building of yours to name: not playable now",
        "  card 23 (C): The Doc stood diagonally beside my building, itself away from",
        "      Dalton Road.",
        "      no building of yours to name: not playable now"]
    assert hand_block(hidden) == [line for k, line in enumerate(hand_block(out)) if k not in (3, 4, 7, 8, 11, 14)]


def test_old_town_answers_question_mark_and_help_with_the_moves(run_cli):
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, input="?\nhelp\nquit\n")
    moves = out[out.index("Take a building:\n"):out.index("your move")]
    assert code == 0 and moves.count("\n") == 19 and "  18. take the Hotel\n" in moves
    help_text = say("en", "common.help_pick", high=18)
    assert out.count(moves + fitted(help_text) + "\n") == 2


class Watched(OldTownHuman):
    """A person who picks the first move, except once, when a card of the hand has no legal play: then
    they type 'play N' for it (and quit)."""

    def __init__(self, lang):
        self.shown, self.refusals, self.said = [], [], None
        super().__init__(self.answer, self.shown.append, lang)

    def choose(self, state, rng):
        self.state = state
        return super().choose(state, rng)

    def answer(self, prompt):
        state = self.state
        if self.said is not None:
            return "quit"
        if state.phase == "turn":
            legal = set(state.legal_actions())
            for number in state.hands[state.actor]:
                plays = [PLAY + (number - 1) * BUILDINGS + state.index[b] for b in state.owned[state.actor]]
                if state.catalogue.card(number).kind != "A" and plays and not legal & set(plays):
                    self.said = number
                    self.refusals = [refused(state, a, self.lang) for a in plays]
                    return f"play {number}" if self.lang == "en" else f"Karte {number} spielen"
        return "1"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_old_town_refuses_a_move_typed_in_words_with_the_referees_reason(lang):
    human = Watched(lang)
    state = oldtown_against(builtin_catalogue(), 2, 0, human, ("greedy",), seed=1)
    assert state.abandoned and human.said is not None and len(human.refusals) == 2
    assert all(r for r in human.refusals)
    assert human.shown[-1] == fitted("\n".join(human.refusals))
    opening = {"en": "the referee says no: card ", "de": "der Schiedsrichter sagt nein: Karte "}[lang]
    assert all(r.startswith(opening + str(human.said)) for r in human.refusals), human.refusals


def test_old_towns_plan_fits_80_columns_in_every_plan_of_a_game(monkeypatch):
    plans = []
    drawn = markers.plan_text

    def recorded(state, lang="en"):
        plans.append(drawn(state, lang))
        return plans[-1]

    monkeypatch.setattr(markers, "plan_text", recorded)
    for lang, seed in (("en", 4), ("de", 5)):
        human = OldTownHuman(lambda prompt: "1", lambda text: None, lang)
        state = oldtown_against(builtin_catalogue(), 4, 0, human, ("greedy", "greedy", "greedy"), seed=seed)
        assert state.is_terminal()
    assert len(plans) >= 10
    assert max(len(line) for plan in plans for line in plan.splitlines()) <= 80
    # the widest plots wrap rather than widen the plan: some plot lists several buildings over two lines
    assert any(re.search(r"^ ?\d+[<>^v] .*\n {4}\S", plan, re.M) for plan in plans)


# ---- Wild Wild Pattern's race ---------------------------------------------------------------------------

class Racer(PatternsHuman):
    def __init__(self, answers, lang="en"):
        self.shown, answers = [], iter(answers)
        super().__init__(lambda prompt: next(answers, "quit"), self.shown.append, colour=False, lang=lang)


def test_at_a_pipe_the_race_tells_the_time_allowed(run_cli):
    code, out, _ = run_cli("patterns", "play", "--players", 2, "--seed", 3, "--reaction", 7.5, input="quit\n")
    assert code == 0 and out.count("the bots react in 7.5 s: be quicker!\n") == 1
    code, out, _ = run_cli("patterns", "play", "--players", 2, "--seed", 3, "--lang", "de", input="quit\n")
    assert code == 0 and out.count("die Bots reagieren in 5 s: sei schneller!\n") == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_late_answer_is_told_and_when_the_race_is_over_before_it_so_is_that(lang):
    racer = Racer(["3"], lang)
    ticks = iter(range(10**9))
    state = start(PatternsSetup(2, "saloon", ("human", "greedy"), False, trace=True))
    patterns_against(state, 0, racer, ["greedy"], seed=1, reaction=5, clock=lambda: next(ticks) * 10.0)
    late = say(lang, "patterns.race.late", seconds="5")
    over = say(lang, "patterns.race.not_taken_late", seconds="5")
    assert racer.shown.count(late) == 1 and racer.shown.count(over) == 1
    covered = next(i for i, text in enumerate(racer.shown) if text.startswith(("seat 1 covered", "Spieler 1 deckte")))
    assert racer.shown.index(late) < covered < racer.shown.index(over)  # told after what ended the race
    if lang == "en":
        assert over == "too late: the race was over after 5 s; your answer was not taken"
    # the game went on after the late answer: the bot covered, so no move of the person's was played
    assert not [e for e in state.events if e.get("seat") == 0 and e["event"] in ("declare", "click")]


def test_an_answer_in_time_is_not_told_late_but_is_told_when_the_race_ends_before_it():
    racer = Racer(["3"])
    ticks = iter(range(10**9))
    state = start(PatternsSetup(2, "saloon", ("human", "greedy"), False, trace=True))
    patterns_against(state, 0, racer, ["greedy"], seed=1, reaction=5, clock=lambda: next(ticks) * 0.001)
    assert not [text for text in racer.shown if "too late" in text]
    # the person drew a challenge card, so the race reaches them last: the bot covered first
    assert state.events[1] == {"event": "challenge_drawn", "seat": 0, "card": "challenge:steal"}
    assert state.events[2]["order"] == [1, 0] and state.events[3]["event"] == "declare"
    assert racer.shown.count("the race was over before it reached you (5 s to react); your answer was not taken") == 1


def test_at_a_terminal_the_race_counts_its_seconds_down_above_the_prompt():
    now = [100.0]
    waits = []

    def ready(timeout):
        waits.append(timeout)
        now[0] += timeout if timeout is not None else 0
        return len(waits) == 4  # the answer comes after 3 s: 5, 4, 3 and 2 seconds left were shown

    out = io.StringIO()
    countdown = Countdown(io.StringIO("4\n"), out, clock=lambda: now[0], ready=ready)
    assert countdown("your move (position 0-7, click or wait)", 4.5) == "4"
    redraw = "\x1b7\x1b[1A\r{}\x1b[K\x1b8"
    assert out.getvalue() == ("5 s left, then the bots react\nyour move (position 0-7, click or wait): "
                              + redraw.format("4 s left, then the bots react")
                              + redraw.format("3 s left, then the bots react")
                              + redraw.format("2 s left, then the bots react"))
    assert waits == [0.5, 1.0, 1.0, 1.0]


def test_at_a_terminal_the_countdown_says_when_the_time_is_up_and_still_takes_the_answer():
    now = [0.0]
    waits = []

    def ready(timeout):
        waits.append(timeout)
        if timeout is None:
            return True
        now[0] += timeout
        return False

    out = io.StringIO()
    assert Countdown(io.StringIO("wait\n"), out, clock=lambda: now[0], ready=ready)("p", 1, "de") == "wait"
    assert out.getvalue() == ("noch 1 s, dann reagieren die Bots\np: \x1b7\x1b[1A\rdie Zeit ist um: die Bots "
                              "haben reagiert; eine Antwort kommt jetzt nach ihren\x1b[K\x1b8")
    assert waits == [1.0, None]


def test_the_countdown_ends_with_standard_input_as_a_pipe_does():
    with pytest.raises(EOFError):
        Countdown(io.StringIO(""), io.StringIO(), clock=lambda: 0.0, ready=lambda timeout: True)("p", 3)


# ---- Sequence's refusals ---------------------------------------------------------------------------------

def sequence_dealt():
    from clicktown.arena.state import resolve_chance
    from clicktown.sequence.cards import load_game
    from clicktown.sequence.game.state import Match
    from clicktown.sequence.rules import seat_table

    state = Match(load_game("sequence"), seat_table("sequence", 2)).new_state()
    resolve_chance(state, random.Random(0))
    return state


def test_sequence_refuses_a_move_with_the_rules_reason():
    from clicktown.errors import ClicktownError
    from clicktown.sequence.game.play import parse_move
    from clicktown.sequence.game.view import action_text

    state = sequence_dealt()
    match = state.match
    card = next(c for c in state.hand_names(0) if match.actions[match.kind_of[c]] == "place")
    first, second = match.cells_of_kind[match.kind_of[card]]
    elsewhere = next(c for c in range(100) if c not in (first, second) and state.board[c] == ".")

    def refusal(text):
        """What follows 'not a legal move now: <the move in words>: '."""
        with pytest.raises(ClicktownError) as caught:
            parse_move(state, text)
        action = next(a for a in range(match.num_actions) if action_text(state, a, "en", faces=False) in str(caught.value))
        head = f"not a legal move now: {action_text(state, action, 'en', faces=False)}: "
        assert str(caught.value).startswith(head)
        return str(caught.value)[len(head):]

    cells = f"{first // 10},{first % 10}, {second // 10},{second % 10}"
    assert refusal(f"{card} {elsewhere // 10} {elsewhere % 10}") == (
        f"{card} names the cells {cells} (row,column), not row {elsewhere // 10}, column {elsewhere % 10}")
    assert refusal(f"{card} 0,0") == "row 0, column 0 is a corner: it counts for every team and takes no chip"
    state._put_chip(first, "B")
    assert refusal(f"{card} {first // 10},{first % 10}") == f"row {first // 10}, column {first % 10} already holds a chip"
    assert refusal("pass") == "you may pass only when no card can be played or exchanged"
    assert refusal(f"x {card}") == f"{card} is not dead: a cell it names is still free"
    state._put_chip(second, "A")
    assert parse_move(state, f"x {card}") == match.exchange + match.kind_of[card]  # now dead: the exchange is legal


def test_sequence_takes_a_listed_moves_number_and_words_as_well_as_its_own_notation():
    from clicktown.sequence.game.play import SequenceHuman
    from clicktown.sequence.game.view import view

    state = sequence_dealt()
    seen = view(state, 0, lang="en", faces=False)
    moves = seen["actions"]
    first_move, third = moves[0], moves[2]
    for typed, wanted in (("1", first_move["id"]), ("#3", third["id"]), (third["move"], third["id"]),
                          (third["move"].replace(",", " "), third["id"])):
        answers = iter([typed])
        human = SequenceHuman(lambda prompt: next(answers), lambda text: None, colour=False)
        assert human.choose(state, random.Random(0)) == wanted


# ---- a seed to play again; a quit game ---------------------------------------------------------------------

@pytest.mark.parametrize("game", ["oldtown", "patterns", "sequence"])
def test_play_deals_from_a_random_seed_and_prints_it_to_play_again(run_cli, game):
    code, out, _ = run_cli(game, "play", input="1\n1\nquit\n")
    first, _, rest = out.partition("\n")
    seed = re.fullmatch(r"seed (\d+): play this game again with --seed \1", first)
    assert code == 0 and seed
    again_code, again, _ = run_cli(game, "play", "--seed", seed[1], input="1\n1\nquit\n")
    assert again_code == 0 and again == rest and not again.startswith("seed ")


def test_the_seed_is_printed_in_german_and_on_stderr_with_json(run_cli):
    code, out, err = run_cli("oldtown", "play", "--lang", "de", "--json", input="quit\n")
    assert code == 0 and re.match(r"Startwert (\d+): dieses Spiel noch einmal spielen mit --seed \1\n", err)
    assert json.loads(out)["winners"] == []


@pytest.mark.parametrize("game, answers", [("oldtown", "quit\n"), ("oldtown", "1\n1\n1\nquit\n"),
                                           ("patterns", "quit\n"), ("patterns", "wait\nquit\n"),
                                           ("sequence", "quit\n"), ("sequence", "1\nquit\n")])
def test_a_game_quit_before_its_end_has_no_winners(run_cli, game, answers):
    code, out, _ = run_cli(game, "play", "--seed", 5, "--json", input=answers)
    result = json.loads(out)
    assert code == 0 and result["winners"] == [] and result["reason"] == "abandoned"


# ---- Sequence's tables of 3 ---------------------------------------------------------------------------------

def test_sequence_moves_and_solve_make_3_teams_of_3_players_as_play_and_simulate_do(run_cli, run_json, tmp_path):
    from clicktown.sequence.rules import seat_table

    position = tmp_path / "three.txt"
    position.write_text("*A.......*\n" + "..........\n" * 8 + "*........*\n")
    moves = run_json("sequence", "moves", position, "--hand", "2s", "--players", 3)
    table = seat_table("sequence", 3)
    assert (table.teams, table.needed) == (3, 1)
    assert moves["sequences_needed"] == table.needed == 1 and moves["team"] == "A"
    assert [m["card"] for m in moves["moves"]] == ["2s"]
    assert run_json("sequence", "moves", position, "--hand", "2s", "--players", 3, "--team", "C")["team"] == "C"
    code, out, _ = run_cli("sequence", "solve", position, "--hand", "2s", "--players", 3, "--turns", 1)
    assert (code, out) == (1, "team A cannot win within 1 turn(s) (proved by search)\n")
    code, _, err = run_cli("sequence", "moves", position, "--hand", "2s", "--players", 3, "--teams", 2)
    assert (code, err) == (2, "clicktown: error: 3 players cannot form 2 teams of equal size\n")
    assert run_json("sequence", "moves", position, "--hand", "2s", "--players", 4)["sequences_needed"] == 2


# ---- own Old Town scenario files -------------------------------------------------------------------------

def german_scenario_1(**changes) -> dict:
    catalogue = builtin_catalogue()
    german = catalogue.names_in("de")
    entry = catalogue.scenario("1").as_dict()
    entry["b"] = [{**b, "building": german[b["building"]] if b["building"] else None} for b in entry["b"]]
    entry["mine"] = [german[x].upper() for x in entry["mine"]]
    entry["published"] = {p: german[x] for p, x in entry["published"].items()}
    entry["id"] = "mein-1"
    entry.update(changes)
    return {"scenarios": [entry]}


def test_an_own_scenario_file_names_buildings_in_german(run_json, tmp_path):
    path = tmp_path / "mein.json"
    path.write_text(json.dumps(german_scenario_1(), ensure_ascii=False))
    assert german_scenario_1()["scenarios"][0]["mine"] == ["HOTEL"] and "Poststation" in path.read_text()
    mine, rulebook = run_json("oldtown", "verify", "--scenarios", path), run_json("oldtown", "verify", "1")
    assert [{**r, "id": None, "seconds": None} for r in mine] == [{**r, "id": None, "seconds": None} for r in rulebook]
    assert mine[0]["verdict"] == "unique" and mine[0]["matches_published"] is True


@pytest.mark.parametrize("changes, error", [
    ({"mine": ["Kasino"]}, "mein.json: scenarios[0].mine[0]: unknown building 'Kasino'"),
    ({"b": [{"card": 45, "building": "Kasino"}]}, "mein.json: scenarios[0].b[0].building: unknown building 'Kasino'"),
    ({"published": {"8": "Kasino"}}, "mein.json: scenarios[0].published.8: unknown building 'Kasino'"),
    ({"a": [45]}, "mein.json: scenarios[0].a[0]: card 45 is of type B, listed as A"),
    ({"c": [29, 30, 29]}, "mein.json: scenarios[0].c[0]: the scenario names card 29 twice"),
])
def test_an_own_scenario_files_errors_name_the_file_and_the_field(run_cli, tmp_path, monkeypatch, changes, error):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mein.json").write_text(json.dumps(german_scenario_1(**changes)))
    for args in (["oldtown", "verify", "--scenarios", "mein.json"], ["oldtown", "solve", "mein.json"]):
        code, out, err = run_cli(*args)
        assert (code, out, err) == (2, "", f"clicktown: error: {error}\n")


# ---- --lang on every command that prints words ---------------------------------------------------------

#: the commands whose output holds no words for a person, and why
WORDLESS = {"oldtown cards template": "a CSV sheet holding both languages",
            "serve": "the browser's page chooses its language"}


def every_command(group=cli, path=()):
    """Every command by its name; a group only when it prints something itself (`oldtown cards`)."""
    commands = group.every_command() if hasattr(group, "every_command") else group.commands
    for name, command in sorted(commands.items()):
        if isinstance(command, click.Group):
            yield from every_command(command, (*path, name))
            if not command.invoke_without_command:
                continue
        yield " ".join((*path, name)), command


def test_every_command_that_prints_words_takes_lang(run_cli):
    walked = dict(every_command())
    assert len(walked) >= 30 and set(WORDLESS) <= set(walked)
    without = []
    for name, command in walked.items():
        code, out, _ = run_cli(*name.split(), "--help")
        assert code == 0, name
        if not re.search(r"^\s+--lang \[en\|de\]", out, re.M):
            without.append(name)
    assert sorted(without) == sorted(WORDLESS)


def test_oldtown_solve_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "solve", 5, "--lang", "de")
    lines = out.splitlines()
    assert code == 0 and lines[:3] == ["Szenario 5: 1 Lösung.", "", "Lösung 1 (meine Gebäude: Poststation, Schule, Spielcasino)"]
    assert "Bahnlinie" in out and "the railway" not in out
    code, out, _ = run_cli("oldtown", "solve", 5)
    assert out.splitlines()[:3] == ["Scenario 5: 1 solution.", "", "Solution 1 (my buildings: Casino, School, Stage Coach Office)"]


def test_sequence_show_counts_chips_and_sequences_in_german(run_cli, tmp_path):
    position = tmp_path / "one.txt"
    position.write_text("*A.......*\n" + "..........\n" * 8 + "*........*\n")
    assert run_cli("sequence", "show", position, "--lang", "de")[1].splitlines()[-1] == "A: 1 Chip, 0 SEQUENCES, B: 0 Chips, 0 SEQUENCES"
    assert run_cli("sequence", "show", position)[1].splitlines()[-1] == "A: 1 chip, 0 sequences, B: 0 chips, 0 sequences"
