"""The two complete example sheets (fixtures/sheets, copied from the project's examples):
every game's points, plus seats and running totals, and a clean sheet check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.hausregeln import check_sheet, dealer, score_game, score_sheet

SHEETS = Path(__file__).resolve().parents[2] / "fixtures" / "sheets"
SHEET_FILES = ["sheet-4-players.json", "sheet-5-players.json"]


def load(name: str) -> dict[str, Any]:
    return json.loads((SHEETS / name).read_text(encoding="utf-8"))


def by_seat(data: dict[str, int]) -> dict[int, int]:
    return {int(seat): points for seat, points in data.items()}


@pytest.mark.parametrize("name", SHEET_FILES)
def test_every_game_scores_as_on_the_sheet(name: str) -> None:
    sheet = load(name)
    for game in sheet["games"]:
        result = score_game(game["record"])
        assert result.points == by_seat(game["points"]), f"game {game['game']}"
        assert list(result.plus) == game["plus"], f"game {game['game']}"
        assert result.to_json()["points"] == game["points"]
        assert result.to_json()["plus"] == game["plus"]


@pytest.mark.parametrize("name", SHEET_FILES)
def test_running_totals(name: str) -> None:
    sheet = load(name)
    scored = score_sheet([g["record"] for g in sheet["games"]], table_size=sheet["table_size"])
    assert scored.ok
    for game, row in zip(sheet["games"], scored.games, strict=True):
        assert row.game == game["game"]
        assert row.dealer == game["dealer"] == dealer(game["game"], sheet["table_size"])
        assert row.counted
        assert row.totals == by_seat(game["totals"]), f"game {game['game']}"
    assert scored.totals == by_seat(sheet["games"][-1]["totals"])
    assert sum(scored.totals.values()) == 0


@pytest.mark.parametrize("name", SHEET_FILES)
def test_check_sheet_passes(name: str) -> None:
    sheet = load(name)
    records = [g["record"] for g in sheet["games"]]
    assert check_sheet(records, table_size=sheet["table_size"]) == []


@pytest.mark.parametrize("name", SHEET_FILES)
def test_the_sheet_uses_every_entry_method_it_claims(name: str) -> None:
    sheet = load(name)
    methods = {score_game(g["record"]).method.value for g in sheet["games"]}
    assert "calculator" in methods
    assert "quick_entry" in methods


def test_sheet_4_game_5_is_120_to_120_with_a_re_doppelkopf() -> None:
    record = load("sheet-4-players.json")["games"][4]["record"]
    result = score_game(record)
    assert result.winner == "kontra"
    assert result.to_json()["breakdown"] == [["Re", 1], ["Gegen", 1], ["Doppelkopf", -1]]


def test_sheet_4_game_13_is_worth_nothing() -> None:
    record = load("sheet-4-players.json")["games"][12]["record"]
    result = score_game(record)
    assert result.value == 0
    assert result.plus == ()
    assert set(result.points.values()) == {0}


def test_five_player_sheet_dealer_sits_out() -> None:
    sheet = load("sheet-5-players.json")
    for game in sheet["games"]:
        assert game["record"]["sitting_out"] == game["dealer"]
        assert game["points"][str(game["dealer"])] == 0
