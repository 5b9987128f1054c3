"""A DDV captain at 390×844 types a Hochzeit with its Klärungsstich, a stille Hochzeit and a
penalty line in it through the quick entry; what the rules refuse is said at the row's input,
naming the game and the field, and stored once put right. The penalty line is no game, so the
sheet grows by a row: the blank row the server rendered into the page's <template>."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import Sheet
from scoring.sheets.links import captain_url
from tests.browser.conftest import screenshot
from tests.browser.test_captain_autosave import enter_game
from tests.browser.test_ddv_captain import stored_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def more(page, number: int):
    page.get_by_label(f"Weitere Angaben zu Spiel {number}", exact=True).tap()
    return page.locator(f"tr.row-extra[data-game='{number}']")


def test_a_hochzeit_its_klaerungsstich_and_a_stille_hochzeit_on_the_captains_phone(
    phone,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    phone.goto(captain_url(table.entry_token))
    assert phone.locator("tr.game-row").count() == 24

    # Game 1: a Hochzeit, the partner found in trick 2, won by seats 1 and 3.
    phone.get_by_label("Spiel 1: Spielart").select_option("hochzeit")
    more(phone, 1).locator("input[name='g1-klaerungsstich']").fill("2")
    enter_game(phone, 1, "13", "2")
    # Game 2: a stille Hochzeit, seat 3 alone won it (the soloist follows from the winner).
    phone.get_by_label("Spiel 2: Spielart").select_option("stilles_solo")
    enter_game(phone, 2, "3", "2")
    records = stored_records(table, 2)
    assert records[0]["kind"] == "hochzeit" and records[0]["klaerungsstich"] == 2
    assert records[1]["kind"] == "stilles_solo" and records[1]["re"] == [3]

    # Row 3: a penalty line in a stille Hochzeit, without saying whether the solo was known.
    phone.get_by_label("Spiel 3: Spielart").select_option("stilles_solo")
    line = more(phone, 3)
    line.locator("select[name='g3-penalty_offender']").select_option("1")
    line.locator("select[name='g3-penalty_severity']").select_option("geringfuegig")
    known = line.locator("select[name='g3-penalty_solo_known']")
    problems = phone.locator("tr.row-info[data-game='3'] .row-problems")
    # A penalty line is no game: its problem is said by its label, "Strafe".
    expect(problems).to_contain_text("Strafe: bitte bei „Solo schon bekannt“")
    assert "Spiel 3" not in problems.inner_text()
    expect(known).to_have_class("penalty_solo_known invalid")
    phone.locator("tr.row-info[data-game='3']").scroll_into_view_if_needed()
    screenshot(phone, "ddv-stille-hochzeit-refused-phone", full_page=False)
    known.select_option("0")
    expect(problems).to_have_count(0)
    records = stored_records(table, 3)
    assert records[2]["penalty"] == {"offender": 1, "severity": "geringfuegig", "solo_known": False}
    # The penalty line is no game: the sheet grew by a row, cloned from the page's template,
    # numbered and dealt like the rows the server rendered.
    grown = phone.locator("tr.game-row[data-game='25']")
    expect(grown).to_have_count(1)
    expect(grown.locator(".dealer-name")).not_to_have_text("")
    expect(phone.get_by_label("Spiel 25: Sieger")).to_have_count(1)

    # Game 4 (row 4): the Hochzeiter took tricks 1–3 and played alone, typed with trick 2.
    phone.get_by_label("Spiel 4: Spielart").select_option("hochzeit_allein")
    trick = more(phone, 4).locator("input[name='g4-klaerungsstich']")
    trick.fill("2")
    enter_game(phone, 4, "1", "3")
    refusal = phone.locator("tr.row-info[data-game='4'] .row-problems")
    expect(refusal).to_contain_text("Spiel 3: Spielt der Hochzeiter allein, ist Stich 3")
    expect(trick).to_have_class("klaerungsstich invalid")
    trick.fill("3")
    expect(refusal).to_have_count(0)
    records = stored_records(table, 4)
    assert records[3]["klaerungsstich"] == 3 and records[3]["re"] == [1]
    screenshot(phone, "ddv-hochzeit-phone")

    # Back on the page, the stored rows come back in their inputs.
    phone.reload()
    assert phone.locator("input[name='g1-klaerungsstich']").input_value() == "2"
    assert phone.locator("select[name='g3-penalty_solo_known']").input_value() == "0"
    assert phone.locator("tr.game-row").count() == 25
    assert Sheet.objects.get(table=table).status == Sheet.Status.OPEN


def test_a_penalty_line_typed_offline_grows_the_sheet_at_once(
    phone,
    live_server,
    ddv_evening,  # noqa: F811
    settings,
):
    settings.PUBLIC_BASE_URL = live_server.url
    table = Table.objects.get(round__tournament=ddv_evening, round__number=1, number=1)
    phone.goto(captain_url(table.entry_token))
    expect(phone.locator("tr.game-row")).to_have_count(24)
    phone.context.set_offline(True)
    line = more(phone, 1)
    line.locator("select[name='g1-penalty_offender']").select_option("2")
    line.locator("select[name='g1-penalty_severity']").select_option("geringfuegig")
    # No server to ask: the row comes from the page's template, numbered 25.
    expect(phone.locator("tr.game-row")).to_have_count(25)
    expect(phone.get_by_label("Spiel 25: Sieger")).to_have_count(1)
    phone.wait_for_selector("#sync-status:has-text('offline')")
    phone.context.set_offline(False)
    records = stored_records(table, 1, timeout=20.0)
    assert records[0]["penalty"] == {"offender": 2, "severity": "geringfuegig"}
    expect(phone.locator("tr.game-row[data-game='25'] .dealer-name")).not_to_have_text("")
    expect(phone.locator("tr.game-row")).to_have_count(25)
