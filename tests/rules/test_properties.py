"""Properties that hold for every valid record, and robustness on arbitrary input."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.hausregeln import (
    EntryMethod,
    Party,
    RecordError,
    ScoringOptions,
    parse_record,
    score_game,
)
from rules.hausregeln.vocabulary import KIND_BY_VALUE, ONE_RE_KINDS
from tests.examples import examples
from tests.rules.strategies import (
    calculator_records,
    json_values,
    options_strategy,
    quick_entries,
    revoke_records,
    scenarios,
)

SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def active_seats(record: dict[str, Any]) -> list[int]:
    table_size = record.get("table_size", 4)
    return [s for s in range(1, table_size + 1) if s != record.get("sitting_out")]


@SETTINGS
@given(scenarios())
def test_calculator_results_sum_to_zero(scenario: tuple[dict[str, Any], ScoringOptions]) -> None:
    record, options = scenario
    result = score_game(record, options)
    table_size = record.get("table_size", 4)
    assert set(result.points) == set(range(1, table_size + 1))
    assert sum(result.points.values()) == 0
    if record.get("sitting_out") is not None:
        assert result.points[record["sitting_out"]] == 0
    assert sum(item.points for item in result.breakdown) == result.value
    assert result.plus == tuple(sorted(s for s, p in result.points.items() if p > 0))
    assert result.method is EntryMethod.CALCULATOR
    output = result.to_json()
    assert sum(p for _, p in output["breakdown"]) == output["value"]
    assert len(output["breakdown"]) == len(result.to_json("en")["breakdown"])


@SETTINGS
@given(scenarios())
def test_payout_shape(scenario: tuple[dict[str, Any], ScoringOptions]) -> None:
    record, options = scenario
    result = score_game(record, options)
    re_seats = record["re"]
    opponents = [s for s in active_seats(record) if s not in re_seats]
    opponent_points = {result.points[s] for s in opponents}
    assert len(opponent_points) == 1
    (each,) = opponent_points
    if KIND_BY_VALUE[record["kind"]] in ONE_RE_KINDS:
        assert result.points[re_seats[0]] == -3 * each
    else:
        assert {result.points[s] for s in re_seats} == {-each}
    if result.winner is not None:
        sign = 1 if result.winner is Party.RE else -1
        assert result.points[re_seats[0]] * sign == result.value * (3 if len(re_seats) == 1 else 1)
    else:
        assert result.value >= 0
        assert abs(each) == result.value


@SETTINGS
@given(scenarios(), st.data())
def test_seat_permutation_permutes_points(
    scenario: tuple[dict[str, Any], ScoringOptions], data: st.DataObject
) -> None:
    record, options = scenario
    table_size = record.get("table_size", 4)
    seats = list(range(1, table_size + 1))
    image = data.draw(st.permutations(seats))
    sigma = dict(zip(seats, image, strict=True))
    moved = copy.deepcopy(record)
    moved["re"] = [sigma[s] for s in record["re"]]
    if record.get("sitting_out") is not None:
        moved["sitting_out"] = sigma[record["sitting_out"]]
    before = score_game(record, options)
    after = score_game(moved, options)
    assert after.points == {sigma[s]: p for s, p in before.points.items()}
    assert after.value == before.value
    assert after.breakdown == before.breakdown


@SETTINGS
@given(scenarios())
def test_quick_entry_reproduces_the_calculator(
    scenario: tuple[dict[str, Any], ScoringOptions],
) -> None:
    record, options = scenario
    result = score_game(record, options)
    assume(abs(result.value) <= 30)
    quick: dict[str, Any] = {
        "kind": record["kind"],
        "value": abs(result.value),
        "table_size": record.get("table_size", 4),
        "sitting_out": record.get("sitting_out"),
    }
    plus = list(result.plus) or list(record["re"])  # a game worth 0 may name either side
    if KIND_BY_VALUE[record["kind"]] in ONE_RE_KINDS:
        quick["re"] = record["re"]
        if not result.plus and result.value == 0:
            plus = list(record["re"])
    quick["winners"] = plus
    entered = score_game(quick, options)
    assert entered.method is EntryMethod.QUICK_ENTRY
    assert entered.points == result.points


@SETTINGS
@given(scenarios())
def test_direct_points_of_the_calculator_are_accepted(
    scenario: tuple[dict[str, Any], ScoringOptions],
) -> None:
    record, options = scenario
    result = score_game(record, options)
    assume(abs(result.value) <= 30)
    direct = {
        "points": result.to_json()["points"],
        "table_size": record.get("table_size", 4),
        "sitting_out": record.get("sitting_out"),
    }
    entered = score_game(direct, options)
    assert entered.method is EntryMethod.DIRECT_POINTS
    assert entered.points == result.points
    assert entered.plus == result.plus


@SETTINGS
@given(revoke_records(), st.data())
def test_revokes_sum_to_zero_and_permute(record: dict[str, Any], data: st.DataObject) -> None:
    result = score_game(record)
    assert sum(result.points.values()) == 0
    assert result.value is None and result.winner is None and result.breakdown == ()
    if record.get("sitting_out") is not None:
        assert result.points[record["sitting_out"]] == 0
    offender = record["revoke"]["offender"]
    assert result.points[offender] == -15
    assert sorted(result.points.values()).count(0) in (0, 1, 2, 3)
    # direct points accept every revoke result
    assert score_game({**record, "points": result.to_json()["points"]}).points == result.points
    table_size = record.get("table_size", 4)
    seats = list(range(1, table_size + 1))
    sigma = dict(zip(seats, data.draw(st.permutations(seats)), strict=True))
    moved = copy.deepcopy(record)
    moved["revoke"]["offender"] = sigma[offender]
    if "re" in record:
        moved["re"] = [sigma[s] for s in record["re"]]
    if record.get("sitting_out") is not None:
        moved["sitting_out"] = sigma[record["sitting_out"]]
    assert score_game(moved).points == {sigma[s]: p for s, p in result.points.items()}


@SETTINGS
@given(quick_entries())
def test_quick_entries_pay_the_winners(record: dict[str, Any]) -> None:
    result = score_game(record)
    assert sum(result.points.values()) == 0
    assert result.value == record["value"]
    if record["value"]:
        assert list(result.plus) == sorted(record["winners"])
    else:
        assert result.plus == ()
    if KIND_BY_VALUE[record["kind"]] not in ONE_RE_KINDS:
        assert result.winner is None


@SETTINGS
@given(options_strategy, st.data())
def test_parsing_is_stable(options: ScoringOptions, data: st.DataObject) -> None:
    """Parsing a valid record twice gives equal records (frozen, hashable where it can be)."""
    record = data.draw(calculator_records(options.deck))
    assert parse_record(record, options) == parse_record(copy.deepcopy(record), options)


@settings(max_examples=examples(500), deadline=None)
@given(json_values, options_strategy)
def test_arbitrary_input_raises_only_record_error(value: Any, options: ScoringOptions) -> None:
    try:
        result = score_game(value, options)
    except RecordError as error:
        assert error.message("de") and error.message("en")
    else:
        assert sum(result.points.values()) == 0


def _mutate(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    mutated = copy.deepcopy(record)
    containers: list[Any] = [mutated]
    stack: list[Any] = [mutated]
    while stack:
        current = stack.pop()
        children = current.values() if isinstance(current, dict) else current
        for child in children:
            if isinstance(child, dict | list):
                containers.append(child)
                stack.append(child)
    target = data.draw(st.sampled_from(containers))
    if isinstance(target, dict):
        if not target:
            target[data.draw(st.text(max_size=8))] = data.draw(json_values)
            return mutated
        key = data.draw(st.sampled_from(sorted(target, key=str)))
        action = data.draw(st.sampled_from(["delete", "replace", "add"]))
        if action == "delete":
            del target[key]
        elif action == "replace":
            target[key] = data.draw(json_values)
        else:
            target[data.draw(st.text(max_size=8))] = data.draw(json_values)
    elif target:
        index = data.draw(st.integers(0, len(target) - 1))
        action = data.draw(st.sampled_from(["delete", "replace", "duplicate"]))
        if action == "delete":
            del target[index]
        elif action == "replace":
            target[index] = data.draw(json_values)
        else:
            target.append(copy.deepcopy(target[index]))
    else:
        target.append(data.draw(json_values))
    return mutated


@settings(max_examples=examples(500), deadline=None)
@given(scenarios(), st.data())
def test_mutated_records_raise_only_record_error(
    scenario: tuple[dict[str, Any], ScoringOptions], data: st.DataObject
) -> None:
    record, options = scenario
    mutated = _mutate(record, data)
    try:
        result = score_game(mutated, options)
    except RecordError as error:
        assert error.message()
        assert error.field is None or isinstance(error.field, str)
    else:
        assert sum(result.points.values()) == 0
