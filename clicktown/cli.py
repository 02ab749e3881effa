"""The `clicktown` command line: parse, call the engines, print.

No game logic lives here. Every command that prints results takes `--json` (results on stdout,
messages on stderr). Exit codes: 0 success or a positive verdict, 1 a negative verdict, 2 bad input
or usage (or the environment: a full disk), 4 no answer within --time-limit (one line on stderr, never a traceback), 3 an internal error (a bug: one line naming it).

This module builds the root group, handles errors and mounts each game's command group, as the
game's spec in `clicktown.games.GAMES` names it; the option types they share are in `options.py`.
Start-up stays light: nothing heavy (OR-Tools, networkx, python-constraint, pydantic, the game
engines) is imported when this module loads, and a game's commands are imported only when the
command line names that game (`GROUPS`).
"""

from __future__ import annotations

import errno
import os
import sys

import click

from .errors import ClicktownError, one_line
from .games import command_groups
from .helptext import tr
from .options import TranslatedHelp, WholeRange, chosen_lang, forget_lang

#: The command groups: the games' (from their specs) and `serve`: name -> (module, the group's first
#: line of help, shown by `clicktown --help` without importing it; tests/test_startup.py holds it to
#: the group's own).
GROUPS = {
    **command_groups(),
    "serve": ("clicktown.web.commands",
              "Play in the browser: Old Town's solo puzzles and the games, on http://127.0.0.1:8765/."),
}


class ClicktownGroup(TranslatedHelp, click.Group):
    """A click group whose errors are one line on stderr, never a traceback.

    Exit codes: 2 bad input or usage, 3 an internal error (a bug), 130 interrupted, 143 SIGTERM; the commands
    themselves return 0 or, for a negative verdict, 1.
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if sys.stdout is None:  # started with stdout closed: printing results fails as a write would
            sys.stdout = _ClosedOutput()
        if sys.stdin is None:  # started with stdin closed: reading it finds its end at once
            import io

            sys.stdin = io.StringIO("")
        previous = _end_on_sigterm()
        forget_lang()
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            _flush_results()
        except click.exceptions.NoArgsIsHelpError as exc:  # `clicktown` or a group alone: its help
            click.echo(exc.ctx.get_help())
            code = 0
        except click.UsageError as exc:
            code = _fail(exc.format_message(), exc.ctx)
        except ClicktownError as exc:
            code = _fail(str(exc), exit_code=getattr(exc, "exit_code", 2))
        except click.ClickException as exc:
            code = _fail(exc.format_message(), exit_code=exc.exit_code)
        except click.Abort as exc:  # click raises it for Ctrl-C and for the end of standard input
            ended = isinstance(exc.__cause__ or exc.__context__, EOFError)
            code = _fail("standard input ended before the command was done") if ended else _interrupted()
        except (KeyboardInterrupt, Interrupted) as exc:
            code = _interrupted(exc)
        except Terminated:
            code = _terminated()
        except (BrokenPipeError, ReaderGone):
            code = _quiet_pipe()
        except OSError as exc:  # the environment (a full disk, a closed output), not a bug
            code = _fail(_os_problem(exc))
        except Exception as exc:  # a bug: still one line, never a traceback, with its own exit code
            if os.environ.get("CLICKTOWN_DEBUG"):
                raise
            code = _fail(f"internal error ({exc.__class__.__name__}: {exc}); this is a bug in clicktown, "
                         f"CLICKTOWN_DEBUG=1 shows where", exit_code=3)
        finally:
            _restore_sigterm(previous)
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx):
        """Run the command; an interrupt or a closed pipe passes click's own handling (a blank line and
        `Aborted!`, exit 1 for a closed pipe) untouched, to be told in one line by `main`."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise Interrupted(*exc.args) from None
        except BrokenPipeError:
            raise ReaderGone from None

    def list_commands(self, ctx) -> list[str]:
        return sorted(set(self.commands) | set(GROUPS))

    def get_command(self, ctx, name: str):
        """A command by name; a game's group is imported the first time it is asked for."""
        if name not in self.commands and name in GROUPS:
            import importlib

            self.add_command(getattr(importlib.import_module(GROUPS[name][0]), name))
        return self.commands.get(name)

    def format_commands(self, ctx, formatter) -> None:
        """The commands' lines of help, the games' from GROUPS (so that help imports no game)."""
        rows = [(name, tr(GROUPS[name][1]) if name in GROUPS else self.commands[name].get_short_help_str())
                for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def every_command(self) -> dict:
        """Every command, the games' groups imported (for tools that walk the whole tree)."""
        for name in GROUPS:
            self.get_command(None, name)
        return self.commands


def _fail(text: str, ctx: click.Context | None = None, exit_code: int = 2) -> int:
    """Print a one-line error (naming the command when known) and return the exit code."""
    where = f"{ctx.command_path}: " if ctx is not None else "clicktown: "
    click.echo(where + "error: " + one_line(text), err=True)
    return exit_code


def _flush_results() -> None:
    """Push out what is still buffered on stdout now, so a failed write is reported like any other."""
    sys.stdout.flush()


class _ClosedOutput:
    """Stands for a closed stdout: any write of results is an OSError, reported in one line."""

    encoding = "utf-8"

    def write(self, text):
        if text:
            raise OSError(9, "standard output is closed")
        return 0

    def flush(self):
        pass

    def isatty(self):
        return False


#: The OS errors that only a write meets (a full disk, a quota, a file too large, a read-only file system)
_WRITING_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EROFS") if hasattr(errno, name))


def _os_problem(exc: OSError) -> str:
    """One line: the operation that failed, on which file, and what the OS said ("cannot read X: ...",
    "cannot write X: ..."; standard input or output when no file is named); when the operation is not
    known, only the file and what the OS said."""
    from .messages import say
    from .writing import problem

    operation = _failed_operation(exc)
    if exc.filename is not None:
        what = str(exc.filename)
    elif operation is not None:
        what = say(chosen_lang(), "cli.standard_input" if operation == "read" else "cli.standard_output")
    else:
        return problem(exc)
    if operation is None:
        return say(chosen_lang(), "cli.os_problem", file=what, problem=problem(exc))
    return say(chosen_lang(), f"cli.cannot_{operation}", file=what, problem=problem(exc))


def _failed_operation(exc: OSError) -> str | None:
    """"read" or "write": told by the error (one only a write meets) or by the innermost function it
    came through that names one (a prompt reads, an echo or a flush writes); None when neither tells."""
    if exc.errno in _WRITING_ERRNOS:
        return "write"
    names, step = [], exc.__traceback__
    while step is not None:
        names.append(step.tb_frame.f_code.co_name.lower())
        step = step.tb_next
    for name in reversed(names):
        if "read" in name or "prompt" in name:
            return "read"
        if any(word in name for word in ("write", "echo", "flush")):
            return "write"
    return None


def _interrupted(exc: BaseException | None = None) -> int:
    """Ctrl-C: one line (what was kept, when the interrupt says so), the shell's code for an interrupt."""
    from .messages import say

    kept = exc.args[0] if exc is not None and exc.args else ""
    click.echo(say(chosen_lang(), "cli.interrupted_kept", kept=kept) if kept else say(chosen_lang(), "cli.interrupted"), err=True)
    return 130


class Interrupted(BaseException):
    """Ctrl-C during a command; its argument, when given, says what was kept."""


class ReaderGone(BaseException):
    """The reader of our output went away during a command."""


class Terminated(BaseException):
    """SIGTERM arrived: the command ends at once, like Ctrl-C, but keeps nothing it was writing.

    A BaseException (as KeyboardInterrupt is), so no `except Exception` on the way swallows it.
    """


def _end_on_sigterm():
    """Turn SIGTERM into Terminated for this command (main thread only); the previous handler, or None."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None

    def terminate(signum, frame):
        raise Terminated

    return signal.signal(signal.SIGTERM, terminate)


def _restore_sigterm(previous) -> None:
    if previous is not None:
        import signal

        signal.signal(signal.SIGTERM, previous)


def _terminated() -> int:
    """SIGTERM: one line, 128 + 15 as a shell reports a process that SIGTERM ended."""
    from .messages import say

    click.echo(say(chosen_lang(), "cli.terminated"), err=True)
    return 143


def _quiet_pipe() -> int:
    """The reader of our output went away (`clicktown ... | head`): stop quietly."""
    try:  # what is still buffered goes nowhere, so the interpreter's exit does not complain either
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 0  # the reader chose to stop: not a failure, and not a negative verdict



def _file_cap(ctx, param, value):
    """Set the readers' size cap when --max-file-mb is given (the default cap lives in datafiles)."""
    if ctx.get_parameter_source(param.name) is not click.core.ParameterSource.DEFAULT:
        from . import datafiles

        datafiles.limits.max_bytes = value * 1024 * 1024
    return value


@click.group(cls=ClicktownGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="clicktown")
@click.option("--max-file-mb", type=WholeRange(1, 4096), default=20, show_default=True, expose_value=False,
              callback=_file_cap, is_eager=True, help="Refuse data files larger than this many megabytes.")
def cli():
    """Solve, check, grade and generate puzzles for Old Town, Wild Wild Pattern and Sequence."""


def main():
    """Run the command line (the console script enters through clicktown.start, which calls this)."""
    cli.main(prog_name="clicktown")



if __name__ == "__main__":  # pragma: no cover
    main()
