"""Seven players of a ruleset with 3-tables whose last seat keeps the list, in the browser:
the round page (desk and phone), the public seating and "Wo sitze ich?" on a phone."""

from __future__ import annotations

import pytest

import rules
from scoring.evening.rounds import release_round
from tests.browser.conftest import login, screenshot
from tests.seating.test_list_keeper_ruleset import Keeper
from tournament.models import Tournament
from tournament.seating.services import enter_slips

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def seven(make_tournament, add_participants, organiser):
    rules.register(Keeper())
    tournament = make_tournament(ruleset="keeper-toy")
    Tournament.objects.filter(pk=tournament.pk).update(public_seating=True)
    people = add_participants(tournament, 7)
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    yield tournament, people
    rules.unregister("keeper-toy")


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("device", ["desk", "phone"])
def test_the_round_page_shows_a_three_table_and_the_last_seats_keeping_the_list(
    request, device, live_server, seven
):
    page = request.getfixturevalue(device)
    tournament, people = seven
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{tournament.slug}/durchgang/1/")
    cards = page.locator("section.table-card")
    assert cards.count() == 2
    assert cards.nth(1).locator(".badge.warn").inner_text() == "3 Spieler"
    keepers = page.locator("section.table-card li:has(.badge.captain) .name")
    assert keepers.all_inner_texts() == [people[3].name, people[6].name]
    assert fits(page)
    screenshot(page, f"keeper-round-{device}")


def test_players_find_the_keeper_on_a_phone(phone, live_server, seven):
    tournament, people = seven
    phone.goto(live_server.url + f"/t/{tournament.slug}/sitzordnung/")
    badges = phone.locator(".badge.captain")
    assert badges.count() == 2 and fits(phone)
    screenshot(phone, "keeper-public-seating-phone")
    phone.goto(live_server.url + f"/t/{tournament.slug}/wo-sitze-ich/?q={people[6].name}")
    result = phone.locator(".lookup-result").first
    assert "Platz 3" in result.inner_text()
    assert "du führst die Liste" in result.inner_text()
    assert fits(phone)
    screenshot(phone, "keeper-lookup-phone")


def test_the_captain_s_link_of_the_three_table_opens_its_sheet_on_a_phone(
    phone, live_server, seven
):
    from scoring.models import Sheet

    tournament, people = seven
    sheet = Sheet.objects.get(round__tournament=tournament, table__number=2)
    phone.goto(live_server.url + f"/e/{sheet.table.entry_token}/")
    legend = phone.locator(".seat-legend").first.inner_text()
    assert f"{people[6].name} (Listenführer)" in legend
    assert phone.locator("tr.game-row").count() == 3
    assert phone.locator("thead th.player-col").count() == 3
    screenshot(phone, "keeper-captain-three-phone")
