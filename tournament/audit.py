"""The audit log: one entry per state change, with who did it and when."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from .models import AuditEntry, Tournament

# Who acted: an organiser, nobody logged in (a captain's link), or a command (None).
User = AbstractBaseUser | AnonymousUser | None


def record(
    tournament: Tournament,
    action: AuditEntry.Action,
    *,
    user: User = None,
    actor: str = "",
    summary: str = "",
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEntry:
    """Write an audit entry; call inside the transaction of the change it describes."""
    real_user = user if user is not None and user.is_authenticated else None
    if not actor and real_user is not None:
        actor = real_user.get_username()
    return AuditEntry.objects.create(
        tournament=tournament,
        action=action,
        user=real_user,
        actor=actor[:120],
        summary=str(summary)[:300],
        reason=reason,
        details=details or {},
    )
