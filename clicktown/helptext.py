"""The commands' --help in the language asked for: click's help texts, translated when help is formatted.

The help texts stay in the code in English, as click writes them; another language's come from the
`clicktown-help` catalog, keyed by the English text itself (see `clicktown.messages.help_text`). While a
help page is formatted (`speaking`), the commands (`options.TranslatedHelp`) hand click copies of
themselves and of their parameters whose texts (and an option's worded default) are translated, and `Formatter` words click's own
headings ("Usage:", "Options:", "Commands:") and the options' "[default: ...]" and "[required]".
Nothing here is imported from click's internals, and the catalog is read only for a page not in English.
"""

from __future__ import annotations

import copy
import inspect
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar

import click

#: The environment variable naming the default of every command's --lang, and the groups' help language.
LANG_VARIABLE = "CLICKTOWN_LANG"

_SPEAKING: ContextVar[str] = ContextVar("help_lang", default="en")


def help_lang(ctx: click.Context) -> str:
    """The language of `ctx`'s help page: the command's --lang when already read (it is eager), else
    $CLICKTOWN_LANG when it names a language, else English."""
    from .messages import LANGS

    told = ctx.meta.get("lang") or os.environ.get(LANG_VARIABLE, "en")
    return told if told in LANGS else "en"


@contextmanager
def speaking(lang: str):
    """Format help in `lang` inside the block."""
    token = _SPEAKING.set(lang)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def spoken() -> str:
    """The language help is being formatted in ('en' outside a help page)."""
    return _SPEAKING.get()


def tr(english: str | None) -> str | None:
    """`english` (a help text, exactly as click has it) in the language being spoken."""
    if not english or spoken() == "en":
        return english
    from .messages import help_text

    return help_text(spoken(), english)


def worded(thing):
    """A copy of a command or parameter whose help texts are in the language being spoken (a command's
    help as click cleans it; a BotsOption's help is made from its translated `rule` when shown)."""
    twin = copy.copy(thing)
    names = ("rule",) if hasattr(thing, "rule") else ("help", "short_help", "show_default")
    for name in names:
        value = getattr(thing, name, None)
        if isinstance(value, str):
            setattr(twin, name, tr(inspect.cleandoc(value).partition("\f")[0] if isinstance(thing, click.Command) else value))
    return twin


#: click's own words on a help page (its catalog's), worded by the help catalog too.
CLICK_WORDS = ("Usage:", "Options", "Commands", "Arguments", "default", "required")


class Formatter(click.HelpFormatter):
    """click's formatter with its own words (the headings, an option's default) in the language spoken."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, prefix if prefix is not None else f"{tr('Usage:')} ")

    def section(self, name: str):
        return super().section(tr(name))

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(term, _extras(text)) for term, text in rows], col_max, col_spacing)


EXTRAS = re.compile(r"(?:^|  )\[([^\[\]]*)\]$")


def _extras(text: str) -> str:
    """An option's help with click's "[default: x; required]" in the language spoken."""
    found = EXTRAS.search(text)
    if not found:
        return text
    items = [f"{tr('default')}: {item[len('default: '):]}" if item.startswith("default: ")
             else tr(item) if item == "required" else item for item in found.group(1).split("; ")]
    return f"{text[:found.start(1)]}{'; '.join(items)}]"
