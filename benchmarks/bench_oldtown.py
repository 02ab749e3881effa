"""Verifying every rulebook scenario: the fast counter (the default engine) against CP-SAT (the
baseline) and python-constraint2, in process and as the whole `clicktown oldtown verify` command."""

import subprocess
import sys
import time
from pathlib import Path

from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.solve.verify import verify

REPEATS = 3
CLICKTOWN = Path(sys.executable).parent / "clicktown"


def time_engine(catalogue, engine: str) -> float:
    """Best of REPEATS wall times to verify all scenarios with one engine (in this process)."""
    verify(catalogue, catalogue.scenario("1"), engine)  # imports and first-use costs out of the timing
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for scenario in catalogue.scenarios.values():
            verify(catalogue, scenario, engine)
        best = min(best, time.perf_counter() - start)
    return best


def time_command(engine: str) -> float:
    """Best of REPEATS wall times of `clicktown oldtown verify --engine ENGINE` as a process."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        subprocess.run([str(CLICKTOWN), "oldtown", "verify", "--engine", engine], capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    catalogue = load_catalogue()
    times = {e: time_engine(catalogue, e) for e in ("cpsat", "count", "constraint")}
    print(f"verify all {len(catalogue.scenarios)} scenarios in process, best of {REPEATS}:")
    print(f"  CP-SAT (baseline)   {times['cpsat'] * 1000:8.1f} ms")
    print(f"  fast counter        {times['count'] * 1000:8.1f} ms   {times['cpsat'] / times['count']:.0f}x faster")
    print(f"  python-constraint2  {times['constraint'] * 1000:8.1f} ms")
    if CLICKTOWN.exists():
        proc = {e: time_command(e) for e in ("cpsat", "count")}
        print(f"`clicktown oldtown verify` as a process, best of {REPEATS}:")
        print(f"  --engine cpsat (baseline) {proc['cpsat']:.2f} s")
        print(f"  --engine count (default)  {proc['count']:.2f} s   ratio {proc['cpsat'] / proc['count']:.1f}x")


if __name__ == "__main__":
    main()
