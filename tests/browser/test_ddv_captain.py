"""A DDV table's captain keeps the Spielliste on the phone at 390×844: a Normalspiel, a
Pflichtsolo typed without saying so (the same seat deals again), a penalty line that is no game
and a Lustsolo, each saved by itself; the page says the next game, its dealer by name and who
still owes a Pflichtsolo. The desk sees the same sheet."""

from __future__ import annotations

import re
import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.page import seat_columns
from scoring.sheets.reading import latest_version
from tests.browser.conftest import login, screenshot
from tests.browser.test_captain_autosave import enter_game
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def stored_records(table: Table, count: int, timeout: float = 10.0) -> list[dict]:
    deadline = time.monotonic() + timeout
    records: list[dict] = []
    while time.monotonic() < deadline:
        version = latest_version(Sheet.objects.get(table=table))
        records = [game.record for game in version.games.order_by("number")] if version else []
        if len(records) >= count:
            return records
        time.sleep(0.1)
    return records


def test_a_ddv_captain_enters_a_pflichtsolo_a_penalty_line_and_a_lustsolo_on_the_phone(
    phone,
    desk,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    names = {seat.number: seat.name for seat in seat_columns(Sheet.objects.get(table=table))}
    phone.goto(captain_url(table.entry_token))
    status = phone.locator("#sheet-rules-status")
    assert "Spiel 1 von 24" in status.inner_text()
    assert f"Geber: {names[1]} (Platz 1)" in status.inner_text()
    # One word for a seat on the captain's page: Platz, never Sitz; the hint names the ⋯ button.
    assert not re.search(r"\bSitz\b", phone.locator("main").inner_text())
    expect(phone.locator("main")).to_contain_text("Pflicht, Lust oder Vorführung unter ⋯")

    enter_game(phone, 1, "12", "1")
    # Seat 2's Damensolo: the kind chosen, won by seat 2; Pflicht follows from the sheet.
    phone.get_by_label("Spiel 2: Spielart").select_option("solo_damen")
    enter_game(phone, 2, "2", "3")
    # Row 3 is the penalty line: under "more", offender, severity and the referee.
    phone.get_by_label("Weitere Angaben zu Spiel 3").tap()
    extra = phone.locator("tr.row-extra[data-game='3']")
    assert "Verworfen von" not in extra.inner_text()
    extra.locator("select[name='g3-penalty_offender']").select_option("3")
    extra.locator("select[name='g3-penalty_severity']").select_option("geringfuegig")
    extra.locator("input[name='g3-penalty_referee']").fill("KM")
    # Seat 2 again, now a Lustsolo (lost: seats 1, 3 and 4 win).
    phone.get_by_label("Spiel 4: Spielart").select_option("solo_pik")
    enter_game(phone, 4, "134", "2")

    records = stored_records(table, 4)
    assert len(records) == 4, records
    assert records[1]["solo_mode"] == "pflicht"
    assert records[2]["penalty"] == {"offender": 3, "severity": "geringfuegig", "referee": "KM"}
    assert records[3]["solo_mode"] == "lust"
    # The page follows: seat 2 dealt game 2 and game 3; the penalty line is no game.
    expect(phone.locator("#sheet-rules-status")).to_contain_text("Spiel 4 von 24")
    assert phone.locator("tr.game-row[data-game='3'] .badge.row-kind").inner_text() == "Strafe"
    assert names[3] in phone.locator("tr.game-row[data-game='5'] .dealer-name").inner_text()
    assert names[2] in phone.locator("tr.game-row[data-game='4'] .dealer-name").inner_text()
    owing = status.inner_text()
    assert "Pflichtsolo offen:" in owing and f"{names[2]} (Platz 2)" not in owing.split("offen:")[1]
    phone.locator("tr.row-extra[data-game='3']").scroll_into_view_if_needed()
    screenshot(phone, "ddv-captain-phone")
    phone.reload()
    assert phone.locator("select[name='g2-solo_mode']").input_value() == "pflicht"
    assert phone.locator("select[name='g3-penalty_offender']").input_value() == "3"
    screenshot(phone, "ddv-captain-phone-top", full_page=False)

    login(desk, live_server)
    desk.goto(live_server.url + reverse("scoring:sheet", args=[ddv_evening.slug, 1, 1]))
    assert "Spiel 4 von 24" in desk.locator("#sheet-rules-status").inner_text()
    assert desk.locator("tr.row-info[data-game='3']").inner_text() != ""
    screenshot(desk, "ddv-desk")
