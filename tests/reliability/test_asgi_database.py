"""The database connections of the ASGI server (``make serve``): Django answers in a fixed pool of
threads per process (a2wsgi, ``config.asgi_wsgi``), each keeping its connection as under a WSGI
server (``CONN_MAX_AGE``); with Django's own handler (``SERVE_THREADS=0``: a thread of its own per
request) none is kept, and a pool per process on PostgreSQL replaces a handshake per request."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

REPORT = """
import json
import config.asgi  # noqa: F401  (what the server process imports first)
from django.conf import settings
db = settings.DATABASES["default"]
print(json.dumps({"age": db["CONN_MAX_AGE"], "pool": db.get("OPTIONS", {}).get("pool")}))
"""


def asgi_database(tmp_path: Path, **env: str) -> dict:
    dropped = {"DB_POOL", "CONN_MAX_AGE", "SERVE_THREADS"}
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment.update(DOKO_MODE="network", DATA_DIR=str(tmp_path), **env)
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, "-c", REPORT],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


PG = "postgres://postgres@127.0.0.1:5432/doko"


def test_the_pool_threads_keep_their_postgresql_connections(tmp_path):
    found = asgi_database(tmp_path, DATABASE_URL=PG, CONN_MAX_AGE="60")
    assert found == {"age": 60, "pool": None}


def test_the_pool_threads_keep_their_sqlite_connections(tmp_path):
    # Network mode's default: SQLite's open and pragmas are not paid per request.
    found = asgi_database(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert found == {"age": 60, "pool": None}


def test_djangos_own_handler_pools_postgresql_connections(tmp_path):
    found = asgi_database(tmp_path, DATABASE_URL=PG, CONN_MAX_AGE="60", SERVE_THREADS="0")
    assert found["age"] == 0  # a kept connection would never be reused under ASGI
    assert found["pool"]["max_size"] == 8 and found["pool"]["min_size"] == 1


def test_djangos_own_handler_on_sqlite_opens_a_connection_per_request(tmp_path):
    sqlite = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    found = asgi_database(tmp_path, DATABASE_URL=sqlite, SERVE_THREADS="0")
    assert found == {"age": 0, "pool": None}
