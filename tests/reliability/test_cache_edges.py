"""The edges of the caches under the libraries: django-redis with JSON and failures ignored, and
our two backends (the process's memory, the cache table). A value that is not JSON is a miss
and no count; a cache that fails gives None from ``add`` and ``incr`` and the brakes count in
the process; the failure is logged once per pause, not once per call."""

from __future__ import annotations

import base64
import logging
import pickle

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import override_settings

from tests.reliability.test_throttle import (  # noqa: F401 (fixtures)
    CACHE_TABLE,
    database_cache,
    redis_cache,
    request_from,
)
from tournament import throttle
from tournament.cache import redis as redis_backend
from tournament.cache.backends import DataOnlyLocMemCache

PICKLE = pickle.dumps({"a": 1})


@pytest.fixture
def fallback():
    throttle.FALLBACK.clear()
    redis_backend._resting_until.clear()
    yield throttle.FALLBACK
    throttle.FALLBACK.clear()


def plant(shared: str, key: str, payload: bytes) -> None:
    """``payload`` as the stored value of ``key`` in the shared cache, with its expiry kept."""
    if shared == "redis_cache":
        cache._cache.get_client(write=True).set(cache.make_key(key), payload, keepttl=True)
        return
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {connection.ops.quote_name(CACHE_TABLE)} SET value = %s WHERE cache_key = %s",
            [base64.b64encode(payload).decode(), cache.make_key(key)],  # as Django stores it
        )


@pytest.mark.parametrize("shared", ["database_cache", "redis_cache"])
def test_a_planted_value_is_a_miss_and_no_count(request, shared, fallback):
    request.getfixturevalue(shared)
    cache.set("standings:x", {"rows": [1, 2]}, 60)
    plant(shared, "standings:x", PICKLE)
    assert cache.get("standings:x") is None
    assert cache.get_many(["standings:x"]) in ({}, {"standings:x": None})
    brake = throttle.Throttle("edge", limit=3, window_seconds=600)
    assert brake.failed(request_from("10.8.0.1")) == 1
    plant(shared, "throttle:edge:10.8.0.1", PICKLE)
    assert brake.count(request_from("10.8.0.1")) == 0
    assert brake.failed(request_from("10.8.0.1")) == 1  # a new window, never a 500


def test_with_redis_unreachable_add_and_incr_say_so_and_the_brake_counts_here(fallback):
    settings = {
        "BACKEND": "tournament.cache.redis.DataOnlyRedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 0.5},
    }
    with override_settings(CACHES={"default": settings}):
        assert cache.add("k", 1, 60) is None and cache.incr("k") is None
        assert cache.get("k", "miss") == "miss"
        brake = throttle.Throttle("edge", limit=2, window_seconds=600)
        assert [brake.failed(request_from("10.8.0.2")) for _ in range(3)] == [1, 2, 3]
        assert brake.blocked(request_from("10.8.0.2"))
        assert not brake.blocked(request_from("10.8.0.3"))


def test_redis_failures_are_logged_once_per_pause(fallback, caplog):
    settings = {"BACKEND": "tournament.cache.redis.DataOnlyRedisCache"}
    settings["LOCATION"] = "redis://127.0.0.1:1/0"
    with override_settings(CACHES={"default": settings}), caplog.at_level(logging.WARNING):
        for _ in range(20):
            cache.get("k")
    lines = [record for record in caplog.records if record.name == redis_backend.__name__]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING
    assert "Connection refused" in lines[0].getMessage() and not lines[0].exc_info


def test_the_memory_cache_culls_its_oldest_and_counts_under_its_lock():
    memory = DataOnlyLocMemCache("edge-test", {"OPTIONS": {"MAX_ENTRIES": 10}})
    memory.clear()
    for number in range(25):
        memory.set(f"k{number}", number, 60)
    assert len(memory._cache) <= 10 and memory.get("k24") == 24 and memory.get("k0") is None
    with pytest.raises(ValueError):
        memory.incr("absent")
    memory.set("text", "x")
    with pytest.raises(ValueError):
        memory.incr("text")  # not a count
    memory.add("n", 1, 60)
    assert memory.incr("n", 4) == 5 and memory.decr("n") == 4
    memory.set("gone", 1, 0)
    assert memory.get("gone") is None and memory.add("gone", 2) and memory.get("gone") == 2
    memory.clear()


def test_the_cache_table_keeps_expiry_and_refuses_what_is_not_json(database_cache):  # noqa: F811
    assert database_cache.add("n", 1, 60) is True
    assert database_cache.add("n", 5, 60) is False
    assert database_cache.incr("n", 2) == 3 and database_cache.decr("n") == 2
    assert database_cache.touch("n", 120) and not database_cache.touch("absent")
    assert database_cache.delete("n") and not database_cache.delete("n")
    with pytest.raises(ValueError):
        database_cache.incr("n")
    database_cache.set_many({"a": [1, "zwei"], "b": {"c": None}}, 60)
    assert database_cache.get_many(["a", "b", "c"]) == {"a": [1, "zwei"], "b": {"c": None}}
    with pytest.raises(TypeError):
        database_cache.set("object", object())  # only data is cached
