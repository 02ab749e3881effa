"""`clicktown serve`: the browser front end on a local web server (uvicorn)."""

from __future__ import annotations

import ipaddress
import socket

import click

from ..options import OutputFile, WholeRange

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


@click.command("serve")
@click.option("--host", type=HostAddress(), default="127.0.0.1", show_default=True,
              help="IP address to listen on. Anything but loopback lets other machines connect (a warning says so).")
@click.option("--port", type=WholeRange(1, 65535), default=8765, show_default=True)
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="Also answer to this Host name (e.g. games.example.org, or name:port), as a reverse proxy "
                   "or the friends' browsers send it; repeatable. The loopback names and --host are always served.")
@click.option("--database", type=OutputFile(), metavar="PATH",
              help="The SQLite file the tables are kept in (every accepted move, so a restart loses no game). "
                   "Default: $XDG_DATA_HOME/clicktown/tables.db, else ~/.local/share/clicktown/tables.db.")
@click.option("--open", "open_browser", is_flag=True, help="Also open the home page in the default browser.")
def serve(host, port, allowed_hosts, database, open_browser):
    """Play in the browser: Old Town's solo puzzles and the games, on http://127.0.0.1:8765/.

    Every asset is in the package, so it works offline. Ctrl-C stops the server.
    """
    from ..errors import ClicktownError
    from ..messages import say

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
    from . import keeping
    from .app import create_app, server_config
    from .store import Store, default_path

    store = Store(database or default_path())
    keeping.use_store(store)
    click.echo("clicktown serve: " + say("en", "web.store.kept_in", path=str(store.path)), err=True)

    url = f"http://{_url_host(host)}:{port}/"
    click.echo(f"clicktown serve: {url} (Ctrl-C stops)", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    import uvicorn

    uvicorn.Server(server_config(create_app(hosts), host=host, port=port)).run()
    click.echo("clicktown serve: stopped", err=True)


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
