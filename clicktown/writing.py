"""The one writer of every output file: whole or nothing, and never onto one of the run's inputs.

`replacing(path)` gives a stream onto a temporary file in the target's own directory; when the
block ends normally the file is renamed onto the target in one step, so a failed run leaves the old
file (or no file) untouched and two runs writing the same name never mix their lines. An OS error
(full disk, name too long, no permission) becomes one `OutputError` naming the file: an
environment problem (exit 2), not a bug.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

from .errors import ClicktownError


class OutputError(ClicktownError):
    """An output could not be written (disk full, bad name, no permission): names the file."""


def problem(exc: BaseException) -> str:
    """The OS's words for what went wrong, on one line."""
    text = getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__
    return " ".join(str(text).split())


@contextmanager
def replacing(path: str | Path, binary: bool = False, keep_on_interrupt: bool = False):
    """A stream onto a temporary file beside `path`, renamed onto `path` when the block succeeds.

    On an error the temporary file is removed and `path` is left as it was. With `keep_on_interrupt`,
    Ctrl-C keeps what was written so far (renamed onto `path`) before the interrupt goes on.
    """
    target = Path(path)
    if special_file(target):  # a device or pipe (/dev/null, /dev/stdout): written in place, never replaced
        with _direct(target, binary) as stream:
            yield stream
        return
    stream, temporary = _temporary(target, binary)
    try:
        try:
            yield stream
        except KeyboardInterrupt:
            if keep_on_interrupt:
                _finish(stream, temporary, target)
            raise
        _finish(stream, temporary, target)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {problem(exc)}") from None
    finally:
        _discard(stream, temporary)


def write_file(path: str | Path, data: str | bytes) -> None:
    """Write text (UTF-8) or bytes to `path` whole, or raise an OutputError naming it."""
    with replacing(path, binary=isinstance(data, bytes)) as stream:
        stream.write(data)


def special_file(target: str | Path) -> bool:
    """Whether `target` exists and is not a regular file (a device, a pipe, a socket)."""
    import stat

    try:
        return not stat.S_ISREG(os.stat(target).st_mode)
    except (OSError, ValueError):
        return False


@contextmanager
def _direct(target: Path, binary: bool):
    try:
        with open(target, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as stream:
            yield stream
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {problem(exc)}") from None


def _temporary(target: Path, binary: bool):
    import tempfile  # here, not at start-up

    directory = target.parent if str(target.parent) else Path(".")
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".part", dir=directory)
    except (OSError, ValueError) as exc:
        raise OutputError(f"cannot write {target}: {problem(exc)}") from None
    if binary:
        return os.fdopen(handle, "wb"), name
    return os.fdopen(handle, "w", encoding="utf-8", newline=""), name


def _finish(stream, temporary: str, target: Path) -> None:
    """Flush and close the temporary file, give it the usual permissions, rename it onto the target."""
    stream.flush()
    os.fsync(stream.fileno())
    stream.close()
    os.chmod(temporary, _mode(target))
    os.replace(temporary, target)


def _mode(target: Path) -> int:
    """The permissions of the file being replaced, or the usual ones for a new file."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _discard(stream, temporary: str) -> None:
    """Close and remove the temporary file when it is still there (the run failed)."""
    try:
        stream.close()
    except OSError:
        pass
    try:
        os.unlink(temporary)
    except OSError:
        pass


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two names lead to the same file (an existing file compared by identity, else by path)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def refuse_inputs(outputs, inputs) -> None:
    """Raise a ClicktownError when an output file is one of the run's input files.

    `outputs` and `inputs` are (option, path) pairs; a missing path (None) is skipped.
    """
    for out_option, out_path in outputs:
        for in_option, in_path in inputs:
            if out_path and in_path and in_path != "-" and same_file(out_path, in_path):
                raise ClicktownError(f"{out_option} {out_path} is also the input {in_option}: "
                                     f"writing it would destroy the input; name another file")
