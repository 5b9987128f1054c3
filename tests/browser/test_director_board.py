"""The director's live board in a browser: a stuck table stands out, and the board updates by
itself when a captain enters a game (no reload); a Helfer follows it on a tablet and a phone."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring.models import Sheet, SheetVersion
from scoring.sheets.services import submit_sheet
from tests.browser.conftest import login, screenshot
from tests.conftest import example_records
from tournament.clubs.logins import found_club
from tournament.models import ClubMembership, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def fast_board(settings):
    settings.BOARD_POLL_SECONDS = 2


def sheet_of(tournament, table: int) -> Sheet:
    return Sheet.objects.select_related("table", "round__tournament").get(
        round__tournament=tournament, round__number=1, table__number=table
    )


def captain_enters(tournament, table: int, games: int) -> None:
    sheet = sheet_of(tournament, table)
    submit_sheet(
        sheet,
        example_records(sheet.table.size)[:games],
        expected_revision=sheet.revision,
        source=SheetVersion.Source.CAPTAIN,
    )


def quiet_since(tournament, table: int, minutes: int) -> None:
    """The table's last change ``minutes`` ago (the clock shifted for this table)."""
    then = timezone.now() - datetime.timedelta(minutes=minutes)
    sheet = sheet_of(tournament, table)
    Sheet.objects.filter(pk=sheet.pk).update(updated_at=then)
    SheetVersion.objects.filter(sheet=sheet).update(created_at=then)


@pytest.fixture
def round_in_play(evening, organiser):
    """Table 1 handed in, table 2 three games and quiet for 15 minutes, table 3 playing, table
    4 untouched for 25 minutes."""
    sheet = sheet_of(evening, 1)
    submit_sheet(
        sheet, example_records(4), expected_revision=sheet.revision, user=organiser, final=True
    )
    captain_enters(evening, 2, 3)
    quiet_since(evening, 2, 15)
    captain_enters(evening, 3, 6)
    quiet_since(evening, 4, 25)
    return evening


def card(page, table: int):
    return page.locator(f'#board-tables li[data-table="{table}"]')


def test_the_board_shows_a_stuck_table_and_updates_itself_when_a_captain_enters_a_game(
    desk, live_server, round_in_play, fast_board
):
    evening = round_in_play
    login(desk, live_server)
    desk.goto(f"{live_server.url}/verwaltung/{evening.slug}/durchgang/1/tische-live/")
    order = desk.locator("#board-tables li").evaluate_all("els => els.map(e => e.dataset.table)")
    assert order == ["1", "4", "2", "3"]  # handed in, then stuck (longest quiet first), playing
    assert "stuck" in card(desk, 2).get_attribute("class")
    assert "seit 15 Minuten nichts eingetragen" in card(desk, 2).inner_text()
    assert "stuck" not in card(desk, 3).get_attribute("class")
    summary = desk.locator("#board-summary").inner_text()
    assert "2 ohne Eintrag" in summary and "Nicht bestätigt: Tisch 1, 2, 3, 4" in summary
    screenshot(desk, "board-desktop")

    desk.evaluate("window.notReloaded = true")
    captain_enters(evening, 2, 4)
    card(desk, 2).locator(".board-count", has_text="4 von 16 Spielen").wait_for(timeout=8000)
    assert "stuck" not in card(desk, 2).get_attribute("class")
    assert desk.evaluate("window.notReloaded") is True
    order = desk.locator("#board-tables li").evaluate_all("els => els.map(e => e.dataset.table)")
    assert order == ["1", "4", "2", "3"]  # 2 plays again, 4 of 16 before 6 of 20
    assert "1 ohne Eintrag" in desk.locator("#board-summary").inner_text()

    # A click opens the sheet at the desk.
    card(desk, 4).locator("a").click()
    desk.wait_for_url("**/durchgang/1/tisch/4/")


@pytest.fixture
def helper_login(round_in_play, organiser):
    club = found_club(organiser, name="Doko-Club", slug="doko")
    Tournament.objects.filter(pk=round_in_play.pk).update(club=club)
    user = get_user_model().objects.create_user("helfer", password="geheim-und-lang-42")
    ClubMembership.objects.create(user=user, club=club, role=ClubMembership.Role.HELPER)
    return user


@pytest.mark.parametrize(("name", "viewport"), [("tablet", (820, 1180)), ("phone", (390, 844))])
def test_a_helper_follows_the_board_on_a_tablet_and_a_phone(
    browser, live_server, round_in_play, helper_login, name, viewport, fast_board
):
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        locale="de-DE",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        login(page, live_server, username="helfer")
        # A wrong number typed into the address: the page shows the default, and so do the
        # polls (they ask with the form's values, not the address's).
        board = f"/verwaltung/{round_in_play.slug}/durchgang/1/tische-live/"
        page.goto(live_server.url + board + "?still=9999")
        assert "stuck" in card(page, 4).get_attribute("class")
        page.wait_for_timeout(2600)
        assert page.locator("#board-offline").is_hidden()
        assert "stuck" in card(page, 4).get_attribute("class")
        # Nothing sticks out sideways on a small screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"board-{name}")
    finally:
        context.close()
