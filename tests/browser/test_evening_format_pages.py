"""The evening formats in the browser: the settings page offers them, the standings page shows
the format's column (phone and desktop); the standings PDF is kept for a look."""

from __future__ import annotations

import pytest

from output.printouts.pdf_standings import standings_pdf
from scoring.standings.ranking import compute_standings
from tests.browser.conftest import SCREENSHOTS, login, screenshot
from tests.scoring.test_evening_formats import play
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADERS = {"sum": "Punkte", "table_points": "Tischpunkte", "average": "Schnitt"}


@pytest.fixture
def three_rounds(tournament, add_participants):
    a, b, c, d, e, f, g, h, i = add_participants(tournament, 9)
    play(tournament, 1, [{a: 30, b: 10, c: -10, d: -30}, {e: 20, f: 20, g: -20, h: -20}])
    play(tournament, 2, [{a: 0, b: 0, c: 0, d: 0, i: 60}, {e: 10, f: -10, g: 10, h: -10}])
    play(tournament, 3, [{a: 30, b: -30, c: 0, d: 0}, {e: 0, f: 0, g: 0, i: 30}])
    return tournament


@pytest.mark.parametrize("evening_format", ["sum", "table_points", "average"])
def test_the_standings_page_shows_the_formats_column(
    desk, phone, live_server, three_rounds, evening_format
):
    Tournament.objects.filter(pk=three_rounds.pk).update(
        evening_format=evening_format, average_min_rounds=3
    )
    three_rounds.refresh_from_db()
    for page, name in ((desk, "desk"), (phone, "phone")):
        login(page, live_server)
        page.goto(f"{live_server.url}/verwaltung/{three_rounds.slug}/einstellungen/")
        assert page.locator("#id_evening_format").input_value() == evening_format
        page.locator("#id_evening_format").scroll_into_view_if_needed()
        screenshot(page, f"format-{evening_format}-settings-{name}", full_page=False)
        page.goto(f"{live_server.url}/t/{three_rounds.slug}/tabelle/")
        assert HEADERS[evening_format] in page.inner_text("table.standings thead")
        screenshot(page, f"format-{evening_format}-standings-{name}")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdf = standings_pdf(compute_standings(three_rounds))
    (SCREENSHOTS / f"format-{evening_format}-tabelle.pdf").write_bytes(pdf)
