"""Every case and sheet of the club options contract's clubrules-examples.json (CLUBRULES.md §7)
through the pure engine and through both commands (``score_game --ruleset hausregeln --options``,
``score_round --ruleset hausregeln --options``), refusals naming the field."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules.hausregeln import RecordError, ScoringOptions, score_game
from rules.hausregeln.jsonio import score_round

# A copy of the contract's ../shared/rules/clubrules-examples.json (unchanged).
EXAMPLES = json.loads(
    Path(__file__).with_name("clubrules-examples.json").read_text(encoding="utf-8")
)
CASES = EXAMPLES["cases"]
ROUNDS = EXAMPLES["rounds"]
ROOT = Path(__file__).resolve().parents[2]


def test_the_examples_are_all_there() -> None:
    assert len(CASES) == 57 and sum("refused" in c["expected"] for c in CASES) == 14
    assert len(ROUNDS) == 15 and sum("refused" in r["expected"] for r in ROUNDS) == 5


def check_case(case: dict, out: dict) -> None:
    expected = case["expected"]
    if "refused" in expected:
        assert "error" in out, (case["id"], out)
        assert out["error"]["field"] == expected["refused"], (case["id"], out)
        assert out["error"]["message"]
        return
    assert "error" not in out, (case["id"], out)
    for key, value in expected.items():
        assert out[key] == value, (case["id"], key, out)
    assert set(out) == {"points", "plus", "value", "winner", "breakdown", "warnings", "bock"}
    assert sum(out["points"].values()) == 0
    if out["breakdown"]:
        assert sum(points for _label, points in out["breakdown"]) == out["value"], case["id"]


def check_round(example: dict, out: dict) -> None:
    expected = example["expected"]
    if "refused" in expected:
        assert out.get("error", {}).get("field") == expected["refused"], (example["id"], out)
        assert out["error"]["message"]
        return
    assert "error" not in out, (example["id"], out)
    assert out["totals"] == expected["totals"], example["id"]
    assert [row["bock"] for row in out["rows"]] == expected["bock"], example["id"]
    assert [row["dealer"] for row in out["rows"]] == expected["dealers"], example["id"]
    for key in ("games", "next_dealer", "bock_open"):
        assert out[key] == expected[key], (example["id"], key)
    running = dict.fromkeys(expected["totals"], 0)
    for row in out["rows"]:
        for seat, points in row["points"].items():
            running[seat] += points
    assert running == expected["totals"]


def engine_case(case: dict) -> dict:
    try:
        return score_game(case["record"], ScoringOptions.from_dict(case["options"])).to_json()
    except RecordError as refused:
        return {"error": refused.to_json()}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_engine_scores_each_case_as_the_contract_says(case: dict) -> None:
    check_case(case, engine_case(case))


@pytest.mark.parametrize("example", ROUNDS, ids=[r["id"] for r in ROUNDS])
def test_engine_scores_each_sheet_as_the_contract_says(example: dict) -> None:
    try:
        out = score_round(example["sheet"], ScoringOptions.from_dict(example["options"]))
    except RecordError as refused:
        out = {"error": refused.to_json()}
    check_round(example, out)


def test_the_sheet_of_section_5_4_comes_out_as_written() -> None:
    options = ScoringOptions(bock=True, schmeissen="redeal", bock_triggers=("tie_120", "solo_lost"))
    sheet = {
        "table_size": 4,
        "cycles": 4,
        "rows": [
            {"kind": "normal", "re": [1, 3], "augen_re": 120},
            {"schmeissen": {"seat": 2, "reason": "koenige"}},
            {
                "kind": "normal",
                "re": [1, 2],
                "augen_re": 130,
                "statements": [{"party": "re", "call": "re"}],
                "bock": 2,
            },
            {"kind": "solo_damen", "re": [2], "winners": [1, 3, 4], "value": 5,
             "bock_ausloeser": True},
        ],
    }  # fmt: skip
    out = score_round(sheet, options)
    assert [row["bock"] for row in out["rows"]] == [1, 2, 2, 2]
    assert [row["dealer"] for row in out["rows"]] == [1, 2, 2, 3]
    assert [row["game"] for row in out["rows"]] == [1, None, 2, 3]
    assert out["totals"] == {"1": 13, "2": -25, "3": 5, "4": 7}
    assert (out["games"], out["next_dealer"], out["bock_open"]) == (3, 4, [2, 4])
    assert out["rows"][2] == {
        "game": 2,
        "dealer": 2,
        "bock": 2,
        "bock_ausloeser": False,
        "points": {"1": 4, "2": 4, "3": -4, "4": -4},
        "plus": [1, 2],
        "value": 2,
        "winner": "re",
    }


@pytest.mark.parametrize(
    ("sheet", "field"),
    [
        ([], None),
        ({"table_size": 6, "rows": []}, "table_size"),
        ({"cycles": 0, "rows": []}, "cycles"),
        ({"cycles": True, "rows": []}, "cycles"),
        ({"rows": {}}, "rows"),
        ({}, "rows"),
        ({"rows": [7]}, "rows[0]"),
        ({"rows": [{"kind": "normal", "re": [1, 2], "augen_re": 130, "dealer": 2}]},
         "rows[0].dealer"),
        ({"rows": [{"kind": "normal", "re": [1, 2], "augen_re": 130, "table_size": 5,
                    "sitting_out": 1}]}, "rows[0].table_size"),
    ],
)  # fmt: skip
def test_bad_sheet_fields_are_refused_naming_the_field(sheet, field) -> None:
    with pytest.raises(RecordError) as refused:
        score_round(sheet)
    assert refused.value.field == field
    assert refused.value.message("de") and refused.value.message("en")


# --------------------------------------------------------------------------------------------
# The commands
# --------------------------------------------------------------------------------------------


def run(monkeypatch, capsys, command: str, text: str, *flags: str) -> tuple[str, int]:
    from django.core.management import call_command

    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = 0
    try:
        call_command(command, "-", "--ruleset", "hausregeln", *flags)
    except SystemExit as exit_:
        code = exit_.code
    return capsys.readouterr().out, code


def options_file(tmp_path: Path, options: dict) -> str:
    path = tmp_path / "options.json"
    path.write_text(json.dumps(options), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_score_game_command_answers_each_case(monkeypatch, capsys, tmp_path, case) -> None:
    flags = ("--options", options_file(tmp_path, case["options"]))
    out, code = run(monkeypatch, capsys, "score_game", json.dumps(case["record"]), *flags)
    check_case(case, json.loads(out))
    assert code == (1 if "refused" in case["expected"] else 0)


@pytest.mark.parametrize("example", ROUNDS, ids=[r["id"] for r in ROUNDS])
def test_score_round_command_answers_each_sheet(monkeypatch, capsys, tmp_path, example) -> None:
    flags = ("--options", options_file(tmp_path, example["options"]))
    out, code = run(monkeypatch, capsys, "score_round", json.dumps(example["sheet"]), *flags)
    check_round(example, json.loads(out))
    assert code == (1 if "refused" in example["expected"] else 0)


def test_single_option_flags_win_over_the_file(monkeypatch, capsys, tmp_path) -> None:
    record = {"kind": "normal", "re": [1, 2], "augen_re": 130, "bock": 2}
    flags = ("--options", options_file(tmp_path, {"bock": False}), "--option", "bock=true")
    out, code = run(monkeypatch, capsys, "score_game", json.dumps(record), *flags)
    assert (json.loads(out)["points"], code) == ({"1": 2, "2": 2, "3": -2, "4": -2}, 0)
    flags = ("--options", options_file(tmp_path, {"deck": 48}), "--deck", "40")
    out, code = run(monkeypatch, capsys, "score_game", json.dumps({**record, "bock": 1}), *flags)
    assert json.loads(out)["value"] == 1 and code == 0


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"bockrunden": true}', "bockrunden"),
        ('{"bock_games": 13}', "bock_games"),
        ('{"solo_kinds": ["solo_buben", "solo_buben"]}', "solo_kinds"),
        ('{"sonderpunkte": {"schweinchen": 1}}', "sonderpunkte.schweinchen"),
        ('{"sonderpunkte": {"doppelkopf": true}}', "sonderpunkte.doppelkopf"),
        ('{"deck": "48"}', "deck"),
        ("[1]", "JSON object"),
        ("{", "not a JSON file"),
    ],
)
def test_a_bad_options_file_stops_the_command_naming_the_option(
    monkeypatch, capsys, tmp_path, content, needle
) -> None:
    from django.core.management.base import CommandError

    path = tmp_path / "options.json"
    path.write_text(content, encoding="utf-8")
    for command in ("score_game", "score_round"):
        with pytest.raises(CommandError, match=needle):
            run(monkeypatch, capsys, command, "{}", "--options", str(path))
        assert capsys.readouterr().out == ""


def test_both_commands_as_processes(tmp_path) -> None:
    options = options_file(tmp_path, {"bock": True, "schmeissen": "redeal"})
    sheets = tmp_path / "sheets.json"
    sheets.write_text(json.dumps([ROUNDS[4]["sheet"], ROUNDS[1]["sheet"]]), encoding="utf-8")
    games = tmp_path / "games.json"
    games.write_text(json.dumps([CASES[37]["record"], CASES[34]["record"]]), encoding="utf-8")
    for command, path, count in (("score_round", sheets, 2), ("score_game", games, 2)):
        done = subprocess.run(
            [sys.executable, "manage.py", command, "--ruleset", "hausregeln", str(path),
             "--options", options],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        answers = json.loads(done.stdout)
        assert len(answers) == count and all("error" not in answer for answer in answers)
    bad = tmp_path / "bad.json"
    bad.write_text('{"bock": "ja"}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "manage.py", "score_game", str(games), "--options", str(bad)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0 and done.stdout == "" and "bock" in done.stderr


def test_the_history_and_the_workbook_name_schmeissen_and_armut() -> None:
    house = rules.get("hausregeln")
    options = house.options({"schmeissen": "redeal", "armut": True})
    row = {"schmeissen": {"seat": 3, "reason": "koenige"}}
    scored = house.score_row(row, options)
    assert scored.points == {1: 0, 2: 0, 3: 0, 4: 0} and scored.game_type == "schmeissen"
    assert house.game_type_label("schmeissen") == "Schmeißen"
    assert house.game_type_label("armut") == "Armut"
    assert house.describe_row(row, {}).german == "Schmeißen: Platz 3 (5 Fehl-Könige)"
    assert house.describe_row(row, {}, "en").german == "Throw-in: seat 3 (5 non-trump kings)"
    assert house.describe_row({"kind": "normal"}, {}) is None
    armut = {"kind": "armut", "re": [1, 3], "armut": {"poor": 1}, "augen_re": 130}
    assert house.score_row(armut, options).game_type == "armut"
