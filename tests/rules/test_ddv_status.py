"""The DDV sheet's status lines and board line (DDV.md §9.2–§9.4) through the interface."""

from __future__ import annotations

import pytest

import rules

DDV = rules.get("ddv")
OPTIONS = DDV.options({})
NORMAL = {"kind": "normal", "winners": [1, 2], "value": 2, "table_size": 4}
PFLICHT_2 = {
    "kind": "solo_damen",
    "re": [2],
    "solo_mode": "pflicht",
    "winners": [2],
    "value": 3,
    "table_size": 4,
}


def test_a_fresh_sheet_names_game_one_its_dealer_and_every_seat_owing():
    lines = DDV.sheet_status([], 4, OPTIONS, "de", {1: "Anna"})
    assert lines == (
        "Spiel 1 von 24",
        "Geber: Anna (Platz 1)",
        "Pflichtsolo offen: Anna (Platz 1), Platz 2, Platz 3, Platz 4",
    )


def test_after_a_pflichtsolo_the_same_dealer_deals_again():
    lines = DDV.sheet_status([NORMAL, PFLICHT_2], 4, OPTIONS, "de", {2: "Bert"})
    assert lines[0] == "Spiel 3 von 24"
    assert lines[1] == "Geber: Bert (Platz 2) – gibt nach dem Pflichtsolo noch einmal"
    assert lines[2] == "Pflichtsolo offen: Platz 1, Platz 3, Platz 4"


def test_time_called_makes_the_designated_seat_play_its_vorfuehrung():
    lines = DDV.sheet_status([NORMAL, PFLICHT_2], 4, OPTIONS, "en", time_up_after=2)
    assert lines[0] == "Time called after game 2: only Vorführungen follow"
    assert lines[-1] == "Vorführung: seat 3 must play now"


def test_a_vorfuehrung_is_due_when_the_owing_seats_equal_the_games_left():
    options = DDV.options({"games_per_round": 8})
    lines = DDV.sheet_status([NORMAL, PFLICHT_2, NORMAL, NORMAL, NORMAL], 4, options, "de")
    assert "Spiel 6 von 8" in lines
    assert lines[-1] == "Vorführung: Platz 3 muss jetzt spielen"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("de", "Pflichtsolo offen: Platz 1, 3, 4"), ("en", "Pflichtsolo open: seat 1, 3, 4")],
)
def test_the_board_line_names_the_seats_still_owing(lang, expected):
    assert DDV.gives_board_lines
    assert DDV.board_line([NORMAL, PFLICHT_2], 4, OPTIONS, lang) == expected


def test_the_house_rules_say_nothing_about_their_sheet():
    house = rules.get("hausregeln")
    assert house.sheet_status([], 4, house.options({})) == ()
