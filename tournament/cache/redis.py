"""The shared cache with ``REDIS_URL``: django-redis, JSON values, Redis failures ignored.

While Redis cannot be reached every read is a miss and every write is dropped (``None`` from
``add`` and ``incr``), logged by django-redis (``DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS``).
"""

from __future__ import annotations

from typing import Any

from django_redis.cache import RedisCache
from django_redis.serializers.json import JSONSerializer

# Nothing rests any more (django-redis asks Redis on every call, a refused connection costs
# well under a millisecond); the name stays for the tests that clear it.
_resting_until: dict[str, float] = {}


class DataOnly(JSONSerializer):
    """JSON both ways; what is not JSON (a planted pickle, garbage) reads as None, a miss."""

    def loads(self, value: bytes) -> Any:
        try:
            return super().loads(value)
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            return None


def DataOnlyRedisCache(server: str, params: dict[str, Any]) -> RedisCache:
    """django-redis' backend with JSON values and Redis failures ignored (a backend's name)."""
    options = {"SERIALIZER": f"{__name__}.DataOnly", "IGNORE_EXCEPTIONS": True}
    cache = RedisCache(server, {**params, "OPTIONS": options | params.get("OPTIONS", {})})
    cache._cache = cache.client  # where Django's own RedisCache keeps its client
    return cache
