"""Who played a seat in game n: one rule (``tournament.occupants``) for the database's seats
and for a backup being restored."""

from __future__ import annotations

import pytest

from output.backup.plan import TablePlan
from tournament.occupants import occupant_in_game

# Seat 3: Anna (1) until game 8, Berta (2) games 9–12, Carl (3) from game 13; Carl sits now.
TWICE = [(13, 2, 3), (9, 1, 2)]  # in any order


@pytest.mark.parametrize(
    ("game", "expected"),
    [(1, 1), (8, 1), (9, 2), (12, 2), (13, 3), (20, 3)],
)
def test_each_game_goes_to_who_sat_there_then(game, expected):
    assert occupant_in_game(3, TWICE, game) == expected


def test_a_seat_without_substitutes_is_who_sits_there_now():
    assert occupant_in_game(7, [], 1) == occupant_in_game(7, [], 16) == 7


def test_a_backup_reads_the_seat_by_the_same_rule():
    table = TablePlan(
        path="rounds[0].tables[0]",
        fields={},
        seats={1: 10, 2: 11, 3: 3, 4: 13},
        sheet=None,
        changes={3: [(9, 1, 2, "krank"), (13, 2, 3, "müde")]},
    )
    assert [table.occupant(3, game) for game in (1, 9, 13)] == [1, 2, 3]
    assert [table.occupant(3, g) for g in range(1, 17)] == [
        occupant_in_game(3, TWICE, g) for g in range(1, 17)
    ]
    assert table.occupant(1, 16) == 10
