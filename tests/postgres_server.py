"""A throwaway PostgreSQL server for the store's tests (Debian's postgresql-15 package).

  postgres_server  a server of its own for the test session: initdb in a temporary folder, listening only
                   on a unix socket in that folder (on a random port number), stopped at the end;
                   its value is the base URL (postgresql://clicktown@/?host=...&port=...)
  postgres_url     a new empty database on that server for one test: its postgresql:// URL

Both skip, saying why, when the server's binaries (POSTGRES_BIN) or the driver (psycopg, the `postgres`
extra) are missing. As root, the server runs as the `postgres` user (initdb refuses root).
"""

from __future__ import annotations

import os
import pwd
import random
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

POSTGRES_BIN = Path(os.environ.get("CLICKTOWN_POSTGRES_BIN", "/usr/lib/postgresql/15/bin"))


def _owner() -> dict:
    """The user to run the server as: ourselves, or `postgres` when we are root."""
    if os.geteuid() != 0:
        return {}
    try:
        return {"user": pwd.getpwnam("postgres").pw_uid}
    except KeyError:
        pytest.skip("running as root and there is no `postgres` user to run the PostgreSQL server as")


@pytest.fixture(scope="session")
def postgres_server():
    pytest.importorskip("psycopg", reason="the PostgreSQL driver psycopg is in the `postgres` extra")
    if not (POSTGRES_BIN / "initdb").exists():
        pytest.skip(f"no PostgreSQL server binaries in {POSTGRES_BIN} (Debian's postgresql-15 package)")
    owner = _owner()
    folder = Path(tempfile.mkdtemp(prefix="clicktown-pg-"))
    if owner:
        os.chown(folder, owner["user"], -1)
    data, port = folder / "data", random.randrange(20000, 60000)
    subprocess.run([str(POSTGRES_BIN / "initdb"), "-D", str(data), "-U", "clicktown", "-A", "trust", "-E", "UTF8",
                    "--locale=C", "--no-sync"], check=True, capture_output=True, **owner)
    server = subprocess.Popen([str(POSTGRES_BIN / "postgres"), "-D", str(data), "-k", str(folder), "-p", str(port),
                               "-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=200"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **owner)
    url = f"postgresql://clicktown@/postgres?host={folder}&port={port}"
    try:
        _wait_ready(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=60)
        server.stderr.close()
        shutil.rmtree(folder, ignore_errors=True)


def _wait_ready(url: str, server: subprocess.Popen) -> None:
    """Poll until the server takes connections (not a timed assertion: it fails only if the server died)."""
    import psycopg

    deadline = time.monotonic() + 120
    while True:
        try:
            psycopg.connect(url, connect_timeout=5).close()
            return
        except psycopg.OperationalError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the PostgreSQL server did not start: {server.stderr.read().decode()[-500:]}") from None
            time.sleep(0.05)


@pytest.fixture
def postgres_url(postgres_server):
    """A new empty database for one test."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(postgres_server, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return postgres_server.replace("/postgres?", f"/{name}?")
