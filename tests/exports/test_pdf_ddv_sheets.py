"""The DDV's printed Spielliste (DDV.md §9.9): the TSR's columns, 24 games at four and 30 at
five with lines for penalties, on one page, blank and filled from the rows stored."""

from __future__ import annotations

import pytest

from output.printouts.pdf_sheets import score_sheets_pdf
from output.printouts.sheet_data import table_sheets
from rules.ddv.ruleset import DDV_RULES
from rules.ddv.sample import sample_rows
from tournament.seating.reading import round_with_seating

from .conftest import pdf_text, play_ddv_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def ddv_played(ddv_evening):
    play_ddv_round(ddv_evening, 1)
    return ddv_evening


def test_a_blank_ddv_list_has_the_tsr_columns_and_one_page_per_table(ddv_evening, keep_output):
    data = score_sheets_pdf(round_with_seating(ddv_evening, 1), "http://doko.local")
    keep_output("ddv-spiellisten.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == 4  # 24 + 3 lines at four, 30 + 3 at five: one page each
    four, five = texts[0], texts[2]
    for header in ("Rubr.", "Geber", "Spielart", "Ansagen", "Augen", "punkte", "Wert", "Schiri"):
        assert header in four and header in five
    assert "24 Spiele" in four and "30 Spiele" in five
    assert four.count("Strafe") >= 3
    assert "Zeit abgelaufen nach Spiel" in four
    assert "Unterschriften: Listenführer und Mitspieler" in four
    assert "PLATZ 4 ·\nLISTENFÜHRER" in four and "PLATZ 5 ·\nLISTENFÜHRER" in five
    assert "Spielwert (TSR 7.2)" in four and "Re / Kontra angesagt" in four


def test_blank_lists_print_only_the_first_dealer(ddv_evening):
    sheets = table_sheets(round_with_seating(ddv_evening, 1), "http://doko.local")
    four = sheets[0].printed
    assert len(four.rows) == 27
    assert [row.dealer for row in four.rows[:3]] == [1, 0, 0]
    assert [row.caption.german_text() for row in four.rows[23:]] == ["24"] + ["Strafe"] * 3
    five = sheets[2].printed
    assert len(five.rows) == 33 and five.rows[0].sitter == 1


def test_a_filled_ddv_list_prints_the_rows_stored(ddv_played, keep_output):
    data = score_sheets_pdf(round_with_seating(ddv_played, 1), "http://doko.local", with_games=True)
    keep_output("ddv-spiellisten-gefuellt.pdf", data)
    pages, texts = pdf_text(data)
    assert pages == 4
    rows = sample_rows(4, 24, 1)
    expected = DDV_RULES.score_round(
        {"table_size": 4, "finished": True, "rows": rows}, DDV_RULES.options()
    )
    first = texts[0]
    assert "Endstand" in first
    for total in expected["totals"].values():
        assert (f"−{-total}" if total < 0 else str(total)) in first
    assert "geringf." in first  # the penalty line's severity and offender
    referee = next(row["penalty"]["referee"] for row in rows if "penalty" in row)
    assert "".join(word[0] for word in referee.split()) in first


def test_sheet_cells_fill_the_ddv_columns():
    solo = {"kind": "solo_damen", "re": [2], "augen_re": 151, "solo_mode": "pflicht"}
    cells = DDV_RULES.sheet_cells(solo, {"value": 2}, "de")
    assert cells["rubric"] == "P" and cells["kind"] == "Damen P"
    assert cells["pflichtsolo.2"] == "P" and cells["value"] == "2" and cells["re"] == "2"
    game = {
        "kind": "normal",
        "re": [1, 3],
        "augen_re": 185,
        "statements": [
            {"party": "re", "call": "re"},
            {"party": "re", "call": "keine_90"},
            {"party": "kontra", "call": "kontra"},
        ],
        "specials": [
            {"party": "re", "kind": "doppelkopf"},
            {"party": "kontra", "kind": "fuchs_gefangen"},
        ],
    }
    cells = DDV_RULES.sheet_cells(game, {"value": 8}, "de")
    assert cells["calls"] == "R90 K" and cells["specials"] == "1:1" and cells["rubric"] == "N"
    line = {
        "kind": "normal",
        "penalty": {"offender": 3, "severity": "geringfuegig", "referee": "Karl Meier"},
    }
    cells = DDV_RULES.sheet_cells(line, {"value": None}, "en")
    assert cells["rubric"] == "S" and cells["kind"] == "minor (3)" and cells["referee"] == "KM"
    assert cells["value"] == ""


def test_sample_rounds_are_finished_legal_sheets():
    for size, games in ((4, 24), (5, 30)):
        for seed in range(30):
            rows = sample_rows(size, games, seed)
            sheet = {"table_size": size, "finished": True, "rows": rows}
            answer = DDV_RULES.score_round(sheet, DDV_RULES.options())
            assert answer["games"] == games and all(answer["pflichtsolo"].values())


def test_the_ddv_list_reads_english(ddv_evening, client):
    from django.utils import translation

    with translation.override("en"):
        data = score_sheets_pdf(round_with_seating(ddv_evening, 1), "http://doko.local")
    _pages, texts = pdf_text(data)
    assert "Calls" in texts[0] and "Penalty" in texts[0] and "Ref." in texts[0]
    assert "Signatures: list keeper and players" in texts[0]
    assert "Spielart" not in texts[0]


@pytest.mark.parametrize(("size", "games"), [(4, 24), (5, 30)])
def test_a_blank_spare_ddv_list_fits_one_page(ddv_evening, size, games):
    data = score_sheets_pdf(round_with_seating(ddv_evening, 1), "http://doko.local", spare=size)
    pages, texts = pdf_text(data)
    assert pages == 1
    assert f"{games} Spiele" in texts[0] and "Ersatzliste" in texts[0]
    assert texts[0].count("Strafe") >= 3
