"""`clicktown patterns`: patterns on a wheel (list, moves, check, click, puzzle, wild, stats) and the whole game (simulate, play)."""

from __future__ import annotations

import sys

import click

from ..options import (WholeRange, Seconds, chosen_lang, GameGroup, OutputFile, bots_option, dealt_seed, games_option, hints_option,
                       input_file, json_option, lang_option, output_file, play_seed_option, played, rotate_option, seed_option, table_bots, workers_option,
                       write_trace)
from ..messages import say
from ..arena.trace_commands import replay_command
from ..output import emit_json, progress
from ..svgkit import save_picture


@click.group(cls=GameGroup)
def patterns():
    """Wild Wild Pattern (Kaleidos Games): patterns on the wheel of 8 cards.

    A wheel is 8 cards in clockwise order separated by commas, positions 0-7; a card is
    color-object-suit, e.g. blue-gun-bullets (German, French, Italian names work too).
    The built-in deck is an assumption (the printed one is not public); pass --deck FILE.
    """


def wwp_options(command):
    """The rules options and --deck / --json shared by every patterns command."""
    options = [
        json_option,
        input_file("--deck", "deck_file", help="Your own deck file (JSON, like the built-in one)."),
        click.option("--after", type=click.Choice(["clockwise", "counterclockwise"]), default="clockwise",
                     show_default=True, help='Which way "after" goes (counterclockwise = the German text).'),
        click.option("--min-occurrences", type=WholeRange(1, 8), default=2, show_default=True,
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
    from . import analysis as wwp
    from .cards import load_deck as wwp_deck

    return wwp_deck(deck_file), wwp.Rules(after, min_occurrences, lenient, extend)


@patterns.command("list")
@click.argument("wheel")
@wwp_options
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the wheel as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
@click.option("--pattern", "pattern_number", type=WholeRange(1, 224), default=1, show_default=True,
              help="Which listed pattern the picture highlights (1 = the first; a wheel holds at most 224).")
def patterns_list(wheel, as_json, deck_file, after, min_occurrences, lenient, extend, svg_file, png_file, pattern_number):
    """Every valid pattern on WHEEL."""
    from . import tables as wwp_tables
    from .cards import parse_wheel as wwp_wheel
    from .render import svg as wwp_svg
    from .render import text as wwp_report

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w = wwp_wheel(wheel, deck)
    found = wwp_tables.valid_patterns(w, rules)
    save_picture(svg_file, png_file, lambda: wwp_svg.list_picture(w, found, pattern_number, chosen_lang()))
    emit_json(wwp_report.list_json(w, found)) if as_json else click.echo(wwp_report.list_text(w, found, chosen_lang()))


@patterns.command("moves")
@click.argument("wheel")
@click.argument("card")
@wwp_options
@click.option("--svg", "svg_file", type=OutputFile(), help="Also draw the wheel after the best move as an SVG picture.")
@click.option("--png", "png_file", type=OutputFile(), help="Also draw it as a PNG picture (needs cairosvg).")
def patterns_moves(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend, svg_file, png_file):
    """For each position, the patterns that covering it with CARD creates, and the best move."""
    from . import tables as wwp_tables
    from .cards import parse_card as wwp_card
    from .cards import parse_wheel as wwp_wheel
    from .render import svg as wwp_svg
    from .render import text as wwp_report

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck), wwp_card(card, deck)
    deck.check([x for x in w.cards] + [c])
    found = wwp_tables.moves(w, c, rules)
    save_picture(svg_file, png_file, lambda: wwp_svg.moves_picture(w, c, found, chosen_lang()))
    emit_json(wwp_report.moves_json(w, c, found)) if as_json else click.echo(wwp_report.moves_text(w, c, found, chosen_lang()))


@patterns.command("check")
@click.argument("wheel")
@click.argument("sentence")
@click.option("--played", type=WholeRange(0, 7), metavar="POS", help="The position the card was played on (0-7); WHEEL is then the wheel before the move.")
@click.option("--card", "played_card", metavar="CARD", help="The card played (with --played).")
@wwp_options
def patterns_check(wheel, sentence, played, played_card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Judge a declaration SENTENCE on WHEEL (or on the move --played POS --card CARD)."""
    from . import analysis as wwp
    from .cards import parse_card as wwp_card
    from .cards import parse_wheel as wwp_wheel
    from .declare import parse_declaration as wwp_declaration
    from .render import text as wwp_report

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    if (played is None) != (played_card is None):
        raise click.UsageError("--played and --card go together")
    w = wwp_wheel(wheel, deck)
    move = None
    if played is not None:
        move = (played, wwp_card(played_card, deck))
        deck.check(list(w.cards) + [move[1]])
    verdict = wwp.judge(w, wwp_declaration(sentence), rules, move)
    emit_json(verdict.as_dict()) if as_json else click.echo(wwp_report.verdict_text(verdict, chosen_lang()))
    click.get_current_context().exit(0 if verdict.valid else 1)


@patterns.command("click")
@click.argument("wheel")
@click.argument("card")
@wwp_options
def patterns_click(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Click!: can anyone create a pattern with the clicked CARD on WHEEL?"""
    from . import tables as wwp_tables
    from .cards import parse_card as wwp_card
    from .cards import parse_wheel as wwp_wheel
    from .render import text as wwp_report

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck), wwp_card(card, deck)
    deck.check(list(w.cards) + [c])
    found = wwp_tables.moves(w, c, rules)
    emit_json(wwp_report.click_json(w, c, found)) if as_json else click.echo(wwp_report.click_text(w, c, found, chosen_lang()))


@patterns.command("puzzle")
@seed_option
@click.option("--solution", is_flag=True, help="Also print the solution (the JSON always holds it).")
@click.option("--time-limit", type=Seconds(0.1, 86400), default=60, show_default=True,
              help="Seconds to search; no puzzle by then is exit code 4.")
@wwp_options
def patterns_puzzle(seed, solution, time_limit, as_json, deck_file, after, min_occurrences, lenient, extend):
    """A training puzzle: a wheel and a drawn card with exactly one pattern-creating move (CP-SAT).

    A search that finds no puzzle within --time-limit seconds ends with exit code 4.
    """
    from . import model as wwp_model
    from .render import text as wwp_report

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    puzzle = wwp_model.generate_puzzle(deck, seed, rules, time_limit=time_limit)
    emit_json(puzzle.as_dict()) if as_json else click.echo(wwp_report.puzzle_text(puzzle, solution, chosen_lang()))


@patterns.command("wild")
@click.argument("wheel")
@click.argument("card")
@wwp_options
def patterns_wild(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Fill the gaps (_) of WHEEL from the deck so that CARD can create a Wild Wild Pattern (CP-SAT)."""
    from . import model as wwp_model
    from .cards import parse_card as wwp_card
    from .cards import parse_wheel as wwp_wheel
    from .render import text as wwp_report

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck, gaps=True), wwp_card(card, deck)
    found = wwp_model.complete_wild(w, c, deck, rules)
    emit_json(found.as_dict()) if as_json else click.echo(wwp_report.wild_text(found, chosen_lang()))


@patterns.command("stats")
@click.option("--wheels", type=WholeRange(1, 1_000_000), default=10000, show_default=True,
              help="How many random wheels to deal, 1 to 1,000,000 (a few hundred thousand a second).")
@seed_option
@wwp_options
def patterns_stats(wheels, seed, as_json, deck_file, after, min_occurrences, lenient, extend):
    """How often a random wheel holds a Wild Wild Pattern, and a drawn card has no move (95% intervals)."""
    from .render import text as wwp_report
    from .stats import tally as wwp_tally

    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    with progress(None, length=wheels, label=say(chosen_lang(), "patterns.stats.dealing")) as bar:
        rates = wwp_tally(deck, wheels, seed, rules, bar.update)
    emit_json(wwp_report.stats_json(rates, seed)) if as_json else click.echo(wwp_report.stats_text(rates, seed, chosen_lang()))


WWP_BOTS = "clicktown.patterns.game.bots"
patterns.add_command(replay_command("patterns"))


def wwp_game_options(fn, seed=seed_option):
    """The options of patterns play and simulate: table, mode, bots, Bank file, seed, trace."""
    fn = output_file("--trace", "trace_file", help="Write every event as JSON Lines to this file.")(fn)
    fn = seed(fn)
    fn = input_file("--bank", "bank_file", help="Your own Bank / Target / challenge cards file (JSON, like the built-in one).")(fn)
    fn = bots_option(WWP_BOTS)(fn)
    fn = click.option("--mode", type=click.Choice(["saloon", "alive-or-dead"]), default="saloon", show_default=True)(fn)
    fn = click.option("--players", type=WholeRange(2, 4), default=3, show_default=True, help="2 to 4 players.")(fn)
    fn = click.option("--used-challenges", type=click.Choice(["out", "back"]), default="out", show_default=True,
                      help="A used challenge card leaves the game for good ('scheiden aus dem Spiel aus'), or comes "
                           "back in the new deck when it is rebuilt ('die zuvor aus dem Spiel genommenen Karten').")(fn)
    return wwp_options(fn)


@patterns.command("simulate")
@wwp_game_options
@games_option
@workers_option
@rotate_option
def patterns_simulate(used_challenges, players, mode, bots, bank_file, seed, trace_file, as_json, deck_file, after,
                      min_occurrences, lenient, extend, games, workers, rotate):
    """Bots play many games: win rates per seat and bot (95% intervals), rounds, turns, Bank payouts."""
    from . import analysis as wwp
    from .game import simulate as wwp_sim

    rules = wwp.Rules(after, min_occurrences, lenient, extend, used_challenges)
    setup = wwp_sim.Setup(players, mode, table_bots(bots, players, WWP_BOTS, "players"), rotate, deck_file, bank_file, rules,
                          trace=trace_file is not None)
    wwp_sim.check_setup(setup)
    summaries = [record.summary for record in played(wwp_sim.run(setup, games, seed, workers), games, trace_file)]
    result = wwp_sim.summarize(summaries, setup, seed)
    emit_json(result) if as_json else click.echo(wwp_sim.summary_text(result, chosen_lang()))


@patterns.command("play")
@lambda fn: wwp_game_options(fn, play_seed_option)
@click.option("--seat", type=WholeRange(0, 3), default=0, show_default=True, help="Your seat, 0 to players-1.")
@click.option("--reaction", type=Seconds(0, 60), default=5.0, show_default=True,
              help="Seconds the bots take to react: answer the race within them to be first (0: the order is drawn).")
@lang_option
@hints_option
def patterns_play(used_challenges, players, mode, bots, bank_file, seed, trace_file, as_json, deck_file, after,
                  min_occurrences, lenient, extend, seat, reaction, lang, hints):
    """Play against bots at the terminal: the wheel in colour; cover a position, click or wait, then declare.

    The race shows the seconds the bots take to react (a countdown at a terminal) and says when an
    answer came too late. Declarations are typed in English or German, or picked by number after
    '?'; every other choice by its number or its words. With --json the game goes to stderr and the
    result, as JSON, to stdout.
    """
    from ..arena.human import played_winners
    from ..arena.trace import PERSON
    from ..arena.trace_commands import Answers
    from . import analysis as wwp
    from .game import play as wwp_play
    from .game import simulate as wwp_sim
    from .game import view as wwp_view
    from .game.trace import trace_lines

    rules = wwp.Rules(after, min_occurrences, lenient, extend, used_challenges)
    others = table_bots(bots, players - 1, WWP_BOTS, "seat(s) besides yours")
    seats = wwp_play.seat_players(players, seat, list(others))
    setup = wwp_sim.Setup(players, mode, tuple(seats), False, deck_file, bank_file, rules, trace=True)
    seed = dealt_seed(seed, lang, as_json)
    show = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    answers = Answers(lambda prompt: wwp_play.read_answer(prompt, err=as_json))
    if sys.stdin.isatty():
        countdown = wwp_play.Countdown(sys.stdin, click.get_text_stream("stderr" if as_json else "stdout"))
        answers.timed = lambda *question: answers.guarded(countdown, *question)
    human = wwp_play.PatternsHuman(answers, show, lang=lang, hints=hints)
    state = wwp_play.play_against(wwp_sim.start(setup), seat, human, list(others), seed, reaction)
    if state.abandoned:
        show(say(lang, "common.game_abandoned"))
    else:
        show(wwp_view.standings(state, seat, lang)["text"])
    people = [PERSON if s == seat else name for s, name in enumerate(seats)]
    write_trace(trace_file, trace_lines(state, 0, seed, people, deck_file, bank_file))
    answers.check()
    if as_json:
        emit_json({"winners": played_winners(state, state.winners), "reason": state.reason or "abandoned", "rounds": state.round, "turns": state.turn,
                   "dollars_cents": state.cents})
