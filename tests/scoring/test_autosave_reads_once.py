"""The captain's autosave reads the sheet and its latest games once and does not read the table's
size, the latest version's number or the sheet again under the lock (issue 26): what it read is
checked by the revision under the lock, so a write in between is still a conflict, and no
version is lost or numbered twice — also with many autosaves of one sheet at once."""

from __future__ import annotations

import pytest

from demo.records import form_data
from scoring.models import Sheet, SheetVersion
from scoring.sheets import autosave as autosave_module
from scoring.sheets.autosave import autosave_sheet
from scoring.sheets.services import ReadBefore, submit_sheet
from tests.conftest import example_records
from tests.scoring.test_concurrency import run_concurrently
from tournament.errors import StaleWriteError


def read_sheet(tournament, table: int = 1) -> Sheet:
    """The sheet as the captain's views read it: with its table, round and tournament."""
    return Sheet.objects.select_related("table", "round__tournament").get(
        round__tournament=tournament, round__number=1, table__number=table
    )


def typed(records, revision: int) -> dict[str, str]:
    return {**form_data(records), "revision": str(revision)}


@pytest.mark.django_db
def test_a_write_between_the_read_and_the_lock_is_a_conflict_and_nothing_is_numbered_twice(
    evening, organiser, monkeypatch
):
    records = example_records(4)
    sheet = read_sheet(evening)
    real = autosave_module.latest_version_with_games

    def another_writer_first(current):
        read = real(current)
        submit_sheet(Sheet.objects.get(pk=current.pk), records[:3], expected_revision=0)
        return read

    monkeypatch.setattr(autosave_module, "latest_version_with_games", another_writer_first)
    with pytest.raises(StaleWriteError):
        autosave_sheet(sheet, typed(records[:5], 0), expected_revision=0, source="captain")
    numbers = list(SheetVersion.objects.filter(sheet=sheet).values_list("number", flat=True))
    assert numbers == [1]


@pytest.mark.django_db
def test_what_was_read_before_counts_only_while_the_revision_is_the_same(evening):
    records = example_records(4)
    sheet = read_sheet(evening)
    submit_sheet(sheet, records[:2], expected_revision=0)
    # Read at revision 0 (no version yet), written without a revision check at revision 1:
    # the number is read again under the lock, not taken from what was read before.
    version = submit_sheet(
        read_sheet(evening),
        records[:4],
        expected_revision=None,
        read_before=ReadBefore(revision=0, table_size=4, latest_number=0),
    )
    assert version.number == 2
    assert version.sheet.revision == 2


@pytest.mark.django_db
def test_the_answer_carries_the_revision_written(evening):
    records = example_records(4)
    sheet = read_sheet(evening)
    outcome, _typed = autosave_sheet(sheet, typed(records[:4], 0), expected_revision=0)
    assert outcome.written and outcome.stored_games == 4
    assert sheet.revision == 1 == Sheet.objects.get(pk=sheet.pk).revision
    outcome, _typed = autosave_sheet(sheet, typed(records[:6], 1), expected_revision=1)
    assert sheet.revision == 2
    assert list(sheet.versions.values_list("number", flat=True).order_by("number")) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_autosaves_of_one_sheet_at_once_keep_every_version_once(evening):
    records = example_records(4)
    pk = read_sheet(evening).pk
    for revision in range(4):
        jobs = [
            (
                lambda n=n, revision=revision: autosave_sheet(
                    Sheet.objects.select_related("table", "round__tournament").get(pk=pk),
                    typed(records[: 2 + revision * 3 + n], revision),
                    expected_revision=revision,
                    source="captain",
                )
            )
            for n in range(3)
        ]
        results = run_concurrently(jobs)
        written = [r for r in results if isinstance(r, tuple) and r[0].written]
        conflicts = [r for r in results if isinstance(r, StaleWriteError)]
        assert len(written) == 1 and len(conflicts) == 2, results
    numbers = list(
        SheetVersion.objects.filter(sheet_id=pk).order_by("number").values_list("number", flat=True)
    )
    assert numbers == [1, 2, 3, 4]
    assert Sheet.objects.get(pk=pk).revision == 4
