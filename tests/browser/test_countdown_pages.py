"""A count-down ("24") evening in the browser: the organiser stops a table's round at the desk
(the running Partie is cut and the sheet can be confirmed), and the public rules page, standings
and a player's page speak of Partiepunkte and Partien, on a phone and at the desk."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from demo.play import play_sheet
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from scoring.standings.ranking import compute_standings
from tests.browser.conftest import login, screenshot
from tests.scoring.countdown_rounds import cut_parties, parties_of, rows_of, stop_point
from tournament.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def countdown(make_tournament, add_participants, organiser):
    """Nine players of "24" (a four- and a five-table); table 2 played, table 1 part-way."""
    tournament = make_tournament(ruleset="24")
    add_participants(tournament, 9)
    draw_round(tournament, 1, seed=9, user=organiser)
    release_round(tournament, 1, user=organiser)
    round_ = Round.objects.get(tournament=tournament, number=1)
    sheet = Sheet.objects.get(round=round_, table__number=1)
    parties = parties_of("24", sheet.table.size, salt=1)
    rows = [row for partie in cut_parties(parties, stop_point(parties, 4)) for row in partie]
    submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser)
    other = Sheet.objects.get(round=round_, table__number=2)
    play_sheet(other, rows_of("24", other.table.size, salt=2), user=organiser)
    return tournament, sheet, len(rows)


def test_the_desk_stops_a_table_and_the_public_pages_speak_countdown(
    countdown, desk, phone, live_server
):
    tournament, sheet, stop = countdown
    login(desk, live_server)
    desk.goto(f"{live_server.url}/verwaltung/{tournament.slug}/durchgang/1/tisch/1/")
    control = desk.locator("#time-up")
    expect(control).to_contain_text("die laufende Partie wird mit ihrem Stand gewertet")
    expect(desk.locator("#time-up-after")).to_have_value(str(stop))
    control.scroll_into_view_if_needed()
    screenshot(desk, "countdown-stop-desk")
    # One tool to stop a table: no second "Tisch vorzeitig beenden" beside it.
    expect(control.locator("h2")).to_have_text("Durchgang an diesem Tisch beenden")
    expect(desk.locator("details.close-early")).to_have_count(0)
    control.get_by_role("button", name="Tisch beenden").click()
    expect(desk.locator("#time-up-after")).to_have_value(str(stop))
    sheet.refresh_from_db()
    assert sheet.time_up_after == stop
    desk.get_by_role("button", name="Speichern und bestätigen", exact=True).click()
    expect(desk.locator(".badge.confirmed").first).to_be_visible()
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED

    standings = compute_standings(tournament, 1)
    assert sum(row.total for row in standings.rows) == 0
    best = standings.rows[0]
    public_id = tournament.participants.get(pk=best.participant_id).public_id
    for page, name in ((phone, "phone"), (desk, "desk")):
        page.goto(f"{live_server.url}/t/{tournament.slug}/regeln/")
        expect(page.locator("h1")).to_have_text("„24“: Regeln und Wertung")
        expect(page.locator("main")).to_contain_text("Partiepunkte insgesamt → Partien gewonnen")
        expect(page.locator("main")).not_to_contain_text("Sonderpunkte")
        screenshot(page, f"countdown-rules-{name}")
        page.goto(f"{live_server.url}/t/{tournament.slug}/tabelle/")
        expect(page.locator("main")).to_contain_text("Partiepunkte")
        expect(page.locator("main")).not_to_contain_text("gewonnene Spiele")
        screenshot(page, f"countdown-standings-{name}")
        page.goto(f"{live_server.url}/t/{tournament.slug}/spieler/{public_id}/")
        expect(page.locator(".lead")).to_contain_text(f"{best.total} Partiepunkt")
        screenshot(page, f"countdown-player-{name}")
    desk.goto(f"{live_server.url}/t/{tournament.slug}/beamer/?show=standings")
    expect(desk.locator("body")).to_contain_text("Partiepunkte")
    expect(desk.locator("body")).to_contain_text(best.name)
    screenshot(desk, "countdown-projector-desk", full_page=False)
