"""The projector's show in a browser: it turns to the next slide by itself, drops the standings
when the organiser hides them (without reloading), marks a network drop and recovers; the
desk's announcement editor at desktop and phone size."""

from __future__ import annotations

import pytest

from public.show.announcements import add_announcement
from tests.browser.conftest import login, screenshot
from tournament.events.services import update_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def polling(settings):
    settings.PUBLIC_POLL_SECONDS = 1


def showing(page) -> str:
    return page.evaluate("document.body.getAttribute('data-showing')")


def test_the_projector_rotates_and_drops_hidden_standings(
    browser, live_server, evening, organiser, confirm_round, polling
):
    confirm_round(evening, 1)
    add_announcement(evening, text="Siegerehrung um 23 Uhr", user=organiser)
    update_tournament(evening, slide_seconds=5)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(live_server.url + f"/t/{evening.slug}/beamer/")
        page.evaluate("window.notReloaded = true")
        assert showing(page) == "seating"
        assert page.locator("header .subtitle").inner_text().startswith("Wo sitze ich?")
        page.locator("body[data-showing=announcements]").wait_for(state="attached", timeout=8000)
        assert page.locator(".slide-announcements").is_visible()
        assert page.locator(".slide-seating").is_hidden()
        screenshot(page, "projector-show-announcement", full_page=False)
        page.locator("body[data-showing=standings]").wait_for(state="attached", timeout=8000)
        assert "Stand nach Durchgang 1" in page.locator("header .subtitle").inner_text()
        screenshot(page, "projector-show-standings", full_page=False)

        update_tournament(evening, public_standings=False)
        # The next poll swaps in slides without the standings and the show moves on at once.
        page.locator(".slide-standings").wait_for(state="detached", timeout=6000)
        assert showing(page) != "standings"
        assert "Stand nach Durchgang" not in page.content()
        seen = set()
        for _ in range(12):
            page.wait_for_timeout(1000)
            seen.add(showing(page))
        assert "standings" not in seen and "seating" in seen
        assert page.evaluate("window.notReloaded") is True
    finally:
        context.close()


def test_the_projector_keeps_its_slides_while_offline_and_recovers(
    browser, live_server, evening, polling
):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="de-DE")
    page = context.new_page()
    try:
        url = live_server.url + f"/t/{evening.slug}/beamer/"
        page.goto(url)
        names = page.locator(".slide-seating .item").count()
        assert names == 18 and page.locator("#offline").is_hidden()
        page.route(url, lambda route: route.abort("internetdisconnected"))
        page.locator("#offline").wait_for(state="visible", timeout=6000)
        assert page.locator("#offline").inner_text().startswith("offline seit ")
        assert page.locator(".slide-seating .item").count() == names  # the last good data
        screenshot(page, "projector-show-offline", full_page=False)
        page.unroute(url)
        page.locator("#offline").wait_for(state="hidden", timeout=6000)
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_announcement_editor_at_desk_and_phone_size(
    request, live_server, evening, organiser, size
):
    page = request.getfixturevalue(size)
    add_announcement(evening, text="Pause bis 21:15", user=organiser)
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/beamer/ansagen/")
    page.fill("#id_text", "Siegerehrung um 23 Uhr")
    page.click("form.announcement-new button[type=submit]")
    rows = page.locator(".announcement-row input[type=text]")
    rows.nth(1).wait_for()
    assert [rows.nth(i).input_value() for i in range(2)] == [
        "Pause bis 21:15",
        "Siegerehrung um 23 Uhr",
    ]
    page.locator(".announcement-row").nth(1).locator("button[value=up]").click()
    page.wait_for_load_state()
    assert page.locator(".announcement-row input[type=text]").first.input_value() == (
        "Siegerehrung um 23 Uhr"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the editor scrolls sideways"
    screenshot(page, f"announcements-{size}")
