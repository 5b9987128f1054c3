"""The results per player and round for ranking lists (DDV): CSV and Excel read back."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring.standings.ranking import compute_standings
from tournament.models import Participant

pytestmark = pytest.mark.django_db


def test_the_workbook_has_one_row_per_player_with_points_per_round(
    complete_tournament, organiser_client, keep_output
):
    response = organiser_client.get(
        reverse("exports:ranking_list_xlsx", args=[complete_tournament.slug])
    )
    assert response.status_code == 200
    keep_output("ergebnisse-je-durchgang.xlsx", response.content)
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert rows[0] == (
        "Platz",
        "Name",
        "Verein",
        "Durchgänge",
        "Spielpunkte Durchgang 1",
        "Spielpunkte Durchgang 2",
        "Summe",
        "Schnitt je Durchgang",
    )
    standings = {row.name: row for row in compute_standings(complete_tournament).rows}
    assert len(rows) == 1 + 18
    for place, name, club, rounds, first, second, total, average in rows[1:]:
        row = standings[name]
        assert (club or "", first, second, total) == (row.club, *row.rounds, row.total)
        assert rounds == 2
        assert average == pytest.approx(round(total / 2, 2))
        assert place == row.rank


def test_the_csv_is_safe_and_german(complete_tournament, organiser_client):
    player = Participant.objects.filter(tournament=complete_tournament).order_by("pk").first()
    Participant.objects.filter(pk=player.pk).update(club="=HYPERLINK(1)")
    response = organiser_client.get(
        reverse("exports:ranking_list_csv", args=[complete_tournament.slug])
    )
    assert response.status_code == 200
    data = response.content
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["Platz", "Name", "Verein", "Durchgänge"]
    clubs = [row[2] for row in rows[1:]]
    assert "'=HYPERLINK(1)" in clubs
    assert all("," in row[-1] for row in rows[1:])  # "12,50"
    assert len(rows) == 19


def test_no_confirmed_game_yet_is_refused_with_the_reason(evening, organiser_client):
    response = organiser_client.get(reverse("exports:ranking_list_csv", args=[evening.slug]))
    assert response.status_code == 400
    assert "Noch keine bestätigten Spiele" in response.content.decode()
