"""Warnings when three or more players meet again at one table."""

from tournament.seating.core import RepeatWarning, Seating, TableSeating, repeat_warnings


def seating(*tables):
    return Seating(tuple(TableSeating(i, seats) for i, seats in enumerate(tables, start=1)))


ROUND_1 = seating((1, 2, 3, 4), (5, 6, 7, 8))
ROUND_2 = seating((1, 5, 2, 6), (3, 7, 4, 8))


def test_three_of_one_previous_table_warns():
    new = seating((1, 2, 3, 5), (4, 6, 7, 8))
    assert repeat_warnings(new, [ROUND_1]) == [
        RepeatWarning(table=1, previous_index=0, previous_table=1, participant_ids=(1, 2, 3)),
        RepeatWarning(table=2, previous_index=0, previous_table=2, participant_ids=(6, 7, 8)),
    ]


def test_two_of_one_previous_table_do_not_warn():
    assert repeat_warnings(ROUND_2, [ROUND_1]) == []


def test_whole_table_again_and_index_of_previous_round():
    new = seating((1, 5, 2, 6), (4, 3, 8, 7))
    warnings = repeat_warnings(new, [ROUND_1, ROUND_2])
    assert [(w.table, w.previous_index, w.previous_table) for w in warnings] == [
        (1, 1, 1),
        (2, 1, 2),
    ]
    assert warnings[0].participant_ids == (1, 2, 5, 6)


def test_five_tables_and_no_previous_rounds():
    five = seating((1, 2, 3, 4, 9), (5, 6, 7, 8))
    assert repeat_warnings(five, []) == []
    new = seating((1, 5, 6, 7, 9), (2, 3, 4, 8))
    assert [(w.table, w.participant_ids) for w in repeat_warnings(new, [five])] == [
        (1, (5, 6, 7)),
        (2, (2, 3, 4)),
    ]


def test_threshold_is_configurable():
    assert len(repeat_warnings(ROUND_2, [ROUND_1], min_shared=2)) == 4
