"""Every entry path of the two Doppelkopf rulesets, on the phone (390×844) and at the desk: the
house rules and the DDV's Spielliste. Each path enters games, the page saves them, and what the
pages and files show agrees with the ruleset's scoring of the stored rows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from tests.browser.conftest import login, screenshot
from tests.browser.test_ddv_captain import stored_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_sheet(device: str, page, live_server, tournament, table_number: int = 1) -> Table:
    """The sheet of ``table_number`` in round 1: the captain's link on the phone, the
    organiser's sheet page at the desk."""
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=table_number)
    if device == "phone":
        page.goto(captain_url(table.entry_token))
    else:
        login(page, live_server)
        page.goto(
            live_server.url + reverse("scoring:sheet", args=[tournament.slug, 1, table_number])
        )
    return table


def calculate(page, number: int, kind: str, re: list[int], augen: str) -> None:
    """The calculator of row ``number``: kind, the Re seats, Re's Augen, "Übernehmen"."""
    page.locator(f"tr.game-row[data-game='{number}'] .calc-open").click()
    dialog = page.locator("#calculator")
    dialog.locator(".calc-kind").select_option(kind)
    for seat in re:
        dialog.locator(f".calc-seat[data-seat='{seat}'] input").check()
    dialog.locator(".calc-augen").fill(augen)
    dialog.locator(".calc-result strong").wait_for()
    dialog.locator(".calc-apply").click()
    dialog.wait_for(state="hidden")


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_the_ddv_calculator_fills_the_row_and_closes(
    device,
    request,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    page = request.getfixturevalue(device)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = open_sheet(device, page, live_server, ddv_evening)
    calculate(page, 1, "normal", [1, 2], "150")
    assert page.locator("input[name='g1-winners']").input_value() == "12"
    assert page.locator("input[name='g1-value']").input_value() == "1"
    records = stored_records(table, 1)
    assert records and records[0]["re"] == [1, 2] and records[0]["augen_re"] == 150
    assert errors == []
    screenshot(page, f"ddv-calculator-applied-{device}", full_page=False)
