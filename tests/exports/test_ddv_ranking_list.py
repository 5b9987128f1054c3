"""Results for ranking lists and the standings of a DDV tournament: Spielpunkte per round, the
sum, the average per round, games and solos, through the ruleset's standings columns."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from output.printouts.pdf_standings import standings_pdf
from scoring.evening.rounds import draw_round, release_round
from scoring.standings.ranking import compute_standings

from .conftest import pdf_text, play_ddv_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def ddv_two_rounds(ddv_evening, organiser):
    play_ddv_round(ddv_evening, 1)
    draw_round(ddv_evening, 2, seed=4711, user=organiser)
    release_round(ddv_evening, 2, user=organiser)
    play_ddv_round(ddv_evening, 2, seed=50)
    return ddv_evening


def test_the_ddv_ranking_list_has_spielpunkte_per_round_sum_and_average(
    ddv_two_rounds, organiser_client, keep_output
):
    slug = ddv_two_rounds.slug
    response = organiser_client.get(reverse("exports:ranking_list_xlsx", args=[slug]))
    assert response.status_code == 200
    keep_output("ddv-ergebnisse.xlsx", response.content)
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert rows[0][4:] == (
        "Spielpunkte Durchgang 1",
        "Spielpunkte Durchgang 2",
        "Summe",
        "Schnitt je Durchgang",
    )
    standings = {row.name: row for row in compute_standings(ddv_two_rounds).rows}
    assert len(rows) == 1 + 18
    # Every round's Spielpunkte sum to 0 but for the penalty lines' points.
    assert any(row[4] != 0 for row in rows[1:])
    for place, name, _club, rounds, first, second, total, average in rows[1:]:
        row = standings[name]
        assert (place, first, second, total) == (row.rank, *row.rounds, row.total)
        assert rounds == 2 and first + second == total
        assert average == pytest.approx(round(total / 2, 2))
    csv_response = organiser_client.get(reverse("exports:ranking_list_csv", args=[slug]))
    text = csv_response.content.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert lines[0][-1] == "Schnitt je Durchgang" and len(lines) == 19
    # Every average is a number a German spreadsheet reads, also below zero ("-1,25").
    averages = {line[1]: line[-1] for line in lines[1:]}
    assert any(average.startswith("-") for average in averages.values()), averages
    for name, average in averages.items():
        assert float(average.replace(",", ".")) == pytest.approx(
            round(standings[name].total / 2, 2)
        )


def test_the_ddv_standings_show_spielpunkte_games_and_solos(ddv_two_rounds, organiser_client):
    keys = [spec.key for spec in ddv_two_rounds.rules.standings_columns()]
    assert keys == ["rank", "name", "club", "rounds", "total", "games_won", "games_played", "solos"]
    standings = compute_standings(ddv_two_rounds)
    # Every player played every game of both rounds but the ones sat out at five.
    assert all(row.games_played > 0 for row in standings.rows)
    assert sum(row.solos for row in standings.rows) >= 2 * 18  # one Pflichtsolo each round
    response = organiser_client.get(reverse("exports:standings_pdf", args=[ddv_two_rounds.slug]))
    _pages, texts = pdf_text(response.content)
    assert "Soli" in texts[0] and "Gesamt" in texts[0] and "D2" in texts[0]


def test_the_ddv_standings_pdf_note_names_the_ddv_metrics(ddv_evening):
    play_ddv_round(ddv_evening, 1)
    _pages, texts = pdf_text(standings_pdf(compute_standings(ddv_evening, 1)))
    text = " ".join(" ".join(texts).split())
    assert (
        "bei Punktgleichheit entscheiden gewonnene Spiele (mit Pluspunkten), Spielpunkte im "
        "letzten Durchgang;" in text
    )
