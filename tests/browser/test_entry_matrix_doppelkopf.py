"""Every entry path of the two Doppelkopf rulesets, on the phone (390×844) and at the desk: the
house rules and the DDV's Spielliste. Each path enters games, the page saves them, and what the
pages and files show agrees with the ruleset's scoring of the stored rows."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.sheets.links import captain_url
from tests.browser.conftest import login, screenshot
from tests.browser.test_ddv_captain import stored_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_sheet(device: str, page, live_server, tournament, table_number: int = 1) -> Table:
    """The sheet of ``table_number`` in round 1: the captain's link on the phone, the
    organiser's sheet page at the desk."""
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=table_number)
    if device == "phone":
        page.goto(captain_url(table.entry_token))
    else:
        login(page, live_server)
        page.goto(
            live_server.url + reverse("scoring:sheet", args=[tournament.slug, 1, table_number])
        )
    return table


def enter_game(page, number: int, winners: str, value: str, kind: str = "") -> None:
    """The quick entry of row ``number``: Spielart (if not the first), Sieger, Wert, Enter."""
    if kind:
        page.get_by_label(f"Spiel {number}: Spielart").select_option(kind)
    page.get_by_label(f"Spiel {number}: Sieger").click()
    page.keyboard.type(winners)
    page.get_by_label(f"Spiel {number}: Wert").click()
    page.keyboard.type(value)
    page.keyboard.press("Enter")


def calculate(
    page, number: int, kind: str, re: list[int], augen: str, calls: tuple[str, ...] = ()
) -> None:
    """The calculator of row ``number``: kind, the Re seats, Re's Augen, the parties whose
    first call was said ("re", "kontra"), "Übernehmen"."""
    page.locator(f"tr.game-row[data-game='{number}'] .calc-open").click()
    dialog = page.locator("#calculator")
    dialog.locator(".calc-kind").select_option(kind)
    for seat in re:
        dialog.locator(f".calc-seat[data-seat='{seat}'] input").check()
    dialog.locator(".calc-augen").fill(augen)
    for party in calls:
        dialog.locator(f".calc-party[data-party='{party}'] .calc-call").check()
    dialog.locator(".calc-result strong").wait_for()
    dialog.locator(".calc-apply").click()
    dialog.wait_for(state="hidden")


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_the_ddv_calculator_fills_the_row_and_closes(
    device,
    request,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    page = request.getfixturevalue(device)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = open_sheet(device, page, live_server, ddv_evening)
    # The DDV's calculator: one Ansage per party, no house-rule calls, every box labelled.
    page.locator("tr.game-row[data-game='1'] .calc-open").click()
    dialog = page.locator("#calculator")
    words = dialog.inner_text()
    assert "vor dem ersten Ausspielen" not in words and "nach dem 1. Stich" not in words
    for box in dialog.locator("input[type=checkbox]").all():
        assert box.evaluate("box => box.closest('label').textContent.trim()") != ""
    screenshot(page, f"ddv-calculator-{device}", full_page=False)
    dialog.locator(".calc-cancel").click()
    calculate(page, 1, "normal", [1, 2], "150", calls=("re",))
    assert page.locator("input[name='g1-winners']").input_value() == "12"
    assert page.locator("input[name='g1-value']").input_value() == "3"
    records = stored_records(table, 1)
    assert records and records[0]["re"] == [1, 2] and records[0]["augen_re"] == 150
    assert records[0]["statements"] == [{"party": "re", "call": "re"}]
    assert errors == []
    screenshot(page, f"ddv-calculator-applied-{device}", full_page=False)


def penalty_line(page, number: int, offender: str = "3") -> None:
    """Row ``number`` as a penalty line under "more": offender, severity "geringfügig"."""
    page.locator(f"tr.game-row[data-game='{number}'] .more-toggle").click()
    extra = page.locator(f"tr.row-extra[data-game='{number}']")
    extra.locator(f"select[name='g{number}-penalty_offender']").select_option(offender)
    extra.locator(f"select[name='g{number}-penalty_severity']").select_option("geringfuegig")


def shown_numbers(page, rows: int) -> list[str]:
    """The number each of the first ``rows`` rows shows beside it ("" for none)."""
    return [
        page.locator(f"tr.game-row[data-game='{row}'] .game-count").inner_text().strip()
        for row in range(1, rows + 1)
    ]


@pytest.mark.parametrize("device", ["phone", "desk"])
def test_after_a_penalty_line_the_games_keep_the_papers_numbers(
    device,
    request,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    page = request.getfixturevalue(device)
    table = open_sheet(device, page, live_server, ddv_evening)
    enter_game(page, 1, "12", "1")
    penalty_line(page, 2)
    enter_game(page, 3, "34", "2")
    assert len(stored_records(table, 3)) == 3
    expect(page.locator("tr.game-row[data-game='2']")).to_have_attribute("data-row-kind", "penalty")
    expect(page.locator("tr.game-row[data-game='4'] .game-count")).to_have_text("3")
    assert shown_numbers(page, 5) == ["1", "", "2", "3", "4"]
    penalty_row = page.locator("tr.game-row[data-game='2']")
    assert penalty_row.locator(".badge.row-kind").inner_text() == "Strafe"
    # The penalty line offers no Sieger, Wert or Spielart to fill.
    assert not penalty_row.locator("input[name='g2-winners']").is_visible()
    assert not penalty_row.locator("select[name='g2-kind']").is_visible()
    screenshot(page, f"ddv-penalty-numbering-{device}", full_page=False)
    page.reload()
    assert shown_numbers(page, 5) == ["1", "", "2", "3", "4"]
    # Game 24 is the sheet's last row, one after the penalty line.
    last = page.locator("tr.game-row").last
    assert last.get_attribute("data-game") == "25"
    assert last.locator(".game-count").inner_text() == "24"
