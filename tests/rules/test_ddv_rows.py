"""The DDV ruleset through the interface's rows and sheets (rules.rows, rules.entry): the same
totals, dealers and warnings as ``score_round``, row kinds and labels, refusals with their code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.ddv.options import DdvOptions
from rules.ddv.sheet import score_round
from rules.entry import EntrySpec
from rules.rows import GAME, PENALTY, ROW_KINDS, RowResult, SheetResult
from tests.examples import examples
from tests.rules.test_ddv_round_properties import SETTINGS, rounds

DDV = rules.get("ddv")
EXAMPLES = json.loads(Path(__file__).with_name("ddv-examples.json").read_text(encoding="utf-8"))
ROUNDS = EXAMPLES["rounds"]
# The lengths of a round the options can say (§9.1): length at the table → games_per_round.
LENGTHS = {4: {24: 0, 12: 12}, 5: {30: 0, 10: 8}}

TEAM = {"kind": "normal", "winners": [1, 2], "value": 1}
PFLICHT = {"kind": "solo_damen", "re": [2], "winners": [2], "value": 3, "solo_mode": "pflicht"}
MINOR = {"kind": "normal", "penalty": {"offender": 3, "severity": "geringfuegig"}}
UNSPORTLICH = {"kind": "normal", "penalty": {"offender": 1, "severity": "unsportlich", "points": 5}}
NICHT_GESPIELT = {"kind": "normal", "penalty": {"offender": 2, "severity": "schwerwiegend"}}
ALS_GESPIELT = {
    "kind": "solo_pik",
    "re": [1],
    "solo_mode": "pflicht",
    "penalty": {"offender": 3, "severity": "schwerwiegend"},
}
BY_THE_SOLOIST = {
    "kind": "solo_pik",
    "re": [3],
    "solo_mode": "pflicht",
    "penalty": {"offender": 3, "severity": "schwerwiegend"},
}
STILL_UNKNOWN = {
    "kind": "stilles_solo",
    "re": [1],
    "penalty": {"offender": 3, "severity": "schwerwiegend", "solo_known": False},
}


def compare(sheet: dict[str, Any], options: DdvOptions) -> SheetResult:
    """``score_sheet`` and ``score_round`` agree row by row; the sheet result is returned."""
    size = sheet.get("table_size", 4)
    through = DDV.score_sheet(
        sheet["rows"], size, 4, options, time_up_after=sheet.get("time_up_after")
    )
    out = score_round(sheet, options)
    assert isinstance(through, SheetResult) and through.ok
    assert {str(seat): total for seat, total in through.totals.items()} == out["totals"]
    assert len(through.rows) == len(out["rows"])
    for row, scored, raw in zip(through.rows, out["rows"], sheet["rows"], strict=True):
        assert isinstance(row, RowResult)
        assert row.dealer == scored["dealer"]
        assert {str(seat): points for seat, points in row.points.items()} == scored["points"]
        assert list(row.plus) == scored["plus"]
        assert row.value == scored["value"]
        assert (row.winner or None) == scored["winner"]
        assert row.kind == (PENALTY if scored["game"] is None else GAME)
        if scored["game"] is None:
            assert row.label == "Strafe"
        else:
            penalty = " · Strafe" if raw.get("penalty") else ""
            assert row.label == f"Spiel {scored['game']}{penalty}"
    warnings = [
        {"field": f"rows[{number - 1}]", "message": warning.message}
        for number, warning in through.warnings
    ]
    assert warnings == out["warnings"]
    return through


@pytest.mark.parametrize("example", ROUNDS, ids=[r["id"] for r in ROUNDS])
def test_every_example_round_scores_the_same_through_the_interface(example: dict) -> None:
    through = compare(example["sheet"], DDV.options())
    assert through.complete and through.next_dealer is None and through.next_sitter is None
    assert [row.dealer for row in through.rows] == example["expected"]["dealers"]
    assert [row.label for row in through.rows] == [f"Spiel {n}" for n in range(1, 25)]
    assert DDV.played_rows(example["sheet"]["rows"]) == 24


def test_a_sheet_in_progress_names_the_next_dealer_after_a_pflichtsolo() -> None:
    rows = [TEAM, {**TEAM, "winners": [3, 4]}, PFLICHT]
    through = DDV.score_sheet(rows, 4, 4, DDV.options())
    assert not through.complete
    assert [row.dealer for row in through.rows] == [1, 2, 3]
    assert (through.next_dealer, through.next_sitter) == (3, None)
    assert through.next_dealer == DDV.dealer(4, 4, rows)


def test_a_five_player_sheet_names_the_next_sitter() -> None:
    rows = [{**TEAM, "winners": [2, 3]}]
    through = DDV.score_sheet(rows, 5, 4, DDV.options())
    assert through.rows[0].sitter == 1 and through.rows[0].points[1] == 0
    assert (through.next_dealer, through.next_sitter) == (2, 2)


def _drawn(seats: int):
    return rounds(seats).filter(lambda drawn: drawn[0]["games_per_round"] in LENGTHS[seats])


@settings(SETTINGS, max_examples=examples(60))
@given(st.one_of(_drawn(4), _drawn(5)))
def test_random_legal_rounds_score_the_same_through_the_interface(drawn) -> None:
    sheet, model = drawn
    size = sheet["table_size"]
    options = DdvOptions(games_per_round=LENGTHS[size][sheet["games_per_round"]])
    sheet = {**sheet, "games_per_round": None}
    through = compare(sheet, options)
    assert through.complete and through.next_dealer is None
    assert DDV.played_rows(sheet["rows"]) == model.games


# ---------------------------------------------------------------- row kinds and labels
KINDS = [
    ("team game", TEAM, GAME, "Spiel 2"),
    ("pflichtsolo", PFLICHT, GAME, "Spiel 2"),
    (
        "direct points",
        {"kind": "normal", "points": {"1": 1, "2": 1, "3": -1, "4": -1}},
        GAME,
        "Spiel 2",
    ),
    ("minor penalty", MINOR, PENALTY, "Strafe"),
    ("unsportlich", UNSPORTLICH, PENALTY, "Strafe"),
    ("schwerwiegend, nicht gespielt", NICHT_GESPIELT, PENALTY, "Strafe"),
    ("schwerwiegend in the solo, als gespielt", ALS_GESPIELT, GAME, "Spiel 2 · Strafe"),
    ("schwerwiegend by the soloist", BY_THE_SOLOIST, PENALTY, "Strafe"),
    ("stille Hochzeit not yet known", STILL_UNKNOWN, PENALTY, "Strafe"),
    (
        "stille Hochzeit known, als gespielt",
        {**STILL_UNKNOWN, "penalty": {**STILL_UNKNOWN["penalty"], "solo_known": True}},
        GAME,
        "Spiel 2 · Strafe",
    ),
    ("not a mapping", ["kind"], GAME, "Spiel 2"),
]


@pytest.mark.parametrize(
    ("row", "kind", "label"), [k[1:] for k in KINDS], ids=[k[0] for k in KINDS]
)
def test_row_kind_and_label(row: Any, kind: str, label: str) -> None:
    before = [TEAM, MINOR]  # one game and one penalty line before: the next game is game 2
    assert DDV.row_kind(row) == kind
    assert DDV.row_label(3, row, before) == label
    assert DDV.row_label(3, None, before) == "Spiel 2"
    assert DDV.row_label(3, row, before, "en") == label.replace("Spiel", "Game").replace(
        "Strafe", "penalty" if "·" in label else "Penalty"
    )


def test_penalty_lines_do_not_count_towards_the_round() -> None:
    rows = [TEAM, MINOR, UNSPORTLICH, NICHT_GESPIELT, {**TEAM, "winners": [3, 4]}]
    assert DDV.played_rows(rows) == 2
    through = DDV.score_sheet(rows, 4, 4, DDV.options())
    assert through.ok
    assert [row.kind for row in through.rows] == [GAME, PENALTY, PENALTY, PENALTY, GAME]
    assert [row.label for row in through.rows] == [
        "Spiel 1",
        "Strafe",
        "Strafe",
        "Strafe",
        "Spiel 2",
    ]
    # A penalty line carries the dealer of the game in progress; "nicht gespielt" deals again.
    assert [row.dealer for row in through.rows] == [1, 2, 2, 2, 2]
    assert through.rows[2].points == {1: -5, 2: 0, 3: 0, 4: 0}
    assert through.next_dealer == 3


def test_score_row_says_whether_a_penalty_is_the_game() -> None:
    assert DDV.score_row(MINOR, DDV.options()).kind == PENALTY
    played = DDV.score_row(ALS_GESPIELT, DDV.options())
    assert played.kind == GAME and played.points == {1: 12, 2: 0, 3: -12, 4: 0}
    assert played.value is None and played.method == "penalty" and played.soloist == 1


# ---------------------------------------------------------------- refusals and warnings
def test_a_refused_row_becomes_a_refusal_with_its_code_and_params() -> None:
    rows = [TEAM, {**TEAM, "dealer": 4}, {**PFLICHT, "solo_mode": "lust"}]
    through = DDV.score_sheet(rows, 4, 4, DDV.options(), "en")
    assert not through.ok
    assert [(r.row, r.field, r.code) for r in through.issues] == [
        (2, "dealer", "dealer_wrong"),
        (3, "solo_mode", "lust_before_pflicht"),
    ]
    refused = through.rows[1]
    assert refused.refused and not refused.counted and refused.points == {}
    assert refused.kind == GAME and refused.label == "Game 2" and refused.dealer == 2
    assert refused.refusals[0].params == {"game": 2, "dealer": 2, "got": 4}
    assert through.issues[1].message.startswith("Seat 2 has not played")
    assert through.totals == {1: 1, 2: 1, 3: -1, 4: -1}
    bad = through.issues[0]
    assert DDV.refusal_message(bad, "de", "Geber") == "Spiel 2: Geber ist Platz 2, nicht 4."
    field = DDV.score_sheet(
        [{"kind": "normal", "winners": [1, 9], "value": 1}], 4, 4, DDV.options()
    )
    issue = field.issues[0]
    assert issue.field.startswith("winners") and "Sieger" in DDV.refusal_message(
        issue, "de", "Sieger"
    )


def test_the_spielliste_warnings_sit_on_their_row() -> None:
    harms = {
        "kind": "solo_buben",
        "re": [1],
        "penalty": {"offender": 3, "severity": "geringfuegig", "harms_soloist": True},
    }
    through = DDV.score_sheet([TEAM, harms, TEAM, UNSPORTLICH], 4, 4, DDV.options())
    assert [(number, w.code) for number, w in through.warnings] == [(2, "warning_parity")]
    assert through.rows[1].warnings[0].message.startswith("Nach Zeile 2 sind die Summen")
    for code in ("warning_parity", "warning_row_sum"):
        for lang in ("de", "en"):
            text = DDV.warning_message(code, lang)
            assert text != code and "{" not in text
    assert "gerade" in DDV.warning_message("warning_parity")
    assert DDV.warning_message("unbekannt") == "unbekannt"


# ---------------------------------------------------------------- what the pages show
def test_entry_spec_speaks_ddv() -> None:
    spec = DDV.entry_spec(4)
    kinds = dict(spec.choices("kind"))
    assert kinds["solo_fleischlos"] == "Fleischloser" and "solo_kreuz" in kinds
    assert "normal" not in spec.solo_kinds and "hochzeit" not in spec.solo_kinds
    assert {"solo_damen", "hochzeit_allein", "stilles_solo"} <= set(spec.solo_kinds)
    assert spec.field("value").bounds == (0, 29)
    assert spec.field("offender") is None  # no Verwerfen under DDV (§7.3) ...
    assert spec.input_of("revoke.offender") == "offender"  # ... refused where it was typed
    assert [key for key, _label in spec.specials] == [
        "doppelkopf",
        "fuchs_gefangen",
        "charlie_am_end",
    ]
    # The penalty line and Pflicht/Lust/Vorführung are inputs of their own (DDV.md §6, §9.3).
    assert spec.input_of("penalty.offender") == "penalty_severity"
    assert spec.input_of("solo_mode") == "solo_mode"
    assert [form.key for form in spec.line_forms()] == ["penalty"]
    assert {entry.record_path for entry in spec.recorded_fields()} == {
        "solo_mode",
        "penalty.offender",
        "penalty.severity",
        "penalty.absagen",
        "penalty.points",
        "penalty.referee",
        "klaerungsstich",
        "penalty.solo_known",
    }
    # The Klärungsstich and a penalty's "solo known yet" are said at their own inputs.
    assert spec.input_of("klaerungsstich") == "klaerungsstich"
    assert spec.input_of("penalty.solo_known") == "penalty_solo_known"
    assert spec.field("penalty_solo_known").kind == "flag"
    assert [entry.name for entry in spec.recorded_fields() if entry.prefilled] == ["solo_mode"]
    assert [value for value, _label in spec.choices("solo_mode")] == [
        "pflicht",
        "lust",
        "vorfuehrung",
    ]
    assert spec.record_names["solo_mode"] == "Pflicht/Lust/Vorführung"
    assert spec.input_of("re") == "soloist" and spec.input_of("dealer") == "row"
    assert dict(DDV.entry_spec(5, "en").choices("kind"))["solo_damen"] == "Queens solo"


def test_labels_of_stored_rows() -> None:
    assert DDV.game_type_label("solo_damen") == "Damensolo"
    assert DDV.game_type_label("solo_damen", "en") == "Queens solo"
    assert DDV.game_type_label("") == DDV.game_type_label("quatsch") == ""
    assert DDV.breakdown_label("charlie_am_end") == "Karlchen"
    # The interface's LegendLine of texts (said in the language asked for).
    legend = [(line.what.german, line.points.german) for line in DDV.legend(DDV.options())]
    assert legend[0] == ("Gewonnen", "1") and ("Re / Kontra angesagt", "je 2") in legend
    english = DDV.legend(DDV.options(), "en")[0]
    assert (english.what.german, english.points.german) == ("Won", "1")


def test_every_registered_ruleset_implements_the_interface() -> None:
    for key in rules.known_keys():
        ruleset = rules.get(key)
        assert not getattr(type(ruleset), "__abstractmethods__", None), key
        options = ruleset.options()
        for size in ruleset.table_sizes:
            spec = ruleset.entry_spec(size)
            assert isinstance(spec, EntrySpec) and spec.table_size == size
            assert spec.forms and spec.field_names(), key
            empty = ruleset.score_sheet([], size, 4, options)
            assert isinstance(empty, SheetResult) and empty.ok and not empty.complete
            assert empty.next_dealer == ruleset.dealer(1, size, [])
            assert empty.next_sitter == ruleset.sitter(1, size, [])
        assert ruleset.row_kind({"kind": "normal"}) in ROW_KINDS
        assert ruleset.row_label(1, None, []).endswith("1")
        assert ruleset.played_rows([]) == 0


def test_after_time_is_called_the_sheet_is_complete_once_every_pflichtsolo_is_played() -> None:
    def vorfuehrung(seat: int) -> dict[str, Any]:
        return {"kind": "solo_pik", "re": [seat], "winners": [seat], "value": 1} | {
            "solo_mode": "vorfuehrung"
        }

    rows = [TEAM, TEAM, vorfuehrung(4), vorfuehrung(1), vorfuehrung(2), vorfuehrung(3)]
    for count in range(2, 6):
        part = DDV.score_sheet(rows[:count], 4, 4, DDV.options(), time_up_after=2)
        assert part.ok and not part.complete, count
    assert part.next_dealer == 2  # after a Vorführung the deal moves on
    done = DDV.score_sheet(rows, 4, 4, DDV.options(), time_up_after=2)
    assert done.ok and done.complete and done.next_dealer is None
    assert [row.dealer for row in done.rows] == [1, 2, 3, 4, 1, 2]
    assert not DDV.score_sheet(rows, 4, 4, DDV.options()).complete  # without time: 24 games
