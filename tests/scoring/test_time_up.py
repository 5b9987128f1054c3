""" "Zeit abgelaufen nach Spiel n" (DDV §9.4) on a sheet: recorded at the desk or by the captain
once the table's time is up, refused outside 0..games entered, passed to the ruleset so that
after it only Vorführungen are accepted, cleared by the organiser only (the backup:
tests/exports/test_backup_time_up.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.evening.rounds import release_round
from scoring.models import Sheet
from scoring.sheets.page import build_page
from scoring.sheets.services import submit_sheet
from scoring.sheets.time_up import clear_time_up, record_time_up
from scoring.sheets.validation import SheetRefused
from tests.conftest import EXAMPLES
from tournament.errors import DomainError
from tournament.models import AuditEntry
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

DDV_EXAMPLES = Path(__file__).parents[1] / "rules" / "ddv-examples.json"
RD1 = json.loads(DDV_EXAMPLES.read_text(encoding="utf-8"))["rounds"][0]["sheet"]["rows"]
# After game 2 (dealer of game 3: seat 3) every seat still owes its Pflichtsolo: seat 4 must play.
NORMAL_AFTER = dict(RD1[3], dealer=3)
VORFUEHRUNG = {
    "kind": "solo_damen",
    "re": [4],
    "winners": [4],
    "value": 3,
    "solo_mode": "vorfuehrung",
    "dealer": 3,
}


def _evening(make_tournament, organiser, ruleset: str):
    tournament = make_tournament(ruleset=ruleset)
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def _sheet(tournament) -> Sheet:
    return Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)


@pytest.fixture
def ddv_sheet(make_tournament, organiser) -> Sheet:
    sheet = _sheet(_evening(make_tournament, organiser, "ddv"))
    submit_sheet(sheet, RD1[:2], expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    return sheet


def test_recording_the_time_up_stores_it_with_an_audit_entry(ddv_sheet, organiser):
    record_time_up(ddv_sheet, after_game=2, user=organiser, expected_revision=ddv_sheet.revision)
    ddv_sheet.refresh_from_db()
    assert ddv_sheet.time_up_after == 2
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).latest("pk")
    assert entry.details["time_up_after"] == 2
    assert "Zeit abgelaufen nach Spiel 2" in entry.summary


@pytest.mark.parametrize("after", [-1, 3, 24])
def test_a_game_outside_the_games_entered_is_refused_naming_the_field(ddv_sheet, after):
    with translation.override("de"), pytest.raises(DomainError) as refused:
        record_time_up(ddv_sheet, after_game=after)
    assert refused.value.field == "after_game"
    assert "Zeit abgelaufen nach Spiel" in str(refused.value)
    assert "0 bis 2" in str(refused.value)
    ddv_sheet.refresh_from_db()
    assert ddv_sheet.time_up_after is None


def test_after_the_time_a_normalspiel_is_refused_and_a_vorfuehrung_accepted(ddv_sheet, organiser):
    record_time_up(ddv_sheet, after_game=2, user=organiser)
    ddv_sheet.refresh_from_db()
    with translation.override("de"), pytest.raises(SheetRefused) as refused:
        submit_sheet(ddv_sheet, [*RD1[:2], NORMAL_AFTER], expected_revision=ddv_sheet.revision)
    assert "Spiel 3" in refused.value.problems[0]
    assert "Vorführungen" in refused.value.problems[0]
    version = submit_sheet(ddv_sheet, [*RD1[:2], VORFUEHRUNG], expected_revision=ddv_sheet.revision)
    assert version.games.count() == 3
    status = build_page(_sheet(ddv_sheet.round.tournament)).status
    assert any("Zeit abgelaufen nach Spiel 2" in line for line in status)
    # Without the time called the same Normalspiel is fine.
    clear_time_up(version.sheet, user=organiser)
    sheet = _sheet(ddv_sheet.round.tournament)
    submit_sheet(sheet, [*RD1[:2], NORMAL_AFTER], expected_revision=sheet.revision)


def test_a_time_up_before_rows_that_are_no_vorfuehrung_is_refused(ddv_sheet, organiser):
    with pytest.raises(SheetRefused):
        record_time_up(ddv_sheet, after_game=1, user=organiser)
    ddv_sheet.refresh_from_db()
    assert ddv_sheet.time_up_after is None


def test_the_house_rules_record_no_time_up(make_tournament, organiser):
    sheet = _sheet(_evening(make_tournament, organiser, "hausregeln"))
    with pytest.raises(DomainError):
        record_time_up(sheet, after_game=0, user=organiser)


def test_a_captain_records_only_once_the_time_is_up(ddv_sheet, monkeypatch):
    from scoring.sheets import time_up

    with pytest.raises(DomainError, match="noch nicht abgelaufen"):
        record_time_up(ddv_sheet, after_game=2, source="captain")
    monkeypatch.setattr(time_up, "table_time_up", lambda table: True)
    record_time_up(ddv_sheet, after_game=2, source="captain")
    with pytest.raises(DomainError, match="nur die Turnierleitung"):
        record_time_up(ddv_sheet, after_game=1, source="captain")


def test_the_desk_page_offers_the_time_up_only_under_ddv(
    ddv_sheet, organiser_client, make_tournament, organiser
):
    args = [ddv_sheet.round.tournament.slug, 1, 1]
    page = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert 'id="time-up-after"' in page and 'value="2"' in page
    assert reverse("scoring:sheet_time_up", args=args) in page
    answer = organiser_client.post(
        reverse("scoring:sheet_time_up", args=args),
        {"after_game": "2", "revision": str(ddv_sheet.revision)},
    )
    assert answer.status_code == 302
    ddv_sheet.refresh_from_db()
    assert ddv_sheet.time_up_after == 2
    page = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert "Zeit abgelaufen nach Spiel 2: nur noch Vorführungen" in page  # the sheet's status
    assert reverse("scoring:sheet_time_up_clear", args=args) in page

    house = _evening(make_tournament, organiser, "hausregeln")
    other = organiser_client.get(reverse("scoring:sheet", args=[house.slug, 1, 1]))
    assert 'id="time-up-after"' not in other.content.decode()


def time_up_section(html: str) -> str:
    start = html.index('<section class="card time-up')
    return html[start : html.index(">", start) + 1]


def test_the_captain_page_shows_the_time_up_only_when_the_table_time_is_up(
    ddv_sheet, client, monkeypatch
):
    """Before the time is up the control waits hidden in the page (the page's clock shows it
    when the time runs out: the phone keeps the page); once recorded it is gone."""
    from scoring.sheets import views_captain

    url = reverse("captain:sheet", args=[ddv_sheet.table.entry_token])
    waiting = time_up_section(client.get(url).content.decode())
    assert "data-when-time-up" in waiting and " hidden" in waiting
    monkeypatch.setattr(views_captain, "table_time_up", lambda table: True)
    shown = time_up_section(client.get(url).content.decode())
    assert "data-when-time-up" in shown and " hidden" not in shown
    record_time_up(ddv_sheet, after_game=2)
    assert 'id="time-up-after"' not in client.get(url).content.decode()


def test_a_solo_typed_after_the_time_is_the_vorfuehrung_of_the_seat_that_must_play(
    ddv_sheet, client
):
    """The captain types the solo without Pflicht/Lust/Vorführung: after the time is called
    it can only be the Vorführung (before it, the same row would be seat 4's Pflichtsolo)."""
    record_time_up(ddv_sheet, after_game=2)
    ddv_sheet.refresh_from_db()
    data = {"revision": str(ddv_sheet.revision)}
    for number, row in enumerate(RD1[:2], start=1):
        data.update({f"g{number}-kind": row["kind"], f"g{number}-record": json.dumps(row)})
    data.update({"g3-kind": "solo_damen", "g3-winners": "4", "g3-value": "3"})
    token = ddv_sheet.table.entry_token

    preview = client.post(reverse("captain:preview", args=[token]), data).json()
    saved = client.post(reverse("captain:autosave", args=[token]), data).json()

    assert preview["rows"][2]["problems"] == {} and preview["played"] == 3
    assert saved["stored_games"] == 3, saved
    stored = build_page(_sheet(ddv_sheet.round.tournament)).records
    assert stored[2]["solo_mode"] == "vorfuehrung" and stored[2]["re"] == [4]


@pytest.mark.django_db(transaction=True)
def test_two_time_calls_of_one_revision_record_once(ddv_sheet, organiser):
    from tests.scoring.test_concurrency import run_concurrently
    from tournament.errors import StaleWriteError

    revision = ddv_sheet.revision

    def call() -> Sheet:
        return record_time_up(
            Sheet.objects.get(pk=ddv_sheet.pk), after_game=2, expected_revision=revision
        )

    results = run_concurrently([call, call])
    won = [result for result in results if isinstance(result, Sheet)]
    stale = [result for result in results if isinstance(result, StaleWriteError)]
    assert len(won) == 1 and len(stale) == 1, results
    ddv_sheet.refresh_from_db()
    assert ddv_sheet.time_up_after == 2 and ddv_sheet.revision == revision + 1
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK)
    assert entries.count() == 1


def test_a_sheet_ended_by_the_time_is_handed_in_and_offered_for_confirmation(
    ddv_sheet, organiser_client
):
    """Time called after game 2: the four Vorführungen make the round; the captain hands it in
    with 6 of 24 games and the desk's "Bestätigen" is offered (not only at 24)."""
    from rules.ddv.round import score_rows

    record_time_up(ddv_sheet, after_game=2)
    rows = list(RD1[:2])
    while (seat := score_rows(rows, 4, 24, 2).state.designated) is not None:
        rows.append(
            {"kind": "solo_kreuz", "re": [seat], "winners": [seat], "value": 2,
             "solo_mode": "vorfuehrung"}
        )  # fmt: skip
    sheet = _sheet(ddv_sheet.round.tournament)
    submit_sheet(sheet, rows, expected_revision=sheet.revision, source="captain", final=True)
    assert len(rows) == 6

    html = organiser_client.get(
        reverse("scoring:sheet", args=[sheet.round.tournament.slug, 1, 1])
    ).content.decode()
    confirm = html[
        html.index(reverse("scoring:sheet_confirm", args=[sheet.round.tournament.slug, 1, 1])) :
    ]
    button = confirm[confirm.index("<button") : confirm.index(">", confirm.index("<button"))]
    assert "disabled" not in button
