"""The one exception the engines raise for bad input or bad data.

The CLI turns it into a one-line message on stderr and exit code 2.
"""


class ClicktownError(Exception):
    """Bad input or a broken data file; the message names the problem in one line."""


class DataError(ClicktownError):
    """A data file (built-in or the user's own) is missing, malformed or inconsistent."""


class TimeUp(ClicktownError):
    """A search found no answer within its time limit (`--time-limit`): exit code 4, not a verdict."""

    exit_code = 4
