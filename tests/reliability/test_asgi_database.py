"""The database connections of the ASGI server (``make serve``): none kept per thread (each
request has a thread of its own), and a pool per process on PostgreSQL instead of a handshake per
request."""

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
    environment = {k: v for k, v in os.environ.items() if k not in {"DB_POOL", "CONN_MAX_AGE"}}
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


def test_the_asgi_server_pools_postgresql_connections(tmp_path):
    found = asgi_database(
        tmp_path, DATABASE_URL="postgres://postgres@127.0.0.1:5432/doko", CONN_MAX_AGE="60"
    )
    assert found["age"] == 0  # a kept connection would never be reused under ASGI
    assert found["pool"]["max_size"] == 8 and found["pool"]["min_size"] == 1


def test_the_asgi_server_on_sqlite_opens_a_connection_per_request(tmp_path):
    found = asgi_database(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert found == {"age": 0, "pool": None}
