"""The seating's own steps of a round's life: release, take back, close, reopen, a seat changing
hands.

Each step checks and writes only what the seating owns (the round's status, its seats and their
changes) with its audit entry. What the score sheets and the standings must do at the same moment
is not known here: the services of the evening (``scoring.evening``) call these steps and the
sheets' and standings' own steps in order, inside one transaction, so the steps here do not open
one of their own; the round's row is locked by ``locked_round`` first, always.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, record
from tournament.errors import DomainError
from tournament.models import AuditEntry, Participant, Round, Seat, SeatChange, Table, Tournament
from tournament.seating.services import locked_round, require_draft, set_withdrawn

# ---------------------------------------------------------------------------- release


def releasable_round(tournament: Tournament, number: int) -> tuple[Round, list[Table]]:
    """The draft round ``number``, locked, with a seating that may be published; and its
    tables."""
    round_ = locked_round(tournament, number)
    require_draft(round_)
    tables = list(round_.tables.all())
    if not tables:
        raise DomainError(
            _("Durchgang %(number)d hat noch keine Sitzordnung.") % {"number": number}
        )
    seated = set(Seat.objects.filter(round=round_).values_list("participant_id", flat=True))
    withdrawn = Participant.objects.filter(pk__in=seated, withdrawn=True)
    if withdrawn.exists():
        raise DomainError(
            _("Abgemeldete Teilnehmer sitzen noch in der Sitzordnung: %(names)s.")
            % {"names": ", ".join(withdrawn.values_list("name", flat=True))}
        )
    return round_, tables


def mark_released(round_: Round) -> None:
    round_.status = Round.Status.RELEASED
    round_.released_at = timezone.now()
    round_.save(update_fields=["status", "released_at"])


def record_round(round_: Round, action: str, *, user: User = None, **extra: object) -> None:
    """The audit entry of a step of ``round_`` ("Durchgang 2")."""
    record(
        round_.tournament,
        action,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": round_.number},
        **extra,
    )


# ---------------------------------------------------------------------------- take back


def unreleasable_round(tournament: Tournament, number: int) -> Round:
    """The released round ``number``, locked, while no later round exists."""
    round_ = locked_round(tournament, number)
    if round_.status != Round.Status.RELEASED:
        raise DomainError(_("Nur ein freigegebener Durchgang kann zurückgenommen werden."))
    if Round.objects.filter(tournament=tournament, number__gt=number).exists():
        raise DomainError(
            _(
                "Durchgang %(next)d ist schon angelegt; die Freigabe von Durchgang %(number)d "
                "lässt sich nicht mehr zurücknehmen."
            )
            % {"next": number + 1, "number": number}
        )
    return round_


def mark_draft(round_: Round) -> None:
    round_.status = Round.Status.DRAFT
    round_.released_at = None
    round_.save(update_fields=["status", "released_at"])


# ---------------------------------------------------------------------------- close, reopen


def closable_round(tournament: Tournament, number: int) -> Round:
    """The released round ``number``, locked."""
    round_ = locked_round(tournament, number)
    if round_.status != Round.Status.RELEASED:
        raise DomainError(_("Nur ein freigegebener Durchgang kann abgeschlossen werden."))
    return round_


def mark_closed(round_: Round) -> None:
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])


@dataclass(frozen=True)
class Reopened:
    round: Round
    later_seated: list[int]  # numbers of later rounds that already have a seating


def reopen(tournament: Tournament, number: int, *, reason: str, user: User = None) -> Reopened:
    """Open the closed round ``number`` again (see ``scoring.evening.rounds.reopen_round``)."""
    round_ = locked_round(tournament, number)
    if round_.status != Round.Status.CLOSED:
        raise DomainError(_("Nur ein abgeschlossener Durchgang kann wieder geöffnet werden."))
    reason = reason.strip()
    if not reason:
        raise DomainError(_("Bitte einen Grund für das Wiederöffnen angeben."), field="reason")
    later = list(
        Round.objects.filter(tournament=tournament, number__gt=number, tables__isnull=False)
        .distinct()
        .order_by("number")
        .values_list("number", flat=True)
    )
    round_.status = Round.Status.RELEASED
    round_.closed_at = None
    round_.save(update_fields=["status", "closed_at"])
    record_round(
        round_,
        AuditEntry.Action.ROUND_REOPENED,
        user=user,
        reason=reason[:1000],
        details={"round": number, "later_seated": later},
    )
    return Reopened(round=round_, later_seated=later)


# ---------------------------------------------------------------------------- substitutes


def released_seat(
    tournament: Tournament, round_number: int, table_number: int, number: int
) -> Seat:
    """Seat ``number`` of table ``table_number`` of the released round (the round locked, the
    seat not yet: the table's sheet is locked before it, see ``change_seat``)."""
    round_ = locked_round(tournament, round_number)
    if round_.status != Round.Status.RELEASED:
        raise DomainError(_("Ersatzspieler gibt es nur an Tischen eines freigegebenen Durchgangs."))
    seat = (
        Seat.objects.select_related("table")
        .filter(round=round_, table__number=table_number, number=number)
        .first()
    )
    if seat is None:
        raise DomainError(
            _("Tisch %(table)d hat keinen Platz %(seat)d.")
            % {"table": table_number, "seat": number}
        )
    seat.round = round_
    return seat


def change_seat(
    seat: Seat,
    substitute: Participant,
    from_game: int,
    *,
    reason: str,
    withdraw: bool = False,
    user: User = None,
) -> SeatChange:
    """``substitute`` plays seat ``seat`` from game ``from_game`` on (``Seat.occupant``).

    Locks the seat: the caller has locked what guards the table's points (its sheet) before, the
    order in which a confirmation locks them."""
    round_ = seat.round
    tournament = round_.tournament
    seat = Seat.objects.select_for_update().select_related("participant", "table").get(pk=seat.pk)
    seat.round = round_
    if substitute.tournament_id != tournament.pk:
        raise DomainError(
            _("Der Ersatzspieler gehört nicht zu diesem Turnier."), field="substitute"
        )
    if substitute.withdrawn:
        raise DomainError(
            _("%(name)s ist abgemeldet und wird nicht gesetzt.") % {"name": substitute.name},
            field="substitute",
        )
    played = Seat.objects.filter(round=round_, participant=substitute).exists() or (
        SeatChange.objects.filter(seat__round=round_, previous_participant=substitute).exists()
    )
    if played:
        raise DomainError(
            _("%(name)s spielt in Durchgang %(number)d schon an einem Tisch.")
            % {"name": substitute.name, "number": round_.number},
            field="substitute",
        )
    full = tournament.sheet_length(seat.table.seats.count())
    earlier = seat.changes.order_by("-from_game").first()
    first = earlier.from_game + 1 if earlier else 1
    if not first <= from_game <= full:
        raise DomainError(
            _("Der Ersatzspieler kann ab Spiel %(first)d bis %(max)d einsteigen.")
            % {"first": first, "max": full},
            field="from_game",
        )
    reason = reason.strip()
    if not reason:
        raise DomainError(_("Bitte einen Grund für den Wechsel angeben."), field="reason")
    previous = seat.participant
    change = SeatChange.objects.create(
        seat=seat,
        from_game=from_game,
        previous_participant=previous,
        participant=substitute,
        reason=reason[:300],
        created_by=user if user is not None and user.is_authenticated else None,
    )
    seat.participant = substitute
    seat.save(update_fields=["participant"])
    where = {"round": round_.number, "table": seat.table.number, "seat": seat.number}
    record(
        tournament,
        AuditEntry.Action.SEAT_REPLACED,
        user=user,
        message=gettext_noop(
            "Durchgang %(round)d, Tisch %(table)d, Platz %(seat)d: %(new)s für %(old)s "
            "ab Spiel %(game)d"
        ),
        params={**where, "new": substitute.name, "old": previous.name, "game": from_game},
        reason=reason,
        details={
            **where,
            "from_game": from_game,
            "previous": previous.pk,
            "participant": substitute.pk,
        },
    )
    if withdraw:
        set_withdrawn(previous, True, user=user)
    return change
