"""Hint answer time: every hint a player asking only for hints gets, against a check of the same board.

Through the API in process (FastAPI's TestClient): for each rulebook scenario and 20 generated
puzzles of each level (seed 36, as tests/test_oldtown_hints.py), the hints from the empty board up
to the solved town, each written down (places and notes) before the next is asked for. The
baseline is POST /check with the same board in the same run (the request's own cost and a cheap
answer). The first request of a puzzle (which counts its solutions) is left out. Prints p50, p95
and the ratio of the hints' p95 to the checks'; the target is a p95 under 300 ms.
"""

from __future__ import annotations

import statistics
import time

SEED = 36
PER_LEVEL = 20
TARGET_MS = 300


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def timed(client, path: str, body: dict) -> tuple[float, dict]:
    """Milliseconds for one POST and its answer (which must be a 200)."""
    start = time.perf_counter()
    answer = client.post(path, json=body)
    took = (time.perf_counter() - start) * 1000
    if answer.status_code != 200:
        raise SystemExit(f"POST {path}: HTTP {answer.status_code} {answer.text[:200]}")
    return took, answer.json()


def walk(client, ident: str, hints: list[float], checks: list[float]) -> int:
    """Hints from the empty board to the solved town, each written down; returns how many."""
    placement: dict[str, str] = {}
    notes: dict[str, list[str]] = {}
    client.post(f"/api/oldtown/solo/{ident}/check", json={"placement": {}})  # the puzzle enters the memory
    for given in range(60):
        board = {"placement": placement, "notes": notes}
        took, answer = timed(client, f"/api/oldtown/solo/{ident}/hint", board)
        hints.append(took)
        checks.append(timed(client, f"/api/oldtown/solo/{ident}/check", {"placement": placement})[0])
        if answer["kind"] != "step":
            return given
        placement.update(answer["places"])
        notes = {p: bs for p, bs in {**notes, **answer["notes"]}.items() if p not in placement}
    raise SystemExit(f"{ident}: no end after 60 hints")


def main() -> None:
    from fastapi.testclient import TestClient

    from clicktown.oldtown.catalogue import load_catalogue
    from clicktown.oldtown.puzzles.code import scenario_code
    from clicktown.oldtown.puzzles.generate import generate_scenarios
    from clicktown.web.app import create_app

    catalogue = load_catalogue()
    client = TestClient(create_app())
    groups = {"rulebook": [i for i in catalogue.scenarios if i != "5-first-printing"]}
    for level in ("leicht", "mittel", "schwer"):
        groups[level] = [scenario_code(catalogue, m.scenario) for m in generate_scenarios(catalogue, level, PER_LEVEL, SEED)]
    every_hint, every_check = [], []
    for label, idents in groups.items():
        hints, checks = [], []
        counts = [walk(client, ident, hints, checks) for ident in idents]
        every_hint += hints
        every_check += checks
        print(f"{label:9s} {len(idents):2d} puzzles, {sum(counts):4d} hints (at most {max(counts)}): "
              f"hint p50 {statistics.median(hints):6.1f} ms  p95 {p95(hints):6.1f} ms  "
              f"check p95 {p95(checks):5.1f} ms (baseline)  {p95(hints) / p95(checks):5.1f}x")
    worst = p95(every_hint)
    print(f"all       {len(every_hint)} hints: p95 {worst:.1f} ms, {worst / p95(every_check):.1f}x a check's p95; "
          f"{'under' if worst < TARGET_MS else 'OVER'} the {TARGET_MS} ms target")


if __name__ == "__main__":
    main()
