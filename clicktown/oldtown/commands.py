"""`clicktown oldtown`: the solo puzzles (verify, solve, show, cards, sheet, explain, grade, generate) and the marker game (play, referee, simulate)."""

from __future__ import annotations

import os

import click

from ..messages import say, say_n
from ..options import (WholeRange, chosen_lang, GameGroup, InputFile, LaterChoice, OutputDir, OutputFile, bots_option, games_option,
                       hints_option, input_file, json_option, lang_option, output_file, played, play_seed_option, dealt_seed,
                       rotate_option, seed_option, table_bots, time_limit_option, workers_option, write_trace)
from ..arena.trace_commands import replay_command
from ..output import emit_json, message, progress, table
from ..svgkit import save_picture, write_file


@click.group(cls=GameGroup)
def oldtown():
    """Old Town (Stephan Riedel): solo scenarios, verification, generation.

    The board plan and the 60 info cards are a reconstruction from the rulebook's
    evidence (the printed ones are not public); pass --board and --cards to use your own.
    """


def oldtown_data(fn):
    """The options every Old Town command takes to replace the built-in data with a user's files."""
    fn = input_file("--scenarios", "scenarios_file", help="Scenario file (JSON) in place of the rulebook's.")(fn)
    fn = input_file("--cards", "cards_file", help="Card catalogue (JSON), or a filled transcription sheet (.csv, "
                                                  "see `oldtown cards template`), in place of the reconstructed one.")(fn)
    fn = input_file("--board", "board_file", help="Board plan (JSON) in place of the reconstructed one.")(fn)
    return fn


def _default_engine() -> str:
    from .solve.verify import DEFAULT_ENGINE

    return DEFAULT_ENGINE


def engine_option(fn):
    return click.option("--engine", "--backend", "engine", type=LaterChoice("clicktown.oldtown.solve.verify", "ENGINES"),
                        default=_default_engine, show_default="the fast exact counter",
                        help="Solver: the fast exact counter, CP-SAT, or python-constraint2 (--backend is an alias).")(fn)


def _catalogue(board_file, cards_file, scenarios_file):
    """The Old Town catalogue: built-in data, or the user's files in its place (cards: JSON or a .csv sheet)."""
    from .sources import any_catalogue

    return any_catalogue(board_file, cards_file, scenarios_file)


def _scenarios_named(catalogue, target: str):
    """Scenarios for an ID, a scenario file (every scenario in the file) or a puzzle code (`ot-...`)."""
    from . import catalogue as ot_catalogue
    from .puzzles import code as ot_code

    if not target.strip():
        raise click.UsageError("empty scenario id or file name")
    if target in catalogue.scenarios:
        return [catalogue.scenario(target)]
    if os.path.isfile(target):
        found = list(ot_catalogue.load_scenarios(target, catalogue.buildings.values()).values())
        for s in found:
            catalogue.check_scenario(s)
        return found
    if ot_code.is_code(target):
        return [ot_code.scenario_from_code(catalogue, target)]
    return [catalogue.scenario(target)]


def _conflicts(catalogue, chosen, results, engine) -> dict:
    """Why each scenario without a solution, or whose published solution is not the one, fails."""
    failed = [(s, r) for s, r in zip(chosen, results) if not r.solutions or not r.matches_published]
    if not failed:
        return {}
    from .solve import conflicts as ot_conflicts

    return {s.id: ot_conflicts.explain_scenario(catalogue, s, bool(r.solutions), engine) for s, r in failed}


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
    from .solve import verify as ot_verify

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    chosen = [s for i in ids for s in _scenarios_named(catalogue, i)] if ids else list(catalogue.scenarios.values())
    results = [ot_verify.verify(catalogue, s, engine) for s in chosen]
    why = _conflicts(catalogue, chosen, results, engine)
    if as_json:
        emit_json([{**r.as_dict(), **({"conflict": why[r.id].as_dict()} if why.get(r.id) else {})}
                   for r in results])
    else:
        _verify_report(catalogue, chosen, results, why, engine, bool(board_file or cards_file))
    ctx.exit(0 if all(r.ok for r in results) else 1)


def _verify_report(catalogue, chosen, results, why, engine, own_files) -> None:
    """`verify`'s table, a note on each failed scenario, and the footer, in the chosen language."""
    from .render import reports
    from .solve import verify as ot_verify

    lang = chosen_lang()
    names = catalogue.names_in(lang)
    expected = [ot_verify.describe_expectation(s, lang, names) for s in chosen]
    click.echo(reports.verify_table(results, expected, any(s.rulebook for s in chosen), ot_verify.LIMIT, lang))
    for ident, conflict in why.items():
        if conflict:
            click.echo(reports.conflict_line(lang, ident, conflict.sentence(lang)))
    message(reports.verify_footer(lang, own_files, engine))


@oldtown.command("solve")
@time_limit_option(60, "no answer")
@click.argument("target", metavar="ID|FILE|CODE")
@click.option("--limit", type=WholeRange(1, 1000), default=10, show_default=True, help="Stop after this many solutions.")
@engine_option
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the first solution as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
def oldtown_solve(target, limit, engine, board_file, cards_file, scenarios_file, as_json, svg_file, png_file):
    """Every solution of a scenario (up to --limit), as plans.

    With no solution, names a smallest set of cards that cannot all hold together, and exits 1.
    """
    from .render import svg as ot_svg
    from .render import text as ot_text
    from .solve import verify as ot_verify

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    out = []
    for s in _scenarios_named(catalogue, target):
        found = ot_verify.solver(engine)(catalogue.puzzle(s), limit)
        out.append((s, found))
    save_picture(svg_file, png_file, lambda: ot_svg.solve_picture(catalogue, out, chosen_lang()))
    from .solve import conflicts as ot_conflicts

    why = {s.id: ot_conflicts.minimal_core(catalogue.puzzle(s), engine) for s, found in out if not found}
    if as_json:
        data = [{"id": s.id, "solutions": [f.as_dict() for f in found],
                 **({"conflicting_cards": list(why[s.id])} if s.id in why else {})} for s, found in out]
        emit_json(data[0] if len(data) == 1 else data)
    else:
        lang = chosen_lang()
        click.echo("\n\n".join(ot_text.solutions_text(catalogue, s, found, limit, why.get(s.id), lang) for s, found in out))
    if why:
        raise SystemExit(1)


@oldtown.command("show")
@click.argument("target", metavar="ID|FILE", required=False)
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the plan as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
@lang_option
def oldtown_show(target, board_file, cards_file, scenarios_file, as_json, svg_file, png_file, lang):
    """The board plan as text (streets, railway, doors), with a scenario's published town."""
    from .render import svg as ot_svg
    from .render import text as ot_text

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    scenarios = _scenarios_named(catalogue, target) if target is not None else []
    names = catalogue.names_in(lang)
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
@lang_option
@oldtown_data
@json_option
@click.pass_context
def oldtown_cards(ctx, lang, board_file, cards_file, scenarios_file, as_json):
    """The 60 info cards (a reconstruction) with the plots or pairs each allows.

    `cards template` writes a sheet to transcribe the printed cards; `cards check FILE` holds a
    filled sheet against the rulebook's evidence. Every Old Town command takes it with --cards.
    """
    from .render import text as ot_text

    if ctx.invoked_subcommand is not None:
        return
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    cards = [catalogue.cards[n] for n in sorted(catalogue.cards)]
    if as_json:
        emit_json([c.as_dict() for c in cards])
    else:
        click.echo("\n".join(ot_text.card_line(c, lang) for c in cards))


@oldtown_cards.command("template", words=False)
@click.option("--out", "out_file", type=OutputFile(), help="Write the sheet to FILE (.csv) instead of standard output.")
@click.option("--filled", is_flag=True, help="Fill every row from the built-in reconstruction (or --cards) instead of leaving it blank.")
@click.option("--force", is_flag=True, help="Replace --out when it already exists (a filled-in sheet is otherwise kept).")
@oldtown_data
def oldtown_cards_template(out_file, filled, force, board_file, cards_file, scenarios_file):
    """A transcription sheet (CSV): one row per card, number, type, building, German and English
    text, the plots starred on the card's little plan (C cards: its pairs too)."""
    from . import transcribe as ot_transcribe

    if not filled and (board_file or cards_file or scenarios_file):
        raise click.UsageError("--board, --cards and --scenarios are read only with --filled")
    if out_file and os.path.exists(out_file) and not force:
        raise click.UsageError(f"{out_file} already exists (perhaps a sheet being filled in); "
                               "name a new file, or add --force to replace it")
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
    from . import transcribe as ot_transcribe

    ot_transcribe.require_sheet_columns(sheet)
    catalogue = ot_transcribe.sheet_catalogue(sheet, board=board_file, scenarios=scenarios_file)
    report = ot_transcribe.check(catalogue)
    emit_json(report.as_dict()) if as_json else click.echo(ot_transcribe.report_text(report, chosen_lang(),
                                                                                     catalogue.buildings))
    ctx.exit(0 if report.clean else 1)


@oldtown.command("scenarios")
@oldtown_data
@json_option
def oldtown_scenarios(board_file, cards_file, scenarios_file, as_json):
    """The solo scenarios: card numbers by type, B bindings, my buildings."""
    from .render import text as ot_text

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    scenarios = list(catalogue.scenarios.values())
    if as_json:
        emit_json([s.as_dict() for s in scenarios])
    else:
        lang = chosen_lang()
        rows = [ot_text.scenario_row(s, catalogue.names_in(lang)) for s in scenarios]
        click.echo(table(rows, ot_text.scenario_headers(lang)))


# -- Old Town pictures (issue 6)


@oldtown.command("sheet")
@click.argument("target", metavar="ID|FILE|CODE")
@click.option("--out", "out_file", required=True, type=OutputFile(), help="The HTML file to write.")
@click.option("--solutions", type=click.Choice(["none", "end", "separate"]), default="none", show_default=True,
              help="Leave the solutions out, put them at the end of the sheet, or in the file --solutions-out.")
@click.option("--solutions-out", "solutions_file", type=OutputFile(),
              help="The HTML file for the solutions (with --solutions separate).")
@lang_option
@oldtown_data
@json_option
def oldtown_sheet(target, out_file, solutions, solutions_file, lang, board_file, cards_file, scenarios_file, as_json):
    """A printable puzzle sheet (HTML, works offline): plan, cards, candidate grid, relation words; solutions only when asked for."""
    from .render import sheet as ot_sheet

    if (solutions == "separate") != (solutions_file is not None):
        raise click.UsageError("--solutions separate and --solutions-out FILE go together")
    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    items = [ot_sheet.solve_for_sheet(catalogue, s) for s in _scenarios_named(catalogue, target)]
    write_file(out_file, ot_sheet.sheet_html(catalogue, items, solutions, lang))
    if solutions_file:
        write_file(solutions_file, ot_sheet.solutions_html(catalogue, items, lang))
    summary = ot_sheet.summary(out_file, items, solutions, solutions_file)
    also = say(lang, "oldtown.sheet.wrote_solutions", file=solutions_file) if solutions_file else ""
    emit_json(summary) if as_json else message(say_n(lang, "oldtown.sheet.wrote", len(items), file=out_file, also=also,
                                                     ids=", ".join(i.scenario.id for i in items)))


# -- Old Town generation, grading, explanation (issue 4)


def _step_files(ctx, param, value):
    """A per-step file name must say where the step number goes, so only files the user named are written."""
    if value is not None and "{n}" not in value:
        raise click.BadParameter(f"{value!r} has no {{n}} for the step number (e.g. step-{{n}}.svg)", ctx, param)
    return value


@oldtown.command("explain")
@time_limit_option(60, "no answer")
@click.argument("target", metavar="ID|FILE|CODE")
@lang_option
@oldtown_data
@json_option
@click.option("--svg", "svg_file", type=OutputFile(), metavar="FILE", callback=_step_files,
              help="Also draw each step; {n} in FILE is the step number: step-{n}.svg gives step-01.svg, ...")
@click.option("--png", "png_file", type=OutputFile(), metavar="FILE", callback=_step_files, help="The same as PNG pictures, {n} in FILE as for --svg (needs cairosvg).")
@click.option("--html", "html_file", type=OutputFile(), help="Also write one HTML page that steps through the pictures.")
def oldtown_explain(target, lang, board_file, cards_file, scenarios_file, as_json, svg_file, png_file, html_file):
    """The hints that solve a scenario, one deduction each, in plain words (the web page's hints)."""
    from .puzzles import explain as ot_explain
    from .render import sheet as ot_sheet
    from .render import text as ot_text

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    found = [ot_explain.explain(catalogue, s, lang) for s in _scenarios_named(catalogue, target)]
    ot_sheet.save_explained(catalogue, [e.as_dict() for e in found], svg_file, png_file, html_file, lang)
    if as_json:
        data = [e.as_dict() for e in found]
        emit_json(data[0] if len(data) == 1 else data)
        return
    for e in found:
        click.echo(ot_explain.heading("scenario", lang, id=e.id) + f"\n{e.text()}\n")
        solution = e.solution
        if solution is not None:
            names = catalogue.names_in(lang)
            click.echo(ot_text.plan(catalogue.board, solution.placement, solution.mine, lang, names) + "\n")


@oldtown.command("grade")
@time_limit_option(300, "no answer")
@click.argument("target", metavar="ID|FILE", required=False)
@click.option("--calibrate", is_flag=True, help="Also report how the grades match the printed levels (default with no ID).")
@oldtown_data
@json_option
def oldtown_grade(target, calibrate, board_file, cards_file, scenarios_file, as_json):
    """Difficulty and the techniques used (every built-in scenario when no ID|FILE is given)."""
    from .puzzles import grade as ot_grade

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    chosen = _scenarios_named(catalogue, target) if target is not None else list(catalogue.scenarios.values())
    grades = [ot_grade.grade_scenario(catalogue, s) for s in chosen]
    calibrate = calibrate or not target
    fit = ot_grade.calibration(grades) if calibrate else None
    # a scenario the user names that has no town at all is a negative verdict (the survey of every
    # built-in scenario, the first printing's contradictory 5 included, is not)
    contradictory = [g.id for g in grades if g.solutions == 0] if target is not None else []
    if as_json:
        data = [g.as_dict() for g in grades]
        emit_json({"grades": data, "calibration": fit} if calibrate else data[0] if len(data) == 1 else data)
        _no_town(contradictory)
        return
    from .render import reports

    lang = chosen_lang()
    click.echo(reports.grade_table(grades, lang))
    if fit is not None:
        click.echo(reports.calibration_line(fit, lang))
    _no_town(contradictory)


def _no_town(contradictory: list[str]) -> None:
    """Exit 1 (a negative verdict, as `verify` gives) when a graded scenario has no solution at all."""
    if contradictory:
        message(say(chosen_lang(), "oldtown.grade.no_town", ids=", ".join(contradictory)))
        raise SystemExit(1)


@oldtown.command("generate")
@time_limit_option(60, "not all scenarios found")
@click.option("--level", type=LaterChoice("clicktown.oldtown.catalogue", "LEVELS"), default="leicht", show_default=True)
@click.option("--count", "how_many", type=WholeRange(1, 1000), default=1, show_default=True, help="How many scenarios.")
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
    from .puzzles import code as ot_code
    from .puzzles import explain as ot_explain
    from .puzzles import generate as ot_generate
    from .render import reports
    from .render import text as ot_text

    catalogue = _catalogue(board_file, cards_file, scenarios_file)
    made = ot_generate.generate_scenarios(catalogue, level, how_many, seed, recheck=recheck)
    if how_many > 1:
        with progress(made, length=how_many, label=say(lang, "oldtown.generate.progress", level=level)) as bar:
            found = list(bar)
    else:
        found = list(made)
    if out_dir:
        for path in ot_generate.write_scenarios(found, out_dir):
            message(say(lang, "oldtown.generate.wrote", file=path))
    codes = [ot_code.scenario_code(catalogue, g.scenario) for g in found]
    if as_json:
        emit_json([{**g.as_dict(), "code": code} for g, code in zip(found, codes)])
        return
    for g, code in zip(found, codes):
        click.echo(table([ot_text.scenario_row(g.scenario, catalogue.names_in(lang))], ot_text.scenario_headers(lang)))
        click.echo(say(lang, "oldtown.table.code", code=code))
        click.echo("\n".join(ot_explain.card_sentences(catalogue, g.scenario, lang)))
        click.echo(ot_explain.heading("grade", lang, level=g.grade.level, steps=g.grade.steps,
                                      techniques=reports.techniques_words(lang, g.grade.techniques)) + "\n")
    if solutions:
        names = catalogue.names_in(lang)
        for g in found:
            click.echo(ot_explain.heading("solution_of", lang, id=g.scenario.id,
                                          bs=", ".join(sorted(names[b] for b in g.solution.mine))))
            click.echo(ot_text.plan(catalogue.board, g.solution.placement, g.solution.mine, lang, names) + "\n")


# -- the marker game for 2 to 4 players (docs/oldtown-marker-game.md) --------------------------


def _game_catalogue(board_file, cards_file):
    """The catalogue the marker game uses (no scenarios needed; cards: JSON or a .csv sheet)."""
    return _catalogue(board_file, cards_file, None)


def game_data(fn):
    """--board and --cards, as the other Old Town commands take them."""
    fn = input_file("--cards", "cards_file", help="Card catalogue (JSON), or a filled transcription sheet (.csv, "
                                                  "see `oldtown cards template`), in place of the reconstructed one.")(fn)
    fn = input_file("--board", "board_file", help="Board plan (JSON) in place of the reconstructed one.")(fn)
    return fn


oldtown.add_command(replay_command("oldtown"))


def rule_options(fn):
    """The marker game's rule options (game/rule_options.py), each shown with its default."""
    from .game.rule_options import OPTIONS

    def gather(ctx, param, value):
        ctx.meta.setdefault("oldtown_rules", {})[param.name] = value
        return value

    for name, (choices, text) in reversed(list(OPTIONS.items())):
        fn = click.option("--" + name.replace("_", "-"), name, type=click.Choice(choices), default=choices[0],
                          show_default=True, expose_value=False, callback=gather, help=text)(fn)
    return fn


def _rules_chosen():
    """The RuleOptions of the command being run (from the options rule_options added)."""
    from .game.rule_options import RuleOptions

    return RuleOptions(**click.get_current_context().meta.get("oldtown_rules", {}))


OT_BOTS = "clicktown.oldtown.game.bots"
ot_players_option = click.option("--players", type=WholeRange(2, 4), default=3, show_default=True,
                                 help="Players at the table (in play, you included).")


@oldtown.command("play")
@ot_players_option
@click.option("--seat", type=WholeRange(0, 3), default=0, show_default=True, help="Your seat (0 starts).")
@bots_option(OT_BOTS)
@play_seed_option
@output_file("--trace", "trace_file", help="Write the game as JSON Lines to FILE.")
@game_data
@rule_options
@lang_option
@hints_option
@json_option
def oldtown_play(players, seat, bots, seed, trace_file, board_file, cards_file, lang, hints, as_json):
    """Play the marker game against bots: the board with its markers, your hand with each card's status
    (playable, confirmation, contradiction, forbidden, and why; --no-hints hides them).

    Pick a move by its number or its words; '?' lists the moves. With --json the game goes to
    stderr and the result, as JSON, to stdout.
    """
    from ..arena.human import played_winners
    from ..arena.seating import seated
    from ..arena.trace import PERSON
    from ..arena.trace_commands import Answers
    from .game import play as ot_game_play
    from .game.trace import trace_lines

    catalogue = _game_catalogue(board_file, cards_file)
    names = table_bots(bots, players - 1, OT_BOTS, "seat(s) besides yours")
    seed = dealt_seed(seed, lang, as_json)
    show = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    answers = Answers(lambda prompt: click.prompt(prompt, err=as_json))
    human = ot_game_play.OldTownHuman(answers, show, lang, hints)
    state = ot_game_play.play_against(catalogue, players, seat, human, names, seed, _rules_chosen())
    show(ot_game_play.result_text(state, human, seat))
    write_trace(trace_file, trace_lines(state, 0, seed, seated(players, seat, names, PERSON), board_file, cards_file))
    answers.check()
    if as_json:
        emit_json({"points": state.points, "winners": played_winners(state, state.winners), "reason": state.reason or "abandoned",
                   "built": state.town.built, "turns": state.turns})


@oldtown.command("referee")
@click.argument("state_file", metavar="STATE", type=InputFile())
@click.option("--card", "card_number", type=WholeRange(1, 60), help="The card played (1-60).")
@click.option("--my", "my_building", help="The building the card names as 'my building' (types B and C).")
@click.option("--mine", "mine_named", metavar="BUILDING[,BUILDING]",
              help="The player's buildings, when the state has no \"mine\" (needed for B and C cards).")
@click.option("--stop", "stop_claim", metavar="BUILDING:PLOT", help="Judge a stop claim instead: that marker must go.")
@click.option("--discard", "discarded", metavar="N,M",
              help="Judge action 2 instead: these two cards discarded for the marker --take names.")
@click.option("--take", "taken", metavar="BUILDING:PLOT", help="The marker action 2 takes (with --discard).")
@game_data
@rule_options
@json_option
def oldtown_referee(state_file, card_number, my_building, mine_named, stop_claim, discarded, taken, board_file,
                    cards_file, as_json):
    """Judge one disputed move on a saved board: exit 0 when allowed (or the claim right), 1 when not.

    A card (--card, with --my for B and C), a stop claim (--stop) or action 2 (--discard N,M --take
    BUILDING:PLOT). B and C cards need the player's buildings: the state's "mine" or --mine.
    """
    from .game import referee as ot_game_referee
    from .render import markers as ot_game_render

    if (discarded is None) != (taken is None):
        raise click.UsageError("action 2 takes both --discard N,M and --take BUILDING:PLOT")
    if sum(x is not None for x in (card_number, stop_claim, discarded)) != 1:
        raise click.UsageError("give one of --card N, --stop BUILDING:PLOT or --discard N,M --take BUILDING:PLOT")
    catalogue = _game_catalogue(board_file, cards_file)
    town, mine = ot_game_referee.load_state(state_file, catalogue)
    mine = ot_game_referee.owner(mine, mine_named, catalogue, str(state_file))
    options = _rules_chosen()
    if stop_claim is not None:
        claim = ot_game_referee.judge_claim(town, catalogue, stop_claim)
        if as_json:
            emit_json({"building": claim.building, "plot": claim.plot, "right": claim.ok, "reason": claim.reason,
                       "gain": claim.gain, "built": dict(claim.built)})
        else:
            click.echo(ot_game_render.claim_text(claim, chosen_lang(), catalogue.buildings))
        raise SystemExit(0 if claim.ok else 1)
    if discarded is not None:
        done = ot_game_referee.judge_discard(town, mine, catalogue, discarded, taken, options)
        emit_json(done.as_dict()) if as_json else click.echo(ot_game_render.discard_text(done, chosen_lang(), catalogue.buildings))
        raise SystemExit(0 if done.ok else 1)
    verdict = ot_game_referee.judge_card(town, mine, catalogue, card_number, my_building, options)
    if as_json:
        emit_json(verdict.as_dict())
    else:
        click.echo(ot_game_render.verdict_text(verdict, catalogue.card(card_number), chosen_lang(),
                                                    catalogue.buildings))
    raise SystemExit(0 if verdict.allowed else 1)


@oldtown.command("simulate")
@games_option
@ot_players_option
@bots_option(OT_BOTS)
@rotate_option
@seed_option
@workers_option
@output_file("--trace", "trace_file", help="Write every game as JSON Lines to FILE.")
@game_data
@rule_options
@json_option
def oldtown_simulate(games, players, bots, rotate, seed, workers, trace_file, board_file, cards_file, as_json):
    """Bots play many games: wins per seat and bot (95% intervals), turns, points, completed towns, stops."""
    from .game import simulate as ot_game_sim
    from .render import markers as ot_game_render

    names = table_bots(bots, players, OT_BOTS, "players")
    _game_catalogue(board_file, cards_file)  # bad data fails here, before any game
    setup = ot_game_sim.Setup(players, names, rotate, board_file, cards_file, _rules_chosen(), bool(trace_file))
    summaries = [record.summary for record in played(ot_game_sim.run(setup, games, seed, workers), games, trace_file)]
    summary = ot_game_sim.summarize(summaries, setup, seed)
    emit_json(summary) if as_json else click.echo(ot_game_render.summary_text(summary, chosen_lang()))
