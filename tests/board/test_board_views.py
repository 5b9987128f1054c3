"""The live board's page and JSON: who may see them, the ETag poll (304 while nothing changed,
news after a captain's entry or a minute), parameters checked, the cards in attention order."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import Sheet, SheetVersion
from scoring.sheets.services import submit_sheet
from tests.conftest import example_records
from tournament.clubs.logins import found_club
from tournament.models import ClubMembership, Tournament

pytestmark = pytest.mark.django_db


def login(name: str, club=None, role=ClubMembership.Role.HELPER) -> Client:
    user = get_user_model().objects.create_user(name, password="ein-langes-passwort-1")
    if club is not None:
        ClubMembership.objects.create(user=user, club=club, role=role)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def club_evening(evening, organiser):
    club = found_club(organiser, name="Doko-Club", slug="doko")
    Tournament.objects.filter(pk=evening.pk).update(club=club)
    evening.refresh_from_db()
    return evening


def urls(tournament, number: int = 1) -> tuple[str, str]:
    return (
        reverse("scoring:board", args=[tournament.slug, number]),
        reverse("scoring:board_data", args=[tournament.slug, number]),
    )


def captain_enters(tournament, table: int, games: int) -> None:
    sheet = Sheet.objects.select_related("table", "round__tournament").get(
        round__tournament=tournament, round__number=1, table__number=table
    )
    submit_sheet(
        sheet,
        example_records(sheet.table.size)[:games],
        expected_revision=sheet.revision,
        source=SheetVersion.Source.CAPTAIN,
    )


def test_organiser_and_helper_see_the_board_captains_and_strangers_do_not(
    club_evening, organiser_client
):
    page, data = urls(club_evening)
    helper = login("helfer", club_evening.club)
    for client in (organiser_client, helper):
        assert client.get(page).status_code == 200
        answer = client.get(data)
        assert answer.status_code == 200 and len(answer.json()["tables"]) == 4
    # Captains and players have no login: to the login page, on the page and the JSON.
    for url in (page, data):
        response = Client().get(url)
        assert response.status_code == 302 and response["Location"].startswith("/konto/")
    # Another club's login: the tournament does not exist for it (JSON on the JSON route).
    other = login("nachbar")
    found_club(get_user_model().objects.get(username="nachbar"), name="Nachbarn", slug="n")
    assert other.get(page).status_code == 404
    answer = other.get(data)
    assert answer.status_code == 404 and "error" in answer.json()


def test_the_json_answers_304_while_nothing_changed_and_news_after_a_captains_entry(
    evening, organiser_client
):
    _, data = urls(evening)
    first = organiser_client.get(data)
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('W/"')
    again = organiser_client.get(data, headers={"if-none-match": etag})
    assert again.status_code == 304 and again["ETag"] == etag and not again.content

    captain_enters(evening, 2, 3)
    fresh = organiser_client.get(data, headers={"if-none-match": etag})
    assert fresh.status_code == 200 and fresh["ETag"] != etag
    table = next(t for t in fresh.json()["tables"] if t["number"] == 2)
    assert (table["games"], table["length"], table["state"]) == (3, 16, "playing")
    assert table["progress"] == "3 von 16 Spielen"


def test_the_json_changes_with_the_minute_so_that_quiet_tables_turn_stuck(
    evening, organiser_client, monkeypatch
):
    _, data = urls(evening)
    etag = organiser_client.get(data)["ETag"]
    later = timezone.now() + datetime.timedelta(minutes=11)
    monkeypatch.setattr("scoring.board.views.timezone.now", lambda: later)
    monkeypatch.setattr("scoring.board.reading.timezone.now", lambda: later)
    answer = organiser_client.get(data, headers={"if-none-match": etag})
    assert answer.status_code == 200
    body = answer.json()
    assert all(table["stuck"] for table in body["tables"])
    assert body["tables"][0]["quiet"] in (
        "seit 10 Minuten nichts eingetragen",
        "seit 11 Minuten nichts eingetragen",
    )


def test_the_cards_come_in_attention_order_or_by_table(evening, organiser_client, organiser):
    sheet = Sheet.objects.select_related("table", "round__tournament").get(
        round__tournament=evening, table__number=3
    )
    submit_sheet(sheet, example_records(5), expected_revision=0, user=organiser, final=True)
    captain_enters(evening, 2, 9)
    _, data = urls(evening)
    body = organiser_client.get(data).json()
    assert [t["number"] for t in body["tables"]] == [3, 1, 4, 2]  # handed in, then fewest games
    assert body["tables"][0]["url"] == reverse("scoring:sheet", args=[evening.slug, 1, 3])
    by_table = organiser_client.get(data, {"sort": "tisch"}).json()
    assert [t["number"] for t in by_table["tables"]] == [1, 2, 3, 4]
    assert body["summary"]["unconfirmed"] == "Nicht bestätigt: Tisch 1, 2, 3, 4"
    assert body["summary"]["left"] == (
        "Bis Durchgang 2 ausgelost werden kann: noch 4 Listen bestätigen, "
        "43 Spiele sind noch einzutragen."
    )


@pytest.mark.parametrize("query", [{"still": "0"}, {"still": "abc"}, {"sort": "name"}])
def test_a_bad_parameter_is_a_json_400_that_says_what_is_wrong(evening, organiser_client, query):
    _, data = urls(evening)
    answer = organiser_client.get(data, query)
    assert answer.status_code == 400
    assert next(iter(query)) in answer.json()["error"]


def test_the_page_takes_the_threshold_and_shows_the_board(evening, organiser_client):
    page, _ = urls(evening)
    html = organiser_client.get(page, {"still": "15"}).content.decode()
    assert 'value="15" selected' in html
    assert "Tisch 4" in html and "noch nichts eingetragen" in html
    assert 'src="/static/js/board.js"' in html and 'type="module"' in html
    # A typed address with a wrong number shows the default instead of failing.
    assert organiser_client.get(page, {"still": "9999"}).status_code == 200


def test_a_round_not_released_has_no_board(evening, organiser_client):
    page, data = urls(evening, number=2)
    assert organiser_client.get(page).status_code == 404
    assert organiser_client.get(data).status_code == 404


def test_the_board_speaks_english_when_asked(evening, organiser_client, settings):
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    _, data = urls(evening)
    body = organiser_client.get(data).json()
    table = body["tables"][0]
    assert table["state_label"] == "in play"
    assert table["last_entry_text"] == "nothing entered yet"
    assert table["progress"] == "0 of 16 games"
    assert body["summary"]["left"].startswith("Before round 2 can be drawn: 4 sheets to confirm")


def test_another_threshold_is_another_answer(evening, organiser_client, settings):
    _, data = urls(evening)
    etag = organiser_client.get(data)["ETag"]
    settings.BOARD_STUCK_MINUTES = 20  # the default changed (a restart with another setting)
    answer = organiser_client.get(data, headers={"if-none-match": etag})
    assert answer.status_code == 200 and answer.json()["stuck_after"] == 20
