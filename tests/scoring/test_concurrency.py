"""Concurrent saves of one sheet: exactly one writer per revision wins, nobody is overwritten.

Runs against the configured database: SQLite locally (WAL, IMMEDIATE transactions) and
PostgreSQL in CI (row locks), with real threads and connections.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from scoring.models import Game, Sheet, SheetVersion
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, submit_sheet
from tests.conftest import example_records
from tournament.errors import StaleWriteError
from tournament.models import Round

pytestmark = pytest.mark.django_db(transaction=True)


def run_concurrently(jobs):
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def worker(index, job):
        try:
            barrier.wait(timeout=10)
            results[index] = job()
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_organisers_and_a_captain_save_the_same_revision(evening, organiser):
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 1)
    records = example_records(4)
    jobs = [
        lambda: submit_sheet(
            Sheet.objects.get(pk=sheet.pk), records[:16], expected_revision=0, user=organiser
        ),
        lambda: submit_sheet(
            Sheet.objects.get(pk=sheet.pk), records[:10], expected_revision=0, user=organiser
        ),
        lambda: submit_sheet(
            Sheet.objects.get(pk=sheet.pk),
            records[:5],
            expected_revision=0,
            source="captain",
            final=False,
        ),
    ]
    results = run_concurrently(jobs)
    winners = [r for r in results if isinstance(r, SheetVersion)]
    losers = [r for r in results if isinstance(r, StaleWriteError)]
    assert len(winners) == 1, results
    assert len(losers) == 2, results
    assert all("neu laden" in str(error) for error in losers)
    sheet.refresh_from_db()
    assert sheet.revision == 1
    version = SheetVersion.objects.get(sheet=sheet)
    assert version.pk == winners[0].pk
    # The winning version is complete: no row of a losing writer slipped in.
    assert Game.objects.filter(version=version).count() == winners[0].games.count()
    assert Game.objects.count() == winners[0].games.count()


def test_rounds_of_concurrent_writers_keep_every_version_in_order(evening, organiser):
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 3)
    records = example_records(5)
    for revision in range(4):
        jobs = [
            (
                lambda n=n, revision=revision: submit_sheet(
                    Sheet.objects.get(pk=sheet.pk), records[: 5 + n], expected_revision=revision
                )
            )
            for n in range(3)
        ]
        results = run_concurrently(jobs)
        assert sum(isinstance(r, SheetVersion) for r in results) == 1, results
    assert list(SheetVersion.objects.filter(sheet=sheet).values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
    ]


def test_concurrent_confirmations_confirm_once(evening, organiser):
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 1)
    submit_sheet(sheet, example_records(4), expected_revision=0, final=True)
    jobs = [lambda: confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser) for _ in range(3)]
    results = run_concurrently(jobs)
    assert sum(isinstance(r, SheetVersion) for r in results) == 1, results
    assert SheetVersion.objects.filter(sheet=sheet, confirmed=True).count() == 1
    from scoring.models import ScoreLine

    assert ScoreLine.objects.filter(sheet=sheet).count() == 64
