"""Excel exports: numbers as numbers, bold frozen header, and no formula from typed text."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from output.reports import (
    Report,
    ReportColumn,
    game_points_rows,
    games_rows,
    participants_rows,
    seating_rows,
    standings_rows,
)
from output.spreadsheets.xlsx import render_xlsx, sheet_title
from scoring.standings.ranking import compute_standings
from tests.conftest import example_sheet
from tournament.participants.services import add_participant
from tournament.seating.reading import round_with_seating

pytestmark = pytest.mark.django_db


def workbook(data: bytes):
    return load_workbook(io.BytesIO(data))


def values(sheet) -> list[tuple]:
    return list(sheet.iter_rows(values_only=True))


def sheet_xml(data: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return "".join(
            archive.read(name).decode("utf-8")
            for name in archive.namelist()
            if name.startswith("xl/worksheets/")
        )


def test_participants_with_header_bold_and_frozen(evening, keep_output):
    data = render_xlsx([participants_rows(evening)])
    keep_output("teilnehmer.xlsx", data)
    sheet = workbook(data).active
    rows = values(sheet)
    assert rows[0] == ("Name", "Verein", "anwesend", "abgemeldet")
    assert ("Jürgen Müller", "DK Herz-Dame", False, False) in rows
    assert len(rows) == 19
    assert sheet.freeze_panes == "A2"
    assert all(cell.font.bold for cell in sheet[1])
    assert sheet.column_dimensions["A"].width >= 15
    assert sheet.auto_filter.ref == "A1:D19"


def test_text_that_looks_like_a_formula_stays_text(tournament, organiser):
    add_participant(tournament, name="=1+1", club="@SUM(A1)", user=organiser)
    add_participant(tournament, name="+49 Karl", club="-Kreuz", user=organiser)
    report = participants_rows(tournament)
    report = Report(
        report.title, report.columns, (*report.rows, ("\tTab", '=HYPERLINK("x")', False, True))
    )
    data = render_xlsx([report])
    rows = values(workbook(data).active)
    assert ("=1+1", "@SUM(A1)", False, False) in rows
    assert ("+49 Karl", "-Kreuz", False, False) in rows
    assert ("\tTab", '=HYPERLINK("x")', False, True) in rows
    xml = sheet_xml(data)
    assert "<f>" not in xml and "<f " not in xml
    sheet = workbook(data).active
    formula_like = [cell for row in sheet.iter_rows(min_row=2) for cell in row[:2]]
    assert all(cell.data_type == "s" for cell in formula_like)
    assert all(cell.quotePrefix for cell in formula_like if cell.value[0] in "=+-@\t")


def test_standings_have_a_column_per_round_and_numbers(complete_tournament, keep_output):
    standings = compute_standings(complete_tournament, 2)
    data = render_xlsx([standings_rows(standings)])
    keep_output("tabelle.xlsx", data)
    sheet = workbook(data).active
    rows = values(sheet)
    assert sheet.title == "Stand nach Durchgang 2"
    assert rows[0][:6] == ("Platz", "Name", "Verein", "Durchgang 1", "Durchgang 2", "Gesamt")
    first = rows[1]
    best = standings.rows[0]
    assert first[:2] == (1, best.name)
    assert first[3:6] == (*best.rounds, best.total)
    assert all(isinstance(value, int) for row in rows[1:] for value in row[3:])
    assert sum(row[5] for row in rows[1:]) == 0


def test_games_one_row_per_game_with_seat_names_and_points(played_round_one, keep_output):
    data = render_xlsx([games_rows(played_round_one), game_points_rows(played_round_one)])
    keep_output("spiele.xlsx", data)
    book = workbook(data)
    assert book.sheetnames == ["Spiele", "Punkte je Spieler"]
    games = values(book["Spiele"])
    header = games[0]
    assert header[:11] == (
        "Durchgang", "Tisch", "Spiel", "Geber", "Spielart", "Eingabe", "Sieger (Plätze)",
        "Siegerpartei", "Wert", "Solist", "setzt aus",
    )  # fmt: skip
    assert header[11:15] == ("Platz 1 Name", "Platz 1 Punkte", "Platz 2 Name", "Platz 2 Punkte")
    assert len(games) == 1 + 16 + 16 + 20 + 20
    expected = example_sheet(5)["games"]
    table_three = [row for row in games[1:] if row[1] == 3]
    for row, wanted in zip(table_three, expected, strict=True):
        points = [row[12 + 2 * i] for i in range(5)]
        assert points == [wanted["points"][str(seat)] for seat in range(1, 6)]
        assert sum(points) == 0
        assert row[10] == row[11 + 2 * (wanted["dealer"] - 1)]  # the dealer sits out
    first = table_three[0]
    assert first[:4] == (1, 3, 1, "Uwe Krämer") and first[6] == "2 + 5" and first[8] == 3
    table_one = [row for row in games[1:] if row[1] == 1]
    assert table_one[0][11] == "Jürgen Müller" and table_one[0][19] is None
    assert all(row[10] is None for row in table_one)

    lines = values(book["Punkte je Spieler"])
    assert lines[0] == (
        "Durchgang", "Tisch", "Spiel", "Platz", "Name", "Verein", "Punkte", "gewonnen", "Solo",
    )  # fmt: skip
    assert len(lines) == 1 + 16 * 4 * 2 + 20 * 4 * 2
    muller = [row for row in lines[1:] if row[4] == "Jürgen Müller"]
    assert len(muller) == 16 and isinstance(muller[0][6], int)


def test_seating_in_both_orders(evening):
    round_ = round_with_seating(evening, 1)
    book = workbook(
        render_xlsx([seating_rows(round_, order="table"), seating_rows(round_, order="name")])
    )
    by_table, by_name = (values(sheet) for sheet in book.worksheets)
    assert by_table[1] == (1, 1, "Jürgen Müller", "DK Herz-Dame", True)
    names = [row[0] for row in by_name[1:]]
    assert names[0] == "Änne Schäfer"  # Ä sorts with A, as in a German phone book
    assert names == sorted(names, key=lambda n: n.replace("Ä", "A").casefold())


def test_sheet_titles_are_valid_and_unique():
    taken: set[str] = set()
    assert sheet_title("Stand: Runde [1]/2?", taken) == "Stand  Runde  1  2"
    assert sheet_title("Stand: Runde [1]/2?", taken) == "Stand  Runde  1  2 (2)"
    assert len(sheet_title("x" * 40, taken)) == 31


def test_a_report_iterates_as_header_then_rows():
    report = Report(
        "R", (ReportColumn("Name"), ReportColumn("Punkte", "int")), (("Anna", 3), ("Bernd", -3))
    )
    assert list(report) == [["Name", "Punkte"], ["Anna", 3], ["Bernd", -3]]


def test_an_empty_report_still_makes_a_workbook():
    report = Report("Leer", (ReportColumn("Name"),), ())
    sheet = workbook(render_xlsx([report])).active
    assert values(sheet) == [("Name",)]


def test_workbooks_print_landscape_one_page_wide_with_the_header_repeated(evening):
    data = render_xlsx([participants_rows(evening)])
    sheet = workbook(data).active
    assert sheet.print_title_rows == "$1:$1"
    assert sheet.page_setup.orientation == "landscape"
    assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0
    assert sheet.sheet_properties.pageSetUpPr.fitToPage
    assert sheet["A1"].font.name == "Calibri" and sheet["A1"].font.bold
    assert "Seite &P von &N" in sheet.oddFooter.right.text


def test_yes_and_no_read_ja_and_nein(evening):
    data = render_xlsx([participants_rows(evening)])
    sheet = workbook(data).active
    cell = sheet["C2"]  # "anwesend"
    assert cell.value in (0, 1)
    assert cell.number_format == '"ja";"ja";"nein"'
