"""The captain's phone at 390×844: a first-time captain fills a whole sheet by following the page;
nothing typed is lost when the tab is closed, when the Wi-Fi drops, or when the desk changed the
sheet meanwhile."""

from __future__ import annotations

import time

import pytest
from axe_playwright_python.sync_playwright import Axe

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.reading import latest_version
from scoring.sheets.services import submit_sheet
from tests.browser.conftest import poll_true, screenshot
from tests.browser.test_accessibility import blocking_violations
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def captain_link(evening, number: int) -> tuple[Table, str]:
    table = Table.objects.get(round__tournament=evening, round__number=1, number=number)
    return table, captain_url(table.entry_token)


def stored(table: Table) -> list[tuple[list[int], int]]:
    version = latest_version(Sheet.objects.get(table=table))
    if version is None:
        return []
    return [(game.plus, game.value) for game in version.games.order_by("number")]


def wait_for_server(table: Table, count: int, timeout: float = 10.0) -> list:
    """The server's games once it holds ``count`` of them (autosave runs by itself)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        games = stored(table)
        if len(games) >= count:
            return games
        time.sleep(0.1)
    return stored(table)


def enter_game(page, number: int, winners: str, value: str) -> None:
    """What the page says: Sieger (the seats of the winners), Wert, on to the next game."""
    page.get_by_label(f"Spiel {number}: Sieger").tap()
    page.keyboard.type(winners)
    page.get_by_label(f"Spiel {number}: Wert").tap()
    page.keyboard.type(value)
    page.keyboard.press("Enter")


def game_values(number: int) -> tuple[str, str]:
    return ("14" if number % 2 else "23", str(1 + number % 3))


def test_a_new_captain_fills_a_16_game_sheet_by_what_the_page_shows(
    phone, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 2)
    phone.goto(link)
    hint = phone.locator("#first-use")
    assert "Sieger" in hint.inner_text() and "Wert" in hint.inner_text()
    assert hint.get_by_role("link", name="Regeln des Turniers").is_visible()
    screenshot(phone, "captain-empty", full_page=False)
    # Every row says what goes where, and who deals, at phone width.
    row = phone.locator("tr.game-row[data-game='1']")
    assert row.locator("label.cell-label", has_text="Sieger").is_visible()
    assert row.locator("label.cell-label", has_text="Wert").is_visible()
    assert row.locator("label.cell-label", has_text="Spielart").is_visible()
    assert "Geber:" in row.locator("td.dealer-col").inner_text()
    assert phone.locator("tr.game-row[data-game='1']").get_attribute("class").count("current") == 1
    assert phone.get_by_label("Spiel 1: Sieger").get_attribute("placeholder") == "z. B. 14"
    # The calculator with its Sonderpunkte steppers, checked by axe-core like the page.
    phone.locator("tr.game-row[data-game='1'] .calc-open").tap()
    stepper = phone.locator(".calc-party[data-party='re'] .stepper").first
    stepper.locator(".step[data-step='1']").tap()
    stepper.locator(".step[data-step='1']").tap()
    stepper.locator(".step[data-step='-1']").tap()
    assert stepper.locator("output").inner_text() == "1"
    assert stepper.locator(".step").first.bounding_box()["height"] >= 44
    assert not blocking_violations(Axe(), phone)
    phone.get_by_role("button", name="Abbrechen").tap()
    phone.locator("#first-use-close").tap()
    assert hint.is_hidden()

    for number in range(1, 17):
        enter_game(phone, number, *game_values(number))
        if number == 8:
            phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
            screenshot(phone, "captain-half-full", full_page=False)
    phone.wait_for_selector("#sheet-status:has-text('16 von 16')")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    assert phone.locator(".row-state[data-state='saved']").count() == 16
    assert phone.locator(".bar-zero").inner_text().endswith("= 0")
    assert wait_for_server(table, 16) == [
        ([1, 4] if n % 2 else [2, 3], 1 + n % 3) for n in range(1, 17)
    ]
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Liste abgeben").tap()
    phone.wait_for_selector("text=Die Liste ist abgegeben")
    assert Sheet.objects.get(table=table).status == Sheet.Status.SUBMITTED
    # The handed-in page's scripts (ES modules, run after the page is parsed) clear what the
    # device kept once they see nothing unsent; the text above may be there a moment earlier.
    assert kept_entries_after_scripts(phone) == 0
    # The hint stays dismissed on this phone.
    phone.goto(link)
    assert phone.locator("#first-use").count() == 0 or phone.locator("#first-use").is_hidden()


def kept_entries_after_scripts(page, seconds: float = 10.0) -> int:
    """How many sheets the device still keeps, once the page's scripts had time to clear them
    (polled with evaluate: wait_for_function's eval is refused by the page's CSP)."""
    count = "Object.keys(localStorage).filter(k => k.startsWith('doko-sheet:')).length"
    deadline = time.monotonic() + seconds
    while (kept := page.evaluate(count)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return kept


def test_a_five_player_table_shows_dealer_and_sitting_out_and_takes_20_games(
    phone, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 3)
    phone.goto(link)
    names = {
        seat.number: seat.participant.name for seat in table.seats.select_related("participant")
    }
    for number in (1, 2, 7):
        cell = phone.locator(f"tr.game-row[data-game='{number}'] td.dealer-col")
        assert cell.is_visible()
        dealer = (number - 1) % 5 + 1
        assert names[dealer] in cell.inner_text() and "setzt aus" in cell.inner_text()
    assert phone.locator("tr.game-row").count() == 20
    for number in range(1, 21):
        dealer = (number - 1) % 5 + 1
        active = [seat for seat in range(1, 6) if seat != dealer]
        enter_game(phone, number, f"{active[0]}{active[1]}", "2")
    phone.wait_for_selector("#sheet-status:has-text('20 von 20')")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    games = wait_for_server(table, 20)
    assert len(games) == 20 and games[0] == ([2, 3], 2)


def test_three_games_survive_closing_the_tab_without_a_click(phone, live_server, evening, settings):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    # The venue's Wi-Fi swallows every save of this visit, the last beacon on closing too:
    # only the phone keeps the games.
    phone.add_init_script("navigator.sendBeacon = () => false;")
    phone.route("**/sichern/", lambda route: route.abort())
    phone.goto(link)
    for number in range(1, 4):
        phone.get_by_label(f"Spiel {number}: Sieger").tap()
        phone.keyboard.type(game_values(number)[0])
        phone.get_by_label(f"Spiel {number}: Wert").tap()
        phone.keyboard.type(game_values(number)[1])
    phone.close()  # at once, no button, no waiting
    assert stored(table) == []

    again = phone.context.new_page()
    again.goto(link)
    for number in range(1, 4):
        assert again.input_value(f"input[name=g{number}-winners]") == game_values(number)[0]
        assert again.input_value(f"input[name=g{number}-value]") == game_values(number)[1]
    assert "wiederhergestellt" in again.inner_text("#sync-banner")
    again.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    assert wait_for_server(table, 3) == [([1, 4], 2), ([2, 3], 3), ([1, 4], 1)]


def test_games_typed_offline_reach_the_server_when_the_connection_is_back(
    phone, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    phone.goto(link)
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    assert wait_for_server(table, 1) == [([1, 4], 2)]

    phone.context.set_offline(True)
    enter_game(phone, 2, "23", "3")
    enter_game(phone, 3, "12", "1")
    phone.wait_for_selector("#sync-banner:has-text('Keine Verbindung')")
    phone.wait_for_selector("#sync-status:has-text('offline')")
    assert (
        phone.locator("tr.game-row[data-game='3'] .row-state").get_attribute("data-state")
        == "pending"
    )
    screenshot(phone, "captain-offline", full_page=False)
    assert not blocking_violations(Axe(), phone)
    time.sleep(1.5)
    assert len(stored(table)) == 1  # really offline

    phone.context.set_offline(False)
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    assert wait_for_server(table, 3) == [([1, 4], 2), ([2, 3], 3), ([1, 2], 1)]
    assert phone.locator("#sync-banner").inner_text().startswith("Verbindung wieder da")


def test_the_page_opens_offline_once_it_was_opened(phone, live_server, evening, settings):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    phone.goto(link)
    assert phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now under the worker's control; the page and its assets are cached
    poll_true(phone, "navigator.serviceWorker.controller !== null")
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    phone.context.set_offline(True)
    phone.reload()
    assert "Tisch 1 · Durchgang 1" in phone.inner_text("h1")
    assert phone.input_value("input[name=g1-winners]") == "14"
    enter_game(phone, 2, "23", "1")
    phone.context.set_offline(False)
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    assert wait_for_server(table, 2) == [([1, 4], 2), ([2, 3], 1)]


def test_a_desk_change_meanwhile_is_shown_beside_the_captains_version(
    phone, live_server, evening, settings, organiser
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    phone.goto(link)
    enter_game(phone, 1, "14", "2")
    enter_game(phone, 2, "23", "3")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    assert wait_for_server(table, 2) == [([1, 4], 2), ([2, 3], 3)]

    # Meanwhile the organiser corrects game 2 at the desk.
    sheet = Sheet.objects.get(table=table)
    submit_sheet(
        sheet,
        [
            {"kind": "normal", "winners": [1, 4], "value": 2},
            {"kind": "normal", "winners": [1, 3], "value": 4},
        ],
        expected_revision=sheet.revision,
        user=organiser,
    )
    # The captain, not knowing, changes game 2 too and types game 3.
    phone.get_by_label("Spiel 2: Wert").fill("5")
    enter_game(phone, 3, "12", "1")
    panel = phone.locator("#conflict-panel")
    panel.wait_for(state="visible")
    text = panel.inner_text()
    assert "1 + 3 · 4" in text  # the desk's version of game 2
    assert "Sieger 23 · Wert 5" in text  # the phone's
    screenshot(phone, "captain-conflict", full_page=False)
    assert not blocking_violations(Axe(), phone)  # the conflict view is accessible too
    assert stored(table) == [([1, 4], 2), ([1, 3], 4)]  # nothing overwritten yet
    panel.get_by_role("button", name="Meine Eingaben senden").tap()
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    assert wait_for_server(table, 3) == [([1, 4], 2), ([2, 3], 5), ([1, 2], 1)]


def test_games_that_came_too_late_for_a_handed_in_sheet_are_shown_not_dropped(
    phone, live_server, evening, settings, organiser
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    phone.add_init_script("navigator.sendBeacon = () => false;")
    phone.route("**/sichern/", lambda route: route.abort())
    phone.goto(link)
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-status:has-text('offline')")
    phone.close()
    # Meanwhile the organiser entered and confirmed the sheet at the desk: it is locked.
    sheet = Sheet.objects.get(table=table)
    submit_sheet(
        sheet,
        [{"kind": "normal", "winners": [2, 3], "value": 1}],
        expected_revision=sheet.revision,
        user=organiser,
    )
    Sheet.objects.filter(pk=sheet.pk).update(status=Sheet.Status.CONFIRMED)

    again = phone.context.new_page()
    again.goto(link)
    panel = again.locator("#conflict-panel")
    panel.wait_for(state="visible")
    assert "nicht übernommen" in panel.inner_text()
    assert "2 + 3 · 1" in panel.inner_text() and "Sieger 14 · Wert 2" in panel.inner_text()
    assert not blocking_violations(Axe(), again)
    panel.get_by_role("button", name="Eingaben dieses Geräts verwerfen").tap()
    assert panel.is_hidden()
    again.reload()
    assert again.locator("#conflict-panel").is_hidden()
    assert stored(table) == [([2, 3], 1)]
