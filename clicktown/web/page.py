"""The HTML frame every page shares: title, the one stylesheet, a header with the way home."""

from __future__ import annotations

from html import escape

from fastapi.responses import HTMLResponse, JSONResponse

from ..errors import one_line


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
