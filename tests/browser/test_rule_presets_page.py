"""A club's rule preset in a browser: saved from one evening's settings on the phone, picked on
the desk's create page for the next evening, whose rules are then the preset's."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import login, screenshot
from tournament.clubs.logins import found_club
from tournament.events.services import create_tournament
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_preset_saved_on_the_phone_is_picked_for_the_next_evening(
    phone, desk, live_server, organiser
):
    club = found_club(organiser, name="Doko-Club", slug="doko")
    evening = create_tournament(
        name="Donnerstag",
        date=datetime.date(2026, 3, 5),
        club=club,
        user=organiser,
        ruleset="hausregeln",
        ruleset_options={"bock": True, "armut": True, "schmeissen": "redeal"},
    )
    login(phone, live_server)
    phone.goto(live_server.url + f"/verwaltung/{evening.slug}/einstellungen/")
    phone.fill("#id_preset_name", "Donnerstag mit Bock")
    screenshot(phone, "preset-save-phone")
    phone.click("#rule-preset-save button[type=submit]")
    expect(phone.locator("main")).to_contain_text(
        "Die Regeln sind als Vorlage „Donnerstag mit Bock“ des Vereins gespeichert."
    )
    expect(phone.locator("select[name=rule_preset]")).to_contain_text("Donnerstag mit Bock")
    screenshot(phone, "preset-settings-phone")

    login(desk, live_server)
    desk.goto(live_server.url + "/verwaltung/neu/")
    desk.fill("input[name=name]", "Nächster Donnerstag")
    desk.fill("input[name=date]", "2026-03-12")
    desk.select_option("select[name=rule_preset]", label="Donnerstag mit Bock")
    screenshot(desk, "preset-create-desk")
    desk.click("form[data-ruleset-form] button[type=submit]")
    desk.wait_for_url(lambda url: "/teilnehmer/" in url)
    created = Tournament.objects.get(name="Nächster Donnerstag")
    assert created.club == club and created.ruleset == "hausregeln"
    assert created.ruleset_options == Tournament.objects.get(pk=evening.pk).ruleset_options
