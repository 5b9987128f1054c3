"""The public stamp in the shared cache: a poll whose ETag is current is answered without a
database query.

Every tournament has, in the shared cache (``CACHES["default"]``: Redis, the cache table, or this
process's memory in development), a **stamp**: a random nonce and the time it was made, under
the tournament's slug. Whatever changes a public page makes a new one: every audit entry that
counts as public (``freshness.NOT_PUBLIC`` lists those that do not) and every save or deletion of
the tournament itself (name, switches, settings). The ETag of a public page is derived from the
stamp, not from the database, so a poll with a current ETag reads one cache key and nothing else.

Why the stamp is never stale:

- A new stamp is written twice: at once when the change is made (inside its transaction) and
  again after the commit (``transaction.on_commit``). The second write is the one that counts: a
  request that read the first stamp before the commit may have rendered the data from before it,
  and the stamp after the commit is newer than every such page.
- A page always reads the stamp **before** it reads the database; what it renders is at least as
  new as its stamp. Whoever changes something after that read replaces the stamp.
- A missing stamp (never made, evicted, the cache cleared) is made anew with ``add`` — never
  over a stamp another process has just written — and then read back, before the tournament is
  read; only for a tournament that exists, so that made-up addresses leave nothing behind.
  Every server of a cluster reads the same key; a new stamp only means one 200 for every
  client.
- Without a shared cache (Redis away) nothing can be read back: the caller falls back to the
  stamp from the database (``freshness.database_stamp``), two queries.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.core.cache import cache
from django.db import transaction

KEY = "public-stamp:{slug}"


@dataclass(frozen=True)
class Stamp:
    """What a public page's validators are made of: ``version`` changes with every public change
    (part of the ETag and of the cache keys of the public standings), ``changed_at`` is its time
    (Last-Modified)."""

    version: str
    changed_at: datetime


def _new_value() -> dict[str, Any]:
    return {"n": secrets.token_hex(8), "t": time.time()}


def _stamp(value: Any) -> Stamp | None:
    """A stored value read back; None (a miss) for anything else."""
    if not isinstance(value, dict):
        return None
    nonce, made = value.get("n"), value.get("t")
    if not isinstance(nonce, str) or not isinstance(made, int | float) or isinstance(made, bool):
        return None
    return Stamp(f"s{nonce}", datetime.fromtimestamp(made, tz=UTC))


def shared_stamp(slug: str) -> Stamp | None:
    """The tournament's stamp from the shared cache; None when there is none (yet, or the
    shared cache cannot be reached)."""
    return _stamp(cache.get(KEY.format(slug=slug)))


def make_stamp(slug: str) -> Stamp | None:
    """The tournament's stamp, made if missing (call only for a tournament that exists, so that
    made-up addresses leave nothing in the cache); None when the shared cache cannot keep one
    and the caller must ask the database."""
    key = KEY.format(slug=slug)
    cache.add(key, _new_value(), None)  # never over one another process has just written
    return _stamp(cache.get(key))


def renew_stamp(slug: str) -> None:
    """A new stamp for the tournament ``slug``: now and again after the current transaction
    commits (see the module's docstring)."""
    key = KEY.format(slug=slug)
    cache.set(key, _new_value(), None)
    transaction.on_commit(lambda: cache.set(key, _new_value(), None))
