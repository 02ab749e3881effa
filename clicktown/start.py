"""The console script's entry point: a Ctrl-C that comes while the command line is still loading
ends as quietly as one during a command (one line, exit 130), never with a traceback."""

import sys


def main():
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("clicktown: interrupted\n")
        raise SystemExit(130) from None
    run()
