"""Sheet-level rules of SCORING.md §1: number of games, table size, the dealer sitting out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.hausregeln import check_sheet, dealer, max_games, score_sheet

SHEETS = Path(__file__).resolve().parents[2] / "fixtures" / "sheets"


def records(name: str) -> list[dict[str, Any]]:
    sheet = json.loads((SHEETS / name).read_text(encoding="utf-8"))
    return [game["record"] for game in sheet["games"]]


FOUR = records("sheet-4-players.json")
FIVE = records("sheet-5-players.json")


def test_dealer_rotates_clockwise_from_the_listenfuehrer() -> None:
    assert [dealer(n, 4) for n in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert [dealer(n, 5) for n in range(1, 12)] == [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1]


@pytest.mark.parametrize(("game", "table_size"), [(0, 4), (-1, 5), (1, 3), (1.0, 4), (True, 4)])
def test_dealer_refuses_nonsense(game: Any, table_size: int) -> None:
    with pytest.raises(ValueError):
        dealer(game, table_size)


def test_max_games() -> None:
    assert max_games(4) == 16
    assert max_games(5) == 20
    assert max_games(4, 2) == 8
    with pytest.raises(ValueError):
        max_games(4, 0)


def test_too_many_games_at_a_four_table() -> None:
    sheet = [*FOUR, FOUR[0]]
    issues = check_sheet(sheet, table_size=4)
    assert [(i.game, i.field, i.code) for i in issues] == [(17, None, "sheet_too_many_games")]
    assert "höchstens 16 Spiele" in issues[0].message()
    assert "at most 16 games" in issues[0].message("en")


def test_too_many_games_with_fewer_cycles() -> None:
    issues = check_sheet(FOUR[:10], table_size=4, cycles=2)
    assert [i.game for i in issues] == [9, 10]
    assert all(i.code == "sheet_too_many_games" for i in issues)


def test_too_many_games_at_a_five_table() -> None:
    extra = {**FIVE[0]}  # game 21 is dealt by seat 1 again
    issues = check_sheet([*FIVE, extra], table_size=5)
    assert [(i.game, i.code) for i in issues] == [(21, "sheet_too_many_games")]
    assert "20" in issues[0].message()


def test_wrong_sitting_out_at_a_five_table() -> None:
    sheet = [dict(r) for r in FIVE]
    sheet[6]["sitting_out"] = 1  # game 7 is dealt by seat 2; seat 1 is in the game (re [3, 5])
    issues = check_sheet(sheet, table_size=5)
    assert [(i.game, i.field, i.code) for i in issues] == [
        (7, "sitting_out", "sheet_sitting_out_not_dealer")
    ]
    assert issues[0].message() == "In Spiel 7 gibt Platz 2 und setzt aus, nicht Platz 1"
    assert issues[0].params == {"game": 7, "dealer": 2, "got": 1}


def test_mismatched_table_size() -> None:
    sheet = [dict(r) for r in FOUR]
    sheet[2] = {**FIVE[2]}
    issues = check_sheet(sheet, table_size=4)
    assert [(i.game, i.field, i.code) for i in issues] == [
        (3, "table_size", "sheet_table_size_mismatch")
    ]
    assert "4 Spielern" in issues[0].message()


def test_a_record_without_table_size_on_a_five_sheet_is_a_mismatch() -> None:
    record = {k: v for k, v in FIVE[0].items() if k not in ("table_size", "sitting_out")}
    issues = check_sheet([record], table_size=5)
    assert [(i.game, i.field, i.code) for i in issues] == [
        (1, "table_size", "sheet_table_size_mismatch")
    ]


def test_per_game_errors_are_collected_with_game_numbers() -> None:
    sheet = [dict(r) for r in FOUR]
    sheet[1] = {**sheet[1], "augen_re": 300}
    sheet[4] = {**sheet[4], "re": [1, 1]}
    sheet[9] = "kaputt"
    sheet[14] = {"points": {"1": 4, "2": 4, "3": -4, "4": -3}}
    issues = check_sheet(sheet, table_size=4)
    assert [(i.game, i.field, i.code) for i in issues] == [
        (2, "augen_re", "augen_range"),
        (5, "re[1]", "seat_twice"),
        (10, None, "record_not_object"),
        (15, "points", "points_sum"),
    ]
    assert issues[0].message() == "Augen Re muss zwischen 0 und 240 liegen, nicht 300"


def test_score_sheet_keeps_good_rows_and_marks_bad_ones() -> None:
    sheet = [dict(r) for r in FOUR]
    sheet[1] = {**sheet[1], "augen_re": "98"}
    scored = score_sheet(sheet, table_size=4)
    assert not scored.ok
    bad = scored.games[1]
    assert bad.result is None and not bad.counted
    assert [i.field for i in bad.issues] == ["augen_re"]
    assert bad.totals == scored.games[0].totals  # the refused game adds nothing
    good = scored.games[2]
    assert good.counted and good.result is not None and good.issues == ()
    assert sum(scored.totals.values()) == 0
    # every other game still counts: totals are the sheet's minus game 2
    assert scored.totals == {1: -33, 2: 1, 3: 27, 4: 5}


def test_a_game_with_a_sheet_issue_is_scored_but_not_counted() -> None:
    sheet = [dict(r) for r in FIVE[:3]]
    sheet[2]["sitting_out"] = 4  # wrong: seat 3 deals game 3
    sheet[2]["re"] = [1, 2]
    scored = score_sheet(sheet, table_size=5)
    row = scored.games[2]
    assert row.result is not None and not row.counted
    assert scored.totals == scored.games[1].totals


def test_empty_sheet_is_fine() -> None:
    assert check_sheet([], table_size=5) == []
    assert score_sheet([], table_size=4).totals == {1: 0, 2: 0, 3: 0, 4: 0}


@pytest.mark.parametrize("table_size", [3, 6, 4.0])
def test_sheet_table_size_is_checked(table_size: Any) -> None:
    with pytest.raises(ValueError):
        check_sheet(FOUR, table_size=table_size)
