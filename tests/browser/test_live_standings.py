"""The public standings page and the projector poll instead of reloading: a 304 while nothing
changed, the new standings swapped in after a confirmation, without loading the page again."""

from __future__ import annotations

import pytest

from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from tests.conftest import example_records

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def polling(settings):
    settings.PUBLIC_POLL_SECONDS = 2


def confirm_table(tournament, number: int, user) -> None:
    sheet = Sheet.objects.get(round__tournament=tournament, table__number=number)
    submit_sheet(
        sheet,
        example_records(sheet.table.size),
        expected_revision=sheet.revision,
        user=user,
        final=True,
        confirm=True,
    )


def watch(page, path: str) -> list[int]:
    statuses: list[int] = []
    page.on(
        "response",
        lambda response: statuses.append(response.status) if path in response.url else None,
    )
    return statuses


def test_standings_page_polls_and_swaps_in_a_confirmation(
    phone, live_server, evening, organiser, polling
):
    confirm_table(evening, 1, organiser)
    path = f"/t/{evening.slug}/tabelle/"
    statuses = watch(phone, path)
    phone.goto(live_server.url + path)
    phone.evaluate("window.notReloaded = true")
    assert "3 von 4 Listen noch offen" in phone.locator("p.open-sheets").inner_text()

    phone.wait_for_timeout(2600)
    assert 304 in statuses[1:]  # asked again, nothing new

    confirm_table(evening, 3, organiser)
    phone.locator("p.open-sheets", has_text="2 von 4 Listen noch offen").wait_for(timeout=6000)
    assert phone.evaluate("window.notReloaded") is True
    assert statuses[0] == 200 and statuses.count(200) >= 2


def test_projector_polls_and_swaps_in_a_confirmation(
    desk, live_server, evening, organiser, polling
):
    confirm_table(evening, 1, organiser)
    path = f"/t/{evening.slug}/beamer/"
    statuses = watch(desk, path)
    desk.goto(live_server.url + path + "?show=standings")
    desk.evaluate("window.notReloaded = true")
    assert "3 von 4" in desk.locator("header .subtitle").inner_text()

    desk.wait_for_timeout(2600)
    assert 304 in statuses[1:]

    confirm_table(evening, 3, organiser)
    desk.locator("header .subtitle", has_text="2 von 4").wait_for(timeout=6000)
    assert desk.evaluate("window.notReloaded") is True
    assert desk.locator("#board .item").count() > 0
