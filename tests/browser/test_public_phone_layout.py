"""The public pages on a 390-px phone: the standings fit without sideways scrolling (with the
total), every entry of the public menu is reachable; the projector's alphabetical seating list
runs down each column."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.browser.conftest import screenshot
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(organiser):
    call_command(
        "generate_demo",
        players=40,
        rounds=2,
        seed=20250403,
        slug="telefon",
        open_round=True,
        organiser=organiser.username,
        stdout=io.StringIO(),
    )
    tournament = Tournament.objects.get(slug="telefon")
    Tournament.objects.filter(pk=tournament.pk).update(
        name="Doppelkopf-Stadtmeisterschaft Bergisch Gladbach",
        public_seating=True,
        public_standings=True,
        public_rules=True,
        public_projector=True,
    )
    return tournament


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_public_standings_and_menu_fit_a_phone(phone, live_server, demo):
    phone.goto(live_server.url + f"/t/{demo.slug}/tabelle/")
    assert no_sideways_scroll(phone)
    total = phone.locator("table.standings tbody tr").first.locator("td.total")
    assert total.is_visible()
    box = total.bounding_box()
    assert box["x"] + box["width"] <= 390
    links = phone.locator("nav.tournament-bar a")
    assert links.count() >= 4
    for index in range(links.count()):
        link = links.nth(index)
        assert link.is_visible()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, link.inner_text()
    screenshot(phone, "public-standings-390")
    phone.locator("nav.tournament-bar").screenshot(path=str(screenshot_dir() / "menu-390.png"))
    for path in ("", "sitzordnung/", "regeln/"):
        phone.goto(live_server.url + f"/t/{demo.slug}/{path}")
        assert no_sideways_scroll(phone), path


def screenshot_dir():
    from tests.browser.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def test_projector_seating_runs_down_each_column(browser, live_server, demo):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(live_server.url + f"/t/{demo.slug}/beamer/?show=seating")
        items = page.locator("ol.seating-board li.item:visible")
        boxes = [items.nth(i).bounding_box() for i in range(items.count())]
        assert len(boxes) > 4
        columns = sorted({round(box["x"]) for box in boxes})
        assert len(columns) == 2, columns
        first = [box for box in boxes if round(box["x"]) == columns[0]]
        # In document (alphabetical) order: the whole first column, then the second.
        assert boxes[: len(first)] == first
        tops = [box["y"] for box in first]
        assert tops == sorted(tops)
        page.screenshot(path=str(screenshot_dir() / "projector-seating-1920.png"))
    finally:
        context.close()
