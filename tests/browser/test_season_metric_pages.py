"""A season that counts Tischpunkte says so on its organiser page (desktop) and its public page
(phone): the rule in words and the counted column's header; the phone keeps the figure on
screen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from seasons.services import create_season
from tests.browser.conftest import login, screenshot
from tests.seasons.conftest import club as club  # a fixture
from tests.seasons.conftest import play_evening as play_evening
from tournament.models import ClubMembership, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna-Katharina Arndt-Oberhausen", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
NAMES += ["Emil Engel", "Frieda Fuchs-Waldenfels", "Gerd Graf", "Hanna Hahn"]


@pytest.fixture
def season(club, play_evening):
    evenings = [play_evening(club, f"abend-{day}", NAMES, day=day, seed=day) for day in (1, 2)]
    Tournament.objects.filter(pk=evenings[0].pk).update(evening_format="table_points")
    return create_season(
        club,
        "2025",
        name="Jahreswertung 2025",
        tournaments=evenings,
        rule="best",
        best=1,
        metric="table_points",
    )


def test_the_organiser_page_names_the_tischpunkte(desk, live_server, organiser, season):
    ClubMembership.objects.create(
        user=organiser, club=season.club, role=ClubMembership.Role.ORGANISER
    )
    login(desk, live_server)
    desk.goto(live_server.url + reverse("seasons:detail", args=[season.club.slug, "2025"]))
    assert "die besten 1 Abende nach Tischpunkten" in desk.locator("p.lead").inner_text()
    headers = desk.locator("#season-table th").all_inner_texts()
    assert any("Tischpunkte (beste 1)" in text for text in headers)
    assert any("alle Tischpunkte" in text for text in headers)
    screenshot(desk, "season-tischpunkte-desktop")


def test_the_public_page_on_a_phone_keeps_the_tischpunkte(phone, live_server, season):
    phone.goto(live_server.url + f"/v/{season.club.slug}/saison/2025/")
    header = phone.locator("#season-table th", has_text="Tischpunkte (beste 1)")
    box = header.bounding_box()
    assert header.is_visible() and box["x"] + box["width"] <= 390
    assert phone.evaluate(
        "(() => { const w = document.querySelector('#season-table');"
        " return w.scrollWidth <= w.clientWidth; })()"
    )
    screenshot(phone, "season-tischpunkte-390")
