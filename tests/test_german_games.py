"""Every game in German, at the terminal and at a table in the browser, holds no English sentence; no
code outside the catalogs' loader branches on the language.

A whole seeded game is played with `--lang de` (scripted input) and over the table's HTTP views
(`?lang=de`); every line shown is searched for English marker words. Names that are the same in
both editions stay: the printed cards' English names (the Bank card's "1 of a Suit", the Target
cards), the buildings whose German names are English words ("Saloon", "Sheriff"), the typed
command `quit`, and "Wild Wild Pattern".
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

from clicktown.errors import ClicktownError
from clicktown.sequence.game.bots import GreedyBot
from clicktown.sequence.game.play import SequenceHuman, play_against
from clicktown.sequence.game.simulate import Setup
from clicktown.sequence.game.view import move_words
from german_words import assert_german, english_in
from web_fixtures import LOCAL

ROOT = Path(__file__).resolve().parent.parent / "clicktown"

# ---- no language branches ---------------------------------------------------------------------------

#: Files allowed a language branch while their words move to the catalogs: none is left.
PENDING: set[str] = set()

BRANCH = re.compile(r"""lang\s*[!=]=\s*["']de["']|\bif\s+de\s+else\b|\bde\s*=\s*lang\b|["']de["']\s*==\s*lang""")


def test_no_code_branches_on_the_language_outside_the_catalogs_loader():
    found = {str(path.relative_to(ROOT)) for path in ROOT.rglob("*.py")
             if path.name != "messages.py" and BRANCH.search(path.read_text(encoding="utf-8"))}
    assert found <= PENDING, sorted(found - PENDING)
    scripts = [path.name for path in (ROOT / "web" / "static").glob("*.js")
               if re.search(r"""lang\s*===?\s*["']de["']""", path.read_text(encoding="utf-8"))]
    assert scripts == [], scripts


def test_the_branch_pattern_finds_the_shapes_it_forbids():
    for code in ('x = "a" if lang == "de" else "b"', 'y = "Karte" if de else "card"', "de = lang == 'de'",
                 'if lang != "de":'):
        assert BRANCH.search(code), code
    assert not BRANCH.search('say(lang, "oldtown.event.pass.you")')


# ---- at the terminal --------------------------------------------------------------------------------

def test_old_town_played_in_german_at_the_terminal(run_cli):
    code, out, _ = run_cli("oldtown", "play", "--players", 3, "--seed", 4, "--lang", "de", "--hints", input="1\n" * 3000)
    lines = out.splitlines()
    assert code == 0 and any(line.startswith("Spielende: ") for line in lines)
    assert any(line.startswith("du spieltest Karte ") for line in lines)
    assert any(" nahm den " in line or " nahm die " in line or " nahm das " in line for line in lines)
    assert any(re.match(r"(du hast|Spieler \d hat) mit \d+ Punkten? gewonnen: |.+ teilen sich den Sieg mit je ", line)
               for line in lines)
    assert_german(lines)


def test_old_town_refuses_a_wrong_number_in_german(run_cli):
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, "--lang", "de", input="99\nquit\n")
    assert code == 0 and "'99' ist keiner der Züge: gib eine Zahl von 1 bis 18 oder" in out
    assert "Spiel abgebrochen" in out
    assert_german(out.splitlines())


def test_a_declaration_that_cannot_be_read_is_refused_in_german():
    from clicktown.patterns.declare import parse_declaration
    from clicktown.words import tell

    refused = []
    for said in ("", "NACH jeder BLAUEN Karte gibt es nie BEUTE", "jeder BLAUEN Karte gibt es immer BEUTE",
                 "NACH jeder BLAUEN Karte gibt es immer ROT", "NACH jeder BLAUEN Karte gibt es immer MÜNZE"):
        with pytest.raises(ClicktownError) as caught:
            parse_declaration(said)
        refused.append(tell(caught.value.args[0], "de"))
    assert refused == [
        "leere Ansage",
        "die Ansage verneint etwas („nie“); ein Muster sagt immer, was da ist, nie, was nicht da ist",
        "die Ansage nennt keine Richtung (nach/vor, after/before, apres/avant, dopo/prima)",
        "die Ansage nennt zwei Farben (blau und rot); ein Muster paart ein Objekt mit einer Farbe oder einem Symbol",
        "ein Muster braucht ein Objekt (blau und Münze sind eine Farbe und ein Symbol); es paart ein Objekt mit "
        "einer Farbe oder einem Symbol"]


def test_wild_wild_pattern_played_in_german_at_the_terminal(run_cli):
    code, out, _ = run_cli("patterns", "play", "--players", 2, "--seed", 1, "--lang", "de", input="1\n" * 3000)
    lines = out.splitlines()
    assert code == 0 and any(line.startswith("== Spielende: ") for line in lines)
    assert any("gibt es immer eine" in line and "FALSCH: " in line for line in lines)
    assert any(line.startswith("-- die Bank zahlt --") for line in lines)
    assert_german(lines)


@pytest.mark.parametrize("game", ["sequence", "numbers"])
def test_sequence_played_in_german_at_the_terminal(game):
    """A person plays a whole game in German: two mistyped moves first, then the greedy bot's move each turn."""
    shown, holder = [], {}

    class Scripted(SequenceHuman):
        def choose(self, state, rng):
            holder["state"] = state
            return super().choose(state, rng)

    answers = iter(["?", "zz 3,4", "7h"])

    def ask(prompt):
        shown.append(prompt)
        state = holder["state"]
        return next(answers, None) or move_words(state, GreedyBot().choose(state, random.Random(0)))

    state = play_against(Setup(game, 2, 2, ("greedy",)), 1, Scripted(ask, shown.append, colour=False, lang="de"), seed=3)
    lines = [line for text in shown for line in text.splitlines()]
    assert state.is_terminal() and lines[-1].startswith(("du hast gewonnen: dein Team ", "Team ", "unentschieden: "))
    typed = {"sequence": "ein Zug wie 7h 3,4, eine Nummer, oder ? für die Liste",   # Sequence Numbers: the cell is to find
             "numbers": "eine Karte, dann ihr Feld (oder beides: KARTE REIHE,SPALTE), eine Nummer oder ? für die Liste"}
    assert f"dein Zug ({typed[game]})" in lines
    assert any("ist nicht in deiner Hand" in line for line in lines)
    assert any(line.startswith("du (Team B) spieltest ") for line in lines)
    assert_german(lines)


def test_an_abandoned_sequence_game_ends_in_german(run_cli):
    code, out, _ = run_cli("sequence", "play", "--seed", 1, "--lang", "de", input="?\nquit\n")
    assert code == 0 and "Spiel abgebrochen nach " in out
    assert_german(out.splitlines())


# ---- at a table ---------------------------------------------------------------------------------------

def page_lines(text: str) -> list[str]:
    """The text a person reads on a page: tags left out, the words the script writes (data-words) in."""
    words = re.search(r'data-words="([^"]*)"', text)
    said = list(json.loads(html.unescape(words[1])).values()) if words else []
    body = re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S)
    titles = re.findall(r'title="([^"]*)"', body)
    plain = html.unescape(re.sub(r"<[^>]+>", "\n", body))
    return [line for line in plain.splitlines() if line.strip()] + titles + \
        [w for word in said for w in (word if isinstance(word, list) else [word])]


def view_lines(seen: dict) -> list[str]:
    """Every sentence of a seat's view: events, actions, hand, standings, the picture's words."""
    lines = [e["text"] for e in seen["events"]] + [a["text"] for a in seen["actions"]]
    hand = seen["hand"]
    for card in hand if isinstance(hand, list) else []:
        lines += [card.get("text", "")] + [v["text"] for v in card.get("verdicts", [])]
    if seen["over"]:
        lines += [seen["over"]["text"], *seen["over"]["lines"]]
    lines += re.findall(r">([^<>]+)</text>", seen.get("svg", ""))
    return [line for text in lines for line in text.splitlines()]


@pytest.mark.parametrize("game, url", [
    ("oldtown", "/play/oldtown?players=3&seed=2&lang=de&hints=true&bots=greedy,random"),
    ("patterns", "/play/patterns?players=2&seed=5&lang=de&reaction=0&bots=greedy"),
    ("sequence", "/play/sequence?players=2&seed=1&lang=de&bots=greedy"),
    ("numbers", "/play/numbers?players=2&seed=1&lang=de&bots=greedy&hints=true"),
])
def test_a_whole_game_at_a_german_table_holds_no_english(game, url):
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from clicktown.web.app import create_app

    client, rng = TestClient(create_app(), base_url=LOCAL), random.Random(7)
    answer = client.get(url, follow_redirects=False)
    table_id, token = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", answer.headers["location"]).groups()
    page = client.get(f"/table/{table_id}/0?token={token}").text
    lines, since = page_lines(page), 0
    seen = client.get(f"/api/tables/{table_id}/0/view?token={token}&since=0").json()
    for _ in range(5000):
        lines += view_lines(seen)
        since = seen["seen"]
        if seen["over"]:
            break
        if seen["actions"]:
            action = rng.choice(seen["actions"])["id"]
            seen = client.post(f"/api/tables/{table_id}/0/act?token={token}&since={since}", json={"action": action}).json()
        else:
            seen = client.get(f"/api/tables/{table_id}/0/view?token={token}&since={since}").json()
    assert seen["over"], game
    assert "Was geschah" in lines and len(lines) > 100
    assert_german(lines)


def test_the_search_finds_english_where_there_is_some(run_cli):
    """The check is not vacuous: the same game in English is full of marker words, and so is each
    sentence the issue found on German screens."""
    code, out, _ = run_cli("oldtown", "play", "--players", 2, "--seed", 1, input="0\n" * 40 + "quit\n")
    assert code == 0 and sum(bool(english_in(line)) for line in out.splitlines()) > 20
    for line in ("type a number from 0 to 17, or quit", "play 7h: put a chip on row 0, column 0", "you: 1 cards"):
        assert english_in(line), line


def test_a_german_table_refuses_in_german():
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from clicktown.web import tables
    from clicktown.web.app import create_app

    client = TestClient(create_app(), base_url=LOCAL)
    answer = client.get("/play/sequence?players=2&seed=1&lang=de&bots=person", follow_redirects=False)
    table_id = re.fullmatch(r"/table/([\w-]+)/0\?token=[\w-]+", answer.headers["location"])[1]
    table = tables.TABLES[table_id]
    mover = table.state.current_player()
    other = 1 - mover
    refused = client.post(f"/api/tables/{table_id}/{other}/act?token={table.tokens[other]}", json={"action": 0})
    assert (refused.status_code, refused.json()["error"]) == (409, f"Spieler {other} ist nicht am Zug")
    refused = client.post(f"/api/tables/{table_id}/{mover}/act?token={table.tokens[mover]}", json={"action": 10**6})
    assert refused.status_code == 400 and refused.json()["error"] == "Aktion 1000000 ist jetzt nicht erlaubt"
    refused = client.get(f"/api/tables/{table_id}/1/view?token=wrong")
    assert (refused.status_code, refused.json()["error"]) == \
        (403, "ohne den Schlüssel von Spieler 1 kann niemand für ihn schauen oder spielen")
