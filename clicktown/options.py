"""The option types and helpers every game's command group shares (cli.py mounts the groups).

Nothing heavy is imported here: the commands import what they call when they run.
"""

from __future__ import annotations

import functools
import importlib
import math
import os
from contextlib import contextmanager

import click

from . import helptext
from .output import progress


class WholeRange(click.IntRange):
    """A whole number in a range, written in ASCII digits (an optional sign, at most 30 digits).

    Click's own IntRange takes whatever `int()` takes: "٣", "1_000" and numbers thousands of digits long.
    """

    def convert(self, value, param, ctx):
        from .numbers import is_integer_text

        if isinstance(value, str) and not is_integer_text(value):
            self.fail(f"{value[:40]!r} is not a whole number (ASCII digits 0-9)", param, ctx)
        return super().convert(value, param, ctx)


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
    longest = _longest_name(parent)
    if len(os.fsencode(os.path.basename(path))) > longest:
        kind.fail(f"the file name {os.path.basename(path)[:40]!r}... is longer than the {longest} bytes the "
                  f"file system takes", param, ctx)
    if not os.path.isdir(parent):
        kind.fail(f"the directory of {path!r} does not exist", param, ctx)
    if not os.access(parent, os.W_OK | os.X_OK):
        kind.fail(f"cannot write into the directory of {path!r}", param, ctx)
    from .writing import special_file

    if not special_file(path):
        problem = _cannot_create_in(parent)
        if problem:
            kind.fail(f"cannot write into the directory of {path!r}: {problem}", param, ctx)


def _cannot_create_in(directory: str) -> str | None:
    """What stops a file being made in `directory`, found by making (and removing) an empty one; None if nothing.

    Permissions alone do not say it: the superuser passes every access check, yet cannot make a
    file in /proc or on a read-only mount.
    """
    import tempfile

    from .writing import problem

    try:
        handle, name = tempfile.mkstemp(prefix=".clicktown-probe-", dir=directory)
    except OSError as exc:
        return problem(exc)
    os.close(handle)
    try:
        os.unlink(name)
    except OSError:
        pass
    return None


def _longest_name(directory: str) -> int:
    """The longest file name (in bytes) the file system of `directory` takes (255 when it cannot say)."""
    while directory and not os.path.isdir(directory):
        directory = os.path.dirname(directory)
    try:
        return os.pathconf(directory or ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


class TranslatedHelp:
    """A command or group whose --help page is in the language of `helptext.help_lang` (its --lang when
    given before --help, else $CLICKTOWN_LANG): click formats copies of it and of its parameters whose
    help texts come from the help catalog, with `helptext.Formatter`'s headings."""

    def get_help(self, ctx):
        lang = helptext.help_lang(ctx)
        if lang == "en":
            return super().get_help(ctx)
        ctx.formatter_class = helptext.Formatter
        with helptext.speaking(lang):
            return super().get_help(ctx)

    def format_help_text(self, ctx, formatter):
        if helptext.spoken() == "en":
            return super().format_help_text(ctx, formatter)
        return super(TranslatedHelp, helptext.worded(self)).format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        if helptext.spoken() == "en":
            return super().get_short_help_str(limit)
        return super(TranslatedHelp, helptext.worded(self)).get_short_help_str(limit)

    def get_params(self, ctx):
        params = super().get_params(ctx)
        return params if helptext.spoken() == "en" else [helptext.worded(param) for param in params]


class HelpCommand(TranslatedHelp, click.Command):
    """A plain command whose --help follows the language asked for (see TranslatedHelp)."""


class GuardedCommand(TranslatedHelp, click.Command):
    """A command that refuses, before any work, an output file that is one of its own input files.

    Every such command that prints words for a person takes `--lang en|de` (`lang_option`): a command
    that declares no `lang` parameter of its own gets the shared option, its value read with
    `chosen_lang()`. A command whose output holds no words for a person is made with `words=False`.
    """

    def __init__(self, *args, words: bool = True, **kw):
        super().__init__(*args, **kw)
        self.words = words
        if words and not any(p.name == "lang" for p in self.params):
            self.params.append(click.Option(["--lang"], expose_value=False, **LANG))

    def invoke(self, ctx):
        from .writing import refuse_inputs

        outputs, inputs = [], []
        for param in self.params:
            value = ctx.params.get(param.name)
            if isinstance(value, str):
                if isinstance(param.type, OutputFile):
                    outputs.append((param.opts[0], value))
                elif isinstance(param.type, InputFile):
                    inputs.append((param.opts[0] if param.opts[0].startswith("-") else param.human_readable_name, value))
        try:
            refuse_inputs(outputs, inputs)
        except Exception as exc:
            raise click.UsageError(str(exc), ctx) from None
        return super().invoke(ctx)


class GameGroup(TranslatedHelp, click.Group):
    """A game's command group: its commands are GuardedCommands, its subgroups GameGroups; its --help
    is in the language of $CLICKTOWN_LANG (a group has no --lang of its own)."""

    command_class = GuardedCommand


GameGroup.group_class = GameGroup


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


class BotsOption(click.Option):
    """`--bots`: its help names the game's bots, read from the game's registry only when help is shown."""

    def __init__(self, *args, registry: str, **kw):
        self.registry = registry
        super().__init__(*args, **kw)
        self.rule = self.help

    def get_help_record(self, ctx):
        names = importlib.import_module(self.registry).BOTS
        budget = " " + helptext.tr(MCTS_BUDGET) if "mcts" in names else ""
        self.help = f"{self.rule} {helptext.tr('The bots:')} {', '.join(leveled(self.registry, names))}.{budget}"
        return super().get_help_record(ctx)


MCTS_BUDGET = "mcts takes a budget: mcts:400 (simulations a move) or mcts:0.3s (seconds a move)."


def leveled(registry: str, names) -> list[str]:
    """Each bot's name with its level (levels.json, worded by the catalog): "mcts (strong)"; where the
    games sharing the bots module differ, each game's: "mcts (Sequence: strong, Sequence Numbers: medium)"."""
    from .games import GAMES
    from .messages import say

    specs = [spec for spec in GAMES.values() if spec.make_bot.path.partition(":")[0] == registry]
    words = []
    for name in names:
        levels = {spec.title: say(helptext.spoken(), f"bots.level.{spec.bot_level(name)}") for spec in specs}
        told = next(iter(levels.values())) if len(set(levels.values())) == 1 else \
            ", ".join(f"{title}: {level}" for title, level in levels.items())
        words.append(f"{name} ({told})")
    return words


def bots_option(registry: str):
    """--bots for play and simulate; `registry` is the game's bots module (its BOTS and make_bot)."""
    return click.option("--bots", cls=BotsOption, registry=registry, default="greedy", show_default=True,
                        help="Bots by seat, comma-separated, repeated round the table (in play: the seats "
                             "other than yours, in order).")


def table_bots(text: str, seats: int, registry: str, seats_text: str = "seats") -> tuple[str, ...]:
    """The --bots text as one checked name per seat (see arena.seating); an old name gets a note on stderr."""
    from .arena.seating import bot_list

    bots = importlib.import_module(registry)
    aliases = getattr(bots, "ALIASES", {})
    names, renamed = bot_list(text, seats, bots.make_bot, aliases, seats_text)
    for old in renamed:
        click.echo(f"note: the bot {old!r} is now called {aliases[old]!r}", err=True)
    return names


games_option = click.option("--games", type=WholeRange(1, 1_000_000), default=100, show_default=True,
                            help="How many games.")
workers_option = click.option("--workers", type=WholeRange(1, 64), default=1, show_default=True,
                              help="Worker processes (same results whatever the number).")
rotate_option = click.option("--rotate", is_flag=True, default=False,
                             help="Turn the bots one seat round the table from game to game.")


json_option = click.option("--json", "as_json", is_flag=True, help="Print the results as JSON on stdout.")
seed_option = click.option("--seed", type=WholeRange(0, 2**32 - 1), default=0, show_default=True,
                           help="Random seed, 0 to 2**32-1; the same seed gives the same results.")


play_seed_option = click.option("--seed", type=WholeRange(0, 2**32 - 1), default=None,
                                help="Random seed, 0 to 2**32-1, to play a game again (default: a new game each "
                                     "time, its seed printed).")


def dealt_seed(seed: int | None, lang: str, err: bool) -> int:
    """The seed a game is dealt from: the one given, or a random one; a random one is printed
    ('seed 123456: play this game again with --seed 123456'), on stderr when the results are JSON."""
    if seed is not None:
        return seed
    import secrets

    from .messages import say

    seed = secrets.randbelow(2**32)
    click.echo(say(lang, "common.seed_again", seed=seed), err=err)
    return seed


def played(records, games: int, trace_file: str | None):
    """Simulated games' records as they end (with a progress bar), each game's events written to the trace.

    The events of a written game are dropped from its record, so a long run holds only the summaries.
    """
    from contextlib import nullcontext

    from .arena.trace import write_events
    from .messages import say
    from .writing import replacing

    finished = 0
    with (replacing(trace_file, keep_on_interrupt=True) if trace_file else nullcontext()) as stream:
        try:
            with progress(records, length=games, label=say(chosen_lang(), "simulate.playing")) as bar:
                for record in bar:
                    if stream:
                        write_events(stream, record.events)
                        record.events = []
                    finished += 1
                    yield record
        except KeyboardInterrupt:
            if not stream:
                raise
            from .messages import say_n

            # what was kept rides on the interrupt, so that the command's one line says it
            raise KeyboardInterrupt(say_n(chosen_lang(), "cli.trace_kept", finished, trace=trace_file, games=games)) from None


def write_trace(trace_file: str | None, events: list[dict]) -> None:
    """Write one game's events to the trace file as JSON Lines (nothing when no file was named)."""
    if trace_file:
        from .arena.trace import write_events
        from .writing import replacing

        with replacing(trace_file) as stream:
            write_events(stream, events)


def input_file(*names: str, stdin: bool = False, **kw):
    """An option or argument naming a data file to read (see InputFile)."""
    return click.option(*names, type=InputFile(stdin), **kw)


def output_file(*names: str, **kw):
    """An option naming a file to write, checked writable before work starts (see OutputFile)."""
    return click.option(*names, type=OutputFile(), **kw)


#: The --lang of the command run last in this process, for the lines told after its context has
#: ended (an interrupt, SIGTERM, a failed write); `forget_lang` sets it back at each command line.
_TOLD = {"lang": "en"}


def _keep_lang(ctx, param, value):
    ctx.meta["lang"] = _TOLD["lang"] = value
    return value


def forget_lang() -> None:
    """A new command line starts in English until its --lang is read."""
    _TOLD["lang"] = "en"


class LangChoice(click.Choice):
    """--lang's languages; a wrong value taken from $CLICKTOWN_LANG says that it came from there."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            if ctx is None or ctx.get_parameter_source(param.name) is not click.core.ParameterSource.ENVIRONMENT:
                raise
            self.fail(f"{value[:40]!r} (from ${helptext.LANG_VARIABLE}) is not one of {', '.join(map(repr, self.choices))}",
                      param, ctx)


#: `--lang`: eager, so that `--lang de --help` shows the help in German; its default is $CLICKTOWN_LANG.
LANG = dict(type=LangChoice(["en", "de"]), default="en", show_default=True, callback=_keep_lang,
            envvar=helptext.LANG_VARIABLE, is_eager=True,
            help="Language of the words printed: en or de; $CLICKTOWN_LANG sets the default.")


def lang_option(fn):
    """`--lang en|de`: the language of the words a command prints (its value also kept for `chosen_lang`)."""
    return click.option("--lang", **LANG)(fn)


def chosen_lang() -> str:
    """The --lang of the command being run; outside a command, that of the command just run ('en'
    before any)."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get("lang", _TOLD["lang"]) if ctx is not None else _TOLD["lang"]

hints_option = click.option("--hints/--no-hints", default=None,
                            help="Say what each card would do: Old Town's status and why, Wild Wild Pattern's payout, "
                                 "Sequence's cells (default: on, except Sequence Numbers' answers).")


class Seconds(click.FloatRange):
    """A number of seconds in a range; `nan` and `inf` are refused (every comparison with nan is false)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not (value.isascii() and len(value) <= 40):
            self.fail(f"{value[:40]!r} is not a number of seconds (ASCII digits 0-9)", param, ctx)
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        return number


RING_AGAIN = 0.05  # seconds between the rings of `within` once its limit is past


class _OutOfTime(BaseException):
    """The alarm of `within`: a BaseException, so no `except Exception` in a search can swallow it."""


@contextmanager
def within(seconds: float | None):
    """Run the block for at most `seconds` (wall clock), else raise TimeUp: "no answer within N s".

    The bound is an interval timer (SIGALRM), so it stops any search written in Python wherever it
    is; it only arms in the main thread (a command run by the CLI) and never with `seconds` None.
    Past the limit it rings again every `RING_AGAIN` seconds until the block has stopped: a ring
    that lands inside a finaliser (a dropped generator's close, a `__del__`) is swallowed by Python
    ("Exception ignored in ..."), and the next one stops the block.
    """
    import signal
    import threading

    from .errors import TimeUp

    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum, frame):
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds, RING_AGAIN)
    try:
        yield
    except _OutOfTime:
        signal.setitimer(signal.ITIMER_REAL, 0)
        raise TimeUp(f"no answer within {seconds:g} s (raise --time-limit)") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def time_limit_option(default: float, what: str = "no answer"):
    """`--time-limit SECONDS` for a command that searches: the whole run is bounded by `within`.

    Past the limit the command writes nothing and exits 4 with "no answer within N s".
    """
    def decorate(fn):
        @functools.wraps(fn)
        def bounded(*args, time_limit, **kw):
            with within(time_limit):
                return fn(*args, **kw)

        return click.option("--time-limit", type=Seconds(0.1, 86400), default=default, show_default=True,
                            help=f"Seconds to search; {what} by then is exit code 4.")(bounded)

    return decorate
