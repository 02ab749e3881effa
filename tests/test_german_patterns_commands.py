"""The `clicktown patterns` commands with `--lang de`: every line of their results is German (statements as
the German table says them, cards by their German traits, rewards, verdicts, tables, numbers with the
decimal comma), the JSON stays the data's English, and a challenge card is named from the catalogs in
every language (never `challenge:steal`).

Each command runs in process on a rulebook wheel (or a few wheels, two games) to stay fast.
"""

from __future__ import annotations

import json

import pytest

from clicktown.patterns.game.view import dollars, view
from clicktown.patterns.wording import card_name
from german_words import assert_german
from rulebook_wheels import DAKOTA, NO_MOVE, WILD

#: The English words each command printed before its words moved to the catalogs.
WORDS = {"declared", "valid", "occurrences", "repeats", "once", "twice", "more", "involved", "positions",
         "reward", "covered", "created", "best", "cover", "position", "playing", "pattern", "patterns", "kind",
         "tier", "object", "color", "suit", "holds", "fails", "creates", "opponent", "usual", "clicker", "leaves",
         "puzzle", "seed", "drew", "exactly", "solution", "declare", "completed", "completion", "lets", "random",
         "wheels", "event", "count", "rate", "interval", "drawn", "rounds", "endings", "times", "held", "dollars",
         "combination", "reaction", "order", "others", "clockwise", "after", "before", "every", "there", "always",
         "blue", "loot", "red", "gun", "coin", "bullets", "white", "grey", "yellow", "star", "barrel", "bottle",
         "wanted", "horseshoe", "dynamite", "choice", "allowed", "discarded", "opponent", "director", "limit",
         "saloon", "steal", "challenge", "NOT"}

DAKOTA_LOOT = DAKOTA.replace("red-star-coin", "yellow-loot-bullets")
GAPS = "_,red-loot-bullets,_,yellow-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-barrel-bullets,white-horseshoe-bullets"


def german(run_cli, *args, code: int = 0) -> list[str]:
    """The lines `clicktown patterns ARGS --lang de` prints, checked for English."""
    exit_code, out, _ = run_cli("patterns", *args, "--lang", "de")
    assert exit_code == code
    lines = out.splitlines()
    assert_german(lines, also=WORDS)
    return lines


def test_list_in_german(run_cli):
    lines = german(run_cli, "list", DAKOTA_LOOT)
    assert lines[:2] == ["Rad (im Uhrzeigersinn):", "  0: blau-Pistole-Kugeln"]
    assert lines[9] == "2 gültige Muster:"
    assert lines[10].split() == ["Muster", "Art", "Anz.", "Stufe", "beteiligt", "Wild", "Wild", "Pattern"]
    assert lines[12].split() == "NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte Objekt+Farbe 3 2 0 1 2 3 4 5".split()
    assert lines[13].startswith("VOR jeder BEUTE-Karte gibt es immer eine BLAUE Karte")
    assert german(run_cli, "list", NO_MOVE)[-1] == "kein gültiges Muster auf diesem Rad"
    wild = german(run_cli, "list", WILD.replace("white-horseshoe-bullets", "white-loot-coin"))
    assert any(line.startswith("NACH jeder BLAUEN Karte") and line.endswith(" ja") for line in wild)


def test_list_in_english_is_unchanged(run_cli):
    code, out, _ = run_cli("patterns", "list", DAKOTA_LOOT)
    assert out.splitlines()[9:11] == ["2 valid pattern(s):", "pattern                                 kind          k  tier  "
                                                                 "involved     wild"]
    assert "after every blue there is always loot   object+color  3  2     0 1 2 3 4 5" in out


def test_moves_in_german(run_cli):
    lines = german(run_cli, "moves", WILD, "white-loot-coin")
    assert lines[0] == "gespielt wird weiß-Beute-Münze:"
    assert lines[1].split() == ["Pos", "abgedeckt", "neue", "Muster", "Belohnung"]
    assert "NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte (Wild Wild Pattern)" in lines[10]
    assert lines[-1] == "bester Zug: Position 7 (weiß-Hufeisen-Kugeln) abdecken: Wild Wild Pattern: das Spiel ist gewonnen"
    assert german(run_cli, "moves", NO_MOVE, "blue-bottle-coin")[-1] == \
        "kein Zug mit blau-Flasche-Münze erstellt ein Muster: sag Klick!"


def test_check_in_german_each_verdict(run_cli):
    move = ("--played", 5, "--card", "yellow-loot-bullets")
    valid = german(run_cli, "check", DAKOTA, "after every blue there is always loot", *move)
    assert valid == ["angesagt: NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte (Objekt+Farbe)",
                     "GÜLTIG: 3 Vorkommen (wiederholt sich zwei- oder mehrmals), beteiligte Positionen 0 1 2 3 4 5.",
                     "Belohnung: zwei Karten des Rades nach Wahl, auch die gespielte"]
    # a sentence typed in German is read as well
    false = german(run_cli, "check", DAKOTA, "NACH jeder ROTEN Karte gibt es immer eine PISTOLE-Karte", code=1)
    assert false == ["angesagt: NACH jeder ROTEN Karte gibt es immer eine PISTOLE-Karte (Objekt+Farbe)",
                     "NICHT GÜLTIG:",
                     "  - nach der Karte rot auf Position 1 liegt blau-Flasche-Münze (Position 2), nicht Pistole",
                     "  - nach der Karte rot auf Position 5 liegt weiß-Fass-Kugeln (Position 6), nicht Pistole",
                     "falsche Ansage: die gespielte Karte wird abgelegt, und jeder Gegner nimmt eine Karte seiner "
                     "Wahl vom Rad"]
    wild = german(run_cli, "check", WILD.replace("white-horseshoe-bullets", "white-loot-coin"),
                  "after every blue there is always loot")
    assert wild[1].endswith("beteiligte Positionen 0 1 2 3 4 5 6 7. Ein WILD WILD PATTERN!")
    assert wild[2] == "Belohnung: Wild Wild Pattern: das Spiel ist gewonnen"


def test_check_in_english_and_json_are_unchanged(run_cli, run_json):
    move = ("--played", 5, "--card", "yellow-loot-bullets")
    code, out, _ = run_cli("patterns", "check", DAKOTA, "after every blue there is always loot", *move)
    assert out.splitlines()[1:] == ["VALID: 3 occurrences (repeats twice or more), involved positions 0 1 2 3 4 5.",
                                    "reward: two wheel cards of your choice, the played card allowed"]
    data = run_json("patterns", "check", DAKOTA, "after every blue there is always loot", *move, "--lang", "de")
    assert data["reward"]["text"] == "two wheel cards of your choice, the played card allowed"
    assert data["statement"]["text_en"] == "after every blue there is always loot"


def test_click_in_german_both_verdicts(run_cli, run_json):
    holds = german(run_cli, "click", NO_MOVE, "blue-wanted-coin")
    assert holds == ["Klick! gilt: blau-Gesucht-Münze erstellt auf diesem Rad kein Muster.",
                     "niemand kann mit der geklickten Karte ein Muster erstellen: wer Klick! sagte, nimmt eine Karte "
                     "seiner Wahl vom Rad, und die geklickte Karte scheidet aus dem Spiel aus"]
    fails = german(run_cli, "click", DAKOTA, "red-gun-coin")
    assert fails[:3] == ["Klick! gilt nicht: rot-Pistole-Münze erstellt ein Muster.",
                         "ein Gegner kann mit der geklickten Karte ein Muster erstellen und erhält die übliche "
                         "Belohnung, zum Beispiel:", "gespielt wird rot-Pistole-Münze:"]
    assert run_json("patterns", "click", NO_MOVE, "blue-wanted-coin", "--lang", "de")["outcome"].startswith(
        "nobody can create a pattern with the clicked card")


def test_puzzle_and_wild_in_german(run_cli):
    puzzle = german(run_cli, "puzzle", "--seed", 1, "--solution")
    assert puzzle[0] == "Rätsel (Startwert 1): das Rad im Uhrzeigersinn:"
    assert puzzle[9] == "du hast weiß-Stern-Kugeln gezogen. Genau ein Zug erstellt ein Muster: wo, und welches?"
    assert puzzle[10] == ("Lösung: Position 1 (rot-Gesucht-Kugeln) abdecken und „NACH jeder WEISSEN Karte gibt es "
                          "immer eine STERN-Karte“ ansagen (Stufe 1): eine Karte des Rades nach Wahl, nicht die gespielte")
    wild = german(run_cli, "wild", GAPS, "white-loot-coin")
    assert wild[0] == "vervollständigtes Rad:" and wild[1] == "  0: blau-Dynamit-Münze"
    assert wild[-1] == ("Position 7 (weiß-Hufeisen-Kugeln) mit weiß-Beute-Münze abdecken und „NACH jeder BLAUEN "
                        "Karte gibt es immer eine BEUTE-Karte“ ansagen: WILD WILD PATTERN!")


def test_stats_in_german_with_the_decimal_comma(run_cli):
    lines = german(run_cli, "stats", "--wheels", 200, "--seed", 1)
    assert lines[0] == "zufällige Räder (Startwert 1):"
    assert lines[1].split() == ["Ereignis", "Anzahl", "Anteil", "95-%-Intervall"]
    assert lines[4].split() == ["die", "gezogene", "Karte", "hat", "keinen", "Zug", "4/200", "2,000", "%",
                                "0,780", "%", "-", "5,029", "%"]
    code, out, _ = run_cli("patterns", "stats", "--wheels", 200, "--seed", 1)
    assert out.splitlines()[-1].split() == ["drawn", "card", "has", "no", "move", "4/200", "2.000%", "0.780%", "-", "5.029%"]


def test_simulate_in_german(run_cli, run_json):
    lines = german(run_cli, "simulate", "--games", 2, "--players", 2, "--seed", 1)
    assert lines[0] == "2 Partien, 2 Spieler, Saloon, Bots greedy,greedy, Startwert 1"
    result = run_json("patterns", "simulate", "--games", 2, "--players", 2, "--seed", 1)
    rounds = f"{result['rounds_per_game']['mean']:.2f}".replace(".", ",")
    assert f"Runden pro Partie: {rounds}, Wild Wild Patterns: {result['wild_wild_patterns']}" in lines
    ending = {"saloon": "Saloon", "new-director": "neuer Direktor", "wild-wild-pattern": "ein Wild Wild Pattern",
              "alive-or-dead": "als Letzter übrig", "turn-limit": "Zuggrenze"}
    assert "so endeten die Partien: " + ", ".join(f"{ending[k]} {v}" for k, v in result["endings"].items()) in lines
    lucky, other = result["reaction_order"]["greedy"].values()
    assert (f"Bot greedy gewann {lucky['hits']}/{lucky['n']} der Partien, in denen sein Spieler am häufigsten als "
            f"Erster reagieren durfte, und {other['hits']}/{other['n']} der übrigen") in lines
    table = lines[len(lines) - lines[::-1].index(""):]
    assert table[0].split() == ["Kombination", "wie", "oft", "gehalten", "Dollar", "gezahlt"]
    name, line = next(iter(result["paid"].items()))
    assert table[2].split() == name.split() + [str(line["times"]), f"{line['cents'] // 100},{line['cents'] % 100:02d}"]


def test_svg_caption_in_german(run_cli, tmp_path):
    picture = tmp_path / "wheel.svg"
    german(run_cli, "list", DAKOTA_LOOT, "--svg", picture)
    assert caption(picture) == "Muster 1 von 2: NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte"
    run_cli("patterns", "list", DAKOTA_LOOT, "--svg", picture)
    assert caption(picture) == "pattern 1 of 2: after every blue there is always loot"


def caption(picture) -> str:
    """The caption of a drawn wheel, its lines joined."""
    import xml.etree.ElementTree as ET

    root = ET.parse(picture).getroot()
    return " ".join(t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "caption")


def test_play_ends_in_german(run_cli):
    code, out, _ = run_cli("patterns", "play", "--players", 2, "--seed", 1, "--lang", "de", input="1\n" * 3000)
    end = out.splitlines()[-1]
    assert end.startswith("Spieler 1 hat gewonnen: sein Geld liegt über dem Limit der Bank von 3,00 $; Geld: Spieler 1 ")
    assert_german(out.splitlines(), also={"saloon", "challenge"})


# ---- a challenge card is named from the catalogs ------------------------------------------------------

CHALLENGES = {"steal": ('challenge card "Steal 1 card"', "Herausforderung „1 Karte stehlen“"),
              "pianist": ('challenge card "Don\'t shoot the pianist"', "Herausforderung „Schieß nicht auf den Pianisten“"),
              "hands-up": ('challenge card "Hands up!"', "Herausforderung „Hände hoch!“"),
              "exchange": ('challenge card "Exchange a card"', "Herausforderung „Tausche eine Karte“"),
              "dollar": ('challenge card "$1"', "Herausforderung „1 Dollar“"),
              "fifty": ('challenge card "50¢"', "Herausforderung „50 Cent“"),
              "ten": ('challenge card "10¢"', "Herausforderung „10 Cent“")}


@pytest.mark.parametrize("challenge", sorted(CHALLENGES))
def test_a_challenge_card_has_a_name_in_each_language(challenge):
    assert (card_name(f"challenge:{challenge}", "en"), card_name(f"challenge:{challenge}", "de")) == CHALLENGES[challenge]


def test_a_challenge_card_in_a_seat_view_and_its_json(run_cli):
    from clicktown.patterns.game.simulate import Setup, start

    state = start(Setup(players=2, bots=("greedy", "greedy")))
    steal = state.table.names.index("challenge:steal")
    state.faceup[0] = [steal]
    seen = view(state, 0)
    assert seen["hand"]["face_up"] == ["challenge:steal"]               # the data keeps the id
    assert 'face up: challenge card "Steal 1 card"' in seen["hand"]["lines"]
    assert "offen: Herausforderung „1 Karte stehlen“" in view(state, 0, lang="de")["hand"]["lines"]
    assert all("challenge:" not in line for line in seen["public"]["rows"] + seen["hand"]["lines"])


def test_money_in_each_language():
    assert [dollars(c) for c in (0, 5, 150, 1205)] == ["$0.00", "$0.05", "$1.50", "$12.05"]
    assert [dollars(c, "de") for c in (0, 5, 150, 1205)] == ["0,00 $", "0,05 $", "1,50 $", "12,05 $"]


def test_replay_of_a_played_game_in_german(run_cli, tmp_path):
    trace = tmp_path / "game.jsonl"
    run_cli("patterns", "play", "--players", 2, "--seed", 1, "--lang", "de", "--trace", trace, input="1\n" * 3000)
    lines = german(run_cli, "replay", trace)
    assert lines[0].startswith("Partie 0 (Wild Wild Pattern, Startwert 1, ab Zeile 1): ")
    assert lines[0].endswith("; Sieger: 1; Saloon: mehr als das Limit der Bank")
    assert lines[1] == "1 Partie nachgespielt: die Spielregeln lassen jede Zeile zu"
