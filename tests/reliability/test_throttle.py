"""The failure counters of the login and the captains' links: atomic across server processes.

Real threads with their own database connections (like gunicorn's processes) fail at the same
moment; every failure is counted exactly once, on Django's database cache (SQLite and
PostgreSQL) and on Redis. The window keeps its length. Which cache each mode uses is checked in
a fresh interpreter per mode.
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import threading
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection, connections
from django.test import RequestFactory, override_settings
from django.utils import timezone

from config import login
from scoring.sheets import captain_access
from tournament.throttle import Throttle

ROOT = Path(__file__).resolve().parents[2]
CACHE_TABLE = "doko_test_throttle_cache"
DATABASE_CACHE = {
    "default": {
        "BACKEND": "tournament.cache.backends.DataOnlyDatabaseCache",
        "LOCATION": CACHE_TABLE,
    }
}
REDIS_LOCATION = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
CONCURRENT = 50


def request_from(address: str):
    return RequestFactory().post("/konto/anmelden/", REMOTE_ADDR=address)


def fail_concurrently(throttle: Throttle, address: str, count: int) -> list:
    """``count`` threads, each with its own database connection, record one failure each at
    the same moment; returns what each got back (the new count, or the exception)."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def worker(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = throttle.failed(request_from(address))
        except Exception as error:  # reported by the assertion below
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.fixture
def database_cache(transactional_db):
    with override_settings(CACHES=DATABASE_CACHE):
        call_command("createcachetable", verbosity=0)
        try:
            yield cache
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE {connection.ops.quote_name(CACHE_TABLE)}")


@pytest.fixture
def redis_cache():
    """Django's RedisCache on the local Redis, under a key prefix of its own (nothing else in
    that Redis is read, written or cleared); skipped when Redis or the package is missing."""
    try:
        import redis
    except ImportError:
        pytest.skip("the redis package is not installed (pip install redis): Redis not tested")
    try:
        redis.Redis.from_url(REDIS_LOCATION, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError as error:
        pytest.skip(f"no Redis at {REDIS_LOCATION} ({error}): Redis not tested")
    prefix = f"doko-test-{uuid.uuid4().hex}"
    caches = {
        "default": {
            "BACKEND": "tournament.cache.redis.DataOnlyRedisCache",
            "LOCATION": REDIS_LOCATION,
            "KEY_PREFIX": prefix,
        }
    }
    with override_settings(CACHES=caches):
        try:
            yield cache
        finally:
            client = redis.Redis.from_url(REDIS_LOCATION)
            for key in client.scan_iter(f"{prefix}:*"):
                client.delete(key)


def test_concurrent_failures_count_exactly_on_the_database_cache(database_cache):
    results = fail_concurrently(login.THROTTLE, "10.7.0.1", CONCURRENT)
    assert sorted(results) == list(range(1, CONCURRENT + 1)), results
    assert login.THROTTLE.count(request_from("10.7.0.1")) == CONCURRENT
    assert login.THROTTLE.blocked(request_from("10.7.0.1"))
    assert login.THROTTLE.count(request_from("10.7.0.2")) == 0


def test_concurrent_failures_count_exactly_on_redis(redis_cache):
    results = fail_concurrently(captain_access.THROTTLE, "10.7.0.3", CONCURRENT)
    assert sorted(results) == list(range(1, CONCURRENT + 1)), results
    assert captain_access.THROTTLE.count(request_from("10.7.0.3")) == CONCURRENT


def test_the_window_keeps_its_length_on_the_database_cache(database_cache):
    """Django's generic ``incr`` (get, then set) would cut the 15-minute login window down to
    the cache's default 5 minutes, from the last failure on."""
    request = request_from("10.7.0.4")
    for _ in range(3):
        login.THROTTLE.failed(request)
    key = connection.ops.quote_name("cache_key")
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT expires FROM {connection.ops.quote_name(CACHE_TABLE)} WHERE {key} LIKE %s",
            ["%throttle:login:10.7.0.4"],
        )
        (expires,) = cursor.fetchone()
    if isinstance(expires, str):  # SQLite
        expires = datetime.datetime.fromisoformat(expires)
    if timezone.is_naive(expires):
        expires = expires.replace(tzinfo=datetime.UTC)
    left = (expires - timezone.now()).total_seconds()
    assert login.WINDOW_SECONDS - 10 <= left <= login.WINDOW_SECONDS + 1, left


def test_an_expired_window_starts_again_at_one(database_cache):
    throttle = Throttle("short", limit=2, window_seconds=1)
    request = request_from("10.7.0.5")
    assert [throttle.failed(request) for _ in range(3)] == [1, 2, 3]
    with connection.cursor() as cursor:  # let the window pass without waiting for it
        cursor.execute(
            f"UPDATE {connection.ops.quote_name(CACHE_TABLE)} SET expires = %s",
            [connection.ops.adapt_datetimefield_value(timezone.now() - datetime.timedelta(days=1))],
        )
    assert not throttle.blocked(request)
    assert throttle.failed(request) == 1
    throttle.reset(request)
    assert throttle.count(request) == 0


def test_the_window_keeps_its_length_on_redis(redis_cache):
    request = request_from("10.7.0.6")
    for _ in range(3):
        login.THROTTLE.failed(request)
    ttl = redis_cache._cache.get_client(write=False).ttl(
        redis_cache.make_and_validate_key(f"throttle:login:{request.META['REMOTE_ADDR']}")
    )
    assert login.WINDOW_SECONDS - 10 <= ttl <= login.WINDOW_SECONDS


# ---------------------------------------------------------------------------- settings per mode

CACHE_REPORT = (
    "import json, django; django.setup(); from django.conf import settings; "
    "print(json.dumps({**settings.CACHES['default'], 'databases': "
    "{alias: str(db['NAME']) for alias, db in settings.DATABASES.items()}}))"
)


def cache_settings(tmp_path: Path, **env: str) -> dict:
    unwanted = {"DEBUG", "DATABASE_URL", "DOKO_PRODUCTION", "DOKO_MODE", "REDIS_URL", "CACHE_DIR"}
    environment = {key: value for key, value in os.environ.items() if key not in unwanted}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATA_DIR=str(tmp_path / "data"),
        SECRET_KEY="x" * 20 + "-production-secret-for-the-check-0123456789abcdef",
        ALLOWED_HOSTS="doko.example.org",
        **env,
    )
    result = subprocess.run(
        [sys.executable, "-c", CACHE_REPORT],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("mode", ["network", "production"])
def test_deployed_modes_cache_in_the_database_or_in_redis(tmp_path, mode):
    default = cache_settings(tmp_path, DOKO_MODE=mode)
    assert default["BACKEND"] == "tournament.cache.backends.DataOnlyDatabaseCache"
    assert default["LOCATION"] == "doko_cache"
    redis = cache_settings(tmp_path, DOKO_MODE=mode, REDIS_URL="redis://127.0.0.1:6379/3")
    assert redis["BACKEND"] == "tournament.cache.redis.DataOnlyRedisCache"
    assert redis["LOCATION"] == "redis://127.0.0.1:6379/3"
    assert "cache" not in redis["databases"]
    for caches in (default, redis):
        assert "FileBasedCache" not in caches["BACKEND"]


def test_on_sqlite_the_cache_table_has_a_database_file_of_its_own(tmp_path):
    """Outside the main database's write lock (item 15 of issue 21); PostgreSQL keeps it."""
    on_sqlite = cache_settings(tmp_path, DOKO_MODE="network")
    assert on_sqlite["databases"]["cache"] == str(tmp_path / "data" / "cache.sqlite3")
    assert on_sqlite["databases"]["default"] == str(tmp_path / "data" / "db.sqlite3")
    assert (tmp_path / "data" / "cache.sqlite3").stat().st_mode & 0o777 == 0o600
    on_postgres = cache_settings(
        tmp_path, DOKO_MODE="network", DATABASE_URL="postgres://doko@127.0.0.1:5432/doko"
    )
    assert set(on_postgres["databases"]) == {"default"}


def test_the_local_demo_caches_in_memory(tmp_path):
    local = cache_settings(tmp_path, DOKO_MODE="local", REDIS_URL="redis://127.0.0.1:6379/3")
    assert local["BACKEND"] == "tournament.cache.backends.DataOnlyLocMemCache"


@override_settings(CACHES=DATABASE_CACHE)
def test_migrate_creates_the_cache_table(transactional_db):
    """``migrate`` (``make serve``, production starts) makes the table: config/apps.py."""
    assert CACHE_TABLE not in connection.introspection.table_names()
    try:
        call_command("migrate", verbosity=0)
        assert CACHE_TABLE in connection.introspection.table_names()
        cache.set("probe", 41)
        assert cache.get("probe") == 41
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {connection.ops.quote_name(CACHE_TABLE)}")
