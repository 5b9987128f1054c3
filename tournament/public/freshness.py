"""Cheap polling of the public pages: ETag and Last-Modified from the tournament's last change
of what those pages show, so that a phone or projector asking again gets ``304 Not Modified``
for two small queries instead of a rendered page.

The stamp is the newest audit entry of the tournament that can change a public page: every state
change writes one (``tournament.audit``), in the same transaction as the change. Entries that
change nothing public are skipped (a captain saving a draft every few seconds, check-ins,
links, logins), so the validator stays put while captains type and changes when a sheet is
confirmed or reopened, a round is released or taken back, a seat or name changes, or the
organiser flips a public switch.

The validator also covers the tournament's own public fields (name, switches), the language,
the path with its query string and the installed code (``code_version``: a hash of the
templates, scripts, styles, catalogues and Python sources, the same on every server of one
release), so that after an update no browser keeps a page of the old layout. The stamp is
also part of the cache keys of the public standings
(``scoring.standings.ranking.cached_standings``), so a new ETag never comes with cached content
from before the change.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.http import http_date, quote_etag

from tournament.models import AuditEntry, Tournament

ROOT = Path(__file__).resolve().parents[2]
CODE_SUFFIXES = {".py", ".html", ".txt", ".js", ".css", ".mo"}


@functools.cache
def code_version() -> str:
    """A hash of the files that make the public pages (once per process)."""
    digest = hashlib.sha256()
    for folder in ("config", "scoring", "tournament", "templates", "static", "locale"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in CODE_SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


Action = AuditEntry.Action
# Changes that no public page shows: drafts of open sheets (only confirmed sheets count), draft
# seatings (public from their release on), the check-in desk, captains' links and organisers'
# access. Everything else counts, including entries added later: when in doubt, a new ETag.
NOT_PUBLIC = (
    Action.SHEET_SAVED,
    Action.SHEET_SUBMITTED,
    Action.ROUND_DRAWN,
    Action.ROUND_SLIPS_SAVED,
    Action.ROUND_DELETED,
    Action.PARTICIPANT_CHECKED_IN,
    Action.PARTICIPANT_CHECKED_OUT,
    Action.TOKEN_REVOKED,
    Action.TOKEN_RENEWED,
    Action.ACCESS_GRANTED,
    Action.ACCESS_REVOKED,
)


@dataclass(frozen=True)
class Stamp:
    """The tournament's last public change: the audit entry's id and time (one query)."""

    version: int
    changed_at: datetime


def public_stamp(tournament: Tournament) -> Stamp:
    latest = (
        AuditEntry.objects.filter(tournament=tournament)
        .exclude(action__in=NOT_PUBLIC)
        .order_by("-id")
        .values_list("id", "created_at")
        .first()
    )
    if latest is None:
        return Stamp(0, tournament.created_at)
    return Stamp(*latest)


def public_etag(request: HttpRequest, tournament: Tournament, stamp: Stamp) -> str:
    parts = [
        code_version(),
        str(tournament.pk),
        str(stamp.version),
        *(
            f"{field}={getattr(tournament, field)}"
            for field in ("name", "date", *Tournament.SETTINGS_FIELDS)
        ),
        translation.get_language() or "",
        request.get_full_path(),
    ]
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:24]
    return f'W/"{digest}"'


def validator_headers(response: HttpResponse, etag: str, stamp: Stamp) -> HttpResponse:
    response.headers["ETag"] = etag
    response.headers["Last-Modified"] = http_date(stamp.changed_at.timestamp())
    # Ask again every time (cheap with the validators); never shared between browsers.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


class ConditionalGetMixin:
    """For a view after ``PublicTournamentMixin`` (which has refused switched-off pages before
    this runs): answer 304 when the client's ETag (or date) is current, else render and send
    the validators. The view's context gets ``public_stamp`` (for cache keys), ``etag`` and
    ``poll_seconds`` (``PUBLIC_POLL_SECONDS``) for the page's polling script."""

    tournament: Tournament
    public_stamp: Stamp
    etag: str

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        self.public_stamp = stamp = public_stamp(self.tournament)
        self.etag = etag = public_etag(request, self.tournament, stamp)
        if not_modified(request, etag, stamp):
            return validator_headers(HttpResponseNotModified(), etag, stamp)
        response = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        if response.status_code == 200:
            validator_headers(response, etag, stamp)
        return response

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)  # type: ignore[misc]
        context.update(
            public_stamp=self.public_stamp.version,
            etag=self.etag,
            poll_seconds=settings.PUBLIC_POLL_SECONDS,
        )
        return context


def not_modified(request: HttpRequest, etag: str, stamp: Stamp) -> bool:
    """True if the request's If-None-Match (or, without it, If-Modified-Since) is current."""
    answer = get_conditional_response(
        request, etag=quote_etag(etag), last_modified=int(stamp.changed_at.timestamp())
    )
    return answer is not None and answer.status_code == 304
