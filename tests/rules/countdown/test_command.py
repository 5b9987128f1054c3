"""``manage.py score_countdown`` (COUNTDOWN.md §8.7): every worked example through the command,
lists, per-item options, refusals, exit codes and the bounds of the input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from rules.countdown import jsonio
from tests.rules.countdown.examples import CASES, command_expect, command_item, ids, matches

DEAL = {
    "scores_before": {"1": 20, "2": 18, "3": 14, "4": 22},
    "record": {"deal": 1, "dealer": 4, "trump": "rot", "tricks": {"1": 3, "2": 2, "3": 0, "4": 1}},
}


def run(game: str, text: str, *options: str, lang: str = "de") -> tuple[Any, int]:
    """The command's parsed output and exit code, the input given on stdin."""
    out = io.StringIO()
    args = ["-", "--game", game, "--lang", lang]
    for option in options:
        args += ["--option", option]
    stdin = io.StringIO(text)
    code = 0
    monkey = pytest.MonkeyPatch()
    monkey.setattr("sys.stdin", stdin)
    try:
        call_command("score_countdown", *args, stdout=out)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    finally:
        monkey.undo()
    return json.loads(out.getvalue()), code


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_worked_example_through_the_command(case: dict[str, Any]) -> None:
    game = case.get("game", "24")
    if game not in ("24", "zwanzig", "20ab"):  # the game is the command line's
        return
    output, code = run(game, json.dumps(command_item(case)))
    assert matches(command_expect(case), output), output
    assert code == (1 if "refused" in case["expect"] else 0)
    if "error" in output:
        assert set(output["error"]) == {"field", "message"}


def test_an_unknown_game_is_refused_by_the_command_line() -> None:
    with pytest.raises(CommandError, match="invalid choice"):
        call_command("score_countdown", "-", "--game", "doppelkopf")


def test_a_deal_answers_scores_and_changes() -> None:
    output, code = run("24", json.dumps(DEAL))
    assert code == 0
    assert output == {
        "scores": {"1": 17, "2": 16, "3": 20, "4": 21},
        "changes": {"1": -3, "2": -2, "3": 6, "4": -1},
    }


def test_a_list_gives_a_list_and_one_refusal_makes_the_exit_code_1() -> None:
    bad = {**DEAL, "record": {**DEAL["record"], "trump": "herz"}}
    partie = {"players": 3, "records": []}
    output, code = run("24", json.dumps([DEAL, bad, partie]))
    assert code == 1
    assert output[0]["scores"] == {"1": 17, "2": 16, "3": 20, "4": 21}
    assert output[1]["error"]["field"] == "trump"
    assert output[2] == {
        "scores": {"1": 24, "2": 24, "3": 24},
        "finished": False,
        "winners": [],
        "deals": 0,
    }


def test_an_items_options_replace_the_command_lines() -> None:
    changed = {**DEAL, "record": {**DEAL["record"], "trump_changes": ["gelb"]}}
    output, code = run("24", json.dumps([changed, {**changed, "options": {}}]), "trumpfwechsel=1")
    assert code == 1
    assert output[0]["scores"] == {"1": 14, "2": 14, "3": 26, "4": 20}
    assert output[1]["error"]["field"] == "trump_changes"


def test_command_line_options_are_checked_against_the_game() -> None:
    with pytest.raises(CommandError, match="zwanzig has no option 'tie'"):
        run("zwanzig", "[]", "tie=share")
    with pytest.raises(CommandError, match="drop_out_limit: '6' is not one of 3, 4, 5"):
        run("20ab", "[]", "drop_out_limit=6")


def test_refusals_speak_english_on_request() -> None:
    output, _code = run("zwanzig", json.dumps({**DEAL, "record": {**DEAL["record"]}}), lang="en")
    assert output["error"]["field"] == "trump"
    assert output["error"]["message"].startswith("Trump is a colour of Zwanzig")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('"aus"', None),
        ('{"players": 4}', None),
        ('{"scores_before": {"1": 20}, "record": {}, "table": 1}', "table"),
        ('{"players": 4, "records": [], "cycles": 6}', "cycles"),
        ('{"players": 4, "records": [], "options": []}', "options"),
        ('{"players": 4, "parties": [], "cycles": 0}', "cycles"),
        ('{"players": 4, "parties": [], "stopped": "ja"}', "stopped"),
        ('{"players": 4, "parties": {}}', "parties"),
        ('{"players": 4, "parties": [[]]}', "parties[0]"),
        ('{"standings": [{"round": 1}]}', "standings[0]"),
        ("[1, 2", None),
        ("NaN", None),
    ],
)
def test_bad_items_are_refused_naming_the_field(text: str, field: str | None) -> None:
    output, code = run("24", text)
    assert code == 1
    assert output["error"]["field"] == field
    assert output["error"]["message"]


def test_the_input_is_bounded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(jsonio, "MAX_ITEMS", 3)
    output, code = run("24", json.dumps([DEAL] * 4))
    assert code == 1 and output["error"]["field"] is None
    monkeypatch.setattr(jsonio, "MAX_RECORDS", 2)
    output, code = run("24", json.dumps({"players": 4, "records": [{}, {}, {}]}))
    assert output["error"]["field"] == "records"
    output, code = run("24", "[" * 100_000 + "]" * 100_000)
    assert code == 1 and output["error"]["field"] is None
    monkeypatch.setattr("scoring.management.commands.score_countdown.MAX_BYTES", 10)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(DEAL), encoding="utf-8")
    with pytest.raises(CommandError, match="larger than 10 bytes"):
        call_command("score_countdown", str(big), "--game", "24")


def test_a_file_is_read_like_stdin(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL), encoding="utf-8")
    out = io.StringIO()
    call_command("score_countdown", str(path), "--game", "24", stdout=out)
    assert json.loads(out.getvalue())["scores"]["3"] == 20
    with pytest.raises(CommandError, match=r"missing\.json"):
        call_command("score_countdown", str(tmp_path / "missing.json"), "--game", "24")
