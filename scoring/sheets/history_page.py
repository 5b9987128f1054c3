"""The version history on the organiser's sheet page: the sheet's versions read from the
database, grouped into sittings (``history.sittings``), with the names of who sat where."""

from __future__ import annotations

from scoring.models import Sheet
from scoring.sheets.history import SeatNames, Sitting, sittings
from tournament.models import Seat, Table

#: Versions read for the history; a sheet with more shows the newest (none is near it: a
#: club evening's sheet has some 20 to 50).
HISTORY_VERSIONS = 300
#: Sittings shown, newest first.
HISTORY_SITTINGS = 20


def seat_names(table: Table) -> SeatNames:
    """Who sat at each seat of ``table`` from which game on (substitutes included)."""
    seats = (
        Seat.objects.filter(table=table)
        .select_related("participant")
        .prefetch_related("changes__previous_participant", "changes__participant")
    )
    names: dict[int, list[tuple[int, str]]] = {}
    for seat in seats:
        changes = sorted(seat.changes.all(), key=lambda change: change.from_game)
        if not changes:
            names[seat.number] = [(1, seat.participant.name)]
            continue
        occupants = [(1, changes[0].previous_participant.name)]
        occupants += [(change.from_game, change.participant.name) for change in changes]
        names[seat.number] = occupants
    return names


def sheet_history(sheet: Sheet) -> list[Sitting]:
    """The newest sittings of ``sheet``, each with its net changes and its single versions."""
    versions = list(
        sheet.versions.select_related("created_by", "confirmed_by")
        .prefetch_related("games")
        .order_by("-number")[: HISTORY_VERSIONS + 1]
    )
    complete = len(versions) <= HISTORY_VERSIONS
    return sittings(versions, seat_names(sheet.table), complete=complete)[:HISTORY_SITTINGS]
