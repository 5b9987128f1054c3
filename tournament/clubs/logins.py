"""A club's logins, run by the club itself: found a club, invite logins, change their role,
remove them, bring an older tournament into the club.

Who may do what (checked here, not only in the views):

- **Found a club**: any active login that belongs to no club yet becomes the Turnierleitung of
  the club it founds (superusers may found any number). One club per login keeps a hosted
  installation from filling up with clubs made by one account.
- **Invite, change roles, remove logins, attach tournaments**: the club's Turnierleitung (and
  superusers, who keep the admin as well).
- **A club always keeps one Turnierleitung**: the last one can neither be removed nor made a
  Helfer. Every change of a club's logins locks the club's row first, so that two Turnierleitungen
  taking each other's role away at once cannot leave the club without one.

An invitation is a one-time link (``ClubInvitation``): whoever opens it either creates a login of
their own (user name and password of their choosing, the password rules apply) or, logged in
already, joins with the login they have. Only the token's SHA-256 is stored.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.clubs.services import create_club, members_for_names, require_short_name
from tournament.errors import DomainError
from tournament.models import (
    INVITATION_DAYS,
    AuditEntry,
    Club,
    ClubInvitation,
    ClubMembership,
    Participant,
    Tournament,
)
from tournament.normalize import name_key
from tournament.permissions import (
    can_run_club,
    club_roles,
    is_superuser,
    owned_by,
    tournaments_for,
)

ORGANISER = ClubMembership.Role.ORGANISER
# Paths under /verwaltung/vereine/ that a club's short name would shadow.
RESERVED_CLUB_SLUGS = frozenset({"neu"})


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _require_leader(user: User, club: Club) -> None:
    if not can_run_club(user, club):
        raise DomainError(_("Das darf nur die Turnierleitung des Vereins."))


def may_found_club(user: User, roles: dict[int, str] | None = None) -> bool:
    """Any login without a club founds one (and leads it); superusers as many as they like.
    ``roles``: ``club_roles(user)`` when already read."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if is_superuser(user):
        return True
    return not (club_roles(user) if roles is None else roles)


@transaction.atomic
def found_club(user: User, *, name: str, slug: str = "") -> Club:
    """A new club with ``user`` as its Turnierleitung."""
    if user is None or not user.is_authenticated:
        raise DomainError(_("Bitte zuerst anmelden."))
    # Locks the login: two clicks on "Verein gründen" found one club, not two.
    get_user_model().objects.select_for_update().get(pk=user.pk)
    if not may_found_club(user):
        raise DomainError(
            _("Ihr Zugang gehört schon zu einem Verein; einen weiteren legt der Betreiber an.")
        )
    slug = slug.strip() or slugify(name)[:60].strip("-")
    require_short_name(slug)
    if slug in RESERVED_CLUB_SLUGS:
        raise DomainError(
            _("Der Kurzname „%(slug)s“ ist reserviert; bitte einen anderen wählen.")
            % {"slug": slug},
            field="slug",
        )
    try:
        with transaction.atomic():
            club = create_club(slug, name=name)
    except IntegrityError as error:  # the same short name, founded a moment earlier
        raise DomainError(
            _("Den Verein „%(slug)s“ gibt es schon.") % {"slug": slug}, field="slug"
        ) from error
    ClubMembership.objects.create(user=user, club=club, role=ORGANISER)
    return club


@transaction.atomic
def invite(club: Club, *, role: str, note: str = "", by: User) -> tuple[ClubInvitation, str]:
    """A new invitation and its token (shown once; only its hash is kept)."""
    _require_leader(by, club)
    if role not in ClubMembership.Role.values:
        raise DomainError(_("Bitte eine Rolle wählen."), field="role")
    token = secrets.token_urlsafe(32)
    invitation = ClubInvitation.objects.create(
        club=club,
        role=role,
        note=" ".join(note.split())[:100],
        token_hash=_token_hash(token),
        created_by=by if by is not None and by.is_authenticated else None,
        expires_at=timezone.now() + datetime.timedelta(days=INVITATION_DAYS),
    )
    return invitation, token


def open_invitation(token: str) -> ClubInvitation | None:
    """The invitation this token opens, if it is still open (not used, not expired)."""
    if not token or len(token) > 100:
        return None
    return (
        ClubInvitation.objects.select_related("club")
        .filter(token_hash=_token_hash(token), accepted_at__isnull=True)
        .filter(expires_at__gt=timezone.now())
        .first()
    )


def _locked_open_invitation(token: str) -> ClubInvitation:
    invitation = (
        ClubInvitation.objects.select_for_update()
        .filter(token_hash=_token_hash(token or ""))
        .first()
    )
    if invitation is None or invitation.expires_at <= timezone.now():
        raise DomainError(
            _(
                "Diese Einladung gilt nicht (mehr). Bitten Sie die Turnierleitung des Vereins "
                "um einen neuen Link."
            )
        )
    if invitation.accepted_at is not None:
        raise DomainError(
            _(
                "Diese Einladung wurde schon angenommen; ein Link gilt nur einmal. Bitten Sie "
                "die Turnierleitung des Vereins um einen neuen Link."
            )
        )
    return invitation


def _use(invitation: ClubInvitation, user: User) -> ClubMembership:
    membership = ClubMembership.objects.create(
        user=user, club=invitation.club, role=invitation.role
    )
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


@transaction.atomic
def accept_invitation(token: str, user: User) -> ClubMembership:
    """``user`` (logged in) joins the club with the invitation's role."""
    invitation = _locked_open_invitation(token)
    if ClubMembership.objects.filter(user=user, club=invitation.club).exists():
        # The link stays open for the person it was meant for.
        raise DomainError(
            _("Ihr Zugang gehört schon zum Verein „%(club)s“.") % {"club": invitation.club.name}
        )
    return _use(invitation, user)


def _check_new_login(username: str, password: str) -> str:
    model = get_user_model()
    username = model.normalize_username(username.strip())
    if not username:
        raise DomainError(_("Bitte einen Benutzernamen angeben."), field="username")
    try:
        model.username_validator(username)
    except ValidationError:
        raise DomainError(
            _("Der Benutzername darf nur Buchstaben, Ziffern und die Zeichen @ . + - _ enthalten."),
            field="username",
        ) from None
    if len(username) > model._meta.get_field("username").max_length:
        raise DomainError(_("Der Benutzername ist zu lang."), field="username")
    if model.objects.filter(username__iexact=username).exists():
        raise _username_taken(username)
    try:
        validate_password(password, user=model(username=username))
    except ValidationError as error:
        raise DomainError(" ".join(error.messages), field="password") from None
    return username


def _username_taken(username: str) -> DomainError:
    return DomainError(
        _("Den Benutzernamen „%(name)s“ gibt es schon; bitte einen anderen wählen.")
        % {"name": username},
        field="username",
    )


@transaction.atomic
def accept_with_new_login(token: str, *, username: str, password: str) -> User:
    """A new login of the invitee's choosing, member of the club with the invitation's role."""
    invitation = _locked_open_invitation(token)
    username = _check_new_login(username, password)
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(username, password=password)
    except IntegrityError as error:  # the same name, taken a moment earlier
        raise _username_taken(username) from error
    _use(invitation, user)
    return user


@transaction.atomic
def withdraw_invitation(invitation: ClubInvitation, *, by: User) -> None:
    _require_leader(by, invitation.club)
    ClubInvitation.objects.filter(pk=invitation.pk, accepted_at__isnull=True).delete()


def _lock_club(club: Club) -> Club:
    return Club.objects.select_for_update().get(pk=club.pk)


def _leaders_after(club: Club, membership: ClubMembership, role: str | None) -> int:
    others = (
        ClubMembership.objects.filter(club=club, role=ORGANISER).exclude(pk=membership.pk).count()
    )
    return others + (1 if role == ORGANISER else 0)


def _last_leader() -> DomainError:
    return DomainError(
        _(
            "Der Verein braucht mindestens eine Turnierleitung. Geben Sie zuerst einem anderen "
            "Zugang die Rolle Turnierleitung."
        )
    )


@transaction.atomic
def set_role(membership: ClubMembership, role: str, *, by: User) -> ClubMembership:
    if role not in ClubMembership.Role.values:
        raise DomainError(_("Bitte eine Rolle wählen."), field="role")
    club = _lock_club(membership.club)
    _require_leader(by, club)  # after the lock: a leader demoted a moment ago acts no more
    membership = ClubMembership.objects.select_for_update().get(pk=membership.pk, club=club)
    if membership.role == role:
        return membership
    if _leaders_after(club, membership, role) < 1:
        raise _last_leader()
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def remove_login(membership: ClubMembership, *, by: User) -> None:
    """The login leaves the club (the login itself stays, with any tournament given to it)."""
    club = _lock_club(membership.club)
    _require_leader(by, club)
    membership = ClubMembership.objects.filter(pk=membership.pk, club=club).first()
    if membership is None:
        return  # removed a moment earlier
    if _leaders_after(club, membership, None) < 1:
        raise _last_leader()
    membership.delete()


def attachable_tournaments(user: User) -> list[Tournament]:
    """Tournaments without a club that ``user`` owns: candidates for one of its clubs."""
    without_club = tournaments_for(user).filter(club__isnull=True)
    return list(owned_by(user, without_club).order_by("-date", "name"))


@transaction.atomic
def attach_tournament(club: Club, tournament: Tournament, *, by: User) -> Tournament:
    """``tournament`` becomes the club's: every login of the club sees it with its role, and its
    participants are linked to the club's members of the same name (made if missing, as an
    import into a club's tournament does), so that the evening counts for the club's seasons.
    Only its owner or a superuser moves it (``tournament.permissions.owned_by``)."""
    _require_leader(by, club)
    locked = tournaments_for(by).select_for_update().filter(pk=tournament.pk).first()
    if locked is None:
        raise DomainError(_("Dieses Turnier gibt es nicht."))
    if locked.club_id is not None:
        if locked.club_id == club.pk:
            return locked
        raise DomainError(_("Das Turnier gehört schon zu einem anderen Verein."))
    if not owned_by(by, Tournament.objects.filter(pk=locked.pk)).exists():
        raise DomainError(
            _("Einem Verein zuordnen darf nur, wer das Turnier angelegt hat (oder ein Admin).")
        )
    locked.club = club
    locked.save(update_fields=["club"])
    participants = list(locked.participants.filter(member__isnull=True).order_by("pk"))
    members = members_for_names(club, [p.name for p in participants])
    taken = set(
        locked.participants.filter(member__isnull=False).values_list("member_id", flat=True)
    )
    linked = []
    for participant in participants:
        member = members.get(name_key(participant.name))
        if member is not None and member.pk not in taken:
            participant.member = member
            linked.append(participant)
            taken.add(member.pk)
    # One write for the whole list (a 400-player evening is one statement, not 400).
    Participant.objects.bulk_update(linked, ["member"])
    record(
        locked,
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=by,
        message=gettext_noop("Dem Verein „%(club)s“ zugeordnet"),
        params={"club": club.name},
        details={"club": club.slug},
    )
    return locked
