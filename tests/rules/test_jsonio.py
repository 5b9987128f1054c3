"""The logic of `manage.py score_game`: one record or a list in, §8 objects out."""

from __future__ import annotations

import json

from rules.hausregeln import ScoringOptions
from rules.hausregeln.jsonio import dumps, score_document

H15 = {
    "table_size": 5,
    "sitting_out": 5,
    "kind": "normal",
    "re": [1, 2],
    "augen_re": 130,
    "statements": [{"party": "re", "call": "re"}],
}


def test_one_record_gives_one_object() -> None:
    output, refused = score_document(json.dumps(H15))
    assert refused is False
    assert output == {
        "points": {"1": 2, "2": 2, "3": -2, "4": -2, "5": 0},
        "plus": [1, 2],
        "value": 2,
        "winner": "re",
        "breakdown": [["120", 1], ["Re", 1]],
        "warnings": [],
        "bock": 1,
    }


def test_a_list_keeps_its_order_and_marks_refusals() -> None:
    text = json.dumps(
        [
            H15,
            {"kind": "normal", "re": [1, 3], "augen_re": "130"},
            3,
            {"kind": "normal", "winners": [1, 4], "value": 3},
        ]
    )
    output, refused = score_document(text)
    assert refused is True
    assert isinstance(output, list) and len(output) == 4
    assert output[0]["value"] == 2
    assert output[1] == {
        "error": {
            "field": "augen_re",
            "message": '„augen_re“ muss eine ganze Zahl sein, nicht "130"',
        }
    }
    assert output[2]["error"]["field"] is None
    assert "JSON-Objekt" in output[2]["error"]["message"]
    assert output[3]["points"] == {"1": 3, "2": -3, "3": -3, "4": 3}
    assert output[3]["winner"] is None and output[3]["breakdown"] == []


def test_empty_list() -> None:
    assert score_document("[]") == ([], False)


def test_invalid_json_names_line_and_column() -> None:
    output, refused = score_document('{\n  "kind": "normal",\n  "re": [1 2]\n}')
    assert refused is True
    assert output == {
        "error": {
            "field": None,
            "message": "Kein gültiges JSON: „,“ erwartet (Zeile 3, Spalte 12)",
        }
    }
    english, _ = score_document("{", lang="en")
    assert english["error"]["message"].startswith("Not valid JSON:")
    assert "line 1, column 2" in english["error"]["message"]


def test_nan_is_not_json() -> None:
    output, refused = score_document('{"kind": "normal", "re": [1, 2], "augen_re": NaN}')
    assert refused
    assert output["error"]["field"] is None
    assert "NaN" in output["error"]["message"]


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    output, refused = score_document("[" * 100_000 + "]" * 100_000)
    assert refused
    assert output["error"]["field"] is None


def test_english_output_and_options() -> None:
    record = {"kind": "normal", "re": [1, 2], "augen_re": 3}
    output, refused = score_document(json.dumps(record), ScoringOptions(deck=48), lang="en")
    assert not refused
    assert ["below 90", 1] in output["breakdown"]
    output, refused = score_document(json.dumps(record), lang="en")
    assert refused and "40 cards" in output["error"]["message"]


def test_dumps_is_valid_json_and_keeps_umlauts() -> None:
    output, _ = score_document(json.dumps([H15, {"kind": "x"}]))
    text = dumps(output)
    assert json.loads(text) == output
    assert "„" in text
    assert json.loads(dumps(output[0])) == output[0]
    assert dumps([]) == "[]"
