"""A damaged or missing cache is never a 500: network mode's cache file overwritten while the
server runs, or gone at a start without setup (``--no-setup``, no ``migrate`` to make its
table), and the cache table dropped under a running app on SQLite and PostgreSQL. The login
(page and a counted wrong password), the standings, the API and the captains' links answer as
without a cache, and the table is made again."""

from __future__ import annotations

import sqlite3
import subprocess
from contextlib import contextmanager
from pathlib import Path

from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings

from config import serve
from tests.reliability.test_cache_safety import PASSWORD, assert_answered, club_evening, walk
from tests.reliability.test_network_cache import get
from tests.reliability.test_network_mode import (
    ROOT,
    Browser,
    free_port,
    manage,
    network_env,
    wait_for,
)

__all__ = ["club_evening"]  # a fixture

PATHS = {
    "/konto/anmelden/": 200,
    "/t/demo/tabelle/": 200,
    "/api/t/demo/standings": 200,
    "/t/demo/beamer/": 200,
    "/e/" + "x" * 32 + "/": 404,
    "/e/?code=ZZZZ-ZZZZ": 404,
}


@contextmanager
def network_server(tmp_path: Path, before_start=None):
    """``make serve``'s server (one process, ``--no-setup``) on the demo; yields (port, env)."""
    env = network_env(tmp_path)
    manage(env, "migrate", "--noinput")
    manage({**env, "DOKO_MODE": "local"}, "load_demo")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    if before_start:
        before_start()
    port, log = free_port(), tmp_path / "server.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            serve.command("127.0.0.1", port, workers=1),
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(server, port, log)
        yield port, env
    finally:
        server.terminate()
        server.wait(timeout=20)


def assert_no_500(port: int, env: dict[str, str]) -> None:
    token = manage(
        env,
        "shell",
        "-c",
        "from tournament.models import Table; print(Table.objects.filter("
        "round__status='released').order_by('pk')[0].entry_token)",
    ).stdout.split()[-1]
    for path, expected in {**PATHS, f"/e/{token}/": 200}.items():
        assert get(port, path)[0] == expected, path
    browser = Browser(port)
    form = browser.form_token("/konto/anmelden/")
    response, _html = browser.request(
        "POST",
        "/konto/anmelden/",
        f"csrfmiddlewaretoken={form}&username=demo&password=falsch".encode(),
        {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status == 200  # the form again with its message, the failure counted


def cache_tables(path: Path) -> list[str]:
    with sqlite3.connect(path) as database:
        return [name for (name,) in database.execute("SELECT name FROM sqlite_master")]


def test_a_cache_file_overwritten_while_running_is_no_500_and_made_again(tmp_path):
    cache_file = tmp_path / "data" / "cache.sqlite3"
    with network_server(tmp_path) as (port, env):
        assert get(port, "/t/demo/tabelle/")[0] == 200  # the cache in use
        cache_file.write_bytes(b"no database at all " * 500)
        assert_no_500(port, env)
        assert_no_500(port, env)
    assert "doko_cache" in cache_tables(cache_file)


def test_a_cache_file_missing_at_a_start_without_setup_is_no_500(tmp_path):
    cache_file = tmp_path / "data" / "cache.sqlite3"
    with network_server(tmp_path, before_start=cache_file.unlink) as (port, env):
        assert_no_500(port, env)
        assert_no_500(port, env)
    assert "doko_cache" in cache_tables(cache_file)


def test_a_dropped_cache_table_is_no_500_and_made_again(club_evening):
    """SQLite and PostgreSQL: the pages and the brakes answer while the table is gone."""
    table = "doko_test_dropped_cache"
    caches = {"default": {"BACKEND": "tournament.cache.backends.DataOnlyDatabaseCache"}}
    caches["default"]["LOCATION"] = table
    with override_settings(CACHES=caches):
        call_command("createcachetable", verbosity=0)
        try:
            assert_answered(walk(*club_evening))
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE {connection.ops.quote_name(table)}")
            assert_answered(walk(*club_evening))
            assert table in connection.introspection.table_names()
            right = {"username": "leitung", "password": PASSWORD}
            assert Client(REMOTE_ADDR="10.9.1.1").post("/konto/anmelden/", right).status_code == 302
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {connection.ops.quote_name(table)}")
