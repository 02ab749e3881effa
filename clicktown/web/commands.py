"""`clicktown serve`: the browser front end on a local web server (uvicorn)."""

from __future__ import annotations

import ipaddress
import socket

import click

from ..options import HelpCommand, OutputFile, WholeRange, json_option

LOOPBACK_NAMES = {"localhost"}


class HostAddress(click.ParamType):
    """An IP address of this machine to listen on, or `localhost` (no name is looked up)."""

    name = "address"

    def convert(self, value, param, ctx):
        if value in LOOPBACK_NAMES:
            return value
        try:
            return str(ipaddress.ip_address(value))
        except ValueError:
            self.fail(f"{value[:60]!r} is not an IP address (e.g. 127.0.0.1, 0.0.0.0 or ::1) nor localhost", param, ctx)


class Database(OutputFile):
    """Where the tables are kept: an SQLite file (checked writable) or a `postgresql://` URL."""

    name = "path or url"

    def convert(self, value, param, ctx):
        from .store import is_url

        return value if is_url(value) else super().convert(value, param, ctx)


class Duration(click.ParamType):
    """A time span: a number with its unit, `30s`, `45m`, `12h` or `7d` (a bare number: days)."""

    name = "duration"
    UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)):
            return float(value)
        text = str(value).strip().lower()
        unit = self.UNITS.get(text[-1:], None)
        number = text[:-1] if unit else text
        try:
            seconds = float(number) * (unit or 86400)
        except ValueError:
            seconds = -1.0
        if not 0 < seconds < float("inf"):
            self.fail(f"{str(value)[:40]!r} is not a time span like 30s, 45m, 12h or 7d", param, ctx)
        return seconds


@click.command("serve", cls=HelpCommand)
@click.option("--host", type=HostAddress(), default="127.0.0.1", show_default=True,
              help="IP address to listen on. Anything but loopback lets other machines connect (a warning says so).")
@click.option("--port", type=WholeRange(1, 65535), default=8765, show_default=True)
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="Also answer to this Host name (e.g. games.example.org, or name:port), as a reverse proxy "
                   "or the friends' browsers send it; repeatable. The loopback names and --host are always served.")
@click.option("--database", type=Database(), metavar="PATH|URL",
              help="The SQLite file the tables are kept in (every accepted move, so a restart loses no game), "
                   "or a postgresql://user@host/name URL (needs the `postgres` extra). "
                   "Default: $XDG_DATA_HOME/clicktown/tables.db, else ~/.local/share/clicktown/tables.db.")
@click.option("--workers", type=WholeRange(1, 64), default=1, show_default=True,
              help="Server processes sharing the database (each table's bots move in exactly one of them).")
@click.option("--expire-after", type=Duration(), default="7d", show_default=True,
              help="Forget an unfinished table nobody has looked at for this long (30s, 45m, 12h, 7d); "
                   "finished games stay as traces until --forget.")
@click.option("--forget", "forget", multiple=True, metavar="TABLE",
              help="Delete this table (its keys and trace) from the database and exit, serving nothing; repeatable.")
@click.option("--open", "open_browser", is_flag=True, help="Also open the home page in the default browser.")
@json_option
def serve(host, port, allowed_hosts, database, workers, expire_after, forget, open_browser, as_json):
    """Play in the browser: Old Town's solo puzzles and the games, on http://127.0.0.1:8765/.

    Every asset is in the package, so it works offline. Ctrl-C stops the server.
    """
    from ..errors import ClicktownError
    from ..messages import say
    from .store import default_path, open_store

    store = open_store(database or default_path())
    if forget:
        return _forget(store, forget, as_json)
    if not _is_loopback(host):
        click.echo(f"clicktown serve: warning: listening on {host}: other machines on the network can connect", err=True)
        if not allowed_hosts:
            click.echo("clicktown serve: " + say("en", "web.host.hint_allowed"), err=True)
    from .guard import served_hosts

    try:
        hosts = served_hosts(_url_host(host), port, allowed_hosts)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--allowed-host") from None
    _check_free(host, port, ClicktownError)
    click.echo("clicktown serve: " + say("en", "web.store.kept_in", path=store.where), err=True)
    store.close()

    url = f"http://{_url_host(host)}:{port}/"
    click.echo(f"clicktown serve: {url} (Ctrl-C stops)", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    _run_servers(database or default_path(), hosts, expire_after, host, port, workers)
    click.echo("clicktown serve: stopped", err=True)


def _run_servers(database, hosts, expire_after: float, host: str, port: int, workers: int) -> None:
    """uvicorn with `workers` processes, each building its application with app.served_app from the
    environment (so that the settings reach every process, which uvicorn starts anew)."""
    import os

    import uvicorn

    from .app import server_config, settings_to_environment

    os.environ.update(settings_to_environment(database, hosts, expire_after))
    config = server_config("clicktown.web.app:served_app", factory=True, host=host, port=port, workers=workers)
    if workers == 1:
        uvicorn.Server(config).run()
        return
    from uvicorn.supervisors import Multiprocess

    Multiprocess(config, sockets=[config.bind_socket()]).run()


def _forget(store, tables, as_json: bool) -> None:
    """`serve --forget TABLE...`: delete the tables named (exit 1 when one of them is not kept)."""
    import json

    from ..messages import say

    missing = [table for table in tables if not store.delete(table)]
    if as_json:
        click.echo(json.dumps({"forgotten": [t for t in tables if t not in missing], "not_kept": missing}))
    for table in [] if as_json else tables:
        click.echo(say("en", "web.store.forgotten" if table not in missing else "web.store.no_table", table=table))
    if missing:
        raise SystemExit(1)


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _check_free(host: str, port: int, error) -> None:
    """Fail with one line, before the server starts, when the address cannot be listened on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    address = ("127.0.0.1" if host == "localhost" else host, port)
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise error(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
