"""Every sentence a person reads, from the message catalogs: `say(lang, key, **facts)`.

The catalogs are the standard library's `gettext` (GNU `.po` sources with their compiled `.mo`
beside them in `clicktown/locale/<lang>/LC_MESSAGES/clicktown.*`, both shipped in the package):
no extra run-time dependency, the format every translation tool reads, and `msgfmt` (or Babel's
`pybabel compile`) to build them; `make catalogs` compiles, and a test fails when a `.mo` is
older than its `.po`.

A message id is a dotted key (`oldtown.hint.placed`), never an English sentence, so there is one
real catalog per language: English is `en`, German `de`, and a test holds that every key of
one is in the other. A message is a `str.format` template whose fields are the facts it tells:
`say("de", "oldtown.hint.placed", building="die Kirche", plot=3)`. A count that changes the words
takes `say_n(lang, key, n, **facts)` (gettext's plural forms: `{n}` is filled in too).

One exception to dotted keys: the commands' --help. Those texts are click's (a command's docstring,
an option's `help=`), written in English in the code as click expects; their German comes from a
second domain, `clicktown-help` (`clicktown/locale/de/LC_MESSAGES/clicktown-help.po`), whose classic
gettext msgids are the English help texts exactly (`help_text`; `clicktown.helptext` asks for them
while a help page is formatted, so the catalog is read only for German help). The results' messages
keep their dotted keys.

This module is the catalogs' only loader: no other code branches on the language.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

#: The languages with a catalog, the default first.
LANGS = ("en", "de")
DOMAIN = "clicktown"
#: The domain of the --help texts, keyed by their English (English itself needs no catalog).
HELP_DOMAIN = "clicktown-help"
LOCALE = Path(__file__).with_name("locale")


class MissingMessage(LookupError):
    """A key that the catalog of a language does not hold (a bug: every key is in every catalog)."""


@cache
def catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of `lang` (one of LANGS), read once."""
    if lang not in LANGS:
        raise MissingMessage(f"no message catalog for language {lang!r} (choose {', '.join(LANGS)})")
    return gettext.translation(DOMAIN, localedir=str(LOCALE), languages=[lang])


@cache
def help_catalog(lang: str) -> gettext.NullTranslations:
    """The compiled --help catalog of `lang`, read once (none for English: its texts are the keys)."""
    if lang == LANGS[0]:
        return gettext.NullTranslations()
    return gettext.translation(HELP_DOMAIN, localedir=str(LOCALE), languages=[lang])


def help_text(lang: str, english: str) -> str:
    """A --help text of click's, given in English, in `lang` (the English when the catalog lacks it:
    tests/test_help_german.py holds every text of every command to the catalog)."""
    return help_catalog(lang).gettext(english)


def has(lang: str, key: str) -> bool:
    """Whether the catalog of `lang` holds `key`."""
    return catalog(lang).gettext(key) != key


def text(lang: str, key: str) -> str:
    """The template of `key` in `lang`, its fields not filled in."""
    found = catalog(lang).gettext(key)
    if found == key:
        raise MissingMessage(f"the {lang} catalog has no message {key!r}")
    return found


def say(lang: str, key: str, /, **facts) -> str:
    """The message `key` in `lang`, its fields filled in from `facts`."""
    return text(lang, key).format(**facts)


def say_n(lang: str, key: str, n: int, /, **facts) -> str:
    """The message `key` in `lang` in the plural form for the count `n` (`{n}` is filled in)."""
    found = catalog(lang).ngettext(key, key, n)
    if found == key:
        raise MissingMessage(f"the {lang} catalog has no plural message {key!r}")
    return found.format(n=n, **facts)


def keys(lang: str) -> set[str]:
    """Every key the catalog of `lang` holds (read from its `.po` source, for the catalogs' tests)."""
    return set(read_po(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"))


def read_po(path: Path) -> dict[str, tuple[str, ...]]:
    """A `.po` file's messages: key -> its text, or its plural forms in order (header left out).

    Reads what this project writes: `msgid`, `msgid_plural`, `msgstr`, `msgstr[i]`, each a run of
    quoted lines; comments and the header entry are skipped.
    """
    import ast

    messages: dict[str, tuple[str, ...]] = {}
    entry: dict[str, str] = {}
    field = None

    def close() -> None:
        if entry.get("msgid"):
            forms = tuple(entry[k] for k in sorted(k for k in entry if k.startswith("msgstr")))
            messages[entry["msgid"]] = forms
        entry.clear()

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and entry:
                close()
            continue
        if line.startswith('"'):
            entry[field] += ast.literal_eval(line)
            continue
        field, _, rest = line.partition(" ")
        if field == "msgid" and entry.get("msgid") is not None and any(k.startswith("msgstr") for k in entry):
            close()
        entry[field] = ast.literal_eval(rest)
    close()
    return messages


def decimal(lang: str, value: float, places: int) -> str:
    """`value` with `places` decimals, written with the decimal mark of `lang` ('2.50', '2,50')."""
    whole, _, fraction = f"{value:.{places}f}".partition(".")
    return text(lang, "common.decimal").format(whole=whole, fraction=fraction) if fraction else whole


def percent(lang: str, fraction: float, places: int = 1) -> str:
    """A fraction (0..1) as a percentage in the way of `lang` ('40.0%', '40,0 %')."""
    return say(lang, "common.percent", value=decimal(lang, 100 * fraction, places))
