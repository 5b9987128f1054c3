"""``manage.py generate_demo`` and the generator of valid game records behind it."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import CommandError, call_command

from demo.records import form_data, sheet_records
from rules.hausregeln import score_sheet
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from scoring.sheets.entry import read_rows
from tournament.models import AuditEntry, Participant, Round, Seat, Tournament


def generate(**options) -> str:
    out = io.StringIO()
    call_command("generate_demo", stdout=out, **options)
    return out.getvalue()


def seating(slug: str) -> list[tuple[int, int, int, str]]:
    return list(
        Seat.objects.filter(round__tournament__slug=slug)
        .order_by("round__number", "table__number", "number")
        .values_list("round__number", "table__number", "number", "participant__name")
    )


def games(slug: str) -> list[tuple[int, int, int, dict]]:
    return list(
        Game.objects.filter(version__sheet__round__tournament__slug=slug)
        .order_by("version__sheet__round__number", "version__sheet__table__number", "number")
        .values_list(
            "version__sheet__round__number", "version__sheet__table__number", "number", "record"
        )
    )


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "fives"), [(18, 2), (23, 3), (40, 0)])
def test_generates_a_complete_tournament_through_the_services(players, fives):
    output = generate(players=players, rounds=2, seed=7, slug="gen")
    tournament = Tournament.objects.get(slug="gen")
    assert tournament.participants.count() == players
    for number in (1, 2):
        round_ = Round.objects.get(tournament=tournament, number=number)
        assert round_.status == Round.Status.RELEASED
        assert round_.method == (Round.Method.DIGITAL if number == 1 else Round.Method.PLACEMENT)
        sizes = sorted(table.seats.count() for table in round_.tables.all())
        assert sizes.count(5) == fives and sum(sizes) == players
    sheets = Sheet.objects.filter(round__tournament=tournament)
    assert sheets.exists() and not sheets.exclude(status=Sheet.Status.CONFIRMED).exists()
    versions = SheetVersion.objects.filter(sheet__round__tournament=tournament)
    assert set(versions.values_list("source", "confirmed", "number")) == {
        (SheetVersion.Source.GENERATOR, True, 1)
    }
    expected_games = 2 * 4 * players  # 16 games at a 4-table, 20 at a 5-table: 4 per seat
    assert Game.objects.filter(version__in=versions).count() == expected_games
    assert ScoreLine.objects.filter(round__tournament=tournament).count() == 4 * expected_games
    assert (
        AuditEntry.objects.filter(
            tournament=tournament, action=AuditEntry.Action.SHEET_CONFIRMED
        ).count()
        == sheets.count()
    )
    assert f"{expected_games} games" in output


@pytest.mark.django_db
def test_five_player_tables_let_the_dealer_sit_out():
    generate(players=23, rounds=1, seed=3, slug="fives")
    for record_game in Game.objects.filter(version__sheet__round__tournament__slug="fives"):
        record = record_game.record
        if record["table_size"] == 5:
            out = (record_game.number - 1) % 5 + 1
            assert record["sitting_out"] == out
            assert out not in record.get("winners", []) and out not in record.get("re", [])
            assert record_game.points[str(out)] == 0


@pytest.mark.django_db
def test_the_same_seed_gives_the_same_tournament():
    generate(players=23, rounds=2, seed=11, slug="first")
    generate(players=23, rounds=2, seed=11, slug="second")
    generate(players=23, rounds=2, seed=12, slug="other")
    assert seating("first") == seating("second")
    assert games("first") == games("second")
    assert games("first") != games("other")


@pytest.mark.django_db
def test_open_round_is_released_with_empty_sheets():
    output = generate(players=18, rounds=2, seed=5, slug="open", open_round=True)
    round_ = Round.objects.get(tournament__slug="open", number=3)
    assert round_.status == Round.Status.RELEASED
    assert round_.sheets.count() == 4
    assert not SheetVersion.objects.filter(sheet__round=round_).exists()
    assert "1 open" in output


@pytest.mark.django_db
def test_refuses_an_existing_slug_unless_replacing():
    generate(players=8, rounds=1, slug="again")
    with pytest.raises(CommandError, match="--replace"):
        generate(players=8, rounds=1, slug="again")
    generate(players=12, rounds=1, slug="again", replace=True)
    assert Participant.objects.filter(tournament__slug="again").count() == 12
    assert Tournament.objects.filter(slug="again").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("players", [3, 6, 7, 11])
def test_refuses_counts_that_cannot_be_seated(players):
    with pytest.raises(CommandError, match="cannot be seated"):
        generate(players=players, rounds=1, slug="odd")
    assert not Tournament.objects.filter(slug="odd").exists()


@pytest.mark.parametrize("size", [4, 5])
def test_generated_records_are_all_valid(size):
    rng = random.Random(size)
    for _ in range(300):
        records = [dict(r, table_size=size) for r in sheet_records(size, size * 4, rng)]
        scored = score_sheet(records, table_size=size, cycles=4)
        assert not scored.issues, scored.issues[:3]


@pytest.mark.parametrize("size", [4, 5])
def test_form_fields_give_back_the_records(size):
    rng = random.Random(99)
    for _ in range(50):
        records = sheet_records(size, size * 4, rng)
        rows = read_rows(form_data(records), size, size * 4)
        assert [row.problems for row in rows] == [[]] * len(records)
        expected = [{**r, "table_size": size} for r in records]
        assert [row.record for row in rows] == expected
