"""What organisers do with participants: register, edit, check in, import.

Each service validates, runs in one transaction, writes the audit entry and returns. Withdrawing
a participant changes draft seatings and therefore lives with the seating
(``tournament.seating.services.set_withdrawn``).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.clubs.services import member_named, members_for_names
from tournament.errors import DomainError
from tournament.models import AuditEntry, Participant, Tournament
from tournament.normalize import name_key, normalize_name
from tournament.participants.importing import ImportPreview, ImportRow, read_participants


def _check_name_free(tournament: Tournament, name: str, exclude_pk: int | None = None) -> None:
    existing = tournament.participants.exclude(pk=exclude_pk).values_list("name", flat=True)
    if name_key(name) in {name_key(other) for other in existing}:
        raise DomainError(_("„%(name)s“ ist bereits angemeldet.") % {"name": name}, field="name")


def _free_member(tournament: Tournament, name: str):
    """In a club's tournament, the member of this name if they are not registered yet (else the
    participant is a guest; ``tournament.clubs.services.make_member`` makes them a member)."""
    if tournament.club_id is None:
        return None
    member = member_named(tournament.club, name, create=False)
    if member is None or member.participations.filter(tournament=tournament).exists():
        return None
    return member


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
    member = _free_member(tournament, name)
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                tournament=tournament, name=name, club=club, checked_in=checked_in, member=member
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
    """Create every participant of the file, or none: any problem refuses the whole file. Lines
    the preview skips (a name already registered or repeated) are left out, not refused."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    preview = preview_import(tournament, data, filename)
    if not preview.ok:
        raise DomainError(
            _("Die Datei wurde nicht übernommen."), problems=[str(p) for p in preview.errors]
        )
    return _create(tournament, preview.rows, filename, [str(p) for p in preview.skipped], user)


@transaction.atomic
def import_previewed(
    tournament: Tournament,
    rows: list[ImportRow],
    filename: str,
    *,
    skipped: list[str] | None = None,
    user: User = None,
) -> list[Participant]:
    """Create the participants of a preview the organiser confirmed (``pending``): the rows it
    showed, checked once more under the tournament's lock. A name registered since the preview
    is left out and noted like the preview's skipped lines."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    registered = {name_key(name) for name in tournament.participants.values_list("name", flat=True)}
    notes = list(skipped or [])
    fresh = []
    for row in rows:
        if name_key(row.name) in registered:
            notes.append(
                _("Zeile %(line)d: %(message)s")
                % {
                    "line": row.line,
                    "message": _("„%(name)s“ ist bereits angemeldet.") % {"name": row.name},
                }
            )
        else:
            fresh.append(row)
    return _create(tournament, fresh, filename, notes, user)


def _create(
    tournament: Tournament, rows: list[ImportRow], filename: str, skipped: list[str], user: User
) -> list[Participant]:
    members = {}
    if tournament.club_id is not None:
        # Each line is the club's member of that name, made if the registry has none yet.
        members = members_for_names(tournament.club, [row.name for row in rows])
        present = set(tournament.participants.values_list("member_id", flat=True))
        members = {key: m for key, m in members.items() if m.pk not in present}
    try:
        with transaction.atomic():
            created = Participant.objects.bulk_create(
                [
                    Participant(
                        tournament=tournament,
                        name=row.name,
                        club=row.club,
                        member=members.get(name_key(row.name)),
                    )
                    for row in rows
                ]
            )
    except IntegrityError as error:  # registered one by one meanwhile (that takes no lock)
        raise DomainError(
            _(
                "Während des Imports wurde ein Name der Datei angemeldet; es wurde nichts "
                "übernommen. Bitte die Datei noch einmal hochladen."
            )
        ) from error
    record(
        tournament,
        AuditEntry.Action.PARTICIPANTS_IMPORTED,
        user=user,
        message=gettext_noop("%(count)d aus %(file)s"),
        params={"count": len(created), "file": filename},
        details={"skipped": skipped} if skipped else None,
    )
    return created


def eligible_participants(tournament: Tournament) -> list[Participant]:
    """Who is seated in a new round (the rule lives in ``ParticipantQuerySet.drawable``)."""
    return tournament.participants.drawable()


@transaction.atomic
def check_in_all(tournament: Tournament, *, user: User = None) -> list[int]:
    """Check in every registered participant not yet here (the withdrawn stay out); the ids of
    those it changed, for ``check_out`` to take it back."""
    pending = tournament.participants.select_for_update().filter(withdrawn=False, checked_in=False)
    changed = list(pending.order_by("pk").values_list("pk", flat=True))
    if changed:
        Participant.objects.filter(pk__in=changed).update(checked_in=True)
        record(
            tournament,
            AuditEntry.Action.PARTICIPANT_CHECKED_IN,
            user=user,
            message=gettext_noop("alle anwesend (%(count)d)"),
            params={"count": len(changed)},
            details={"ids": changed},
        )
    return changed


@transaction.atomic
def check_out(tournament: Tournament, pks: list[int], *, user: User = None) -> list[int]:
    """Take back the arrival of the participants ``pks`` of ``tournament`` (the undo of
    ``check_in_all``); the ids it changed."""
    changed = list(
        tournament.participants.select_for_update()
        .filter(pk__in=pks, checked_in=True)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if changed:
        Participant.objects.filter(pk__in=changed).update(checked_in=False)
        record(
            tournament,
            AuditEntry.Action.PARTICIPANT_CHECKED_OUT,
            user=user,
            message=gettext_noop("„alle anwesend“ rückgängig (%(count)d)"),
            params={"count": len(changed)},
            details={"ids": changed},
        )
    return changed
