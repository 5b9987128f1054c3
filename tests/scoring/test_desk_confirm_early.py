"""The desk's plain "Bestätigen" follows the ruleset's completeness: a DDV sheet whose time was
called once every Pflichtsolo is played is complete before its 24 games, and a count-down
sheet whose last Partie ended with fewer deals left than seats; the button is enabled for them
as "Speichern und bestätigen" is (confirm_sheet accepts them); before the time is called the
same DDV rows are not complete and the button stays disabled."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.page import build_page
from scoring.sheets.reading import confirmable
from scoring.sheets.services import submit_sheet
from scoring.sheets.time_up import record_time_up
from tests.conftest import EXAMPLES
from tests.scoring.test_countdown_desk import flat, parties_of
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

DDV_EXAMPLES = Path(__file__).parents[1] / "rules" / "ddv-examples.json"
RD1 = json.loads(DDV_EXAMPLES.read_text(encoding="utf-8"))["rounds"][0]["sheet"]["rows"]


@pytest.fixture
def ddv_sheet(make_tournament, organiser) -> Sheet:
    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)


def _early_end(tournament) -> int:
    """The fewest rows of the example round after which a called time completes the sheet
    (every Pflichtsolo played), asked of the ruleset itself."""
    ruleset, options = tournament.rules, tournament.scoring_options
    for n in range(1, len(RD1)):
        scored = ruleset.score_sheet(RD1[:n], 4, tournament.cycles, options, time_up_after=n)
        if scored.complete and ruleset.played_rows(RD1[:n]) < tournament.sheet_length(4):
            return n
    raise AssertionError("the example round never ends early")


def _confirm_button(html: str) -> str:
    form = re.search(r'action="[^"]*/bestaetigen/"[^>]*>.*?</form>', html, re.S)
    assert form, "no confirm form on the desk page"
    return re.search(r"<button[^>]*>", form.group(0)).group(0)


def _desk(client, sheet: Sheet) -> str:
    url = reverse(
        "scoring:sheet",
        args=[sheet.round.tournament.slug, sheet.round.number, sheet.table.number],
    )
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_bestaetigen_is_enabled_on_a_sheet_the_ruleset_says_is_complete_early(
    ddv_sheet, organiser, organiser_client
):
    n = _early_end(ddv_sheet.round.tournament)
    submit_sheet(ddv_sheet, RD1[:n], expected_revision=0, user=organiser)
    ddv_sheet.refresh_from_db()
    assert "disabled" in _confirm_button(_desk(organiser_client, ddv_sheet))
    assert not confirmable(ddv_sheet, build_page(ddv_sheet).records, 4)

    record_time_up(ddv_sheet, after_game=n, user=organiser, expected_revision=ddv_sheet.revision)
    ddv_sheet.refresh_from_db()
    assert confirmable(ddv_sheet, build_page(ddv_sheet).records, 4)
    assert "disabled" not in _confirm_button(_desk(organiser_client, ddv_sheet))
    url = reverse("scoring:sheet_confirm", args=[ddv_sheet.round.tournament.slug, 1, 1])
    organiser_client.post(url, {"revision": ddv_sheet.revision})
    ddv_sheet.refresh_from_db()
    assert ddv_sheet.status == Sheet.Status.CONFIRMED


def test_bestaetigen_stays_disabled_on_an_incomplete_sheet(ddv_sheet, organiser, organiser_client):
    submit_sheet(ddv_sheet, RD1[:2], expected_revision=0, user=organiser)
    ddv_sheet.refresh_from_db()
    record_time_up(ddv_sheet, after_game=2, user=organiser, expected_revision=ddv_sheet.revision)
    ddv_sheet.refresh_from_db()
    # Time called, but Pflichtsoli are still owed: Vorführungen must follow.
    assert not confirmable(ddv_sheet, build_page(ddv_sheet).records, 4)
    assert "disabled" in _confirm_button(_desk(organiser_client, ddv_sheet))


def test_bestaetigen_is_enabled_on_a_count_down_sheet_that_ended_early(
    make_tournament, add_participants, organiser, organiser_client
):
    tournament = make_tournament(ruleset="24")
    add_participants(tournament, 7)
    draw_round(tournament, 1, seed=11, user=organiser)
    release_round(tournament, 1, user=organiser)
    sheet = next(
        sheet
        for sheet in Sheet.objects.filter(round__tournament=tournament).select_related("table")
        if sheet.table.size == 4
    )
    rows = flat(parties_of(4, tournament.cycles))
    assert len(rows) < tournament.sheet_length(4)  # the last Partie ended early
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    assert confirmable(sheet, build_page(sheet).records, 4)
    assert "disabled" not in _confirm_button(_desk(organiser_client, sheet))
    url = reverse("scoring:sheet_confirm", args=[tournament.slug, 1, sheet.table.number])
    organiser_client.post(url, {"revision": sheet.revision})
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
