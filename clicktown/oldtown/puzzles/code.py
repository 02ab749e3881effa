"""Puzzle codes: a short text that carries a whole solo scenario, to share a generated puzzle.

A code reads `ot-` and groups of base-32 letters (digits and lower-case letters without i, l, o
and u, so none is read for another), e.g. `ot-1b9f-k2xm-...`. It holds the scenario itself, not
the seed that drew it, so it reproduces the same cards whatever version of the generator runs:

  level        2 bits (none, leicht, mittel, schwer)
  cards        one bit per card of the catalogue, in card-number order
  B bindings   for each B card used, in order: 5 bits, the building's place in the catalogue's
               list (31: left unbound, "my building")
  my buildings 1 bit known; known: one bit per building; unknown: 5 bits, how many
  padding      0 to 4 zero bits, so the rest fills whole letters
  check        10 bits (two letters) of a CRC-32 of the rest, so a mistyped code is refused, not misread

The code depends on the catalogue's card numbers and building list (the built-in ones unless a
user passes their own files). Letters are read case-insensitively; hyphens and spaces are ignored.
"""

from __future__ import annotations

import zlib

from ...errors import ClicktownError
from ..catalogue import LEVELS, Catalogue, Scenario

PREFIX = "ot-"
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
GROUP = 4
UNBOUND = 31
CHECK_BITS = 10
MAX_LENGTH = 80  # far longer than any code of a 60-card catalogue


def is_code(text: str) -> bool:
    """Does the text look like a puzzle code (whether or not it is a valid one)?"""
    return text.strip().lower().startswith(PREFIX)


class _Bits:
    """Bits written and read most significant first, in one integer."""

    def __init__(self, value: int = 0, length: int = 0):
        self.value, self.length = value, length

    def put(self, number: int, width: int) -> None:
        self.value = (self.value << width) | number
        self.length += width

    def take(self, width: int) -> int:
        if width > self.length:
            raise ClicktownError("puzzle code too short")
        self.length -= width
        return (self.value >> self.length) & ((1 << width) - 1)


def scenario_code(catalogue: Catalogue, scenario: Scenario) -> str:
    """The code of a scenario (its cards, B bindings, my buildings and level)."""
    numbers = sorted(catalogue.cards)
    names = list(catalogue.building_names)
    used = set(scenario.card_numbers)
    bits = _Bits()
    bits.put(LEVELS.index(scenario.level) + 1 if scenario.level in LEVELS else 0, 2)
    for n in numbers:
        bits.put(n in used, 1)
    bound = dict(scenario.b)
    for n in numbers:
        if n in bound:
            bits.put(UNBOUND if bound[n] is None else names.index(bound[n]), 5)
    bits.put(scenario.mine is not None, 1)
    if scenario.mine is not None:
        for b in names:
            bits.put(b in scenario.mine, 1)
    else:
        bits.put(scenario.mine_count, 5)
    bits.put(0, -bits.length % 5)
    bits.put(_check(bits), CHECK_BITS)
    return PREFIX + _grouped(_letters(bits))


def scenario_from_code(catalogue: Catalogue, code: str) -> Scenario:
    """The scenario a code carries (its id is the code, written as `scenario_code` writes it)."""
    payload = _payload(code)
    numbers = sorted(catalogue.cards)
    names = list(catalogue.building_names)
    level = payload.take(2)
    used = [n for n in numbers if payload.take(1)]
    kinds = {n: catalogue.cards[n].kind for n in used}
    b = []
    for n in (n for n in used if kinds[n] == "B"):
        index = payload.take(5)
        if index != UNBOUND and index >= len(names):
            raise ClicktownError(f"puzzle code {_shown(code)} binds card {n} to no building")
        b.append((n, None if index == UNBOUND else names[index]))
    if payload.take(1):
        mine = frozenset(x for x in names if payload.take(1))
        count = len(mine)
    else:
        mine, count = None, payload.take(5)
    if payload.length >= 5 or payload.take(payload.length) or not used or count == 0:
        raise ClicktownError(f"puzzle code {_shown(code)} does not hold a scenario of this catalogue")
    scenario = Scenario(id="", level=LEVELS[level - 1] if level else "",
                        a=tuple(n for n in used if kinds[n] == "A"), b=tuple(b),
                        c=tuple(n for n in used if kinds[n] == "C"), mine=mine, mine_count=count)
    scenario = _with_id(scenario, scenario_code(catalogue, scenario))
    catalogue.check_scenario(scenario)
    return scenario


def _with_id(scenario: Scenario, ident: str) -> Scenario:
    from dataclasses import replace

    return replace(scenario, id=ident)


def _check(bits: _Bits) -> int:
    data = bits.value.to_bytes((bits.length + 7) // 8 + 1, "big") + bits.length.to_bytes(2, "big")
    return zlib.crc32(data) & ((1 << CHECK_BITS) - 1)


def _letters(bits: _Bits) -> str:
    """The bits (a multiple of 5) in base-32 letters."""
    return "".join(ALPHABET[(bits.value >> shift) & 31] for shift in range(bits.length - 5, -1, -5))


def _grouped(letters: str) -> str:
    return "-".join(letters[i:i + GROUP] for i in range(0, len(letters), GROUP))


def _payload(code: str) -> _Bits:
    """The bits a code carries before its check (the padding and the check dropped)."""
    text = code.strip().lower()
    if not text.startswith(PREFIX):
        raise ClicktownError(f"{_shown(code)} is not a puzzle code (codes start with {PREFIX})")
    letters = "".join(ch for ch in text[len(PREFIX):] if ch not in "- ")
    if not letters or len(text) > MAX_LENGTH:
        raise ClicktownError(f"puzzle code {_shown(code)} has {'no' if not letters else 'too many'} letters")
    bad = sorted({ch for ch in letters if ch not in ALPHABET})
    if bad:
        raise ClicktownError(f"puzzle code {_shown(code)} has letters no code uses: {' '.join(bad)}")
    value = 0
    for ch in letters:
        value = value << 5 | ALPHABET.index(ch)
    payload = _Bits(value >> CHECK_BITS, 5 * len(letters) - CHECK_BITS)
    if payload.length > 0 and _check(payload) == value & ((1 << CHECK_BITS) - 1):
        return payload
    raise ClicktownError(f"puzzle code {_shown(code)} is mistyped (its check letters do not match)")


def _shown(code: str) -> str:
    text = " ".join(str(code).split())
    return repr(text if len(text) <= 40 else text[:37] + "...")
