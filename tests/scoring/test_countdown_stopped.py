"""A count-down table's round stopped by the organiser (COUNTDOWN.md §8.2, §8.3) through the
desk: recorded like DDV's "Zeit abgelaufen nach Spiel n" (``Sheet.time_up_after``), the sheet
is then complete and its running Partie cut and counted; no deal may follow; ``import_sheet``
takes ``"stopped": true``; the backup carries the stop; two stops of one revision record once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from rules.countdown import play_round
from rules.countdown.rows import CUT
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.services import confirm_sheet, submit_sheet
from scoring.sheets.time_up import record_time_up
from scoring.sheets.validation import SheetRefused
from scoring.standings.ranking import compute_standings
from tests.scoring.countdown_rounds import cut_parties, parties_of, stop_point
from tournament.errors import DomainError, StaleWriteError
from tournament.models import AuditEntry, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(make_tournament, add_participants, organiser):
    tournament = make_tournament(ruleset="24")
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=5, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


@pytest.fixture
def stopped(evening):
    """Table 1's round: the deals up to the stop and what ``play_round`` says of them."""
    parties = parties_of("24", 4, salt=1)
    stop = stop_point(parties, 4)
    cut = cut_parties(parties, stop)
    rows = [row for partie in cut for row in partie]
    assert len(rows) == stop
    result = play_round("24", {}, 4, cut, 6, True)
    assert not result.parties[-1].finished and result.parties[-1].counted
    sheet = Sheet.objects.get(round__tournament=evening, round__number=1, table__number=1)
    return sheet, rows, result


def _standings_of_table(tournament, sheet) -> dict[int, dict[str, int]]:
    seats = {seat.participant_id: seat.number for seat in Seat.objects.filter(table=sheet.table)}
    return {
        seats[row.participant_id]: {
            "partiepunkte": row.total,
            "siege": row.games_won,
            "restpunkte": row.rest,
            "parties": row.parties,
        }
        for row in compute_standings(tournament, 1).rows
        if row.participant_id in seats
    }


def test_the_desk_records_the_stop_and_the_cut_partie_counts(
    evening, stopped, organiser, organiser_client
):
    sheet, rows, result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    args = [evening.slug, 1, 1]
    page = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
    assert 'id="time-up-after"' in page and f'value="{len(rows)}"' in page
    assert "die laufende Partie wird mit ihrem Stand gewertet" in page
    assert "Vorführung" not in page and "Pflichtsoli" not in page
    answer = organiser_client.post(
        reverse("scoring:sheet_time_up", args=args),
        {"after_game": str(len(rows)), "revision": str(sheet.revision)},
    )
    assert answer.status_code == 302
    sheet.refresh_from_db()
    assert sheet.time_up_after == len(rows)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).count() == 1
    confirm_sheet(sheet, user=organiser)
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    last = sheet.versions.get(confirmed=True).games.order_by("-number").first()
    assert last.winner == CUT
    assert _standings_of_table(evening, sheet) == result.totals()


def test_without_the_stop_the_short_sheet_cannot_be_confirmed(evening, stopped, organiser):
    sheet, rows, _result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    with pytest.raises(DomainError, match=f"Die Liste hat {len(rows)} von 24 Spielen"):
        confirm_sheet(sheet, user=organiser)


def test_no_deal_may_be_entered_after_the_stop(evening, stopped, organiser):
    sheet, rows, _result = stopped
    submit_sheet(sheet, rows[:-1], expected_revision=0, user=organiser)
    record_time_up(sheet, after_game=len(rows) - 1, user=organiser)
    sheet.refresh_from_db()
    with pytest.raises(SheetRefused) as refused:
        submit_sheet(sheet, rows, expected_revision=sheet.revision, user=organiser)
    assert [problem.game for problem in refused.value.rows] == [len(rows)]
    assert f"nach Spiel {len(rows) - 1} beendet" in str(refused.value.rows[0])


def test_a_stop_before_rows_already_entered_is_refused(evening, stopped, organiser):
    sheet, rows, _result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    with pytest.raises(SheetRefused):
        record_time_up(sheet, after_game=len(rows) - 2, user=organiser)
    sheet.refresh_from_db()
    assert sheet.time_up_after is None


def test_import_sheet_takes_a_stopped_round(evening, stopped, tmp_path: Path):
    sheet, rows, result = stopped
    parties = parties_of("24", 4, salt=1)
    path = tmp_path / "stopped.json"
    path.write_text(
        json.dumps({"parties": cut_parties(parties, len(rows)), "stopped": True}),
        encoding="utf-8",
    )
    out = io.StringIO()
    call_command("import_sheet", evening.slug, "1", "1", str(path), stdout=out)
    assert "stored and confirmed" in out.getvalue()
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED and sheet.time_up_after == len(rows)
    assert _standings_of_table(evening, sheet) == result.totals()


def test_an_unstopped_short_round_is_still_refused_by_import(evening, stopped, tmp_path: Path):
    from django.core.management import CommandError

    sheet, rows, _result = stopped
    path = tmp_path / "short.json"
    path.write_text(
        json.dumps({"parties": cut_parties(parties_of("24", 4, salt=1), len(rows))}),
        encoding="utf-8",
    )
    with pytest.raises(CommandError):
        call_command("import_sheet", evening.slug, "1", "1", str(path), stdout=io.StringIO())
    sheet.refresh_from_db()
    assert sheet.time_up_after is None and not sheet.versions.exists()


def test_the_backup_carries_the_stop_and_the_cut_partie(evening, stopped, organiser):
    from output.backup.export import export_tournament
    from output.backup.restore import import_tournament

    sheet, rows, result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    record_time_up(sheet, after_game=len(rows), user=organiser)
    confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser)
    data = json.loads(json.dumps(export_tournament(evening)))
    items = [table["sheet"] for table in data["rounds"][0]["tables"] if table["sheet"]["versions"]]
    assert [item["time_up_after"] for item in items] == [len(rows)]
    copy_ = import_tournament(data, slug="kopie")
    restored = Sheet.objects.get(round__tournament=copy_, round__number=1, table__number=1)
    assert restored.time_up_after == len(rows)
    assert restored.status == Sheet.Status.CONFIRMED
    assert _standings_of_table(copy_, restored) == result.totals()


@pytest.mark.django_db(transaction=True)
def test_two_stops_of_one_revision_record_once(evening, stopped, organiser):
    from tests.scoring.test_concurrency import run_concurrently

    sheet, rows, _result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    revision = sheet.revision

    def call() -> Sheet:
        return record_time_up(
            Sheet.objects.get(pk=sheet.pk), after_game=len(rows), expected_revision=revision
        )

    results = run_concurrently([call, call])
    won = [result for result in results if isinstance(result, Sheet)]
    stale = [result for result in results if isinstance(result, StaleWriteError)]
    assert len(won) == 1 and len(stale) == 1, results
    sheet.refresh_from_db()
    assert sheet.time_up_after == len(rows) and sheet.revision == revision + 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).count() == 1


def test_clearing_the_stop_lets_the_partie_run_on(evening, stopped, organiser):
    from scoring.sheets.time_up import clear_time_up

    sheet, rows, _result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    record_time_up(sheet, after_game=len(rows), user=organiser)
    last = sheet.versions.get().games.order_by("-number").first()
    assert last.winner == CUT and any(last.points.values())
    clear_time_up(Sheet.objects.get(pk=sheet.pk), user=organiser)
    last.refresh_from_db()
    assert last.winner == "" and not any(last.points.values())


def test_after_the_stop_the_desk_is_told_to_confirm_and_the_captain_to_hand_in(
    evening, stopped, organiser, organiser_client, client
):
    sheet, rows, _result = stopped
    submit_sheet(sheet, rows, expected_revision=0, user=organiser)
    sheet.refresh_from_db()
    record_time_up(sheet, after_game=len(rows), user=organiser)
    desk = organiser_client.get(reverse("scoring:sheet", args=[evening.slug, 1, 1]))
    texts = desk.context["deal_form"]["texts"]
    assert texts["stopped"] == (
        "Der Durchgang an diesem Tisch ist nach Spiel %s beendet. Die Liste kann bestätigt werden."
    )
    assert "abgeben" not in texts["round_over"]
    captain = client.get(reverse("captain:sheet", args=[sheet.table.entry_token]))
    assert "Bitte die Liste abgeben" in captain.context["deal_form"]["texts"]["stopped"]
