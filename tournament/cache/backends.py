"""JSON text in this process's memory or in Django's cache table (``createcachetable``).

``incr`` is atomic in both (the lock; one ``UPDATE``) and keeps the entry's expiry, which the
brakes count on. The table fails like django-redis with ``IGNORE_EXCEPTIONS``: logged, a miss,
and made again where it can be (a missing table; a cache file of its own that is no database).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from contextlib import nullcontext, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.db import BaseDatabaseCache
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, router, transaction

logger = logging.getLogger(__name__)
MISS = object()
_stores: dict[str, tuple[dict, dict, threading.Lock]] = {}
_failing_until: dict[str, float] = {}  # per table: warned and repaired, quiet until then


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def loads(data: Any, default: Any = None) -> Any:
    try:
        return json.loads(data)
    except (ValueError, TypeError, RecursionError):
        return default


def _sqlite_file(name: str) -> bool:
    """Whether the file ``name`` is an SQLite database (or empty, which SQLite takes as one)."""
    try:
        with open(name, "rb") as file:
            return file.read(16) in (b"", b"SQLite format 3\x00")
    except OSError:
        return True  # missing (SQLite makes it) or unreadable (nothing to do about it here)


class DataOnlyLocMemCache(BaseCache):
    """This process's memory (development, the per-process ``local`` cache, the brakes while
    the shared cache fails): what works here works the same on the shared caches."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self._cache, self._expires, self._lock = _stores.setdefault(
            name, ({}, {}, threading.Lock())
        )

    def _alive(self, key: str) -> bool:  # the lock is held
        expiry = self._expires.get(key)
        if expiry is None or expiry > time.time():
            return key in self._cache
        self._drop(key)
        return False

    def _drop(self, key: str) -> None:
        self._cache.pop(key, None)
        self._expires.pop(key, None)

    def _store(self, key: str, data: str, timeout: Any) -> None:  # the lock is held
        self._cache.pop(key, None)
        if len(self._cache) >= self._max_entries:  # the oldest go first
            for old in list(self._cache)[: max(1, len(self._cache) // self._cull_frequency)]:
                self._drop(old)
        self._cache[key], self._expires[key] = data, self.get_backend_timeout(timeout)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._alive(key):
                return False
            self._store(key, dumps(value), timeout)
        return True

    def get(self, key, default=None, version=None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            data = self._cache[key] if self._alive(key) else None
        return default if data is None else loads(data, default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            self._store(key, dumps(value), timeout)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._alive(key):
                self._expires[key] = self.get_backend_timeout(timeout)
                return True
        return False

    def delete(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            found = self._alive(key)
            self._drop(key)
        return found

    def incr(self, key, delta=1, version=None) -> int:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            value = loads(self._cache[key]) if self._alive(key) else None
            if type(value) is not int:
                raise ValueError(f"Key '{key}' not found")
            self._cache[key] = dumps(value + delta)
        return value + delta

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._expires.clear()


class DataOnlyDatabaseCache(BaseDatabaseCache):
    """The cache table; in network mode on SQLite in a file of its own (``router``)."""

    def _run(self, sql: str, params: list[Any], write: bool = True) -> list[tuple] | None:
        """The rows ``sql`` returns (``{t}`` is the table); None while the table fails."""
        db = (router.db_for_write if write else router.db_for_read)(self.cache_model_class)
        connection = connections[db]
        sql = sql.format(t=connection.ops.quote_name(self._table))
        params = [
            connection.ops.adapt_datetimefield_value(p) if isinstance(p, datetime) else p
            for p in params
        ]
        try:  # a savepoint inside a transaction: a failure must not break the request's
            savepoint = transaction.atomic(db) if connection.in_atomic_block else nullcontext()
            with savepoint, connection.cursor() as cursor:
                cursor.execute(sql, params)
                return cursor.fetchall() if cursor.description else []
        except DatabaseError as error:
            self._failed(db, error)
            return None

    def _failed(self, db: str, error: DatabaseError) -> None:
        connection = connections[db]
        own_file = connection.vendor == "sqlite" and db != DEFAULT_DB_ALIAS
        if own_file:  # the next call opens the file anew
            with suppress(DatabaseError):
                connection.close()
        if _failing_until.get(self._table, 0.0) > time.monotonic():
            return
        _failing_until[self._table] = time.monotonic() + 5.0
        logger.warning("Cache table %s failed (%s); made again", self._table, error)
        name = connection.settings_dict["NAME"]
        if own_file and ("malformed" in str(error) or not _sqlite_file(name)):
            # A fresh empty file in its place: connections still open keep the old one (and
            # its locks) until they close; stale -wal and -shm files go with it.
            with suppress(OSError):
                os.close(os.open(f"{name}.new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
                os.replace(f"{name}.new", name)
                for suffix in ("-wal", "-shm"):
                    Path(f"{name}{suffix}").unlink(missing_ok=True)
        with suppress(DatabaseError):
            call_command("createcachetable", database=db, verbosity=0)

    def _expiry(self, timeout: Any) -> datetime:
        timeout = self.get_backend_timeout(timeout)
        if timeout is None:
            return datetime.max.replace(microsecond=0, tzinfo=UTC)
        return datetime.fromtimestamp(timeout, UTC).replace(microsecond=0)

    @staticmethod
    def _now() -> datetime:
        return datetime.now(UTC).replace(microsecond=0)

    def _upsert(self, key: str, value: Any, timeout: Any, only_if_expired: bool) -> bool | None:
        rows = self._run("SELECT COUNT(*) FROM {t}", [], write=False)
        if rows and rows[0][0] > self._max_entries:  # expired first, then the soonest to expire
            self._run("DELETE FROM {t} WHERE expires < %s", [self._now()])
            cull = "SELECT cache_key FROM {t} ORDER BY expires LIMIT %s"
            culled = rows[0][0] // self._cull_frequency
            self._run(f"DELETE FROM {{t}} WHERE cache_key IN ({cull})", [culled])
        rows = self._run(
            "INSERT INTO {t} (cache_key, value, expires) VALUES (%s, %s, %s) ON CONFLICT "
            "(cache_key) DO UPDATE SET value = excluded.value, expires = excluded.expires"
            + (" WHERE {t}.expires < %s" if only_if_expired else "")
            + " RETURNING cache_key",
            [key, dumps(value), self._expiry(timeout)] + ([self._now()] if only_if_expired else []),
        )
        return None if rows is None else bool(rows)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool | None:
        key = self.make_and_validate_key(key, version=version)
        return self._upsert(key, value, timeout, only_if_expired=True)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        self._upsert(self.make_and_validate_key(key, version=version), value, timeout, False)

    def get_many(self, keys, version=None) -> dict[str, Any]:
        named = {self.make_and_validate_key(key, version=version): key for key in keys}
        places = ", ".join(["%s"] * len(named))
        sql = f"SELECT cache_key, value FROM {{t}} WHERE cache_key IN ({places}) AND expires > %s"
        rows = self._run(sql, [*named, self._now()], write=False) if named else []
        values = {named[key]: loads(data, MISS) for key, data in rows or []}
        return {key: value for key, value in values.items() if value is not MISS}

    def get(self, key, default=None, version=None) -> Any:
        return self.get_many([key], version=version).get(key, default)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        sql = "UPDATE {t} SET expires = %s WHERE cache_key = %s AND expires > %s RETURNING 1"
        return bool(self._run(sql, [self._expiry(timeout), key, self._now()]))

    def delete(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        return bool(self._run("DELETE FROM {t} WHERE cache_key = %s RETURNING 1", [key]))

    def clear(self) -> None:
        self._run("DELETE FROM {t}", [])

    def incr(self, key, delta=1, version=None) -> int | None:
        """One ``UPDATE``: two processes never both write count + 1; None while it fails."""
        key = self.make_and_validate_key(key, version=version)
        rows = self._run(
            "UPDATE {t} SET value = CAST(CAST(value AS bigint) + %s AS text) "
            "WHERE cache_key = %s AND expires > %s RETURNING value",
            [delta, key, self._now()],
        )
        if rows == []:
            raise ValueError(f"Key '{key}' not found")
        return rows and int(rows[0][0])
