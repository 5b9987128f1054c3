"""The audit log: one entry per state change, with who did it and when.

An entry's summary is stored as an untranslated message (its German msgid, marked with
``gettext_noop`` where it is written) and its parameters, so the Protokoll shows it in the
reader's language; ``summary`` keeps the German rendering for backups and older code.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils import translation

from .models import AuditEntry, Tournament, render_message

# Who acted: an organiser, nobody logged in (a captain's link), or a command (None).
User = AbstractBaseUser | AnonymousUser | None

# The language ``summary`` is written in: the msgids' own.
SUMMARY_LANGUAGE = "de"


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for translation without translating it now (``makemessages``
    knows this keyword: ``config/management/commands/makemessages.py``)."""
    return singular, plural


def nested(message: str, params: dict[str, Any] | None = None, plural: str = "") -> dict[str, Any]:
    """A message as a parameter of another, rendered in the reader's language as well."""
    value: dict[str, Any] = {"message": message, "params": params or {}}
    if plural:
        value["plural"] = plural
    return value


def record(
    tournament: Tournament,
    action: AuditEntry.Action,
    *,
    user: User = None,
    actor: str = "",
    summary: str = "",
    message: str = "",
    params: dict[str, Any] | None = None,
    plural: str = "",
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEntry:
    """Write an audit entry; call inside the transaction of the change it describes.

    Either ``summary`` (free text such as a name, shown as written) or ``message`` (an
    untranslated msgid, with ``plural`` its plural msgid chosen by ``params["count"]``) and
    ``params``.
    """
    real_user = user if user is not None and user.is_authenticated else None
    if not actor and real_user is not None:
        actor = real_user.get_username()
    params = dict(params or {})
    if message:
        with translation.override(SUMMARY_LANGUAGE):
            summary = render_message(message, params, plural)
    return AuditEntry.objects.create(
        tournament=tournament,
        action=action,
        user=real_user,
        actor=actor[:120],
        summary=str(summary)[:300],
        message=message[:300],
        message_plural=plural[:300],
        params=params,
        reason=reason,
        details=details or {},
    )
