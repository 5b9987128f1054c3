"""The count-down games behind the ruleset interface (rules.base): registry, table, sheet,
options, rules text, standings order, scoring a row, a sheet and a document."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from rules.base import STANDINGS_METRICS, Ruleset
from rules.countdown import CountdownOptions, DealResult, Refusal, play_round
from rules.countdown.standings import STANDINGS_ORDER
from tests.rules.countdown.examples import ids, matches, of_kind

KEYS = ("24", "zwanzig", "20ab")


def test_the_three_games_are_registered_beside_the_house_rules() -> None:
    assert rules.known_keys() == ["hausregeln", "20ab", "24", "ddv", "zwanzig"]
    for key in KEYS:
        ruleset = rules.get(key)
        assert isinstance(ruleset, Ruleset)
        assert ruleset.key == key
    assert [rules.get(key).label for key in KEYS] == ["24", "Zwanzig", "20 ab"]


@pytest.mark.parametrize("key", KEYS)
def test_the_evening_seats_three_to_five_and_seat_1_keeps_the_list(key: str) -> None:
    ruleset = rules.get(key)
    assert ruleset.table_sizes == (3, 4, 5)
    for size in (3, 4, 5):
        assert ruleset.list_keeper_seat(size) == 1
        assert ruleset.sheet_length(size, 6) == 6 * size
        assert ruleset.sheet_length(size, 2) == 2 * size


@pytest.mark.parametrize("key", KEYS)
def test_the_deal_passes_to_the_left_on_every_row(key: str) -> None:
    ruleset = rules.get(key)
    assert [ruleset.dealer(row, 4) for row in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert [ruleset.dealer(row, 3) for row in range(1, 5)] == [1, 2, 3, 1]
    assert [ruleset.sitter(row, 4) for row in range(1, 5)] == [None] * 4
    assert [ruleset.sitter(row, 3) for row in range(1, 5)] == [None] * 4


def test_at_five_the_dealer_sits_out_in_zwanzig_and_20ab_only() -> None:
    for key in ("zwanzig", "20ab"):
        assert [rules.get(key).sitter(row, 5) for row in range(1, 8)] == [1, 2, 3, 4, 5, 1, 2]
    assert [rules.get("24").sitter(row, 5) for row in range(1, 8)] == [None] * 7


def test_complete_rows_adds_nothing_to_a_closed_record() -> None:
    rows = [{"deal": 1, "dealer": 1, "trump": "pik", "tricks": {"2": 5}}, "x"]
    assert rules.get("zwanzig").complete_rows(rows, 5) == rows


def test_options_round_trip_with_the_contracts_defaults() -> None:
    vier = rules.get("24")
    assert vier.options({}) == CountdownOptions("24")
    assert vier.options_json(vier.options({})) == {
        "trumpfwechsel": False,
        "eigentrumpf": True,
        "aussteigen": False,
        "punktgrenzen": False,
    }
    # Eigentrumpf off by default with variant a; an explicit value wins (D7).
    assert vier.options({"trumpfwechsel": True}).eigentrumpf is False
    assert vier.options({"trumpfwechsel": True, "eigentrumpf": True}).eigentrumpf is True
    ab = rules.get("20ab")
    assert ab.options_json(ab.options({})) == {
        "start": 20,
        "no_drop_out_at_or_below": 5,
        "drop_out_limit": 5,
        "tie": "play_on",
    }
    for key, data in [("24", {"aussteigen": True}), ("20ab", {"start": 15, "tie": "share"})]:
        ruleset = rules.get(key)
        options = ruleset.options(data)
        assert ruleset.options(ruleset.options_json(options)) == options
    assert rules.get("zwanzig").options_json(rules.get("zwanzig").options()) == {}


@pytest.mark.parametrize(
    ("key", "data", "field"),
    [
        ("zwanzig", {"tie": "share"}, "options.tie"),
        ("24", {"aussteigen": "ja"}, "options.aussteigen"),
        ("20ab", {"start": 51}, "options.start"),
        ("20ab", {"start": 12, "no_drop_out_at_or_below": 12}, "options.no_drop_out_at_or_below"),
    ],
)
def test_bad_options_are_a_value_error_naming_the_option(key, data, field) -> None:
    with pytest.raises(ValueError) as raised:
        rules.get(key).options(data)
    assert isinstance(raised.value, Refusal)
    assert raised.value.field == field


def test_option_specs_have_german_labels_and_english_texts() -> None:
    vier = rules.get("24")
    assert [spec.name for spec in vier.option_specs()] == [
        "trumpfwechsel",
        "eigentrumpf",
        "aussteigen",
        "punktgrenzen",
    ]
    assert vier.option_specs()[0].label == "Variante a: Trumpfwechsel durch „2“"
    assert vier.text(vier.option_specs()[0].label, "en") == "Variant a: trump change with a '2'"
    assert rules.get("zwanzig").option_specs() == ()
    ab = rules.get("20ab")
    for spec in ab.option_specs():
        assert ab.text(spec.label, "en") != spec.label
        for _value, label in spec.choices:
            assert ab.text(label, "en")
    assert ab.options_from_text(["start=15", "tie=share"]) == {"start": 15, "tie": "share"}
    with pytest.raises(ValueError, match="3, 4, 5"):
        ab.options_from_text(["drop_out_limit=6"])
    assert vier.options_from_text(["trumpfwechsel=true"]) == {"trumpfwechsel": True}


def test_the_rules_text_follows_the_options_in_force() -> None:
    vier = rules.get("24")
    plain = vier.describe_options(vier.options())
    assert any("Eigentrumpf ohne Stich" in line for line in plain)
    assert not any("Variante a" in line for line in plain)
    variants = vier.describe_options(vier.options({"trumpfwechsel": True, "aussteigen": True}))
    assert any("Variante a" in line for line in variants)
    assert any("Variante b" in line for line in variants)
    assert any("Kein Eigentrumpf" in line for line in variants)
    ab = rules.get("20ab")
    text = ab.describe_options(ab.options({"start": 15, "drop_out_limit": 3}))
    assert any("15 Punkten" in line for line in text)
    assert any("höchstens 3-mal" in line for line in text)
    english = ab.describe_options(ab.options({"tie": "share"}), "en")
    assert any("share the win" in line for line in english)
    assert any(
        "Herz" in line
        for line in rules.get("zwanzig").describe_options(rules.get("zwanzig").options())
    )


def test_the_standings_order_is_the_contracts_as_far_as_the_interface_knows_it() -> None:
    assert STANDINGS_ORDER == ("total", "games_won", "rest", "latest_round")
    for key in KEYS:
        order = rules.get(key).standings_order()
        assert set(order) <= set(STANDINGS_METRICS)
        assert list(order) == [m for m in STANDINGS_ORDER if m in STANDINGS_METRICS]


def test_a_row_scored_on_its_own_is_a_deal_from_its_scores_before() -> None:
    zwanzig = rules.get("zwanzig")
    row = {
        "scores_before": {"1": 20, "2": 20, "3": 20, "4": 20},
        "record": {
            "deal": 1,
            "dealer": 4,
            "trump": "herz",
            "tricks": {"1": 2, "2": 2, "3": 1, "4": 0},
        },
        "table_size": 4,
    }
    result = zwanzig.score_deal_item(row, zwanzig.options())
    assert isinstance(result, DealResult)
    assert result.points == {1: -4, 2: -4, 3: -2, 4: 10}
    with pytest.raises(Refusal) as raised:
        zwanzig.score_row({**row, "extra": 1}, zwanzig.options())
    assert raised.value.field == "extra"


def _flat(case: dict[str, Any]) -> list[Any]:
    return [record for partie in case["parties"] for record in partie]


def _refused_row(case: dict[str, Any]) -> int:
    """The sheet row of the contract's refused path (parties[k] or parties[k].records[i])."""
    path = case["expect"]["refused"]
    partie = int(path.split("]")[0].removeprefix("parties["))
    before = sum(len(p) for p in case["parties"][:partie])
    if ".records[" in path:
        return before + int(path.split(".records[")[1].split("]")[0]) + 1
    return before + 1


@pytest.mark.parametrize("case", of_kind("round"), ids=ids(of_kind("round")))
def test_round_examples_through_the_flat_sheet(case: dict[str, Any]) -> None:
    ruleset = rules.get(case["game"])
    options = ruleset.options(case["options"])
    rows = _flat(case)
    sheet = ruleset.countdown_sheet(rows, case["players"], case["cycles"], options, case["stopped"])
    expect = case["expect"]
    if "refused" in expect:
        assert not sheet.ok
        issue = sheet.issues[0]
        assert issue.game == _refused_row(case)
        assert issue.message("de") and issue.message("en")
        path = expect["refused"]
        if path.count(".") > 1:  # a field inside the record: the same field on the sheet
            assert issue.field == path.split(".", 2)[2]
        assert [row.counted for row in sheet.games] == [
            row.game < issue.game for row in sheet.games
        ]
        return
    assert sheet.ok
    assert matches(expect, sheet.round.to_json())
    assert sheet.totals == {seat: row["partiepunkte"] for seat, row in sheet.round.totals().items()}
    assert (
        sheet.round.to_json()
        == play_round(
            case["game"],
            case["options"],
            case["players"],
            case["parties"],
            case["cycles"],
            case["stopped"],
        ).to_json()
    )
    ends = [row.partie_end for row in sheet.games if row.partie_end is not None]
    assert len(ends) == sum(1 for partie in sheet.round.parties if partie.finished)


def test_a_row_after_the_round_is_over_is_refused_on_the_sheet() -> None:
    case = next(case for case in of_kind("round") if case["id"] == "RD-8")
    ruleset = rules.get("24")
    rows = [*_flat(case), {"deal": 1, "dealer": 3, "trump": "rot", "tricks": {"1": 6}}]
    sheet = ruleset.countdown_sheet(rows, 4, case["cycles"], ruleset.options())
    assert [(issue.game, issue.field, issue.code) for issue in sheet.issues] == [
        (7, None, "round_over")
    ]


def test_the_ruleset_scores_a_document_like_the_command() -> None:
    ruleset = rules.get("20ab")
    text = json.dumps({"players": 4, "records": [], "options": {"start": 30}})
    output, refused = ruleset.score_document(text, ruleset.options())
    assert refused is False
    assert json.loads(output)["scores"] == {"1": 30, "2": 30, "3": 30, "4": 30}


def test_an_imported_sheet_document_is_checked_as_a_round_and_flattened() -> None:
    from rules.countdown.sheet import rows_from_document

    case = next(case for case in of_kind("round") if case["id"] == "RD-7")
    options = rules.get("24").options()
    rows, stopped = rows_from_document(
        "24", options, 4, 3, {"parties": case["parties"], "stopped": True}
    )
    assert rows == _flat(case) and stopped is True
    bad = next(case for case in of_kind("round") if case["id"] == "RD-3")
    with pytest.raises(Refusal) as raised:
        rows_from_document("24", options, 4, 3, {"parties": bad["parties"]})
    assert raised.value.field == "parties[1].records[8]"
    for document, field in [([], None), ({"parties": [], "extra": 1}, "extra")]:
        with pytest.raises(Refusal) as raised:
            rows_from_document("24", options, 4, 3, document)
        assert raised.value.field == field
