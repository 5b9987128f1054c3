"""The public season page on a 390-px phone: like the tournament's standings, the figure the
season ranks by stays on screen (no sideways scrolling inside the table); the rest is for wider
screens."""

from __future__ import annotations

import pytest

from scoring.models import Season
from seasons.services import create_season
from tests.browser.conftest import screenshot
from tests.seasons.conftest import club as club  # a fixture
from tests.seasons.conftest import play_evening as play_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna-Katharina Arndt-Oberhausen", "Bernd Bauer", "Carla Cramer", "Dieter Dorn"]
NAMES += ["Emil Engel", "Frieda Fuchs-Waldenfels", "Gerd Graf", "Hanna Hahn"]


@pytest.mark.parametrize(
    ("rule", "ranked_by"), [(Season.Rule.SUM, "td.total"), (Season.Rule.BEST, "td.total")]
)
def test_the_season_points_stay_on_a_phone(phone, live_server, club, play_evening, rule, ranked_by):
    evenings = [play_evening(club, f"abend-{day}", NAMES, day=day) for day in (1, 2)]
    create_season(
        club,
        "2025",
        name="Jahreswertung 2025",
        tournaments=evenings,
        rule=rule,
        best=1 if rule == Season.Rule.BEST else None,
    )
    phone.goto(live_server.url + f"/v/{club.slug}/saison/2025/")
    wrap = phone.locator("#season-table")
    assert phone.evaluate(
        "(() => { const w = document.querySelector('#season-table');"
        " return w.scrollWidth <= w.clientWidth; })()"
    )
    for row in range(phone.locator("#season-table tbody tr").count()):
        cell = phone.locator("#season-table tbody tr").nth(row).locator(ranked_by)
        box = cell.bounding_box()
        assert cell.is_visible() and box["x"] + box["width"] <= 390, row
    assert wrap.locator("th", has_text="Durchgänge").is_hidden()
    screenshot(phone, f"public-season-390-{rule}")


def test_the_average_rule_keeps_the_average_on_a_phone(phone, live_server, club, play_evening):
    evenings = [play_evening(club, f"abend-{day}", NAMES, day=day) for day in (1, 2)]
    create_season(club, "2025", name="Schnitt", tournaments=evenings, rule=Season.Rule.AVERAGE)
    phone.goto(live_server.url + f"/v/{club.slug}/saison/2025/")
    header = phone.locator("#season-table th", has_text="Schnitt")
    assert header.is_visible()
    box = header.bounding_box()
    assert box["x"] + box["width"] <= 390
    assert phone.locator("#season-table th", has_text="Punkte").is_hidden()
