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
    """Wild Wild Pattern (Kaleidos Games): patterns on the wheel of 8 cards."""


# --------------------------------------------------------------------------------------------
# Sequence and Sequence Numbers
# --------------------------------------------------------------------------------------------

@cli.group()
def sequence():
    """Sequence and Sequence Numbers (Jax): board analysis and "win in N" puzzles."""


if __name__ == "__main__":  # pragma: no cover
    main()
