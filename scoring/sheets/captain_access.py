"""Captains' private links: which table a token opens, and a brake on guessing.

A token opens its table's sheet while the round is released and the link is not revoked.
Every wrong token counts against the client's address; after ``MAX_FAILURES`` within
``WINDOW_SECONDS`` further wrong tokens are answered with 429 until the window has passed.

The token is looked up first: a valid link always opens, however many wrong guesses came from
the same address (a club's phones often share one address behind the hall's router, and a
captain must not be locked out by a neighbour's typo). Only unknown tokens are counted and only
unknown tokens are refused; a guesser still gets no more than ``MAX_FAILURES`` answers.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournament.models import Round, Table, normalize_short_code
from tournament.throttle import Throttle

MAX_FAILURES = 10
WINDOW_SECONDS = 600
THROTTLE = Throttle("captain-token", MAX_FAILURES, WINDOW_SECONDS)


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


def resolve_token(request: HttpRequest, token: str) -> Table:
    """The table the token opens; Http404 when it opens nothing (counted as a failure), or
    TokenRateLimited when it opens nothing and the address has guessed wrong too often."""
    table = (
        Table.objects.select_related("round__tournament")
        .filter(entry_token=token, token_revoked=False, round__status=Round.Status.RELEASED)
        .first()
        if 20 <= len(token) <= 64
        else None
    )
    return _found_or_counted(request, table)


def resolve_short_code(request: HttpRequest, text: str) -> Table:
    """The table whose short code was typed (any case, with or without the dash), under the
    same rules and the same brake as the link's token."""
    code = normalize_short_code(text)
    table = (
        Table.objects.select_related("round__tournament")
        .filter(short_code=code, token_revoked=False, round__status=Round.Status.RELEASED)
        .first()
        if code
        else None
    )
    return _found_or_counted(request, table)


def _found_or_counted(request: HttpRequest, table: Table | None) -> Table:
    """The table that was found; else the miss counts against the address (Http404), or the
    address has missed too often (TokenRateLimited)."""
    if table is not None:
        return table
    if THROTTLE.blocked(request):
        raise TokenRateLimited
    THROTTLE.failed(request)
    raise Http404("unknown or expired link or code")
