"""Who may manage which tournament: the one check behind every organiser page, export and backup.

- A **superuser** manages every tournament.
- Any other active login manages the tournaments it has a ``TournamentAccess`` for (whoever
  creates a tournament on the organiser's pages gets one; a superuser grants more in the admin
  or with ``manage.py grant_access``).
- A login without any access sees no tournament at all.

Everything asks ``tournaments_for(user)`` (a queryset, for lists and for loading the tournament
named in a URL) or ``can_manage(user, tournament)``. A later club model plugs in at
``grants(user)``: a tournament of a club in which the user holds one of ``MANAGING_ROLES`` is
added there, and no view changes.

Granting and revoking go through ``grant_access`` / ``revoke_access``, which write the audit log.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_noop

from tournament.audit import User, nested, record
from tournament.models import AuditEntry, Tournament, TournamentAccess

# The msgids of the roles' labels, for the audit log (which renders them in the reader's language).
ROLE_MESSAGES = {TournamentAccess.Role.ORGANISER: gettext_noop("Turnierleitung")}

# The roles that may see and change a tournament (a later "Helfer" role would not be here).
MANAGING_ROLES = frozenset({TournamentAccess.Role.ORGANISER})


def is_superuser(user: User) -> bool:
    return bool(user is not None and user.is_active and getattr(user, "is_superuser", False))


def grants(user: User) -> Q:
    """The tournaments an active, non-superuser login was given (per tournament; later also per
    club). A subquery, so that further kinds of grant never duplicate a tournament."""
    per_tournament = TournamentAccess.objects.filter(user=user, role__in=MANAGING_ROLES)
    return Q(pk__in=per_tournament.values("tournament_id"))


def tournaments_for(user: User) -> QuerySet[Tournament]:
    """Every tournament ``user`` may see and change on the organiser's pages."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Tournament.objects.none()
    if is_superuser(user):
        return Tournament.objects.all()
    return Tournament.objects.filter(grants(user))


def can_manage(user: User, tournament: Tournament) -> bool:
    if is_superuser(user):
        return True
    return tournaments_for(user).filter(pk=tournament.pk).exists()


@transaction.atomic
def grant_access(
    tournament: Tournament,
    user: User,
    *,
    role: str = TournamentAccess.Role.ORGANISER,
    by: User = None,
    audit: bool = True,
) -> TournamentAccess:
    """Give ``user`` access to ``tournament`` (idempotent; a different role is updated).

    ``audit=False`` only for the creator of a tournament: its creation entry names them already.
    """
    access, created = TournamentAccess.objects.select_for_update().get_or_create(
        user=user, tournament=tournament, defaults={"role": role}
    )
    if not created and access.role == role:
        return access
    if not created:
        access.role = role
        access.save(update_fields=["role"])
    if audit:
        record(
            tournament,
            AuditEntry.Action.ACCESS_GRANTED,
            user=by,
            message=gettext_noop("%(user)s (%(role)s)"),
            params={"user": user.get_username(), "role": nested(ROLE_MESSAGES[access.role])},
            details={"user": user.get_username(), "role": str(role)},
        )
    return access


@transaction.atomic
def revoke_access(tournament: Tournament, user: User, *, by: User = None) -> bool:
    """Take ``user``'s access to ``tournament`` away; False if there was none."""
    deleted, _ = TournamentAccess.objects.filter(user=user, tournament=tournament).delete()
    if not deleted:
        return False
    record(
        tournament,
        AuditEntry.Action.ACCESS_REVOKED,
        user=by,
        summary=user.get_username(),
        details={"user": user.get_username()},
    )
    return True
