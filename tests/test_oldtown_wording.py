"""The referee's reasons in German: every reason met in random games has a German wording with no
English words left, exact German texts on hand-made boards (both the reference and the fast path),
and the English texts as they were (a `Reason` is the English str itself)."""

import copy
import pickle
import random
import re

import pytest

from clicktown.arena.state import resolve_chance
from clicktown.oldtown.catalogue import Card, load_catalogue
from clicktown.oldtown.game import rules, verdicts, wording
from clicktown.oldtown.game.bots import make_bot
from clicktown.oldtown.game.state import new_game
from clicktown.oldtown.game.town import PLOTS, Town
from clicktown.oldtown.game.view import Words, view
from clicktown.oldtown.game.wording import Reason
from clicktown.words import tell

CAT = load_catalogue()

#: English words of the reasons that German never uses (the German building names aside).
ENGLISH_WORDS = {
    "the", "a", "of", "on", "is", "no", "and", "with", "by", "its", "it", "than", "more", "any", "every",
    "some", "there", "would", "may", "must", "needs", "need", "have", "has", "holds", "takes", "fits",
    "fit", "town", "board", "card", "cards", "plot", "plots", "marker", "markers", "player", "building",
    "buildings", "situation", "built", "rules", "out", "changes", "nothing", "still", "stand", "left", "last",
    "further", "go", "needed", "possible", "five", "one", "too", "many", "your", "another", "type", "off",
    "allows", "longer",
}


def english_left(text: str) -> set[str]:
    """The English words (and English building names) in a German text."""
    words = set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text)) & ENGLISH_WORDS
    names = {b.name for b in CAT.buildings.values() if b.name != b.de and b.name in text}
    return words | names


def german(reason) -> str:
    return tell(reason, "de", CAT.buildings)


def reasons_met(games: int) -> dict[str, str]:
    """Every distinct reason met in `games` random games of 2-4 bots (greedy and random seats, the
    default rules): the verdicts on every hand, the taking of every marker and a stop claim on it,
    on every board; the English text -> the reason."""
    met = {}
    for game in range(games):
        players = 2 + game % 3
        rng = random.Random(game)
        bots = [make_bot("greedy" if (game + seat) % 2 else "random") for seat in range(players)]
        state, looked_at = new_game(CAT, players, record=False), None
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            if state.town is not looked_at:
                looked_at = state.town
                for seat in range(players):
                    met.update((v.reason, v.reason) for v in state.verdicts(seat).values())
                forced = state.forced()
                for building, plots in state.town.markers.items():
                    for plot in plots:
                        met.setdefault(state.taking(building, plot).reason, state.taking(building, plot).reason)
                        claim = rules.judge_stop(state.town, building, plot, forced, state.taking)
                        met.setdefault(claim.reason, claim.reason)
            state.apply_action(bots[state.actor].choose(state, rng))
    return met


def kinds(reason) -> set[str]:
    """The keys of a reason and of the reasons it is built on."""
    return {reason.key}.union(*(kinds(f) for f in reason.facts if isinstance(f, Reason)))


def test_every_reason_met_in_200_random_games_is_worded_in_german_without_english_words():
    met = reasons_met(200)
    assert all(isinstance(r, Reason) for r in met.values())
    assert set().union(*map(kinds, met.values())) == set(Reason.FIELDS) - {
        "needs_mine", "not_mine", "built_mine", "no_marker", "last_plot_built",  # never met in a game's own moves
        "held",  # Beispiel 7 forbids a card only with held_plots "card", not the default
        "not_discardable", "held_pair", "no_building_for"}  # the referee's answers on action 2, not the engine's
    for english, reason in met.items():
        text = german(reason)
        assert text and not english_left(text), (english, text, english_left(text))


def test_every_kind_of_reason_is_worded_in_german_without_english_words():
    for reason in EVERY_KIND:
        assert not english_left(german(reason)), german(reason)
    assert {r.key for r in EVERY_KIND} == set(Reason.FIELDS)


EVERY_KIND = [
    Reason("needs_mine", 12, "B"), Reason("not_mine", "Hotel"), Reason("built_mine", "Stable"),
    Reason("same_building", "Stage Coach Office"), Reason("built_elsewhere", "Printer's", 13),
    Reason("markers_ruled_out", "Doc", (3, 5)), Reason("no_plot_allowed", "Judge"),
    Reason("no_room", ("Bank", "Casino")), Reason("no_town_any_more", Reason("last_plot_built", "Smith", 4)),
    Reason("too_few_plots"), Reason("too_many_plots", "Church", 8), Reason("one_too_many", 7, 3, "Undertaker"),
    Reason("held", 2, ("Laundry", "School", "Sheriff")), Reason("nothing_changes"),
    Reason("happens", (("Barber", (1, 2, 3)),), (("Saloon", 4), ("Saloon", 5), ("Hotel", 9)), (("Drugstore", 6),), 7),
    Reason("no_plot_left", "Prison"), Reason("last_plot_built", "Casino", 11),
    Reason("no_marker", "Bank", 16), Reason("would_not_fit"), Reason("would_not_fit_as", Reason("no_plot_left", "Judge")),
    Reason("takes", 1), Reason("may_still_stand", "Hotel", 8),
    Reason("stop_right", "Saloon", 1, Reason("takes", 2)),
    Reason("not_discardable", 14, Reason("takes", 1)), Reason("held_pair", "Saloon"), Reason("no_building_for", "C"),
]


def test_the_german_of_each_kind_of_reason_word_for_word():
    assert [german(r) for r in EVERY_KIND] == [
        "Karte 12 ist vom Typ B: sie braucht eines deiner Gebäude",
        "das Hotel gehört nicht zu deinen Gebäuden",
        "der Stall ist schon gebaut und gehört nicht mehr zu deinen Gebäuden",
        "„mein Gebäude“ muss ein anderes Gebäude sein als die Poststation",
        "die Druckerei steht auf Platz 13, den die Karte ausschließt (Beispiel 5)",
        "die Karte schließt jeden Marker des Doktors aus (Plätze 3, 5) (Beispiel 5)",
        "die Karte lässt für den Richter keinen freien Platz übrig (Beispiel 5)",
        "keine Stadt passt, wenn die Bank und das Spielcasino auf den Plätzen stehen, die die Karte erlaubt: "
        "die Gebäude mit Markern brauchen sie (Beispiele 5 und 7)",
        "keine Stadt passt mehr zum Spielplan: der letzte Platz der Schmiede, Platz 4, ist schon bebaut (Beispiel 5)",
        "keine Stadt passt mehr zum Spielplan: die Gebäude mit Markern brauchen mehr Plätze, als sie haben "
        "(Beispiel 5)",
        "die Kirche hätte 8 mögliche Plätze, aber nur fünf Marker (Beispiel 9)",
        "auf Platz 7 liegen 3 Marker: ein Marker des Bestattungsinstituts wäre einer zu viel (Beispiel 6)",
        "die Wäscherei, die Schule und der Sheriff brauchen Platz 2 (Beispiel 7): dort darf kein weiterer Marker hin",
        "die Karte ändert nichts auf dem Spielplan (Beispiel 4)",
        "Situation A: Marker des Barbiers auf die Plätze 1, 2, 3; Situation C: Marker des Saloons von Platz 4, "
        "Marker des Saloons von Platz 5, Marker des Hotels von Platz 9 entfernt; Situation B: der Drugstore wird "
        "auf Platz 6 gebaut; "
        "der Spieler erhält 7 Marker",
        "das Gefängnis hätte keinen Platz mehr",
        "der letzte Platz des Spielcasinos, Platz 11, ist schon bebaut",
        "auf Platz 16 liegt kein Marker der Bank",
        "keine Stadt würde mehr zum Spielplan passen",
        "keine Stadt würde mehr zum Spielplan passen: der Richter hätte keinen Platz mehr",
        "der Spieler erhält 1 Marker",
        "das Hotel kann noch auf Platz 8 stehen: auch dann passt eine Stadt zu allen Markern",
        "keine Stadt passt zu den Markern, wenn der Saloon auf Platz 1 steht; der Spieler erhält 2 Marker",
        "Karte 14 ist weder Bestätigungs- noch Widerspruchskarte: der Spieler erhält 1 Marker",
        "der Saloon gehört zu einem festgelegten Paar (Beispiel 7), das Aktion 2 nicht trennen darf (Regeloption "
        "break_pair forbidden)",
        "der Spieler hat kein Gebäude für eine Karte vom Typ C",
    ]


def test_singular_and_plural():
    assert german(Reason("one_too_many", 7, 1, "Bank")).startswith("auf Platz 7 liegt 1 Marker:")
    assert german(Reason("held", 2, ("Bank",))) == "die Bank braucht Platz 2 (Beispiel 7): dort darf kein weiterer Marker hin"
    assert german(Reason("no_room", ("Bank",))).startswith("keine Stadt passt, wenn die Bank auf den Plätzen steht,")
    assert german(Reason("markers_ruled_out", "Doc", (3,))) == \
        "die Karte schließt jeden Marker des Doktors aus (Platz 3) (Beispiel 5)"


def test_a_reason_is_its_english_text_and_survives_pickling_and_copying():
    reason = Reason("stop_right", "Printer's", 4, Reason("takes", 2))
    assert reason == "no town fits the markers with the Printer's on plot 4; the player takes 2 markers"
    for again in (pickle.loads(pickle.dumps(reason)), copy.deepcopy(reason)):
        assert again == reason and german(again) == german(reason)
    assert german("a plain text read back from a trace") == "a plain text read back from a trace"


# -- hand-made boards: the reference and the fast path give the same German -----------------------

def sheriff_north() -> Card:
    """The rulebook's example card: "Der Sheriff war nördlich der Main St. zu finden" (4 plots)."""
    return Card(9, "A", "Sheriff", "side:Main Street:N", CAT.board.regions["side:Main Street:N"].plots)


def town(markers=None, built=None) -> Town:
    board = Town.empty(CAT.building_names)
    for building, plot in (built or {}).items():
        board.built[building], board.supply[building] = plot, 0
    for building, plots in (markers or {}).items():
        board.markers[building], board.supply[building] = set(plots), 0
    return board


def said(board: Town, card: Card, my=None, mine=None, options=None) -> str:
    """The verdict's reason in German, the same from the reference and from the fast path."""
    reference = german(rules.judge(board, card, my, mine, options=options).reason)
    assert german(verdicts.judge(verdicts.Sight(board), card, my, mine, options).reason) == reference
    return reference


S = sorted(sheriff_north().plots)
O = [p for p in PLOTS if p not in S]


def test_situation_a_in_german():
    assert said(town(built={"Hotel": S[0]}), sheriff_north()) == \
        f"Situation A: Marker des Sheriffs auf die Plätze {S[1]}, {S[2]}, {S[3]}; der Spieler erhält 2 Marker"


def test_situation_b_in_german():
    board = town(built={"Hotel": S[0], "Bank": S[1], "Church": S[2]})
    assert said(board, sheriff_north()) == f"Situation B: der Sheriff wird auf Platz {S[3]} gebaut; der Spieler erhält 5 Marker"


def test_situation_c_in_german():
    assert said(town({"Sheriff": {S[0], S[1], O[0], O[1]}}), sheriff_north()) == \
        f"Situation C: Marker des Sheriffs von Platz {O[0]}, Marker des Sheriffs von Platz {O[1]} entfernt; der Spieler erhält 2 Marker"


def test_confirmation_and_contradiction_in_german():
    card = sheriff_north()
    assert said(town({"Sheriff": {S[0], S[1], S[2]}}), card) == "die Karte ändert nichts auf dem Spielplan (Beispiel 4)"
    assert said(town({"Sheriff": {O[0], O[1]}}), card) == \
        f"die Karte schließt jeden Marker des Sheriffs aus (Plätze {O[0]}, {O[1]}) (Beispiel 5)"
    assert said(town(built={"Sheriff": O[0]}), card) == \
        f"der Sheriff steht auf Platz {O[0]}, den die Karte ausschließt (Beispiel 5)"
    assert said(town(built=dict(zip(["Hotel", "Bank", "Church", "Judge"], S))), card) == \
        "die Karte lässt für den Sheriff keinen freien Platz übrig (Beispiel 5)"


def test_forbidden_cards_in_german():
    card = sheriff_north()
    full = town({"Bank": {S[0], O[0]}, "Hotel": {S[0], O[1]}, "Church": {S[0], O[2]}})
    assert said(full, card) == \
        f"auf Platz {S[0]} liegen 3 Marker: ein Marker des Sheriffs wäre einer zu viel (Beispiel 6)"
    held = town({"Saloon": {S[0], O[0]}, "Drugstore": {S[0], O[0]}})
    assert said(held, card, options=rules.RuleOptions(held_plots="card")) == \
        f"der Drugstore und der Saloon brauchen Platz {S[0]} (Beispiel 7): dort darf kein weiterer Marker hin"
    main = CAT.board.regions["on:Main Street"].plots
    assert said(town(), Card(44, "B", None, "on:Main Street", main), "Sheriff", {"Sheriff"}) == \
        "der Sheriff hätte 8 mögliche Plätze, aber nur fünf Marker (Beispiel 9)"


def test_takings_and_stop_claims_in_german():
    dalton = sorted(CAT.board.regions["on:Dalton Road"].plots)[0]
    a, b = [p for p in PLOTS if p != dalton][:2]
    board = town({"Drugstore": {a, b}, "Bank": {a, b}, "Saloon": {a, dalton}})
    sight = verdicts.Sight(board)
    assert german(rules.judge_stop(board, "Saloon", a).reason) == german(
        rules.judge_stop(board, "Saloon", a, sight.forced(), sight.taking).reason) == \
        f"keine Stadt passt zu den Markern, wenn der Saloon auf Platz {a} steht; der Spieler erhält 2 Marker"
    assert german(rules.judge_stop(board, "Drugstore", a).reason) == \
        f"der Drugstore kann noch auf Platz {a} stehen: auch dann passt eine Stadt zu allen Markern"
    for markers, words in (({"Saloon": {1, 2}, "Drugstore": {1, 2}, "Bank": {2, 3}}, ": der Drugstore hätte keinen "
                                                                                      "Platz mehr"),
                           ({"Saloon": {1, 2}, "Drugstore": {1, 2}, "Bank": {1, 2, 3}}, "")):
        refused = town(markers)
        assert german(rules.take(refused, "Bank", 3).reason) == german(verdicts.Sight(refused).taking("Bank", 3).reason) \
            == "keine Stadt würde mehr zum Spielplan passen" + words
    assert german(rules.take(refused, "Bank", 4).reason) == "auf Platz 4 liegt kein Marker der Bank"


# -- the seat's view -------------------------------------------------------------------------------

def test_the_german_view_words_every_reason_in_german_and_the_english_view_as_before():
    state, rng = new_game(CAT, 3), random.Random(5)
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    hints_seen = 0
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        if state.phase == "turn":
            hand = view(state, state.actor, lang="de", hints=True)["hand"]
            for entry in hand:
                for verdict in entry["verdicts"]:
                    hints_seen += 1
                    assert not english_left(verdict["text"].partition(": ")[2]), verdict["text"]
        state.apply_action(bots[state.actor].choose(state, rng))
    told = [e for e in state.events if e["event"] in ("play", "stop")]
    assert hints_seen > 100 and len(told) > 10
    de, en = Words(state, 0, "de"), Words(state, 0, "en")
    for event in told:
        text = de.event(event)
        assert german(event["reason"]) in text and not english_left(text.partition(" -> ")[2]), text
        assert event["reason"] in en.event(event)


def unwrapped(out: str) -> list[str]:
    """The terminal's lines with the lines wrapped to 80 columns joined again (a continuation is
    indented four more than the line it continues)."""
    lines: list[str] = []
    for line in out.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if lines and line.strip() and indent >= 4 + len(lines[-1]) - len(lines[-1].lstrip(" ")):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


@pytest.mark.parametrize("lang", ["de", "en"])
def test_play_at_the_terminal_tells_the_reasons_in_its_language(run_cli, lang):
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 3, "--lang", lang, input="1\n" * 600)
    assert code == 0
    told = [line for line in unwrapped(out) if " -> " in line]
    assert told
    for line in told:
        if lang == "de":
            assert not english_left(line.partition(" -> ")[2]), line
        else:
            assert re.search(r" -> (playable|confirmation|contradiction|forbidden|RIGHT|WRONG): ", line), line


def test_the_browser_table_in_german_tells_the_reasons_in_german():
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from clicktown.web.app import create_app
    from web_fixtures import LOCAL

    client, rng = TestClient(create_app(), base_url=LOCAL), random.Random(0)
    answer = client.get("/play/oldtown?players=2&seed=3&lang=de&hints=true", follow_redirects=False)
    table_id, token = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", answer.headers["location"]).groups()
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}").json()
    told, hints = [], []
    while True:
        told += [e["text"] for e in seen["events"] if " -> " in e["text"]]
        hints += [v["text"] for card in seen["hand"] for v in card.get("verdicts", [])]
        if seen["over"]:
            break
        action = rng.choice(seen["actions"])["id"]
        seen = client.post(f"/api/tables/{table_id}/0/act?token={token}", json={"action": action}).json()
    assert len(told) > 10 and len(hints) > 10
    for text in told + hints:
        assert not english_left(text.partition(" -> ")[2] or text), text
