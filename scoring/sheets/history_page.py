"""The version history on the organiser's sheet page: the sheet's versions read from the
database, grouped into sittings (``history.sittings``), with the names of who sat where."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring.models import Sheet
from scoring.sheets.history import SeatNames, Sitting, sittings
from tournament.models import Seat

#: Versions read for the history; a sheet with more shows the newest (none is near it: a
#: club evening's sheet has some 20 to 50).
HISTORY_VERSIONS = 300
#: Sittings shown, newest first.
HISTORY_SITTINGS = 20


def seat_names(current: Mapping[int, str], changed: Iterable[Seat]) -> SeatNames:
    """Who sat at each seat from which game on: ``current`` (seat: who sits there now, as the
    sheet page has read it) and the ``changed`` seats with their changes prefetched (as the
    page reads them for its note on substitutes): no query of its own."""
    changes = {
        seat.number: sorted(seat.changes.all(), key=lambda change: change.from_game)
        for seat in changed
    }
    names: dict[int, list[tuple[int, str]]] = {}
    for seat, name in current.items():
        seat_changes = changes.get(seat)
        if not seat_changes:
            names[seat] = [(1, name)]
            continue
        names[seat] = [(1, seat_changes[0].previous_participant.name)]
        names[seat] += [(change.from_game, change.participant.name) for change in seat_changes]
    return names


def sheet_history(
    sheet: Sheet, current: Mapping[int, str], changed: Iterable[Seat]
) -> list[Sitting]:
    """The newest sittings of ``sheet``, each with its net changes and its single versions;
    ``current`` and ``changed`` as for :func:`seat_names`."""
    versions = list(
        sheet.versions.select_related("created_by", "confirmed_by")
        .prefetch_related("games")
        .order_by("-number")[: HISTORY_VERSIONS + 1]
    )
    complete = len(versions) <= HISTORY_VERSIONS
    return sittings(versions, seat_names(current, changed), complete=complete)[:HISTORY_SITTINGS]
