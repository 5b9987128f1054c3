"""The ruleset on the settings and create pages in a browser, phone and desk: only the chosen
ruleset's options show, a DDV club evening with a shorter round is chosen and saved, a new
count-down tournament takes its own number of cycles, and after the release the page says why
the ruleset stays."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.evening.rounds import draw_round, release_round
from tests.browser.conftest import login, screenshot
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_choosing_the_ddv_rules_with_a_shorter_round(desk, live_server, tournament):
    page = desk
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/einstellungen/")
    house = page.locator("fieldset[data-ruleset=hausregeln]").first  # one per group of options
    ddv = page.locator("fieldset[data-ruleset=ddv]")
    expect(house).to_be_visible()
    expect(ddv).to_be_hidden()
    expect(page.locator("fieldset[data-ruleset='24']")).to_be_hidden()
    cycles = page.locator(".field", has=page.locator("input[name=cycles]"))
    expect(cycles).to_be_visible()
    screenshot(page, "settings-ruleset-house-desk")

    page.select_option("select[name=ruleset]", "ddv")
    expect(ddv).to_be_visible()
    expect(house).to_be_hidden()
    expect(ddv.locator("legend")).to_have_text("Wertung (DDV-Turnierspielregeln)")
    # The DDV options set the round's length: no field without effect, one word for the round.
    expect(cycles).to_be_hidden()
    expect(ddv).to_contain_text("Spiele je Durchgang")
    expect(page.locator("main")).not_to_contain_text("Runde", use_inner_text=True)
    page.select_option("select[name=games_per_round]", "16")
    screenshot(page, "settings-ruleset-ddv-desk")
    page.click("main button[type=submit]")
    expect(page.locator("main")).to_contain_text("Die Einstellungen wurden gespeichert.")
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/einstellungen/")
    expect(cycles).to_be_hidden()  # a DDV tournament's page opens without it
    screenshot(page, "settings-ruleset-ddv-saved-desk")
    page.select_option("select[name=ruleset]", "hausregeln")
    expect(cycles).to_be_visible()
    tournament.refresh_from_db()
    assert tournament.ruleset == "ddv"
    assert tournament.ruleset_options["games_per_round"] == 16


def test_a_new_count_down_tournament_on_the_phone(phone, live_server, organiser):
    page = phone
    login(page, live_server)
    page.goto(live_server.url + "/verwaltung/neu/")
    cycles = page.locator("input[name=cycles]")
    expect(cycles).to_have_value("4")
    page.fill("input[name=name]", "Zwanzig ab")
    page.fill("input[name=date]", "2025-05-02")
    page.select_option("select[name=ruleset]", "20ab")
    options = page.locator("fieldset[data-ruleset='20ab']")
    expect(options).to_be_visible()
    expect(cycles).to_have_value("6")  # the count-down default, not typed in
    cycles_help = page.locator(".field", has=cycles).locator(".helptext")
    expect(cycles_help).to_contain_text("6 Runden = 18 Spiele am Dreiertisch")
    page.fill("input[name=start]", "99")
    screenshot(page, "create-ruleset-20ab-phone")
    page.click("main button[type=submit]")
    # Refused naming the option; the chosen ruleset and its options stay shown.
    expect(options.locator(".errorlist")).to_contain_text("„Startpunkte“: bitte eine ganze Zahl")
    expect(options).to_be_visible()
    screenshot(page, "create-ruleset-refused-phone")
    page.fill("input[name=start]", "30")
    page.click("main button[type=submit]")
    expect(page.locator("main")).to_contain_text("Das Turnier wurde angelegt.")
    created = Tournament.objects.get(name="Zwanzig ab")
    assert (created.ruleset, created.cycles, created.ruleset_options["start"]) == ("20ab", 6, 30)


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_after_the_release_the_page_says_why_the_ruleset_stays(
    request, device, live_server, tournament, add_participants, organiser
):
    page = request.getfixturevalue(device)
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=3, user=organiser)
    release_round(tournament, 1, user=organiser)
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/einstellungen/")
    lock = page.locator("fieldset", has=page.locator("select[name=ruleset]")).locator(".helptext")
    expect(lock).to_contain_text("Durchgang 1 ist schon freigegeben")
    expect(page.locator("select[name=ruleset]")).to_be_disabled()
    expect(page.locator("select[name=deck]")).to_be_disabled()
    screenshot(page, f"settings-ruleset-locked-{device}")


def test_the_ruleset_choice_reads_english_on_the_phone(phone, live_server, tournament):
    page = phone
    login(page, live_server)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/einstellungen/")
    page.select_option("select[name=ruleset]", "ddv")
    options = page.locator("fieldset[data-ruleset=ddv]")
    expect(options.locator("legend")).to_have_text("Scoring (DDV tournament rules)")
    expect(options).to_contain_text("Games per round")
    expect(options).to_contain_text("a club evening may play shorter rounds")
    screenshot(page, "settings-ruleset-ddv-english-phone")
