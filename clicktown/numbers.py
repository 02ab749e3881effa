"""The one reader of whole numbers that a person types or a file holds.

`str.isdigit()` accepts "²" and "٣", and `int()` of a 5,000-digit string costs time and raises on
the platform's digit cap; neither belongs in a prompt or a cell. `whole_number` takes ASCII digits
only, at most `MAX_DIGITS` of them, with blanks around ignored, and answers None for anything else.
"""

from __future__ import annotations

#: The longest whole number accepted, in digits (no count, plot, seat or card needs more).
MAX_DIGITS = 30

_DIGITS = frozenset("0123456789")
ASCII_BLANKS = " \t\r\n\f\v"


def whole_number(text, max_digits: int = MAX_DIGITS) -> int | None:
    """The value of `text` when it is 1 to `max_digits` ASCII digits (blanks around allowed), else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > max_digits or not _DIGITS.issuperset(text):
        return None
    return int(text)


def number_in(text, low: int, high: int) -> int | None:
    """`whole_number(text)` when it lies in low..high (both included), else None."""
    value = whole_number(text)
    return value if value is not None and low <= value <= high else None


def is_integer_text(text: str, max_digits: int = MAX_DIGITS) -> bool:
    """Whether `text` is an optional sign and 1 to `max_digits` ASCII digits (ASCII blanks around allowed).

    `int()` also takes "٣", "1_000" and numbers of any length; an option must not.
    """
    digits = text.strip(ASCII_BLANKS)
    if digits[:1] in ("-", "+"):
        digits = digits[1:]
    return 0 < len(digits) <= max_digits and _DIGITS.issuperset(digits)
