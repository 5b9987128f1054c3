"""The score lines of a confirmed version: one rule (``scoring.sheets.lines``) for confirming a
sheet and for restoring a backup."""

from __future__ import annotations

import pytest

from scoring.evening.substitutes import replace_player
from scoring.models import Game, ScoreLine
from scoring.sheets.lines import LINE_FIELDS, score_lines
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import submit_sheet
from tests.conftest import example_records
from tournament.models import Round, Seat
from tournament.participants.services import add_participant


def game(number: int, points: dict[str, int], sitting_out: int | None = None, soloist=None):
    record = {"sitting_out": sitting_out} if sitting_out else {}
    return Game(number=number, points=points, record=record, soloist=soloist)


def test_the_dealer_sitting_out_gets_no_line_and_the_soloist_is_marked():
    games = [game(1, {"1": 3, "2": -1, "3": -1, "4": -1, "5": 0}, sitting_out=5, soloist=1)]
    lines = score_lines(games, lambda seat, _game: 100 + seat)
    assert [
        (line["seat"], line["participant"], line["won"], line["soloist"]) for line in lines
    ] == [
        (1, 101, True, True),
        (2, 102, False, False),
        (3, 103, False, False),
        (4, 104, False, False),
    ]


def test_each_line_goes_to_who_played_the_seat_in_that_game():
    games = [game(n, {"1": 1, "2": -1}) for n in (1, 2, 3)]
    lines = score_lines(games, lambda seat, number: seat * 10 + (number >= 3))
    assert [(line["game_number"], line["seat"], line["participant"]) for line in lines] == [
        (1, 1, 10),
        (1, 2, 20),
        (2, 1, 10),
        (2, 2, 20),
        (3, 1, 11),
        (3, 2, 21),
    ]


@pytest.mark.django_db
def test_a_confirmation_writes_exactly_the_lines_of_the_rule(evening, organiser):
    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)
    replace_player(evening, 1, 1, 3, substitute, 9, reason="Zug", user=organiser)
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 1)
    version = submit_sheet(
        sheet, example_records(4), expected_revision=0, user=organiser, final=True, confirm=True
    )
    seats = {
        seat.number: seat
        for seat in Seat.objects.filter(table_id=sheet.table_id).prefetch_related("changes")
    }
    expected = score_lines(
        version.games.order_by("number"), lambda seat, number: seats[seat].occupant(number)
    )
    written = [
        dict(zip(LINE_FIELDS, row, strict=True))
        for row in ScoreLine.objects.filter(sheet=sheet)
        .order_by("game_number", "seat")
        .values_list("game_number", "seat", "participant_id", "points", "won", "soloist")
    ]
    assert written == expected
    assert any(line["participant"] == substitute.pk for line in written)
