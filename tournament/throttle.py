"""A brake on guessing: failures are counted per client address for a while.

Used for the organisers' login and the captains' links. The counts live in Django's cache, which
in network and production mode is shared by all server processes: the database cache, or Redis
when ``REDIS_URL`` is set (see settings). Behind a reverse proxy set
``TRUST_X_FORWARDED_FOR=1`` so that each phone is counted on its own and not every request as
coming from the proxy.

Counting is atomic across processes, so that concurrent failures are never lost
(``tests/reliability/test_throttle.py``). What Django's cache backends guarantee:

- ``RedisCache``: ``add`` is ``SET NX`` and ``incr`` is ``INCRBY``, both atomic in Redis, and
  ``INCRBY`` keeps the key's expiry. Used as it is.
- ``LocMemCache`` (development): ``incr`` holds a lock, atomic within the one process.
- ``DatabaseCache``: ``incr`` is Django's generic read-then-write (``get`` and ``set``): two
  processes can read the same count and both write count + 1, and ``set`` replaces the window's
  expiry with the default timeout. Counted here instead in one transaction that locks the row
  (``SELECT … FOR UPDATE``; SQLite's ``BEGIN IMMEDIATE`` takes the write lock up front) and
  writes the new count with the expiry unchanged.
- ``FileBasedCache``: the same read-then-write, with no lock to take; no longer configured.
"""

from __future__ import annotations

import base64
import pickle

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, models, router, transaction
from django.http import HttpRequest
from django.utils import timezone


def client_address(request: HttpRequest) -> str:
    """The address of the device: the proxy's last ``X-Forwarded-For`` entry if the proxy is
    trusted (the entry it added itself; earlier ones can be forged), else the peer address."""
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if entries:
            return entries[-1]
    return request.META.get("REMOTE_ADDR", "unknown")


def count_failure(key: str, window_seconds: int) -> int:
    """Add one to the count under ``key`` atomically; a new count lives ``window_seconds``.
    Returns the new count."""
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(backend, DatabaseCache):
        return _count_in_database(backend, key, window_seconds)
    cache.add(key, 0, window_seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, window_seconds)
        return 1
    if count == 1:
        # Redis' INCR on a key that expired just before creates it without an expiry; the
        # first failure starts the window anyway.
        cache.touch(key, window_seconds)
    return count


def _count_in_database(backend: DatabaseCache, key: str, window_seconds: int) -> int:
    """``count_failure`` on Django's database cache: the row is locked while it is counted.

    Reads and writes the row as ``DatabaseCache`` stores it (base64 of a pickle, ``expires``);
    creating and renewing a row go through the cache's own ``add`` and ``set``.
    """
    alias = router.db_for_write(backend.cache_model_class)
    connection = connections[alias]
    quote = connection.ops.quote_name
    table = quote(backend._table)
    cache_key = backend.make_and_validate_key(key)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    select = (
        f"SELECT {quote('value')}, {quote('expires')} FROM {table} "
        f"WHERE {quote('cache_key')} = %s{lock}"
    )
    expression = models.Expression(output_field=models.DateTimeField())
    converters = connection.ops.get_db_converters(expression) + expression.get_db_converters(
        connection
    )

    def locked_row() -> tuple[int, float] | None:
        """(count, seconds left) of the locked row; None when there is none or it expired."""
        with connection.cursor() as cursor:
            cursor.execute(select, [cache_key])
            row = cursor.fetchone()
        if row is None:
            return None
        value, expires = row
        for converter in converters:
            expires = converter(expires, expression, connection)
        left = (expires - timezone.now()).total_seconds()
        if left <= 0:
            return None
        count = pickle.loads(base64.b64decode(connection.ops.process_clob(value).encode()))
        return int(count), left

    with transaction.atomic(using=alias):
        current = locked_row()
        if current is None and backend.add(key, 1, window_seconds):
            return 1  # the first failure of a new window (a concurrent add waits, then fails)
        current = current or locked_row()
        if current is None:  # expired (or cleared) under our lock: a new window
            backend.set(key, 1, window_seconds)
            return 1
        count = current[0] + 1
        stored = base64.b64encode(pickle.dumps(count, backend.pickle_protocol)).decode("latin1")
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET {quote('value')} = %s WHERE {quote('cache_key')} = %s",
                [stored, cache_key],
            )
        return count


class Throttle:
    def __init__(self, name: str, limit: int, window_seconds: int) -> None:
        self.name = name
        self.limit = limit
        self.window_seconds = window_seconds

    def _key(self, request: HttpRequest) -> str:
        return f"throttle:{self.name}:{client_address(request)}"

    def count(self, request: HttpRequest) -> int:
        return cache.get(self._key(request), 0)

    def blocked(self, request: HttpRequest) -> bool:
        return self.count(request) >= self.limit

    def failed(self, request: HttpRequest) -> int:
        """Count one failure of this address; returns the count within the window."""
        return count_failure(self._key(request), self.window_seconds)

    def reset(self, request: HttpRequest) -> None:
        cache.delete(self._key(request))
