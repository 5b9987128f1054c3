"""The score sheets' own steps of a round's life, called by the evening's services
(``scoring.evening``) inside their transaction, after the round's row is locked.

A released round's tables get their sheets, a release taken back removes them while they are
empty, and a seat changes hands only while its table's sheet is not confirmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from scoring.models import Sheet
from tournament.errors import DomainError
from tournament.models import Round, Seat, Table


def create_sheets(round_: Round, tables: Sequence[Table]) -> None:
    """Every table of a released round gets its (empty) score sheet."""
    Sheet.objects.bulk_create([Sheet(table=table, round=round_) for table in tables])


def remove_empty_sheets(round_: Round) -> None:
    """A release is taken back: refuse once any sheet has a saved version, else delete the empty
    sheets."""
    # Lock every sheet of the round first (table order, as one sheet's writer locks it): an
    # autosave holding a sheet is waited for and its version seen below; one that comes later
    # finds its sheet gone (``sheet_gone``).
    sheets = Sheet.objects.select_for_update(of=("self",)).filter(round=round_)
    list(sheets.order_by("table__number"))
    saved = list(
        Sheet.objects.filter(round=round_, versions__isnull=False)
        .distinct()
        .order_by("table__number")
        .values_list("table__number", flat=True)
    )
    if saved:
        raise DomainError(
            _(
                "An Tisch %(tables)s ist schon etwas gespeichert; die Freigabe von Durchgang "
                "%(round)d lässt sich nicht mehr zurücknehmen."
            )
            % {"tables": ", ".join(map(str, saved)), "round": round_.number}
        )
    Sheet.objects.filter(round=round_).delete()


def lock_unconfirmed_sheet(seat: Seat) -> None:
    """Before a seat changes hands: lock its table's sheet and refuse a confirmed one (the
    points it wrote would no longer follow the seat).

    The sheet row stays locked until the change is stored: a confirmation waits for it (and
    then credits the substitute) instead of reading the seats from before the change."""
    sheet = Sheet.objects.select_for_update().filter(table_id=seat.table_id).first()
    if sheet is not None and sheet.status == Sheet.Status.CONFIRMED:
        raise DomainError(
            _("Die Liste von Tisch %(table)d ist bestätigt; zuerst wieder öffnen.")
            % {"table": seat.table.number}
        )
