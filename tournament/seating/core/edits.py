"""Edits of a draft seating: swap, new captain, late arrival, withdrawal."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from tournament.seating.core.errors import SeatingError
from tournament.seating.core.layout import Seating
from tournament.seating.core.sizes import DOPPELKOPF, allowed_sizes


def seat_one(table_size: int) -> int:
    """The house rules' list keeper: seat 1 at every table."""
    return 1


def _with_seats(seating: Seating, changes: Mapping[int, Sequence[int]]) -> Seating:
    return Seating(
        tuple(
            replace(table, seats=tuple(changes[table.number])) if table.number in changes else table
            for table in seating.tables
        )
    )


def swap_players(seating: Seating, a: int, b: int) -> Seating:
    """Exchange the places (table and seat) of participants a and b."""
    if a == b:
        raise SeatingError("same_player", participant_id=a)
    pos_a, pos_b = seating.position_of(a), seating.position_of(b)
    seats = {t: list(seating.table(t).seats) for t in {pos_a.table, pos_b.table}}
    seats[pos_a.table][pos_a.seat - 1] = b
    seats[pos_b.table][pos_b.seat - 1] = a
    return _with_seats(seating, seats)


def make_captain(
    seating: Seating, participant_id: int, list_keeper: Callable[[int], int] = seat_one
) -> Seating:
    """Move the participant to the list keeper's seat of their table (``list_keeper``: table
    size -> seat, the ruleset's ``list_keeper_seat``), swapping with the one sitting there."""
    table = seating.table(seating.position_of(participant_id).table)
    keeper = table.at_seat(list_keeper(table.size))
    if keeper == participant_id:
        return seating
    return swap_players(seating, participant_id, keeper)


def add_late_arrival(
    seating: Seating,
    participant_id: int,
    table_number: int | None = None,
    allowed: Iterable[int] = DOPPELKOPF,
) -> Seating:
    """Seat a late arrival at the next seat of a table that may grow by one (a 4-table to
    five, a 3-table to four, as the ``allowed`` sizes permit).

    Without ``table_number`` the first 3-table is used (the 3-tables stay last), else the
    highest-numbered 4-table, which keeps the five-tables last. An explicit table may be any
    table that may grow.
    """
    sizes = allowed_sizes(allowed)
    if participant_id in seating.participants:
        raise SeatingError("already_seated", participant_id=participant_id)
    growable = [t.number for t in seating.tables if t.size + 1 in sizes]
    if table_number is None:
        if not growable:
            raise SeatingError("no_four_table")
        threes = [t.number for t in seating.tables if t.size == 3]
        table_number = threes[0] if threes else growable[-1]
    table = seating.table(table_number)
    if table_number not in growable:
        raise SeatingError("table_full", table=table_number)
    return _with_seats(seating, {table_number: (*table.seats, participant_id)})


def remove_player(seating: Seating, participant_id: int) -> Seating:
    """Withdraw a participant from a draft: a 5-table becomes a 4-table (later seats move
    up one, so removing the player at seat 1 makes seat 2 the first). Refused
    (``redraw_needed``) at a table of four or three."""
    position = seating.position_of(participant_id)
    table = seating.table(position.table)
    if table.size <= 4:
        raise SeatingError("redraw_needed", participant_id=participant_id, table=table.number)
    return _with_seats(
        seating, {table.number: tuple(p for p in table.seats if p != participant_id)}
    )
