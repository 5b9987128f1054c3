"""A ruleset's own standings columns on the public standings page, on a phone and a desk: the
toy ruleset's "Siege" (its deciding metric, emphasised) and "Summe" instead of the house
rules' columns, the deciding column visible on a 390-px phone without sideways scrolling."""

from __future__ import annotations

import pytest

from demo.play import play_round
from tests.browser.conftest import screenshot
from tests.exports.test_toy_ruleset_outputs import WINS, toy_evening
from tests.scoring.test_toy_ruleset import toy_records
from tournament.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["toy_evening"]  # the fixture, used below


def test_toy_standings_page_shows_the_rulesets_columns(
    phone, desk, live_server, toy_evening, organiser
):
    play_round(Round.objects.get(tournament=toy_evening, number=1), toy_records, user=organiser)
    url = live_server.url + f"/t/{toy_evening.slug}/tabelle/"
    desk.goto(url)
    headers = [text.strip() for text in desk.locator("table.standings thead th").all_inner_texts()]
    assert headers == ["Platz", "Name", WINS, "Summe"]
    screenshot(desk, "toy-standings-desk")
    phone.goto(url)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    wins = phone.locator("table.standings tbody tr").first.locator("td.wins")
    assert wins.is_visible() and wins.locator("strong").count() == 1
    box = wins.bounding_box()
    assert box["x"] + box["width"] <= 390
    screenshot(phone, "toy-standings-390")
