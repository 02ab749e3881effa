"""What the games' commands share about traces: `<game> replay TRACE`, and a person's answers at the
terminal read until standard input ends (the game is then abandoned, and its trace still written)."""

from __future__ import annotations

from typing import Callable

import click

from ..errors import ClicktownError

INPUT_ENDED = "standard input ended before the game was over"


class Answers:
    """A person's answers, `ask(prompt)`; once standard input ends (Ctrl-D), the answer is `quit`
    and `ended` is set, so the game is abandoned as if the person had typed it."""

    def __init__(self, ask: Callable[[str], str]):
        self.ask, self.ended = ask, False

    def __call__(self, prompt: str) -> str:
        return self.guarded(self.ask, prompt)

    def guarded(self, ask: Callable[..., str], *question) -> str:
        """`ask(*question)`, or `quit` once standard input has ended."""
        try:
            return ask(*question)
        except EOFError:
            self.ended = True
        except click.Abort as exc:  # click.prompt: Ctrl-C, or the end of standard input
            if not isinstance(exc.__cause__ or exc.__context__, EOFError):
                raise
            self.ended = True
        return "quit"

    def check(self) -> None:
        """After the game (and its trace) is written: a game cut short by the end of input is an error."""
        if self.ended:
            raise ClicktownError(INPUT_ENDED)


def replay_command(group: str) -> click.Command:
    """`<group> replay TRACE`: replay each game of a trace of the group's games through its engine
    (the games' `start_state`, clicktown.games); exit 1 on the first line the engine refuses, 2 on a
    malformed file."""
    from ..options import GuardedCommand, InputFile, json_option, lang_option

    @click.command("replay", cls=GuardedCommand)
    @click.argument("trace_file", metavar="TRACE", type=InputFile())
    @lang_option
    @json_option
    def replay(trace_file, lang, as_json):
        """Replay a trace (JSON Lines of simulate --trace, play --trace or a table) through the engine.

        Every action is applied again and every told event and result checked; exit 1 names the
        first line the engine refuses, exit 2 a malformed trace. Prints what each game came to.
        """
        from ..datafiles import read_text
        from ..games import GAMES, start_state
        from ..output import emit_json
        from .trace import replay_trace

        lines = read_text(trace_file).splitlines(keepends=True)
        names = tuple(name for name, spec in GAMES.items() if spec.command == group)
        games = replay_trace(lines, start_state, names)
        if as_json:
            emit_json({"games": [g.as_dict() for g in games], "replayed": len(games)})
        else:
            click.echo(summary_text(games, lang))

    return replay


def summary_text(games, lang: str = "en") -> str:
    """One line per replayed game, then how many were replayed."""
    from ..games import GAMES
    from ..messages import say, say_n

    lines = []
    for g in games:
        winners = ", ".join(map(str, g.winners)) or "-"
        title = GAMES[g.game].title if g.game in GAMES else g.game
        lines.append(say(lang, "trace.replayed.game", index=g.index, game=title, seed=g.seed, line=g.line,
                         actions=g.actions, events=g.events, winners=winners, reason=end_words(g.game, g.reason, lang)))
    lines.append(say_n(lang, "trace.replayed.games", len(games)))
    return "\n".join(lines)


def end_words(game: str, reason: str, lang: str) -> str:
    """Why a game ended, in `lang`: its game's words for the reason (`<command>.end.<reason>`), a game a
    person quit as abandoned, an unknown reason as it is."""
    from ..games import GAMES
    from ..messages import has, say
    from .trace import ABANDONED, end_key

    key = end_key(GAMES[game].command, reason) if game in GAMES else ""
    if key and has(lang, key):
        return say(lang, key)
    return say(lang, "common.game_abandoned") if reason == ABANDONED else reason
