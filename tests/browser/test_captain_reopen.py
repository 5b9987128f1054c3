"""The captain's phone raises no false alarms: every kind of game the page offers (quick entry of
normal games and of each solo, a soloist chosen by hand, the calculator, direct points, a revoke)
is saved, and reopening the page, losing and regaining the connection, or losing the answer to a
save neither "restores" nor reports as "changed meanwhile" the phone's own games."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from scoring.models import Sheet, SheetVersion
from tests.browser.conftest import poll_true, screenshot
from tests.browser.test_captain_autosave import captain_link, enter_game, wait_for_server

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def quick(page, number: int, winners: str, value: str, kind: str = "normal") -> None:
    if kind != "normal":
        page.select_option(f"#g{number}-kind", kind)
    enter_game(page, number, winners, value)


def more(page, number: int) -> None:
    toggle = page.locator(f"tr.game-row[data-game='{number}'] .more-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.tap()


def calculator(page, number: int, kind: str, re: list[int], augen: str) -> None:
    page.locator(f"tr.game-row[data-game='{number}'] .calc-open").tap()
    dialog = page.locator("#calculator")
    dialog.locator(".calc-kind").select_option(kind)
    for seat in re:
        dialog.locator(f".calc-seat[data-seat='{seat}'] input").check()
    dialog.locator(".calc-augen").fill(augen)
    dialog.locator(".calc-result strong").wait_for()
    dialog.locator(".calc-apply").tap()
    dialog.wait_for(state="hidden")


def type_every_kind(page) -> int:
    quick(page, 1, "14", "2")
    quick(page, 2, "3", "4", "solo_damen")  # won solo: the soloist follows from the winner
    quick(page, 3, "124", "5", "solo_buben")  # lost solo: the seat left over played alone
    quick(page, 4, "13", "2", "hochzeit")
    quick(page, 5, "234", "3", "hochzeit_allein")
    quick(page, 6, "2", "3", "stilles_solo")
    page.select_option("#g7-kind", "solo_trumpf")
    more(page, 7)
    page.select_option("select[name=g7-soloist]", "4")
    enter_game(page, 7, "4", "4")  # soloist chosen by hand, the same the winner implies
    calculator(page, 8, "normal", [1, 4], "150")
    calculator(page, 9, "solo_damen", [2], "130")
    more(page, 10)
    for seat, points in ((1, "+3"), (2, "−1"), (3, "-1"), (4, "-1")):
        page.fill(f"input[name=g10-p{seat}]", points)
    more(page, 11)
    page.select_option("select[name=g11-offender]", "2")
    return 11


def assert_quiet(page) -> None:
    banner = page.locator("#sync-banner")
    assert banner.is_hidden() or (
        "wiederhergestellt" not in banner.inner_text() and "inzwischen" not in banner.inner_text()
    ), banner.inner_text()
    assert page.locator("#conflict-panel").is_hidden()


def saved_everywhere(page, count: int) -> None:
    page.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    expect(page.locator(".row-state[data-state=saved]")).to_have_count(count)


def test_every_kind_of_game_reopens_and_reconnects_without_a_false_alarm(
    phone, live_server, evening, settings
):
    settings.PUBLIC_BASE_URL = live_server.url
    table, link = captain_link(evening, 1)
    phone.goto(link)
    games = type_every_kind(phone)
    phone.keyboard.press("Control+s")
    saved_everywhere(phone, games)
    assert len(wait_for_server(table, games)) == games
    sheet = Sheet.objects.get(table=table)
    versions = SheetVersion.objects.filter(sheet=sheet).count()

    # Reopening: nothing restored, nothing sent again.
    phone.reload()
    saved_everywhere(phone, games)
    time.sleep(2)
    assert_quiet(phone)
    assert SheetVersion.objects.filter(sheet=sheet).count() == versions
    screenshot(phone, "captain-reopened", full_page=False)

    # Offline and back: only "connection is back", no conflict about the phone's own games.
    phone.context.set_offline(True)
    enter_game(phone, 12, "23", "1")
    phone.wait_for_selector("#sync-status:has-text('offline')")
    phone.context.set_offline(False)
    saved_everywhere(phone, 12)
    assert phone.locator("#sync-banner").inner_text().startswith("Verbindung wieder da")
    assert_quiet(phone)

    # A save that reached the server but whose answer was lost: the next save is a conflict,
    # which takes nothing "from elsewhere" since every stored game is the phone's own.
    lost = []

    def lose_the_answer(route):
        lost.append(route.fetch().status)
        route.abort()

    phone.route("**/sichern/", lose_the_answer)
    enter_game(phone, 13, "12", "2")
    phone.wait_for_selector("#sync-status:has-text('offline')")
    for _ in range(200):  # Playwright runs the handler while the test waits in Playwright
        if lost and len(wait_for_server(table, 13, timeout=0)) == 13:
            break
        phone.wait_for_timeout(100)
    assert 200 in lost and len(wait_for_server(table, 13, timeout=0)) == 13
    phone.unroute("**/sichern/")
    saved_everywhere(phone, 13)
    assert_quiet(phone)

    phone.reload()
    saved_everywhere(phone, 13)
    time.sleep(1.5)
    assert_quiet(phone)


CACHED_PAGE = "caches.match(location.href.split('#')[0]).then(Boolean)"


def test_the_first_visit_is_enough_to_open_the_page_offline(phone, live_server, evening, settings):
    """With a service worker (https or localhost): no second online visit needed."""
    settings.PUBLIC_BASE_URL = live_server.url
    _table, link = captain_link(evening, 1)
    phone.goto(link)
    poll_true(phone, CACHED_PAGE)
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    phone.context.set_offline(True)
    phone.reload()
    assert "Tisch 1 · Durchgang 1" in phone.inner_text("h1")
    assert phone.input_value("input[name=g1-winners]") == "14"
    phone.context.set_offline(False)


@pytest.fixture
def club_wifi(browser):
    """A phone on the club's Wi-Fi over plain http: the laptop by a name that is not localhost,
    so the page is no secure context and has no service worker."""
    other = browser.browser_type.launch(
        executable_path=browser_path(),
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP club.test 127.0.0.1"],
    )
    context = other.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="de-DE"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
    other.close()


def browser_path() -> str:
    from tests.browser.conftest import CHROMIUM

    return CHROMIUM


def test_on_plain_http_the_browser_keeps_the_page_for_offline_and_updates_it_online(
    club_wifi, live_server, evening, settings, organiser
):
    from scoring.sheets.services import submit_sheet

    settings.ALLOWED_HOSTS = ["*"]
    port = live_server.url.rsplit(":", 1)[1]
    table, _link = captain_link(evening, 1)
    link = f"http://club.test:{port}/e/{table.entry_token}/"
    phone = club_wifi
    phone.goto(link)
    assert phone.evaluate("window.isSecureContext") is False
    assert (
        phone.evaluate("'serviceWorker' in navigator && !!navigator.serviceWorker.controller")
        is False
    )
    enter_game(phone, 1, "14", "2")
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')")

    # The Wi-Fi is gone; the captain opens the link again (QR code, home screen, history).
    phone.context.set_offline(True)
    phone.goto("about:blank")
    phone.goto(link)
    assert "Tisch 1 · Durchgang 1" in phone.inner_text("h1")
    assert phone.input_value("input[name=g1-winners]") == "14"  # from this device
    assert phone.evaluate(  # styled: every stylesheet (the sheet's and the clock's)
        "() => [...document.querySelectorAll('link[rel=stylesheet]')].every(l => !!l.sheet)"
    )
    enter_game(phone, 2, "23", "3")
    phone.wait_for_selector("#sync-status:has-text('offline')")
    screenshot(phone, "captain-plain-http-offline", full_page=False)

    # Online again: the games typed offline are sent ...
    phone.context.set_offline(False)
    phone.wait_for_selector("#sync-status:has-text('alles gespeichert')", timeout=20_000)
    assert len(wait_for_server(table, 2)) == 2
    # ... and a kept page older than the sheet is replaced by the current one.
    sheet = Sheet.objects.get(table=table)
    submit_sheet(
        sheet,
        [
            {"kind": "normal", "winners": [1, 4], "value": 2},
            {"kind": "normal", "winners": [2, 3], "value": 3},
            {"kind": "normal", "winners": [1, 3], "value": 4},
        ],
        expected_revision=sheet.revision,
        user=organiser,
    )
    phone.goto("about:blank")
    phone.goto(link)
    # A locator assertion, not wait_for_function: Playwright compiles a string predicate with
    # eval, which the page's CSP refuses once the reloaded page is in place (a flaky failure).
    expect(phone.locator("input[name=g3-winners]")).to_have_value("13", timeout=15_000)
