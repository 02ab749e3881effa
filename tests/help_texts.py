"""Every --help text of the command tree, as the help catalog is keyed: for tests/test_help_german.py."""

from __future__ import annotations

import inspect

import click

from clicktown import helptext, options
from clicktown.cli import GROUPS, cli


#: click's help option's help (made per context, so not among a command's params)
HELP_OPTION = "Show this message and exit."


def command_tree(command=cli, path=("clicktown",)):
    """(path, command) for the root and every group and command under it, the games' imported."""
    yield path, command
    if isinstance(command, click.Group):
        commands = command.every_command() if hasattr(command, "every_command") else command.commands
        for name in sorted(commands):
            yield from command_tree(commands[name], path + (name,))


def texts_of(command, path) -> set[str]:
    """A command's help texts: its help (as click cleans it), short help, its parameters' help."""
    found = set()
    if command.help:
        found.add(inspect.cleandoc(command.help).partition("\f")[0])
    if command.short_help:
        found.add(inspect.cleandoc(command.short_help))
    for param in command.params:
        if isinstance(param, options.BotsOption):
            found |= {param.rule, "The bots:", options.MCTS_BUDGET}
        elif getattr(param, "help", None):
            found.add(param.help)
        if isinstance(getattr(param, "show_default", None), str):
            found.add(param.show_default)
    return found


def every_help_text() -> set[str]:
    """Every English text a German help page asks the help catalog for."""
    found = set(helptext.CLICK_WORDS) | {about for _, about in GROUPS.values()} | {HELP_OPTION}
    for path, command in command_tree():
        found |= texts_of(command, path)
    return found
