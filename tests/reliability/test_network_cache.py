"""The real network-mode server (`make serve`) and its cache: public pages do not wait for the
main SQLite database's write lock (the cache has a file of its own, issue 21, item 15), and with
Redis unreachable no page answers 500 (item 4)."""

from __future__ import annotations

import http.client
import sqlite3
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from config import serve
from tests.reliability.test_network_mode import (
    ROOT,
    Browser,
    free_port,
    manage,
    network_env,
    wait_for,
)


@contextmanager
def demo_server(tmp_path: Path, **extra: str):
    """``make serve``'s server (one process) in network mode on a database with the demo;
    yields (port, env)."""
    env = network_env(tmp_path, **extra)
    manage(env, "migrate", "--noinput")
    manage({**env, "DOKO_MODE": "local"}, "load_demo")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    port = free_port()
    log = tmp_path / "server.log"
    command = serve.command("127.0.0.1", port, workers=1)
    with log.open("w") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for(server, port, log)
        yield port, env
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def get(port: int, path: str) -> tuple[int, float]:
    """(status, seconds) of a GET."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, time.monotonic() - started


def test_public_pages_answer_while_the_main_database_is_write_locked(tmp_path):
    """Network mode on SQLite: the cache has a database file of its own, so a public page that
    fills the cache, and a counted wrong link, do not wait for the main database's write lock
    (held here by another connection, as a long restore or confirmation would)."""
    with demo_server(tmp_path) as (port, _env):
        assert get(port, "/t/demo/")[0] == 200  # the process warmed up (imports, templates)
        writer = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None, timeout=1)
        try:
            writer.execute("BEGIN IMMEDIATE")  # the main database's write lock, held
            writer.execute("UPDATE tournament_tournament SET name = name")
            for path, expected in (
                ("/t/demo/tabelle/", 200),
                ("/api/t/demo/standings", 200),
                ("/t/demo/beamer/", 200),
                ("/e/" + "x" * 32 + "/", 404),  # counted in the cache
            ):
                status, seconds = get(port, path)
                assert status == expected, (path, status)
                # Waiting for the lock would take SQLite's timeout, 20 s.
                assert seconds < 10, (path, seconds)
        finally:
            writer.close()
        with sqlite3.connect(tmp_path / "data" / "cache.sqlite3") as cache:
            keys = [key for (key,) in cache.execute("SELECT cache_key FROM doko_cache")]
        assert any(":standings:" in key for key in keys), keys
        assert any(":throttle:captain-token:" in key for key in keys), keys


def test_with_redis_unreachable_no_page_answers_500(tmp_path):
    """``REDIS_URL`` at a closed port: the login (page, wrong and right password, the brake),
    the public pages, the API, the projector, the season and captains' links right and wrong
    all answer as without a cache; the brake still gives 429 after 5 wrong passwords."""
    pytest.importorskip("redis", reason="the redis package is not installed")
    redis_url = f"redis://127.0.0.1:{free_port()}/2"  # nothing listens there
    with demo_server(tmp_path, REDIS_URL=redis_url) as (port, env):
        token = manage(
            env,
            "shell",
            "-c",
            "from tournament.models import Table; print(Table.objects.filter("
            "round__status='released').order_by('pk')[0].entry_token)",
        ).stdout.split()[-1]
        for path, expected in (
            ("/", 200),
            ("/t/demo/", 200),
            ("/t/demo/tabelle/", 200),
            ("/t/demo/tabelle/", 200),
            ("/api/t/demo/standings", 200),
            ("/t/demo/beamer/", 200),
            ("/v/doko-freunde/saison/2025/", 200),
            ("/api/v/doko-freunde/seasons/2025/standings", 200),
            (f"/e/{token}/", 200),
            ("/e/" + "x" * 32 + "/", 404),
            ("/e/?code=ZZZZ-ZZZZ", 404),
            ("/konto/anmelden/", 200),
        ):
            status, seconds = get(port, path)
            assert status == expected, (path, status)
            assert seconds < 10, (path, seconds)  # no wait for a Redis per request
        browser = Browser(port)
        statuses = []
        for attempt in range(7):
            form = browser.form_token("/konto/anmelden/")
            response, _html = browser.request(
                "POST",
                "/konto/anmelden/",
                f"csrfmiddlewaretoken={form}&username=demo&password=falsch{attempt}".encode(),
                {"Content-Type": "application/x-www-form-urlencoded"},
            )
            statuses.append(response.status)
        assert statuses == [200] * 5 + [429, 429]
