"""The relation words of the Old Town cards, drawn and listed: the page `docs/oldtown-relations.md`
and its pictures, and the glossary page of the printable sheet, all from `Board.glossary`.

`python -m clicktown.oldtown.render.glossary DIR` writes DIR/oldtown-relations.md and one SVG per
word under DIR/relations/ for the built-in plan (the tests check the files in docs/ match).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..board import Board, Word
from .svg import card_plan_svg, relation_svg

PICTURES = "relations"


def word_picture(board: Board, word: Word, use: str | None = None, numbers: bool = False, lang: str = "en") -> str:
    """A small plan of the word: stars on a landmark word's plots, a line per allowed pair, or,
    for a word with a focus plot, a star on it and a dot on every plot it relates to (`lang`: its title's)."""
    if word.plots:
        return card_plan_svg(board, word.plots, use=use, numbers=numbers, lang=lang)
    return relation_svg(board, word.pairs, word.focus, use=use, numbers=numbers, lang=lang)


def pairs_text(word: Word) -> str:
    """'1-2, 5-9, ...': every allowed pair once, or the plots of a landmark word."""
    if word.plots:
        return "plots " + ", ".join(map(str, sorted(word.plots)))
    if not word.pairs:
        return "no pair on this plan"
    return ", ".join(f"{p}-{q}" for p, q in word.unordered)


def markdown(board: Board) -> str:
    """The docs page of the relation words."""
    out = [
        "# Old Town: the relation words of the cards",
        "",
        "Each type-C card relates the building it names to one of my buildings with a word (\"wall to",
        "wall\", \"across\", ...), and the little plan on the card shows the plots that word allows",
        "(\"ausschlaggebend für die Definition ist der kleine Stadtplan auf der Karte\"). clicktown gives",
        "every word one meaning, the one a player reads on the plan, computed from the plan in",
        "`clicktown/oldtown/board.py` (`Board.glossary`). Each picture below shows the built-in plan",
        "(a reconstruction, see `oldtown-reconstruction.md`); a line joins the two plots of every",
        "allowed pair. Where a word relates most plots to many others, the picture shows it from one",
        "plot (the star) and dots on the plots it relates to. The pairs listed are unordered: every word",
        "is symmetric. A card may limit a word further (\"..., my building on Main Street\"); it then",
        "allows only the pairs that also meet that condition. The printable sheet (`oldtown sheet`)",
        "carries the same glossary.",
        "",
        "A block is a group of plots that touch with no street or railway between them (on the",
        "built-in plan: " + ", ".join("{" + ", ".join(map(str, sorted(b))) + "}" for b in
                                     sorted(board.blocks, key=min)) + ").",
        "",
    ]
    for word in board.glossary:
        out += [f"## {word.en} ({word.de})", "",
                f"{word.meaning_en[0].upper()}{word.meaning_en[1:]}.", "",
                f"*{word.meaning_de[0].upper()}{word.meaning_de[1:]}.*", "",
                f"![{word.en}]({PICTURES}/{word.key}.svg)", "",
                f"Allowed ({len(word.unordered) if not word.plots else len(word.plots)}): {pairs_text(word)}.", ""]
        out += _per_line(board, word)
    return "\n".join(out + [END, ""])


END = "<!-- end of the generated part: what follows is kept when the page is written again -->"


def _per_line(board: Board, word: Word) -> list[str]:
    """For the words that name a line or a landmark: the pairs or plots of each one."""
    rows = []
    if word.key in ("across", "diagonal"):
        for line in board.lines:
            relation = board.relations.get(f"{word.key}:{line.name}")
            if relation is not None:
                pairs = sorted({tuple(sorted(p)) for p in relation.pairs})
                rows.append(f"- {line.en}: {', '.join(f'{p}-{q}' for p, q in pairs)}")
    elif word.plots:
        for mark in board.landmarks:
            region = board.regions.get(f"{word.key}:{mark.name}")
            if region is not None:
                rows.append(f"- {mark.en}: plots {', '.join(map(str, sorted(region.plots)))}")
    return rows + [""] if rows else []


def write_docs(folder: Path, board: Board) -> list[Path]:
    """Write the docs page and its pictures into `folder`; the files written."""
    from ...writing import write_file

    folder = Path(folder)
    (folder / PICTURES).mkdir(parents=True, exist_ok=True)
    written = [folder / "oldtown-relations.md"]
    kept = ""
    if written[0].exists():
        old = written[0].read_text(encoding="utf-8")
        kept = old.split(END, 1)[1].lstrip("\n") if END in old else ""
    write_file(written[0], markdown(board) + kept)
    for word in board.glossary:
        path = folder / PICTURES / f"{word.key}.svg"
        write_file(path, word_picture(board, word, numbers=True))
        written.append(path)
    return written


if __name__ == "__main__":
    from ..board import load_board

    if len(sys.argv) != 2:
        sys.exit("usage: python -m clicktown.oldtown.render.glossary DIR")
    for written in write_docs(Path(sys.argv[1]), load_board()):
        print(written)
