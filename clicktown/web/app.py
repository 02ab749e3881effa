"""The clicktown web application: one FastAPI app with every page module's router mounted.

Why FastAPI on Starlette with uvicorn: request parameters and bodies are pydantic models (the same
validation layer as the data files), the test client needs no server, and uvicorn is a small pure-Python
ASGI server that ships as a wheel. Every answer to a bad request is a 4xx with a one-line reason.
"""

from __future__ import annotations

import importlib
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ..errors import ClicktownError
from ..numbers import whole_number
from .page import error_answer, error_page, page_language, wants_page

MAX_BODY_BYTES = 64 * 1024  # no request of these pages needs more
MAX_HEADER_BYTES = 16 * 1024  # a request's line and headers (uvicorn answers 400 beyond)
IDLE_SECONDS = 5              # a kept-alive connection that sends nothing for this long is closed
MAX_CONNECTIONS = 400         # open connections and event streams together (uvicorn answers 503 beyond)

# The modules whose `router` is mounted, in order; each page module adds itself here.
PAGE_MODULES = [
    "clicktown.web.home",
    "clicktown.web.solo",
    "clicktown.web.tables",
    "clicktown.web.viewer",
]


def create_app(hosts: frozenset | None = None, background: bool = False) -> FastAPI:
    """The application with every page, the static assets and the error answers; it answers only to
    `hosts` ((name, port) pairs of guard.served_hosts; by default the loopback names on any port).
    `background`: its tables' bots are moved by the mover's thread (a served application), not inline."""
    from .guard import Guard, served_hosts

    app = FastAPI(title="clicktown", docs_url=None, redoc_url=None, openapi_url=None)
    if background:
        app.add_middleware(Served)
    app.add_middleware(BodyCap)
    app.add_middleware(Guard, hosts=hosts if hosts is not None else served_hosts())
    app.mount("/static", StaticFiles(directory=str(static_folder()), follow_symlink=False), name="static")
    app.add_api_route("/favicon.ico", _favicon, methods=["GET", "HEAD"], include_in_schema=False)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(ClicktownError, _refused)
    for name in PAGE_MODULES:
        app.include_router(importlib.import_module(name).router)
    return app


async def _favicon():
    """The site's icon, asked for by every browser at /favicon.ico: the static folder's SVG drawing."""
    from fastapi.responses import Response

    icon = (static_folder() / "favicon.svg").read_bytes()
    return Response(icon, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


def static_folder():
    """The package's own folder of assets: nothing is served from anywhere else."""
    return resources.files("clicktown.web") / "static"


async def _invalid_request(request: Request, exc: RequestValidationError):
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path"))
    return refusal(request, 422, invalid_words(first, where or "request", page_language(request)))


def invalid_words(error: dict, field: str, lang: str) -> str:
    """A refused parameter or body field in `lang`: the catalog's `web.invalid.<kind>` words for the kinds
    of error it words (a number out of range, a string too long...), else the validator's own message."""
    from ..messages import has, say

    key = f"web.invalid.{error.get('type')}"
    facts = {name: value for name, value in (error.get("ctx") or {}).items() if isinstance(value, (str, int, float))}
    try:
        if has(lang, key):
            return say(lang, key, field=field, **facts)
    except (KeyError, IndexError):   # a kind the catalog words with other facts than this error gives
        pass
    return f"{field}: {error.get('msg', 'invalid request')}"


async def _http_error(request: Request, exc: HTTPException):
    return refusal(request, exc.status_code, exc.detail if isinstance(exc.detail, str) else "request refused",
                   getattr(exc, "headers", None))


async def _refused(request: Request, exc: ClicktownError):
    """A game function said no to what the request asked (a bad id, an impossible move): the request is wrong."""
    return refusal(request, 400, str(exc))


def refusal(request: Request, status: int, reason: str, headers: dict | None = None):
    """A refused request's answer: a page in the site's style when a browser opened a page's address,
    else the API's `{"error": ...}`; the same status either way."""
    answer = error_page(status, reason, page_language(request)) if wants_page(request) else error_answer(status, reason)
    for name, value in (headers or {}).items():
        answer.headers[name] = value
    return answer


#: the routes that take a larger body: the trace viewer reads whole trace files
BODY_CAPS = {"/api/viewer/traces": 32_000_000}


class Served:
    """Marks the requests of a served application (keeping.SERVED): its tables move in the background."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        from .keeping import SERVED

        token = SERVED.set(True)
        try:
            return await self.app(scope, receive, send)
        finally:
            SERVED.reset(token)


class BodyCap:
    """Refuse request bodies over MAX_BODY_BYTES with 413, whether or not they announce their length."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        cap = BODY_CAPS.get(scope.get("path"), MAX_BODY_BYTES)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        size = whole_number(declared.decode("latin-1")) if declared is not None else 0
        if size is None or size > cap:
            return await error_answer(413, f"request body over {cap} bytes")(scope, receive, send)
        seen = 0

        async def capped_receive():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > cap:
                raise HTTPException(413, f"request body over {cap} bytes")
            return message

        return await self.app(scope, capped_receive, send)


#: What `clicktown serve` hands each of its server processes (uvicorn starts them anew: they read the
#: environment, not the parent's memory): the database, the Host names served, the expiry time.
ENV_DATABASE, ENV_HOSTS, ENV_EXPIRE = "CLICKTOWN_DATABASE", "CLICKTOWN_HOSTS", "CLICKTOWN_EXPIRE_AFTER"


def server_config(app, **where):
    """uvicorn's settings with this server's bounds: header size, idle time, open connections."""
    import uvicorn

    return uvicorn.Config(app, http="h11", log_level="warning", access_log=False, server_header=False,
                          h11_max_incomplete_event_size=MAX_HEADER_BYTES, timeout_keep_alive=IDLE_SECONDS,
                          limit_concurrency=MAX_CONNECTIONS, **where)


def settings_to_environment(database: str, hosts: frozenset, expire_after: float) -> dict[str, str]:
    """The environment variables that give every server process the same settings (served_app reads them)."""
    import json

    return {ENV_DATABASE: str(database), ENV_HOSTS: json.dumps(sorted(hosts, key=str)),
            ENV_EXPIRE: repr(float(expire_after))}


def served_app() -> FastAPI:
    """The application of one server process of `clicktown serve` (uvicorn's app factory, so that
    `--workers N` can start it in each process): its store, Host names and expiry from the environment
    (settings_to_environment), its mover of bots started."""
    import json
    import os

    from . import keeping
    from .store import open_store

    hosts = frozenset(tuple(pair) for pair in json.loads(os.environ[ENV_HOSTS]))
    keeping.EXPIRE_AFTER = float(os.environ.get(ENV_EXPIRE, keeping.EXPIRE_AFTER))
    keeping.use_store(open_store(os.environ[ENV_DATABASE]))
    keeping.MOVER.start()
    return create_app(hosts, background=True)


def serve_in_thread(host: str = "127.0.0.1", timeout: float = 20.0, pace: float | None = None):
    """The application served by uvicorn from a thread on a free port of `host`, its bots moved by the
    mover's thread (for the browser tests and the benchmark; `pace`: the tables' default pace, e.g. 0 for
    tests). Returns (base URL, stop); stop() ends the server and its thread."""
    import socket
    import threading
    import time

    import uvicorn

    from . import keeping, table

    if pace is not None:
        table.PACE = pace
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # answers go out at once (inherited on Linux)
    listening.bind((host, 0))  # the port is chosen and held here: no race with another process
    server = uvicorn.Server(server_config(create_app(background=True)))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    keeping.MOVER.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            listening.close()
            raise RuntimeError("the web server did not start")
        time.sleep(0.02)

    def stop() -> None:
        server.should_exit = True
        thread.join(timeout=10)
        keeping.MOVER.stop()
        listening.close()

    return f"http://{host}:{listening.getsockname()[1]}", stop
