"""A club's Turnierleitung registers an evening from the member list ("wie beim letzten Mal")
and finds the new evening in the season table."""

from __future__ import annotations

import pytest

from seasons.ranking import compute_season
from seasons.services import create_season
from tests.browser.conftest import login, screenshot
from tests.seasons.conftest import club as club  # a fixture
from tests.seasons.conftest import play_evening as play_evening
from tournament.models import ClubMembership, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EIGHT = ["Anna Arndt", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
EIGHT += ["Emil Engel", "Frieda Fuchs", "Gerd Graf", "Hanna Hahn"]


def test_register_an_evening_from_the_member_list_and_see_the_season(
    desk, live_server, organiser, club, play_evening
):
    ClubMembership.objects.create(user=organiser, club=club, role=ClubMembership.Role.ORGANISER)
    january = play_evening(club, "januar", EIGHT)
    create_season(club, "2025", name="Jahreswertung 2025", tournaments=[january])
    page = desk
    login(page, live_server)

    page.click("text=Neues Turnier")
    page.fill("#id_name", "Februarabend")
    page.fill("#id_date", "2025-02-07")
    assert page.input_value("#id_club") == str(club.pk)  # the login's only club, preselected
    page.click("button:has-text('Turnier anlegen')")
    page.wait_for_selector("h1:has-text('Teilnehmer')")

    page.click("#register-members-link")
    page.wait_for_selector("h1:has-text('Mitglieder anmelden')")
    page.click("#like-last-time")
    page.wait_for_selector("#register-members")
    assert page.locator("#register-members input[type=checkbox]:checked").count() == 8
    page.uncheck("#register-members label:has-text('Hanna Hahn') input")
    page.click("button:has-text('Angekreuzte anmelden')")
    page.wait_for_selector("text=7 Mitglieder angemeldet.")
    february = Tournament.objects.get(name="Februarabend")
    assert february.participants.filter(member__isnull=False).count() == 7

    page.goto(live_server.url + f"/verwaltung/vereine/{club.slug}/saisons/2025/einstellungen/")
    page.check(f"input[name=tournaments][value='{february.pk}']")
    page.click("button:has-text('Speichern')")
    page.wait_for_selector("text=Die Saison ist gespeichert.")
    table = page.locator("#season-table")
    leader = compute_season(club.seasons.get()).rows[0]
    assert leader.name in table.inner_text()
    assert "Februarabend" in page.inner_text("main")
    page.click("#season-table th >> text=Name")
    page.wait_for_url(lambda url: "sort=name" in url)
    first_name = page.locator("#season-table tbody tr td.name").first.inner_text()
    assert first_name == "Anna Arndt"
    screenshot(page, "organiser-season-table")
