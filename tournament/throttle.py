"""A brake on guessing: failures are counted per client address for a while.

Used for the organisers' login and the captains' links. The counts live in Django's cache; in
production that is a file cache shared by all server processes on the machine (see settings).
Behind a reverse proxy set ``TRUST_X_FORWARDED_FOR=1`` so that each phone is counted on its own
and not every request as coming from the proxy.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The address of the device: the proxy's last ``X-Forwarded-For`` entry if the proxy is
    trusted (the entry it added itself; earlier ones can be forged), else the peer address."""
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if entries:
            return entries[-1]
    return request.META.get("REMOTE_ADDR", "unknown")


class Throttle:
    def __init__(self, name: str, limit: int, window_seconds: int) -> None:
        self.name = name
        self.limit = limit
        self.window_seconds = window_seconds

    def _key(self, request: HttpRequest) -> str:
        return f"throttle:{self.name}:{client_address(request)}"

    def blocked(self, request: HttpRequest) -> bool:
        return cache.get(self._key(request), 0) >= self.limit

    def failed(self, request: HttpRequest) -> None:
        key = self._key(request)
        cache.add(key, 0, self.window_seconds)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, self.window_seconds)

    def reset(self, request: HttpRequest) -> None:
        cache.delete(self._key(request))
