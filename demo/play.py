"""Play sheets through the real services: enter a table's records as final, then confirm.

``play_sheet(sheet, records)`` does it for one sheet, ``play_round(round_, records_for)`` for
every table of a released round (table 1 first), with the records ``records_for(sheet)`` gives;
each sheet comes with ``size``, the number of players at its table. ``load_demo``,
``generate_demo`` and the tests' ``confirm_round`` fixture play their rounds with these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Count

from scoring.models import Sheet, SheetVersion
from scoring.sheets.services import confirm_sheet, submit_sheet
from tournament.models import Round

Records = list[dict[str, Any]]


def play_sheet(
    sheet: Sheet, records: Records, *, user=None, source: str = SheetVersion.Source.DESK
) -> SheetVersion:
    """Hand in ``records`` as the sheet's final list and confirm it; the confirmed version."""
    submit_sheet(
        sheet, records, expected_revision=sheet.revision, source=source, user=user, final=True
    )
    return confirm_sheet(sheet, user=user)


def play_round(
    round_: Round,
    records_for: Callable[[Sheet], Records],
    *,
    user=None,
    source: str = SheetVersion.Source.DESK,
) -> list[tuple[Sheet, Records]]:
    """Play every sheet of ``round_``; the sheets (with ``size``) and the records entered."""
    sheets = (
        Sheet.objects.filter(round=round_)
        .select_related("table", "round__tournament")
        .annotate(size=Count("table__seats"))
        .order_by("table__number")
    )
    played = []
    for sheet in sheets:
        records = records_for(sheet)
        play_sheet(sheet, records, user=user, source=source)
        played.append((sheet, records))
    return played
