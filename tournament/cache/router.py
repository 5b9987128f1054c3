"""The cache table in a database of its own (network mode on SQLite).

SQLite has one write lock per database file. With the cache table in the main database, every
public page that stores something in the cache (a cold standings entry) and every counted login
or link attempt needed that lock, so a long write (a restore, a big confirmation) stalled the
players' pages. In its own file (``DATA_DIR/cache.sqlite3``, alias ``cache``) the cache has its
own lock, still one database for all of the server's processes.
"""

from __future__ import annotations

from typing import Any

CACHE_DATABASE = "cache"
# The app label of the model Django's DatabaseCache makes for its table.
CACHE_APP_LABEL = "django_cache"


class CacheRouter:
    """Django's cache table to the ``cache`` database, nothing else there."""

    def db_for_read(self, model: Any, **hints: Any) -> str | None:
        return CACHE_DATABASE if model._meta.app_label == CACHE_APP_LABEL else None

    db_for_write = db_for_read

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        return None

    def allow_migrate(
        self, db: str, app_label: str, model_name: str | None = None, **hints: Any
    ) -> bool | None:
        if db == CACHE_DATABASE:
            return app_label == CACHE_APP_LABEL
        return False if app_label == CACHE_APP_LABEL else None
