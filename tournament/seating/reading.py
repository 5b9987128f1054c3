"""Reading a round's seating: tables and seats in few queries, the core's view of them, repeats."""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournament.models import Round, Seat, SeatChange, SeatingRule, Table, Tournament
from tournament.seating import core as pure
from tournament.seating.messages import repeat_report_message

# ---------------------------------------------------------------------------- reading


def round_with_seating(tournament: Tournament, number: int) -> Round | None:
    """The round with tables (and their sheets), seats and their changes (substitutes)
    prefetched (four queries), each table told its list keeper's seat, or None if it has not
    been drawn."""
    changes = SeatChange.objects.select_related("previous_participant", "participant")
    seats = (
        Seat.objects.select_related("participant")
        .prefetch_related(Prefetch("changes", queryset=changes))
        .order_by("number")
    )
    tables = (
        Table.objects.order_by("number")
        .select_related("sheet")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    round_ = (
        Round.objects.filter(tournament=tournament, number=number)
        .prefetch_related(Prefetch("tables", queryset=tables))
        .first()
    )
    if round_ is not None:
        tournament.mark_list_keepers(round_.tables.all())
    return round_


def seating_of(round_: Round) -> pure.Seating:
    tables = sorted(round_.tables.all(), key=lambda table: table.number)
    return pure.Seating(
        tuple(
            pure.TableSeating(
                table.number,
                tuple(
                    seat.participant_id
                    for seat in sorted(table.seats.all(), key=lambda s: s.number)
                ),
            )
            for table in tables
        )
    )


def participant_names(tournament: Tournament) -> dict[int, str]:
    """Each participant's name by primary key, for messages that name players."""
    return dict(tournament.participants.values_list("pk", "name"))


def earlier_seatings(tournament: Tournament, number: int) -> dict[int, pure.Seating]:
    """The seatings of the rounds before ``number`` that have tables, by round number (one
    query; a seat's present occupant)."""
    rows = (
        Seat.objects.filter(round__tournament=tournament, round__number__lt=number)
        .order_by("round__number", "table__number", "number")
        .values_list("round__number", "table__number", "participant_id")
    )
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_number, table, participant_id in rows:
        rounds.setdefault(round_number, {}).setdefault(table, []).append(participant_id)
    return {
        round_number: pure.Seating(
            tuple(pure.TableSeating(table, tuple(seats)) for table, seats in tables.items())
        )
        for round_number, tables in rounds.items()
    }


def repeat_warnings(tournament: Tournament, round_: Round) -> list[str]:
    """Tables of ``round_`` that repeat three or more players from one earlier table."""
    if round_.number == 1:
        return []
    earlier = earlier_seatings(tournament, round_.number)
    numbers = list(earlier)
    names = participant_names(tournament)
    return [
        _(
            "Tisch %(table)d: %(names)s saßen schon in Durchgang %(round)d an Tisch %(previous)d "
            "zusammen."
        )
        % {
            "table": warning.table,
            "names": ", ".join(names[pid] for pid in warning.participant_ids),
            "round": numbers[warning.previous_index],
            "previous": warning.previous_table,
        }
        for warning in pure.repeat_warnings(seating_of(round_), earlier.values())
    ]


def repeat_summary(tournament: Tournament, round_: Round) -> str:
    """How many pairs of ``round_`` shared a table before, and why (``""`` for round 1): the
    seating as it is now, edits included, explained by the rule it was seated by."""
    if round_.number == 1:
        return ""
    rule = round_.method if round_.method in SeatingRule.values else SeatingRule.PLACEMENT
    history = pure.History.of(earlier_seatings(tournament, round_.number).values())
    return repeat_report_message(pure.repeat_report(seating_of(round_), history, rule))
