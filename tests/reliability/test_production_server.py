"""Production's server as the README starts it (``gunicorn -c config/gunicorn.conf.py
config.wsgi``, production mode): an address over our limit gets our own 414 page, not
gunicorn's bare English "URI Too Long"; request lines and header fields stay bounded."""

from __future__ import annotations

import http.client
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.test_network_mode import ROOT, free_port, manage, network_env, wait_for

GUNICORN = Path(sys.executable).parent / "gunicorn"
HTTPS = {"X-Forwarded-Proto": "https"}  # what the proxy in front sets


@pytest.fixture(scope="module")
def production_port(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("production")
    env = network_env(
        tmp_path, DOKO_MODE="production", SECRET_KEY="x" * 50, ALLOWED_HOSTS="127.0.0.1"
    )
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    port = free_port()
    log = tmp_path / "gunicorn.log"
    where = ["--bind", f"127.0.0.1:{port}", "--workers", "1"]
    with log.open("w") as output:
        server = subprocess.Popen(
            [str(GUNICORN), "-c", "config/gunicorn.conf.py", *where, "config.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for(server, port, log)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={**HTTPS, **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


def test_a_9000_character_address_gets_our_414_page_from_production(production_port):
    status, html = get(production_port, "/" + "a" * 9000)
    assert status == 414 and "Adresse zu lang" in html, html[:300]
    status, html = get(production_port, "/t/unbekannt/?q=" + "x" * 9000)
    assert status == 414 and "Adresse zu lang" in html, html[:300]
    assert get(production_port, "/")[0] == 200


def test_request_lines_and_headers_stay_bounded_in_production(production_port):
    status, html = get(production_port, "/" + "a" * 70_000)  # past the server's bound
    assert status == 414 and "Adresse zu lang" not in html
    status, _html = get(production_port, "/", {"X-Big": "y" * 9000})
    assert status == 431  # Request Header Fields Too Large
