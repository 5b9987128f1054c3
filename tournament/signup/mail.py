"""Mail to a player about their sign-up: only where the installation has mail (``EMAIL_HOST``)
and the player gave an e-mail address. Sent after the transaction commits; a mail server that
fails is logged and changes nothing that was stored."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.models import Signup

logger = logging.getLogger(__name__)


def mail_configured() -> bool:
    return bool(settings.EMAIL_HOST)


def address_of(signup: Signup) -> str:
    """The player's e-mail address if the contact field holds one, else ""."""
    contact = signup.contact.strip()
    try:
        validate_email(contact)
    except ValidationError:
        return ""
    return contact


def personal_url(signup: Signup) -> str:
    path = reverse("signup:personal", args=[signup.tournament.slug, signup.token])
    return f"{settings.PUBLIC_BASE_URL}{path}"


def _send(signup: Signup, subject: str, body: str) -> None:
    try:
        send_mail(subject, body, None, [address_of(signup)])
    except Exception:  # the sign-up is stored; the player still has their link and code
        logger.warning("sign-up mail to %s failed", signup.pk, exc_info=True)


def _later(signup: Signup, subject: str, lines: list[str]) -> None:
    if not mail_configured() or not address_of(signup):
        return
    body = "\n\n".join(
        [
            *lines,
            _("Ihr persönlicher Link: %(url)s") % {"url": personal_url(signup)},
            _("Ihr Kurzcode: %(code)s") % {"code": signup.short_code_display},
        ]
    )
    transaction.on_commit(lambda: _send(signup, subject, body))


def on_commit_signed_up(signup: Signup) -> None:
    tournament = signup.tournament
    if signup.status == Signup.Status.CONFIRMED:
        line = _("Sie sind für „%(tournament)s“ angemeldet und haben einen Platz.")
    else:
        line = _("Sie stehen für „%(tournament)s“ auf der Warteliste.")
    _later(signup, tournament.name, [line % {"tournament": tournament.name}])


def on_commit_moved_up(signup: Signup) -> None:
    tournament = signup.tournament
    _later(
        signup,
        tournament.name,
        [
            _("Sie sind von der Warteliste nachgerückt und haben jetzt einen Platz bei „%(t)s“.")
            % {"t": tournament.name}
        ],
    )
