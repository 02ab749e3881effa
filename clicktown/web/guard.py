"""What makes the server safe to host: the Host rule, the origin rule and the security headers.

- The Host rule: the server answers only to the names it serves (the loopback names, the `--host`
  address and the names given with `clicktown serve --allowed-host`); any other `Host` gets a 400
  naming it. A page on the internet that points its own name at 127.0.0.1 (DNS rebinding) sends
  its own name as Host and is refused, and the join links are never built from a foreign Host.
- The origin rule: a request that changes something (POST and every method but GET, HEAD and
  OPTIONS) coming from a page of another origin is refused with 403; so is a GET that another
  site's page makes as a sub-resource (an `<img>`, a script, a fetch; the browser says so in
  `Sec-Fetch-Site`), while following a link from elsewhere still opens the page.
- Every answer carries the usual security headers (Content-Security-Policy allowing only the
  pages' own scripts and styles, no framing, no MIME sniffing, no referrer: the table links hold
  their seat's token).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from ..messages import say
from .page import error_answer

#: The loopback names the server always answers to.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: A host name or address as it may stand in a Host header (lower case; IPv6 without its brackets).
HOST_NAME = re.compile(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|[0-9a-f:.]+")
#: The methods that change nothing: the origin rule lets them through (but for cross-site sub-resources).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",                   # the static folder's scripts; no inline script runs
    "style-src 'self' 'unsafe-inline'",    # site.css, and the style attributes of the drawn boards
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def split_host(value: str) -> tuple[str, int | None] | None:
    """A Host header (or an allowed name) as (lower-case name, port or None); None when it is not one."""
    parts = urlsplit("//" + value.strip())
    try:
        port = parts.port
    except ValueError:
        return None
    name = parts.hostname
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    if not HOST_NAME.fullmatch(name):   # as browsers send it: ASCII (an international name in punycode)
        return None
    return (f"[{name}]" if ":" in name else name), port


def served_hosts(host: str | None = None, port: int | None = None, allowed: Iterable[str] = ()) -> frozenset:
    """The (name, port) pairs the server answers to: the loopback names and `host` on `port` (any port
    when the port is not known, as for an application tested in-process), and each `allowed` name
    (`name` on any port, `name:port` on that one)."""
    own = [*LOOPBACK_NAMES, *([host] if host and host not in ("0.0.0.0", "::") else [])]
    pairs = {(split_host(name)[0], port) for name in own}
    for name in allowed:
        split = split_host(name)
        if split is None:
            raise ValueError(say("en", "web.host.bad_name", name=name[:60]))
        pairs.add(split)
    return frozenset(pairs)


def host_refusal(value: str | None, hosts: frozenset) -> str | None:
    """Why a request with this Host header is not answered (None: it is one of `hosts`)."""
    if not value:
        return say("en", "web.host.missing")
    split = split_host(value)
    if split is not None and ((split[0], split[1]) in hosts or (split[0], None) in hosts):
        return None
    return say("en", "web.host.refused", host=value[:80])


def origin_refusal(method: str, headers: dict[bytes, bytes], host: str) -> str | None:
    """Why a request from a page of another origin is refused (None: it comes from our own pages,
    from a link followed, or from no browser at all)."""
    site = headers.get(b"sec-fetch-site", b"").decode("latin-1")
    origin = headers.get(b"origin")
    if method not in SAFE_METHODS:
        if origin is not None:
            told = origin.decode("latin-1")
            if told == "null" or (urlsplit(told).netloc or "").lower() != host.lower():
                return say("en", "web.origin.refused", origin=told[:80])
        if site == "cross-site":
            return say("en", "web.origin.cross_site")
        return None
    navigates = headers.get(b"sec-fetch-mode") == b"navigate" and method == "GET"
    if site == "cross-site" and not navigates:
        return say("en", "web.origin.cross_site")
    return None


class Guard:
    """ASGI middleware: the Host rule and the origin rule before the application, the security
    headers on every answer."""

    def __init__(self, app, hosts: frozenset):
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        refused = host_refusal(host, self.hosts)
        status = 400
        if refused is None:
            refused, status = origin_refusal(scope["method"], headers, host), 403
        if refused is not None:
            return await error_answer(status, refused)(scope, receive, _with_headers(send))
        return await self.app(scope, receive, _with_headers(send))


def _with_headers(send):
    async def send_with_headers(message):
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", [])}
            message = {**message, "headers": [*message.get("headers", []),
                                              *(h for h in SECURITY_HEADERS if h[0] not in present)]}
        await send(message)

    return send_with_headers
