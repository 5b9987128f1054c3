"""What happens to sign-ups: sign up, cancel, move up from the waiting list, the organiser's
moves and the check-in from the list.

Every service that changes who holds a place locks the tournament's row first
(``select_for_update``; on SQLite the immediate transaction takes the write lock), so two people
taking the last place at once get exactly one place and one waiting-list position, and a
cancellation and a move-up at the same moment end in one consistent list.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.actors import SIGNUP_PLAYER
from tournament.audit import User, ngettext_noop, record
from tournament.clubs.services import make_member
from tournament.errors import DomainError
from tournament.models import (
    SIGNUP_CAP_LIMITS,
    SIGNUP_NAME_LENGTH,
    AuditEntry,
    Signup,
    SignupSettings,
    Tournament,
)
from tournament.normalize import name_key, normalize_name
from tournament.participants.services import add_participant, set_checked_in
from tournament.signup import mail

# The optional fields: the setting that asks for each and its longest value.
OPTIONAL_FIELDS = {
    "club": ("ask_club", 100),
    "ddv_number": ("ask_ddv_number", 20),
    "contact": ("ask_contact", 120),
    "remark": ("ask_remark", 300),
}


def settings_of(tournament: Tournament) -> SignupSettings:
    """The tournament's sign-up settings (unsaved defaults, switched off, if none yet)."""
    found = SignupSettings.objects.filter(tournament=tournament).first()
    return found or SignupSettings(tournament=tournament)


def is_open(settings: SignupSettings, now: datetime.datetime | None = None) -> bool:
    """Whether players may sign up now: switched on, after the opening, before the closing."""
    now = now or timezone.now()
    if not settings.enabled:
        return False
    if settings.opens_at is not None and now < settings.opens_at:
        return False
    return settings.closes_at is None or now < settings.closes_at


@transaction.atomic
def save_settings(tournament: Tournament, values: dict, *, user: User = None) -> SignupSettings:
    """Store the sign-up settings (audited). A raised cap fills the new places from the waiting
    list; a lowered one takes no place away (the organiser moves people by hand)."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    settings = settings_of(tournament)
    cap = values.get("cap")
    if cap is not None and not SIGNUP_CAP_LIMITS[0] <= cap <= SIGNUP_CAP_LIMITS[1]:
        raise DomainError(
            _("Die Zahl der Plätze muss zwischen %(min)d und %(max)d liegen.")
            % {"min": SIGNUP_CAP_LIMITS[0], "max": SIGNUP_CAP_LIMITS[1]},
            field="cap",
        )
    opens, closes = values.get("opens_at"), values.get("closes_at")
    if opens is not None and closes is not None and closes <= opens:
        raise DomainError(
            _("Der Anmeldeschluss muss nach dem Beginn der Anmeldung liegen."), field="closes_at"
        )
    changed = {}
    for field in SignupSettings.FIELDS:
        if field in values and getattr(settings, field) != values[field]:
            changed[field] = values[field]
            setattr(settings, field, values[field])
    settings.save()
    if changed:
        record(
            tournament,
            AuditEntry.Action.SIGNUP_SETTINGS,
            user=user,
            summary=", ".join(sorted(changed)),
            details={key: str(value) for key, value in changed.items()},
        )
    if "cap" in changed:
        _fill_places(tournament, settings, user=user)
    return settings


def _clean(values: dict, settings: SignupSettings, *, by_organiser: bool) -> dict[str, str]:
    name = values.get("name") or ""
    if len(name) > SIGNUP_NAME_LENGTH * 4:  # refused before any work on it
        raise DomainError(
            _("Der Name ist zu lang: höchstens %(max)d Zeichen, eingegeben %(count)d.")
            % {"max": SIGNUP_NAME_LENGTH, "count": len(name)},
            field="name",
        )
    cleaned = {"name": normalize_name(name)}
    if not cleaned["name"]:
        raise DomainError(_("Der Name fehlt."), field="name")
    if len(cleaned["name"]) > SIGNUP_NAME_LENGTH:
        raise DomainError(
            _("Der Name ist zu lang: höchstens %(max)d Zeichen, eingegeben %(count)d.")
            % {"max": SIGNUP_NAME_LENGTH, "count": len(cleaned["name"])},
            field="name",
        )
    for field, (switch, limit) in OPTIONAL_FIELDS.items():
        value = normalize_name(values.get(field) or "")
        if not by_organiser and not getattr(settings, switch):
            value = ""
        if len(value) > limit:
            raise DomainError(
                _("Höchstens %(max)d Zeichen, eingegeben %(count)d.")
                % {"max": limit, "count": len(value)},
                field=field,
            )
        cleaned[field] = value
    return cleaned


def _check_name_free(tournament: Tournament, name: str) -> None:
    """A name already on the list (or registered at the desk) is asked about, not doubled."""
    key = name_key(name)
    taken = tournament.signups.standing().values_list("name", flat=True)
    registered = tournament.participants.filter(signup__isnull=True).values_list("name", flat=True)
    if any(name_key(other) == key for other in (*taken, *registered)):
        raise DomainError(
            _(
                "„%(name)s“ steht schon auf der Liste. Sind Sie das selbst, finden Sie Ihre "
                "Anmeldung über Ihren persönlichen Link oder Kurzcode. Sind Sie eine andere "
                "Person gleichen Namens, ergänzen Sie bitte etwas zur Unterscheidung (z. B. den "
                "Ort oder den zweiten Vornamen)."
            )
            % {"name": name},
            field="name",
        )


def _next_position(tournament: Tournament) -> int:
    highest = tournament.signups.aggregate(highest=Max("position"))["highest"]
    return (highest or 0) + 1


@transaction.atomic
def sign_up(
    tournament: Tournament,
    values: dict,
    *,
    now: datetime.datetime | None = None,
    user: User = None,
) -> Signup:
    """A new sign-up: a place while the cap allows, else the end of the waiting list. From the
    public page (``user`` None) only while sign-up is open; the organiser adds at any time."""
    by_organiser = user is not None and user.is_authenticated
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    settings = settings_of(tournament)
    if not by_organiser and not is_open(settings, now):
        raise DomainError(_("Die Anmeldung zu diesem Turnier ist nicht geöffnet."))
    cleaned = _clean(values, settings, by_organiser=by_organiser)
    _check_name_free(tournament, cleaned["name"])
    confirmed = tournament.signups.confirmed().count()
    full = settings.cap is not None and confirmed >= settings.cap
    signup = Signup.objects.create(
        tournament=tournament,
        status=Signup.Status.WAITING if full else Signup.Status.CONFIRMED,
        position=_next_position(tournament),
        **cleaned,
    )
    record(
        tournament,
        AuditEntry.Action.SIGNUP_ADDED,
        user=user,
        actor="" if by_organiser else SIGNUP_PLAYER,
        message=gettext_noop("%(name)s (Warteliste)")
        if full
        else gettext_noop("%(name)s (Zusage)"),
        params={"name": signup.name},
    )
    mail.on_commit_signed_up(signup)
    return signup


def _fill_places(tournament: Tournament, settings: SignupSettings, *, user: User) -> list[Signup]:
    """Move the first of the waiting list up while places are free (tournament locked)."""
    confirmed = tournament.signups.confirmed().count()
    free = None if settings.cap is None else settings.cap - confirmed
    waiting = tournament.signups.waiting().order_by("position")
    moving = list(waiting if free is None else waiting[: max(free, 0)])
    now = timezone.now()
    for signup in moving:
        signup.status = Signup.Status.CONFIRMED
        signup.moved_up_at = now
        signup.save(update_fields=["status", "moved_up_at"])
        record(
            tournament,
            AuditEntry.Action.SIGNUP_MOVED,
            user=user,
            message=gettext_noop("%(name)s rückt von der Warteliste nach"),
            params={"name": signup.name},
        )
        mail.on_commit_moved_up(signup)
    return moving


@transaction.atomic
def cancel(signup: Signup, *, user: User = None) -> list[Signup]:
    """Cancel a sign-up (the player with their link, or the organiser); a place it frees goes to
    the first of the waiting list. Returns who moved up. A cancelled link cancels nothing."""
    tournament = Tournament.objects.select_for_update().get(pk=signup.tournament_id)
    signup = Signup.objects.get(pk=signup.pk)
    if signup.status == Signup.Status.CANCELLED:
        raise DomainError(_("Diese Anmeldung ist bereits abgesagt."))
    if signup.participant_id is not None:
        raise DomainError(
            _("%(name)s ist schon angekommen; bitte an der Turnierleitung abmelden.")
            % {"name": signup.name}
        )
    held_place = signup.status == Signup.Status.CONFIRMED
    signup.status = Signup.Status.CANCELLED
    signup.cancelled_at = timezone.now()
    signup.save(update_fields=["status", "cancelled_at"])
    by_organiser = user is not None and user.is_authenticated
    record(
        tournament,
        AuditEntry.Action.SIGNUP_CANCELLED,
        user=user,
        actor="" if by_organiser else SIGNUP_PLAYER,
        summary=signup.name,
    )
    if not held_place:
        return []
    return _fill_places(tournament, settings_of(tournament), user=user)


MOVES = ("up", "down", "confirm", "wait")


@transaction.atomic
def move(signup: Signup, direction: str, *, user: User = None) -> Signup:
    """The organiser moves a sign-up: ``up``/``down`` within its list, ``confirm`` (a place, also
    past the cap: the organiser's decision) or ``wait`` (to the head of the waiting list)."""
    if direction not in MOVES:
        raise DomainError(_("Unbekannte Verschiebung."))
    tournament = Tournament.objects.select_for_update().get(pk=signup.tournament_id)
    signup = Signup.objects.get(pk=signup.pk)
    if signup.status == Signup.Status.CANCELLED:
        raise DomainError(_("Diese Anmeldung ist bereits abgesagt."))
    same_list = tournament.signups.filter(status=signup.status)
    if direction in ("up", "down"):
        neighbour = (
            same_list.filter(position__lt=signup.position).order_by("-position").first()
            if direction == "up"
            else same_list.filter(position__gt=signup.position).order_by("position").first()
        )
        if neighbour is None:
            return signup
        signup.position, neighbour.position = neighbour.position, signup.position
        neighbour.save(update_fields=["position"])
        signup.save(update_fields=["position"])
        message = gettext_noop("%(name)s eine Stelle nach oben")
        if direction == "down":
            message = gettext_noop("%(name)s eine Stelle nach unten")
    elif direction == "confirm":
        if signup.status == Signup.Status.CONFIRMED:
            return signup
        signup.status = Signup.Status.CONFIRMED
        signup.moved_up_at = timezone.now()
        signup.save(update_fields=["status", "moved_up_at"])
        message = gettext_noop("%(name)s bekommt einen Platz")
        mail.on_commit_moved_up(signup)
    else:
        if signup.status == Signup.Status.WAITING:
            return signup
        if signup.participant_id is not None:
            raise DomainError(_("%(name)s ist schon angekommen.") % {"name": signup.name})
        first = tournament.signups.waiting().order_by("position").first()
        if first is not None:
            # The head of the waiting list: everyone waiting moves one step down.
            tournament.signups.waiting().update(position=F("position") + 1)
            signup.position = first.position
        signup.status = Signup.Status.WAITING
        signup.moved_up_at = None
        signup.save(update_fields=["status", "moved_up_at", "position"])
        message = gettext_noop("%(name)s auf die Warteliste")
    record(
        tournament,
        AuditEntry.Action.SIGNUP_MOVED,
        user=user,
        message=message,
        params={"name": signup.name},
    )
    return signup


@dataclass(frozen=True)
class CheckInResult:
    arrived: list[int]  # the sign-ups now here
    problems: list[str]  # who could not be checked in, and why


@transaction.atomic
def check_in(tournament: Tournament, pks: Iterable[int], *, user: User = None) -> CheckInResult:
    """The desk ticks the sign-ups ``pks`` who came: each becomes a checked-in participant (the
    one it became before, or a new one with its name and club; in a club that wants it, a
    member). A name the desk registered by hand meanwhile is that participant."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    settings = settings_of(tournament)
    arrived, problems = [], []
    signups = tournament.signups.standing().filter(pk__in=list(pks)).order_by("position")
    by_key = {
        name_key(p.name): p
        for p in tournament.participants.filter(signup__isnull=True).only("pk", "name")
    }
    for signup in signups.select_related("participant"):
        participant = signup.participant
        if participant is None:
            participant = by_key.get(name_key(signup.name))
        try:
            if participant is None:
                participant = add_participant(
                    tournament, name=signup.name, club=signup.club, checked_in=True, user=user
                )
            else:
                if participant.withdrawn:
                    raise DomainError(
                        _("%(name)s ist abgemeldet; bitte zuerst wieder anmelden.")
                        % {"name": participant.name}
                    )
                participant = set_checked_in(participant, True, user=user)
            if settings.make_members and tournament.club_id and participant.member_id is None:
                make_member(participant, user=user)
        except DomainError as error:
            problems.append(error.message)
            continue
        signup.participant = participant
        signup.no_show = False
        signup.save(update_fields=["participant", "no_show"])
        arrived.append(signup.pk)
    return CheckInResult(arrived, problems)


@transaction.atomic
def undo_check_in(tournament: Tournament, pks: Iterable[int], *, user: User = None) -> list[int]:
    """Take back the arrival of the sign-ups ``pks`` (a wrong tick): their participants are
    no longer here and are not drawn; the sign-up keeps its participant for the next tick."""
    undone = []
    for signup in tournament.signups.filter(pk__in=list(pks), participant__isnull=False):
        set_checked_in(signup.participant, False, user=user)
        undone.append(signup.pk)
    return undone


NO_SHOWS = ngettext_noop("%(count)d nicht erschienen", "%(count)d nicht erschienen")


@transaction.atomic
def mark_no_shows(tournament: Tournament, *, user: User = None) -> int:
    """Mark every Zusage who has not arrived as not come (kept on the list, not deleted)."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    missing = tournament.signups.confirmed().exclude(participant__checked_in=True)
    count = missing.filter(no_show=False).update(no_show=True)
    if count:
        record(
            tournament,
            AuditEntry.Action.SIGNUP_NO_SHOW,
            user=user,
            message=NO_SHOWS[0],
            plural=NO_SHOWS[1],
            params={"count": count},
        )
    return count


def find_by_code(tournament: Tournament, code: str) -> Signup | None:
    return tournament.signups.filter(short_code=code).first()
