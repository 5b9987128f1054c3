"""Faults in the middle of a write leave the previous state intact; SQLite copes with a reader
and writers at once (WAL, busy timeout)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import OperationalError, connection, connections

from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from scoring.sheets import services
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, reopen_sheet, submit_sheet
from scoring.standings.ranking import compute_standings
from tests.conftest import example_records
from tournament.models import Round


def the_sheet(tournament, table=1) -> Sheet:
    return sheet_for(Round.objects.get(tournament=tournament, number=1), table)


class InjectedFault(RuntimeError):
    pass


@pytest.mark.django_db
def test_failure_after_the_games_are_written_keeps_the_previous_version(evening, monkeypatch):
    sheet = the_sheet(evening)
    first = submit_sheet(sheet, example_records(4)[:6], expected_revision=0)
    real_bulk_create = Game.objects.bulk_create

    def write_then_fail(objs, *args, **kwargs):
        real_bulk_create(objs[:3], *args, **kwargs)  # the first rows are written ...
        raise InjectedFault("disk full")  # ... then the save dies

    monkeypatch.setattr(Game.objects, "bulk_create", write_then_fail)
    sheet.refresh_from_db()
    with pytest.raises(InjectedFault):
        submit_sheet(sheet, example_records(4), expected_revision=sheet.revision)
    monkeypatch.undo()
    sheet.refresh_from_db()
    assert sheet.revision == 1
    assert list(SheetVersion.objects.filter(sheet=sheet)) == [first]
    assert Game.objects.filter(version__sheet=sheet).count() == 6


@pytest.mark.django_db
def test_failure_while_writing_score_lines_keeps_the_sheet_unconfirmed(evening, monkeypatch):
    sheet = the_sheet(evening)
    submit_sheet(sheet, example_records(4), expected_revision=0, final=True)
    real = ScoreLine.objects.bulk_create

    def half_then_fail(objs, *args, **kwargs):
        real(objs[: len(objs) // 2], *args, **kwargs)
        raise InjectedFault("connection lost")

    monkeypatch.setattr(ScoreLine.objects, "bulk_create", half_then_fail)
    with pytest.raises(InjectedFault):
        confirm_sheet(sheet)
    monkeypatch.undo()
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.SUBMITTED
    assert not ScoreLine.objects.exists()
    assert not SheetVersion.objects.filter(confirmed=True).exists()
    confirm_sheet(sheet)
    assert ScoreLine.objects.count() == 64


@pytest.mark.django_db
def test_failure_in_the_audit_entry_rolls_back_the_reopen(evening, monkeypatch):
    sheet = the_sheet(evening)
    submit_sheet(sheet, example_records(4), expected_revision=0, final=True)
    confirm_sheet(sheet)

    def fail(*args, **kwargs):
        raise InjectedFault("audit table locked")

    monkeypatch.setattr(services, "record", fail)
    with pytest.raises(InjectedFault):
        reopen_sheet(sheet, reason="Test")
    monkeypatch.undo()
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    assert ScoreLine.objects.filter(sheet=sheet).count() == 64


@pytest.mark.django_db(transaction=True)
def test_sqlite_phone_saves_while_the_organiser_reads(evening):
    """WAL lets writers commit while a long read is open; nobody sees "database is locked"."""
    if connection.vendor != "sqlite":
        pytest.skip("checks SQLite's journal mode; PostgreSQL has its own concurrency tests")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
    errors: list[Exception] = []
    saved: list[int] = []
    stop = threading.Event()

    def organiser_prints():
        # Like building a PDF: long reads with a cursor held open while rows are processed.
        try:
            while not stop.is_set():
                compute_standings(evening, 1)
                for index, _game in enumerate(Game.objects.all().iterator(chunk_size=2)):
                    if index % 4 == 0:
                        time.sleep(0.01)
                time.sleep(0.01)
        except Exception as error:
            errors.append(error)
        finally:
            connections.close_all()

    def phone_saves(table):
        try:
            sheet = the_sheet(evening, table)
            size = 4 if table <= 2 else 5
            for count in range(1, 9):
                sheet.refresh_from_db()
                submit_sheet(sheet, example_records(size)[:count], expected_revision=sheet.revision)
                saved.append(table)
        except Exception as error:
            errors.append(error)
        finally:
            connections.close_all()

    reader = threading.Thread(target=organiser_prints)
    writers = [threading.Thread(target=phone_saves, args=(table,)) for table in (1, 2, 3, 4)]
    reader.start()
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
    stop.set()
    reader.join(timeout=30)
    assert not [e for e in errors if isinstance(e, OperationalError)], errors
    assert not errors, errors
    assert len(saved) == 32
    assert SheetVersion.objects.count() == 32
