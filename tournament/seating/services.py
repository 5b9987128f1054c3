"""Seating a round: the draw, drawn slips, placement, edits before release, release, close.

The seating core (``tournament.seating.core``) decides; these services read the database, call
it, and write the result in one transaction with an audit entry. What happens to score sheets
and standings is not known here: the signals of ``tournament.seating.signals`` let the scoring
answer (create the sheets on release, refuse to close with open sheets, rank for placement).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, nested, record
from tournament.errors import DomainError
from tournament.models import AuditEntry, Participant, Round, Seat, SeatChange, Table, Tournament
from tournament.participants.services import eligible_participants
from tournament.seating import core as pure
from tournament.seating.messages import seating_error_message, seating_problem, slip_problem_message
from tournament.seating.reading import _names, round_with_seating, seating_of
from tournament.seating.signals import (
    requested_ranking,
    round_closing,
    round_drawing,
    round_released,
    round_unreleasing,
    seat_changing,
)


def _locked_round(tournament: Tournament, number: int) -> Round:
    """The round's row, locked against every other change of its seating. ``no_key``: rows
    that refer to the round may still be written meanwhile (PostgreSQL's FOR NO KEY UPDATE):
    a confirmation that holds its sheet writes score lines of this round, and a full lock here
    made it wait for a substitute that waits for the sheet, a deadlock."""
    round_ = (
        Round.objects.select_for_update(no_key=True)
        .filter(tournament=tournament, number=number)
        .first()
    )
    if round_ is None:
        raise DomainError(_("Durchgang %(number)d ist noch nicht ausgelost.") % {"number": number})
    return round_


def _require_draft(round_: Round) -> None:
    if not round_.is_draft:
        raise DomainError(
            _(
                "Durchgang %(number)d ist bereits freigegeben; "
                "die Sitzordnung lässt sich nicht mehr ändern."
            )
            % {"number": round_.number}
        )


def _store(round_: Round, seating: pure.Seating) -> None:
    """Replace the round's tables and seats by ``seating`` (drafts only)."""
    round_.tables.all().delete()
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=table.number) for table in seating.tables]
    )
    by_number = {table.number: table for table in tables}
    Seat.objects.bulk_create(
        [
            Seat(
                round=round_,
                table=by_number[row.table],
                participant_id=row.participant_id,
                number=row.seat,
            )
            for row in seating.as_rows()
        ]
    )


# ---------------------------------------------------------------------------- drawing


def _prepare_round(tournament: Tournament, number: int) -> Round:
    """The draft round ``number``, created if needed, after checking the order of rounds."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not 1 <= number <= tournament.rounds_count:
        raise DomainError(
            _("Das Turnier hat die Durchgänge 1 bis %(count)d; Durchgang %(number)d gibt es nicht.")
            % {"count": tournament.rounds_count, "number": number}
        )
    if number > 1:
        previous = Round.objects.filter(tournament=tournament, number=number - 1).first()
        if previous is None or previous.is_draft:
            raise DomainError(
                _("Zuerst muss Durchgang %(previous)d ausgelost und freigegeben sein.")
                % {"previous": number - 1}
            )
        round_drawing.send(sender=Round, tournament=tournament, number=number)
    round_, _created = Round.objects.select_for_update().get_or_create(
        tournament=tournament, number=number
    )
    _require_draft(round_)
    return round_


def _participant_ids(tournament: Tournament) -> list[int]:
    ids = [participant.pk for participant in eligible_participants(tournament)]
    problem = seating_problem(len(ids))
    if problem:
        raise DomainError(problem)
    return ids


@transaction.atomic
def draw_round(
    tournament: Tournament, number: int, *, seed: int | None = None, user: User = None
) -> Round:
    """Seat round ``number``: round 1 by a seeded random draw, later rounds by placement."""
    round_ = _prepare_round(tournament, number)
    ids = _participant_ids(tournament)
    if seed is None:
        seed = pure.new_seed()
    if not 1 <= seed <= pure.SEED_LIMIT:
        raise DomainError(_("Der Startwert muss eine positive ganze Zahl sein."), field="seed")
    if number == 1:
        seating = pure.draw_seating(ids, seed)
        round_.method = Round.Method.DIGITAL
        round_.lots = []
    else:
        ranking = requested_ranking(tournament=tournament, number=number, participant_ids=ids)
        result = pure.seat_by_placement(ranking, seed)
        seating = result.seating
        round_.method = Round.Method.PLACEMENT
        round_.lots = [
            {
                "participants": list(lot.participant_ids),
                "first_place": lot.first_place,
                "last_place": lot.last_place,
                "order": list(lot.order),
                "tables": list(lot.tables),
            }
            for lot in result.lots
        ]
    round_.seed = seed
    round_.slips = {}
    round_.save()
    _store(round_, seating)
    record(
        tournament,
        AuditEntry.Action.ROUND_DRAWN,
        user=user,
        message=gettext_noop("Durchgang %(number)d, Startwert %(seed)d, %(count)d Teilnehmer"),
        params={"number": number, "seed": seed, "count": len(ids)},
        details={"round": number, "seed": seed, "method": round_.method},
    )
    return round_


@dataclass(frozen=True)
class SlipResult:
    round: Round
    problems: list[pure.SlipProblem]
    messages: list[str]
    applied: bool


@transaction.atomic
def enter_slips(
    tournament: Tournament,
    assignments: Mapping[int, int | None],
    *,
    apply: bool = True,
    user: User = None,
) -> SlipResult:
    """Record who drew which Losnummer for round 1; seat the round once every number is right.

    The numbers are kept even when some are wrong, so nothing typed is lost; duplicates, numbers
    out of range, missing numbers and participants without a number are reported together.
    """
    round_ = _prepare_round(tournament, 1)
    ids = _participant_ids(tournament)
    unknown = set(assignments) - set(ids)
    if unknown:
        raise DomainError(_("Die Liste enthält Teilnehmer, die nicht ausgelost werden."))
    numbers = {pid: assignments.get(pid) for pid in ids}
    round_.slips = {str(pid): number for pid, number in numbers.items() if number is not None}
    problems: list[pure.SlipProblem] = []
    applied = False
    try:
        seating = pure.seating_from_slips(numbers, n=len(ids))
    except pure.SlipError as error:
        problems = list(error.problems)
    else:
        if apply:
            # Only now the slips replace a digital draw the round may have had.
            _store(round_, seating)
            round_.method, round_.seed, round_.lots = Round.Method.SLIPS, None, []
            applied = True
    round_.save()
    names = dict(Participant.objects.filter(pk__in=ids).values_list("pk", "name"))
    record(
        tournament,
        AuditEntry.Action.ROUND_SLIPS_SAVED,
        user=user,
        message=gettext_noop("%(count)d von %(total)d Losnummern erfasst"),
        params={"count": len(round_.slips), "total": len(ids)},
        details={"applied": applied, "problems": len(problems)},
    )
    return SlipResult(
        round=round_,
        problems=problems,
        messages=[slip_problem_message(problem, names) for problem in problems],
        applied=applied,
    )


# ---------------------------------------------------------------------------- edits


def _edit(
    tournament: Tournament, number: int, change, summary: dict[str, Any], user: User
) -> Round:
    round_ = _locked_round(tournament, number)
    _require_draft(round_)
    round_ = round_with_seating(tournament, number)
    try:
        seating = change(seating_of(round_))
    except pure.SeatingError as error:
        raise DomainError(seating_error_message(error, _names(tournament))) from error
    _store(round_, seating)
    record(
        tournament,
        AuditEntry.Action.ROUND_CHANGED,
        user=user,
        message=gettext_noop("Durchgang %(number)d: %(change)s"),
        params={"number": number, "change": summary},
    )
    return round_


@transaction.atomic
def swap_players(
    tournament: Tournament, number: int, a: Participant, b: Participant, *, user: User = None
) -> Round:
    summary = nested(gettext_noop("%(a)s ↔ %(b)s getauscht"), {"a": a.name, "b": b.name})
    return _edit(tournament, number, lambda s: pure.swap_players(s, a.pk, b.pk), summary, user)


@transaction.atomic
def make_captain(
    tournament: Tournament, number: int, participant: Participant, *, user: User = None
) -> Round:
    summary = nested(gettext_noop("%(name)s ist Listenführer"), {"name": participant.name})
    return _edit(tournament, number, lambda s: pure.make_captain(s, participant.pk), summary, user)


@transaction.atomic
def add_late_arrival(
    tournament: Tournament,
    number: int,
    participant: Participant,
    table_number: int | None = None,
    *,
    user: User = None,
) -> Round:
    """Seat a participant who arrived after the draw at a 4-player table, which becomes a
    5-player table (the other way is simply to draw the round again)."""
    if participant.withdrawn:
        raise DomainError(
            _("%(name)s ist abgemeldet und wird nicht gesetzt.") % {"name": participant.name}
        )
    summary = nested(gettext_noop("%(name)s nachgesetzt"), {"name": participant.name})
    return _edit(
        tournament,
        number,
        lambda s: pure.add_late_arrival(s, participant.pk, table_number),
        summary,
        user,
    )


def remove_from_draft_rounds(participant: Participant, *, user: User = None) -> list[str]:
    """Take a withdrawn participant out of draft seatings; returns notices for the organiser.

    At a 5-player table the table simply becomes a 4-player table; at a 4-player table the draft
    seating cannot stay as it is and is discarded, to be drawn again.
    """
    notices = []
    seats = Seat.objects.filter(participant=participant, round__status=Round.Status.DRAFT)
    for number in seats.values_list("round__number", flat=True):
        # The same round lock as every other seating edit; released meanwhile means hands off.
        if not _locked_round(participant.tournament, number).is_draft:
            continue
        round_ = round_with_seating(participant.tournament, number)
        try:
            seating = pure.remove_player(seating_of(round_), participant.pk)
        except pure.SeatingError:
            round_.tables.all().delete()
            record(
                participant.tournament,
                AuditEntry.Action.ROUND_DELETED,
                user=user,
                message=gettext_noop("Durchgang %(number)d: %(name)s abgemeldet"),
                params={"number": round_.number, "name": participant.name},
            )
            notices.append(
                _("Die Sitzordnung von Durchgang %(number)d wurde verworfen; bitte neu auslosen.")
                % {"number": round_.number}
            )
        else:
            _store(round_, seating)
    return notices


@transaction.atomic
def discard_draft(tournament: Tournament, number: int, *, user: User = None) -> None:
    round_ = _locked_round(tournament, number)
    _require_draft(round_)
    round_.delete()
    record(
        tournament,
        AuditEntry.Action.ROUND_DELETED,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": number},
    )


# ---------------------------------------------------------------------------- release


@transaction.atomic
def release_round(tournament: Tournament, number: int, *, user: User = None) -> Round:
    """Publish the seating: players can look it up, captains' links and sheets open."""
    round_ = _locked_round(tournament, number)
    _require_draft(round_)
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
    round_.status = Round.Status.RELEASED
    round_.released_at = timezone.now()
    round_.save(update_fields=["status", "released_at"])
    round_released.send(sender=Round, round_=round_, tables=tables)
    record(
        tournament,
        AuditEntry.Action.ROUND_RELEASED,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": number},
    )
    return round_


@transaction.atomic
def close_round(tournament: Tournament, number: int, *, user: User = None) -> Round:
    """End a round: its captains' links stop working; every sheet must be confirmed."""
    round_ = _locked_round(tournament, number)
    if round_.status != Round.Status.RELEASED:
        raise DomainError(_("Nur ein freigegebener Durchgang kann abgeschlossen werden."))
    round_closing.send(sender=Round, round_=round_)
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    record(
        tournament,
        AuditEntry.Action.ROUND_CLOSED,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": number},
    )
    return round_


@transaction.atomic
def unrelease_round(tournament: Tournament, number: int, *, user: User = None) -> Round:
    """Take back a release while nothing was recorded: the seating is a draft again and the
    captains' links stop working (the scoring refuses once a sheet has a saved version)."""
    round_ = _locked_round(tournament, number)
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
    round_unreleasing.send(sender=Round, round_=round_)
    round_.status = Round.Status.DRAFT
    round_.released_at = None
    round_.save(update_fields=["status", "released_at"])
    record(
        tournament,
        AuditEntry.Action.ROUND_UNRELEASED,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": number},
    )
    return round_


@dataclass(frozen=True)
class Reopened:
    round: Round
    later_seated: list[int]  # numbers of later rounds that already have a seating


@transaction.atomic
def reopen_round(
    tournament: Tournament, number: int, *, reason: str, user: User = None
) -> Reopened:
    """Open a closed round again (a dispute): its sheets can be reopened and corrected, and the
    standings follow each confirmation at once. A later round keeps its seating."""
    round_ = _locked_round(tournament, number)
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
    record(
        tournament,
        AuditEntry.Action.ROUND_REOPENED,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": number},
        reason=reason[:1000],
        details={"round": number, "later_seated": later},
    )
    return Reopened(round=round_, later_seated=later)


@transaction.atomic
def set_withdrawn(participant: Participant, withdrawn: bool, *, user: User = None) -> list[str]:
    """Withdraw a participant (or take it back); returns notices for the organiser.

    Seats in released rounds stay as played; draft seatings lose the participant.
    """
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


# ---------------------------------------------------------------------------- substitutes


@transaction.atomic
def replace_player(
    tournament: Tournament,
    round_number: int,
    table_number: int,
    seat_number: int,
    substitute: Participant,
    from_game: int,
    *,
    reason: str,
    withdraw: bool = False,
    user: User = None,
) -> SeatChange:
    """A substitute (Ersatzspieler) or late arrival takes over a seat of a released table.

    The points follow the seat: the replaced player keeps the games before ``from_game``, the
    substitute gets the games from ``from_game`` on (``Seat.occupant``). ``withdraw`` also
    marks the replaced player as withdrawn (a player who leaves during the round).
    """
    round_ = _locked_round(tournament, round_number)
    if round_.status != Round.Status.RELEASED:
        raise DomainError(_("Ersatzspieler gibt es nur an Tischen eines freigegebenen Durchgangs."))
    seat = (
        Seat.objects.select_related("table")
        .filter(round=round_, table__number=table_number, number=seat_number)
        .first()
    )
    if seat is None:
        raise DomainError(
            _("Tisch %(table)d hat keinen Platz %(seat)d.")
            % {"table": table_number, "seat": seat_number}
        )
    # The lock order of a table's points, the same as confirming its sheet: first the sheet
    # (the receiver of ``seat_changing`` locks it and refuses a confirmed one), then the seat.
    # So a confirmation either waits for the change and credits the substitute, or comes first
    # and the change is refused; never a confirmed sheet crediting the replaced player.
    seat_changing.send(sender=Seat, seat=seat, from_game=from_game)
    seat = Seat.objects.select_for_update().select_related("participant", "table").get(pk=seat.pk)
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
            % {"name": substitute.name, "number": round_number},
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
    record(
        tournament,
        AuditEntry.Action.SEAT_REPLACED,
        user=user,
        message=gettext_noop(
            "Durchgang %(round)d, Tisch %(table)d, Platz %(seat)d: %(new)s für %(old)s "
            "ab Spiel %(game)d"
        ),
        params={
            "round": round_number,
            "table": table_number,
            "seat": seat_number,
            "new": substitute.name,
            "old": previous.name,
            "game": from_game,
        },
        reason=reason,
        details={
            "round": round_number,
            "table": table_number,
            "seat": seat_number,
            "from_game": from_game,
            "previous": previous.pk,
            "participant": substitute.pk,
        },
    )
    if withdraw:
        set_withdrawn(previous, True, user=user)
    return change
