"""Shared test fixtures."""

import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import settings

from clicktown.cli import cli
from web_fixtures import browser, held_mover, live_server, page  # noqa: F401  (the browser tests' fixtures, see web_fixtures.py)

# Every hypothesis test draws the same examples on every run and machine (a failure is a bug, never
# luck), and keeps no example database. HYPOTHESIS_PROFILE=explore draws new examples for a search.
settings.register_profile("derandomized", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", derandomize=False, database=None, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomized"))

# The commands speak English unless a test asks for German: a reader's own CLICKTOWN_LANG (the
# default of every --lang) is left out of the test run and the processes it starts.
os.environ.pop("CLICKTOWN_LANG", None)


@pytest.fixture
def run_cli():
    """Run `clicktown ARGS...`; returns (exit_code, stdout, stderr)."""

    def run(*args, input=None):
        runner = CliRunner()
        result = runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return run


@pytest.fixture
def run_research():
    """Run `python -m research.oldtown_cards ARGS...` in-process; returns (exit_code, stdout, stderr)."""
    from research.oldtown_cards.__main__ import research

    def run(*args):
        result = CliRunner().invoke(research, [str(a) for a in args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return run


@pytest.fixture
def run_json(run_cli):
    """Run a command with --json and return the parsed stdout (asserting exit code 0)."""

    def run(*args):
        code, out, err = run_cli(*args, "--json")
        assert code == 0, err
        return json.loads(out)

    return run
