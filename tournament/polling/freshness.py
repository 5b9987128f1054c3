"""Cheap polling of the public pages: ETag and Last-Modified from the tournament's last change
of what those pages show, so that a phone or projector asking again gets ``304 Not Modified``
without a database query.

The stamp lives in the shared cache (``tournament.polling.stamp``): a random nonce, renewed by every
change of what a public page shows. Every state change writes an audit entry
(``tournament.audit``) in the same transaction as the change, and each one that counts renews the
stamp (``renew_on_public_entry``); entries that change nothing public are skipped (a captain
saving a draft every few seconds, check-ins, links, logins), so the validator stays put while
captains type and changes when a sheet is confirmed or reopened, a round is released or taken
back, a seat or name changes. Every save of the tournament itself (name, switches, settings)
renews it too (``renew_on_tournament_change``). Without a shared cache (Redis away) the stamp
comes from the database instead (``database_stamp``: the newest public audit entry and the
tournament's own fields, two queries).

The validator also covers the tournament's slug, the language, the path with its query string
and the installed code (``code_version``: a hash of the templates, scripts, styles, catalogues
and Python sources, the same on every server of one release), so that after an update no browser
keeps a page of the old layout. The stamp is also part of the cache keys of the public standings
(``scoring.standings.ranking.cached_standings``), so a new ETag never comes with cached content
from before the change.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db.models.signals import post_delete, post_init, post_save
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.http import http_date, quote_etag

from tournament.models import AuditEntry, Tournament
from tournament.polling.stamp import Stamp, make_stamp, renew_stamp, shared_stamp

ROOT = Path(__file__).resolve().parents[2]
CODE_SUFFIXES = {".py", ".html", ".txt", ".js", ".css", ".mo"}


# Our Python packages and what the pages are made of.
CODE_FOLDERS = (
    "config",
    "public",
    "demo",
    "seasons",
    "output",
    "scoring",
    "tournament",
    "templates",
    "static",
    "locale",
)


@functools.cache
def code_version() -> str:
    """A hash of the files that make the public pages (once per process)."""
    digest = hashlib.sha256()
    for folder in CODE_FOLDERS:
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


# The club's fields the public pages show (``tournament.privacy.names``).
CLUB_PUBLIC_FIELDS = ("public_names", "consent_allowed")


def database_stamp(tournament: Tournament, also: Iterable[int] = ()) -> Stamp:
    """The stamp from the database, when the shared cache cannot keep one: the newest audit
    entry that counts and the tournament's own public fields (one query besides the
    tournament's). ``also``: other tournaments whose changes the page shows as well (the
    projector's season slide)."""
    # The club's say on names shows on every page: read with the entry, no query of its own.
    club = [f"tournament__club__{field}" for field in CLUB_PUBLIC_FIELDS]
    latest = (
        AuditEntry.objects.filter(tournament__in=[tournament.pk, *also])
        .exclude(action__in=NOT_PUBLIC)
        .order_by("-id")
        .values_list("id", "created_at", *club)
        .first()
    )
    version, changed_at = latest[:2] if latest is not None else (0, tournament.created_at)
    fields = "\x1f".join(
        f"{field}={getattr(tournament, field)}"
        for field in ("name", "date", *Tournament.SETTINGS_FIELDS)
    )
    if latest is not None and tournament.club_id is not None:
        fields += str(latest[2:])
    digest = hashlib.sha256(fields.encode()).hexdigest()[:12]
    return Stamp(f"d{version}-{digest}", changed_at)


def public_etag(request: HttpRequest, slug: str, stamp: Stamp) -> str:
    parts = [
        code_version(),
        slug,
        stamp.version,
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
    """For a view after ``PublicTournamentMixin``: before the tournament is read, the stamp comes
    from the shared cache and a current ETag (or date) is answered 304 at once, without a query
    (``answer_from_stamp``, called by ``PublicTournamentMixin``). Otherwise the page is rendered
    (a switched-off page is refused first) with the validators. Without a shared cache the
    stamp comes from the database, after the switch was checked. The view's context gets
    ``public_stamp`` (for cache keys), ``etag`` and ``poll_seconds`` (``PUBLIC_POLL_SECONDS``)
    for the page's polling script."""

    tournament: Tournament
    public_stamp: Stamp | None = None
    etag: str

    def answer_from_stamp(self, request: HttpRequest, slug: str) -> HttpResponse | None:
        if request.method not in ("GET", "HEAD"):
            return None
        # Read before the tournament: what is rendered afterwards is at least as new.
        self.public_stamp = stamp = current_stamp(slug)
        if stamp is None:
            return None
        self.etag = etag = public_etag(request, slug, stamp)
        if answers_early(request) and not_modified(request, etag, stamp):
            # A switched-off page never has a current ETag: the switch renewed the stamp, and
            # every page rendered since was refused.
            return validator_headers(HttpResponseNotModified(), etag, stamp)
        return None

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        if self.public_stamp is None:  # no shared cache: from the database (two queries)
            self.public_stamp = self.stamp_from_database()
            self.etag = public_etag(request, self.tournament.slug, self.public_stamp)
        if not_modified(request, self.etag, self.public_stamp):  # the switch is checked
            return validator_headers(HttpResponseNotModified(), self.etag, self.public_stamp)
        response = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        if response.status_code == 200:
            validator_headers(response, self.etag, self.public_stamp)
        return response

    def stamp_from_database(self) -> Stamp:
        """The stamp without a shared cache; a page that shows other tournaments' changes too
        names them here."""
        return database_stamp(self.tournament)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)  # type: ignore[misc]
        context.update(
            public_stamp=self.public_stamp.version,
            etag=self.etag,
            poll_seconds=settings.PUBLIC_POLL_SECONDS,
        )
        return context


def current_stamp(slug: str) -> Stamp | None:
    """The shared stamp of the tournament ``slug`` (no query while it is in the cache; made
    after one query when the tournament exists and it is not); None without a shared cache or
    without such a tournament."""
    stamp = shared_stamp(slug)
    if stamp is None and Tournament.objects.filter(slug=slug).exists():
        stamp = make_stamp(slug)
    return stamp


def answer_poll(request: HttpRequest, slug: str) -> tuple[Stamp | None, str, HttpResponse | None]:
    """For a function view (the JSON API): the shared stamp, its ETag and, when the client's is
    current, the 304 to send. The stamp is None without a shared cache (then ask
    ``database_stamp`` once the tournament is read)."""
    stamp = current_stamp(slug)
    if stamp is None:
        return None, "", None
    etag = public_etag(request, slug, stamp)
    if answers_early(request) and not_modified(request, etag, stamp):
        return stamp, etag, validator_headers(HttpResponseNotModified(), etag, stamp)
    return stamp, etag, None


def answers_early(request: HttpRequest) -> bool:
    """Whether a 304 may be sent before the tournament is read: only for an ``If-None-Match``.
    ``If-Modified-Since`` alone has a resolution of a second, too coarse to tell a page from
    before a switch flipped in the same second: it gets its 304 after the switch is checked."""
    return "HTTP_IF_NONE_MATCH" in request.META


def renew_on_public_entry(sender: Any, instance: AuditEntry, created: bool, **kwargs: Any) -> None:
    """``post_save`` of an audit entry: a change a public page may show renews the stamp."""
    if created and instance.tournament_id and instance.action not in NOT_PUBLIC:
        renew_stamp(instance.tournament.slug)


def renew_on_tournament_change(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    """``post_save`` and ``post_delete`` of a tournament: its fields (name, switches, settings)
    are part of what the public pages show; a slug changed since it was read renews both."""
    renew_stamp(instance.slug)
    loaded = getattr(instance, "_slug_as_loaded", instance.slug)
    if loaded != instance.slug:
        renew_stamp(loaded)
    instance._slug_as_loaded = instance.slug


def remember_slug(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    """``post_init``: the slug as read, so that a renamed tournament renews its old address."""
    instance._slug_as_loaded = instance.slug


def connect_signals() -> None:
    post_save.connect(renew_on_public_entry, sender=AuditEntry, dispatch_uid="public-stamp-audit")
    post_save.connect(
        renew_on_tournament_change, sender=Tournament, dispatch_uid="public-stamp-tournament"
    )
    post_delete.connect(
        renew_on_tournament_change, sender=Tournament, dispatch_uid="public-stamp-deleted"
    )
    post_init.connect(remember_slug, sender=Tournament, dispatch_uid="public-stamp-slug")


def not_modified(request: HttpRequest, etag: str, stamp: Stamp) -> bool:
    """True if the request's If-None-Match (or, without it, If-Modified-Since) is current."""
    answer = get_conditional_response(
        request, etag=quote_etag(etag), last_modified=int(stamp.changed_at.timestamp())
    )
    return answer is not None and answer.status_code == 304
