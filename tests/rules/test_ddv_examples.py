"""Every case and round of the DDV contract's ddv-examples.json, through the engine and through
both commands (``score_game --ruleset ddv``, ``score_round --ruleset ddv``)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules.ddv.engine import score_game
from rules.ddv.errors import DdvRefused
from rules.ddv.sheet import score_round

# A copy of the contract's ../shared/rules/ddv-examples.json (unchanged).
EXAMPLES = json.loads(Path(__file__).with_name("ddv-examples.json").read_text(encoding="utf-8"))
CASES = EXAMPLES["cases"]
ROUNDS = EXAMPLES["rounds"]
ROOT = Path(__file__).resolve().parents[2]


def test_the_examples_are_all_there() -> None:
    assert len(CASES) == 61
    assert len(ROUNDS) == 2


def check_case(case: dict, out: dict) -> None:
    if "refused" in case:
        assert "error" in out, (case["id"], out)
        assert out["error"]["field"] == case["refused"], case["id"]
        assert out["error"]["message"]
        return
    assert "error" not in out, (case["id"], out)
    for key, expected in case["expected"].items():
        assert out[key] == expected, (case["id"], key)
    assert set(out) == {"points", "plus", "value", "winner", "breakdown", "warnings"}
    if out["value"] is not None and out["breakdown"]:
        assert sum(points for _label, points in out["breakdown"]) == out["value"], case["id"]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_engine_scores_each_case_as_the_contract_says(case: dict) -> None:
    try:
        out = score_game(case["record"]).to_json()
    except DdvRefused as refused:
        out = {"error": refused.to_json()}
    check_case(case, out)


@pytest.mark.parametrize("example", ROUNDS, ids=[r["id"] for r in ROUNDS])
def test_engine_scores_each_round_as_the_contract_says(example: dict) -> None:
    out = score_round(example["sheet"])
    check_round(example, out)


def check_round(example: dict, out: dict) -> None:
    expected = example["expected"]
    assert out["totals"] == expected["totals"]
    assert [row["dealer"] for row in out["rows"]] == expected["dealers"]
    assert out["pflichtsolo"] == expected["pflichtsolo"]
    assert out["next_dealer"] == expected["next_dealer"]
    assert out["games"] == expected["games"]
    assert out["warnings"] == []
    assert [row["game"] for row in out["rows"]] == list(range(1, 25))
    running = dict.fromkeys(expected["totals"], 0)
    for row in out["rows"]:
        for seat, points in row["points"].items():
            running[seat] += points
    assert running == expected["totals"]


def run(monkeypatch, capsys, command: str, text: str, *flags: str) -> tuple[str, int]:
    from django.core.management import call_command

    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = 0
    try:
        call_command(command, "-", "--ruleset", "ddv", *flags)
    except SystemExit as exit_:
        code = exit_.code
    return capsys.readouterr().out, code


def test_score_game_command_answers_every_case(monkeypatch, capsys) -> None:
    text = json.dumps([case["record"] for case in CASES])
    out, code = run(monkeypatch, capsys, "score_game", text)
    answers = json.loads(out)
    assert len(answers) == len(CASES)
    for case, answer in zip(CASES, answers, strict=True):
        check_case(case, answer)
    assert code == 1  # six cases are refused


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_score_game_command_one_record_each(monkeypatch, capsys, case: dict) -> None:
    out, code = run(monkeypatch, capsys, "score_game", json.dumps(case["record"]))
    check_case(case, json.loads(out))
    assert code == (1 if "refused" in case else 0)


def test_score_round_command_answers_every_round(monkeypatch, capsys) -> None:
    for example in ROUNDS:
        out, code = run(monkeypatch, capsys, "score_round", json.dumps(example["sheet"]))
        assert code == 0
        check_round(example, json.loads(out))
    text = json.dumps([example["sheet"] for example in ROUNDS])
    out, code = run(monkeypatch, capsys, "score_round", text)
    assert code == 0
    for example, answer in zip(ROUNDS, json.loads(out), strict=True):
        check_round(example, answer)


def test_score_round_command_exits_1_when_a_sheet_is_refused(monkeypatch, capsys) -> None:
    bad = json.loads(json.dumps(ROUNDS[0]["sheet"]))
    bad["rows"][3]["dealer"] = 4  # game 4 is dealt by 3 again after the Pflichtsolo
    out, code = run(monkeypatch, capsys, "score_round", json.dumps([ROUNDS[1]["sheet"], bad]))
    answers = json.loads(out)
    assert code == 1
    assert answers[0]["games"] == 24
    assert answers[1]["error"]["field"] == "rows[3].dealer"
    assert "Platz 3" in answers[1]["error"]["message"]


def test_score_round_in_english(monkeypatch, capsys) -> None:
    bad = {"table_size": 4, "rows": [{"re": [1, 2], "augen_re": 130}]}
    out, code = run(monkeypatch, capsys, "score_round", json.dumps(bad), "--lang", "en")
    assert code == 1
    assert json.loads(out)["error"] == {
        "field": "rows[0].kind",
        "message": "The kind of game is missing (required on a sheet).",
    }


def test_both_commands_as_processes(tmp_path) -> None:
    games = tmp_path / "games.json"
    games.write_text(json.dumps([case["record"] for case in CASES if "refused" not in case]))
    sheets = tmp_path / "sheets.json"
    sheets.write_text(json.dumps([example["sheet"] for example in ROUNDS]))
    for command, path, count in (("score_game", games, 55), ("score_round", sheets, 2)):
        done = subprocess.run(
            [sys.executable, "manage.py", command, "--ruleset", "ddv", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert len(json.loads(done.stdout)) == count


def test_score_round_needs_a_ruleset_with_round_sheets(monkeypatch, capsys) -> None:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    monkeypatch.setattr("sys.stdin", io.StringIO("{}"))
    with pytest.raises(CommandError, match="'24'"):
        call_command("score_round", "-", "--ruleset", "24")


def test_ddv_is_registered() -> None:
    assert "ddv" in rules.known_keys()
    assert rules.get("ddv").label == "DDV-Turnierspielregeln"
