"""An organiser registers participants, imports a list and draws round 1 in the browser."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login, screenshot
from tests.conftest import EXAMPLES
from tournament.models import Round, Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_register_participants_and_perform_a_draw(desk, live_server, organiser):
    page = desk
    login(page, live_server)
    page.click("text=Neues Turnier")
    page.fill("#id_name", "Vereinsabend im Löwen")
    page.fill("#id_date", "2025-04-03")
    page.fill("#id_venue", "Gasthaus Löwe")
    page.click("button:has-text('Turnier anlegen')")
    page.wait_for_selector("h1:has-text('Teilnehmer')")

    for name in ("Anna Abel", "Bernd Berg"):
        page.fill("#id_name", name)
        page.press("#id_name", "Enter")
        page.wait_for_selector(f"text={name} ist angemeldet.")

    page.click("text=Import (CSV/Excel)")
    page.set_input_files("input[type=file]", str(EXAMPLES / "teilnehmer.csv"))
    page.click("button:has-text('Vorschau')")
    page.wait_for_selector("text=18 Teilnehmer werden angelegt")
    page.click("button:has-text('18 Teilnehmer übernehmen')")
    page.wait_for_selector("text=18 Teilnehmer wurden übernommen.")
    assert "20 angemeldet" in page.inner_text("main")

    page.click("nav.tournament-bar >> text=Übersicht")
    page.click("text=Durchgang 1 auslosen")
    page.fill("#id_seed", "4711")
    page.click("button:has-text('Digital auslosen')")
    page.wait_for_selector("text=Startwert 4711")
    cards = page.locator("section.table-card")
    assert cards.count() == 5  # 20 players: five 4-player tables
    assert page.locator("section.table-card >> .badge.captain").count() == 5
    screenshot(page, "organiser-round-draft-desk")

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('Freigeben')")
    page.wait_for_selector("text=Durchgang 1 ist freigegeben.")
    round_ = Round.objects.get()
    assert round_.status == Round.Status.RELEASED and round_.seed == 4711
    assert Seat.objects.filter(round=round_).count() == 20
    assert Seat.objects.filter(round=round_).values("participant").distinct().count() == 20

    # A player finds her seat without an account.
    player = page.context.browser.new_context().new_page()
    player.goto(live_server.url + f"/t/{round_.tournament.slug}/wo-sitze-ich/")
    player.fill("#q", "änne")
    player.press("#q", "Enter")
    seat = Seat.objects.get(round=round_, participant__name="Änne Schäfer")
    assert f"Tisch {seat.table.number} · Platz {seat.number}" in player.inner_text("main")
    player.context.close()
