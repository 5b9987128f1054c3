"""Edits of a draft seating: swap, new captain, late arrival, withdrawal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tournament.seating.core.errors import SeatingError
from tournament.seating.core.layout import Seating


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


def make_captain(seating: Seating, participant_id: int) -> Seating:
    """Move the participant to seat 1 of their table, swapping with the current captain."""
    table = seating.table(seating.position_of(participant_id).table)
    if table.captain == participant_id:
        return seating
    return swap_players(seating, participant_id, table.captain)


def add_late_arrival(
    seating: Seating, participant_id: int, table_number: int | None = None
) -> Seating:
    """Seat a late arrival at seat 5 of a 4-table.

    Without ``table_number`` the highest-numbered 4-table is used, which keeps the
    five-tables last. An explicit table may be any 4-table.
    """
    if participant_id in seating.participants:
        raise SeatingError("already_seated", participant_id=participant_id)
    if table_number is None:
        fours = [t.number for t in seating.tables if t.size == 4]
        if not fours:
            raise SeatingError("no_four_table")
        table_number = fours[-1]
    table = seating.table(table_number)
    if table.size == 5:
        raise SeatingError("table_full", table=table_number)
    return _with_seats(seating, {table_number: (*table.seats, participant_id)})


def remove_player(seating: Seating, participant_id: int) -> Seating:
    """Withdraw a participant from a draft: a 5-table becomes a 4-table (later seats move
    up one, so removing the captain makes seat 2 captain). Refused (``redraw_needed``) at a
    4-table."""
    position = seating.position_of(participant_id)
    table = seating.table(position.table)
    if table.size == 4:
        raise SeatingError("redraw_needed", participant_id=participant_id, table=table.number)
    return _with_seats(
        seating, {table.number: tuple(p for p in table.seats if p != participant_id)}
    )
