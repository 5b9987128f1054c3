"""When the server answers a save with an error, the captain's phone says what happened and what
to do, not "Keine Verbindung … werden von selbst gesendet" for ever: a revoked link sends the
captain to the desk for the new link or short code, a busy server is tried again by itself."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_captain_autosave import captain_link, enter_game, wait_for_server
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_revoked_link_sends_the_captain_to_the_desk_and_keeps_the_games(
    phone, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    phone.goto(link)
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    Table.objects.filter(pk=table.pk).update(token_revoked=True)

    enter_game(phone, 2, "23", "3")
    banner = phone.locator("#sync-banner")
    banner.wait_for(state="visible")
    phone.wait_for_selector("#sync-banner:has-text('gilt nicht mehr')")
    text = banner.inner_text()
    assert "Turnierleitung" in text and "Kurzcode" in text
    assert "Keine Verbindung" not in text
    status = phone.inner_text("#sync-status")
    assert "nicht gesendet" in status and "offline" not in status
    screenshot(phone, "captain-link-revoked", full_page=False)
    # The game stays on the phone for the new link.
    kept = phone.evaluate(
        "JSON.parse(localStorage.getItem(Object.keys(localStorage)"
        ".find(k => k.startsWith('doko-sheet:')))).local"
    )
    assert kept["2"]["winners"] == "23" and kept["2"]["value"] == "3"
    assert len(wait_for_server(table, 1, timeout=1)) == 1


def test_a_busy_server_is_tried_again_by_itself(phone, live_server, evening, settings):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    busy = {"answers": 0}

    def busy_once(route):
        if busy["answers"] < 1:
            busy["answers"] += 1
            route.fulfill(
                status=503,
                headers={"Retry-After": "2", "Content-Type": "application/json"},
                body=json.dumps({"error": "Die Datenbank ist gerade beschäftigt."}),
            )
        else:
            route.continue_()

    phone.route("**/sichern/", busy_once)
    phone.goto(link)
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-banner:has-text('beschäftigt')")
    assert "Keine Verbindung" not in phone.inner_text("#sync-banner")
    assert "offline" not in phone.inner_text("#sync-status")
    screenshot(phone, "captain-server-busy", full_page=False)
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=15_000)
    assert wait_for_server(table, 1) == [([1, 4], 2)]
    assert busy["answers"] == 1


def test_a_proxys_html_error_page_is_not_taken_for_a_lost_connection(
    phone, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    _table, link = captain_link(evening, 1)
    phone.route(
        "**/sichern/",
        lambda route: route.fulfill(
            status=502, body="<html><body>Bad Gateway</body></html>", content_type="text/html"
        ),
    )
    phone.goto(link)
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-banner:has-text('beschäftigt')")
    assert "Keine Verbindung" not in phone.inner_text("#sync-banner")


def test_the_desk_whose_login_ended_is_told_to_reload_not_offline(desk, live_server, evening):
    from tests.browser.conftest import login

    login(desk, live_server)
    desk.goto(live_server.url + f"/verwaltung/{evening.slug}/durchgang/1/tisch/1/")
    cookies = [c for c in desk.context.cookies() if c["name"] != "sessionid"]
    desk.context.clear_cookies()
    desk.context.add_cookies(cookies)  # logged out elsewhere; the CSRF cookie stays
    desk.get_by_label("Spiel 1: Sieger").click()
    desk.keyboard.type("14")
    desk.get_by_label("Spiel 1: Wert").click()
    desk.keyboard.type("2")
    desk.keyboard.press("Enter")
    desk.wait_for_selector("#sync-banner:has-text('Seite neu laden')")
    assert "Keine Verbindung" not in desk.inner_text("#sync-banner")
