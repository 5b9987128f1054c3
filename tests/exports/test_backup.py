"""Backup and restore: a round trip reproduces standings and every sheet version exactly."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from output.backup.document import FORMAT_VERSION, GAME_FIELDS, BackupError, dumps, loads
from output.backup.export import export_tournament
from output.backup.restore import import_tournament
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from scoring.standings.ranking import compute_standings
from tournament.models import AuditEntry, Participant, Round, Seat, Table, Tournament

pytestmark = pytest.mark.django_db

COUNTED = (Tournament, Participant, Round, Table, Seat, Sheet, SheetVersion, Game, ScoreLine)


def standings_without_ids(tournament: Tournament, after_round: int) -> list[tuple]:
    return [
        (row.rank, row.shared_rank, row.name, row.club, row.rounds, row.total, row.games_won,
         row.games_played, row.solos, row.withdrawn)
        for row in compute_standings(tournament, after_round).rows
    ]  # fmt: skip


def sheets_of(tournament: Tournament) -> list[dict[str, Any]]:
    """Every sheet with all its versions and games, keyed by round and table number."""
    result = []
    sheets = Sheet.objects.filter(round__tournament=tournament).order_by(
        "round__number", "table__number"
    )
    for sheet in sheets.select_related("round", "table"):
        seats = {
            seat.number: seat.participant.name
            for seat in sheet.table.seats.select_related("participant")
        }
        versions = []
        for version in sheet.versions.order_by("number"):
            versions.append(
                {
                    "number": version.number,
                    "source": version.source,
                    "submitted": version.submitted,
                    "confirmed": version.confirmed,
                    "confirmed_at": version.confirmed_at,
                    "created_at": version.created_at,
                    "created_by": version.created_by_id and version.created_by.get_username(),
                    "games": [
                        tuple(getattr(game, field) for field in GAME_FIELDS)
                        for game in version.games.order_by("number")
                    ],
                }
            )
        lines = sorted(
            (line.game_number, line.seat, line.participant.name, line.points)
            for line in sheet.score_lines.select_related("participant")
        )
        result.append(
            {
                "round": sheet.round.number,
                "table": sheet.table.number,
                "seats": seats,
                "status": sheet.status,
                "revision": sheet.revision,
                "versions": versions,
                "score_lines": lines,
            }
        )
    return result


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (*COUNTED, AuditEntry)}


def test_round_trip_under_a_new_slug_reproduces_standings_and_sheets(complete_tournament):
    original = complete_tournament
    data = loads(dumps(export_tournament(original)))
    assert data["format_version"] == FORMAT_VERSION

    copy_ = import_tournament(data, slug="kopie")

    assert copy_.slug == "kopie" and copy_.name == original.name and copy_.date == original.date
    for after_round in (1, 2):
        assert standings_without_ids(copy_, after_round) == standings_without_ids(
            original, after_round
        )
    assert sheets_of(copy_) == sheets_of(original)
    old_tokens = set(Table.objects.filter(round__tournament=original).values_list("entry_token"))
    new_tokens = set(Table.objects.filter(round__tournament=copy_).values_list("entry_token"))
    assert len(new_tokens) == 8 and not old_tokens & new_tokens


def test_round_trip_keeps_rounds_slips_lots_and_audit(complete_tournament):
    original = complete_tournament
    copy_ = import_tournament(export_tournament(original), slug="kopie")

    def rounds(tournament):
        names = dict(Participant.objects.filter(tournament=tournament).values_list("pk", "name"))
        return [
            (
                r.number,
                r.status,
                r.method,
                r.seed,
                {names[int(pid)]: number for pid, number in r.slips.items()},
                [[names[pid] for pid in lot["order"]] for lot in r.lots],
                r.released_at,
                r.created_at,
            )
            for r in Round.objects.filter(tournament=tournament).order_by("number")
        ]

    assert rounds(copy_) == rounds(original)
    assert len(rounds(copy_)[0][4]) == 18

    def log(tournament):
        entries = AuditEntry.objects.filter(tournament=tournament).order_by("created_at", "pk")
        return [(e.action, e.summary, e.actor, e.user_id, e.created_at) for e in entries]

    restored = log(copy_)
    assert restored[:-1] == log(original)
    assert restored[-1][0] == AuditEntry.Action.TOURNAMENT_IMPORTED


def test_restore_into_an_empty_database_keeps_slug_and_entry_links(complete_tournament):
    slug = complete_tournament.slug
    standings = [standings_without_ids(complete_tournament, n) for n in (1, 2)]
    sheets = sheets_of(complete_tournament)
    tokens = sorted(
        Table.objects.filter(round__tournament=complete_tournament).values_list(
            "entry_token", flat=True
        )
    )
    data = json.loads(dumps(export_tournament(complete_tournament)))
    ScoreLine.objects.all().delete()
    Seat.objects.all().delete()
    Tournament.objects.all().delete()
    assert not Participant.objects.exists()

    restored = import_tournament(data)

    assert restored.slug == slug
    assert [standings_without_ids(restored, n) for n in (1, 2)] == standings
    assert sheets_of(restored) == sheets
    assert sorted(Table.objects.values_list("entry_token", flat=True)) == tokens


def test_users_are_mapped_by_username_or_left_empty(complete_tournament, organiser):
    data = export_tournament(complete_tournament)
    organiser.username = "andere-leitung"
    organiser.save()

    copy_ = import_tournament(data, slug="kopie")

    versions = SheetVersion.objects.filter(sheet__round__tournament=copy_)
    assert versions.exists() and not versions.exclude(created_by=None).exists()
    created = AuditEntry.objects.filter(
        tournament=copy_, action=AuditEntry.Action.TOURNAMENT_CREATED
    ).get()
    assert created.user is None and created.actor == "leitung"

    get_user_model().objects.create_user("leitung")
    again = import_tournament(data, slug="kopie-2")
    version = SheetVersion.objects.filter(sheet__round__tournament=again).first()
    assert version.created_by.get_username() == "leitung"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("participants"), "„participants“ fehlt"),
        (lambda d: d.update(format_version=99), "Formatversion 99"),
        (lambda d: d.update(format="etwas-anderes"), "keine Turniersicherung"),
        (lambda d: d["tournament"].update(cycles="vier"), "„tournament.cycles“ muss eine ganze"),
        (lambda d: d["tournament"].update(deck=41), "„tournament.deck“"),
        (
            lambda d: d["rounds"][0]["tables"][1]["seats"][2].update(participant=999999),
            "„rounds[0].tables[1].seats[2].participant“ nennt einen unbekannten Teilnehmer",
        ),
        (
            lambda d: d["rounds"][1]["tables"][0]["sheet"]["versions"][0]["games"][3].pop("points"),
            "„rounds[1].tables[0].sheet.versions[0].games[3].points“ fehlt",
        ),
        (lambda d: d["audit"][0].update(action="gibt.es.nicht"), "„audit[0].action“"),
        (
            lambda d: d["rounds"][1].update(number=1),
            "„rounds[1].number“ muss 2 sein (fortlaufend nummeriert)",
        ),
    ],
)
def test_malformed_backups_are_refused_and_nothing_is_written(complete_tournament, change, message):
    data = copy.deepcopy(export_tournament(complete_tournament))
    change(data)
    before = counts()
    with pytest.raises(BackupError) as error:
        import_tournament(data, slug="kopie")
    assert message in error.value.message
    assert counts() == before


def test_a_slug_in_use_is_refused(complete_tournament):
    data = export_tournament(complete_tournament)
    before = counts()
    with pytest.raises(BackupError, match="schon ein Turnier mit dem Kurznamen „herbstturnier"):
        import_tournament(data)
    with pytest.raises(BackupError, match="Kleinbuchstaben"):
        import_tournament(data, slug="Neuer Name")
    assert counts() == before


def test_not_json_is_refused():
    with pytest.raises(BackupError, match="keine gültige JSON-Datei"):
        loads(b"\x89PNG")
    with pytest.raises(BackupError, match="kein JSON-Objekt"):
        loads("[1, 2]")


def test_commands_write_and_restore_a_file(complete_tournament, tmp_path, capsys):
    target = tmp_path / "sicherung.json"
    call_command("export_tournament", complete_tournament.slug, str(target))
    assert json.loads(target.read_text(encoding="utf-8"))["tournament"]["name"] == "Herbstturnier"

    call_command("import_tournament", str(target), "--slug", "kopie")
    assert "restored as kopie" in capsys.readouterr().out
    copy_ = Tournament.objects.get(slug="kopie")
    assert standings_without_ids(copy_, 2) == standings_without_ids(complete_tournament, 2)

    with pytest.raises(CommandError, match="schon ein Turnier"):
        call_command("import_tournament", str(target), "--slug", "kopie")
    with pytest.raises(CommandError, match="Unknown tournament"):
        call_command("export_tournament", "gibt-es-nicht", str(target))
    broken = tmp_path / "kaputt.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(CommandError, match="keine gültige JSON-Datei"):
        call_command("import_tournament", str(broken))
