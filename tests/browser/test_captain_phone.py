"""A captain enters the table's sheet on a phone through the link of the QR code; the organiser
confirms it at the desk; the players see the standings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from tests.browser.conftest import login, screenshot
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_captain_enters_a_sheet_on_a_phone_and_the_organiser_confirms(
    phone, desk, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=evening, round__number=1, number=2)
    link = captain_url(table.entry_token)  # what the QR code on the printed sheet holds
    assert link.startswith(live_server.url)

    phone.goto(link)
    assert "Tisch 2 · Durchgang 1" in phone.inner_text("h1")
    assert phone.locator("table.sheet thead").is_hidden()  # phone layout: names in the legend
    phone.tap("input[name=g1-winners]")
    for game in range(1, 17):
        phone.keyboard.type("14" if game % 2 else "23")
        phone.keyboard.press("Tab")
        phone.keyboard.type(str(1 + game % 3))
        phone.keyboard.press("Enter")
    phone.wait_for_selector("#sheet-status:has-text('16 von 16')")
    screenshot(phone, "captain-sheet-phone")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.tap("button[name=submit]")
    phone.wait_for_selector("text=Die Liste ist abgegeben")
    sheet = Sheet.objects.get(table=table)
    assert sheet.status == Sheet.Status.SUBMITTED
    assert set(sheet.versions.values_list("source", flat=True)) == {"captain"}

    login(desk, live_server)
    desk.goto(live_server.url + f"/verwaltung/{evening.slug}/")
    desk.click("a.pending-link")
    desk.wait_for_selector("text=1 abgegeben")
    desk.click("a:has-text('Prüfen')")
    desk.click("button:has-text('Bestätigen')")
    desk.wait_for_selector("text=Die Liste ist bestätigt und zählt in der Tabelle.")
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED

    phone.reload()
    assert "Die Liste ist bestätigt" in phone.inner_text("main")
    phone.goto(live_server.url + f"/t/{evening.slug}/tabelle/")
    captain = table.seats.get(number=1).participant.name
    assert captain in phone.inner_text("table.standings")
    screenshot(phone, "public-standings-phone")


def columns_fit(page, selector: str) -> list[str]:
    """The cells of ``selector`` that end beyond the phone's screen (or are cut by their box)."""
    return page.evaluate(
        """selector => {
            const width = document.documentElement.clientWidth;
            const cut = [];
            document.querySelectorAll(selector).forEach((cell, index) => {
                const box = cell.getBoundingClientRect();
                const wrap = cell.closest('.table-wrap');
                const edge = wrap ? Math.min(width, wrap.getBoundingClientRect().right) : width;
                if (box.right > edge + 0.5) cut.push(index + ': ' + cell.textContent.trim());
            });
            return cut;
        }""",
        selector,
    )


@pytest.mark.parametrize("table_number", [1, 3])
def test_the_handed_in_sheet_shows_every_seat_on_a_phone(
    phone, live_server, evening, settings, table_number
):
    """Seat 4 (and 5 at a five-player table) is on the screen, without sideways scrolling."""
    from scoring.sheets.services import submit_sheet
    from tests.conftest import example_records

    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=evening, round__number=1, number=table_number)
    sheet = Sheet.objects.get(table=table)
    submit_sheet(
        sheet, example_records(table.size), expected_revision=0, source="captain", final=True
    )
    phone.goto(captain_url(table.entry_token))
    phone.wait_for_selector("text=Die Liste ist abgegeben")
    screenshot(phone, f"captain-handed-in-{table.size}")
    assert columns_fit(phone, "table.sheet.readonly td, table.sheet.readonly th") == []
    wrap = phone.locator(".sheet-wrap")
    assert wrap.evaluate("box => box.scrollWidth <= box.clientWidth + 1")
    last = phone.locator("table.sheet.readonly tfoot td:nth-last-child(1)")
    assert last.is_visible()


def test_offline_the_sheet_shows_what_was_typed_and_that_points_come_later(
    phone, live_server, evening, settings
):
    """No second rules engine on the phone: offline a game shows its winners and value, its
    points and every total say they come with the connection; then the server's points."""
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=evening, round__number=1, number=1)
    phone.goto(captain_url(table.entry_token))
    phone.locator("#first-use-close").tap()
    phone.tap("input[name=g1-winners]")
    phone.keyboard.type("14")
    phone.keyboard.press("Tab")
    phone.keyboard.type("2")
    phone.keyboard.press("Enter")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    first = phone.locator("tr.game-row[data-game='1'] td.points-cell[data-seat='1'] .points")
    assert first.inner_text() == "+2"

    phone.context.set_offline(True)
    phone.keyboard.type("23")
    phone.keyboard.press("Tab")
    phone.keyboard.type("3")
    phone.keyboard.press("Enter")
    info = phone.locator("tr.row-info[data-game='2'] .info-cell")
    info.wait_for(state="visible")
    # A locator assertion, not wait_for_function: a string is evaluated, which the page's CSP
    # (script-src 'self') refuses once the page has been served again by its service worker.
    expect(info).to_contain_text("Sieger 23 · Wert 3 – wird berechnet")
    assert "sobald die Verbindung da ist" in phone.inner_text(".bar-zero")
    assert phone.locator(".bar-total strong").first.inner_text() == "…"
    assert first.inner_text() == "+2"  # what the server scored stays
    assert phone.inner_text("#sheet-status") == "2 von 16 Spielen"
    screenshot(phone, "captain-offline-unscored", full_page=False)

    phone.context.set_offline(False)
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    second = phone.locator("tr.game-row[data-game='2'] td.points-cell[data-seat='2'] .points")
    second.wait_for()
    assert second.inner_text() == "+3"
    assert "wird berechnet" not in phone.inner_text("form#sheet-form")
    assert phone.inner_text(".bar-zero").endswith("= 0")
