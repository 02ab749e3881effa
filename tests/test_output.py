"""Progress bars: on a terminal only, at most ~10 redraws a second, no partial line left behind."""

import io

import pytest

from clicktown import output


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_no_terminal_no_bar(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(output.sys, "stderr", stream)
    with output.progress(range(1000), label="dealing wheels") as bar:
        assert sum(bar) == sum(range(1000))
    assert stream.getvalue() == ""


def test_redraws_are_throttled_and_the_line_is_wiped(monkeypatch):
    clock = iter(i * 0.001 for i in range(10**6))  # 1 ms per item: 30,000 items take 30 s
    monkeypatch.setattr(output.time, "monotonic", lambda: next(clock))
    stream = Terminal()
    bar = output.Progress(range(30000), None, "dealing wheels", stream)
    assert sum(bar) == sum(range(30000))
    bar.close()
    text = stream.getvalue()
    redraws = text.count("dealing wheels")
    assert 290 <= redraws <= 310  # about 10 a second, not one per item
    assert text.endswith("\r\033[K") and "\n" not in text


def test_an_error_leaves_no_partial_line(monkeypatch):
    stream = Terminal()
    monkeypatch.setattr(output.sys, "stderr", stream)

    def fails():
        yield 1
        raise ValueError("broken")

    with pytest.raises(ValueError):
        with output.progress(fails(), length=10, label="generating") as bar:
            list(bar)
    assert stream.getvalue() == "" or stream.getvalue().endswith("\r\033[K")
