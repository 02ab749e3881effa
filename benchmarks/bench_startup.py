"""Start-up: time of short clicktown commands against `python -c pass`, measured in the same run.

Each command runs as a fresh process (what a user waits for at the prompt), once to warm up and
then several times; the median wall time counts, and the least CPU time (user + system, which a
busy machine disturbs less). The baseline is the bare interpreter of the same virtual environment,
so the ratio shows what clicktown adds. Compiled bytecode is kept as an installed package keeps
it (PYTHONDONTWRITEBYTECODE is dropped for the runs). Every command that solves no CP-SAT model
should stay under 4x the baseline; `patterns list` under 150 ms.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 9
WHEEL = ("blue-gun-bullets,red-loot-bullets,blue-bottle-coin,grey-loot-bullets,blue-wanted-coin,"
         "red-star-coin,white-barrel-bullets,grey-horseshoe-coin")
POSITION = "*BBBB....*\n..........\n..........\n...A......\n..........\nAAAAAAAAA.\n" + "..........\n" * 3 + "*........*\n"
CLICKTOWN = [sys.executable, "-c", "from clicktown.cli import main; main()"]  # what the console script runs


ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `command` (output discarded)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped above
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def measure(command: list[str]) -> tuple[float, float]:
    """Median wall time and least CPU time of `command` in seconds over RUNS runs, after a warm-up."""
    timed(command)
    runs = [timed(command) for _ in range(RUNS)]
    return statistics.median(w for w, _ in runs), min(c for _, c in runs)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        position = Path(folder) / "game.txt"
        position.write_text(POSITION)
        cases = [
            ("clicktown --help", CLICKTOWN + ["--help"]),
            ("clicktown patterns list W", CLICKTOWN + ["patterns", "list", WHEEL]),
            ("clicktown patterns check W ...", CLICKTOWN + ["patterns", "check", WHEEL, "after every blue there is always loot"]),
            ("clicktown sequence count POS", CLICKTOWN + ["sequence", "count", str(position)]),
            ("clicktown oldtown verify (nine rows)", CLICKTOWN + ["oldtown", "verify"]),
            ("clicktown patterns puzzle (CP-SAT)", CLICKTOWN + ["patterns", "puzzle", "--seed", "1"]),
        ]
        wall, cpu = measure([sys.executable, "-c", "pass"])
        print(f"{'':36s} {'wall (median)':>22s}   {'CPU (least)':>20s}")
        print(f"{'python -c pass (baseline)':36s} {wall * 1000:7.0f} ms {'':14s} {cpu * 1000:7.0f} ms")
        for label, command in cases:
            seconds, used = measure(command)
            print(f"{label:36s} {seconds * 1000:7.0f} ms {seconds / wall:5.1f}x base   "
                  f"{used * 1000:7.0f} ms {used / cpu:5.1f}x base")


if __name__ == "__main__":
    main()
