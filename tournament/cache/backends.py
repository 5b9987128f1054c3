"""Django's in-memory and database caches, storing JSON text (``codec``) instead of pickles.

Only the methods that write or read a value are replaced; expiry, culling, deleting and the
table's layout stay Django's. Each backend also has ``count``, the brakes' atomic counter
(``tournament.throttle``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.db import DatabaseError, connections, models, router, transaction
from django.utils import timezone

from tournament.cache import codec


class DataOnlyLocMemCache(LocMemCache):
    """This process's memory; values kept as JSON text like the shared caches, so that what
    works in development works the same in network mode."""

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        data = codec.dumps(value)
        with self._lock:
            if self._has_expired(key):
                self._set(key, data, timeout)
                return True
            return False

    def get(self, key, default=None, version=None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            data = self._cache[key]
            self._cache.move_to_end(key, last=False)
        try:
            return codec.loads(data)
        except codec.NotData:
            return default

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        key = self.make_and_validate_key(key, version=version)
        data = codec.dumps(value)
        with self._lock:
            self._set(key, data, timeout)

    def incr(self, key, delta=1, version=None) -> int:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            value = self._current(key)
            if value is None:
                raise ValueError(f"Key '{key}' not found")
            self._cache[key] = codec.dumps(value + delta)
            self._cache.move_to_end(key, last=False)
        return value + delta

    def count(self, key: str, delta: int, window_seconds: int) -> int:
        """Add ``delta`` to the count under ``key`` (a new count lives ``window_seconds``, an
        existing one keeps its expiry); a negative delta never starts a count. Atomic within
        this process (the cache's lock)."""
        key = self.make_and_validate_key(key)
        with self._lock:
            value = self._current(key)
            if value is None:
                if delta <= 0:
                    return 0
                self._set(key, codec.dumps(delta), window_seconds)
                return delta
            if delta == 0:
                return value
            self._cache[key] = codec.dumps(value + delta)
        return value + delta

    def _current(self, key: str) -> int | None:
        """The integer under ``key`` (lock held); None if absent, expired or not a number."""
        if self._has_expired(key):
            self._delete(key)
            return None
        try:
            value = codec.loads(self._cache[key])
        except codec.NotData:
            return None
        return value if type(value) is int else None


class DataOnlyDatabaseCache(DatabaseCache):
    """Django's cache table with JSON text in its ``value`` column instead of base64 pickles."""

    def get_many(self, keys, version=None) -> dict[str, Any]:
        if not keys:
            return {}
        key_map = {self.make_and_validate_key(key, version=version): key for key in keys}
        connection = connections[router.db_for_read(self.cache_model_class)]
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('cache_key')}, {quote('value')}, {quote('expires')} "
                f"FROM {quote(self._table)} WHERE {quote('cache_key')} IN "
                f"({', '.join(['%s'] * len(key_map))})",
                list(key_map),
            )
            rows = cursor.fetchall()
        result, expired = {}, []
        now = timezone.now()
        for key, value, expires in rows:
            if self._expiry(connection, expires) < now:
                expired.append(key)
                continue
            try:
                result[key_map[key]] = codec.loads(connection.ops.process_clob(value))
            except codec.NotData:
                continue  # a miss; the next set replaces it
        self._base_delete_many(expired)
        return result

    def _base_set(self, mode, key, value, timeout=DEFAULT_TIMEOUT) -> bool:
        """Django's ``_base_set`` (set, add, touch; culling first), writing JSON text."""
        timeout = self.get_backend_timeout(timeout)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table, key_column = quote(self._table), quote("cache_key")
        data = codec.dumps(value).decode() if mode != "touch" else None
        now = timezone.now().replace(microsecond=0)
        expires = (
            datetime.max
            if timeout is None
            else datetime.fromtimestamp(timeout, tz=UTC if settings.USE_TZ else None)
        ).replace(microsecond=0)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM {table}")
            entries = cursor.fetchone()[0]
            if entries > self._max_entries:
                self._cull(db, cursor, now, entries)
            try:
                with transaction.atomic(using=db):
                    cursor.execute(
                        f"SELECT {quote('expires')} FROM {table} WHERE {key_column} = %s", [key]
                    )
                    row = cursor.fetchone()
                    stored = connection.ops.adapt_datetimefield_value(expires)
                    if row and mode == "touch":
                        cursor.execute(
                            f"UPDATE {table} SET {quote('expires')} = %s WHERE {key_column} = %s",
                            [stored, key],
                        )
                    elif row and (
                        mode == "set" or (mode == "add" and self._expiry(connection, row[0]) < now)
                    ):
                        cursor.execute(
                            f"UPDATE {table} SET {quote('value')} = %s, {quote('expires')} = %s "
                            f"WHERE {key_column} = %s",
                            [data, stored, key],
                        )
                    elif row is None and mode != "touch":
                        cursor.execute(
                            f"INSERT INTO {table} ({key_column}, {quote('value')}, "
                            f"{quote('expires')}) VALUES (%s, %s, %s)",
                            [key, data, stored],
                        )
                    else:
                        return False
            except DatabaseError:
                return False  # as Django: a concurrent insert of the same key won
        return True

    def count(self, key: str, delta: int, window_seconds: int) -> int:
        """The brakes' counter: the row is locked while it is counted (``SELECT … FOR UPDATE``;
        SQLite's ``BEGIN IMMEDIATE`` takes the write lock up front), so that two processes never
        both write count + 1, and the window's expiry stays as the first failure set it (Django's
        generic ``incr`` is a get and a set, which loses counts and resets the expiry)."""
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table, key_column = quote(self._table), quote("cache_key")
        cache_key = self.make_and_validate_key(key)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        select = (
            f"SELECT {quote('value')}, {quote('expires')} FROM {table} "
            f"WHERE {key_column} = %s{lock}"
        )

        def locked_count(sql: str = select) -> int | None:
            with connection.cursor() as cursor:
                cursor.execute(sql, [cache_key])
                row = cursor.fetchone()
            if row is None or self._expiry(connection, row[1]) <= timezone.now():
                return None
            try:
                value = codec.loads(connection.ops.process_clob(row[0]))
            except codec.NotData:
                return None
            return value if type(value) is int else None

        if delta == 0:
            # A look (is the address over the limit?): no lock and no transaction, so that a
            # captain's link that opens never waits for SQLite's write lock on the cache file.
            return locked_count(select.removesuffix(lock)) or 0
        with transaction.atomic(using=db):
            current = locked_count()
            if current is None and delta <= 0:
                return 0
            if current is None and self.add(key, delta, window_seconds):
                return delta  # a new window (a concurrent add waits for us, then fails)
            current = current if current is not None else locked_count()
            if current is not None and delta == 0:
                return current  # a look, nothing written
            if current is None:  # expired, unreadable or cleared under our lock: a new window
                self.set(key, delta, window_seconds)
                return delta
            with connection.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {table} SET {quote('value')} = %s WHERE {key_column} = %s",
                    [codec.dumps(current + delta).decode(), cache_key],
                )
            return current + delta

    @staticmethod
    def _expiry(connection, value) -> datetime:
        expression = models.Expression(output_field=models.DateTimeField())
        for converter in connection.ops.get_db_converters(
            expression
        ) + expression.get_db_converters(connection):
            value = converter(value, expression, connection)
        return value
