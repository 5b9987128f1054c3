"""Django's Redis cache, storing JSON text (``codec``) and degrading while Redis is away.

Redis unreachable (stopped, wrong port, network gone) must not turn pages into 500s: every read
is a miss and every write is dropped, so the public pages compute what they show from the
database, as on a cold cache. After a failure Redis is left alone for ``REST_SECONDS`` (each
process on its own): pages do not wait for a connection attempt each, and the warning is
logged once per rest, not once per request. The brakes' ``count`` raises ``CacheUnavailable``
instead of pretending: ``tournament.throttle`` then counts in this process.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from tournament.cache import codec

logger = logging.getLogger(__name__)

REST_SECONDS = 5.0
# Per process, by server address: Django makes a cache object per thread.
_resting_until: dict[str, float] = {}

# Add ARGV[1] to the count under KEYS[1]; a new count expires after ARGV[2] seconds, an
# existing one keeps its expiry. A negative delta never starts a count, and a value that is not
# a count (planted, garbage) starts a new window. One script: atomic in Redis.
COUNT_SCRIPT = """
local delta = tonumber(ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then
  local n = redis.pcall('INCRBY', KEYS[1], delta)
  if type(n) == 'number' then
    if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
    return n
  end
  redis.call('DEL', KEYS[1])
end
if delta <= 0 then return 0 end
redis.call('SET', KEYS[1], delta, 'EX', ARGV[2])
return delta
"""


class CacheUnavailable(Exception):
    """The shared cache cannot be reached just now."""


class JsonSerializer:
    """For Django's Redis client: JSON text both ways (integers as digits, for ``INCRBY``)."""

    def dumps(self, value: Any) -> bytes:
        return codec.dumps(value)

    def loads(self, data: bytes) -> Any:
        return codec.loads(data)


class DataOnlyRedisClient(RedisCacheClient):
    """A value that is not JSON reads as a miss."""

    def __init__(self, servers, **options) -> None:
        options.setdefault("serializer", JsonSerializer)
        super().__init__(servers, **options)

    def get(self, key, default):
        try:
            return super().get(key, default)
        except codec.NotData:
            return default

    def get_many(self, keys):
        values = self.get_client(None).mget(keys)
        result = {}
        for key, value in zip(keys, values, strict=True):
            if value is not None:
                try:
                    result[key] = codec.loads(value)
                except codec.NotData:
                    continue
        return result


class DataOnlyRedisCache(RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = DataOnlyRedisClient
        self._location = server if isinstance(server, str) else ",".join(server)

    # ------------------------------------------------------------------ outage handling

    def _resting(self) -> bool:
        return _resting_until.get(self._location, 0.0) > time.monotonic()

    def _failed(self, error: Exception) -> None:
        _resting_until[self._location] = time.monotonic() + REST_SECONDS
        logger.warning(
            "Redis cache unreachable (%s); answering without it for %d s",
            error.__class__.__name__,
            REST_SECONDS,
        )

    def _call(self, method: str, miss: Any, *args: Any, **kwargs: Any) -> Any:
        from redis.exceptions import RedisError

        if self._resting():
            return miss
        try:
            return getattr(super(), method)(*args, **kwargs)
        except RedisError as error:
            self._failed(error)
            return miss

    def get(self, key, default=None, version=None):
        return self._call("get", default, key, default, version=version)

    def get_many(self, keys, version=None):
        return self._call("get_many", {}, keys, version=version)

    def has_key(self, key, version=None):
        return self._call("has_key", False, key, version=version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", False, key, value, timeout, version=version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", None, key, value, timeout, version=version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", list(data), data, timeout, version=version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", False, key, timeout, version=version)

    def delete(self, key, version=None):
        return self._call("delete", False, key, version=version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", None, keys, version=version)

    def clear(self):
        return self._call("clear", False)

    def incr(self, key, delta=1, version=None):
        from redis.exceptions import RedisError

        if self._resting():
            raise ValueError(f"Key '{key}' not found (Redis unreachable)")
        try:
            return super().incr(key, delta, version=version)
        except RedisError as error:
            self._failed(error)
            raise ValueError(f"Key '{key}' not found (Redis unreachable)") from None

    # ------------------------------------------------------------------ the brakes' counter

    def count(self, key: str, delta: int, window_seconds: int) -> int:
        """Add ``delta`` to the count under ``key`` atomically (``COUNT_SCRIPT``); raises
        ``CacheUnavailable`` while Redis cannot be reached."""
        from redis.exceptions import RedisError

        if self._resting():
            raise CacheUnavailable
        cache_key = self.make_and_validate_key(key)
        try:
            client = self._cache.get_client(cache_key, write=True)
            return int(client.eval(COUNT_SCRIPT, 1, cache_key, delta, window_seconds))
        except RedisError as error:
            self._failed(error)
            raise CacheUnavailable from error
