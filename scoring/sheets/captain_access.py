"""Captains' private links: which table a token opens, and a brake on guessing.

A token opens its table's sheet while the round is released and the link is not revoked.
Only wrong attempts count against the client's address. Beyond ``MAX_FAILURES`` within
``WINDOW_SECONDS`` every token from that address is answered with 429, right or wrong, until the
window has passed: a blocked guesser learns nothing. (Phones behind one router share an address:
a neighbour's many typos lock them out for the window too; the organiser's own pages and the
printed sheet are the way round it.)

A typed short code counts before it is looked up and gives its count back when it opens, so
that many guesses sent at once are looked up only up to the limit (``_counted``). A link's
token (24 random bytes) cannot be guessed: it is looked up after one look at the address's
count, and only a miss is counted (``_checked``). Counting every captain's page load and
autosave and giving it back cost two atomic writes of the shared counter per request (on
SQLite each waits for the cache file's write lock), and with more than ``MAX_FAILURES``
captains' requests in flight at once from one address (a busy server; phones behind one
router) valid links were refused with 429 (docs/performance.md section 12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.models import Sheet
from tournament.models import Round, Table, normalize_short_code
from tournament.throttle import Throttle

MAX_FAILURES = 10
WINDOW_SECONDS = 600
THROTTLE = Throttle("captain-token", MAX_FAILURES, WINDOW_SECONDS)
Found = TypeVar("Found", Table, Sheet)


class TokenRateLimited(Exception):
    def response(self, request: HttpRequest) -> HttpResponse:
        response = render(
            request,
            "scoring/captain_blocked.html",
            {"message": _("Zu viele ungültige Links. Bitte in einigen Minuten erneut versuchen.")},
            status=429,
        )
        response["Retry-After"] = str(WINDOW_SECONDS)
        return response


def resolve_token_sheet(request: HttpRequest, token: str) -> Sheet:
    """The sheet of the table the token opens, with its table, round and tournament, in one
    query (the captain's page and autosave); Http404 when it opens nothing (counted as a
    failure), or TokenRateLimited when the address has guessed wrong too often (whatever the
    token)."""

    def lookup() -> Sheet | None:
        if not 20 <= len(token) <= 64:
            return None
        sheet = (
            Sheet.objects.select_related("table", "round__tournament")
            .filter(
                table__entry_token=token,
                table__token_revoked=False,
                round__status=Round.Status.RELEASED,
            )
            .first()
        )
        if sheet is not None:
            sheet.table.round = sheet.round  # the same round, not read twice
        return sheet

    return _checked(request, lookup)


def resolve_short_code(request: HttpRequest, text: str) -> Table:
    """The table whose short code was typed (any case, with or without the dash), under the
    same rules and the same brake as the link's token."""
    code = normalize_short_code(text)
    return _counted(request, lambda: _open_table(short_code=code) if code else None)


def _open_table(**lookup: str) -> Table | None:
    """The table of a released round whose link is not revoked, found by ``lookup``."""
    return (
        Table.objects.select_related("round__tournament")
        .filter(**lookup, token_revoked=False, round__status=Round.Status.RELEASED)
        .first()
    )


def _checked(request: HttpRequest, lookup: Callable[[], Found | None]) -> Found:
    """The sheet ``lookup`` finds, after a look at the address's count: TokenRateLimited when it
    is over the limit (nothing looked up), Http404 when nothing is found (counted)."""
    if THROTTLE.blocked(request):
        raise TokenRateLimited
    found = lookup()
    if found is None:
        THROTTLE.failed(request)
        raise Http404("unknown or expired link")
    return found


def _counted(request: HttpRequest, lookup: Callable[[], Found | None]) -> Found:
    """The table ``lookup`` finds, the attempt counted first: TokenRateLimited when the address
    is over the limit (nothing looked up), Http404 when nothing is found (the count stays)."""
    if not THROTTLE.attempt(request):
        raise TokenRateLimited
    table = lookup()
    if table is None:
        raise Http404("unknown or expired link or code")
    THROTTLE.forgive(request)
    return table
