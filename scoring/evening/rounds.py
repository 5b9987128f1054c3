"""A round's life: drawn (round 2 and later by placement), released, taken back, closed,
reopened. See the package's docstring for who does what.

Lock order, the same in every service of the evening: the round's row first (``locked_round``,
FOR NO KEY UPDATE), then the round's sheets, then seats; a sheet's own services lock the sheet,
then seats. The draw locks the tournament's row before the round's.
"""

from __future__ import annotations

from django.db import transaction

from scoring.sheets.steps import create_sheets, remove_empty_sheets
from scoring.standings.placement import (
    placement_ranking,
    require_earlier_rounds_final,
    require_sheets_confirmed,
)
from tournament.audit import User
from tournament.clock.services import discard_clock
from tournament.models import AuditEntry, Round, Tournament
from tournament.seating import services as seating
from tournament.seating import steps
from tournament.seating.steps import Reopened

__all__ = [
    "Reopened",
    "close_round",
    "draw_round",
    "release_round",
    "reopen_round",
    "unrelease_round",
]


@transaction.atomic
def draw_round(
    tournament: Tournament,
    number: int,
    *,
    seed: int | None = None,
    seating_rule: str | None = None,
    user: User = None,
) -> Round:
    """Seat round ``number``: round 1 by a seeded random draw, later rounds by ``seating_rule``
    (default the tournament's) along the standings after the previous round (every earlier
    round must be final)."""
    seating.check_round_order(tournament, number)
    if number > 1:
        # Placement uses the standings of every earlier round: none may have an open sheet.
        require_earlier_rounds_final(tournament, number)
    round_ = seating.draft_round(tournament, number)
    ids = seating.participant_ids(tournament)
    seed = seating.checked_seed(seed)
    ranking = (
        placement_ranking(tournament, after_round=number - 1, participant_ids=ids)
        if number > 1
        else None
    )
    return seating.seat_round(round_, ids, seed=seed, ranking=ranking, rule=seating_rule, user=user)


@transaction.atomic
def release_round(tournament: Tournament, number: int, *, user: User = None) -> Round:
    """Publish the seating: players can look it up, every table gets its score sheet, captains'
    links open."""
    round_, tables = steps.releasable_round(tournament, number)
    steps.mark_released(round_)
    create_sheets(round_, tables)
    steps.record_round(round_, AuditEntry.Action.ROUND_RELEASED, user=user)
    return round_


@transaction.atomic
def unrelease_round(tournament: Tournament, number: int, *, user: User = None) -> Round:
    """Take back a release while nothing was recorded: the seating is a draft again, the empty
    sheets and the round's clock go and the captains' links stop working. Refused once a sheet
    has a saved version."""
    round_ = steps.unreleasable_round(tournament, number)
    remove_empty_sheets(round_)
    discard_clock(round_)
    steps.mark_draft(round_)
    steps.record_round(round_, AuditEntry.Action.ROUND_UNRELEASED, user=user)
    return round_


@transaction.atomic
def close_round(tournament: Tournament, number: int, *, user: User = None) -> Round:
    """End a round: its captains' links stop working; every sheet must be confirmed."""
    round_ = steps.closable_round(tournament, number)
    require_sheets_confirmed(round_)
    steps.mark_closed(round_)
    steps.record_round(round_, AuditEntry.Action.ROUND_CLOSED, user=user)
    return round_


@transaction.atomic
def reopen_round(
    tournament: Tournament, number: int, *, reason: str, user: User = None
) -> Reopened:
    """Open a closed round again (a dispute): its sheets can be reopened and corrected, and the
    standings follow each confirmation at once. A later round keeps its seating. Nothing of the
    sheets changes here: each is reopened on its own (``scoring.sheets.services.reopen_sheet``)."""
    return steps.reopen(tournament, number, reason=reason, user=user)
