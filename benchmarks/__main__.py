"""Run every benchmark module in this folder (`make bench`)."""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(names: list[str]) -> None:
    here = Path(__file__).parent
    modules = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    for name in modules:
        if names and not any(n in name for n in names):
            continue
        print(f"== {name}", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
        print(flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
