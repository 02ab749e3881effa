"""The browser front end (`clicktown serve`): pages that call the games' public functions and seat views.

  app       the FastAPI application: pages mounted from the modules below, error answers, size caps
  page      the HTML frame every page shares (one stylesheet, no CDN: every asset is in `static/`)
  home      `/`: what can be played
  commands  the `clicktown serve` command (uvicorn, loopback by default)

The web dependencies (FastAPI, Starlette, uvicorn) are imported only here, never at the command
line's start-up. docs/web.md describes the pages, their test contract (`data-*` attributes) and safety.
"""
