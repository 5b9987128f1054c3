"""A DDV table's time is called: the desk records "Zeit abgelaufen nach Spiel n" with the games
entered prefilled and the sheet says so; the captain's phone offers the same control once the
table's time is up."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.services import submit_sheet
from tests.browser.conftest import login, screenshot
from tests.browser.test_captain_autosave import enter_game
from tests.scoring.test_ddv_desk import RD1, ddv_evening  # noqa: F401
from tournament.clock import services
from tournament.models import RoundClock, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_desk_records_the_time_up_and_the_captain_sees_the_control(
    desk,
    phone,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    sheet = Sheet.objects.get(table=table)
    submit_sheet(sheet, RD1[:2], expected_revision=0)
    services.start_clock(ddv_evening, 1)
    RoundClock.objects.update(started_at=timezone.now() - datetime.timedelta(minutes=101))

    phone.goto(captain_url(table.entry_token))
    field = phone.get_by_label("Zeit abgelaufen nach Spiel")
    expect(field).to_be_visible()
    assert field.input_value() == "2"
    phone.locator("#time-up").scroll_into_view_if_needed()
    screenshot(phone, "ddv-time-up-captain-phone", full_page=False)

    login(desk, live_server)
    desk.goto(live_server.url + reverse("scoring:sheet", args=[ddv_evening.slug, 1, 1]))
    assert desk.get_by_label("Zeit abgelaufen nach Spiel").input_value() == "2"
    desk.get_by_role("button", name="Zeitablauf vermerken").click()
    assert "Der Zeitablauf ist vermerkt." in desk.locator("main").inner_text()
    assert "Zeit abgelaufen nach Spiel 2" in desk.locator("#sheet-rules-status").inner_text()
    screenshot(desk, "ddv-time-up-desk")
    sheet.refresh_from_db()
    assert sheet.time_up_after == 2


def test_a_phone_holding_the_page_shows_the_time_up_control_when_the_clock_runs_out(
    phone,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    """The captain opened the page while the round's time still ran; nobody reloads it. When
    the clock reaches zero the page offers "Zeit abgelaufen" by itself, with the games entered
    meanwhile, and once recorded it says that only Vorführungen follow."""
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    sheet = Sheet.objects.get(table=table)
    submit_sheet(sheet, RD1[:2], expected_revision=0, source="captain")
    services.start_clock(ddv_evening, 1)
    # Six seconds before the end of the 100 minutes at four.
    RoundClock.objects.update(
        started_at=timezone.now() - datetime.timedelta(minutes=100, seconds=-6)
    )

    phone.goto(captain_url(table.entry_token))
    control = phone.locator("#time-up")
    expect(phone.locator("#round-clock")).to_be_visible()
    expect(control).to_be_hidden()
    expect(phone.locator("#round-clock a[href='#time-up']")).to_be_hidden()
    enter_game(phone, 3, "13", "2")  # one more game while the time runs out
    expect(phone.locator("#sync-status")).to_contain_text("alles gespeichert")

    expect(phone.locator("#round-clock")).to_have_class(re.compile("clock-up"), timeout=15_000)
    expect(control).to_be_visible()
    expect(phone.locator("#round-clock a[href='#time-up']")).to_be_visible()
    assert "Die Spielzeit ist abgelaufen" in control.inner_text()
    assert "nur noch Vorführungen" in control.inner_text()
    expect(phone.get_by_label("Zeit abgelaufen nach Spiel")).to_have_value("3")
    screenshot(phone, "ddv-time-up-by-itself-banner-phone", full_page=False)
    control.scroll_into_view_if_needed()
    screenshot(phone, "ddv-time-up-by-itself-phone", full_page=False)

    phone.get_by_role("button", name="Zeitablauf vermerken").tap()
    status = phone.locator("#sheet-rules-status")
    expect(status).to_contain_text("Zeit abgelaufen nach Spiel 3: nur noch Vorführungen")
    expect(status).to_contain_text("muss jetzt spielen")
    assert phone.locator("#time-up").count() == 0
    sheet.refresh_from_db()
    assert sheet.time_up_after == 3
