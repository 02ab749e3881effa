"""The Wild Wild Pattern wheel as an SVG picture.

The 8 cards stand on a circle in clockwise order, position 0 at the top, each drawn in its color
with its object written large and its suit drawn below it (a coin: a gold disc; bullets: three
cartridges). An arrow in the middle shows the clockwise direction, the way "after" goes by default.
The cards a chosen pattern involves get a thick orange frame; the card just played gets a dashed
frame and the card still in hand can stand in the middle. The caption states the pattern.

Each card is a group with `data-position`, `data-card`, `data-involved` (and `data-played`); the card
the last move played has `data-last-move` and a black frame with a white dashed line.
"""

from __future__ import annotations

import math

from ...errors import ClicktownError
from ...svgkit import Svg, last_move_frame, wrap
from ..cards import Card, Wheel
from ..analysis import Move, Pattern, best_move
from ...messages import say
from ..wording import card_name, trait_name

CARD_FILL = {"red": "#c8372d", "blue": "#2e5eaa", "yellow": "#eec330", "grey": "#8c9198", "white": "#ffffff"}
INK = {"red": "#ffffff", "blue": "#ffffff", "yellow": "#2a2a2a", "grey": "#ffffff", "white": "#2a2a2a"}
HIGHLIGHT = "#ff8c00"
WIDTH, HEIGHT, RADIUS = 640, 720, 215
CENTRE = (WIDTH / 2, 320)
CARD_W, CARD_H = 92, 124


def card_place(position: int) -> tuple[float, float]:
    """The centre of the card at a wheel position (0 at the top, clockwise)."""
    angle = 2 * math.pi * position / 8
    return CENTRE[0] + RADIUS * math.sin(angle), CENTRE[1] - RADIUS * math.cos(angle)


#: The picture's own words (the catalog's `patterns.picture.*`); the cards' traits come from the vocabulary.
PICTURE_WORDS = {"card in hand": "hand", "clockwise": "clockwise", "gap": "gap", "Wild Wild Pattern wheel": "wheel"}


def word(text: str, lang: str) -> str:
    """A word of the picture in the page's language."""
    if text in PICTURE_WORDS:
        return say(lang, f"patterns.picture.{PICTURE_WORDS[text]}")
    return trait_name(text, lang)


def wheel_svg(wheel: Wheel, involved=(), played: int | None = None, hand: Card | None = None,
              caption: str = "", title: str = "", lang: str = "en", last=()) -> str:
    """The wheel with the `involved` positions framed, `played` marked, `hand` in the middle and the
    positions of `last` (what the last move changed) outlined."""
    svg = Svg(WIDTH, HEIGHT, title or word("Wild Wild Pattern wheel", lang))
    svg.rect(0, 0, WIDTH, HEIGHT, fill="#f6efe1", class_="background")
    svg.circle(*CENTRE, RADIUS, fill="none", stroke="#d8c9a8", stroke_width=26)
    _clockwise_arrow(svg, hand is not None, lang)
    for position, card in enumerate(wheel.cards):
        _card(svg, position, card, position in set(involved), position == played, lang, position in set(last))
    if hand is not None:
        _card_face(svg, CENTRE[0], CENTRE[1] + 10, hand, "in-hand", None, lang)
        svg.text(CENTRE[0], CENTRE[1] - CARD_H / 2 - 2, word("card in hand", lang), size=12, fill="#5a4a30")
    for i, text in enumerate(_caption_lines(caption)):
        svg.text(WIDTH / 2, HEIGHT - 82 + i * 20, text, size=16, fill="#2a2a2a", class_="caption")
    return svg.to_string()


def _caption_lines(caption: str) -> list[str]:
    """The caption, at most four lines of about 60 characters."""
    return wrap(caption, 62)[:4]


def _clockwise_arrow(svg: Svg, small: bool, lang: str) -> None:
    """A circular arrow showing the clockwise direction."""
    r = 120 if not small else 105
    cx, cy = CENTRE
    start, end = math.radians(-60), math.radians(60)
    x0, y0 = cx + r * math.sin(start), cy - r * math.cos(start)
    x1, y1 = cx + r * math.sin(end), cy - r * math.cos(end)
    svg.add("path", d=f"M {x0:.1f} {y0:.1f} A {r} {r} 0 0 1 {x1:.1f} {y1:.1f}", fill="none",
            stroke="#b09a70", stroke_width=3, class_="clockwise")
    tip = math.radians(60)
    tangent = (math.cos(tip), math.sin(tip))
    normal = (math.sin(tip), -math.cos(tip))
    svg.polygon([(x1 + 10 * tangent[0], y1 + 10 * tangent[1]),
                 (x1 - 6 * tangent[0] + 7 * normal[0], y1 - 6 * tangent[1] + 7 * normal[1]),
                 (x1 - 6 * tangent[0] - 7 * normal[0], y1 - 6 * tangent[1] - 7 * normal[1])], fill="#b09a70")
    svg.text(cx, cy - r - 8, word("clockwise", lang), size=11, fill="#8a7650")


def _card(svg: Svg, position: int, card: Card | None, involved: bool, played: bool, lang: str,
          last: bool = False) -> None:
    """The card at one wheel position, with its position number; the last move's card outlined."""
    x, y = card_place(position)
    nx, ny = CENTRE[0] + (RADIUS + 78) * math.sin(2 * math.pi * position / 8), \
        CENTRE[1] - (RADIUS + 78) * math.cos(2 * math.pi * position / 8)
    svg.open("g", class_="card", data_position=position, data_card=str(card) if card else "",
             data_involved="true" if involved else "false", data_played="true" if played else "false",
             **({"data_last_move": "true"} if last else {}))
    if involved:
        svg.rect(x - CARD_W / 2 - 7, y - CARD_H / 2 - 7, CARD_W + 14, CARD_H + 14, rx=12, fill=HIGHLIGHT,
                 class_="involved-frame")
    if card is None:
        svg.rect(x - CARD_W / 2, y - CARD_H / 2, CARD_W, CARD_H, rx=8, fill="none", stroke="#999",
                 stroke_dasharray="6 4")
        svg.text(x, y + 5, word("gap", lang), size=14, fill="#999")
    else:
        _card_face(svg, x, y, card, None, played, lang)
    if last:
        last_move_frame(svg, x - CARD_W / 2 - 11, y - CARD_H / 2 - 11, CARD_W + 22, CARD_H + 22)
    svg.text(nx, ny + 5, position, size=16, font_weight="bold", fill="#5a4a30", class_="position")
    svg.close()


def _card_face(svg: Svg, x: float, y: float, card: Card, kind: str | None, played: bool | None,
               lang: str = "en") -> None:
    """One card: its color, object and suit; a dashed frame when just played."""
    if kind:
        svg.open("g", class_=kind, data_card=str(card))
    svg.rect(x - CARD_W / 2, y - CARD_H / 2, CARD_W, CARD_H, rx=8, fill=CARD_FILL.get(card.color, "#dddddd"),
             stroke="#2a2a2a", stroke_width=1.5)
    if played:
        svg.rect(x - CARD_W / 2 + 4, y - CARD_H / 2 + 4, CARD_W - 8, CARD_H - 8, rx=6, fill="none",
                 stroke=INK.get(card.color, "#000"), stroke_width=2, stroke_dasharray="5 3", class_="played")
    ink = INK.get(card.color, "#000000")
    thing = word(card.object, lang)
    svg.text(x, y - CARD_H / 2 + 17, word(card.color, lang), size=11, fill=ink)
    svg.text(x, y - 4, thing, size=15 if len(thing) < 8 else 12, font_weight="bold", fill=ink)
    _suit(svg, x, y + 26, card.suit)
    svg.text(x, y + CARD_H / 2 - 8, word(card.suit, lang), size=11, fill=ink)
    if kind:
        svg.close()


def _suit(svg: Svg, x: float, y: float, suit: str) -> None:
    """A coin (gold disc) or bullets (three cartridges)."""
    if suit == "coin":
        svg.circle(x, y, 11, fill="#e6b422", stroke="#8a6d10", stroke_width=1.5, class_="suit-coin")
        svg.circle(x, y, 6, fill="none", stroke="#8a6d10", stroke_width=1)
        return
    for dx in (-12, 0, 12):
        svg.rect(x + dx - 3.5, y - 6, 7, 16, rx=1, fill="#b87333", stroke="#5a3a10", stroke_width=1,
                 class_="suit-bullet")
        svg.add("path", d=f"M {x + dx - 3.5:.1f} {y - 6:.1f} Q {x + dx:.1f} {y - 16:.1f} {x + dx + 3.5:.1f} {y - 6:.1f} Z",
                fill="#9a9a9a", stroke="#5a3a10", stroke_width=1)


# -- the pictures of the commands ------------------------------------------------------------------------

def list_picture(wheel: Wheel, patterns: list[Pattern], number: int = 1, lang: str = "en") -> str:
    """`patterns list --svg`: the wheel with the involved cards of pattern `number` (1 = first listed)."""
    if not patterns:
        return wheel_svg(wheel, caption=say(lang, "patterns.list.none"), lang=lang)
    if not 1 <= number <= len(patterns):
        raise ClicktownError(f"pattern {number} does not exist: the wheel has {len(patterns)} valid pattern(s)")
    chosen = patterns[number - 1]
    wild = say(lang, "patterns.picture.wild") if chosen.wild else ""
    caption = say(lang, "patterns.picture.caption", number=number, count=len(patterns), said=chosen.statement.told(lang), wild=wild)
    return wheel_svg(wheel, chosen.involved, caption=caption, lang=lang)


def moves_picture(wheel: Wheel, card: Card, moves: list[Move], lang: str = "en") -> str:
    """`patterns moves --svg`: the wheel after the best move, its best pattern's cards framed;
    with no move, the wheel and the card in hand."""
    best = best_move(moves)
    if best is None:
        return wheel_svg(wheel, hand=card, caption=say(lang, "patterns.moves.none", card=card_name(str(card), lang)), lang=lang)
    pattern = max(best.patterns, key=lambda p: (p.wild, p.reward().cards_won))
    caption = say(lang, "patterns.picture.best", position=best.position, covered=card_name(str(best.covered), lang),
                  card=card_name(str(card), lang), said=pattern.statement.told(lang), reward=best.reward.told(lang))
    return wheel_svg(wheel.covered(best.position, card), pattern.involved, played=best.position, caption=caption, lang=lang)
