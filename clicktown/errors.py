"""The one exception the engines raise for bad input or bad data.

The CLI turns it into a one-line message on stderr and exit code 2.
"""


class ClicktownError(Exception):
    """Bad input or a broken data file; the message names the problem in one line."""


class DataError(ClicktownError):
    """A data file (built-in or the user's own) is missing, malformed or inconsistent."""


class IllegalAction(ClicktownError):
    """An engine's `apply_action` was given an action the rules do not allow now (or the game is over)."""


class TimeUp(ClicktownError):
    """A search found no answer within its time limit (`--time-limit`): exit code 4, not a verdict."""

    exit_code = 4


#: The longest error message printed, in characters (a whole pydantic message fits well within it).
MESSAGE_CAP = 600


def one_line(text, cap: int = MESSAGE_CAP) -> str:
    """`text` on one line (runs of blanks and line breaks become one space), whole up to `cap` characters.

    A longer text is cut at the last word boundary before the cap and ends in "…", never mid-word.
    """
    text = " ".join(str(text).split())
    if len(text) <= cap:
        return text
    cut = text[: cap - 1]
    space = cut.rfind(" ")
    if space > cap // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"
