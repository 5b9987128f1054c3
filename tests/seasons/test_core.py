"""The season ranking's pure core: rules, shared ranks, the minimum of rounds (no database)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seasons.core import EveningResult, SeasonRule, rank_season
from tests.examples import examples

NAMES = {1: "Anna", 2: "Bernd", 3: "Carla", 4: "Dieter", 5: "Emil"}


def evening(member: int, tournament: int, points: int, rounds: int = 2) -> EveningResult:
    return EveningResult(member, tournament, points, rounds)


def table(results, rule: SeasonRule) -> list[tuple]:
    rows = rank_season(results, NAMES, rule)
    return [(row.rank, row.name, row.points) for row in rows]


@pytest.mark.parametrize(
    ("rule", "results", "expected"),
    [
        # sum: all points; equal sums share a rank, then by name
        (
            SeasonRule("sum"),
            [evening(1, 10, 30), evening(1, 11, -10), evening(2, 10, 25), evening(3, 10, 25)],
            [(1, "Bernd", 25), (1, "Carla", 25), (3, "Anna", 20)],
        ),
        (
            SeasonRule("sum"),
            [evening(1, 10, 40), evening(2, 10, 25), evening(3, 10, 25), evening(4, 10, 10)],
            [(1, "Anna", 40), (2, "Bernd", 25), (2, "Carla", 25), (4, "Dieter", 10)],
        ),
        # best 2: the two best evening totals count
        (
            SeasonRule("best", best=2),
            [
                evening(1, 10, 10),
                evening(1, 11, 50),
                evening(1, 12, 30),
                evening(2, 10, 70),
                evening(3, 11, 40),
                evening(3, 12, 40),
            ],
            [(1, "Anna", 80), (1, "Carla", 80), (3, "Bernd", 70)],
        ),
        # best with negative evenings: the best are the highest, negatives too if fewer
        (
            SeasonRule("best", best=2),
            [evening(1, 10, -10), evening(1, 11, -20), evening(1, 12, 5), evening(2, 10, -15)],
            [(1, "Anna", -5), (2, "Bernd", -15)],
        ),
        # average: points per round; the counted figure is exact, not the rounded one
        (
            SeasonRule("average"),
            [evening(1, 10, 30, 3), evening(2, 10, 20, 2), evening(3, 10, 31, 3)],
            [(1, "Carla", 31), (2, "Anna", 30), (2, "Bernd", 20)],
        ),
        # average with a minimum: below it, unranked and listed by name after the ranked
        (
            SeasonRule("average", min_rounds=3),
            [evening(5, 10, 90, 2), evening(1, 10, 30, 3), evening(4, 10, 10, 1)],
            [(1, "Anna", 30), (None, "Dieter", 10), (None, "Emil", 90)],
        ),
    ],
    ids=["sum-ties-after", "sum-tie-in-the-middle", "best-2", "best-negative", "average", "min"],
)
def test_rules_rank_by_their_counted_figure(rule, results, expected):
    assert table(results, rule) == expected


def test_average_is_rounded_to_two_decimals_and_null_without_rounds():
    rows = rank_season([evening(1, 10, 10, 3), evening(2, 10, 0, 0)], NAMES, SeasonRule("sum"))
    by_name = {row.name: row for row in rows}
    assert by_name["Anna"].average == 3.33
    assert by_name["Bernd"].average is None
    assert by_name["Bernd"].as_json() == {
        "rank": 2,
        "name": "Bernd",
        "evenings": 1,
        "rounds": 0,
        "points": 0,
        "average": None,
        "metric": "points",
    }


def test_average_without_rounds_is_unranked_even_without_a_minimum():
    rows = rank_season([evening(1, 10, 0, 0), evening(2, 10, -4, 1)], NAMES, SeasonRule("average"))
    assert [(row.rank, row.name) for row in rows] == [(1, "Bernd"), (None, "Anna")]


def test_evenings_and_rounds_add_up_per_member():
    rows = rank_season(
        [evening(1, 10, 5, 2), evening(1, 11, 7, 1), evening(1, 11, 1, 1)], NAMES, SeasonRule()
    )
    assert [(row.evenings, row.rounds, row.points, row.total) for row in rows] == [(2, 4, 13, 13)]


def test_best_names_the_evenings_it_counted():
    rows = rank_season(
        [evening(1, 10, 5), evening(1, 11, 9), evening(1, 12, 7)],
        NAMES,
        SeasonRule("best", best=2),
    )
    assert rows[0].counted == (11, 12)
    assert rows[0].total == 21 and rows[0].points == 16


@pytest.mark.parametrize(
    "arguments",
    [
        {"rule": "median"},
        {"rule": "best"},
        {"rule": "best", "best": 0},
        {"rule": "sum", "best": 2},
        {"rule": "sum", "min_rounds": -1},
    ],
)
def test_a_rule_refuses_bad_figures(arguments):
    with pytest.raises(ValueError):
        SeasonRule(**arguments)


# No deadline: the machine is shared, and a slow example is not a wrong one.
SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

results_strategy = st.lists(
    st.builds(
        EveningResult,
        member_id=st.integers(1, 5),
        tournament_id=st.integers(1, 6),
        points=st.integers(-200, 200),
        rounds=st.integers(0, 3),
    ),
    max_size=40,
)
rules_strategy = st.one_of(
    st.builds(SeasonRule, rule=st.just("sum"), min_rounds=st.integers(0, 4)),
    st.builds(SeasonRule, rule=st.just("average"), min_rounds=st.integers(0, 4)),
    st.builds(
        SeasonRule, rule=st.just("best"), best=st.integers(1, 7), min_rounds=st.integers(0, 4)
    ),
)


@SETTINGS
@given(results_strategy, rules_strategy)
def test_ranks_are_shared_exactly_by_equal_figures(results, rule):
    rows = rank_season(results, NAMES, rule)
    ranked = [row for row in rows if row.rank is not None]
    # every member with a result is listed once; the ranked come first
    assert sorted(row.member_id for row in rows) == sorted({r.member_id for r in results})
    assert all(row.rank is not None for row in rows[: len(ranked)])
    for index, row in enumerate(ranked):
        assert row.rank <= index + 1
        if index:
            before = ranked[index - 1]
            if row.rank == before.rank:
                assert row.shared_rank and before.shared_rank
            else:
                assert row.rank == index + 1  # after a shared place, places are skipped
    for row in rows:
        assert (row.rank is None) == (
            row.rounds < rule.min_rounds or (rule.rule == "average" and row.rounds == 0)
        )


@SETTINGS
@given(results_strategy, rules_strategy)
def test_sums_are_the_points_of_the_counted_evenings(results, rule):
    rows = rank_season(results, NAMES, rule)
    assert sum(row.total for row in rows) == sum(r.points for r in results)
    assert sum(row.rounds for row in rows) == sum(r.rounds for r in results)
    for row in rows:
        per_evening: dict[int, int] = {}
        for r in results:
            if r.member_id == row.member_id:
                per_evening[r.tournament_id] = per_evening.get(r.tournament_id, 0) + r.points
        assert row.evenings == len(per_evening)
        best = sorted(per_evening.values(), reverse=True)[: rule.best]
        assert row.points == (sum(best) if rule.rule == "best" else row.total)
