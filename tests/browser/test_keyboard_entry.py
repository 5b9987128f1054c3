"""A whole 16-game sheet typed with the keyboard only, checked against the rules engine."""

from __future__ import annotations

import pytest

from scoring.models import Sheet, SheetVersion
from tests.browser.conftest import login, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (winners, value, kind-key) per game; the kind select is reached with Tab and a letter.
GAMES = [
    ("14", "3", None),
    ("23", "2", None),
    ("2", "6", "d"),
    ("13", "1", None),
    ("34", "4", None),
    ("12", "2", None),
    ("134", "5", "b"),
    ("24", "1", None),
    ("14", "2", None),
    ("23", "3", None),
    ("13", "5", None),
    ("24", "2", None),
    ("3", "9", "t"),
    ("12", "1", None),
    ("34", "2", None),
    ("14", "4", None),
]


def test_keyboard_entry_of_a_whole_sheet(desk, live_server, evening):
    page = desk
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/durchgang/1/tisch/1/")
    page.click("input[name=g1-winners]")
    keystrokes_normal_game = 0
    for winners, value, kind in GAMES:
        page.keyboard.type(winners)
        page.keyboard.press("Tab")
        page.keyboard.type(value)
        if kind:
            page.keyboard.press("Tab")
            page.keyboard.type(kind)
        else:
            keystrokes_normal_game = len(winners) + 1 + len(value) + 1
        page.keyboard.press("Enter")
    assert keystrokes_normal_game <= 6

    # Live scoring: the running totals follow the typed rows before anything is saved.
    page.wait_for_selector("#sheet-status:has-text('16 von 16')")
    totals = [cell.inner_text() for cell in page.locator("td.total-cell").all()]
    screenshot(page, "sheet-keyboard-entry-desk")

    # Nothing to click: every game went to the server by itself (Ctrl+S only sends at once).
    page.keyboard.press("Control+s")
    page.wait_for_selector("#sync-status:has-text('alles gespeichert')")
    version = (
        SheetVersion.objects.filter(sheet__table__number=1, sheet__round__tournament=evening)
        .order_by("-number")
        .first()
    )
    games = list(version.games.order_by("number"))
    assert len(games) == 16
    assert games[0].points == {"1": 3, "2": -3, "3": -3, "4": 3}
    assert games[2].kind == "solo_damen" and games[2].points == {"1": -6, "2": 18, "3": -6, "4": -6}
    assert games[6].kind == "solo_buben" and games[6].points == {"1": 5, "2": -15, "3": 5, "4": 5}
    assert games[12].kind == "solo_trumpf" and games[12].soloist == 3
    expected = {seat: sum(g.points[str(seat)] for g in games) for seat in range(1, 5)}
    assert [int(t.replace("−", "-")) for t in totals] == [expected[s] for s in range(1, 5)]
    assert Sheet.objects.get(pk=version.sheet_id).status == Sheet.Status.OPEN


def test_a_bad_row_is_flagged_live_and_kept(desk, live_server, evening):
    page = desk
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/durchgang/1/tisch/1/")
    page.click("input[name=g1-winners]")
    page.keyboard.type("14")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    page.keyboard.type("123")
    page.keyboard.press("Tab")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    page.wait_for_selector("tr.game-row[data-game='2'].has-problem")
    assert "Spiel 2:" in page.inner_text("tr.row-info[data-game='2']")
    assert "✕" in page.inner_text("tr.game-row[data-game='2'] .row-state")
    page.click("button[name=save]")
    page.wait_for_selector("text=Nicht gespeichert")
    assert page.input_value("input[name=g1-winners]") == "14"
    assert page.input_value("input[name=g2-winners]") == "123"
    # Game 1 was complete and went to the server by itself; the refused game 2 did not.
    stored = SheetVersion.objects.order_by("-number").first()
    assert [game.plus for game in stored.games.order_by("number")] == [[1, 4]]


def test_calculator_fills_a_row(desk, live_server, evening):
    page = desk
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/durchgang/1/tisch/1/")
    page.click("tr.game-row[data-game='1'] .calc-open")
    dialog = page.locator("dialog#calculator")
    dialog.locator(".calc-seat[data-seat='1'] input").check()
    dialog.locator(".calc-seat[data-seat='3'] input").check()
    dialog.locator(".calc-augen").fill("150")
    dialog.locator(".calc-party[data-party='re'] .calc-call").check()
    dialog.locator(
        ".calc-party[data-party='kontra'] .stepper:has([data-special='fuchs_gefangen']) "
        ".step[data-step='1']"
    ).click()
    page.wait_for_selector(".calc-result:has-text('Fuchs gefangen')")
    assert "Wert 1" in dialog.inner_text() or "Wert 2" in dialog.inner_text()
    dialog.locator(".calc-apply").click()
    assert page.input_value("input[name=g1-winners]") == "13"
    page.wait_for_selector("tr.row-info[data-game='1']:not(.hidden-info)")
    page.click("button[name=save]")
    page.wait_for_selector('text="Gespeichert."')
    game = SheetVersion.objects.order_by("-number").first().games.get()
    assert game.method == "calculator"
    # 150:90 -> 120 +1, Re +1, Kontra's Fuchs -1 = 1
    assert game.value == 1 and game.points == {"1": 1, "2": -1, "3": 1, "4": -1}


def test_every_row_action_is_reachable_from_the_keyboard(desk, live_server, evening):
    page = desk
    login(page, live_server)
    page.goto(live_server.url + f"/verwaltung/{evening.slug}/durchgang/1/tisch/1/")
    shortcuts = page.inner_text("#sheet-shortcuts")
    assert "Alt" in shortcuts and "R" in shortcuts and "W" in shortcuts and "Esc" in shortcuts
    page.click("input[name=g1-winners]")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    page.keyboard.type("6")
    # Alt+W opens "⋯" (soloist, revoke, direct points) with the soloist select focused.
    page.keyboard.press("Alt+w")
    assert page.evaluate("document.activeElement.name") == "g1-soloist"
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.name") == "g1-winners"
    assert page.locator("tr.row-extra[data-game='1']").is_hidden()
    # The tools are in the tab order: Tab from the kind of game reaches the calculator.
    page.focus("select[name=g1-kind]")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('calc-open')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('more-toggle')")
    page.keyboard.press("Enter")
    assert page.locator("tr.row-extra[data-game='1']").is_visible()
    page.keyboard.press("Escape")
    # Alt+R opens the calculator for the row.
    page.focus("input[name=g2-winners]")
    page.keyboard.press("Alt+r")
    assert page.locator("dialog#calculator").is_visible()
    assert "Spiel 2" in page.inner_text("dialog#calculator h2")
