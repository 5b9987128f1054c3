"""The count-down rulesets behind the rows interface (rules.rows) and the outputs (rules.base)."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.countdown.partie import partie_points
from rules.countdown.round import play_round
from rules.rows import DEAL, RowResult, SheetResult
from rules.standings import STANDINGS_VALUES
from tests.rules.countdown.examples import ids, of_kind

KEYS = ("24", "zwanzig", "20ab")
ROUNDS = [case for case in of_kind("round") if "refused" not in case["expect"]]
REFUSED_ROUNDS = [case for case in of_kind("round") if "refused" in case["expect"]]


def _flat(case: dict[str, Any]) -> list[Any]:
    return [record for partie in case["parties"] for record in partie]


@pytest.mark.parametrize("case", ROUNDS, ids=ids(ROUNDS))
def test_every_round_example_through_score_sheet_equals_play_round(case: dict[str, Any]) -> None:
    ruleset = rules.get(case["game"])
    options = ruleset.options(case["options"])
    sheet = ruleset.score_sheet(
        _flat(case), case["players"], case["cycles"], options, stopped=case["stopped"]
    )
    played = play_round(
        case["game"],
        case["options"],
        case["players"],
        case["parties"],
        case["cycles"],
        case["stopped"],
    )
    assert isinstance(sheet, SheetResult) and sheet.ok
    assert sheet.complete == played.complete
    # The row points are the Partiepunkte of the Parties the rows end; their sum is the table's.
    expected = {seat: row["partiepunkte"] for seat, row in played.totals().items()}
    assert sheet.totals == expected
    summed = dict.fromkeys(expected, 0)
    for row in sheet.rows:
        assert row.kind == DEAL and row.counted
        for seat, points in row.points.items():
            summed[seat] += points
        assert dict(row.totals) == summed
    assert summed == expected
    # Every counted Partie ends on exactly one row, with its winners and final scores.
    ends = [row for row in sheet.rows if row.winner in ("ende", "abbr")]
    counted = [partie for partie in played.parties if partie.counted]
    assert len(ends) == len(counted)
    for row, partie in zip(ends, counted, strict=True):
        assert list(row.plus) == partie.winners
        assert ruleset.partie_end(row.winner, row.breakdown) == partie.scores
        assert dict(row.points) == partie_points(partie.scores)
    # Partie numbers and labels follow the records: deal 1 opens the next Partie.
    partie = 0
    for number, (row, record) in enumerate(zip(sheet.rows, _flat(case), strict=True), start=1):
        partie += record["deal"] == 1
        assert row.partie == partie
        assert row.label == f"Spiel {number} · Partie {partie}"


@pytest.mark.parametrize("case", REFUSED_ROUNDS, ids=ids(REFUSED_ROUNDS))
def test_a_refused_round_example_is_a_row_refusal_and_never_complete(case: dict[str, Any]) -> None:
    ruleset = rules.get(case["game"])
    sheet = ruleset.score_sheet(
        _flat(case), case["players"], case["cycles"], ruleset.options(case["options"])
    )
    if sheet.ok:  # a refusal of the Parties' grouping (parties[k]) a flat sheet cannot make
        assert case["expect"]["refused"].count(".") == 0
        return
    issue = sheet.issues[0]
    assert not sheet.complete and issue.message
    refused = next(row for row in sheet.rows if row.refused)
    assert refused.number == issue.row and refused.points == {} and not refused.counted


@pytest.mark.parametrize(
    ("number", "row", "before", "label"),
    [
        (1, {"deal": 1}, [], "Spiel 1 · Partie 1"),
        (2, {"deal": 2}, [{"deal": 1}], "Spiel 2 · Partie 1"),
        (4, {"deal": 1}, [{"deal": 1}, {"deal": 2}, {"deal": 3}], "Spiel 4 · Partie 2"),
        (
            5,
            {"deal": 2},
            [{"deal": 1}, {"deal": 2}, {"deal": 3}, {"deal": 1}],
            "Spiel 5 · Partie 2",
        ),
        (3, None, [{"deal": 1}, {"deal": 2}], "Spiel 3"),
    ],
)
def test_row_labels_name_the_deal_in_the_round_and_its_partie(
    number: int, row: Any, before: list[Any], label: str
) -> None:
    for key in KEYS:
        ruleset = rules.get(key)
        assert ruleset.row_label(number, row, before) == label
        assert ruleset.row_kind(row or {}) == DEAL


def test_a_deal_scored_on_its_own_gives_the_changes_and_the_scores_after() -> None:
    zwanzig = rules.get("zwanzig")
    row = {
        "scores_before": {"1": 20, "2": 20, "3": 20, "4": 20},
        "record": {"deal": 1, "dealer": 4, "trump": "herz", "tricks": {"1": 2, "2": 2, "3": 1}},
    }
    row["record"]["tricks"]["4"] = 0
    result = zwanzig.score_row(row, zwanzig.options())
    assert isinstance(result, RowResult) and result.kind == DEAL
    assert result.points == {1: -4, 2: -4, 3: -2, 4: 10}
    assert result.totals == {1: 16, 2: 16, 3: 18, 4: 30}
    assert zwanzig.game_type_label(result.game_type) == "Herz"
    assert zwanzig.game_type_label(result.game_type, "en") == "Hearts"
    assert zwanzig.breakdown_label("stand.2") == "Stand Platz 2"


def test_the_sheet_pages_extra_keys_are_taken_off_where_they_say_what_the_sheet_knows() -> None:
    zwanzig = rules.get("zwanzig")
    rows = [
        {"deal": 1, "dealer": 1, "trump": "karo", "table_size": 5, "sitting_out": 1},
        {"deal": 2, "dealer": 2, "table_size": 4},
    ]
    assert zwanzig.complete_rows(rows, 5) == [
        {"deal": 1, "dealer": 1, "trump": "karo"},
        {"deal": 2, "dealer": 2, "table_size": 4},
    ]


def test_the_entry_spec_is_the_deal_form_of_the_contract() -> None:
    spec = rules.get("24").entry_spec(4)
    deal = spec.form("deal")
    assert deal is not None
    names = spec.field_names()
    for name in ("dealer", "caller", "trump", "blind", "out1", "out4", "t1", "t4", "record"):
        assert name in names
    assert [value for value, _label in spec.choices("trump")] == ["gelb", "rot", "blau", "gruen"]
    assert spec.field("t3").bounds == (0, 6)
    assert spec.input_of("tricks.3") == "record"
    zwanzig = rules.get("zwanzig").entry_spec(5, "en")
    assert "blind" not in zwanzig.field_names() and zwanzig.field("t5").bounds == (0, 5)
    assert dict(zwanzig.choices("trump"))["herz"] == "Hearts"


def test_the_outputs_name_only_values_the_standings_compute() -> None:
    for key in KEYS:
        ruleset = rules.get(key)
        columns = ruleset.standings_columns()
        assert {column.value for column in columns} <= set(STANDINGS_VALUES)
        assert [c.key for c in columns if c.emphasis] == ["total"]
        assert {value for _name, value in ruleset.standings_api_fields()} <= set(STANDINGS_VALUES)
        assert ruleset.standings_order() == ("total", "games_won", "rest", "latest_round")
        assert ruleset.legend(ruleset.options())
        assert ruleset.course(2, 6)[0][1].params["four"] == 24


def test_the_printed_sheet_draws_a_rule_after_each_partie_the_rows_ended() -> None:
    case = next(case for case in ROUNDS if case["game"] == "24" and len(case["parties"]) > 1)
    ruleset = rules.get("24")
    size, cycles = case["players"], case["cycles"]
    options = ruleset.options(case["options"])
    rows = _flat(case)
    printed = ruleset.printed_sheet(size, size * cycles, options, rows)
    assert len(printed.rows) == size * cycles
    ruled = [row.number for row in printed.rows if row.rule_after]
    ends = [row.number for row in ruleset.score_sheet(rows, size, cycles, options).rows if row.plus]
    finished = sum(1 for partie in case["parties"] if partie) - (0 if ends else 1)
    assert ruled and set(ruled) <= set(ends) and len(ruled) >= finished - 1
    assert [column.key for column in printed.seat] == ["tricks", "stand"]
    blank = ruleset.printed_sheet(size, size * cycles, options)
    assert not any(row.rule_after for row in blank.rows)


def test_the_english_of_the_outputs_is_the_rulesets_own() -> None:
    ruleset = rules.get("20ab")
    for column in ruleset.standings_columns():
        for header in column.headers.values():
            assert ruleset.text(header.german, "en") != header.german or header.german in {
                "Name",
                "Platz",
                "Verein",
                "PP",
                "Rest",
            }


@pytest.mark.parametrize(
    ("winner", "breakdown", "scores"),
    [
        ("ende", [["stand.1", -2], ["stand.2", 7], ["stand.3", 30]], {1: -2, 2: 7, 3: 30}),
        ("abbr", [["stand.1", 4], ["stand.2", 9]], {1: 4, 2: 9}),
        ("void", [["stand.1", 4], ["stand.2", 9]], None),
        ("", [["stand.1", 4], ["stand.2", 9]], None),
        ("ende", [["stand.x", 4], [1, 2], ["stand.2", "9"], ["stand.3"]], None),
    ],
)
def test_a_stored_row_names_the_final_scores_only_when_it_ends_a_counted_partie(
    winner: str, breakdown: list[Any], scores: dict[int, int] | None
) -> None:
    assert rules.get("24").partie_end(winner, breakdown) == scores
    assert rules.get("hausregeln").partie_end(winner, breakdown) is None


def _legend_words(key: str, **options: Any) -> list[str]:
    ruleset = rules.get(key)
    legend = ruleset.legend(ruleset.options(options))
    return [
        (line.what.german % line.what.params if line.what.params else line.what.german)
        + (f" {line.points.german}" if line.points else "")
        for line in legend
    ]


def test_the_printed_legend_holds_the_rules_a_table_needs_without_the_phone() -> None:
    zwanzig = _legend_words("zwanzig")
    assert "bei Karo darf niemand aussteigen" in zwanzig
    assert "alle außer dem Ansager aus: Ansager −5 (bei Herz −10)" in zwanzig
    assert any(
        line.startswith("ab Nr. 9 in der Partie (Dreiertisch 7, Fünfertisch 11)")
        for line in zwanzig
    )
    assert "Gleichstand unter 0: weiterspielen" in zwanzig
    assert "Ansager: links vom Geber; er steigt nie aus" in zwanzig
    # 20 ab: the caller is on the right, Karo forbids nothing, no Herz phase, no doubling.
    ab = _legend_words("20ab", drop_out_limit=3)
    assert "Ansager: rechts vom Geber; er steigt nie aus" in ab
    assert "höchstens 3-mal aussteigen je Partie" in ab
    assert "alle außer dem Ansager aus: Ansager −5" in ab
    assert not any("Karo" in line or "Herz" in line for line in ab)
    assert "Gleichstand ganz unten: geteilter Sieg" in _legend_words("20ab", tie="share")
    # "24": two must play, so no "alle außer dem Ansager"; ties share the win.
    vierundzwanzig = _legend_words("24", aussteigen=True)
    assert "der Ansager steigt nie aus; mindestens zwei spielen" in vierundzwanzig
    assert "Gleichstand ganz unten: geteilter Sieg" in vierundzwanzig
    assert not any("alle außer" in line for line in vierundzwanzig)
    assert "Aussteigen gibt es nicht (nur mit Variante b)" in _legend_words("24")


@pytest.mark.parametrize(("key", "callers"), [("24", [2, 3, 4, 1]), ("20ab", [4, 1, 2, 3])])
def test_the_printed_sheet_names_each_deals_ansager_and_prints_minus_signs(
    key: str, callers: list[int]
) -> None:
    ruleset = rules.get(key)
    printed = ruleset.printed_sheet(4, 8, ruleset.options())
    assert [column.key for column in printed.lead][:4] == ["row", "deal", "dealer", "caller"]
    assert [row.caller for row in printed.rows[:4]] == callers
    cells = ruleset.sheet_cells({"deal": 1}, {"breakdown": [["stand.1", -3], ["stand.2", 4]]})
    assert (cells["stand.1"], cells["stand.2"]) == ("−3", "4")
