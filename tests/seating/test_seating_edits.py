"""Editing a draft seating before the round is released."""

import pytest

from tournament.seating.core import (
    Seating,
    SeatingError,
    TableSeating,
    add_late_arrival,
    make_captain,
    remove_player,
    swap_players,
)


def seating(*tables):
    return Seating(tuple(TableSeating(i, seats) for i, seats in enumerate(tables, start=1)))


BASE = seating((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12, 13))


def seats(s):
    return [t.seats for t in s.tables]


def error_code(call, *args):
    with pytest.raises(SeatingError) as info:
        call(*args)
    return info.value.code


def test_swap_across_tables():
    assert seats(swap_players(BASE, 2, 13)) == [
        (1, 13, 3, 4),
        (5, 6, 7, 8),
        (9, 10, 11, 12, 2),
    ]
    assert seats(BASE)[0] == (1, 2, 3, 4)  # original untouched


def test_swap_within_a_table():
    assert seats(swap_players(BASE, 5, 8))[1] == (8, 6, 7, 5)


def test_swap_errors():
    assert error_code(swap_players, BASE, 1, 1) == "same_player"
    assert error_code(swap_players, BASE, 1, 99) == "not_seated"


def test_make_captain():
    result = make_captain(BASE, 11)
    assert seats(result)[2] == (11, 10, 9, 12, 13)
    assert result.table(3).captain == 11
    assert make_captain(BASE, 9) == BASE
    assert error_code(make_captain, BASE, 99) == "not_seated"


def test_late_arrival_at_chosen_table():
    result = add_late_arrival(BASE, 20, 1)
    assert seats(result)[0] == (1, 2, 3, 4, 20)
    assert result.position_of(20) == (1, 5)
    assert not result.five_tables_last  # allowed when the organiser chooses the table


def test_late_arrival_default_keeps_five_tables_last():
    result = add_late_arrival(BASE, 20)
    assert seats(result)[1] == (5, 6, 7, 8, 20)
    assert result.five_tables_last


def test_late_arrival_refusals():
    assert error_code(add_late_arrival, BASE, 20, 3) == "table_full"
    assert error_code(add_late_arrival, BASE, 5, 1) == "already_seated"
    assert error_code(add_late_arrival, BASE, 20, 4) == "unknown_table"
    all_five = seating((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    assert error_code(add_late_arrival, all_five, 20) == "no_four_table"


def test_remove_from_five_table():
    result = remove_player(BASE, 9)
    assert seats(result)[2] == (10, 11, 12, 13)  # seat 2 moves up and becomes captain
    assert result.table(3).captain == 10


def test_remove_from_four_table_needs_redraw():
    with pytest.raises(SeatingError) as info:
        remove_player(BASE, 6)
    assert info.value.code == "redraw_needed"
    assert info.value.params == {"participant_id": 6, "table": 2}
    assert "re-draw" in str(info.value)
    assert error_code(remove_player, BASE, 99) == "not_seated"
