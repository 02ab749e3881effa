"""The web front end: the solo page and a hint, against serving a static file, measured in the same run.

Requests go through a real uvicorn server on a free loopback port (in a thread), over HTTP with a
keep-alive connection, as a browser sends them. For each rulebook scenario: the page
(/oldtown/solo/<id>) and a hint at the start and from a half-filled board (the published town's
first eight plots); the baseline is /static/site.css from the same server. The first request of a
scenario (which counts its solutions) is left out: it is paid once per scenario kept in memory.
Prints p50 and p95 in milliseconds and the ratio of p50 to the static file's; a hint should stay
under 100 ms.
"""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import time

RUNS = 15
HINT_BUDGET_MS = 100


def timed(connection, method: str, path: str, body: dict | None = None) -> float:
    """Milliseconds for one request and its whole answer (which must be a 200)."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    start = time.perf_counter()
    connection.request(method, path, body=data, headers=headers)
    answer = connection.getresponse()
    answer.read()
    took = (time.perf_counter() - start) * 1000
    if answer.status != 200:
        raise SystemExit(f"{method} {path}: HTTP {answer.status}")
    return took


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    from clicktown.oldtown.catalogue import load_catalogue

    from clicktown.web.app import serve_in_thread

    catalogue = load_catalogue()
    url, stop = serve_in_thread()
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=30)
    connection.connect()
    connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    cases: dict[str, list[float]] = {"static file (baseline)": [], "solo page": [], "hint at the start": [],
                                     "hint from a half-filled board": []}
    for ident, scenario in catalogue.scenarios.items():
        half = {str(p): b for p, b in sorted(scenario.published.items())[:8]}
        timed(connection, "GET", f"/oldtown/solo/{ident}")  # the scenario enters the memory
        for _ in range(RUNS):
            cases["static file (baseline)"].append(timed(connection, "GET", "/static/site.css"))
            cases["solo page"].append(timed(connection, "GET", f"/oldtown/solo/{ident}"))
            cases["hint at the start"].append(
                timed(connection, "POST", f"/api/oldtown/solo/{ident}/hint", {"placement": {}}))
            if half:
                cases["hint from a half-filled board"].append(
                    timed(connection, "POST", f"/api/oldtown/solo/{ident}/hint", {"placement": half}))
    connection.close()
    stop()
    base, _ = percentiles(cases["static file (baseline)"])
    print(f"{len(catalogue.scenarios)} rulebook scenarios, {RUNS} requests each, one keep-alive connection")
    for label, times in cases.items():
        p50, p95 = percentiles(times)
        print(f"{label:32s} p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  {p50 / base:6.1f}x the static file")
    worst = max(percentiles(cases[k])[1] for k in cases if k.startswith("hint"))
    print(f"hint p95 {worst:.1f} ms: {'under' if worst < HINT_BUDGET_MS else 'OVER'} the {HINT_BUDGET_MS} ms budget")


if __name__ == "__main__":
    main()
