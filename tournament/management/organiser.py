"""``--organiser USERNAME`` for the commands that make a tournament: that login gets access.

Without it, a tournament made by a command is seen by superusers only
(``tournament/permissions.py``); ``manage.py grant_access`` gives access later.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def add_organiser_argument(parser: ArgumentParser) -> None:
    parser.add_argument(
        "--organiser",
        metavar="USERNAME",
        help="this login gets access to the tournament (default: superusers only)",
    )


def login_named(username: str) -> Any:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"There is no login '{username}'.")
    return user


def organiser_from(options: dict[str, Any]) -> Any:
    """The login named by ``--organiser`` (checked before anything is made), or None."""
    username = options.get("organiser")
    return login_named(username) if username else None
