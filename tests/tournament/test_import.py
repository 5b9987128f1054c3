"""Participant import from CSV and XLSX: preview, line-numbered refusals, all or nothing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from openpyxl import Workbook

from tournament.errors import DomainError
from tournament.participants.importing import read_participants
from tournament.participants.services import (
    add_participant,
    import_participants,
    preview_import,
)

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def xlsx(rows) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_example_file_of_18_participants_is_read():
    data = (FIXTURES / "teilnehmer.csv").read_bytes()
    preview = read_participants(data, "teilnehmer.csv")
    assert preview.ok
    assert len(preview.rows) == 18
    assert preview.rows[0].name == "Jürgen Müller"
    assert preview.rows[0].club == "DK Herz-Dame"
    assert preview.rows[0].line == 2


@pytest.mark.parametrize(
    ("data", "names"),
    [
        (b"Name,Verein\nAnna,DK\nBernd,\n", ["Anna", "Bernd"]),
        ("\ufeffname;verein\r\nÄnne;Füchse\r\n".encode(), ["Änne"]),
        ("NAME;Club\nJürgen Groß;X\n".encode("cp1252"), ["Jürgen Groß"]),
        (b"Nr;Name;Geburtstag\n1;Heinz;1.1.1960\n", ["Heinz"]),
        ('Name,Verein\n"Müller, Jürgen","DK, Köln"\n'.encode(), ["Müller, Jürgen"]),
        (b"Name\nAnna\n\n\nBernd\n", ["Anna", "Bernd"]),
    ],
)
def test_csv_variants_are_accepted(data, names):
    preview = read_participants(data, "liste.csv")
    assert preview.ok, preview.errors
    assert [row.name for row in preview.rows] == names


def test_xlsx_is_accepted():
    data = xlsx([["Name", "Verein"], ["Anna", "DK"], ["Bernd", None], [None, None], ["Carla", 12]])
    preview = read_participants(data, "liste.xlsx")
    assert preview.ok
    assert [(r.line, r.name, r.club) for r in preview.rows] == [
        (2, "Anna", "DK"),
        (3, "Bernd", ""),
        (5, "Carla", "12"),
    ]


def test_ignored_columns_are_named():
    preview = read_participants(b"Name;Telefon;Verein\nAnna;0221;DK\n", "x.csv")
    assert preview.ignored_columns == ["Telefon"]


@pytest.mark.parametrize(
    ("data", "filename", "expected"),
    [
        (b"", "leer.csv", "Die Datei ist leer."),
        (
            b"Vorname;Verein\nAnna;DK\n",
            "x.csv",
            "Zeile 1: Die Kopfzeile braucht genau eine Spalte „Name“ (oder „Vorname“",
        ),
        (b"Nachname;Name\nAbel;Anna Abel\nAbel;Anna\nX;\n", "x.csv", "Zeile 4: Der Name fehlt."),
        (b"Name;Name\nAnna;Anna\n", "x.csv", "mehrfach"),
        (b"Name;Verein\n;DK\n", "x.csv", "Zeile 2: Der Name fehlt."),
        (b"Name\n", "x.csv", "keine Teilnehmer"),
        (b"\x00\x01\x02\x03binary\x00\x00", "x.csv", "keine Textdatei"),
        (b"PK\x03\x04garbage", "x.xlsx", "Excel-Datei lässt sich nicht lesen"),
        (b"Name\n" + b"A" * 150 + b"\n", "x.csv", "Zeile 2: Der Name ist zu lang"),
        (("Name\n" + "".join(f"P{i}\n" for i in range(2100))).encode(), "x.csv", "höchstens 2000"),
    ],
)
def test_bad_files_are_refused_with_line_and_reason(data, filename, expected):
    preview = read_participants(data, filename)
    assert not preview.ok
    assert any(expected in str(problem) for problem in preview.errors), [
        str(p) for p in preview.errors
    ]


def test_formula_like_name_is_kept_as_text_with_a_warning():
    preview = read_participants(b"Name\n=1+1\n", "x.csv")
    assert preview.ok
    assert preview.rows[0].name == "=1+1"
    assert "als Text" in str(preview.warnings[0])


def test_import_refusal_leaves_database_unchanged(tournament):
    add_participant(tournament, name="Anna")
    before = list(tournament.participants.values_list("name", flat=True))
    with pytest.raises(DomainError) as info:
        import_participants(tournament, b"Name;Verein\nBernd\n;DK\nCarla\n", "x.csv")
    assert "Zeile 3: Der Name fehlt." in info.value.problems
    assert list(tournament.participants.values_list("name", flat=True)) == before


def test_first_and_last_name_columns_are_joined():
    preview = read_participants(
        "Nachname;Vorname;Verein\nAbel;Anna;DK\nSchäfer; Änne ;\nCher;;\n".encode(), "x.csv"
    )
    assert preview.ok, [str(p) for p in preview.errors]
    assert [(row.name, row.club) for row in preview.rows] == [
        ("Anna Abel", "DK"),
        ("Änne Schäfer", ""),
        ("Cher", ""),
    ]
    assert preview.ignored_columns == []


def test_a_name_column_wins_over_first_and_last_name():
    preview = read_participants(b"Vorname;Nachname;Name\nA;B;Anna Abel\n", "x.csv")
    assert [row.name for row in preview.rows] == ["Anna Abel"]
    assert preview.ignored_columns == ["Vorname", "Nachname"]


def test_duplicate_and_registered_lines_are_skipped_with_a_warning(tournament):
    add_participant(tournament, name="Anna")
    data = b"Name\nBernd\nANNA\nCarla\nbernd\n"
    preview = preview_import(tournament, data, "x.csv")
    assert preview.ok and not preview.errors
    assert [row.name for row in preview.rows] == ["Bernd", "Carla"]
    assert [str(p) for p in preview.skipped] == [
        "Zeile 3: „ANNA“ ist bereits angemeldet.",
        "Zeile 5: „bernd“ steht schon in Zeile 2.",
    ]
    created = import_participants(tournament, data, "x.csv")
    assert [p.name for p in created] == ["Bernd", "Carla"]
    entry = tournament.audit_entries.get(action="participants.imported")
    assert len(entry.details["skipped"]) == 2


def test_a_file_of_only_registered_names_is_refused(tournament):
    add_participant(tournament, name="Anna")
    preview = preview_import(tournament, b"Name\nAnna\n", "x.csv")
    assert not preview.ok
    assert [str(p) for p in preview.errors] == ["Die Datei enthält keine neuen Teilnehmer."]


def test_import_writes_every_row_and_an_audit_entry(tournament):
    created = import_participants(
        tournament, (FIXTURES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv"
    )
    assert len(created) == 18
    assert tournament.participants.count() == 18
    assert tournament.audit_entries.filter(action="participants.imported").exists()


def test_import_page_previews_then_imports(organiser_client, tournament):
    url = reverse("tournament:participant_import", args=[tournament.slug])
    upload = io.BytesIO(b"Name;Verein\nAnna;DK\nBernd;\n")
    upload.name = "liste.csv"
    response = organiser_client.post(url, {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200
    assert "2 Teilnehmer werden angelegt" in page
    assert tournament.participants.count() == 0
    token = response.context["token"]
    response = organiser_client.post(url, {"confirm": "1", "token": token})
    assert response.status_code == 302
    assert sorted(tournament.participants.values_list("name", flat=True)) == ["Anna", "Bernd"]


def test_import_page_shows_problems_and_writes_nothing(organiser_client, tournament):
    url = reverse("tournament:participant_import", args=[tournament.slug])
    upload = io.BytesIO(b"Name;Verein\nAnna\n\n;x\nAnna\n")
    upload.name = "liste.csv"
    response = organiser_client.post(url, {"file": upload})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Zeile 4: Der Name fehlt." in page
    assert "übernehmen</button>" not in page
    assert tournament.participants.count() == 0


def test_import_page_skips_a_duplicate_and_imports_the_rest(organiser_client, tournament):
    url = reverse("tournament:participant_import", args=[tournament.slug])
    upload = io.BytesIO(b"Name\nAnna\nBernd\nanna\n")
    upload.name = "liste.csv"
    response = organiser_client.post(url, {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200
    assert "1 Zeile wird übersprungen" in page
    assert "Zeile 4: „anna“ steht schon in Zeile 2." in page
    assert "2 Teilnehmer übernehmen</button>" in page
    assert tournament.participants.count() == 0
    response = organiser_client.post(url, {"confirm": "1", "token": response.context["token"]})
    assert response.status_code == 302
    assert sorted(tournament.participants.values_list("name", flat=True)) == ["Anna", "Bernd"]


def test_import_confirm_with_a_stale_token_writes_nothing(organiser_client, tournament):
    url = reverse("tournament:participant_import", args=[tournament.slug])
    response = organiser_client.post(url, {"confirm": "1", "token": "forged"})
    assert response.status_code == 302
    assert tournament.participants.count() == 0


def test_import_command(tournament, tmp_path, capsys):
    call_command("import_participants", tournament.slug, str(FIXTURES / "teilnehmer.csv"))
    assert tournament.participants.count() == 18
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"Name;Verein\nNeu\n;DK\n")
    with pytest.raises(CommandError):
        call_command("import_participants", tournament.slug, str(bad))
    assert "Zeile 3" in capsys.readouterr().err
    assert tournament.participants.count() == 18
    again = tmp_path / "again.csv"
    again.write_bytes(b"Name\nNeu\nJ\xfcrgen M\xfcller\n")
    call_command("import_participants", tournament.slug, str(again))
    assert "Zeile 3: „Jürgen Müller“ ist bereits angemeldet." in capsys.readouterr().err
    assert tournament.participants.count() == 19
