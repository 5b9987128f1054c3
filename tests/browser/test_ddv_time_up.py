"""A DDV table's time is called: the desk records "Zeit abgelaufen nach Spiel n" with the games
entered prefilled and the sheet says so; the captain's phone offers the same control once the
table's time is up."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.services import submit_sheet
from tests.browser.conftest import login, screenshot
from tests.scoring.test_ddv_desk import RD1, ddv_evening  # noqa: F401
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_desk_records_the_time_up_and_the_captain_sees_the_control(
    desk,
    phone,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
    monkeypatch,
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    sheet = Sheet.objects.get(table=table)
    submit_sheet(sheet, RD1[:2], expected_revision=0)

    from scoring.sheets import views_captain

    monkeypatch.setattr(views_captain, "table_time_up", lambda table: True)
    phone.goto(captain_url(table.entry_token))
    field = phone.get_by_label("Zeit abgelaufen nach Spiel")
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
