"""The shared cache with ``REDIS_URL``: django-redis, JSON values, Redis failures ignored.

While Redis cannot be reached every read is a miss and every write is dropped (``None`` from
``add`` and ``incr``). django-redis logs each ignored failure with its traceback
(``DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS``, to this module's logger); that log rests: one warning
line per ``LOG_PAUSE_SECONDS``.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django_redis.cache import RedisCache
from django_redis.serializers.json import JSONSerializer

LOG_PAUSE_SECONDS = 10.0
_resting_until: dict[str, float] = {}  # the log's pause, per process


def _one_line_per_pause(record: logging.LogRecord) -> bool:
    if _resting_until.get("log", 0.0) > time.monotonic():
        return False
    _resting_until["log"] = time.monotonic() + LOG_PAUSE_SECONDS
    error = record.exc_info[1] if record.exc_info else None
    record.levelno, record.levelname = logging.WARNING, "WARNING"
    record.msg, record.args = "Redis failing (%s); the cache answers without it", (error,)
    record.exc_info = record.exc_text = None
    return True


logging.getLogger(__name__).addFilter(_one_line_per_pause)


class DataOnly(JSONSerializer):
    """JSON both ways, data only (as the other caches: a date is refused, not made a text);
    what is not JSON (a planted pickle, garbage) reads as None, a miss."""

    encoder_class = json.JSONEncoder

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
