"""Start-up: wall time of short clicktown commands against `python -c pass`, measured in the same run.

Each command runs as a fresh process (what a user waits for at the prompt), several times; the
median counts. The baseline is the bare interpreter of the same virtual environment, so the ratio
shows what clicktown adds. `patterns list` should stay under 150 ms.
"""

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


def wall(command: list[str]) -> float:
    """Median wall time of `command` in seconds over RUNS runs (output discarded)."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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
        baseline = wall([sys.executable, "-c", "pass"])
        print(f"{'python -c pass (baseline)':36s} {baseline * 1000:7.0f} ms")
        for label, command in cases:
            seconds = wall(command)
            print(f"{label:36s} {seconds * 1000:7.0f} ms   {seconds / baseline:5.1f}x the baseline")


if __name__ == "__main__":
    main()
