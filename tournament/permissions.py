"""Who may manage which tournament: the one check behind every organiser page, export and backup.

- A **superuser** manages every tournament.
- Any other active login manages the tournaments it has a ``TournamentAccess`` for (whoever
  creates a tournament on the organiser's pages gets one; a superuser grants more in the admin
  or with ``manage.py grant_access``).
- A login without any access sees no tournament at all.

Everything asks ``tournaments_for(user)`` (a queryset, for lists and for loading the tournament
named in a URL) or ``can_manage(user, tournament)``.

Clubs: a login with a ``ClubMembership`` sees every tournament of that club (``grants``). Its
role decides what it may do there (``role_for``, ``with_roles``):

- **Turnierleitung** (``FULL``): everything, like a per-tournament access.
- **Helfer** (``HELPER``): check in, enter and confirm sheets, print; no settings, draws,
  backups (also no restoring), spreadsheets, deletions, registering participants, new
  tournaments or account management. An organiser view says whether a helper may use it
  (``OrganiserMixin.helper_allowed``, default no: 403; ``helper_read_only``: look, not post).
  ``tests/tournament/test_route_permissions.py`` walks every route as every role.

A login never sees a tournament of a club it does not belong to, unless it was given that
tournament itself. Superusers manage clubs and club logins in the Django admin.

A tournament's **owner** is the login that created it on the organiser's pages or restored it
from a backup (the newest such entry of its Protokoll names it; ``owned_by``). Only the owner
or a superuser moves a tournament into a club: a co-organiser given one tournament must not
hand it to a club it founded, whose Turnierleitung it then appoints.

Granting and revoking go through ``grant_access`` / ``revoke_access``, which write the audit log.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.utils.translation import gettext_noop

from tournament.audit import User, nested, record
from tournament.models import AuditEntry, Club, ClubMembership, Tournament, TournamentAccess

# The msgids of the roles' labels, for the audit log (which renders them in the reader's language).
ROLE_MESSAGES = {TournamentAccess.Role.ORGANISER: gettext_noop("Turnierleitung")}

# The per-tournament roles that may see and change a tournament (club roles: ``ClubMembership``).
MANAGING_ROLES = frozenset({TournamentAccess.Role.ORGANISER})


def is_superuser(user: User) -> bool:
    return bool(user is not None and user.is_active and getattr(user, "is_superuser", False))


# What a login may do with a tournament it sees.
FULL = "full"
HELPER = "helper"


def grants(user: User) -> Q:
    """The tournaments an active, non-superuser login was given: per tournament, or as a member
    of the tournament's club (either role). Subqueries, so that no tournament is duplicated."""
    per_tournament = TournamentAccess.objects.filter(user=user, role__in=MANAGING_ROLES)
    clubs = ClubMembership.objects.filter(user=user)
    return Q(pk__in=per_tournament.values("tournament_id")) | Q(club__in=clubs.values("club_id"))


def full_grant(user: User) -> Exists | Q:
    """An annotation: True for the tournaments ``user`` may do everything with."""
    per_tournament = TournamentAccess.objects.filter(
        user=user, role__in=MANAGING_ROLES, tournament=OuterRef("pk")
    )
    per_club = ClubMembership.objects.filter(
        user=user, club=OuterRef("club_id"), role=ClubMembership.Role.ORGANISER
    )
    return Exists(per_tournament) | Exists(per_club)


def with_roles(user: User, tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """``tournaments`` with ``full_access`` annotated (no extra query)."""
    if is_superuser(user):
        return tournaments
    return tournaments.annotate(full_access=full_grant(user))


def role_of(user: User, tournament: Tournament) -> str | None:
    """``FULL``, ``HELPER`` or None; reads the annotation of ``with_roles`` when present."""
    if is_superuser(user):
        return FULL
    full = getattr(tournament, "full_access", None)
    if full is None:
        found = with_roles(user, tournaments_for(user).filter(pk=tournament.pk)).first()
        if found is None:
            return None
        full = found.full_access
    return FULL if full else HELPER


def clubs_for(user: User, *, full: bool = False) -> QuerySet[Club]:
    """The clubs ``user`` belongs to (``full``: as Turnierleitung); superusers: every club."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Club.objects.none()
    if is_superuser(user):
        return Club.objects.all()
    memberships = ClubMembership.objects.filter(user=user)
    if full:
        memberships = memberships.filter(role=ClubMembership.Role.ORGANISER)
    return Club.objects.filter(pk__in=memberships.values("club_id"))


def can_run_club(user: User, club: Club) -> bool:
    """Turnierleitung of ``club`` (or a superuser): members, seasons, new tournaments."""
    return clubs_for(user, full=True).filter(pk=club.pk).exists()


def tournaments_for(user: User) -> QuerySet[Tournament]:
    """Every tournament ``user`` may see and change on the organiser's pages."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Tournament.objects.none()
    if is_superuser(user):
        return Tournament.objects.all()
    return Tournament.objects.filter(grants(user))


def club_roles(user: User) -> dict[int, str]:
    """The login's role per club id, read once for a page that asks several questions."""
    if user is None or not user.is_authenticated or not user.is_active:
        return {}
    return dict(ClubMembership.objects.filter(user=user).values_list("club_id", "role"))


def may_start_tournaments(user: User, roles: dict[int, str] | None = None) -> bool:
    """Create a tournament or restore one from a backup: superusers, a club's Turnierleitung,
    per-tournament organisers and logins without a club. A login that is only a club's Helfer
    may not (a restored copy would give it everything a backup holds, and it would lead the new
    tournament). ``roles``: :func:`club_roles` of ``user`` when already read."""
    if is_superuser(user):
        return True
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if roles is None:
        roles = club_roles(user)
    if not roles or ClubMembership.Role.ORGANISER in roles.values():
        return True
    return TournamentAccess.objects.filter(user=user, role__in=MANAGING_ROLES).exists()


# The Protokoll's entries that make their login the tournament's owner (the newest counts).
OWNING_ACTIONS = (AuditEntry.Action.TOURNAMENT_CREATED, AuditEntry.Action.TOURNAMENT_IMPORTED)


def owned_by(user: User, tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Those of ``tournaments`` that ``user`` owns (created or restored them); a superuser owns
    every one."""
    if is_superuser(user):
        return tournaments
    if user is None or not user.is_authenticated or not user.is_active:
        return tournaments.none()
    owner = AuditEntry.objects.filter(tournament=OuterRef("pk"), action__in=OWNING_ACTIONS)
    newest = owner.order_by("-created_at", "-pk").values("user_id")[:1]
    return tournaments.annotate(owner_id=Subquery(newest)).filter(owner_id=user.pk)


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


def club_role(user: User, club: Club) -> str | None:
    """``FULL`` (Turnierleitung, superusers), ``HELPER`` or None for a club's pages."""
    if is_superuser(user):
        return FULL
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    role = ClubMembership.objects.filter(user=user, club=club).values_list("role", flat=True)
    found = role.first()
    if found is None:
        return None
    return FULL if found == ClubMembership.Role.ORGANISER else HELPER
