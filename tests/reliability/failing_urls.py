"""Test-only URLs that fail on purpose, on top of the real URL map (never shipped in config/).

Used in-process (``settings.ROOT_URLCONF``) and by the real network-mode server of
``test_network_mode.py`` (through ``tests/reliability/server_settings.py``).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler400, handler403, handler404, handler500
from config.urls import urlpatterns as real_patterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]

SECRET_IN_EXCEPTION = "geheimnis-im-traceback-4711"


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError(f"a bug, with {SECRET_IN_EXCEPTION} in its message")


def locked(request: HttpRequest) -> HttpResponse:
    raise OperationalError("database is locked")


def disk_error(request: HttpRequest) -> HttpResponse:
    raise OperationalError("disk I/O error")


def missing_table(request: HttpRequest) -> HttpResponse:
    raise OperationalError("no such table: tournament_tournament")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied("not for you")


urlpatterns = [
    path("test-only/crash/", crash),
    path("test-only/locked/", locked),
    path("test-only/disk-error/", disk_error),
    path("test-only/missing-table/", missing_table),
    path("test-only/forbidden/", forbidden),
    path("api/test-only/crash/", crash),
    path("api/test-only/locked/", locked),
    *real_patterns,
]
