"""What organisers do with tournaments and participants, as plain functions.

Each service validates, runs in one transaction, writes the audit entry and returns; views and
management commands only call these and render. Refusals raise ``DomainError`` with a translated
message.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .audit import record
from .errors import DomainError
from .importing import ImportPreview, read_participants
from .models import AuditEntry, Participant, Tournament
from .normalize import name_key, normalize_name

User = AbstractBaseUser | AnonymousUser | None

TOURNAMENT_FIELDS = frozenset(Tournament.SETTINGS_FIELDS)


# Paths of the organiser's pages that a tournament's short name would shadow.
RESERVED_SLUGS = frozenset({"neu"})


def unique_slug(name: str, date: datetime.date) -> str:
    base = slugify(f"{name}-{date:%Y}")[:50].strip("-") or "turnier"
    slug, counter = base, 2
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{counter}"
        counter += 1
    return slug


@transaction.atomic
def create_tournament(
    *,
    name: str,
    date: datetime.date,
    slug: str | None = None,
    user: User = None,
    **options: Any,
) -> Tournament:
    name = normalize_name(name)
    if not name:
        raise DomainError(_("Bitte einen Namen für das Turnier angeben."), field="name")
    unknown = set(options) - TOURNAMENT_FIELDS
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    if slug:
        if slug in RESERVED_SLUGS:
            raise DomainError(
                _("„%(slug)s“ ist als Kurzname nicht möglich.") % {"slug": slug}, field="slug"
            )
        if slugify(slug) != slug:
            raise DomainError(
                _(
                    "Der Kurzname „%(slug)s“ darf nur Kleinbuchstaben, Ziffern "
                    "und Bindestriche enthalten."
                )
                % {"slug": slug},
                field="slug",
            )
        if Tournament.objects.filter(slug=slug).exists():
            raise DomainError(
                _("Es gibt schon ein Turnier mit dem Kurznamen „%(slug)s“.") % {"slug": slug},
                field="slug",
            )
    tournament = Tournament(name=name, date=date, slug=slug or unique_slug(name, date), **options)
    validate_settings(tournament)
    tournament.save()
    record(tournament, AuditEntry.Action.TOURNAMENT_CREATED, user=user, summary=tournament.name)
    return tournament


@transaction.atomic
def update_tournament(tournament: Tournament, *, user: User = None, **changes: Any) -> Tournament:
    allowed = TOURNAMENT_FIELDS | {"name", "date"}
    unknown = set(changes) - allowed
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = {key: value for key, value in changes.items() if getattr(tournament, key) != value}
    if "name" in changed:
        changed["name"] = normalize_name(changed["name"])
        if not changed["name"]:
            raise DomainError(_("Bitte einen Namen für das Turnier angeben."), field="name")
    scoring_fields = {"deck", "pre_lead_counts", "ddv_absage_bonus", "cycles"}
    if (
        scoring_fields & set(changed)
        and tournament.rounds.filter(sheets__versions__isnull=False).exists()
    ):
        raise DomainError(
            _(
                "Wertung und Spielanzahl lassen sich nicht mehr ändern, "
                "weil schon Spiellisten erfasst sind."
            )
        )
    for key, value in changed.items():
        setattr(tournament, key, value)
    validate_settings(tournament)
    drawn = tournament.rounds.count()
    if tournament.rounds_count < drawn:
        raise DomainError(
            ngettext(
                "Es gibt schon %(count)d Durchgang; weniger lassen sich nicht einstellen.",
                "Es gibt schon %(count)d Durchgänge; weniger lassen sich nicht einstellen.",
                drawn,
            )
            % {"count": drawn},
            field="rounds_count",
        )
    tournament.save()
    if changed:
        record(
            tournament,
            AuditEntry.Action.TOURNAMENT_CHANGED,
            user=user,
            summary=", ".join(sorted(changed)),
            details={key: str(value) for key, value in changed.items()},
        )
    return tournament


def validate_settings(tournament: Tournament) -> None:
    """The limits of a tournament's settings; the one place that checks them."""
    if not 1 <= tournament.rounds_count <= 10:
        raise DomainError(
            _("Die Zahl der Durchgänge muss zwischen 1 und 10 liegen."), field="rounds_count"
        )
    if not 1 <= tournament.cycles <= 10:
        raise DomainError(
            _("Die Zahl der Runden je Durchgang muss zwischen 1 und 10 liegen."), field="cycles"
        )
    if tournament.deck not in (40, 48):
        raise DomainError(_("Das Blatt hat 40 oder 48 Karten."), field="deck")


def _check_name_free(tournament: Tournament, name: str, exclude_pk: int | None = None) -> None:
    existing = tournament.participants.exclude(pk=exclude_pk).values_list("name", flat=True)
    if name_key(name) in {name_key(other) for other in existing}:
        raise DomainError(_("„%(name)s“ ist bereits angemeldet.") % {"name": name}, field="name")


@transaction.atomic
def add_participant(
    tournament: Tournament,
    *,
    name: str,
    club: str = "",
    checked_in: bool = False,
    user: User = None,
) -> Participant:
    name, club = normalize_name(name), normalize_name(club)
    if not name:
        raise DomainError(_("Der Name fehlt."), field="name")
    _check_name_free(tournament, name)
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                tournament=tournament, name=name, club=club, checked_in=checked_in
            )
    except IntegrityError as error:  # a second request registered the same name meanwhile
        raise DomainError(
            _("„%(name)s“ ist bereits angemeldet.") % {"name": name}, field="name"
        ) from error
    record(tournament, AuditEntry.Action.PARTICIPANT_ADDED, user=user, summary=name)
    return participant


@transaction.atomic
def update_participant(
    participant: Participant, *, name: str, club: str = "", user: User = None
) -> Participant:
    name, club = normalize_name(name), normalize_name(club)
    if not name:
        raise DomainError(_("Der Name fehlt."), field="name")
    _check_name_free(participant.tournament, name, exclude_pk=participant.pk)
    old_name = participant.name
    participant.name, participant.club = name, club
    try:
        with transaction.atomic():
            participant.save(update_fields=["name", "club"])
    except IntegrityError as error:  # a second request took the name meanwhile
        raise DomainError(
            _("„%(name)s“ ist bereits angemeldet.") % {"name": name}, field="name"
        ) from error
    record(
        participant.tournament,
        AuditEntry.Action.PARTICIPANT_CHANGED,
        user=user,
        summary=name if old_name == name else f"{old_name} → {name}",
    )
    return participant


@transaction.atomic
def set_withdrawn(participant: Participant, withdrawn: bool, *, user: User = None) -> list[str]:
    """Withdraw a participant (or take it back); returns notices for the organiser.

    Seats in released rounds stay as played; draft seatings lose the participant.
    """
    from .seating_services import remove_from_draft_rounds

    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if participant.withdrawn == withdrawn:
        return []
    notices = remove_from_draft_rounds(participant, user=user) if withdrawn else []
    participant.withdrawn = withdrawn
    participant.save(update_fields=["withdrawn"])
    record(
        participant.tournament,
        AuditEntry.Action.PARTICIPANT_WITHDRAWN
        if withdrawn
        else AuditEntry.Action.PARTICIPANT_REINSTATED,
        user=user,
        summary=participant.name,
    )
    return notices


@transaction.atomic
def set_checked_in(participant: Participant, checked_in: bool, *, user: User = None) -> Participant:
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if participant.checked_in != checked_in:
        participant.checked_in = checked_in
        participant.save(update_fields=["checked_in"])
        record(
            participant.tournament,
            AuditEntry.Action.PARTICIPANT_CHECKED_IN
            if checked_in
            else AuditEntry.Action.PARTICIPANT_CHECKED_OUT,
            user=user,
            summary=participant.name,
        )
    return participant


def preview_import(tournament: Tournament, data: bytes, filename: str) -> ImportPreview:
    names = tournament.participants.values_list("name", flat=True)
    return read_participants(data, filename, existing_names=names)


@transaction.atomic
def import_participants(
    tournament: Tournament, data: bytes, filename: str, *, user: User = None
) -> list[Participant]:
    """Create every participant of the file, or none: any problem refuses the whole file."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    preview = preview_import(tournament, data, filename)
    if not preview.ok:
        raise DomainError(
            _("Die Datei wurde nicht übernommen."), problems=[str(p) for p in preview.errors]
        )
    created = Participant.objects.bulk_create(
        [Participant(tournament=tournament, name=row.name, club=row.club) for row in preview.rows]
    )
    record(
        tournament,
        AuditEntry.Action.PARTICIPANTS_IMPORTED,
        user=user,
        summary=_("%(count)d aus %(file)s") % {"count": len(created), "file": filename},
    )
    return created


def eligible_participants(tournament: Tournament) -> list[Participant]:
    """Who is seated in a new round: everyone not withdrawn and, once check-in has started,
    only those who checked in (players not yet here are not drawn)."""
    active = list(tournament.participants.active().order_by("pk"))
    if any(participant.checked_in for participant in active):
        return [participant for participant in active if participant.checked_in]
    return active
