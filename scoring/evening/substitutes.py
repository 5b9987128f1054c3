"""A substitute (Ersatzspieler) or late arrival takes over a seat of a released table."""

from __future__ import annotations

from django.db import transaction

from scoring.sheets.steps import lock_unconfirmed_sheet
from tournament.audit import User
from tournament.models import Participant, SeatChange, Tournament
from tournament.seating import steps


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
    """``substitute`` plays the seat from ``from_game`` on.

    The points follow the seat: the replaced player keeps the games before ``from_game``, the
    substitute gets the games from ``from_game`` on (``Seat.occupant``). ``withdraw`` also
    marks the replaced player as withdrawn (a player who leaves during the round).
    """
    seat = steps.released_seat(tournament, round_number, table_number, seat_number)
    # The lock order of a table's points, the same as confirming its sheet: first the sheet
    # (refused when confirmed), then the seat. So a confirmation either waits for the change and
    # credits the substitute, or comes first and the change is refused; never a confirmed sheet
    # crediting the replaced player.
    lock_unconfirmed_sheet(seat)
    return steps.change_seat(
        seat, substitute, from_game, reason=reason, withdraw=withdraw, user=user
    )
