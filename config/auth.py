"""No published password opens the organiser's pages outside the local demo.

The README and the German guide publish the demo login (``demo`` / ``doko-demo``) for ``make run``.
A database made by ``make run`` may later be served on the club's network or the internet; there
the published password must not be valid for *any* user, whatever the database holds. Checked on
the password typed (not on the user name), so nothing about existing users is revealed, and no
stored account has to be changed.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.hashers import check_password
from django.http import HttpRequest

from demo.login import DEMO_PASSWORD

logger = logging.getLogger(__name__)

PUBLISHED_PASSWORDS = frozenset({DEMO_PASSWORD})


def published_passwords_refused() -> bool:
    """True outside the local demo (network and production mode)."""
    return bool(getattr(settings, "DEPLOYED", False))


def is_published(password: str | None) -> bool:
    return password in PUBLISHED_PASSWORDS


def has_published_password(user) -> bool:
    """Whether the stored password of ``user`` is a published one (no rehash, nothing saved)."""
    return any(check_password(password, user.password) for password in PUBLISHED_PASSWORDS)


class NoPublishedPasswordBackend(ModelBackend):
    """Django's model backend; in network and production mode a published password is refused
    for every user, even when it is the user's stored password."""

    def authenticate(self, request: HttpRequest | None, username=None, password=None, **kwargs):
        if published_passwords_refused() and is_published(password):
            logger.warning("Login with the published demo password refused (user %r).", username)
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
