"""The ``config`` app: management commands of the modes, and the cache table after ``migrate``."""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.core.cache import caches
from django.core.cache.backends.db import BaseDatabaseCache
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.signals import post_migrate


def create_cache_table(
    sender: AppConfig, using: str = DEFAULT_DB_ALIAS, verbosity: int = 1, **kwargs: Any
) -> None:
    """``manage.py createcachetable`` after every ``migrate`` (network and production mode keep
    their cache in a database): ``make serve`` and a production deployment, which migrate on
    every start, never meet a missing table. Existing tables are left as they are. The table
    goes where the database routers put it (network mode on SQLite: its own file,
    ``tournament/cache/router.py``), so every database is offered it."""
    if sender.label != "tournament":  # post_migrate comes once per app: act once
        return
    if not any(isinstance(caches[alias], BaseDatabaseCache) for alias in caches):
        return
    for alias in connections:
        call_command(
            "createcachetable", database=alias, verbosity=verbosity if verbosity > 1 else 0
        )


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Doko-Turnier configuration"

    def ready(self) -> None:
        post_migrate.connect(create_cache_table, dispatch_uid="doko-create-cache-table")
