"""Check-in at the desk: the list stays where it is (no reload, no jump to the top); "alle
anwesend" checks in everyone and can be taken back."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login, screenshot
from tests.conftest import EXAMPLES
from tournament.participants.services import import_participants

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_check_in_keeps_the_list_in_place(desk, live_server, tournament, organiser):
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    page = desk
    page.set_viewport_size({"width": 1280, "height": 500})
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/teilnehmer/")
    last = sorted(people, key=lambda p: p.sort_name)[-1]
    row = page.locator(f"#p-{last.pk}")
    row.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    assert before > 0
    page.evaluate("window.__samePage = true")  # gone if the page reloads
    row.locator("button:has-text('Ankunft')").click()
    row.locator("button:has-text('da')").wait_for()
    assert page.evaluate("window.__samePage") is True
    assert page.evaluate("window.scrollY") == before
    assert "anwesend" in row.locator("td.status-cell").inner_text()
    assert "18 angemeldet, 1 anwesend" in page.inner_text("#participants-lead")
    last.refresh_from_db()
    assert last.checked_in

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('alle anwesend')")
    page.wait_for_selector("text=17 Teilnehmer sind jetzt anwesend.")
    assert "18 angemeldet, 18 anwesend" in page.inner_text("#participants-lead")
    screenshot(page, "participants-checked-in-all")
    page.click("button:has-text('„alle anwesend“ rückgängig')")
    page.wait_for_selector("text=Die Ankunft von 17 Teilnehmern ist zurückgenommen.")
    assert "18 angemeldet, 1 anwesend" in page.inner_text("#participants-lead")
