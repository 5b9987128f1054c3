"""Corrections at the round level: take back a release, reopen a closed round for a dispute."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.evening.rounds import (
    close_round,
    draw_round,
    release_round,
    reopen_round,
    unrelease_round,
)
from scoring.models import ScoreLine, Sheet
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, reopen_sheet, submit_sheet
from scoring.standings.ranking import compute_standings
from tests.conftest import example_records
from tournament.errors import DomainError
from tournament.models import AuditEntry, Round

pytestmark = pytest.mark.django_db


def round_one(tournament) -> Round:
    return Round.objects.get(tournament=tournament, number=1)


# ---------------------------------------------------------------------------- take back a release


def test_a_release_without_saved_games_is_taken_back(evening, organiser, client):
    token = round_one(evening).tables.get(number=1).entry_token
    assert Sheet.objects.filter(round__tournament=evening).count() == 4
    round_ = unrelease_round(evening, 1, user=organiser)
    assert round_.status == Round.Status.DRAFT and round_.released_at is None
    assert not Sheet.objects.filter(round__tournament=evening).exists()
    entry = evening.audit_entries.get(action=AuditEntry.Action.ROUND_UNRELEASED)
    assert entry.user == organiser and entry.summary == "Durchgang 1"
    # The captain's link stops working while the seating is a draft.
    assert client.get(reverse("captain:sheet", args=[token])).status_code == 404
    # Released again, every table gets a fresh empty sheet.
    release_round(evening, 1, user=organiser)
    assert Sheet.objects.filter(round__tournament=evening, status="open").count() == 4


def test_a_release_is_not_taken_back_once_a_sheet_has_a_saved_version(evening, organiser):
    sheet = sheet_for(round_one(evening), 3)
    submit_sheet(sheet, example_records(5)[:1], expected_revision=0, user=organiser)
    with pytest.raises(DomainError, match="An Tisch 3 ist schon etwas gespeichert"):
        unrelease_round(evening, 1, user=organiser)
    assert round_one(evening).status == Round.Status.RELEASED
    assert Sheet.objects.filter(round__tournament=evening).count() == 4
    assert not evening.audit_entries.filter(action=AuditEntry.Action.ROUND_UNRELEASED).exists()


def test_only_a_released_round_can_be_taken_back(evening, organiser, confirm_round):
    confirm_round(evening, 1, organiser)
    close_round(evening, 1, user=organiser)
    with pytest.raises(DomainError, match="Nur ein freigegebener Durchgang"):
        unrelease_round(evening, 1, user=organiser)
    with pytest.raises(DomainError, match="noch nicht ausgelost"):
        unrelease_round(evening, 2, user=organiser)


def test_the_round_page_takes_back_a_release(evening, organiser_client):
    page = organiser_client.get(reverse("tournament:round", args=[evening.slug, 1]))
    assert "Freigabe zurücknehmen" in page.content.decode()
    response = organiser_client.post(
        reverse("tournament:unrelease", args=[evening.slug, 1]), follow=True
    )
    assert "ist zurückgenommen" in response.content.decode()
    assert round_one(evening).is_draft


# ---------------------------------------------------------------------------- reopen a closed round


def test_reopening_a_closed_round_needs_a_reason_and_is_logged(evening, organiser, confirm_round):
    confirm_round(evening, 1, organiser)
    close_round(evening, 1, user=organiser)
    with pytest.raises(DomainError, match="Grund"):
        reopen_round(evening, 1, reason="  ", user=organiser)
    assert round_one(evening).status == Round.Status.CLOSED
    result = reopen_round(evening, 1, reason="Einspruch Tisch 2", user=organiser)
    assert result.round.status == Round.Status.RELEASED and result.round.closed_at is None
    assert result.later_seated == []
    entry = evening.audit_entries.get(action=AuditEntry.Action.ROUND_REOPENED)
    assert entry.user == organiser and entry.reason == "Einspruch Tisch 2"
    with pytest.raises(DomainError, match="Nur ein abgeschlossener Durchgang"):
        reopen_round(evening, 1, reason="nochmal", user=organiser)


def test_after_reopening_the_round_a_sheet_is_corrected_and_the_standings_follow(
    evening, organiser, confirm_round
):
    confirm_round(evening, 1, organiser)
    close_round(evening, 1, user=organiser)
    before = compute_standings(evening, 1).rows
    sheet = sheet_for(round_one(evening), 2)
    with pytest.raises(DomainError, match="abgeschlossen"):
        reopen_sheet(sheet, reason="Einspruch", user=organiser)

    reopen_round(evening, 1, reason="Einspruch Tisch 2", user=organiser)
    sheet.refresh_from_db()
    reopen_sheet(sheet, reason="Spiel 16 falsch", user=organiser)
    # Until it is confirmed again, the sheet's last confirmed result keeps counting.
    assert ScoreLine.objects.filter(sheet=sheet).exists()
    assert compute_standings(evening, 1).rows == before
    sheet.refresh_from_db()
    records = example_records(4)
    records[15] = {"kind": "normal", "winners": [2, 4], "value": 9}
    submit_sheet(sheet, records, expected_revision=sheet.revision, final=True, user=organiser)
    confirm_sheet(sheet, user=organiser)
    after = compute_standings(evening, 1).rows
    assert after != before and sum(row.total for row in after) == 0
    close_round(evening, 1, user=organiser)
    assert round_one(evening).status == Round.Status.CLOSED


def test_a_later_seated_round_keeps_its_seating_and_the_message_says_so(
    evening, organiser, confirm_round, organiser_client
):
    confirm_round(evening, 1, organiser)
    close_round(evening, 1, user=organiser)
    draw_round(evening, 2, seed=7, user=organiser)
    seats = list(
        Round.objects.get(tournament=evening, number=2)
        .seats.order_by("participant_id")
        .values_list("participant_id", "table__number", "number")
    )
    response = organiser_client.post(
        reverse("tournament:reopen", args=[evening.slug, 1]),
        {"reason": "Einspruch"},
        follow=True,
    )
    text = response.content.decode()
    assert "Durchgang 1 ist wieder offen" in text
    assert "Durchgang 2 ist schon gesetzt; seine Sitzordnung bleibt, wie sie ist." in text
    assert round_one(evening).status == Round.Status.RELEASED
    assert seats == list(
        Round.objects.get(tournament=evening, number=2)
        .seats.order_by("participant_id")
        .values_list("participant_id", "table__number", "number")
    )
    entry = evening.audit_entries.get(action=AuditEntry.Action.ROUND_REOPENED)
    assert entry.details["later_seated"] == [2]


def test_the_round_page_refuses_a_reopen_without_reason(evening, organiser, confirm_round):
    from django.test import Client

    confirm_round(evening, 1, organiser)
    close_round(evening, 1, user=organiser)
    browser = Client()
    browser.force_login(organiser)
    page = browser.get(reverse("tournament:round", args=[evening.slug, 1]))
    assert "Durchgang wieder öffnen" in page.content.decode()
    response = browser.post(reverse("tournament:reopen", args=[evening.slug, 1]), follow=True)
    assert "Bitte einen Grund für das Wiederöffnen angeben." in response.content.decode()
    assert round_one(evening).status == Round.Status.CLOSED
