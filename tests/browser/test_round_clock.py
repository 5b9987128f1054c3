"""The round's clock runs out on a captain's phone (390×844) while one table has Nachspielzeit;
the phone's own clock is two hours off and does not matter. The test shifts the clock's start
back instead of waiting the playing time."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import login, screenshot
from tournament.clock import services
from tournament.models import RoundClock, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A phone whose own clock is two hours behind: the countdown must follow the server's time.
SKEWED_CLOCK = "(() => { const real = Date.now; Date.now = () => real() - 2 * 3600 * 1000; })();"


def phone_page(browser, skewed: bool = False):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="de-DE"
    )
    if skewed:
        context.add_init_script(SKEWED_CLOCK)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def link(live_server, evening, number: int) -> str:
    table = Table.objects.get(round__tournament=evening, round__number=1, number=number)
    return f"{live_server.url}/e/{table.entry_token}/"


def seconds_shown(text: str) -> int:
    minutes, seconds = re.fullmatch(r"(\d\d):(\d\d)", text.strip()).groups()
    return int(minutes) * 60 + int(seconds)


def test_the_clock_runs_out_on_a_phone_while_one_table_plays_on(
    browser, desk, live_server, evening
):
    services.start_clock(evening, 1)

    # The desk gives table 2 ten minutes of Nachspielzeit.
    login(desk, live_server)
    desk.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/1/uhr/")
    desk.select_option("#extend-table", "2")
    desk.fill("#extend-minutes", "10")
    desk.fill("#extend-reason", "Tisch kam spät aus der Pause")
    desk.click("#clock-extend")
    desk.wait_for_selector("text=Tisch 2 hat Nachspielzeit.")

    # Eight seconds before the end of the 70 minutes at four.
    shifted = timezone.now() - datetime.timedelta(minutes=70) + datetime.timedelta(seconds=8)
    RoundClock.objects.update(started_at=shifted)

    phone = phone_page(browser, skewed=True)
    phone.goto(link(live_server, evening, 1))
    banner = phone.locator("#round-clock")
    banner.wait_for(state="visible")
    expect(banner.locator("[data-clock-time]")).to_have_text(re.compile(r"\S"))
    left = seconds_shown(banner.locator("[data-clock-time]").inner_text())
    assert 0 < left <= 8, left  # the server's time, not the phone's two hours off
    assert "Die Spielzeit endet bald." in banner.inner_text()  # the warning (5 minutes before)
    screenshot(phone, "clock-captain-running-phone", full_page=False)

    phone.wait_for_selector("#round-clock.clock-up", timeout=15_000)
    assert "Zeit abgelaufen" in banner.inner_text()
    assert "Die Turnierleitung sagt, wie es weitergeht." in banner.inner_text()
    screenshot(phone, "clock-captain-time-up-phone", full_page=False)

    other = phone_page(browser)
    other.goto(link(live_server, evening, 2))
    other.wait_for_selector("#round-clock:not([hidden])")
    expect(other.locator("#round-clock [data-clock-time]")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    own = other.locator("#round-clock")
    assert 9 * 60 < seconds_shown(own.locator("[data-clock-time]").inner_text()) <= 10 * 60
    assert "mit 10 Minuten Nachspielzeit" in own.inner_text()
    assert "clock-up" not in (own.get_attribute("class") or "")
    screenshot(other, "clock-captain-extension-phone", full_page=False)

    desk.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/1/uhr/")
    desk.wait_for_selector("tr[data-clock-table='1'].clock-up")
    assert "Zeit abgelaufen" in desk.inner_text("tr[data-clock-table='1']")
    assert "clock-up" not in (desk.get_attribute("tr[data-clock-table='2']", "class") or "")
    assert "Tisch kam spät aus der Pause" in desk.inner_text("tr[data-clock-table='2']")
    screenshot(desk, "clock-desk")
    desk.goto(link(live_server, evening, 1))
    desk.wait_for_selector("#round-clock.clock-up")
    screenshot(desk, "clock-captain-time-up-desktop", full_page=False)
    other.context.close()
    phone.context.close()


def test_the_projector_and_the_desk_on_a_phone_show_the_clock(browser, desk, live_server, evening):
    services.start_clock(evening, 1)
    services.extend_table(evening, 1, 3, minutes=5, reason="Karten neu gemischt")
    services.pause_clock(evening, 1, reason="Feueralarm")

    desk.goto(f"{live_server.url}/t/{evening.slug}/beamer/")
    desk.wait_for_selector("#round-clock:not([hidden]) .clock-groups li")
    text = desk.inner_text("#round-clock")
    assert "4er-Tische" in text and "5er-Tische" in text and "Tisch 3 (+5)" in text
    assert "Die Uhr ist angehalten." in text
    assert "Karten neu gemischt" not in text
    screenshot(desk, "clock-projector", full_page=False)

    phone = phone_page(browser)
    login(phone, live_server)
    phone.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/1/uhr/")
    phone.wait_for_selector("#clock-resume")
    # Paused right after the start: 85 + 5 minutes stand still.
    assert re.fullmatch(
        r"1:(30:00|29:5\d)", phone.inner_text("tr[data-clock-table='3'] .clock-time")
    )
    screenshot(phone, "clock-desk-phone")
    phone.context.close()


def test_the_desk_takes_back_one_tables_nachspielzeit_on_a_phone_and_at_the_desk(
    browser, desk, live_server, evening
):
    services.start_clock(evening, 1)
    services.extend_table(evening, 1, 2, minutes=5, reason="Streit um eine Absage")
    services.extend_table(evening, 1, 2, minutes=10, reason="Versehentlich eingetragen")
    services.extend_table(evening, 1, 3, minutes=7, reason="Karten neu gemischt")

    phone = phone_page(browser)
    login(phone, live_server)
    phone.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/1/uhr/")
    row = phone.locator("tr[data-clock-table='2']")
    expect(row).to_contain_text("+10 min: Versehentlich eingetragen")
    screenshot(phone, "clock-desk-revoke-phone")
    phone.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Nachspielzeit von Tisch 2 (10 Minuten) zurücknehmen").tap()
    expect(phone.locator("main")).to_contain_text(
        "Die Nachspielzeit von Tisch 2 (10 Minuten) ist zurückgenommen."
    )
    expect(row).not_to_contain_text("Versehentlich eingetragen")
    expect(row).to_contain_text("+5 min: Streit um eine Absage")
    expect(phone.locator("tr[data-clock-table='3']")).to_contain_text("+7 min")
    phone.context.close()

    login(desk, live_server)
    desk.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/1/uhr/")
    expect(desk.locator("tr[data-clock-table='2']")).to_contain_text("+5 min")
    screenshot(desk, "clock-desk-revoke")
