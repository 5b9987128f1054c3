"""Every refusal of DDV.md §9.8 (sheets) names its field and says why, in German and English."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rules.ddv.errors import DdvRefused
from rules.ddv.sheet import score_round

N = {"kind": "normal", "re": [1, 2], "augen_re": 130}


def with_(base: dict, **changes) -> dict:
    record = dict(base)
    record.update(changes)
    return record


# ------------------------------------------------------------------------------- sheets (§9.8)
EXAMPLES = json.loads(Path(__file__).with_name("ddv-examples.json").read_text(encoding="utf-8"))
RD1 = EXAMPLES["rounds"][0]["sheet"]  # Pflichtsoli in games 3, 8, 14, 20
RD2 = EXAMPLES["rounds"][1]["sheet"]  # Vorführungen in games 21–24


def sheet_with(base: dict, index: int | None = None, row: dict | None = None, **fields) -> dict:
    sheet = copy.deepcopy(base)
    if index is not None:
        if row is None:
            del sheet["rows"][index:]
        else:
            sheet["rows"][index] = row
    sheet.update(fields)
    return sheet


Q = {"kind": "normal", "winners": [1, 2], "value": 1}
FIVE_ROW = {"kind": "normal", "re": [1, 2], "augen_re": 130, "table_size": 5}

SHEET_REFUSALS = [
    (
        "unknown kind on direct points",
        sheet_with(RD1, 0, {"kind": "solo_karo", "points": {"1": 1, "2": 1, "3": -1, "4": -1}}),
        "rows[0].kind",
    ),
    ("a record refusal inside a row", sheet_with(RD1, 1, with_(N, augen_re=1)), "rows[1].augen_re"),
    ("a row not an object", sheet_with(RD1, 1, [1]), "rows[1]"),
    (
        "kind missing on direct points",
        sheet_with(RD1, 0, {"points": {"1": 1, "2": 1, "3": -1, "4": -1}}),
        "rows[0].kind",
    ),
    (
        "table size differs",
        sheet_with(RD1, 0, with_(Q, table_size=5, sitting_out=1)),
        "rows[0].table_size",
    ),
    ("dealer wrong", sheet_with(RD1, 3, with_(RD1["rows"][3], dealer=4)), "rows[3].dealer"),
    (
        "dealer not a number",
        sheet_with(RD1, 3, with_(RD1["rows"][3], dealer="3")),
        "rows[3].dealer",
    ),
    (
        "sitting out not the dealer",
        {"table_size": 5, "finished": False, "rows": [with_(FIVE_ROW, sitting_out=3)]},
        "rows[0].sitting_out",
    ),
    (
        "solo_mode missing",
        sheet_with(RD1, 2, {"kind": "solo_damen", "re": [2], "winners": [2], "value": 3}),
        "rows[2].solo_mode",
    ),
    (
        "Vorführung by the wrong seat",
        sheet_with(RD2, 20, with_(RD2["rows"][20], re=[3], winners=[3])),
        "rows[20].solo_mode",
    ),
    ("Normalspiel when a Vorführung is due", sheet_with(RD2, 20, Q), "rows[20].solo_mode"),
    (
        "Vorführung not due",
        sheet_with(RD1, 2, with_(RD1["rows"][2], solo_mode="vorfuehrung")),
        "rows[2].solo_mode",
    ),
    (
        "second Pflichtsolo",
        sheet_with(
            RD1,
            4,
            {"kind": "solo_pik", "re": [2], "winners": [2], "value": 1, "solo_mode": "pflicht"},
        ),
        "rows[4].solo_mode",
    ),
    (
        "Lustsolo before the Pflichtsolo",
        sheet_with(RD1, 2, with_(RD1["rows"][2], solo_mode="lust")),
        "rows[2].solo_mode",
    ),
    (
        "team pattern for a solo",
        sheet_with(
            RD1,
            2,
            {
                "kind": "solo_damen",
                "re": [2],
                "solo_mode": "pflicht",
                "points": {"1": 1, "2": 1, "3": -1, "4": -1},
            },
        ),
        "rows[2].points",
    ),
    (
        "solo pattern for a team kind",
        sheet_with(RD1, 0, {"kind": "normal", "points": {"1": 3, "2": -1, "3": -1, "4": -1}}),
        "rows[0].points",
    ),
    (
        "soloist not the 3× seat",
        sheet_with(
            RD1,
            2,
            {
                "kind": "solo_damen",
                "re": [2],
                "solo_mode": "pflicht",
                "points": {"1": 9, "2": -3, "3": -3, "4": -3},
            },
        ),
        "rows[2].points",
    ),
    (
        "direct solo without soloist",
        sheet_with(
            RD1,
            2,
            {
                "kind": "solo_damen",
                "solo_mode": "pflicht",
                "points": {"1": -3, "2": 9, "3": -3, "4": -3},
            },
        ),
        "rows[2].re",
    ),
    ("a game beyond the round", sheet_with(RD2, None, rows=[*RD2["rows"], Q]), "rows[24]"),
    ("a Normalspiel after time is up", sheet_with(RD1, 6, time_up_after=5), "rows[5]"),
    ("games_per_round below the seats", sheet_with(RD1, games_per_round=3), "games_per_round"),
    ("games_per_round not a number", sheet_with(RD1, games_per_round="24"), "games_per_round"),
    ("time_up_after beyond the round", sheet_with(RD1, time_up_after=25), "time_up_after"),
    ("time_up_after negative", sheet_with(RD1, time_up_after=-1), "time_up_after"),
    ("time_up_after beyond the sheet", sheet_with(RD1, 10, time_up_after=12), "time_up_after"),
    ("finished with too few games", sheet_with(RD1, 23), "rows"),
    ("finished with a Pflichtsolo missing", sheet_with(RD1, 10, time_up_after=10), "rows"),
    ("finished not a boolean", sheet_with(RD1, finished="ja"), "finished"),
    ("rows not a list", sheet_with(RD1, rows={"0": Q}), "rows"),
    ("unknown sheet field", sheet_with(RD1, tisch=3), "tisch"),
    ("table of three", sheet_with(RD1, table_size=3), "table_size"),
    ("sheet not an object", [RD1], None),
]


@pytest.mark.parametrize(
    ("sheet", "field"),
    [(sheet, field) for _name, sheet, field in SHEET_REFUSALS],
    ids=[name for name, _sheet, _field in SHEET_REFUSALS],
)
def test_a_bad_sheet_is_refused_naming_the_field(sheet, field) -> None:
    with pytest.raises(DdvRefused) as refused:
        score_round(sheet)
    assert refused.value.field == field
    assert refused.value.message("de") != refused.value.message("en")


def test_the_vorfuehrung_message_names_the_seat() -> None:
    with pytest.raises(DdvRefused) as refused:
        score_round(sheet_with(RD2, 20, Q))
    assert refused.value.message() == "Vorführung: Platz 2 muss jetzt sein Pflichtsolo spielen."


def test_a_sheet_in_progress_skips_the_end_of_round_checks() -> None:
    out = score_round(sheet_with(RD1, 10, finished=False, time_up_after=11))
    assert out["games"] == 10
    assert out["pflichtsolo"] == {"1": None, "2": 3, "3": None, "4": 8}
