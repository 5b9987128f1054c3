"""The results as CSV files per round and table in one ZIP."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from django.urls import reverse

from output.spreadsheets.csv_zip import results_zip

pytestmark = pytest.mark.django_db


def read_zip(data: bytes) -> dict[str, list[list[str]]]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {
            name: list(
                csv.reader(io.StringIO(archive.read(name).decode("utf-8-sig")), delimiter=";")
            )
            for name in archive.namelist()
        }


def test_one_csv_per_round_and_table_with_seating_and_standings(complete_tournament):
    files = read_zip(results_zip(complete_tournament))
    for number in (1, 2):
        assert f"durchgang-{number}/sitzordnung.csv" in files
        for table in (1, 2, 3, 4):
            assert f"durchgang-{number}/tisch-{table:02d}.csv" in files
    assert "tabelle.csv" in files
    table_one = files["durchgang-1/tisch-01.csv"]
    assert table_one[0][:3] == ["Durchgang", "Tisch", "Spiel"]
    assert len(table_one) == 1 + 16  # header and a line per game of a four-player table
    assert all(row[0] == "1" and row[1] == "1" for row in table_one[1:])
    assert len(files["durchgang-1/tisch-03.csv"]) == 1 + 20
    standings = files["tabelle.csv"]
    assert standings[0][0] == "Platz" and len(standings) == 1 + 18


def test_csv_text_never_becomes_a_formula(complete_tournament):
    person = complete_tournament.participants.order_by("name").first()
    person.club = "=HYPERLINK(1)"
    person.save()
    files = read_zip(results_zip(complete_tournament))
    clubs = [row for row in files["durchgang-1/sitzordnung.csv"] if "'=HYPERLINK(1)" in row]
    assert clubs, "the club is kept as text with a leading apostrophe"


def test_csv_zip_download_without_any_confirmed_sheet(organiser_client, evening):
    response = organiser_client.get(reverse("exports:results_csv_zip", args=[evening.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    files = read_zip(response.content)
    assert sorted(files) == ["durchgang-1/sitzordnung.csv"]
