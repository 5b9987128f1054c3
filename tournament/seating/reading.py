"""Reading a round's seating: tables and seats in few queries, the core's view of them, repeats."""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournament.models import Round, Seat, SeatChange, Table, Tournament
from tournament.seating import core as pure

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


def repeat_warnings(tournament: Tournament, round_: Round) -> list[str]:
    """Tables of ``round_`` that repeat three or more players from one earlier table."""
    if round_.number == 1:
        return []
    current = seating_of(round_)
    previous_rounds = [
        r
        for r in (round_with_seating(tournament, number) for number in range(1, round_.number))
        if r is not None
    ]
    previous = [seating_of(r) for r in previous_rounds]
    names = participant_names(tournament)
    return [
        _(
            "Tisch %(table)d: %(names)s saßen schon in Durchgang %(round)d an Tisch %(previous)d "
            "zusammen."
        )
        % {
            "table": warning.table,
            "names": ", ".join(names[pid] for pid in warning.participant_ids),
            "round": previous_rounds[warning.previous_index].number,
            "previous": warning.previous_table,
        }
        for warning in pure.repeat_warnings(current, previous)
    ]
