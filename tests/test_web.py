"""The web application's frame: home page, static assets from the package only, error answers, `serve`."""

from __future__ import annotations

import socket

import pytest
from click.testing import CliRunner

pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from clicktown.cli import cli  # noqa: E402
from clicktown.web.app import MAX_BODY_BYTES, create_app  # noqa: E402
from web_fixtures import LOCAL  # noqa: E402


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url=LOCAL)


def test_home_page_is_html_with_the_shared_stylesheet(client):
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert '<link rel="stylesheet" href="/static/site.css">' in answer.text


def test_static_assets_come_from_the_package_folder(client):
    answer = client.get("/static/site.css")
    assert answer.status_code == 200 and "--accent" in answer.text


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
                                  "/static/../../cli.py", "/static//etc/passwd", "/static/%2fetc%2fpasswd"])
def test_no_file_outside_the_static_folder(client, path):
    answer = client.get(path)
    assert answer.status_code == 404
    assert "import" not in answer.text and "root:" not in answer.text


def test_unknown_page_is_404_with_a_reason(client):
    answer = client.get("/no/such/page")
    assert answer.status_code == 404 and answer.json() == {"error": "Not Found"}


def test_an_oversized_body_is_refused_with_413(client):
    answer = client.post("/", content=b"x" * (MAX_BODY_BYTES + 1))
    assert answer.status_code == 413 and "bytes" in answer.json()["error"]


def test_serve_refuses_a_host_that_is_not_an_address():
    result = CliRunner().invoke(cli, ["serve", "--host", "example.invalid"])
    assert result.exit_code == 2 and "not an IP address" in result.output


def test_serve_refuses_a_port_in_use_in_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.output and "Traceback" not in result.output
