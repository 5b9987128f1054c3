"""Table sizes where the ruleset allows 3-tables too (count-down games, COUNTDOWN.md §8.1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.seating.core import (
    SeatingError,
    add_late_arrival,
    draw_seating,
    is_seatable,
    make_captain,
    min_participants,
    seat_by_placement,
    seatable_counts,
    seating_from_slips,
    slip_layout,
    table_sizes,
)
from tournament.seating.core.placement import RankedPlayer

COUNTDOWN = (3, 4, 5)

EXAMPLES = {
    3: (3,),
    4: (4,),
    5: (5,),
    6: (3, 3),
    7: (4, 3),
    8: (4, 4),
    9: (4, 5),
    10: (5, 5),
    11: (4, 4, 3),
    12: (4, 4, 4),
    13: (4, 4, 5),
    14: (4, 5, 5),
    15: (5, 5, 5),
    19: (4, 5, 5, 5),
}

# allowed sizes -> n -> (code, remove, add)
REFUSED = {
    COUNTDOWN: {0: ("too_few", None, 3), 1: ("too_few", None, 2), 2: ("too_few", None, 1)},
    (3, 4): {5: ("unseatable", 1, 1), 1: ("too_few", None, 2)},
    (4,): {6: ("unseatable", 2, 2), 3: ("too_few", None, 1)},
}


@pytest.mark.parametrize(("n", "expected"), EXAMPLES.items())
def test_count_down_sizes(n, expected):
    assert table_sizes(n, COUNTDOWN) == expected
    assert is_seatable(n, COUNTDOWN)


@pytest.mark.parametrize(
    ("allowed", "n", "expected"),
    [(allowed, n, expected) for allowed, cases in REFUSED.items() for n, expected in cases.items()],
)
def test_refused_counts_at_other_sizes(allowed, n, expected):
    code, remove, add = expected
    assert not is_seatable(n, allowed)
    with pytest.raises(SeatingError) as info:
        table_sizes(n, allowed)
    assert (info.value.code, info.value.params) == (code, {"n": n, "remove": remove, "add": add})


@pytest.mark.parametrize(
    ("allowed", "n", "expected"),
    [((3, 4), 9, (3, 3, 3)), ((3, 4), 13, (4, 3, 3, 3)), ((4,), 8, (4, 4)), ((4, 5), 9, (4, 5))],
)
def test_other_allowed_sizes(allowed, n, expected):
    assert table_sizes(n, allowed) == expected


def test_the_doppelkopf_counts_stay_as_they_were():
    for n in range(4, 80):
        if is_seatable(n):
            assert table_sizes(n, COUNTDOWN) == table_sizes(n) == table_sizes(n, (5, 4))


def test_seatable_counts_and_the_fewest():
    assert seatable_counts() == ((4, 5, 8, 9, 10), (6, 7, 11))
    assert seatable_counts(COUNTDOWN) == (tuple(range(3, 12)), ())
    assert (min_participants(), min_participants(COUNTDOWN)) == (4, 3)


@pytest.mark.parametrize("allowed", [(3, 5), (2, 4), (4, 6), ()])
def test_sizes_the_scheme_does_not_know_are_refused(allowed):
    with pytest.raises(ValueError, match="table sizes"):
        table_sizes(8, allowed)


@given(st.integers(min_value=3, max_value=400))
def test_every_count_from_three_is_seatable_at_three_four_and_five(n):
    sizes = table_sizes(n, COUNTDOWN)
    assert sum(sizes) == n
    assert set(sizes) <= set(COUNTDOWN)
    assert not (3 in sizes and 5 in sizes), "never 3- and 5-tables together"
    others = [size != 4 for size in sizes]
    assert others == sorted(others), "the 3- and 5-tables are the last tables"
    assert sizes.count(3) <= 3
    if is_seatable(n):  # the Doppelkopf evening's count: its tables exactly
        assert sizes == table_sizes(n)
    else:
        assert 3 in sizes


def test_draw_slips_and_placement_seat_seven_at_a_four_and_a_three_table():
    seating = draw_seating(range(1, 8), seed=5, allowed=COUNTDOWN)
    assert seating.sizes == (4, 3)
    assert sorted(seating.participants) == list(range(1, 8))
    layout = slip_layout(7, COUNTDOWN)
    assert [(slip.table, slip.seat) for slip in layout][-3:] == [(2, 1), (2, 2), (2, 3)]
    from_slips = seating_from_slips({pid: pid for pid in range(1, 8)}, allowed=COUNTDOWN)
    assert from_slips.table(2).seats == (5, 6, 7)
    ranking = [RankedPlayer(pid, (-pid,)) for pid in range(1, 8)]
    placed = seat_by_placement(ranking, seed=3, allowed=COUNTDOWN)
    assert set(placed.seating.table(1).seats) == {1, 2, 3, 4}
    assert set(placed.seating.table(2).seats) == {5, 6, 7}
    with pytest.raises(SeatingError):
        slip_layout(7)  # the Doppelkopf evening cannot seat seven


def test_a_late_arrival_fills_the_first_three_table():
    seating = seating_from_slips({pid: pid for pid in range(1, 12)}, allowed=COUNTDOWN)
    assert seating.sizes == (4, 4, 3)
    grown = add_late_arrival(seating, 99, allowed=COUNTDOWN)
    assert grown.sizes == (4, 4, 4) and grown.table(3).seats == (9, 10, 11, 99)
    assert add_late_arrival(grown, 98, allowed=COUNTDOWN).sizes == (4, 4, 5)


def test_make_captain_moves_to_the_ruleset_s_list_keeper_seat():
    seating = seating_from_slips({pid: pid for pid in range(1, 10)})  # 4 + 5
    keeper = {4: 4, 5: 5}.__getitem__
    moved = make_captain(seating, 1, keeper)
    assert moved.table(1).seats == (4, 2, 3, 1)
    assert make_captain(moved, 1, keeper) == moved
    assert make_captain(seating, 6, keeper).table(2).seats == (5, 9, 7, 8, 6)
    assert make_captain(seating, 2).table(1).seats == (2, 1, 3, 4)  # seat 1 by default
