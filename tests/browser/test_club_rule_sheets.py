"""Three clubs' rule sheets (CLUBRULES.md) in a browser: the settings page shows the options
in the groups of a rule sheet on the desk and the phone, the public rules page names every
club option in force in plain German, and the printed score sheet's legend carries the club's
values — each looked at in a screenshot (and the legend as PNG under the shots folder)."""

from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import expect

from output.printouts.pdf_sheets import score_sheets_pdf
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.links import captain_url
from scoring.sheets.services import submit_sheet
from tests.browser.conftest import SCREENSHOTS, login, screenshot
from tournament.events.services import update_tournament
from tournament.seating.reading import round_with_seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEETS = {
    # Bockrunden after 120 : 120 and a lost solo, Armut, Schmeißen as a row
    "bock-armut": {
        "bock": True,
        "bock_triggers": ["tie_120", "solo_lost"],
        "armut": True,
        "armut_point": True,
        "schmeissen": "redeal",
    },
    # doubling calls, 120 : 120 counts for nobody, Farbsoli, no Doppelkopf
    "doppelt": {
        "ansagen": "double",
        "tie_120": "nobody",
        "solo_kinds": ["solo_buben", "solo_damen", "solo_trumpf", "solo_kreuz", "solo_herz"],
        "sonderpunkte": {"doppelkopf": 0, "charlie_am_end": 0},
    },
    # DDV-like values with triple Bock in a queue of two games
    "dreifach": {
        "ansagen": "plus2",
        "tie_120": "ddv",
        "solo_lost_point": False,
        "sonderpunkte": {"fuchs_am_end_gefangen": 1},
        "bock": True,
        "bock_triggers": ["herzstich", "schwarz", "announcement_lost"],
        "bock_games": 2,
        "bock_multiplier": 3,
        "bock_overlap": "queue",
        "stilles_solo": "solo",
    },
}

RULES_LINE = {
    "bock-armut": "Bockrunden: nach 120 : 120 oder verlorenem Solo",
    "doppelt": "Re, Kontra, Sub und In verdoppeln jeweils den Spielwert.",
    "dreifach": "Bockspiele zählen dreifach, Bock auf Bock wird hinten angehängt",
}


@pytest.mark.parametrize("name", list(SHEETS))
def test_a_clubs_rule_sheet_on_settings_rules_page_and_legend(
    name, desk, phone, live_server, tournament, add_participants, organiser
):
    update_tournament(tournament, ruleset_options=SHEETS[name], public_rules=True, user=organiser)
    for device, page in (("desk", desk), ("phone", phone)):
        login(page, live_server)
        page.goto(live_server.url + f"/verwaltung/{tournament.slug}/einstellungen/")
        bock = page.locator("fieldset[data-ruleset=hausregeln]", has_text="· Bock")
        expect(bock).to_be_visible()
        expect(bock.locator("input[name=bock]")).to_be_checked(checked="bock" in SHEETS[name])
        screenshot(page, f"club-{name}-settings-{device}")
        page.goto(live_server.url + f"/t/{tournament.slug}/regeln/")
        expect(page.locator("main")).to_contain_text(RULES_LINE[name])
        screenshot(page, f"club-{name}-rules-{device}")
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=3, user=organiser)
    data = score_sheets_pdf(round_with_seating(tournament, 1), "http://doko.local")
    pdf = SCREENSHOTS / f"club-{name}-sheet.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(pdf.with_suffix(""))],
        check=True,
    )


def test_the_next_games_bock_on_the_phone_and_the_desk(
    desk, phone, live_server, tournament, add_participants, organiser
):
    """Bock is derived from the rows entered: the captain's phone and the desk say it."""
    options = {"bock": True, "bock_triggers": ["tie_120", "solo_lost"]}
    update_tournament(tournament, ruleset_options=options, user=organiser)
    add_participants(tournament, 4)
    draw_round(tournament, 1, seed=3, user=organiser)
    release_round(tournament, 1, user=organiser)
    sheet = Sheet.objects.get(round__tournament=tournament)
    tie = {"kind": "normal", "re": [1, 2], "augen_re": 120}
    submit_sheet(sheet, [tie, {**tie, "augen_re": 130}], expected_revision=sheet.revision)
    phone.goto(captain_url(sheet.table.entry_token, live_server.url))
    expect(phone.locator("main")).to_contain_text("Bock ×2 · noch 3 Spiele")
    screenshot(phone, "club-bock-status-phone")
    login(desk, live_server)
    desk.goto(live_server.url + f"/verwaltung/{tournament.slug}/durchgang/1/tisch/1/")
    expect(desk.locator("main")).to_contain_text("Bock ×2 · noch 3 Spiele")
    screenshot(desk, "club-bock-status-desk")
