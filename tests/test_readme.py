"""Every command shown in a README code block runs, in README order, in a temporary directory.

How the commands are read and run:
- Each ```sh block of README.md holds one command per line (a `# ...` tail is a comment to the
  reader). All of them run in one bash process, in a temporary directory, in the README's order:
  a file one command writes (`new.json`, `puzzle.txt`) is there for the commands after it, and a
  shell variable (`W=...`) holds for the lines after it.
- `clicktown` is the installed entry point: the directory of this Python's scripts goes first on
  PATH, which is what `. .venv/bin/activate` does after `make run`.
- `make TARGET` is checked with `make -n TARGET` in the repository (the recipe is printed, not run:
  `make run` would build a second virtual environment); `make run` must end with "Try next" lines,
  and every command they suggest must be one the README shows, so it is run here too.
- A `play` command waits for moves at the terminal. It runs with an empty standard input and must
  draw the game on stdout, then stop with exit 2 and "standard input ended": every option was
  accepted and the game began.
- `clicktown serve` would serve until stopped, so it is only run with `--help`.
Every other command must exit 0 (or the code EXPECTED_EXIT gives it) with nothing on stderr but
notes, and a `--json` command's stdout must be JSON.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ACTIVATE = ". .venv/bin/activate"
EXPECTED_EXIT: dict[str, int] = {}  # command prefix -> exit code, for a README command that shows a negative verdict


def readme_commands() -> list[str]:
    """The commands of the README's ```sh blocks, in order, without their comments."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S):
        for line in block.splitlines():
            command = strip_comment(line)
            if command:
                commands.append(command)
    return commands


def strip_comment(line: str) -> str:
    """The line without a trailing `# ...` outside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if ch in "'\"" and quote in (None, ch):
            quote = None if quote else ch
        elif ch == "#" and quote is None and (i == 0 or line[i - 1] == " "):
            return line[:i].strip()
    return line.strip()


def kind(command: str) -> str:
    """How a command is run: make, activate, serve, play or plain."""
    if command.startswith("make "):
        return "make"
    if command == ACTIVATE:
        return "activate"
    if command.startswith("clicktown serve"):
        return "serve"
    if re.match(r"clicktown \w+ play\b", command):
        return "play"
    return "plain"


COMMANDS = readme_commands()
SHELL_COMMANDS = [c for c in COMMANDS if kind(c) in ("serve", "play", "plain")]


def script(commands: list[str]) -> str:
    """A bash script running each command with its own output files and exit code."""
    lines = []
    for i, command in enumerate(commands):
        if kind(command) == "serve":
            command += " --help"
        lines += [f"{{ {command}", f"}} < /dev/null > out.{i} 2> err.{i}", f"echo $? > rc.{i}"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    """Run the README's shell commands once, in order; index -> (exit code, stdout, stderr)."""
    where = tmp_path_factory.mktemp("readme")
    scripts = Path(sys.executable).parent
    assert (scripts / "clicktown").exists(), "clicktown is not installed next to this Python"
    env = {"PATH": f"{scripts}:/usr/bin:/bin", "HOME": str(where), "LC_ALL": "C.UTF-8"}
    subprocess.run(["bash", "-c", script(SHELL_COMMANDS)], cwd=where, env=env, timeout=300, check=True)
    return {i: (int((where / f"rc.{i}").read_text()), (where / f"out.{i}").read_text(),
                (where / f"err.{i}").read_text()) for i in range(len(SHELL_COMMANDS))}


def test_the_readme_shows_a_quick_start_for_every_game_and_the_browser():
    assert COMMANDS[:2] == ["make run", "make test"]  # the two set-up commands, and nothing before them
    for game in ("oldtown", "patterns", "sequence"):
        shown = [c for c in COMMANDS if c.startswith(f"clicktown {game} ")]
        assert 3 <= len(shown) <= 4 and any(" play" in c for c in shown), game
    assert "clicktown serve" in COMMANDS and "docs/web.md" in README.read_text(encoding="utf-8")


@pytest.mark.parametrize("index", range(len(SHELL_COMMANDS)), ids=SHELL_COMMANDS)
def test_every_readme_command_runs(ran, index):
    command = SHELL_COMMANDS[index]
    code, out, err = ran[index]
    if kind(command) == "play":
        assert code == 2 and "standard input ended" in err and out.strip(), (command, err)
        return
    expected = next((c for prefix, c in EXPECTED_EXIT.items() if command.startswith(prefix)), 0)
    assert code == expected, (command, err)
    assert "error" not in err, (command, err)
    if kind(command) == "serve":
        assert "Usage: clicktown serve" in out
    if "--json" in command and ">" not in command:
        json.loads(out)


def test_the_makefile_targets_the_readme_names():
    for command in (c for c in COMMANDS if kind(c) == "make"):
        made = subprocess.run(["make", "-n", *command.split()[1:]], cwd=ROOT, capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
    recipe = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "Try next" in recipe
    suggested = [strip_comment(line.split('"', 1)[1].rstrip('"')) for line in recipe.splitlines()
                 if line.startswith('echo "  clicktown ')]
    assert 2 <= len(suggested) <= 3 and all(c in COMMANDS for c in suggested), suggested
