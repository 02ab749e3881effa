"""Tables in the browser under load: 50 simultaneous games on loopback, each person's seat moving once a second.

`clicktown serve` runs as its own process on a free loopback port. Fifty clients (threads) each
open a table (Sequence, Sequence Numbers, Old Town, Wild Wild Pattern in turn, bots in the other
seats) and, once a second, ask for their seat's view and take one of the offered actions; a
finished game is replaced by a new table. After SECONDS (30; CLICKTOWN_BENCH_SECONDS shortens it)
the clients stop and the server is stopped. Printed: answers, errors (any answer but 200), the
median and p95 answer times, and their ratio to the p95 of the home page asked alone before the
load (the baseline, measured in the same run).
"""

from __future__ import annotations

import os
import random
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

TABLES = 50
SECONDS = float(os.environ.get("CLICKTOWN_BENCH_SECONDS", 30))
GAMES = ["/play/sequence?players=2&bots=greedy", "/play/numbers?players=2&bots=greedy",
         "/play/oldtown?players=3&bots=greedy,random", "/play/patterns?players=2&bots=greedy&reaction=0"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "clicktown.cli", "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("clicktown serve did not start within 30 s")


class Player(threading.Thread):
    """One person's seat at one table: a move a second until the time is up."""

    def __init__(self, number: int, base: str, until: float, times: list, errors: list):
        super().__init__(daemon=True)
        self.number, self.base, self.until = number, base, until
        self.times, self.errors = times, errors
        self.rng = random.Random(number)

    def timed(self, client, method: str, url: str, **kw):
        start = time.perf_counter()
        answer = client.request(method, url, **kw)
        self.times.append(time.perf_counter() - start)
        if answer.status_code not in (200, 303):
            self.errors.append(f"{method} {url.split('?')[0]}: {answer.status_code} {answer.text[:120]}")
        return answer

    def open(self, client, game: int):
        answer = self.timed(client, "GET", GAMES[game % len(GAMES)] + f"&seed={self.number + game}", follow_redirects=False)
        table, token = re.fullmatch(r"/table/([\w-]+)/0\?token=([\w-]+)", answer.headers["location"]).groups()
        return f"/api/tables/{table}/0", token

    def run(self):
        import httpx

        with httpx.Client(base_url=self.base, timeout=30) as client:
            games = 0
            where, token = self.open(client, games)
            next_move = time.monotonic() + self.rng.random()
            while time.monotonic() < self.until:
                time.sleep(max(0.0, next_move - time.monotonic()))
                next_move += 1.0
                seen = self.timed(client, "GET", f"{where}/view?token={token}").json()
                if seen.get("over"):
                    games += 1
                    where, token = self.open(client, self.number * 1000 + games)
                    continue
                if seen.get("actions"):
                    action = self.rng.choice(seen["actions"])["id"]
                    self.timed(client, "POST", f"{where}/act?token={token}", json={"action": action})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    import httpx

    port = free_port()
    server = start_server(port)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base) as client:
            alone = []
            for _ in range(50):
                start = time.perf_counter()
                client.get("/")
                alone.append(time.perf_counter() - start)
        times: list[float] = []
        errors: list[str] = []
        until = time.monotonic() + SECONDS
        players = [Player(n, base, until, times, errors) for n in range(TABLES)]
        for p in players:
            p.start()
        for p in players:
            p.join(timeout=SECONDS + 120)
    finally:
        server.terminate()
        server.wait(timeout=10)
    base_p95 = percentile(alone, 0.95)
    p95 = percentile(times, 0.95)
    print(f"{TABLES} tables for {SECONDS:.0f} s, one move a second each: {len(times)} answers, {len(errors)} errors")
    print(f"answer time: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms "
          f"(home page alone, p95 {base_p95 * 1000:.1f} ms: ratio {p95 / base_p95:.1f})")
    for line in errors[:5]:
        print("  error:", line)


if __name__ == "__main__":
    main()
