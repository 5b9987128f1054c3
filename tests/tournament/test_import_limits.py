"""Hostile and broken import files: refused with a message (and the line where there is one),
read within bounded memory and time, never merged or guessed silently.

How fast and how small the refusals are is measured by ``bench/bench_import.py``, not here.
"""

from __future__ import annotations

import io
import time
import zipfile

import pytest
from openpyxl import Workbook

from tests import handmade_xlsx as handmade
from tournament.participants.import_limits import (
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_FILE_BYTES,
    MAX_ROWS,
    MAX_XLSX_RATIO,
    MAX_XLSX_UNPACKED_BYTES,
)
from tournament.participants.importing import read_participants


def messages(preview) -> list[str]:
    return [str(problem) for problem in preview.errors]


def only_message(preview) -> str:
    assert not preview.ok
    assert len(preview.errors) == 1, messages(preview)
    return str(preview.errors[0])


def xlsx(rows) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# ---------------------------------------------------------------------------- Excel: size


def test_a_sheet_of_a_hundred_million_rows_in_5_kb_is_refused_after_row_2001():
    data = handmade.hundred_million_rows()
    assert len(data) < 8 * 1024
    message = only_message(read_participants(data, "liste.xlsx"))
    assert "reicht über Zeile 2001 hinaus" in message
    assert "höchstens 2000 Zeilen" in message


def test_the_declared_dimension_of_a_sheet_is_ignored():
    rows = [handmade.row(1, ["Name", "Verein"]), *handmade.participants(3)]
    data = handmade.xlsx_file(handmade.worksheet(rows, dimension="A1:XFD1048576"))
    preview = read_participants(data, "liste.xlsx")
    assert preview.ok, messages(preview)
    assert [row.name for row in preview.rows] == ["Spieler 001", "Spieler 002", "Spieler 003"]


def test_a_gap_of_empty_rows_inside_the_limit_is_read():
    rows = [handmade.row(1, ["Name"]), handmade.row(2, ["Anna"]), handmade.row(2001, ["Zora"])]
    preview = read_participants(handmade.xlsx_file(handmade.worksheet(rows)), "liste.xlsx")
    assert [(row.line, row.name) for row in preview.rows] == [(2, "Anna"), (2001, "Zora")]


def test_2000_rows_are_read_and_2001_refused():
    header = [["Name"]]
    full = read_participants(xlsx(header + [[f"P{i}"] for i in range(MAX_ROWS)]), "a.xlsx")
    assert full.ok and len(full.rows) == MAX_ROWS
    over = read_participants(xlsx(header + [[f"P{i}"] for i in range(MAX_ROWS + 1)]), "b.xlsx")
    assert "höchstens 2000 Zeilen" in only_message(over)


def test_a_zip_bomb_is_refused_by_its_unpacked_size():
    data = handmade.zip_bomb(megabytes=64)
    assert len(data) < 100 * 1024
    message = only_message(read_participants(data, "liste.xlsx"))
    assert "entpackt zu groß (64 MB" in message
    assert f"höchstens {MAX_XLSX_UNPACKED_BYTES // 2**20} MB" in message


def test_a_part_that_lies_about_its_unpacked_size_is_read_no_further():
    rows = [handmade.row(1, ["Name"]), *handmade.participants(300)]
    honest = handmade.xlsx_file(handmade.worksheet(rows))
    lying = handmade.with_declared_size(honest, handmade.SHEET_PART, 300)
    assert read_participants(honest, "liste.xlsx").ok
    assert "lässt sich nicht lesen" in only_message(read_participants(lying, "liste.xlsx"))


def test_one_row_of_a_million_cells_in_5_kb_is_refused_by_its_packing():
    message = only_message(read_participants(handmade.one_wide_row(), "liste.xlsx"))
    assert "1000-fache" in message


def test_a_worksheet_part_not_named_xml_is_read_as_usual():
    rows = [handmade.row(1, ["Name"]), handmade.row(2, ["Anna"])]
    data = handmade.xlsx_file(handmade.worksheet(rows), sheet_part="xl/worksheets/sheet1.bin")
    assert [row.name for row in read_participants(data, "liste.xlsx").rows] == ["Anna"]


@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.bin"])
def test_a_worksheet_part_of_any_name_gets_the_cell_limit(part):
    # Stored, not deflated: the check of the packing ratio does not see it, the scan must.
    sheet = handmade.worksheet("<row>" + "<c/>" * 400_000 + "</row>")
    data = handmade.xlsx_file(sheet, sheet_part=part, compression=zipfile.ZIP_STORED)
    assert len(data) < MAX_FILE_BYTES
    message = only_message(read_participants(data, "liste.xlsx"))
    assert "mehr als 1000 Zellen" in message


@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/worksheets/data"])
def test_a_worksheet_part_of_any_name_gets_the_element_limit(part):
    sheet = handmade.worksheet("<row/>" * 300_000)
    data = handmade.xlsx_file(sheet, sheet_part=part, compression=zipfile.ZIP_STORED)
    assert "zu umfangreich" in only_message(read_participants(data, "liste.xlsx"))


def test_a_part_packed_a_thousand_to_one_is_refused_before_it_is_read():
    data = handmade.one_wide_row(sheet_part="xl/worksheets/sheet1.bin")
    assert len(data) < 8 * 1024
    started = time.perf_counter()
    message = only_message(read_participants(data, "liste.xlsx"))
    assert time.perf_counter() - started < 0.5
    assert "1000-fache" in message
    assert f"höchstens {MAX_XLSX_RATIO}-fach" in message


def test_a_picture_in_the_workbook_is_no_reason_to_refuse_it():
    rows = [handmade.row(1, ["Name"]), handmade.row(2, ["Anna"])]
    picture = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40
    data = handmade.xlsx_file(handmade.worksheet(rows), {"xl/media/image1.png": picture})
    assert read_participants(data, "liste.xlsx").ok


def test_two_million_empty_rows_are_refused():
    message = only_message(read_participants(handmade.many_empty_rows(), "liste.xlsx"))
    assert "-fache" in message


def test_an_xml_part_with_a_dtd_is_refused():
    sheet = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>' + handmade.worksheet(
        handmade.row(1, ["Name"])
        + '<row r="2"><c r="A2" t="inlineStr"><is><t>&a;</t></is></c></row>'
    )
    message = only_message(read_participants(handmade.xlsx_file(sheet), "liste.xlsx"))
    assert "DTD" in message


# ---------------------------------------------------------------------------- columns and cells


def test_51_columns_are_refused_with_the_line_and_50_read():
    fifty = [["Name", *(f"Spalte {i}" for i in range(2, MAX_COLUMNS + 1))], ["Anna"]]
    assert read_participants(xlsx(fifty), "a.xlsx").ok
    too_wide = [["Name"], ["Anna", *("x" * (MAX_COLUMNS))]]
    message = only_message(read_participants(xlsx(too_wide), "b.xlsx"))
    assert message.startswith("Zeile 2: Die Zeile hat mehr als 50 Spalten")


def test_trailing_empty_columns_do_not_count():
    data = "Name;Verein" + ";" * 80 + "\nAnna;DK" + ";" * 80 + "\n"
    preview = read_participants(data.encode(), "liste.csv")
    assert preview.ok, messages(preview)


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_cell_over_1000_characters_is_refused_with_line_and_column(kind):
    rows = [["Name", "Verein", "Notiz"], ["Anna", "DK", "x" * (MAX_CELL_CHARS + 1)]]
    data = "\n".join(";".join(row) for row in rows).encode() if kind == "csv" else xlsx(rows)
    message = only_message(read_participants(data, f"liste.{kind}"))
    assert message == (
        "Zeile 2: Der Eintrag in Spalte C ist zu lang (1001 Zeichen, höchstens 1000)."
    )


def test_a_name_over_100_characters_is_refused_as_a_name():
    message = only_message(read_participants(b"Name\n" + b"A" * 300 + b"\n", "liste.csv"))
    assert message.startswith("Zeile 2: Der Name ist zu lang (300 Zeichen")


# ---------------------------------------------------------------------------- CSV: quotes


def test_an_unclosed_quote_is_reported_at_its_line():
    data = b'Name;Verein\nAnna;DK\n"Bernd;Kreuz\nCarla;DK\nDora;DK\n'
    message = only_message(read_participants(data, "liste.csv"))
    assert (
        message
        == 'Zeile 3: Ein Anführungszeichen (") wird bis zum Ende der Datei nicht geschlossen.'
    )


def test_a_quote_closed_lines_later_is_not_merged():
    data = b'Name;Verein\nAnna;DK\n"Bernd;Kreuz\nCarla;"DK"\nDora;DK\n'
    message = only_message(read_participants(data, "liste.csv"))
    assert message.startswith('Zeile 3: Ein Anführungszeichen (") wird erst in Zeile 4 geschlossen')


def test_a_quoted_cell_running_over_a_line_break_is_refused():
    data = b'Name;Verein\n"Anna\nBerger";DK\nCarla;DK\n'
    message = only_message(read_participants(data, "liste.csv"))
    assert message.startswith("Zeile 2: Ein Anführungszeichen")
    assert "Zeilenumbrüche in einer Zelle" in message


def test_text_after_a_closing_quote_is_refused_at_its_line():
    message = only_message(read_participants(b'Name\nAnna\n"Bernd" Becker\n', "liste.csv"))
    assert message == 'Zeile 3: Nach einem schließenden Anführungszeichen (") muss „,“ folgen.'


def test_quotes_used_properly_still_work():
    data = 'Name;Verein\n"Müller; Jürgen";"DK ""Herz"" Dame"\nAnna "die Dame" Abel;\n'.encode()
    preview = read_participants(data, "liste.csv")
    assert preview.ok, messages(preview)
    assert [(row.name, row.club) for row in preview.rows] == [
        ("Müller; Jürgen", 'DK "Herz" Dame'),
        ('Anna "die Dame" Abel', ""),
    ]


# ---------------------------------------------------------------------------- CSV: encodings


@pytest.mark.parametrize("boms", [1, 2, 5])
def test_any_number_of_byte_order_marks_is_stripped(boms):
    data = b"\xef\xbb\xbf" * boms + "Name;Verein\nÄnne;Füchse\n".encode()
    preview = read_participants(data, "liste.csv")
    assert preview.ok, messages(preview)
    assert [(row.name, row.club) for row in preview.rows] == [("Änne", "Füchse")]


def test_a_windows_1252_file_is_read():
    preview = read_participants("Name\nJürgen Groß\nÄnne „die Dame“\n".encode("cp1252"), "x.csv")
    assert [row.name for row in preview.rows] == ["Jürgen Groß", "Änne „die Dame“"]


def test_invalid_utf8_in_a_utf8_file_is_refused_with_its_line():
    data = "Name\nJürgen Müller\nÄnne\n".encode() + b"Gro\xdf\nDora\n"
    message = only_message(read_participants(data, "liste.csv"))
    assert message.startswith("Zeile 4: Die Datei ist als UTF-8 gespeichert")
    assert "Byte 31 der Datei" in message


def test_invalid_utf8_after_a_bom_is_refused_with_its_line():
    data = b"\xef\xbb\xbfName\r\nAnna\r\nGro\xdf\r\n"
    message = only_message(read_participants(data, "liste.csv"))
    assert message.startswith("Zeile 3: Die Datei ist als UTF-8 gespeichert")


def test_a_byte_undefined_in_windows_1252_is_refused_with_its_line():
    message = only_message(read_participants(b"Name\nAnna\nJ\xfcrgen\n\x81x\n", "liste.csv"))
    assert message == "Zeile 4: Die Datei ist weder UTF-8 noch Windows-1252 kodiert (Byte 18)."
