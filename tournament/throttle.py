"""A brake on guessing: attempts are counted per client address for a while.

Used for the organisers' login and the captains' links. The counts live in the shared cache
(network and production mode: the database cache, or Redis with ``REDIS_URL``; see settings),
counted with its atomic ``add`` and ``incr``. Behind a reverse proxy set
``TRUST_X_FORWARDED_FOR=1`` so that each phone is counted on its own and not every request as
coming from the proxy.

An attempt is counted *before* it is evaluated (``attempt``): of 60 wrong passwords sent at the
same moment exactly ``limit`` are checked, the rest are refused unseen. An attempt that succeeds
gives its count back (``forgive``) or clears the count (``reset``). While the count is over the
limit every attempt from that address is refused, right or wrong, so the refusal tells a
guesser nothing. While the shared cache fails (Redis unreachable, a broken cache file) the
counting goes on in this process's memory: each process counts on its own, logins and links
keep working.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, BaseCache, caches
from django.http import HttpRequest

from tournament.cache.backends import DataOnlyLocMemCache

# Counts of this process while the shared cache fails (room for many addresses).
FALLBACK = DataOnlyLocMemCache("doko-throttle-fallback", {"OPTIONS": {"MAX_ENTRIES": 5000}})


def client_address(request: HttpRequest) -> str:
    """The address of the device: the proxy's last ``X-Forwarded-For`` entry if the proxy is
    trusted (the entry it added itself; earlier ones can be forged), else the peer address."""
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if entries:
            return entries[-1]
    return request.META.get("REMOTE_ADDR", "unknown")


def count(key: str, delta: int, window_seconds: int) -> int:
    """Add ``delta`` to the count under ``key`` atomically and return the new count; a new
    count lives ``window_seconds``, an existing one keeps its expiry, a negative delta never
    starts one."""
    shared = caches[DEFAULT_CACHE_ALIAS]
    if delta == 0:
        return max(_number(shared.get(key)), _number(FALLBACK.get(key)))
    counted = _count_in(shared, key, delta, window_seconds)
    return _count_in(FALLBACK, key, delta, window_seconds) if counted is None else counted


def _number(value: object) -> int:
    return value if type(value) is int else 0


def _count_in(cache: BaseCache, key: str, delta: int, window_seconds: int) -> int | None:
    """None while ``cache`` fails (its ``add`` and ``incr`` answer None then)."""
    added = cache.add(key, delta, window_seconds) if delta > 0 else False
    if added is None or added:
        return added and delta
    try:
        return cache.incr(key, delta)
    except (ValueError, TypeError):  # expired meanwhile, or no count (planted): a new window
        if delta > 0:
            cache.set(key, delta, window_seconds)
        return max(delta, 0)


class Throttle:
    def __init__(self, name: str, limit: int, window_seconds: int) -> None:
        self.name = name
        self.limit = limit
        self.window_seconds = window_seconds

    def _key(self, request: HttpRequest) -> str:
        return f"throttle:{self.name}:{client_address(request)}"

    def attempt(self, request: HttpRequest) -> bool:
        """Count one attempt of this address; False if it is over the limit (refuse it without
        looking at what was sent)."""
        return count(self._key(request), 1, self.window_seconds) <= self.limit

    def forgive(self, request: HttpRequest) -> None:
        """The attempt succeeded: it does not count (a captain's link that opened)."""
        count(self._key(request), -1, self.window_seconds)

    def failed(self, request: HttpRequest) -> int:
        """Count one failure of this address; returns the count within the window."""
        return count(self._key(request), 1, self.window_seconds)

    def count(self, request: HttpRequest) -> int:
        return count(self._key(request), 0, self.window_seconds)

    def blocked(self, request: HttpRequest) -> bool:
        return self.count(request) >= self.limit

    def reset(self, request: HttpRequest) -> None:
        key = self._key(request)
        caches[DEFAULT_CACHE_ALIAS].delete(key)
        FALLBACK.delete(key)
