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
def patterns_list(wheel, as_json, deck_file, after, min_occurrences, lenient, extend):
    """Every valid pattern on WHEEL."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w = wwp_wheel(wheel, deck)
    found = wwp.valid_patterns(w, rules)
    emit_json(wwp_report.list_json(w, found)) if as_json else click.echo(wwp_report.list_text(w, found))


@patterns.command("moves")
@click.argument("wheel")
@click.argument("card")
@wwp_options
def patterns_moves(wheel, card, as_json, deck_file, after, min_occurrences, lenient, extend):
    """For each position, the patterns that covering it with CARD creates, and the best move."""
    deck, rules = wwp_setup(deck_file, after, min_occurrences, lenient, extend)
    w, c = wwp_wheel(wheel, deck), wwp_card(card, deck)
    deck.check([x for x in w.cards] + [c])
    found = wwp.moves(w, c, rules)
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

@cli.group()
def sequence():
    """Sequence and Sequence Numbers (Jax): board analysis and "win in N" puzzles."""


if __name__ == "__main__":  # pragma: no cover
    main()
