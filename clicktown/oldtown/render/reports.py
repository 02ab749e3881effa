"""The solo commands' reports as terminal text in any language: `verify`'s table, its notes and
footer, `grade`'s table and calibration line (the words from the catalogs' `oldtown.verify.*`,
`oldtown.grade.*`, `oldtown.outcome.*` and `oldtown.technique.*`).

The machine words stay as they are in `--json` (a verdict "unique", a technique "case-split"); the
levels "leicht", "mittel", "schwer" are the rulebook's notation (and `generate --level`'s values) in
both languages.
"""

from __future__ import annotations

from ...messages import decimal, say
from ...output import table
from ..catalogue import LEVELS

#: The columns of `oldtown verify`'s table; the last two only when a rulebook scenario is verified.
VERIFY_COLUMNS = ("scenario", "level", "solutions", "published", "verdict")
RULEBOOK_COLUMNS = ("implies", "agrees")
#: The columns of `oldtown grade`'s table.
GRADE_COLUMNS = ("scenario", "printed", "measured", "steps", "solutions", "techniques")


def outcome(lang: str, word: str) -> str:
    """A verdict or unfinished grade ('unique', 'needs search') in `lang`; a level as it is."""
    return word if word in LEVELS else say(lang, "oldtown.outcome." + word.replace(" ", "_"))


def yes_no(lang: str, answer: bool) -> str:
    return say(lang, "oldtown.verify.yes" if answer else "oldtown.verify.no")


def verify_table(results, expected: list[str], rulebook: bool, capped: int, lang: str) -> str:
    """`oldtown verify`'s table: one row per verdict (`expected`: each one's expectation in words)."""
    rows = []
    for r, expect in zip(results, expected):
        agrees = [expect, say(lang, "oldtown.verify.ok" if r.ok else "oldtown.verify.not_ok")] if rulebook else []
        rows.append([r.id, r.level, f"{len(r.solutions)}{'+' if len(r.solutions) >= capped else ''}",
                     yes_no(lang, r.matches_published), outcome(lang, r.verdict), *agrees,
                     say(lang, "oldtown.verify.seconds", seconds=decimal(lang, r.seconds, 2))])
    columns = VERIFY_COLUMNS + (RULEBOOK_COLUMNS if rulebook else ()) + ("time",)
    return table(rows, [say(lang, f"oldtown.verify.column.{c}") for c in columns])


def conflict_line(lang: str, ident: str, sentence: str) -> str:
    return say(lang, "oldtown.verify.conflict", id=ident, why=sentence)


def verify_footer(lang: str, own_files: bool, engine: str) -> str:
    """'Board and cards: ...; engine count.'"""
    source = say(lang, "oldtown.verify.own_files" if own_files else "oldtown.verify.reconstruction")
    return say(lang, "oldtown.verify.footer", source=source, engine=engine)


def techniques_words(lang: str, techniques) -> str:
    return ", ".join(say(lang, f"oldtown.technique.{t}") for t in techniques)


def grade_table(grades, lang: str) -> str:
    """`oldtown grade`'s table: printed and measured level, steps, solutions, techniques."""
    rows = [[g.id, g.printed or "-", outcome(lang, g.level), g.steps, g.solutions if g.solutions < 2 else "2+",
             techniques_words(lang, g.techniques)] for g in grades]
    return table(rows, [say(lang, f"oldtown.grade.column.{c}") for c in GRADE_COLUMNS])


def calibration_line(fit: dict, lang: str) -> str:
    """'8 of 8 land in their printed level; rank correlation +0.94'."""
    rho = fit["spearman"]
    told = say(lang, "oldtown.grade.no_correlation") if rho is None else \
        ("+" if rho >= 0 else "-") + decimal(lang, abs(rho), 2)
    return say(lang, "oldtown.grade.calibration", hits=fit["in_printed_level"], of=fit["of"], rho=told)
