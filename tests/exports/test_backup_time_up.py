"""The backup carries a sheet's "Zeit abgelaufen nach Spiel n"; a backup from before has none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from output.backup.document import BackupError, dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from scoring.evening.rounds import release_round
from scoring.models import Sheet
from scoring.sheets.services import submit_sheet
from scoring.sheets.time_up import record_time_up
from tests.conftest import EXAMPLES
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

DDV_EXAMPLES = Path(__file__).parents[1] / "rules" / "ddv-examples.json"
RD1 = json.loads(DDV_EXAMPLES.read_text(encoding="utf-8"))["rounds"][0]["sheet"]["rows"]
VORFUEHRUNG = {
    "kind": "solo_damen",
    "re": [4],
    "winners": [4],
    "value": 3,
    "solo_mode": "vorfuehrung",
    "dealer": 3,
}


def _sheet(tournament) -> Sheet:
    return Sheet.objects.get(round__tournament=tournament, round__number=1, table__number=1)


def _sheet_items(data):
    return [
        table["sheet"]
        for round_item in data["rounds"]
        for table in round_item["tables"]
        if table.get("sheet")
    ]


@pytest.fixture
def timed_out(make_tournament, organiser):
    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    sheet = _sheet(tournament)
    submit_sheet(sheet, RD1[:2], expected_revision=0, user=organiser)
    record_time_up(sheet, after_game=2, user=organiser)
    sheet.refresh_from_db()
    # A Vorführung after the time: valid only with the time called.
    submit_sheet(sheet, [*RD1[:2], VORFUEHRUNG], expected_revision=sheet.revision)
    return tournament


def test_the_time_up_survives_a_round_trip(timed_out):
    data = loads(dumps(export_tournament(timed_out)))
    assert _sheet_items(data)[0]["time_up_after"] == 2
    copy_ = import_tournament(data, slug="kopie")
    assert _sheet(copy_).time_up_after == 2
    assert _sheet(copy_).versions.latest("number").games.count() == 3


def test_a_backup_without_the_field_restores_with_none(timed_out):
    data = loads(dumps(export_tournament(timed_out)))
    for item in _sheet_items(data):
        item.pop("time_up_after")
    data["rounds"][0]["tables"][0]["sheet"]["versions"] = data["rounds"][0]["tables"][0]["sheet"][
        "versions"
    ][:1]  # the version from before the time was called
    copy_ = import_tournament(data, slug="alt")
    assert _sheet(copy_).time_up_after is None


def test_a_time_up_beyond_the_sheet_is_refused(timed_out):
    data = loads(dumps(export_tournament(timed_out)))
    _sheet_items(data)[0]["time_up_after"] = 99
    with pytest.raises(BackupError, match="time_up_after"):
        import_tournament(data, slug="kaputt")


def test_an_older_version_from_before_the_time_call_still_restores(make_tournament, organiser):
    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    sheet = _sheet(tournament)
    # Three Normalspiele saved, then cut back to two and the time called after game 2.
    submit_sheet(sheet, [*RD1[:2], dict(RD1[3], dealer=3)], expected_revision=0)
    sheet.refresh_from_db()
    submit_sheet(sheet, RD1[:2], expected_revision=sheet.revision)
    record_time_up(sheet, after_game=2, user=organiser)
    copy_ = import_tournament(loads(dumps(export_tournament(tournament))), slug="kopie")
    assert _sheet(copy_).time_up_after == 2
    assert _sheet(copy_).versions.count() == 2
