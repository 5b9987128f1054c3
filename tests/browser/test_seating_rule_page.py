"""Round 2 in the browser: the organiser picks a seating rule, the round page counts the pairs
who meet again and says why."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login, screenshot
from tournament.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_round_two_drawn_avoiding_repeats_explains_its_repeats(
    desk, phone, live_server, evening, confirm_round
):
    confirm_round(evening)
    login(desk, live_server)
    desk.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/2/")
    assert desk.locator("#id_seating").input_value() == "placement"  # the tournament's rule
    desk.select_option("#id_seating", "drawn_avoid")
    desk.fill("#id_seed", "5")
    desk.click("#draw button[type=submit]")
    desk.wait_for_selector("text=Durchgang 2 ist ausgelost")
    assert Round.objects.get(tournament=evening, number=2).method == "drawn_avoid"
    assert "gelost, Wiederholungen vermeiden" in desk.inner_text(".lead")
    summary = desk.inner_text("#repeat-summary")
    assert summary.startswith("2 Paare treffen sich wieder: 2 davon unvermeidbar")
    screenshot(desk, "seating-rule-round-desk")
    login(phone, live_server)
    phone.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/2/")
    assert phone.inner_text("#repeat-summary") == summary
    screenshot(phone, "seating-rule-round-phone")


def test_the_seating_rule_is_a_setting_of_the_tournament(desk, phone, live_server, evening):
    for page, name in ((desk, "desk"), (phone, "phone")):
        login(page, live_server)
        page.goto(f"{live_server.url}/verwaltung/{evening.slug}/einstellungen/")
        page.select_option("#id_seating_rule", "placement_avoid")
        page.locator("#id_seating_rule").scroll_into_view_if_needed()
        screenshot(page, f"seating-rule-settings-{name}")
    desk.click("main button[type=submit]")
    desk.wait_for_url(lambda url: "/einstellungen/" not in url)
    evening.refresh_from_db()
    assert evening.seating_rule == "placement_avoid"
