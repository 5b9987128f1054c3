"""``manage.py import_sheet`` for a DDV tournament: a §9.7 sheet (DDV.md) stored and confirmed,
its refusals naming the field; the house rules still take a list of records."""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.ddv.sample import sample_rows
from scoring.evening.rounds import release_round
from scoring.models import ScoreLine, Sheet, SheetVersion
from tests.conftest import EXAMPLES
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db


@pytest.fixture
def ddv_evening(make_tournament, organiser):
    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


def _size(tournament, table: int) -> int:
    return Sheet.objects.get(round__tournament=tournament, table__number=table).table.seats.count()


def _import(tournament, tmp_path, table: int, document) -> None:
    path = tmp_path / "liste.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_sheet", tournament.slug, "1", str(table), str(path))


@pytest.mark.parametrize("table", [1, 3])
def test_a_ddv_sheet_is_imported_and_confirmed(ddv_evening, tmp_path, capsys, table):
    size = _size(ddv_evening, table)
    rows = sample_rows(size, 6 * size, seed=table)
    _import(ddv_evening, tmp_path, table, {"table_size": size, "finished": True, "rows": rows})
    sheet = Sheet.objects.get(round__tournament=ddv_evening, table__number=table)
    assert sheet.status == Sheet.Status.CONFIRMED
    assert sheet.versions.get().games.count() == len(rows)
    expected = ddv_evening.rules.score_round(
        {"table_size": size, "rows": rows}, ddv_evening.scoring_options
    )["totals"]
    lines = ScoreLine.objects.filter(sheet=sheet)
    for seat, total in expected.items():
        assert sum(line.points for line in lines if line.seat == int(seat)) == total
    assert "stored and confirmed" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda doc: doc["rows"][3].update(dealer=3), "rows[3].dealer"),
        (lambda doc: doc["rows"].pop(), "rows"),
        (lambda doc: doc.update(table_size=5), "table_size"),
        (lambda doc: doc.update(games_per_round=20), "games_per_round"),
        (lambda doc: doc["rows"][0].pop("kind"), "rows[0].kind"),
    ],
)
def test_a_bad_ddv_sheet_is_refused_naming_the_field(ddv_evening, tmp_path, change, field):
    rows = sample_rows(4, 24, seed=1)
    document = {"table_size": 4, "finished": True, "rows": rows}
    change(document)
    with pytest.raises(CommandError, match=rf"{re.escape(field)}\b"):
        _import(ddv_evening, tmp_path, 1, document)
    assert not SheetVersion.objects.exists()


def test_a_list_of_records_is_no_ddv_sheet(ddv_evening, tmp_path):
    with pytest.raises(CommandError, match="sheet is a JSON object"):
        _import(ddv_evening, tmp_path, 1, sample_rows(4, 24))
    assert not SheetVersion.objects.exists()


def test_the_house_rules_refuse_a_ddv_sheet_document(evening, tmp_path):
    document = {"table_size": 4, "rows": sample_rows(4, 24)}
    with pytest.raises(CommandError, match="expected a JSON list"):
        _import(evening, tmp_path, 1, document)


def time_called_document() -> dict:
    """A §9.7 sheet whose time was called after game 18: 18 games and a penalty line, then
    the four Vorführungen the owed Pflichtsoli become (§9.4)."""
    rows = sample_rows(4, 24, seed=1)[:19]
    for soloist, dealer in ((4, 3), (1, 4), (2, 1), (3, 2)):
        rows.append(
            {
                "kind": "solo_buben",
                "re": [soloist],
                "augen_re": 60,
                "solo_mode": "vorfuehrung",
                "dealer": dealer,
            }
        )
    return {"table_size": 4, "time_up_after": 18, "finished": True, "rows": rows}


def test_a_ddv_sheet_with_the_time_called_records_it_with_its_rows(ddv_evening, tmp_path):
    _import(ddv_evening, tmp_path, 1, time_called_document())
    sheet = Sheet.objects.get(round__tournament=ddv_evening, table__number=1)
    assert sheet.time_up_after == 18
    assert sheet.status == Sheet.Status.CONFIRMED
    assert sheet.versions.latest("number").games.count() == 23
