"""Run the benchmarks in this folder (`make bench`): `python -m benchmarks [NAME ...]`.

Each `bench_*.py` module prints its measurements and a ratio against a baseline measured in the
same run. With NAMEs, only the modules whose name contains one of them run; options after a single NAME
go to that benchmark (`python -m benchmarks elo --games 8`).
"""

import argparse
import importlib
import pkgutil
from pathlib import Path


def available() -> list[str]:
    """The benchmark modules, e.g. ['bench_oldtown', 'bench_patterns', ...]."""
    here = Path(__file__).parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))


def main(argv: list[str] | None = None) -> None:
    modules = available()
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Run clicktown's benchmarks; each prints a ratio against a baseline measured in the same run.",
        epilog="benchmarks: " + ", ".join(m.removeprefix("bench_") for m in modules))
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="run only the benchmarks whose name contains NAME (default: all)")
    known, options = parser.parse_known_args(argv)
    names = known.names
    chosen = [m for m in modules if not names or any(n in m for n in names)]
    if not chosen:
        parser.error(f"no benchmark matches {' '.join(names)} (known: {', '.join(modules)})")
    if options and len(chosen) > 1:
        parser.error(f"options ({' '.join(options)}) go to one benchmark: name it alone")
    for name in chosen:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"benchmarks.{name}")
        module.main(options) if options else module.main()
        print(flush=True)


if __name__ == "__main__":
    main()
