"""Wild Wild Pattern wheels and Sequence boards as pictures; the --svg/--png options of every command."""

import json
import struct
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

from clicktown.patterns import best_move, load_deck, moves, parse_card, parse_wheel, valid_patterns
from clicktown.patterns.cards import Wheel
from clicktown.patterns.render.svg import CARD_FILL, CENTRE, list_picture, moves_picture, wheel_svg
from clicktown.sequence import count_sequences, load_game, parse_position
from clicktown.sequence.geometry import CORNERS, row_col
from clicktown.sequence.position import Position
from clicktown.sequence.render.svg import board_picture
from clicktown.svgkit import png_bytes

SVG = "{http://www.w3.org/2000/svg}"
DECK = load_deck()

# The rulebook's worked examples as wheels from the (assumed) deck, as in tests/test_patterns.py.
ARCHIBALD = ("red-gun-coin,grey-star-coin,blue-wanted-coin,red-bottle-bullets,red-horseshoe-coin,"
             "yellow-dynamite-bullets,grey-loot-bullets,blue-barrel-bullets")
EXAMPLES = {
    "archibald": (ARCHIBALD, "STERN-GELB-MÜNZE"),
    "martha": (ARCHIBALD.replace("red-bottle-bullets", "yellow-star-coin"), "white-star-bullets"),
    "phineas": ("blue-star-bullets,red-loot-bullets,yellow-gun-coin,grey-bottle-bullets,white-dynamite-coin,"
                "grey-loot-bullets,red-wanted-bullets,yellow-horseshoe-coin", "PISTOLE-BLAU-KUGELN"),
    "dakota": ("blue-gun-bullets,red-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-wanted-coin,"
               "red-star-coin,white-barrel-bullets,grey-horseshoe-coin", "BEUTE-GELB-KUGELN"),
    "wild": ("blue-gun-bullets,red-loot-bullets,blue-star-bullets,yellow-loot-bullets,blue-bottle-coin,"
             "grey-loot-bullets,blue-barrel-bullets,white-horseshoe-bullets", "white-loot-coin"),
    "figure-bullets": ("blue-wanted-coin,red-wanted-bullets,yellow-wanted-bullets,white-bottle-coin,"
                       "grey-gun-coin,white-wanted-coin,grey-wanted-bullets,red-star-coin", "blue-gun-bullets"),
}


def parse(svg_text: str) -> ET.Element:
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    return root


def having(root, cls):
    return [e for e in root.iter() if e.get("class") == cls]


def wheel_cards(root) -> list[str]:
    """The cards the picture shows, by position."""
    cards = sorted(having(root, "card"), key=lambda g: int(g.get("data-position")))
    assert [int(g.get("data-position")) for g in cards] == list(range(8))
    return [g.get("data-card") for g in cards]


def framed(root) -> tuple[int, ...]:
    """The positions the picture frames as involved."""
    return tuple(sorted(int(g.get("data-position")) for g in having(root, "card") if g.get("data-involved") == "true"))


def caption(root) -> str:
    return " ".join(t.text for t in having(root, "caption"))


# ---- the wheel ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", EXAMPLES)
def test_every_rulebook_wheel_shows_its_cards_and_each_patterns_involved_cards(name):
    w = parse_wheel(EXAMPLES[name][0], DECK)
    found = valid_patterns(w)
    for number, pattern in enumerate(found, 1):
        root = parse(list_picture(w, found, number))
        assert wheel_cards(root) == [str(c) for c in w.cards]
        assert framed(root) == pattern.involved
        assert pattern.statement.text_en() in caption(root)
    if not found:
        root = parse(list_picture(w, found))
        assert framed(root) == () and "no valid pattern" in caption(root)


def test_each_card_is_drawn_in_its_color_with_its_object_and_suit():
    w = parse_wheel(EXAMPLES["dakota"][0], DECK)
    root = parse(wheel_svg(w))
    for g, card in zip(sorted(having(root, "card"), key=lambda g: int(g.get("data-position"))), w.cards):
        face = next(e for e in g if e.tag == SVG + "rect")
        assert face.get("fill") == CARD_FILL[card.color]
        words = [t.text for t in g.iter(SVG + "text")]
        assert words[:2] == [card.color, card.object] and card.suit in words
        sign = "suit-coin" if card.suit == "coin" else "suit-bullet"
        assert len([e for e in g.iter() if e.get("class") == sign]) == (1 if card.suit == "coin" else 3)


def test_a_german_wheel_names_the_cards_and_its_own_words_in_german():
    w = parse_wheel(EXAMPLES["wild"][0], DECK)
    texts = [t.text for t in parse(wheel_svg(w, hand=w.cards[0], lang="de")).iter(SVG + "text")]
    english = [t.text for t in parse(wheel_svg(w, hand=w.cards[0])).iter(SVG + "text")]
    assert "im Uhrzeigersinn" in texts and "Karte auf der Hand" in texts and "clockwise" in english
    assert not {"clockwise", "card in hand", "coin", "bullets", "red"} & set(texts)
    assert {"Münze", "Kugeln"} & set(texts) and len(texts) == len(english)


def test_positions_go_clockwise_from_the_top():
    root = parse(wheel_svg(parse_wheel(EXAMPLES["wild"][0], DECK)))
    centre = {}
    for g in having(root, "card"):
        face = next(e for e in g if e.tag == SVG + "rect")
        centre[int(g.get("data-position"))] = (float(face.get("x")) + float(face.get("width")) / 2,
                                               float(face.get("y")) + float(face.get("height")) / 2)
    cx, cy = CENTRE
    assert centre[0][1] < cy and centre[2][0] > cx and centre[4][1] > cy and centre[6][0] < cx
    assert centre[0][0] == pytest.approx(cx) and centre[2][1] == pytest.approx(cy)


def test_the_wild_wild_pattern_move_frames_all_eight_cards():
    w, card = parse_wheel(EXAMPLES["wild"][0], DECK), parse_card("white-loot-coin", DECK)
    root = parse(moves_picture(w, card, moves(w, card)))
    assert wheel_cards(root) == [str(c) for c in w.covered(7, card).cards]
    assert framed(root) == tuple(range(8))
    assert [g.get("data-position") for g in having(root, "card") if g.get("data-played") == "true"] == ["7"]
    assert "cover position 7" in caption(root)


def test_no_move_shows_the_card_in_hand_and_says_click():
    w = parse_wheel("yellow-star-coin,white-gun-bullets,yellow-barrel-coin,white-dynamite-coin,yellow-loot-bullets,"
                    "white-horseshoe-bullets,grey-star-coin,white-star-bullets", DECK)
    card = next(c for c in sorted(set(DECK.cards)) if best_move(moves(w, c)) is None)
    root = parse(moves_picture(w, card, moves(w, card)))
    assert wheel_cards(root) == [str(c) for c in w.cards] and framed(root) == ()
    assert [g.get("data-card") for g in having(root, "in-hand")] == [str(card)]
    assert "Click!" in caption(root)


def test_a_wheel_with_gaps_draws_empty_places():
    w = Wheel((None,) + parse_wheel(EXAMPLES["wild"][0], DECK).cards[1:])
    assert wheel_cards(parse(wheel_svg(w)))[0] == ""


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_wheels_frame_exactly_the_engines_involved_cards(rnd):
    cards = rnd.sample(DECK.cards, 9)
    w, card = Wheel(tuple(cards[:8])), cards[8]
    found = valid_patterns(w)
    if found:
        number = rnd.randrange(len(found)) + 1
        assert framed(parse(list_picture(w, found, number))) == found[number - 1].involved
    all_moves = moves(w, card)
    best = best_move(all_moves)
    root = parse(moves_picture(w, card, all_moves))
    if best is None:
        assert wheel_cards(root) == [str(c) for c in w.cards] and framed(root) == ()
    else:
        assert wheel_cards(root) == [str(c) for c in w.covered(best.position, card).cards]
        assert framed(root) in {p.involved for p in best.patterns}
        assert best.position in framed(root)  # the played card is part of the pattern


# ---- the Sequence board ----------------------------------------------------------------------------

README_POSITION = """*BBBB....*
..........
..........
...A......
..........
AAAAAAAAA.
..........
..........
..........
*........*
"""


def board_facts(root):
    """Cell -> (label, chip) and the sequences drawn as (team, cells)."""
    cells = {}
    for g in having(root, "cell"):
        r, c = (int(x) for x in g.get("data-cell").split(","))
        cells[r * 10 + c] = (g.get("data-label"), g.get("data-chip"))
    lines = sorted((e.get("data-team"), e.get("data-cells")) for e in having(root, "sequence"))
    return cells, lines


@pytest.mark.parametrize("game_name", ["sequence", "numbers"])
def test_the_readme_position_shows_labels_chips_and_two_plus_one_sequences(game_name):
    game, position = load_game(game_name), parse_position(README_POSITION)
    count = count_sequences(position)
    cells, lines = board_facts(parse(board_picture(game, position, count)))
    assert {i: lab for i, (lab, _) in cells.items()} == {i: game.board.label(i) or "FREE" for i in range(100)}
    assert {i: ch for i, (_, ch) in cells.items()} == dict(enumerate(position.cells))
    expected = sorted((ln.team, " ".join("{},{}".format(*row_col(c)) for c in ln.cells)) for ln in count.lines)
    assert lines == expected and [t for t, _ in lines].count("A") == 2 and [t for t, _ in lines].count("B") == 1


def test_locked_chips_get_a_ring():
    position = parse_position(README_POSITION.replace("AAAAAAAAA.", "aaaaaaaaa."))
    root = parse(board_picture(load_game("sequence"), position, count_sequences(position)))
    chips = having(root, "chip")
    assert sorted((c.get("data-team"), c.get("data-locked")) for c in chips) == \
        sorted([("A", "false")] + [("A", "true")] * 9 + [("B", "false")] * 4)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(".AB"), min_size=100, max_size=100))
def test_random_positions_draw_every_chip_and_every_sequence_counted(chips):
    cells = "".join("*" if i in CORNERS else ch for i, ch in enumerate(chips))
    position = Position(cells)
    count = count_sequences(position)
    _, lines = board_facts(parse(board_picture(load_game("sequence"), position, count)))
    assert len(lines) == sum(count.sequences.values())
    root = parse(board_picture(load_game("sequence"), position, count))
    assert len(having(root, "chip")) == sum(ch in "AB" for ch in cells)


# ---- the commands ----------------------------------------------------------------------------------

W = EXAMPLES["dakota"][0]


def write_position(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(README_POSITION)
    return path


COMMANDS = {
    "patterns list": lambda tmp: ["patterns", "list", W, "--pattern", "2"],
    "patterns moves": lambda tmp: ["patterns", "moves", W, "yellow-loot-bullets"],
    "sequence show": lambda tmp: ["sequence", "show", write_position(tmp)],
    "oldtown show": lambda tmp: ["oldtown", "show", "1"],
    "oldtown solve": lambda tmp: ["oldtown", "solve", "1", "--limit", "1"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_svg_option_writes_a_picture_and_leaves_the_json_alone(run_cli, tmp_path, command):
    args = COMMANDS[command](tmp_path)
    code, plain_json, err = run_cli(*args, "--json")
    assert code == 0, err
    picture = tmp_path / "picture.svg"
    code, out, err = run_cli(*args, "--json", "--svg", picture)
    assert code == 0, err
    assert json.loads(out) == json.loads(plain_json)
    parse(picture.read_text())


def test_the_list_picture_highlights_the_chosen_pattern(run_cli, tmp_path, run_json):
    patterns = run_json("patterns", "list", W)["patterns"]
    for number, pattern in enumerate(patterns, 1):
        picture = tmp_path / f"p{number}.svg"
        assert run_cli("patterns", "list", W, "--pattern", number, "--svg", picture)[0] == 0
        assert list(framed(parse(picture.read_text()))) == pattern["involved"]
    code, out, err = run_cli("patterns", "list", W, "--pattern", len(patterns) + 1, "--svg", tmp_path / "x.svg")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "does not exist" in err


def cairo_works() -> bool:
    try:
        png_bytes('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>')
        return True
    except Exception:  # noqa: BLE001  (cairosvg or the cairo library missing)
        return False


@pytest.mark.skipif(not cairo_works(), reason="PNG needs cairosvg and the cairo library (pip install 'clicktown[png]')")
@pytest.mark.parametrize("command", COMMANDS)
def test_png_option_converts_the_picture_at_its_size(run_cli, tmp_path, command):
    svg_file, png_file = tmp_path / "p.svg", tmp_path / "p.png"
    code, out, err = run_cli(*COMMANDS[command](tmp_path), "--svg", svg_file, "--png", png_file)
    assert code == 0, err
    data = png_file.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    root = parse(svg_file.read_text())
    assert (width, height) == (round(float(root.get("width"))), round(float(root.get("height"))))



def test_png_without_cairosvg_is_a_one_line_error(run_cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if the optional package were not installed
    code, out, err = run_cli("patterns", "list", W, "--png", tmp_path / "p.png")
    assert code == 2 and out == "" and not (tmp_path / "p.png").exists()
    assert len(err.strip().splitlines()) == 1 and "cairosvg" in err
