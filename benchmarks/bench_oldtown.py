"""Verifying every rulebook scenario: time of the CP-SAT model and of python-constraint2, and their ratio."""

import time

from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.solve.verify import verify

REPEATS = 3


def time_backend(catalogue, backend: str) -> float:
    """Best of REPEATS wall times to verify all scenarios with one backend."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for scenario in catalogue.scenarios.values():
            verify(catalogue, scenario, backend)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    catalogue = load_catalogue()
    cpsat = time_backend(catalogue, "cpsat")
    constraint = time_backend(catalogue, "constraint")
    print(f"verify all {len(catalogue.scenarios)} scenarios, best of {REPEATS}:")
    print(f"  CP-SAT (baseline)   {cpsat * 1000:8.1f} ms")
    print(f"  python-constraint2  {constraint * 1000:8.1f} ms")
    print(f"  ratio constraint / CP-SAT: {constraint / cpsat:.2f}x")


if __name__ == "__main__":
    main()
