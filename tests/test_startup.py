"""Start-up: the command line loads no heavy library until a command needs it.

Each check runs in a fresh interpreter (a subprocess), since this test process has long imported
everything. OR-Tools alone costs about half a second, so `clicktown --help`, every `patterns`
command that does not solve with CP-SAT and the `sequence` commands that only read a position must
not load it; `import clicktown.cli` loads none of the heavy libraries at all.
"""

import json
import subprocess
import sys

import pytest

HEAVY = ("ortools", "pandas", "networkx", "constraint", "cairosvg", "pettingzoo")
WHEEL = ("blue-gun-bullets,red-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-wanted-coin,"
         "red-star-coin,white-barrel-bullets,grey-horseshoe-coin")
POSITION = "*BBBB....*\n..........\n..........\n...A......\n..........\nAAAAAAAAA.\n" + "..........\n" * 3 + "*........*\n"

#: Light, but not needed to read a wheel or a position: the other games' commands, and what
#: importlib.resources and atomic writing bring (zipfile, tempfile).
NOT_NEEDED = ("clicktown.oldtown.commands", "clicktown.web.commands", "zipfile", "tempfile")
RUN = """
import json, sys
from clicktown.cli import cli
code = cli.main(sys.argv[2:], prog_name="clicktown", standalone_mode=False)
print(json.dumps({"code": code, "loaded": [m for m in sys.argv[1].split(",") if m in sys.modules]}), file=sys.stderr)
"""


def loaded_by(*args: str, watched: tuple[str, ...] = HEAVY) -> tuple[int, list[str]]:
    """Run `clicktown ARGS` in a fresh interpreter: (exit code, the `watched` modules it loaded)."""
    done = subprocess.run([sys.executable, "-c", RUN, ",".join(watched), *args], capture_output=True, text=True,
                          timeout=120)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], report["loaded"]


def test_importing_the_cli_loads_no_heavy_library():
    done = subprocess.run([sys.executable, "-c", "import sys, clicktown.cli; print(' '.join(sorted(sys.modules)))"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert [m for m in HEAVY if m in done.stdout.split()] == []


@pytest.mark.parametrize("args", [
    ["--help"],
    ["patterns", "--help"],
    ["sequence", "--help"],
    ["oldtown", "--help"],
    ["patterns", "list", WHEEL],
    ["patterns", "moves", WHEEL, "yellow-loot-bullets", "--json"],
    ["patterns", "check", WHEEL, "after every blue there is always loot"],
    ["patterns", "click", WHEEL, "white-gun-bullets"],
    ["patterns", "stats", "--wheels", "20"],
], ids=lambda args: " ".join(a for a in args if a != WHEEL)[:40])
def test_commands_that_need_no_solver_load_none(args):
    code, loaded = loaded_by(*args)
    assert code in (0, 1) and loaded == []


@pytest.mark.parametrize("command", [["show"], ["count"], ["moves", "--hand", "7h,jd"]], ids=lambda c: c[0])
def test_sequence_commands_that_only_read_a_position_load_no_solver(tmp_path, command):
    position = tmp_path / "game.txt"
    position.write_text(POSITION)
    code, loaded = loaded_by("sequence", command[0], str(position), *command[1:])
    assert code == 0 and "ortools" not in loaded


def test_the_solver_commands_do_load_it():
    """The check above is not vacuous: a CP-SAT command loads OR-Tools."""
    code, loaded = loaded_by("patterns", "puzzle", "--seed", "1")
    assert code == 0 and "ortools" in loaded


def test_help_imports_no_game_and_names_each_group_as_it_does_itself():
    """`clicktown --help` lists the games from cli.GROUPS, imports none of them, and each line is
    the first paragraph of that group's own help."""
    import inspect

    from clicktown.cli import GROUPS, cli

    done = subprocess.run([sys.executable, "-c", "import sys\nfrom clicktown.cli import main\ntry:\n    main()\n"
                           "except SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.endswith('.commands')),"
                           " file=sys.stderr)", "--help"], capture_output=True, text=True, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == "[]"
    assert [line.split()[0] for line in done.stdout.split("Commands:")[1].splitlines() if line[2:3].strip()] == \
        sorted(GROUPS)
    for name, (module, about) in GROUPS.items():
        group = cli.get_command(None, name)
        assert group.callback.__module__ == module
        assert inspect.cleandoc(group.help).split("\n\n")[0] == about


@pytest.mark.parametrize("args", [
    ["patterns", "list", WHEEL],
    ["patterns", "check", WHEEL, "after every blue there is always loot", "--json"],
], ids=lambda args: " ".join(a for a in args if a != WHEEL)[:40])
def test_reading_a_wheel_imports_only_its_own_game(args):
    code, loaded = loaded_by(*args, watched=NOT_NEEDED + ("clicktown.sequence.commands",))
    assert code in (0, 1) and loaded == []


@pytest.mark.parametrize("command", ["show", "count"])
def test_reading_a_position_imports_only_its_own_game(tmp_path, command):
    position = tmp_path / "game.txt"
    position.write_text(POSITION)
    code, loaded = loaded_by("sequence", command, str(position), watched=NOT_NEEDED + ("clicktown.patterns.commands",))
    assert code == 0 and loaded == []
