"""Standings pages and the read-only JSON API, with their query budgets."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from output.reports import display, standings_rows
from scoring.evening.rounds import draw_round, release_round
from scoring.standings.columns import PDF
from scoring.standings.ranking import compute_standings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [8, 40])
def test_standings_pages_run_a_fixed_number_of_queries(
    client,
    organiser_client,
    tournament,
    add_participants,
    confirm_round,
    django_assert_max_num_queries,
    players,
):
    add_participants(tournament, players)
    draw_round(tournament, 1, seed=3)
    release_round(tournament, 1)
    confirm_round(tournament)
    with django_assert_max_num_queries(10):
        response = client.get(reverse("public:standings", args=[tournament.slug]))
    assert response.status_code == 200
    with django_assert_max_num_queries(10):
        response = organiser_client.get(reverse("scoring:standings", args=[tournament.slug]))
    assert response.status_code == 200
    with django_assert_max_num_queries(10):
        response = client.get(reverse("api:standings", args=[tournament.slug]))
    assert len(response.json()) == players


def test_standings_api_shape_and_after_round(client, evening, confirm_round):
    confirm_round(evening)
    data = client.get(f"/api/t/{evening.slug}/standings?after_round=1").json()
    assert data[0] == {
        "rank": 1,
        "name": data[0]["name"],
        "points": 48,
        "rounds": [48],
        "games_won": 8,
        "games": data[0]["games"],
        "withdrawn": False,
    }
    assert {row["games"] for row in data} == {16}  # a 5-table: the dealer sits out
    assert sum(row["points"] for row in data) == 0
    assert client.get(f"/api/t/{evening.slug}/standings?after_round=9").status_code == 400
    assert client.get(f"/api/t/{evening.slug}/standings?after_round=x").status_code == 400
    assert client.get("/api/t/unknown/standings").status_code == 404


def test_tables_api_lists_seats_with_captain(client, evening):
    data = client.get(f"/api/t/{evening.slug}/rounds/1/tables").json()
    assert [entry["table"] for entry in data] == [1, 2, 3, 4]
    assert data[0]["players"][0] == {"seat": 1, "name": "Jürgen Müller", "captain": True}
    assert len(data[2]["players"]) == 5
    assert client.get(f"/api/t/{evening.slug}/rounds/2/tables").status_code == 404


def test_draft_round_is_not_in_the_api(client, tournament, add_participants):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=1)
    assert client.get(f"/api/t/{tournament.slug}/rounds/1/tables").status_code == 404


def test_standings_table_sorts_and_shows_round_columns(organiser_client, evening, confirm_round):
    confirm_round(evening)
    url = reverse("scoring:standings", args=[evening.slug])
    page = organiser_client.get(url).content.decode()
    assert "Durchg. 1" in page and "Dieter Bäcker" in page
    by_name = organiser_client.get(url, {"sort": "name"}).context["table"]
    names = [row.record.name for row in by_name.rows]
    assert names == sorted(names, key=str.casefold) or names == sorted(names)
    response = organiser_client.get(url, {"after_round": "7"})
    assert response.status_code == 400


def test_public_standings_switch(client, evening):
    evening.public_standings = False
    evening.save()
    assert client.get(reverse("public:standings", args=[evening.slug])).status_code == 404
    assert client.get(f"/api/t/{evening.slug}/standings").status_code == 404


def test_games_played_column_and_withdrawn_players_marked(
    client, organiser_client, evening, confirm_round
):
    confirm_round(evening)
    leaver = evening.participants.get(name="Dieter Bäcker")
    leaver.withdrawn = True
    leaver.save()
    page = organiser_client.get(reverse("scoring:standings", args=[evening.slug]))
    html = page.content.decode()
    assert "<th" in html and ">Spiele<" in html
    badge = '<span class="badge withdrawn">abgemeldet</span>'
    assert html.count(badge) == 1
    assert re.search(r"Dieter Bäcker(</a>)? " + re.escape(badge), html)
    data = client.get(f"/api/t/{evening.slug}/standings").json()
    record = next(row for row in data if row["name"] == "Dieter Bäcker")
    assert record["withdrawn"] is True and record["games"] == 16
    projector = client.get(reverse("public:projector", args=[evening.slug]) + "?show=standings")
    assert "Dieter Bäcker (abgemeldet)" in projector.content.decode()


def play_table(tournament, number: int, table: int) -> None:
    from demo.play import play_sheet
    from scoring.models import Sheet
    from tests.conftest import example_records

    sheet = Sheet.objects.get(
        round__tournament=tournament, round__number=number, table__number=table
    )
    play_sheet(sheet, example_records(sheet.table.seats.count()))


def test_only_confirmed_sheets_count_and_open_sheets_are_named(client, organiser_client, evening):
    from scoring.standings.ranking import compute_standings

    standings = compute_standings(evening)
    assert (standings.after_round, standings.rows) == (0, ())
    assert standings.open_sheets.label == "Durchgang 1: 4 von 4 Listen noch offen"
    page = organiser_client.get(reverse("scoring:standings", args=[evening.slug])).content
    assert "Stand nach Durchgang" not in page.decode() and "4 von 4 Listen" in page.decode()

    play_table(evening, 1, 1)
    standings = compute_standings(evening)
    assert standings.after_round == 1
    assert sum(row.games_played for row in standings.rows) == 4 * 16  # table 1 only
    for user, url in (
        (organiser_client, reverse("scoring:standings", args=[evening.slug])),
        (client, reverse("public:standings", args=[evening.slug])),
        (client, reverse("public:projector", args=[evening.slug]) + "?show=standings"),
    ):
        page = user.get(url).content.decode()
        assert "Stand nach Durchgang 1" in page, url
        assert "Durchgang 1: 3 von 4 Listen noch offen" in page, url


def test_a_released_round_without_a_confirmed_sheet_is_no_column(
    organiser_client, evening, organiser, confirm_round
):
    from scoring.standings.ranking import compute_standings

    confirm_round(evening)
    draw_round(evening, 2, seed=5, user=organiser)
    release_round(evening, 2, user=organiser)
    standings = compute_standings(evening)
    assert standings.after_round == 1 and all(len(row.rounds) == 1 for row in standings.rows)
    assert standings.open_sheets.label == "Durchgang 2: 4 von 4 Listen noch offen"
    assert compute_standings(evening, 2).after_round == 1
    page = organiser_client.get(reverse("scoring:standings", args=[evening.slug])).content.decode()
    assert "Durchg. 1" in page and "Durchg. 2" not in page
    assert "Stand nach Durchgang 1" in page and "4 von 4 Listen noch offen" in page
    play_table(evening, 2, 4)
    standings = compute_standings(evening)
    assert standings.after_round == 2
    assert standings.open_sheets.label == "Durchgang 2: 3 von 4 Listen noch offen"


def test_negative_points_carry_a_real_minus_on_the_desk_the_projector_and_the_printout(
    client, organiser_client, evening, confirm_round
):
    confirm_round(evening)
    standings = compute_standings(evening)
    lowest = min(row.total for row in standings.rows)
    assert lowest < 0
    minus, hyphen = f"−{-lowest}", f">{lowest}<"
    for page in (
        organiser_client.get(reverse("scoring:standings", args=[evening.slug])),
        client.get(reverse("public:standings", args=[evening.slug])),
        client.get(reverse("public:projector", args=[evening.slug])),
    ):
        html = page.content.decode()
        assert minus in html and hyphen not in html
        assert not re.search(r">\s*-\d", html)
    report = standings_rows(standings, PDF)
    printed = [
        display(value, column.kind)
        for row in report.rows
        for value, column in zip(row, report.columns, strict=True)
    ]
    assert minus in printed and str(lowest) not in printed
