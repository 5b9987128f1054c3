"""Losnummern: the slip scheme and seating from a physical draw."""

import pytest

from tournament.seating.core import (
    SeatingError,
    SlipError,
    SlipProblem,
    is_seatable,
    seating_from_slips,
    slip_layout,
    slip_number,
    slip_position,
    table_sizes,
)

SEATABLE = [n for n in range(4, 81) if is_seatable(n)]


@pytest.mark.parametrize("n", SEATABLE)
def test_round_trip(n):
    sizes = table_sizes(n)
    fours = sizes.count(4)
    for number in range(1, n + 1):
        table, seat = slip_position(number, sizes)
        assert slip_number(table, seat, sizes) == number
        if table <= fours:  # documented formula
            assert number == 4 * (table - 1) + seat
        else:
            assert number == 4 * fours + 5 * (table - fours - 1) + seat


@pytest.mark.parametrize("n", SEATABLE)
def test_layout_covers_every_seat_once(n):
    layout = slip_layout(n)
    assert [s.number for s in layout] == list(range(1, n + 1))
    seats = {(s.table, s.seat) for s in layout}
    sizes = table_sizes(n)
    assert seats == {(t, k) for t, size in enumerate(sizes, 1) for k in range(1, size + 1)}


def test_layout_for_nine():
    assert slip_layout(9) == [
        (1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 1, 4),
        (5, 2, 1), (6, 2, 2), (7, 2, 3), (8, 2, 4), (9, 2, 5),
    ]  # fmt: skip


def test_slip_bounds():
    sizes = table_sizes(9)
    for bad in (0, 10):
        with pytest.raises(SeatingError) as info:
            slip_position(bad, sizes)
        assert info.value.code == "slip_out_of_range"
    with pytest.raises(SeatingError):
        slip_number(3, 1, sizes)
    with pytest.raises(SeatingError):
        slip_number(1, 5, sizes)
    assert slip_number(2, 5, sizes) == 9


def test_seating_from_slips():
    # participant 100+k drew number k, except 101 and 109 swapped
    assignments = {100 + k: k for k in range(1, 10)}
    assignments[101], assignments[109] = 9, 1
    seating = seating_from_slips(assignments)
    assert [t.seats for t in seating.tables] == [
        (109, 102, 103, 104),
        (105, 106, 107, 108, 101),
    ]
    assert seating.table(1).captain == 109


def test_all_problems_reported_together():
    assignments = {
        1: 1,
        2: 2,
        3: 2,  # duplicate with 2
        4: 2,  # duplicate with 2
        5: 12,  # out of range
        6: 0,  # out of range
        7: None,  # unassigned
        8: 6,
        9: None,  # unassigned
    }
    with pytest.raises(SlipError) as info:
        seating_from_slips(assignments)
    error = info.value
    assert error.code == "invalid_slips"
    assert set(error.problems) == {
        SlipProblem("out_of_range", (5,), 12),
        SlipProblem("out_of_range", (6,), 0),
        SlipProblem("duplicate", (2, 3, 4), 2),
        SlipProblem("missing", (), 3),
        SlipProblem("missing", (), 4),
        SlipProblem("missing", (), 5),
        SlipProblem("missing", (), 7),
        SlipProblem("missing", (), 8),
        SlipProblem("missing", (), 9),
        SlipProblem("unassigned", (7,), None),
        SlipProblem("unassigned", (9,), None),
    }
    assert error.params["count"] == len(error.problems)
    assert "duplicate" in str(error)


def test_explicit_slip_count():
    # nine slips in the bowl but only eight participants registered: number 5 is missing
    assignments = {k: k if k < 5 else k + 1 for k in range(1, 9)}
    with pytest.raises(SlipError) as info:
        seating_from_slips(assignments, n=9)
    assert info.value.problems == (SlipProblem("missing", (), 5),)


def test_unseatable_slip_count():
    with pytest.raises(SeatingError) as info:
        seating_from_slips({k: k for k in range(1, 7)})
    assert not isinstance(info.value, SlipError)
    assert info.value.code == "unseatable"
