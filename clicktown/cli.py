"""The `clicktown` command line: parse, call the engines, print.

No game logic lives here. Every command that prints results takes `--json` (results on stdout,
messages on stderr). Bad input of any kind ends in one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys

import click

from .errors import ClicktownError
from .output import emit_json, message, progress, table  # noqa: F401  (used by the game sections)


class ClicktownGroup(click.Group):
    """A click group whose errors are one line on stderr, exit code 2, never a traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            code = _fail(exc.format_message(), exc.ctx)
        except ClicktownError as exc:
            code = _fail(str(exc))
        except click.ClickException as exc:
            code = _fail(exc.format_message(), exit_code=exc.exit_code)
        except click.Abort:
            click.echo("Aborted.", err=True)
            code = 1
        except KeyboardInterrupt:
            code = 130
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _fail(text: str, ctx: click.Context | None = None, exit_code: int = 2) -> int:
    """Print a one-line error (naming the command when known) and return the exit code."""
    where = f"{ctx.command_path}: " if ctx is not None else "clicktown: "
    click.echo(where + "error: " + " ".join(text.split()), err=True)
    return exit_code


json_option = click.option("--json", "as_json", is_flag=True, help="Print the results as JSON on stdout.")
seed_option = click.option("--seed", type=int, default=0, show_default=True, help="Random seed; the same seed gives the same results.")


@click.group(cls=ClicktownGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="clicktown")
def cli():
    """Solve, check, grade and generate puzzles for Old Town, Wild Wild Pattern and Sequence."""


def main():
    """Console-script entry point."""
    cli.main(prog_name="clicktown")


# --------------------------------------------------------------------------------------------
# Old Town
# --------------------------------------------------------------------------------------------

@cli.group()
def oldtown():
    """Old Town (Stephan Riedel): solo scenarios, verification, generation.

    The board plan and the 60 info cards are a reconstruction from the rulebook's
    evidence (the printed ones are not public); pass --board and --cards to use your own.
    """


from .oldtown.solve import verify as ot_verify  # noqa: E402  (imports of this section)
from .oldtown.render import text as ot_text  # noqa: E402
from .oldtown.catalogue import Catalogue, load_catalogue, load_scenarios  # noqa: E402


def oldtown_data(fn):
    """The options every Old Town command takes to replace the built-in data with a user's files."""
    fn = click.option("--scenarios", "scenarios_file", type=click.Path(dir_okay=False),
                      help="Scenario file (JSON) in place of the rulebook's.")(fn)
    fn = click.option("--cards", "cards_file", type=click.Path(dir_okay=False),
                      help="Card catalogue (JSON) in place of the reconstructed one.")(fn)
    fn = click.option("--board", "board_file", type=click.Path(dir_okay=False),
                      help="Board plan (JSON) in place of the reconstructed one.")(fn)
    return fn


def backend_option(fn):
    return click.option("--backend", type=click.Choice(sorted(ot_verify.BACKENDS)), default="cpsat",
                        show_default=True, help="Solver: CP-SAT, or python-constraint2 as a cross-check.")(fn)


def _catalogue(board_file, cards_file, scenarios_file) -> Catalogue:
    return load_catalogue(board=board_file, cards=cards_file, scenarios=scenarios_file)


def _scenarios_named(catalogue: Catalogue, target: str):
    """Scenarios for an ID or a scenario file (every scenario in the file)."""
    from pathlib import Path

    if Path(target).is_file():
        found = list(load_scenarios(target).values())
        for s in found:
            catalogue.check_scenario(s)
        return found
    return [catalogue.scenario(target)]


@oldtown.command("verify")
@click.argument("ids", nargs=-1)
@backend_option
@oldtown_data
@json_option
@click.pass_context
def oldtown_verify(ctx, ids, backend, board_file, cards_file, scenarios_file, as_json):
    """Check the solo scenarios: is each published solution the only one?

    Prints scenario, level, number of solutions (capped at 10), whether the published
    solution is among them, the verdict, what the rulebook leads one to expect, and time.
    Exits 0 when every scenario shows what the rulebook implies, 1 otherwise.
    """
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    chosen = [s for i in ids for s in _scenarios_named(catalogue, i)] if ids else list(catalogue.scenarios.values())
    results = [ot_verify.verify(catalogue, s, backend) for s in chosen]
    if as_json:
        emit_json([r.as_dict() for r in results])
    else:
        rows = [[r.id, r.level, f"{len(r.solutions)}{'+' if len(r.solutions) >= ot_verify.LIMIT else ''}",
                 "yes" if r.matches_published else "no", r.verdict, r.expected,
                 "ok" if r.ok else "NOT OK", f"{r.seconds:.2f}s"] for r in results]
        click.echo(table(rows, ["scenario", "level", "solutions", "published", "verdict", "rulebook implies",
                                "agrees", "time"]))
        message(f"Board and cards: {'your files' if board_file or cards_file else 'reconstruction (see docs/oldtown-reconstruction.md)'}; backend {backend}.")
    ctx.exit(0 if all(r.ok for r in results) else 1)


@oldtown.command("solve")
@click.argument("target", metavar="ID|FILE")
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="Stop after this many solutions.")
@backend_option
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False), help="Also draw the first solution as an SVG picture.")
@click.option("--png", "png_file", type=click.Path(dir_okay=False), help="Also draw it as a PNG picture (needs cairosvg).")
def oldtown_solve(target, limit, backend, board_file, cards_file, scenarios_file, as_json, svg_file, png_file):
    """Every solution of a scenario (up to --limit), as plans."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    out = []
    for s in _scenarios_named(catalogue, target):
        found = ot_verify.solver(backend)(catalogue.puzzle(s), limit)
        out.append((s, found))
    save_picture(svg_file, png_file, lambda: ot_svg.solve_picture(catalogue, out))
    if as_json:
        data = [{"id": s.id, "solutions": [f.as_dict() for f in found]} for s, found in out]
        emit_json(data[0] if len(data) == 1 else data)
    else:
        click.echo("\n\n".join(ot_text.solutions_text(catalogue, s, found, limit) for s, found in out))


@oldtown.command("show")
@click.argument("target", metavar="ID|FILE", required=False)
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False), help="Also draw the plan as an SVG picture.")
@click.option("--png", "png_file", type=click.Path(dir_okay=False), help="Also draw it as a PNG picture (needs cairosvg).")
def oldtown_show(target, board_file, cards_file, scenarios_file, as_json, svg_file, png_file):
    """The board plan as text (streets, railway, doors), with a scenario's published town."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    scenarios = _scenarios_named(catalogue, target) if target else []
    save_picture(svg_file, png_file, lambda: ot_svg.show_picture(catalogue, scenarios))
    if as_json:
        board = catalogue.board
        emit_json({
            "board": {"note": board.note,
                      "lines": [{"name": ln.name, "kind": ln.kind, "orientation": ln.orientation,
                                 "between": list(ln.between), "span": list(ln.span)} for ln in board.lines],
                      "landmarks": [{"name": m.name, "borders": [list(b) for b in m.borders]} for m in board.landmarks],
                      "entrances": {str(p): s for p, s in board.entrances.items()}},
            "scenarios": [s.as_dict() for s in scenarios],
        })
        return
    if not scenarios:
        click.echo(ot_text.plan(catalogue.board))
    for s in scenarios:
        click.echo(f"Scenario {s.id} ({s.level}), published solution:")
        click.echo(ot_text.plan(catalogue.board, s.published, s.mine or ()))


@oldtown.command("cards")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True)
@oldtown_data
@json_option
def oldtown_cards(lang, board_file, cards_file, scenarios_file, as_json):
    """The 60 info cards (a reconstruction) with the plots or pairs each allows."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    cards = [catalogue.cards[n] for n in sorted(catalogue.cards)]
    if as_json:
        emit_json([c.as_dict() for c in cards])
    else:
        click.echo("\n".join(ot_text.card_line(c, lang) for c in cards))


@oldtown.command("scenarios")
@oldtown_data
@json_option
def oldtown_scenarios(board_file, cards_file, scenarios_file, as_json):
    """The solo scenarios: card numbers by type, B bindings, my buildings."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    scenarios = list(catalogue.scenarios.values())
    if as_json:
        emit_json([s.as_dict() for s in scenarios])
    else:
        rows = [ot_text.scenario_row(s) for s in scenarios]
        click.echo(table(rows, ["scenario", "level", "type A", "type B", "type C", "my buildings"]))


# -- Old Town pictures (issue 6)

from .svgkit import save_picture, write_file  # noqa: E402  (pictures of all three games, issue 6)
from .oldtown.render import sheet as ot_sheet, svg as ot_svg  # noqa: E402
from .patterns import svg as wwp_svg  # noqa: E402
from .sequence import svg as seq_svg  # noqa: E402


@oldtown.command("sheet")
@click.argument("target", metavar="ID|FILE")
@click.option("--out", "out_file", required=True, type=click.Path(dir_okay=False), help="The HTML file to write.")
@oldtown_data
@json_option
def oldtown_sheet(target, out_file, board_file, cards_file, scenarios_file, as_json):
    """A printable puzzle sheet (HTML, works offline): plan, cards, candidate grid, and the solution on its own page."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    items = [ot_sheet.solve_for_sheet(catalogue, s) for s in _scenarios_named(catalogue, target)]
    write_file(out_file, ot_sheet.sheet_html(catalogue, items))
    summary = ot_sheet.summary(out_file, items)
    emit_json(summary) if as_json else message(f"wrote {out_file}: scenario(s) {', '.join(i.scenario.id for i in items)}")


# -- Old Town generation, grading, explanation (issue 4)

from .oldtown.puzzles import explain as ot_explain  # noqa: E402
from .oldtown.puzzles import generate as ot_generate  # noqa: E402
from .oldtown.puzzles import grade as ot_grade  # noqa: E402
from .oldtown.catalogue import LEVELS as OT_LEVELS  # noqa: E402

lang_option = click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
                           help="Language of the sentences.")


@oldtown.command("explain")
@click.argument("target", metavar="ID|FILE")
@lang_option
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False), help="Also draw each step: FILE-01.svg, FILE-02.svg, ...")
@click.option("--png", "png_file", type=click.Path(dir_okay=False), help="The same as PNG pictures (needs cairosvg).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), help="Also write one HTML page that steps through the pictures.")
def oldtown_explain(target, lang, board_file, cards_file, scenarios_file, as_json, svg_file, png_file, html_file):
    """The deductions that solve a scenario, step by step, in plain words."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    found = [ot_explain.explain(catalogue, s, lang) for s in _scenarios_named(catalogue, target)]
    ot_sheet.save_explained(catalogue, [e.as_dict() for e in found], svg_file, png_file, html_file)
    if as_json:
        data = [e.as_dict() for e in found]
        emit_json(data[0] if len(data) == 1 else data)
        return
    for e in found:
        click.echo(f"Scenario {e.id}:\n{e.text()}\n")
        solution = e.deduction.solution()
        if solution is not None:
            click.echo(ot_text.plan(catalogue.board, solution.placement, solution.mine) + "\n")


@oldtown.command("grade")
@click.argument("target", metavar="ID|FILE", required=False)
@click.option("--calibrate", is_flag=True, help="Also report how the grades match the printed levels (default with no ID).")
@oldtown_data
@json_option
def oldtown_grade(target, calibrate, board_file, cards_file, scenarios_file, as_json):
    """Difficulty and the techniques used (every built-in scenario when no ID|FILE is given)."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    chosen = _scenarios_named(catalogue, target) if target else list(catalogue.scenarios.values())
    grades = [ot_grade.grade_scenario(catalogue, s) for s in chosen]
    calibrate = calibrate or not target
    fit = ot_grade.calibration(grades) if calibrate else None
    if as_json:
        data = [g.as_dict() for g in grades]
        emit_json({"grades": data, "calibration": fit} if calibrate else data[0] if len(data) == 1 else data)
        return
    rows = [[g.id, g.printed or "-", g.level, g.steps, g.solutions if g.solutions < 2 else "2+",
             ", ".join(g.techniques)] for g in grades]
    click.echo(table(rows, ["scenario", "printed", "measured", "steps", "solutions", "techniques"]))
    if fit is not None:
        rho = "n/a" if fit["spearman"] is None else f"{fit['spearman']:+.2f}"
        click.echo(f"{fit['in_printed_level']} of {fit['of']} land in their printed level; rank correlation {rho}")


@oldtown.command("generate")
@click.option("--level", type=click.Choice(OT_LEVELS), default="leicht", show_default=True)
@click.option("--count", "how_many", type=click.IntRange(1, 1000), default=1, show_default=True, help="How many scenarios.")
@seed_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False), help="Also write each scenario to DIR/<id>.json.")
@click.option("--solutions", is_flag=True, help="Also print the solutions (after all scenarios).")
@lang_option
@oldtown_data
@json_option
def oldtown_generate(level, how_many, seed, out_dir, solutions, lang, board_file, cards_file, scenarios_file, as_json):
    """New solo scenarios at a level, each with exactly one solution (re-checked by CP-SAT)."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    made = ot_generate.generate_scenarios(catalogue, level, how_many, seed)
    if how_many > 1:
        with progress(made, length=how_many, label=f"generating {level}") as bar:
            found = list(bar)
    else:
        found = list(made)
    if out_dir:
        for path in ot_generate.write_scenarios(found, out_dir):
            message(f"wrote {path}")
    if as_json:
        emit_json([g.as_dict() for g in found])
        return
    for g in found:
        click.echo(table([ot_text.scenario_row(g.scenario)], ["scenario", "level", "type A", "type B", "type C", "my buildings"]))
        click.echo("\n".join(ot_explain.card_sentences(catalogue, g.scenario, lang)))
        click.echo(f"grade: {g.grade.level}, {g.grade.steps} steps, techniques: {', '.join(g.grade.techniques)}\n")
    if solutions:
        for g in found:
            click.echo(f"Solution of {g.scenario.id} (my buildings: {', '.join(sorted(g.solution.mine))})")
            click.echo(ot_text.plan(catalogue.board, g.solution.placement, g.solution.mine) + "\n")


# --------------------------------------------------------------------------------------------
# Wild Wild Pattern
# --------------------------------------------------------------------------------------------

@cli.group()
def patterns():
    """Wild Wild Pattern (Kaleidos Games): patterns on the wheel of 8 cards.

    A wheel is 8 cards in clockwise order separated by commas, positions 0-7; a card is
    color-object-suit, e.g. blue-gun-bullets (German, French, Italian names work too).
    The built-in deck is an assumption (the printed one is not public); pass --deck FILE.
    """


from .patterns import engine as wwp, model as wwp_model, report as wwp_report  # noqa: E402
from .patterns.cards import load_deck as wwp_deck, parse_card as wwp_card, parse_wheel as wwp_wheel  # noqa: E402
from .patterns.declare import parse_declaration as wwp_declaration  # noqa: E402
from .patterns.stats import summarize as wwp_summarize, trials as wwp_trials  # noqa: E402


def wwp_options(command):
    """The rules options and --deck / --json shared by every patterns command."""
    options = [
        json_option,
        click.option("--deck", "deck_file", metavar="FILE", help="Your own deck file (JSON, like the built-in one)."),
        click.option("--after", type=click.Choice(["clockwise", "counterclockwise"]), default="clockwise",
                     show_default=True, help='Which way "after" goes (counterclockwise = the German text).'),
        click.option("--min-occurrences", type=int, default=2, show_default=True,
                     help="How many trigger cards a pattern needs (1 = the literal reading)."),
        click.option("--lenient", is_flag=True, help="A created pattern need not involve the played card."),
        click.option("--extend", is_flag=True, help="Adding an occurrence to a pattern already there also creates it."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def wwp_setup(deck_file, after, min_occurrences, lenient, extend):
    """The deck and the rules the options ask for."""
    return wwp_deck(deck_file), wwp.Rules(after, min_occurrences, lenient, extend)


@patterns.command("list")
@click.argument("wheel")
@wwp_options
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False), help="Also draw the wheel as an SVG picture.")
@click.option("--png", "png_file", type=click.Path(dir_okay=False), help="Also draw it as a PNG picture (needs cairosvg).")
@click.option("--pattern", "pattern_number", type=click.IntRange(1), default=1, show_default=True,
              help="Which listed pattern the picture highlights (1 = the first).")
def patterns_list(wheel, as_json, deck_file, after, min_occurrences, lenient, extend, svg_file, png_file, pattern_number):
    """Every valid pattern on WHEEL."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w = wwp_wheel(wheel, deck)
    found = wwp.valid_patterns(w, rules)
    save_picture(svg_file, png_file, lambda: wwp_svg.list_picture(w, found, pattern_number))
    emit_json(wwp_report.list_json(w, found)) if as_json else click.echo(wwp_report.list_text(w, found))


@patterns.command("moves")
@click.argument("wheel")
@click.argument("card")
@wwp_options
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False), help="Also draw the wheel after the best move as an SVG picture.")
@click.option("--png", "png_file", type=click.Path(dir_okay=False), help="Also draw it as a PNG picture (needs cairosvg).")
def patterns_moves(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend, svg_file, png_file):
    """For each position, the patterns that covering it with CARD creates, and the best move."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck), wwp_card(card, deck)
    deck.check([x for x in w.cards] + [c])
    found = wwp.moves(w, c, rules)
    save_picture(svg_file, png_file, lambda: wwp_svg.moves_picture(w, c, found))
    emit_json(wwp_report.moves_json(w, c, found)) if as_json else click.echo(wwp_report.moves_text(w, c, found))


@patterns.command("check")
@click.argument("wheel")
@click.argument("sentence")
@click.option("--played", type=int, metavar="POS", help="The position the card was played on (0-7); WHEEL is then the wheel before the move.")
@click.option("--card", "played_card", metavar="CARD", help="The card played (with --played).")
@wwp_options
def patterns_check(wheel, sentence, played, played_card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Judge a declaration SENTENCE on WHEEL (or on the move --played POS --card CARD)."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    if (played is None) != (played_card is None):
        raise click.UsageError("--played and --card go together")
    w = wwp_wheel(wheel, deck)
    move = None
    if played is not None:
        move = (played, wwp_card(played_card, deck))
        deck.check(list(w.cards) + [move[1]])
    verdict = wwp.judge(w, wwp_declaration(sentence), rules, move)
    emit_json(verdict.to_json()) if as_json else click.echo(wwp_report.verdict_text(verdict))


@patterns.command("click")
@click.argument("wheel")
@click.argument("card")
@wwp_options
def patterns_click(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Click!: can anyone create a pattern with the clicked CARD on WHEEL?"""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck), wwp_card(card, deck)
    deck.check(list(w.cards) + [c])
    found = wwp.moves(w, c, rules)
    emit_json(wwp_report.click_json(w, c, found)) if as_json else click.echo(wwp_report.click_text(w, c, found))


@patterns.command("puzzle")
@seed_option
@click.option("--solution", is_flag=True, help="Also print the solution (the JSON always holds it).")
@wwp_options
def patterns_puzzle(seed, solution, as_json, deck_file, after, min_occurrences, lenient, extend):
    """A training puzzle: a wheel and a drawn card with exactly one pattern-creating move (CP-SAT)."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    puzzle = wwp_model.generate_puzzle(deck, seed, rules)
    emit_json(puzzle.to_json()) if as_json else click.echo(wwp_report.puzzle_text(puzzle, solution))


@patterns.command("wild")
@click.argument("wheel")
@click.argument("card")
@wwp_options
def patterns_wild(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Fill the gaps (_) of WHEEL from the deck so that CARD can create a Wild Wild Pattern (CP-SAT)."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck, gaps=True), wwp_card(card, deck)
    found = wwp_model.complete_wild(w, c, deck, rules)
    emit_json(found.to_json()) if as_json else click.echo(wwp_report.wild_text(found))


@patterns.command("stats")
@click.option("--wheels", type=int, default=10000, show_default=True, help="How many random wheels to deal.")
@seed_option
@wwp_options
def patterns_stats(wheels, seed, as_json, deck_file, after, min_occurrences, lenient, extend):
    """How often a random wheel holds a Wild Wild Pattern, and a drawn card has no move (95% intervals)."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    with progress(wwp_trials(deck, wheels, seed, rules), length=wheels, label="dealing wheels") as bar:
        rates = wwp_summarize(bar)
    emit_json(wwp_report.stats_json(rates, seed)) if as_json else click.echo(wwp_report.stats_text(rates, seed))


# --------------------------------------------------------------------------------------------
# Sequence and Sequence Numbers
# --------------------------------------------------------------------------------------------

from .sequence import game as seq_game  # noqa: E402  (local imports of this section)
from .sequence import moves as seq_moves  # noqa: E402
from .sequence import puzzle as seq_puzzle  # noqa: E402
from .sequence import render as seq_render  # noqa: E402
from .sequence import rules as seq_rules  # noqa: E402
from .datafiles import read_text as seq_read_text  # noqa: E402
from .sequence.position import parse_position  # noqa: E402
from .sequence.sequences import count_sequences  # noqa: E402
from .sequence.solve import solve as seq_solve  # noqa: E402


@cli.group()
def sequence():
    """Sequence and Sequence Numbers (Jax): board analysis and "win in N" puzzles."""


_position_arg = click.argument("position_file", metavar="POSITION")


def _seq_data(fn):
    """The options choosing the game and its data files."""
    fn = click.option("--deck", "deck_file", type=click.Path(dir_okay=False), help="Your own deck file (JSON).")(fn)
    fn = click.option("--board", "board_file", type=click.Path(dir_okay=False), help="Your own board file.")(fn)
    return click.option("--game", type=click.Choice(["sequence", "numbers"]), default="sequence", show_default=True,
                        help="Sequence or Sequence Numbers (board and deck).")(fn)


def _seq_table(fn):
    """The options saying who moves and how many play."""
    fn = click.option("--players", type=int, help="Players at the table (Sequence Numbers: 4-6 need two sequences).")(fn)
    fn = click.option("--teams", type=int, help="Number of teams, 2 or 3 (default: 3 if C has chips, else 2).")(fn)
    fn = click.option("--hand", required=True, help="The cards in hand, e.g. '7h,jd,as'.")(fn)
    return click.option("--team", type=click.Choice(["A", "B", "C"]), default="A", show_default=True, help="The team to move.")(fn)


def _read_position(source: str):
    """The position in a file, or on standard input for '-'."""
    text = sys.stdin.read() if source == "-" else seq_read_text(source)
    return parse_position(text)


@sequence.command("show")
@_position_arg
@_seq_data
@json_option
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False), help="Also draw the board as an SVG picture.")
@click.option("--png", "png_file", type=click.Path(dir_okay=False), help="Also draw it as a PNG picture (needs cairosvg).")
def sequence_show(position_file, game, board_file, deck_file, as_json, svg_file, png_file):
    """Show POSITION on the board.

    Empty cells show their label, chips show as [A] (locked: [a]); then each team's chips and sequences.
    """
    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    count = count_sequences(position)
    save_picture(svg_file, png_file, lambda: seq_svg.board_picture(data, position, count))
    if as_json:
        emit_json({"game": game, "position": position.rows(), "labels": data.board.rows(), **count.as_dict(),
                   "chips": {t: len(position.chips(t)) for t in position.teams()}})
        return
    click.echo(seq_render.board_view(data, position))
    click.echo(", ".join(f"{t}: {len(position.chips(t))} chips, {n} sequence(s)" for t, n in count.sequences.items()))


@sequence.command("count")
@_position_arg
@json_option
def sequence_count(position_file, as_json):
    """Count each team's sequences in POSITION.

    Where long or crossing lines allow several readings, the count is the largest; two sequences
    of a team share at most one cell. Rows and columns are numbered 0-9 from the top left.
    """
    count = count_sequences(_read_position(position_file))
    emit_json(count.as_dict()) if as_json else click.echo(seq_render.count_view(count))


@sequence.command("moves")
@_position_arg
@_seq_table
@_seq_data
@json_option
def sequence_moves(position_file, team, hand, teams, players, game, board_file, deck_file, as_json):
    """Legal moves of a hand in POSITION.

    For each card: the free cells it names, any free cell (wild), the opponent chips it may
    remove (remove), or that it is dead (both cells taken).
    """
    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    cards = seq_game.parse_hand(hand, data.deck)
    _, needed = seq_rules.table_for(game, position.teams(), team, teams, players)
    moves = seq_moves.legal_moves(data, position, team, cards)
    have = count_sequences(position).sequences.get(team, 0)
    if as_json:
        emit_json({"team": team, "sequences": have, "sequences_needed": needed, "moves": [m.as_dict() for m in moves]})
        return
    click.echo(f"team {team}: {have} of {needed} sequence(s) needed")
    click.echo(seq_render.moves_view(moves))


@sequence.command("solve")
@_position_arg
@_seq_table
@click.option("--turns", type=int, required=True, help="Win within this many of the team's own turns.")
@click.option("--method", type=click.Choice(["cp-sat", "search"]), default="cp-sat", show_default=True)
@_seq_data
@json_option
def sequence_solve(position_file, team, hand, teams, players, turns, method, game, board_file, deck_file, as_json):
    """Win in N: a shortest winning line, or proof of none.

    Can the team complete the sequences it needs within --turns of its own turns using only the
    hand, while opponents pass and nobody draws?
    """
    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    cards = seq_game.parse_hand(hand, data.deck)
    _, needed = seq_rules.table_for(game, position.teams(), team, teams, players)
    solution = seq_solve(data, position, team, cards, turns, needed, method)
    emit_json({"team": team, **solution.as_dict()}) if as_json else click.echo(seq_render.solution_view(solution, team, turns))


@sequence.command("puzzle")
@_seq_data
@seed_option
@click.option("--turns", type=int, default=2, show_default=True, help="Win in this many turns.")
@click.option("--any-first-move", is_flag=True, help="Drop the unique-first-move demand (allows --turns 3 and more).")
@click.option("--answer", is_flag=True, help="Also print the answer (as comment lines).")
@json_option
def sequence_puzzle(game, board_file, deck_file, seed, turns, any_first_move, answer, as_json):
    """Generate a win-in-N puzzle with one winning first move.

    Prints a POSITION file whose comment lines give the team, the hand and N (team A to move,
    two teams). Exactly one first move wins; that exists for --turns 1 and 2 only, so larger N
    need --any-first-move.
    """
    data = seq_game.load_game(game, board_file, deck_file)
    with progress(range(5000), label="generating") as tries:
        puzzle = seq_puzzle.generate_puzzle(data, seed, turns, not any_first_move, tries)
    if as_json:
        emit_json(puzzle.as_dict())
        return
    click.echo(puzzle.text(), nl=False)
    if answer:
        click.echo("\n".join(f"# answer {n}: {m.describe()}" for n, m in enumerate(puzzle.solution.line, 1)))


if __name__ == "__main__":  # pragma: no cover
    main()
