"""The HTML frame every page shares: title, the one stylesheet, a header with the way home."""

from __future__ import annotations

from html import escape

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse

from ..errors import one_line
from ..messages import LANGS, say


def page(title: str, body: str, *, scripts: tuple[str, ...] = (), lang: str = "en", data: str = "",
         styles: tuple[str, ...] = ()) -> HTMLResponse:
    """A whole page: `body` is trusted HTML built by the page module (escape what users typed);
    `scripts` and `styles` name further files of the static folder."""
    script_tags = "".join(f'<script src="/static/{escape(s)}" defer></script>' for s in scripts)
    script_tags += "".join(f'<link rel="stylesheet" href="/static/{escape(s)}">' for s in styles)
    return HTMLResponse(f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · clicktown</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/site.css">
{script_tags}
</head>
<body{data}>
<header class="site"><a href="/">clicktown</a> <span class="where">{escape(title)}</span></header>
<main>
{body}
</main>
</body>
</html>
""", headers={"Cache-Control": "no-store"})


def error_answer(status: int, reason: str) -> JSONResponse:
    """Every refused request gets this shape: `{"error": "<one line>"}`."""
    return JSONResponse({"error": one_line(reason)}, status_code=status)


def wants_html(request: Request) -> bool:
    """Does the request come from a browser opening the address (rather than a script asking for JSON)?"""
    return "text/html" in request.headers.get("accept", "")


def wants_page(request: Request) -> bool:
    """An address of a page (not of the API, `/api/...`) opened by a browser: its refusal is a page too."""
    return not request.url.path.startswith(("/api/", "/static/")) and wants_html(request)


def page_language(request: Request) -> str:
    """The language the refused page asked for (`lang=`), the first one when it named none or another."""
    lang = request.query_params.get("lang", LANGS[0])
    return lang if lang in LANGS else LANGS[0]


def error_page(status: int, reason: str, lang: str = "en") -> HTMLResponse:
    """A refused page in the site's style: what went wrong, the reason in one line, the way back to the lobby."""
    kind = "missing" if status in (404, 410) else "refused" if status < 500 else "failed"
    title = say(lang, f"web.error.{kind}")
    body = f"""<div class="error-page" data-status="{status}">
<h1>{escape(title)}</h1>
<p class="reason" data-reason>{escape(one_line(reason))}</p>
<p><a class="back" href="/tables{'' if lang == LANGS[0] else f'?lang={lang}'}">{escape(say(lang, "web.error.lobby"))}</a>
· <a href="/{'' if lang == LANGS[0] else f'?lang={lang}'}">{escape(say(lang, "web.error.home"))}</a></p>
</div>"""
    answer = page(title, body, lang=lang)
    answer.status_code = status
    return answer
