"""Money at the desk and at the ceremony: a Helfer's phone marks who paid with one tap (the
list stays, no reload); the organiser types the prize table, sees a wrong field named, and
reads the prize list of the evening."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login, screenshot
from tournament.fees.services import save_prizes
from tournament.models import FeePayment, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_paid_with_one_tap_on_a_phone(phone, live_server, evening):
    save_prizes(
        evening,
        member_fee_cents=800,
        guest_fee_cents=1000,
        payout_percent=90,
        one_per_table=False,
        lines=[],
        version=0,
    )
    page = phone
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/teilnehmer/")
    lead = page.inner_text("#participants-lead")
    player = evening.participants.order_by("name").first()
    row = page.locator(f"#p-{player.pk}")
    page.evaluate("window.__samePage = true")
    row.locator("button:has-text('bezahlt')").click()
    row.locator("button:has-text('✓ 10 €')").wait_for()
    assert page.evaluate("window.__samePage") is True
    assert page.inner_text("#participants-lead") == lead  # not touched by the fee's answer
    assert FeePayment.objects.get(participant=player).amount_cents == 1000
    screenshot(page, "prizes-paid-phone")


def test_the_prize_table_and_the_prize_list(desk, live_server, evening, confirm_round):
    Tournament.objects.filter(pk=evening.pk).update(rounds_count=1)
    confirm_round(evening, 1)
    page = desk
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/startgeld/")
    page.fill("#id_guest_fee", "10")
    page.fill("#id_payout_percent", "90")
    page.fill("#id_money_1", "40 %")
    page.fill("#id_money_2", "dreißig")
    page.fill("#id_goods_3", "Präsentkorb")
    page.click("#prize-settings button[type=submit]")
    page.wait_for_selector("text=„dreißig“ ist weder ein Betrag")
    screenshot(page, "prizes-settings-error")
    page.fill("#id_money_2", "30 %")
    page.click("#prize-settings button[type=submit]")
    page.wait_for_selector("text=Startgeld und Preise sind gespeichert.")
    for player in evening.participants.all():
        FeePayment.objects.create(participant=player, amount_cents=1000)
    page.click("a:has-text('Preisliste')")
    page.wait_for_selector("table.prize-list")
    assert "Topf 180 € · Preisgeld 162 € (90 %)" in page.inner_text("main")
    assert "Präsentkorb" in page.inner_text("table.prize-list")
    screenshot(page, "prizes-list-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    screenshot(page, "prizes-list-phone")
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/startgeld/")
    screenshot(page, "prizes-settings-phone")
