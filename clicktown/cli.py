"""The `clicktown` command line: parse, call the engines, print.

No game logic lives here. Every command that prints results takes `--json` (results on stdout,
messages on stderr). Exit codes: 0 success or a positive verdict, 1 a negative verdict, 2 bad input
or usage (one line on stderr, never a traceback), 3 an internal error (a bug: one line naming it).

Start-up stays light: nothing heavy (OR-Tools, networkx, python-constraint, pydantic, the game
engines) is imported when this module loads. Each section names the modules it calls with
`later("clicktown....")`, which imports a module on its first use inside a command.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .errors import ClicktownError
from .output import emit_json, message, progress, table  # noqa: F401  (used by the game sections)


class ClicktownGroup(click.Group):
    """A click group whose errors are one line on stderr, never a traceback.

    Exit codes: 2 bad input or usage, 3 an internal error (a bug), 130 interrupted; the commands
    themselves return 0 or, for a negative verdict, 1.
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            code = _fail(exc.format_message(), exc.ctx)
        except ClicktownError as exc:
            code = _fail(str(exc))
        except click.ClickException as exc:
            code = _fail(exc.format_message(), exit_code=exc.exit_code)
        except click.Abort as exc:  # click raises it for Ctrl-C and for the end of standard input
            ended = isinstance(exc.__cause__ or exc.__context__, EOFError)
            code = _fail("standard input ended before the command was done") if ended else _interrupted()
        except KeyboardInterrupt:
            code = _interrupted()
        except BrokenPipeError:
            code = _quiet_pipe()
        except Exception as exc:  # a bug: still one line, never a traceback, with its own exit code
            if os.environ.get("CLICKTOWN_DEBUG"):
                raise
            code = _fail(f"internal error ({exc.__class__.__name__}: {exc}); this is a bug in clicktown, "
                         f"CLICKTOWN_DEBUG=1 shows where", exit_code=3)
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _fail(text: str, ctx: click.Context | None = None, exit_code: int = 2) -> int:
    """Print a one-line error (naming the command when known) and return the exit code."""
    where = f"{ctx.command_path}: " if ctx is not None else "clicktown: "
    text = " ".join(str(text).split())
    click.echo(where + "error: " + (text if len(text) <= 400 else text[:397] + "..."), err=True)
    return exit_code


def _interrupted() -> int:
    """Ctrl-C: one line, the shell's code for an interrupt."""
    click.echo("clicktown: interrupted", err=True)
    return 130


def _quiet_pipe() -> int:
    """The reader of our output went away (`clicktown ... | head`): stop quietly."""
    try:  # what is still buffered goes nowhere, so the interpreter's exit does not complain either
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 1


# -- shared options and parameter types ------------------------------------------------------

class InputFile(click.Path):
    """A data file to read: not empty, not a directory (existence and size are checked on reading)."""

    name = "file"

    def __init__(self, stdin: bool = False):
        super().__init__(dir_okay=False, allow_dash=stdin)

    def convert(self, value, param, ctx):
        usable_name(value, param, ctx, self)
        return super().convert(value, param, ctx)


class OutputFile(click.Path):
    """A file to write: not empty, not a directory, in a directory that exists and is writable.

    Checked while the options are parsed, so a bad path fails before any work starts.
    """

    name = "file"

    def __init__(self):
        super().__init__(dir_okay=False)

    def convert(self, value, param, ctx):
        usable_name(value, param, ctx, self)
        if value == "-":
            self.fail("'-' is not a file name here: results go to standard output, so name a file", param, ctx)
        value = super().convert(value, param, ctx)
        writable(value, param, ctx, self)
        return value


class OutputDir(click.Path):
    """A directory to write into: not empty; an existing writable directory or one that can be made."""

    name = "directory"

    def __init__(self):
        super().__init__(file_okay=False)

    def convert(self, value, param, ctx):
        usable_name(value, param, ctx, self)
        value = super().convert(value, param, ctx)
        if os.path.isdir(value):
            if not os.access(value, os.W_OK | os.X_OK):
                self.fail(f"cannot write into {value!r}", param, ctx)
        else:
            writable(value, param, ctx, self)
        return value


def usable_name(value, param, ctx, kind: click.ParamType) -> None:
    """Fail (usage error) for a file name that is empty or that no file system takes."""
    if isinstance(value, str) and not value.strip():
        kind.fail("empty file name", param, ctx)
    if isinstance(value, str) and "\x00" in value:
        kind.fail("a file name cannot hold a NUL character", param, ctx)


def writable(path: str, param, ctx, kind: click.ParamType) -> None:
    """Fail (usage error) unless `path` could be created or overwritten."""
    if os.path.isdir(path):
        kind.fail(f"{path!r} is a directory", param, ctx)
    if os.path.exists(path) and not os.access(path, os.W_OK):
        kind.fail(f"{path!r} is not writable", param, ctx)
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        kind.fail(f"the directory of {path!r} does not exist", param, ctx)
    if not os.access(parent, os.W_OK | os.X_OK):
        kind.fail(f"cannot write into the directory of {path!r}", param, ctx)


class LaterChoice(click.Choice):
    """A Choice whose words are a module's constant, read on first use (not at start-up)."""

    def __init__(self, module: str, attribute: str):
        self._source = (module, attribute)
        super().__init__((), case_sensitive=True)

    @property
    def choices(self):
        module, attribute = self._source
        return tuple(sorted(getattr(importlib.import_module(module), attribute)))

    @choices.setter
    def choices(self, value):
        """Click sets the choices in __init__; they come from the module instead."""


class later:
    """A module imported on first use: `ot_verify = later("clicktown.oldtown.solve.verify")`.

    With `name`, a function of that module: `load_deck = later("clicktown.patterns.cards", "load_deck")`.
    """

    def __init__(self, module: str, name: str | None = None):
        self._module, self._name = module, name

    def _load(self):
        module = importlib.import_module(self._module)
        return module if self._name is None else getattr(module, self._name)

    def __getattr__(self, attribute):
        return getattr(self._load(), attribute)

    def __call__(self, *args, **kwargs):
        return self._load()(*args, **kwargs)


json_option = click.option("--json", "as_json", is_flag=True, help="Print the results as JSON on stdout.")
seed_option = click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True,
                           help="Random seed, 0 to 2**32-1; the same seed gives the same results.")


def played(records, games: int, trace_file: str | None):
    """Simulated games' records as they end (with a progress bar), each game's events written to the trace.

    The events of a written game are dropped from its record, so a long run holds only the summaries.
    """
    from .arena.trace import write_events

    stream = open(trace_file, "w", encoding="utf-8") if trace_file else None
    try:
        with progress(records, length=games, label="playing") as bar:
            for record in bar:
                if stream:
                    write_events(stream, record.events)
                    record.events = []
                yield record
    finally:
        if stream:
            stream.close()


def write_trace(trace_file: str | None, events: list[dict]) -> None:
    """Write one game's events to the trace file as JSON Lines (nothing when no file was named)."""
    if trace_file:
        from .arena.trace import write_events

        with open(trace_file, "w", encoding="utf-8") as stream:
            write_events(stream, events)


def input_file(*names: str, stdin: bool = False, **kw):
    """An option or argument naming a data file to read (see InputFile)."""
    return click.option(*names, type=InputFile(stdin), **kw)


def output_file(*names: str, **kw):
    """An option naming a file to write, checked writable before work starts (see OutputFile)."""
    return click.option(*names, type=OutputFile(), **kw)


def _file_cap(ctx, param, value):
    """Set the readers' size cap when --max-file-mb is given (the default cap lives in datafiles)."""
    if ctx.get_parameter_source(param.name) is not click.core.ParameterSource.DEFAULT:
        from . import datafiles

        datafiles.limits.max_bytes = value * 1024 * 1024
    return value


@click.group(cls=ClicktownGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="clicktown")
@click.option("--max-file-mb", type=click.IntRange(1, 4096), default=20, show_default=True, expose_value=False,
              callback=_file_cap, is_eager=True, help="Refuse data files larger than this many megabytes.")
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


ot_verify = later("clicktown.oldtown.solve.verify")  # the modules this section calls, imported on use
ot_text = later("clicktown.oldtown.render.text")
ot_catalogue = later("clicktown.oldtown.catalogue")
ot_transcribe = later("clicktown.oldtown.transcribe")


def oldtown_data(fn):
    """The options every Old Town command takes to replace the built-in data with a user's files."""
    fn = input_file("--scenarios", "scenarios_file", help="Scenario file (JSON) in place of the rulebook's.")(fn)
    fn = input_file("--cards", "cards_file", help="Card catalogue (JSON), or a filled transcription sheet (.csv, "
                                                  "see `oldtown cards template`), in place of the reconstructed one.")(fn)
    fn = input_file("--board", "board_file", help="Board plan (JSON) in place of the reconstructed one.")(fn)
    return fn


def engine_option(fn):
    return click.option("--engine", "--backend", "engine", type=LaterChoice("clicktown.oldtown.solve.verify", "ENGINES"),
                        default=lambda: ot_verify.DEFAULT_ENGINE, show_default="the fast exact counter",
                        help="Solver: the fast exact counter, CP-SAT, or python-constraint2 (--backend is an alias).")(fn)


def _catalogue(board_file, cards_file, scenarios_file):
    """The Old Town catalogue: built-in data, or the user's files in its place (cards: JSON or a .csv sheet)."""
    if cards_file and ot_transcribe.is_sheet(cards_file):
        return ot_transcribe.sheet_catalogue(cards_file, board=board_file, scenarios=scenarios_file)
    return ot_catalogue.load_catalogue(board=board_file, cards=cards_file, scenarios=scenarios_file)


def _scenarios_named(catalogue, target: str):
    """Scenarios for an ID or a scenario file (every scenario in the file)."""
    if not target.strip():
        raise click.UsageError("empty scenario id or file name")
    if target in catalogue.scenarios:
        return [catalogue.scenario(target)]
    if os.path.isfile(target):
        found = list(ot_catalogue.load_scenarios(target).values())
        for s in found:
            catalogue.check_scenario(s)
        return found
    return [catalogue.scenario(target)]


@oldtown.command("verify")
@click.argument("ids", nargs=-1)
@engine_option
@oldtown_data
@json_option
@click.pass_context
def oldtown_verify(ctx, ids, engine, board_file, cards_file, scenarios_file, as_json):
    """Check the solo scenarios: is each published solution the only one?

    Prints scenario, level, number of solutions (capped at 10), whether the published
    solution is among them, the verdict, what the rulebook leads one to expect, and time.
    Exits 0 when every scenario shows what the rulebook implies, 1 otherwise.
    """
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    chosen = [s for i in ids for s in _scenarios_named(catalogue, i)] if ids else list(catalogue.scenarios.values())
    results = [ot_verify.verify(catalogue, s, engine) for s in chosen]
    from .oldtown.solve import conflicts as ot_conflicts

    why = {s.id: ot_conflicts.explain_scenario(catalogue, s, bool(r.solutions), engine)
           for s, r in zip(chosen, results) if not r.solutions or not r.matches_published}
    if as_json:
        emit_json([{**r.as_dict(), **({"conflict": why[r.id].as_dict()} if why.get(r.id) else {})}
                   for r in results])
    else:
        rulebook = any(s.rulebook for s in chosen)
        rows = [[r.id, r.level, f"{len(r.solutions)}{'+' if len(r.solutions) >= ot_verify.LIMIT else ''}",
                 "yes" if r.matches_published else "no", r.verdict,
                 *([r.expected, "ok" if r.ok else "NOT OK"] if rulebook else []), f"{r.seconds:.2f}s"]
                for r in results]
        click.echo(table(rows, ["scenario", "level", "solutions", "published", "verdict",
                                *(["rulebook implies", "agrees"] if rulebook else []), "time"]))
        for ident, conflict in why.items():
            if conflict:
                click.echo(f"scenario {ident}: {conflict.sentence()}")
        message(f"Board and cards: {'your files' if board_file or cards_file else 'reconstruction (see docs/oldtown-reconstruction.md)'}; engine {engine}.")
    ctx.exit(0 if all(r.ok for r in results) else 1)


@oldtown.command("solve")
@click.argument("target", metavar="ID|FILE")
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="Stop after this many solutions.")
@engine_option
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the first solution as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
def oldtown_solve(target, limit, engine, board_file, cards_file, scenarios_file, as_json, svg_file, png_file):
    """Every solution of a scenario (up to --limit), as plans.

    With no solution, names a smallest set of cards that cannot all hold together, and exits 1.
    """
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    out = []
    for s in _scenarios_named(catalogue, target):
        found = ot_verify.solver(engine)(catalogue.puzzle(s), limit)
        out.append((s, found))
    save_picture(svg_file, png_file, lambda: ot_svg.solve_picture(catalogue, out))
    from .oldtown.solve import conflicts as ot_conflicts

    why = {s.id: ot_conflicts.minimal_core(catalogue.puzzle(s), engine) for s, found in out if not found}
    if as_json:
        data = [{"id": s.id, "solutions": [f.as_dict() for f in found],
                 **({"conflicting_cards": list(why[s.id])} if s.id in why else {})} for s, found in out]
        emit_json(data[0] if len(data) == 1 else data)
    else:
        click.echo("\n\n".join(ot_text.solutions_text(catalogue, s, found, limit, why.get(s.id)) for s, found in out))
    if why:
        raise SystemExit(1)


@oldtown.command("show")
@click.argument("target", metavar="ID|FILE", required=False)
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the plan as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
              help="Names of buildings, streets and landmarks in English or German.")
def oldtown_show(target, board_file, cards_file, scenarios_file, as_json, svg_file, png_file, lang):
    """The board plan as text (streets, railway, doors), with a scenario's published town."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    scenarios = _scenarios_named(catalogue, target) if target is not None else []
    names = {b: x.de for b, x in catalogue.buildings.items()} if lang == "de" else None
    save_picture(svg_file, png_file, lambda: ot_svg.show_picture(catalogue, scenarios, lang))
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
        click.echo(ot_text.plan(catalogue.board, lang=lang))
    for s in scenarios:
        click.echo(ot_text.published_heading(s, lang))
        click.echo(ot_text.plan(catalogue.board, s.published, s.mine or (), lang, names))


@oldtown.group("cards", invoke_without_command=True)
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True)
@oldtown_data
@json_option
@click.pass_context
def oldtown_cards(ctx, lang, board_file, cards_file, scenarios_file, as_json):
    """The 60 info cards (a reconstruction) with the plots or pairs each allows.

    `cards template` writes a sheet to transcribe the printed cards; `cards check FILE` holds a
    filled sheet against the rulebook's evidence. Every Old Town command takes it with --cards.
    """
    if ctx.invoked_subcommand is not None:
        return
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    cards = [catalogue.cards[n] for n in sorted(catalogue.cards)]
    if as_json:
        emit_json([c.as_dict() for c in cards])
    else:
        click.echo("\n".join(ot_text.card_line(c, lang) for c in cards))


@oldtown_cards.command("template")
@click.option("--out", "out_file", type=OutputFile(), help="Write the sheet to FILE (.csv) instead of standard output.")
@click.option("--filled", is_flag=True, help="Fill every row from the built-in reconstruction (or --cards) instead of leaving it blank.")
@oldtown_data
def oldtown_cards_template(out_file, filled, board_file, cards_file, scenarios_file):
    """A transcription sheet (CSV): one row per card, number, type, building, German and English
    text, the plots starred on the card's little plan (C cards: its pairs too)."""
    if not filled and (board_file or cards_file or scenarios_file):
        raise click.UsageError("--board, --cards and --scenarios are read only with --filled")
    catalogue = _catalogue(board_file, cards_file, scenarios_file) if filled else None
    text = ot_transcribe.sheet_text(ot_transcribe.template_rows(catalogue))
    if out_file:
        write_file(out_file, text)
        message(f"wrote {out_file}: 60 rows; fill them in and run `clicktown oldtown cards check {out_file}`")
    else:
        click.echo(text, nl=False)


@oldtown_cards.command("check")
@click.argument("sheet", type=InputFile())
@click.option("--board", "board_file", type=InputFile(), help="Board plan (JSON) in place of the reconstructed one.")
@click.option("--scenarios", "scenarios_file", type=InputFile(), help="Scenario file (JSON) in place of the rulebook's.")
@json_option
@click.pass_context
def oldtown_cards_check(ctx, sheet, board_file, scenarios_file, as_json):
    """Check a filled sheet against the rulebook's evidence and name the cards most likely mistyped.

    Exits 0 when the sheet agrees with every piece of evidence, 1 otherwise.
    """
    ot_transcribe.require_sheet_columns(sheet)
    report = ot_transcribe.check(ot_transcribe.sheet_catalogue(sheet, board=board_file, scenarios=scenarios_file))
    emit_json(report.as_dict()) if as_json else click.echo(ot_transcribe.report_text(report))
    ctx.exit(0 if report.clean else 1)


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
ot_sheet, ot_svg = later("clicktown.oldtown.render.sheet"), later("clicktown.oldtown.render.svg")
wwp_svg, seq_svg = later("clicktown.patterns.svg"), later("clicktown.sequence.svg")


@oldtown.command("sheet")
@click.argument("target", metavar="ID|FILE")
@click.option("--out", "out_file", required=True, type=OutputFile(), help="The HTML file to write.")
@click.option("--solutions", type=click.Choice(["none", "end", "separate"]), default="none", show_default=True,
              help="Leave the solutions out, put them at the end of the sheet, or in the file --solutions-out.")
@click.option("--solutions-out", "solutions_file", type=OutputFile(),
              help="The HTML file for the solutions (with --solutions separate).")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
              help="Language of the sheet: headings, sentences, names of buildings and streets.")
@oldtown_data
@json_option
def oldtown_sheet(target, out_file, solutions, solutions_file, lang, board_file, cards_file, scenarios_file, as_json):
    """A printable puzzle sheet (HTML, works offline): plan, cards, candidate grid, relation words; solutions only when asked for."""
    if (solutions == "separate") != (solutions_file is not None):
        raise click.UsageError("--solutions separate and --solutions-out FILE go together")
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    items = [ot_sheet.solve_for_sheet(catalogue, s) for s in _scenarios_named(catalogue, target)]
    write_file(out_file, ot_sheet.sheet_html(catalogue, items, solutions, lang))
    if solutions_file:
        write_file(solutions_file, ot_sheet.solutions_html(catalogue, items, lang))
    summary = ot_sheet.summary(out_file, items, solutions, solutions_file)
    also = f" and the solutions to {solutions_file}" if solutions_file else ""
    emit_json(summary) if as_json else message(f"wrote {out_file}{also}: scenario(s) {', '.join(i.scenario.id for i in items)}")


# -- Old Town generation, grading, explanation (issue 4)

ot_explain = later("clicktown.oldtown.puzzles.explain")
ot_generate = later("clicktown.oldtown.puzzles.generate")
ot_grade = later("clicktown.oldtown.puzzles.grade")

lang_option = click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
                           help="Language of the sentences.")


def _step_files(ctx, param, value):
    """A per-step file name must say where the step number goes, so only files the user named are written."""
    if value is not None and "{n}" not in value:
        raise click.BadParameter(f"{value!r} has no {{n}} for the step number (e.g. step-{{n}}.svg)", ctx, param)
    return value


@oldtown.command("explain")
@click.argument("target", metavar="ID|FILE")
@lang_option
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=OutputFile(), metavar="FILE", callback=_step_files,
              help="Also draw each step; {n} in FILE is the step number: step-{n}.svg gives step-01.svg, ...")
@click.option("--png", "png_file", type=OutputFile(), metavar="FILE", callback=_step_files, help="The same as PNG pictures, {n} in FILE as for --svg (needs cairosvg).")
@click.option("--html", "html_file", type=OutputFile(), help="Also write one HTML page that steps through the pictures.")
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
        click.echo(ot_explain.heading("scenario", lang, id=e.id) + f"\n{e.text()}\n")
        solution = e.deduction.solution()
        if solution is not None:
            names = {b: x.de for b, x in catalogue.buildings.items()} if lang == "de" else None
            click.echo(ot_text.plan(catalogue.board, solution.placement, solution.mine, lang, names) + "\n")


@oldtown.command("grade")
@click.argument("target", metavar="ID|FILE", required=False)
@click.option("--calibrate", is_flag=True, help="Also report how the grades match the printed levels (default with no ID).")
@oldtown_data
@json_option
def oldtown_grade(target, calibrate, board_file, cards_file, scenarios_file, as_json):
    """Difficulty and the techniques used (every built-in scenario when no ID|FILE is given)."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    chosen = _scenarios_named(catalogue, target) if target is not None else list(catalogue.scenarios.values())
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
@click.option("--level", type=LaterChoice("clicktown.oldtown.catalogue", "LEVELS"), default="leicht", show_default=True)
@click.option("--count", "how_many", type=click.IntRange(1, 1000), default=1, show_default=True, help="How many scenarios.")
@seed_option
@click.option("--out", "out_dir", type=OutputDir(), help="Also write each scenario to DIR/<id>.json (DIR is made if missing).")
@click.option("--solutions", is_flag=True, help="Also print the solutions (after all scenarios).")
@click.option("--recheck", type=click.Choice(["deduction", "cpsat"]), default="deduction", show_default=True,
              help="The second proof of uniqueness: the deduction solver's, or that and CP-SAT's.")
@lang_option
@oldtown_data
@json_option
def oldtown_generate(level, how_many, seed, out_dir, solutions, recheck, lang, board_file, cards_file, scenarios_file, as_json):
    """New solo scenarios in the rulebook's card mix, at the level the grader measures, each with
    exactly one solution (by the fast counter and the deduction solver; --recheck cpsat adds CP-SAT)."""
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    made = ot_generate.generate_scenarios(catalogue, level, how_many, seed, recheck=recheck)
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
        click.echo(ot_explain.heading("grade", lang, level=g.grade.level, steps=g.grade.steps,
                                      techniques=", ".join(g.grade.techniques)) + "\n")
    if solutions:
        for g in found:
            click.echo(ot_explain.heading("solution_of", lang, id=g.scenario.id, bs=", ".join(sorted(g.solution.mine))))
            names = {b: x.de for b, x in catalogue.buildings.items()} if lang == "de" else None
            click.echo(ot_text.plan(catalogue.board, g.solution.placement, g.solution.mine, lang, names) + "\n")


# -- the marker game for 2 to 4 players (docs/oldtown-marker-game.md) --------------------------

ot_game_state = later("clicktown.oldtown.game.state")  # the modules this part calls, imported on use
ot_game_bots = later("clicktown.oldtown.game.bots")
ot_game_sim = later("clicktown.oldtown.game.simulate")
ot_game_play = later("clicktown.oldtown.game.play")
ot_game_referee = later("clicktown.oldtown.game.referee")
ot_game_render = later("clicktown.oldtown.game.render")


def _game_catalogue(board_file, cards_file):
    """The catalogue the marker game uses (no scenarios needed)."""
    return ot_catalogue.load_catalogue(board=board_file, cards=cards_file)


def game_data(fn):
    """--board and --cards, as the other Old Town commands take them."""
    fn = input_file("--cards", "cards_file", help="Card catalogue (JSON) in place of the reconstructed one.")(fn)
    fn = input_file("--board", "board_file", help="Board plan (JSON) in place of the reconstructed one.")(fn)
    return fn


@oldtown.command("play")
@click.option("--players", type=click.IntRange(2, 4), default=3, show_default=True, help="Players, you included.")
@click.option("--seat", type=click.IntRange(0, 3), default=0, show_default=True, help="Your seat (0 starts).")
@click.option("--bots", default="greedy", show_default=True, help="Bots for the other seats: random, greedy, planner (comma-separated, the last repeats).")
@seed_option
@output_file("--trace", "trace_file", help="Write the game as JSON Lines to FILE.")
@game_data
@json_option
def oldtown_play(players, seat, bots, seed, trace_file, board_file, cards_file, as_json):
    """Play the marker game against bots: the board with its markers, your hand with each card's status.

    With --json the game goes to stderr and the result, as JSON, to stdout.
    """
    catalogue = _game_catalogue(board_file, cards_file)
    names = ot_game_bots.bot_names(bots, players - 1)
    show = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    human = ot_game_play.Human(lambda prompt: click.prompt(prompt, err=as_json), show)
    state = ot_game_play.play_against(catalogue, players, seat, human, names, seed)
    show(ot_game_play.result_text(state))
    write_trace(trace_file, state.events)
    if as_json:
        emit_json({"points": state.points, "winners": state.winners(), "reason": state.reason,
                   "built": state.town.built, "turns": state.turns})


@oldtown.command("referee")
@click.argument("state_file", metavar="STATE", type=InputFile())
@click.option("--card", "card_number", type=click.IntRange(1, 60), help="The card played (1-60).")
@click.option("--my", "my_building", help="The building the card names as 'my building' (types B and C).")
@click.option("--stop", "stop_claim", metavar="BUILDING:PLOT", help="Judge a stop claim instead: that marker must go.")
@game_data
@json_option
def oldtown_referee(state_file, card_number, my_building, stop_claim, board_file, cards_file, as_json):
    """Judge one disputed move on a saved board: exit 0 when allowed (or the claim right), 1 when not."""
    if (card_number is None) == (stop_claim is None):
        raise click.UsageError("give either --card N or --stop BUILDING:PLOT")
    catalogue = _game_catalogue(board_file, cards_file)
    town, mine = ot_game_referee.load_state(state_file, catalogue)
    if stop_claim is not None:
        claim = ot_game_referee.judge_claim(town, catalogue, stop_claim)
        if as_json:
            emit_json({"building": claim.building, "plot": claim.plot, "right": claim.ok, "reason": claim.reason,
                       "gain": claim.gain, "built": dict(claim.built)})
        else:
            click.echo(ot_game_render.claim_text(claim))
        raise SystemExit(0 if claim.ok else 1)
    verdict = ot_game_referee.judge_card(town, mine, catalogue, card_number, my_building)
    if as_json:
        emit_json(verdict.to_json())
    else:
        click.echo(ot_game_render.verdict_text(verdict, catalogue.card(card_number)))
    raise SystemExit(0 if verdict.allowed else 1)


@oldtown.command("simulate")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True, help="How many games.")
@click.option("--players", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option("--bots", default="greedy", show_default=True, help="Bots by seat: random, greedy, planner (comma-separated, the last repeats).")
@seed_option
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes (same results whatever the number).")
@output_file("--trace", "trace_file", help="Write every game as JSON Lines to FILE.")
@game_data
@json_option
def oldtown_simulate(games, players, bots, seed, workers, trace_file, board_file, cards_file, as_json):
    """Bots play many games: points and wins per seat and bot (95% intervals), turns, completed towns, stops."""
    names = ot_game_bots.bot_names(bots, players)
    _game_catalogue(board_file, cards_file)  # bad data fails here, before any game
    records = ot_game_sim.run(games, players, names, seed, workers, board_file, cards_file, trace=bool(trace_file))
    summaries = [record.summary for record in played(records, games, trace_file)]
    summary = {"seed": seed, **ot_game_sim.summarize(summaries, players, names)}
    emit_json(summary) if as_json else click.echo(ot_game_render.summary_text(summary))


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


wwp, wwp_model, wwp_report = (later(f"clicktown.patterns.{m}") for m in ("engine", "model", "report"))
wwp_deck, wwp_card, wwp_wheel = (later("clicktown.patterns.cards", f) for f in ("load_deck", "parse_card", "parse_wheel"))
wwp_declaration = later("clicktown.patterns.declare", "parse_declaration")
wwp_summarize, wwp_trials = later("clicktown.patterns.stats", "summarize"), later("clicktown.patterns.stats", "trials")


def wwp_options(command):
    """The rules options and --deck / --json shared by every patterns command."""
    options = [
        json_option,
        input_file("--deck", "deck_file", help="Your own deck file (JSON, like the built-in one)."),
        click.option("--after", type=click.Choice(["clockwise", "counterclockwise"]), default="clockwise",
                     show_default=True, help='Which way "after" goes (counterclockwise = the German text).'),
        click.option("--min-occurrences", type=click.IntRange(1, 8), default=2, show_default=True,
                     help="How many trigger cards a pattern needs, 1-8 (1 = the literal reading)."),
        click.option("--lenient", is_flag=True, help="A created pattern need not involve the played card."),
        click.option("--extend/--strict-new", default=True, show_default=True,
                     help="Adding an occurrence to a pattern already there also creates it (the rulebook's "
                          "Martha Jane example); --strict-new: a pattern already there is never new."),
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
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the wheel as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
@click.option("--pattern", "pattern_number", type=click.IntRange(1, 224), default=1, show_default=True,
              help="Which listed pattern the picture highlights (1 = the first; a wheel holds at most 224).")
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
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the wheel after the best move as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
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
@click.option("--played", type=click.IntRange(0, 7), metavar="POS", help="The position the card was played on (0-7); WHEEL is then the wheel before the move.")
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
    click.get_current_context().exit(0 if verdict.valid else 1)


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
@click.option("--wheels", type=click.IntRange(1, 1_000_000), default=10000, show_default=True,
              help="How many random wheels to deal, 1 to 1,000,000 (about 5,000 a second).")
@seed_option
@wwp_options
def patterns_stats(wheels, seed, as_json, deck_file, after, min_occurrences, lenient, extend):
    """How often a random wheel holds a Wild Wild Pattern, and a drawn card has no move (95% intervals)."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    with progress(wwp_trials(deck, wheels, seed, rules), length=wheels, label="dealing wheels") as bar:
        rates = wwp_summarize(bar)
    emit_json(wwp_report.stats_json(rates, seed)) if as_json else click.echo(wwp_report.stats_text(rates, seed))


wwp_sim, wwp_play = later("clicktown.patterns.simulate"), later("clicktown.patterns.play")


def wwp_game_options(fn):
    """The options of patterns play and simulate: table, mode, bots, Bank file, seed, trace."""
    fn = output_file("--trace", "trace_file", help="Write every event as JSON Lines to this file.")(fn)
    fn = seed_option(fn)
    fn = input_file("--bank", "bank_file", help="Your own Bank / Target / challenge cards file (JSON, like the built-in one).")(fn)
    fn = click.option("--bots", default="greedy", show_default=True,
                      help="Bots by seat, comma-separated, repeated round the table (play: the seats "
                           "other than yours, in order): random, greedy, planner.")(fn)
    fn = click.option("--mode", type=click.Choice(["saloon", "alive-or-dead"]), default="saloon", show_default=True)(fn)
    fn = click.option("--players", type=click.IntRange(2, 4), default=3, show_default=True, help="2 to 4 players.")(fn)
    return wwp_options(fn)


def wwp_bot_names(bots: str, seats: int, seats_text: str = "players") -> tuple[str, ...]:
    """The --bots list, repeated round the table to `seats` names (at most one name per seat)."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise ClicktownError("--bots is empty: name at least one of random, greedy, planner")
    if len(names) > seats:
        raise ClicktownError(f"--bots names {len(names)} bots for {seats} {seats_text}: give at most one per seat")
    return tuple(names[i % len(names)] for i in range(seats))


@patterns.command("simulate")
@wwp_game_options
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True, help="How many games.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes (same results whatever the number).")
@click.option("--rotate", is_flag=True, help="Turn the bots one seat round the table from game to game.")
def patterns_simulate(players, mode, bots, bank_file, seed, trace_file, as_json, deck_file, after, min_occurrences,
                      lenient, extend, games, workers, rotate):
    """Bots play many games: win rates per seat and bot (95% intervals), rounds, turns, Bank payouts."""
    rules = wwp.Rules(after, min_occurrences, lenient, extend)
    setup = wwp_sim.Setup(players, mode, wwp_bot_names(bots, players), rotate, deck_file, bank_file, rules,
                          trace=trace_file is not None)
    wwp_sim.check_setup(setup)
    summaries = [record.summary for record in played(wwp_sim.run(setup, games, seed, workers), games, trace_file)]
    result = wwp_sim.summarize(summaries, setup, seed)
    emit_json(result) if as_json else click.echo(wwp_sim.summary_text(result))


@patterns.command("play")
@wwp_game_options
@click.option("--seat", type=click.IntRange(0, 3), default=0, show_default=True, help="Your seat, 0 to players-1.")
def patterns_play(players, mode, bots, bank_file, seed, trace_file, as_json, deck_file, after, min_occurrences,
                  lenient, extend, seat):
    """Play against bots at the terminal: the wheel in colour; cover a position, click or wait, then declare.

    Declarations are typed in English or German, or picked by number after '?'. With --json the
    game goes to stderr and the result, as JSON, to stdout.
    """
    rules = wwp.Rules(after, min_occurrences, lenient, extend)
    others = wwp_bot_names(bots, players - 1, "seat(s) besides yours")
    seats = wwp_play.seat_players(players, seat, list(others))
    setup = wwp_sim.Setup(players, mode, tuple(seats), False, deck_file, bank_file, rules, trace=True)
    show = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    human = wwp_play.Human(lambda prompt: wwp_play.read_answer(prompt, err=as_json), show)
    state = wwp_play.play_against(wwp_sim.start(setup), seat, human, list(others), seed)
    write_trace(trace_file, [wwp_sim.game_start(setup, 0, seed, bots=seats)] + state.events)
    if as_json:
        emit_json({"winners": state.winners, "reason": state.reason, "rounds": state.round, "turns": state.turn,
                   "dollars_cents": state.cents})


# --------------------------------------------------------------------------------------------
# Sequence and Sequence Numbers
# --------------------------------------------------------------------------------------------

seq_game = later("clicktown.sequence.game")  # the modules this section calls, imported on use
seq_moves = later("clicktown.sequence.moves")
seq_puzzle = later("clicktown.sequence.puzzle")
seq_render = later("clicktown.sequence.render")
seq_rules = later("clicktown.sequence.rules")
seq_position = later("clicktown.sequence.position")
seq_sequences = later("clicktown.sequence.sequences")
seq_solve = later("clicktown.sequence.solve")
seq_simulate = later("clicktown.sequence.simulate")
seq_play = later("clicktown.sequence.play")
seq_files = later("clicktown.datafiles")

SEQ_MAX_TURNS = 7  # no hand in either rulebook holds more than 7 cards, and nobody draws in a puzzle


@cli.group()
def sequence():
    """Sequence and Sequence Numbers (Jax): board analysis, "win in N" puzzles, and the whole game."""


_position_arg = click.argument("position_file", metavar="POSITION", type=InputFile(stdin=True))


def _seq_data(fn):
    """The options choosing the game and its data files."""
    fn = input_file("--deck", "deck_file", help="Your own deck file (JSON).")(fn)
    fn = input_file("--board", "board_file", help="Your own board file.")(fn)
    return click.option("--game", type=click.Choice(["sequence", "numbers"]), default="sequence", show_default=True,
                        help="Sequence or Sequence Numbers (board and deck).")(fn)


def _seq_players(fn):
    """--players and --teams."""
    fn = click.option("--players", type=click.IntRange(2, 12), help="Players at the table (Sequence: 2, 3, 4, 6, 8, 9, 10, 12; "
                      "Sequence Numbers: 2, 3, 4, 6).")(fn)
    return click.option("--teams", type=click.IntRange(2, 3), help="Number of teams, 2 or 3.")(fn)


def _seq_table(fn):
    """The options saying who moves and how many play."""
    fn = _seq_players(fn)
    fn = click.option("--hand", required=True, help="The cards in hand, e.g. '7h,jd,as' (at most the rulebook's hand size).")(fn)
    return click.option("--team", type=click.Choice(["A", "B", "C"]), default="A", show_default=True, help="The team to move.")(fn)


def _read_position(source: str):
    """The position in a file, or on standard input for '-'."""
    if source == "-":
        cap = seq_files.limits.max_bytes
        text = sys.stdin.read(cap + 1)
        if len(text) > cap:
            raise ClicktownError(f"standard input: larger than {cap} bytes (raise the cap with clicktown --max-file-mb N)")
        return seq_position.parse_position(text, "standard input")
    return seq_position.parse_position(seq_files.read_text(source), source)


def _hand_and_goal(game, data, position, team, hand, teams, players):
    """The checked hand and the number of sequences the team needs at this table."""
    teams, needed = seq_rules.table_for(game, position.teams(), team, teams, players)
    cards = seq_game.parse_hand(hand, data.deck)
    seq_rules.check_hand(game, len(cards), seq_rules.check_table(game, teams, players))
    return cards, needed


@sequence.command("show")
@_position_arg
@_seq_data
@json_option
@output_file("--svg", "svg_file", help="Also draw the board as an SVG picture.")
@output_file("--png", "png_file", help="Also draw it as a PNG picture (needs cairosvg).")
def sequence_show(position_file, game, board_file, deck_file, as_json, svg_file, png_file):
    """Show POSITION on the board.

    Empty cells show their label, chips show as [A] (locked: [a]); then each team's chips and sequences.
    """
    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    count = seq_sequences.count_sequences(position)
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

    The locked chips are completed sequences; a second sequence shares at most one cell with each.
    Where long or crossing lines allow several readings, the count is the largest. Rows and
    columns are numbered 0-9 from the top left.
    """
    count = seq_sequences.count_sequences(_read_position(position_file))
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
    cards, needed = _hand_and_goal(game, data, position, team, hand, teams, players)
    moves = seq_moves.legal_moves(data, position, team, cards)
    have = seq_sequences.count_sequences(position).sequences.get(team, 0)
    if as_json:
        emit_json({"team": team, "sequences": have, "sequences_needed": needed, "moves": [m.as_dict() for m in moves]})
        return
    click.echo(f"team {team}: {have} of {needed} sequence(s) needed")
    click.echo(seq_render.moves_view(moves))


@sequence.command("solve")
@_position_arg
@_seq_table
@click.option("--turns", type=click.IntRange(0, SEQ_MAX_TURNS), required=True, help="Win within this many of the team's own turns.")
@click.option("--method", type=click.Choice(["cp-sat", "search"]), default="cp-sat", show_default=True)
@_seq_data
@json_option
@click.pass_context
def sequence_solve(ctx, position_file, team, hand, teams, players, turns, method, game, board_file, deck_file, as_json):
    """Win in N: a shortest winning line, or proof of none (exit code 1).

    Can the team complete the sequences it needs within --turns of its own turns using only the
    hand, while opponents pass and nobody draws? A position where another team has already won
    is refused.
    """
    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    cards, needed = _hand_and_goal(game, data, position, team, hand, teams, players)
    solution = seq_solve.solve(data, position, team, cards, turns, needed, method)
    emit_json({"team": team, **solution.as_dict()}) if as_json else click.echo(seq_render.solution_view(solution, team, turns))
    ctx.exit(0 if solution.win else 1)


@sequence.command("puzzle")
@_seq_data
@seed_option
@click.option("--turns", type=click.IntRange(1, 5), default=2, show_default=True,
              help="Win in this many turns (1 or 2; up to 5, the Sequence Numbers hand, with --any-first-move).")
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
    seq_puzzle.check_turns(data, turns, not any_first_move)
    with progress(range(5000), label="generating") as tries:
        puzzle = seq_puzzle.generate_puzzle(data, seed, turns, not any_first_move, tries)
    if as_json:
        emit_json(puzzle.as_dict())
        return
    click.echo(puzzle.text(), nl=False)
    if answer:
        click.echo("\n".join(f"# answer {n}: {m.describe()}" for n, m in enumerate(puzzle.solution.line, 1)))


def _seq_game_options(fn):
    """The options of play and simulate: game, table, bots, seed, trace."""
    fn = output_file("--trace", "trace_file", help="Write every event as JSON Lines to this file.")(fn)
    fn = seed_option(fn)
    fn = click.option("--bots", default="greedy", show_default=True,
                      help="Bots by seat, comma-separated, repeated round the table: random, greedy, lookahead.")(fn)
    fn = _seq_players(fn)
    return _seq_data(fn)


def _seq_setup(game, players, teams, bots, board_file, deck_file):
    """The checked simulation setup."""
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    if not names:
        raise ClicktownError("--bots is empty: name at least one of random, greedy, lookahead")
    setup = seq_simulate.Setup(game, players or teams or 2, teams, names, board_file, deck_file)
    seq_simulate.make_match(setup)
    return setup


@sequence.command("simulate")
@_seq_game_options
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True, help="How many games.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes (same results whatever the number).")
@json_option
def sequence_simulate(game, board_file, deck_file, players, teams, bots, seed, trace_file, games, workers, as_json):
    """Bots play many games: win rates per team and bot (95% intervals), turns, jacks, dead cards."""
    setup = _seq_setup(game, players, teams, bots, board_file, deck_file)
    records = list(played(seq_simulate.run(setup, games, seed, workers, trace=bool(trace_file)), games, trace_file))
    summary = seq_simulate.summarise(setup, records, seed)
    emit_json(summary) if as_json else click.echo(seq_render.simulate_view(summary))


@sequence.command("play")
@_seq_game_options
@click.option("--seat", type=click.IntRange(0, 11), default=0, show_default=True, help="Your seat (0 moves first).")
@json_option
def sequence_play(game, board_file, deck_file, players, teams, bots, seed, trace_file, seat, as_json):
    """Play against bots at the terminal: the board in colour, moves typed as '7h 3,4' ('?' lists them).

    The other seats are played by --bots. With --json the board goes to stderr and the result, as
    JSON, to stdout.
    """
    setup = _seq_setup(game, players, teams, bots, board_file, deck_file)
    if seat >= setup.players:
        raise ClicktownError(f"--seat {seat}: the seats of {setup.players} players are 0 to {setup.players - 1}")
    show = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    human = seq_play.Human(lambda prompt: click.prompt(prompt, err=as_json), show)
    state = seq_play.play_against(setup, seat, human, seed)
    show(seq_play.board_text(state))
    show(seq_render.result_view(state))
    write_trace(trace_file, state.trace)
    if as_json:
        emit_json({"winners": [state.winner] if state.winner else [], "turns": state.turns, "reason": state.end_reason,
                   "sequences": state.sequence_counts(), "board": state.position().rows()})


if __name__ == "__main__":  # pragma: no cover
    main()
