"""Round two and later: the ranking that seats them, orchestrated where the standings live.

The seating core gets the ranking as plain data (``RankedPlayer``); this module decides who
ranks where (the standings after the previous round, late arrivals with 0 points) and that every
earlier round must be final first.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from scoring.models import Sheet
from scoring.standings.ranking import StandingRow, compute_standings, rank_rows, sort_key
from tournament.errors import DomainError
from tournament.models import Round, Tournament
from tournament.seating.core import RankedPlayer
from tournament.seating.signals import placement_requested, round_closing, round_drawing


def placement_ranking(
    tournament: Tournament, *, after_round: int, participant_ids: Sequence[int]
) -> list[RankedPlayer]:
    """The players to seat, best first, with the keys that tell exact ties apart.

    Late arrivals (not in the standings yet) rank with 0 points.
    """
    wanted = set(participant_ids)
    rows = [
        row
        for row in compute_standings(tournament, after_round).rows
        if row.participant_id in wanted
    ]
    seen = {row.participant_id for row in rows}
    missing = [
        StandingRow(pid, "", "", False, (0,) * after_round, 0, 0, 0, 0)
        for pid in participant_ids
        if pid not in seen
    ]
    ordered = rank_rows([*rows, *missing]) if missing else rows
    return [RankedPlayer(row.participant_id, sort_key(row)) for row in ordered]


def unconfirmed_tables(round_: Round) -> list[int]:
    """Numbers of the tables whose sheet is not confirmed yet."""
    return list(
        Sheet.objects.filter(round=round_)
        .exclude(status=Sheet.Status.CONFIRMED)
        .order_by("table__number")
        .values_list("table__number", flat=True)
    )


def require_earlier_rounds_final(*, tournament: Tournament, number: int, **_kwargs: object) -> None:
    """Placement uses the standings of every earlier round, so all of them must be final (a
    sheet of an earlier round may have been reopened meanwhile)."""
    for earlier in Round.objects.filter(tournament=tournament, number__lt=number):
        open_tables = unconfirmed_tables(earlier)
        if open_tables:
            raise DomainError(
                gettext(
                    "Durchgang %(previous)d ist noch nicht fertig: die Listen von Tisch "
                    "%(tables)s sind nicht bestätigt."
                )
                % {"previous": earlier.number, "tables": ", ".join(map(str, open_tables))}
            )


def ranking_for_round(
    *, tournament: Tournament, number: int, participant_ids: Sequence[int], **_kwargs: object
) -> list[RankedPlayer]:
    """The answer to ``placement_requested``: the standings after the previous round."""
    return placement_ranking(tournament, after_round=number - 1, participant_ids=participant_ids)


def require_sheets_confirmed(*, round_: Round, **_kwargs: object) -> None:
    """A round closes only when every table's sheet is confirmed."""
    open_tables = unconfirmed_tables(round_)
    if open_tables:
        raise DomainError(
            gettext("Die Listen von Tisch %(tables)s sind noch nicht bestätigt.")
            % {"tables": ", ".join(map(str, open_tables))}
        )


def connect() -> None:
    """Answer the seating's signals (called once from ``ScoringConfig.ready``)."""
    round_drawing.connect(require_earlier_rounds_final, dispatch_uid="scoring.earlier_rounds")
    placement_requested.connect(ranking_for_round, dispatch_uid="scoring.placement")
    round_closing.connect(require_sheets_confirmed, dispatch_uid="scoring.sheets_confirmed")
