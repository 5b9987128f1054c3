"""Saving, submitting, confirming, returning, reopening and closing score sheets."""

from __future__ import annotations

import pytest

from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import (
    close_sheet_early,
    confirm_sheet,
    reopen_sheet,
    return_sheet,
    submit_sheet,
)
from scoring.sheets.validation import SheetRefused
from tests.conftest import example_records, example_sheet
from tournament.errors import DomainError, StaleWriteError
from tournament.models import AuditEntry, Round

pytestmark = pytest.mark.django_db


def sheet(tournament, table: int, number: int = 1) -> Sheet:
    return sheet_for(Round.objects.get(tournament=tournament, number=number), table)


def test_example_sheets_store_the_points_they_must_produce(evening, organiser):
    for table, size in ((1, 4), (3, 5)):
        target = sheet(evening, table)
        version = submit_sheet(
            target, example_records(size), expected_revision=0, user=organiser, final=True
        )
        games = list(version.games.order_by("number"))
        expected = example_sheet(size)["games"]
        assert len(games) == len(expected)
        for game, wanted in zip(games, expected, strict=True):
            assert game.points == wanted["points"], game.number
            assert game.plus == wanted["plus"], game.number


def test_a_save_creates_a_numbered_version_with_its_author(evening, organiser):
    target = sheet(evening, 1)
    first = submit_sheet(target, example_records(4)[:3], expected_revision=0, user=organiser)
    target.refresh_from_db()
    second = submit_sheet(target, example_records(4)[:5], expected_revision=1, user=organiser)
    assert (first.number, second.number) == (1, 2)
    assert second.created_by == organiser and second.source == SheetVersion.Source.DESK
    assert Game.objects.filter(version=first).count() == 3
    assert Game.objects.filter(version=second).count() == 5
    target.refresh_from_db()
    assert target.revision == 2 and target.status == Sheet.Status.OPEN


def test_a_stale_revision_is_refused_and_nothing_is_written(evening):
    target = sheet(evening, 1)
    submit_sheet(target, example_records(4)[:2], expected_revision=0)
    with pytest.raises(StaleWriteError, match="inzwischen geändert"):
        submit_sheet(target, example_records(4)[:4], expected_revision=0)
    assert SheetVersion.objects.filter(sheet=target).count() == 1


def test_bad_rows_refuse_the_save_with_game_and_field(evening):
    target = sheet(evening, 1)
    records = example_records(4)
    records[6] = {**records[6], "augen_re": 241}
    records[9] = {"kind": "normal", "winners": [1, 2, 3], "value": 2}
    with pytest.raises(SheetRefused) as info:
        submit_sheet(target, records, expected_revision=0)
    rows = {(problem.game, problem.field) for problem in info.value.rows}
    assert (7, "augen_re") in rows
    assert any(game == 10 for game, _field in rows)
    assert "Spiel 7, augen_re: Augen Re muss zwischen 0 und 240 liegen" in str(info.value)
    assert not SheetVersion.objects.exists()


def test_sitting_out_seat_must_be_the_dealer_at_a_five_table(evening):
    target = sheet(evening, 3)
    records = example_records(5)[:3]
    records[1] = {**records[1], "sitting_out": 4}
    with pytest.raises(SheetRefused) as info:
        submit_sheet(target, records, expected_revision=0)
    assert (info.value.rows[0].game, info.value.rows[0].field) == (2, "sitting_out")


def test_the_sheet_fills_in_table_size_and_the_sitting_out_dealer(evening):
    target = sheet(evening, 3)
    records = [{"kind": "normal", "winners": [2, 5], "value": 3}]
    version = submit_sheet(target, records, expected_revision=0)
    game = version.games.get()
    assert game.record["table_size"] == 5 and game.record["sitting_out"] == 1
    assert game.points == {"1": 0, "2": 3, "3": -3, "4": -3, "5": 3}


def test_submit_needs_every_game_and_confirm_writes_score_lines(evening, organiser):
    target = sheet(evening, 1)
    with pytest.raises(DomainError, match="15 von 16 Spielen"):
        submit_sheet(target, example_records(4)[:15], expected_revision=0, final=True)
    submit_sheet(target, example_records(4), expected_revision=0, final=True, user=organiser)
    target.refresh_from_db()
    assert target.status == Sheet.Status.SUBMITTED
    assert not ScoreLine.objects.exists()
    version = confirm_sheet(target, user=organiser)
    assert version.confirmed and version.confirmed_by == organiser
    lines = ScoreLine.objects.filter(sheet=target)
    assert lines.count() == 16 * 4
    totals = {seat: sum(line.points for line in lines if line.seat == seat) for seat in range(1, 5)}
    assert totals == {1: -29, 2: -3, 3: 31, 4: 1}
    soloists = {(line.game_number, line.seat) for line in lines if line.soloist}
    assert soloists == {(4, 4), (9, 2), (11, 1), (14, 3)}


def test_sitting_out_players_get_no_score_line(evening):
    target = sheet(evening, 3)
    submit_sheet(target, example_records(5), expected_revision=0, final=True)
    confirm_sheet(target)
    lines = ScoreLine.objects.filter(sheet=target)
    assert lines.count() == 20 * 4
    assert not lines.filter(game_number=1, seat=1).exists()


def test_a_confirmed_sheet_cannot_be_changed_until_reopened(evening, organiser):
    target = sheet(evening, 1)
    submit_sheet(target, example_records(4), expected_revision=0, final=True)
    confirm_sheet(target)
    target.refresh_from_db()
    with pytest.raises(DomainError, match="bestätigt"):
        submit_sheet(target, example_records(4), expected_revision=target.revision)
    with pytest.raises(DomainError, match="Grund"):
        reopen_sheet(target, reason=" ")
    reopen_sheet(target, reason="Spiel 3 falsch übertragen", user=organiser)
    target.refresh_from_db()
    assert target.status == Sheet.Status.SUBMITTED
    # The last confirmed result counts until the sheet is confirmed again.
    assert ScoreLine.objects.filter(sheet=target).count() == 64
    entry = AuditEntry.objects.get(action=AuditEntry.Action.SHEET_REOPENED)
    assert entry.reason == "Spiel 3 falsch übertragen" and entry.user == organiser
    records = example_records(4)
    records[2] = {"kind": "normal", "winners": [1, 4], "value": 3}
    submit_sheet(target, records, expected_revision=target.revision, final=True)
    confirm_sheet(target)
    assert SheetVersion.objects.filter(sheet=target, confirmed=True).count() == 1
    assert SheetVersion.objects.filter(sheet=target).count() == 2


def test_return_to_the_table_with_a_comment(evening):
    target = sheet(evening, 1)
    submit_sheet(target, example_records(4), expected_revision=0, final=True)
    return_sheet(target, comment="Spiel 12: Sieger fehlt")
    target.refresh_from_db()
    assert target.status == Sheet.Status.OPEN and target.return_comment == "Spiel 12: Sieger fehlt"


def test_closing_a_table_early_makes_the_recorded_games_count(evening):
    target = sheet(evening, 2)
    submit_sheet(target, example_records(4)[:12], expected_revision=0)
    target.refresh_from_db()
    with pytest.raises(DomainError, match="schon 12 Spiele"):
        close_sheet_early(target, after_game=10, note="Zeit")
    close_sheet_early(target, after_game=12, note="Zeitlimit nach Regel 16")
    target.refresh_from_db()
    submit_sheet(target, example_records(4)[:12], expected_revision=target.revision, final=True)
    confirm_sheet(target)
    assert ScoreLine.objects.filter(sheet=target).values("game_number").distinct().count() == 12
    target.refresh_from_db()
    with pytest.raises(DomainError):
        submit_sheet(target, example_records(4)[:13], expected_revision=target.revision)


def test_the_desk_entry_is_confirmed_at_once_by_the_one_who_entered_it(evening, organiser):
    """One organiser at the desk enters and confirms ("save and confirm"): no second person."""
    target = sheet(evening, 1)
    version = submit_sheet(
        target,
        example_records(4),
        expected_revision=0,
        user=organiser,
        final=True,
        confirm=True,
    )
    target.refresh_from_db()
    assert target.status == Sheet.Status.CONFIRMED
    assert ScoreLine.objects.filter(sheet=target).count() == 64
    assert version.created_by == version.confirmed_by == organiser


def test_the_one_who_entered_a_version_may_confirm_it_later(evening, organiser):
    target = sheet(evening, 1)
    submit_sheet(target, example_records(4), expected_revision=0, user=organiser, final=True)
    target.refresh_from_db()
    assert target.status == Sheet.Status.SUBMITTED  # handed in, waiting for the confirmation
    version = confirm_sheet(target, user=organiser)
    assert version.created_by == version.confirmed_by == organiser
    assert ScoreLine.objects.filter(sheet=target).count() == 64


def test_only_one_version_can_be_confirmed_even_bypassing_the_service(evening):
    from django.db import IntegrityError, transaction

    target = sheet(evening, 1)
    submit_sheet(target, example_records(4), expected_revision=0, final=True)
    confirm_sheet(target)
    target.refresh_from_db()
    extra = SheetVersion.objects.create(sheet=target, number=99, source="desk")
    with pytest.raises(IntegrityError), transaction.atomic():
        SheetVersion.objects.filter(pk=extra.pk).update(confirmed=True)
