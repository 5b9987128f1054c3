"""Seating a round: the draw, drawn slips, placement, edits before release, withdrawals.

The seating core (``tournament.seating.core``) decides; these functions read the database, call
it, and write the result with an audit entry. Drawing a round is a step of the evening: the
whole draw (round 2 and later by placement, which needs the standings) is
``scoring.evening.rounds.draw_round``, which calls the steps here in one transaction; drawn slips
and the edits of a draft need nothing but the seating and are services of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import User, nested, record
from tournament.errors import DomainError
from tournament.models import AuditEntry, Participant, Round, Seat, SeatingRule, Table, Tournament
from tournament.participants.services import eligible_participants
from tournament.seating import core as pure
from tournament.seating.messages import seating_error_message, seating_problem, slip_problem_message
from tournament.seating.reading import (
    earlier_seatings,
    participant_names,
    round_with_seating,
    seating_of,
)


def locked_round(tournament: Tournament, number: int) -> Round:
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
    round_.tournament = tournament  # the caller's instance: the steps read it, no query
    return round_


def require_draft(round_: Round) -> None:
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


def check_round_order(tournament: Tournament, number: int) -> None:
    """Round ``number`` may be seated now: it exists in the tournament and the round before it
    is drawn and released. Locks the tournament's row (one draw at a time)."""
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


def draft_round(tournament: Tournament, number: int) -> Round:
    """The draft round ``number``, created if needed and locked (after ``check_round_order``)."""
    round_, _created = Round.objects.select_for_update().get_or_create(
        tournament=tournament, number=number
    )
    require_draft(round_)
    return round_


def participant_ids(tournament: Tournament) -> list[int]:
    """Who is seated: the eligible participants, refused when they fill no tables."""
    ids = [participant.pk for participant in eligible_participants(tournament)]
    problem = seating_problem(len(ids), tournament.table_sizes)
    if problem:
        raise DomainError(problem)
    return ids


def checked_seed(seed: int | None) -> int:
    """The seed of a digital draw: the one given (checked), else a new one."""
    if seed is None:
        seed = pure.new_seed()
    if not 1 <= seed <= pure.SEED_LIMIT:
        raise DomainError(_("Der Startwert muss eine positive ganze Zahl sein."), field="seed")
    return seed


def seat_round(
    round_: Round,
    ids: Sequence[int],
    *,
    seed: int,
    ranking: Sequence[pure.RankedPlayer] | None,
    rule: str | None = None,
    user: User = None,
) -> Round:
    """Seat the draft ``round_``: by a seeded random draw, or along ``ranking`` (best first, from
    the standings; see ``scoring.evening.rounds.draw_round``) by ``rule`` (a
    ``SeatingRule``; default the tournament's) after the rounds before it, the seats rotating
    over the evening (``pure.seat_by_rule``)."""
    tournament = round_.tournament
    if ranking is None:
        seating = pure.draw_seating(list(ids), seed, tournament.table_sizes)
        round_.method = Round.Method.DIGITAL
        round_.lots = []
    else:
        rule = rule or tournament.seating_rule
        if rule not in SeatingRule.values:
            raise DomainError(_("Diese Setzregel gibt es nicht."), field="seating")
        result = pure.seat_by_rule(
            rule,
            ranking,
            pure.History.of(earlier_seatings(tournament, round_.number).values()),
            seed,
            tournament.table_sizes,
            keeper=tournament.list_keeper_seat,
            dealer=tournament.first_dealer_seat,
        )
        seating = result.seating
        round_.method = rule
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
        params={"number": round_.number, "seed": seed, "count": len(ids)},
        details={"round": round_.number, "seed": seed, "method": round_.method},
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
    check_round_order(tournament, 1)
    round_ = draft_round(tournament, 1)
    ids = participant_ids(tournament)
    unknown = set(assignments) - set(ids)
    if unknown:
        raise DomainError(_("Die Liste enthält Teilnehmer, die nicht ausgelost werden."))
    numbers = {pid: assignments.get(pid) for pid in ids}
    round_.slips = {str(pid): number for pid, number in numbers.items() if number is not None}
    problems: list[pure.SlipProblem] = []
    applied = False
    try:
        seating = pure.seating_from_slips(numbers, n=len(ids), allowed=tournament.table_sizes)
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
    round_ = locked_round(tournament, number)
    require_draft(round_)
    round_ = round_with_seating(tournament, number)
    try:
        seating = change(seating_of(round_))
    except pure.SeatingError as error:
        names = participant_names(tournament)
        raise DomainError(seating_error_message(error, names, tournament.table_sizes)) from error
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
    """Move ``participant`` to the list keeper's seat of their table (the ruleset's seat)."""
    summary = nested(gettext_noop("%(name)s ist Listenführer"), {"name": participant.name})
    keeper = tournament.list_keeper_seat
    return _edit(
        tournament, number, lambda s: pure.make_captain(s, participant.pk, keeper), summary, user
    )


@transaction.atomic
def add_late_arrival(
    tournament: Tournament,
    number: int,
    participant: Participant,
    table_number: int | None = None,
    *,
    user: User = None,
) -> Round:
    """Seat a participant who arrived after the draw at a table that may grow by one (a
    4-player table becomes a 5-player table, a 3-player one a 4-player table, as the ruleset's
    sizes allow; the other way is simply to draw the round again)."""
    if participant.withdrawn:
        raise DomainError(
            _("%(name)s ist abgemeldet und wird nicht gesetzt.") % {"name": participant.name}
        )
    summary = nested(gettext_noop("%(name)s nachgesetzt"), {"name": participant.name})
    return _edit(
        tournament,
        number,
        lambda s: pure.add_late_arrival(s, participant.pk, table_number, tournament.table_sizes),
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
        if not locked_round(participant.tournament, number).is_draft:
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
    round_ = locked_round(tournament, number)
    require_draft(round_)
    round_.delete()
    record(
        tournament,
        AuditEntry.Action.ROUND_DELETED,
        user=user,
        message=gettext_noop("Durchgang %(number)d"),
        params={"number": number},
    )


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
