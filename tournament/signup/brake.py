"""The brakes of the public sign-up pages, per client address: every sign-up sent, every short
code typed and every personal link that opens nothing is counted (``tournament.throttle``).
The one place that says how the brakes count."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournament.throttle import Throttle

WINDOW_SECONDS = 3600
# A club's whole team may sign up from one phone or one router; a bot may not sign up hundreds.
SIGNUPS = Throttle("signup", 30, WINDOW_SECONDS)
# Typed short codes and links that open nothing: guessing.
GUESSES = Throttle("signup-guess", 20, WINDOW_SECONDS)


def allow_signup(request: HttpRequest) -> bool:
    return SIGNUPS.attempt(request)


def allow_guess(request: HttpRequest) -> bool:
    """Count one code or link lookup; False once the address is over the limit."""
    return GUESSES.attempt(request)


def found(request: HttpRequest) -> None:
    """The code or link opened a sign-up: it does not count."""
    GUESSES.forgive(request)


def refused(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "tournament/signup/blocked.html",
        {"message": _("Zu viele Versuche von diesem Gerät. Bitte später erneut versuchen.")},
        status=429,
    )
    response["Retry-After"] = str(WINDOW_SECONDS)
    return response
