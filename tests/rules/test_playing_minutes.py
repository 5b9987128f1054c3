"""The playing time a ruleset gives a round (``Ruleset.playing_minutes``): the DDV's pace."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules
from rules.hausregeln.ruleset import HouseRules


class RowsOnly(HouseRules):
    """The house rules with a sheet of a given length: the default as other rulesets see it."""

    def __init__(self, rows: int) -> None:
        self.rows = rows

    def sheet_length(self, table_size: int, cycles: int, options: object = None) -> int:
        return self.rows


@pytest.mark.parametrize(
    ("rows", "minutes"),
    [(24, 100), (30, 125), (16, 70), (20, 85), (4, 20), (1, 5), (8, 35)],
)
def test_the_default_playing_time_keeps_the_ddv_pace(rows, minutes):
    # TSR 8.5: 100 minutes for 24 games at four, 125 for 30 at five.
    assert RowsOnly(rows).playing_minutes(4, 1) == minutes


@pytest.mark.parametrize(("size", "minutes"), [(4, 70), (5, 85)])
def test_the_house_rules_default_evening_plays_seventy_and_eighty_five_minutes(size, minutes):
    assert rules.get("hausregeln").playing_minutes(size, 4) == minutes


@given(st.integers(min_value=1, max_value=400))
def test_the_playing_time_is_whole_five_minutes_and_never_faster_than_the_ddv(rows):
    minutes = RowsOnly(rows).playing_minutes(4, 1)
    assert minutes % 5 == 0
    assert minutes * 6 >= rows * 25
    assert minutes - 5 < rows * 25 / 6 or minutes == 5
