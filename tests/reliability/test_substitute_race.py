"""A substitute entered while the desk confirms the same table's sheet: both orders give one
consistent result (the confirmed points follow the seat as it is stored), on SQLite and on
PostgreSQL. Found in issue 21 (4 of 4 races on PostgreSQL credited games 9–16 to the replaced
player while the seat showed the substitute).
"""

from __future__ import annotations

import pytest

import scoring.sheets.services as sheet_services
import tournament.seating.steps as seating_steps
from scoring.evening.substitutes import replace_player
from scoring.models import ScoreLine, Sheet, SheetVersion
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, submit_sheet
from tests.concurrent import one_after_another
from tests.conftest import example_records
from tournament.errors import DomainError
from tournament.models import Round, Seat, SeatChange
from tournament.participants.services import add_participant

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = len(example_records(4))


def handed_in_table_one(evening, organiser) -> Sheet:
    sheet = sheet_for(Round.objects.get(tournament=evening, number=1), 1)
    submit_sheet(sheet, example_records(4), expected_revision=0, user=organiser, final=True)
    return sheet


def assert_points_follow_the_seats(sheet: Sheet) -> None:
    """Every score line belongs to whoever the stored seat says sat there in that game."""
    seats = {
        seat.number: seat
        for seat in Seat.objects.filter(table_id=sheet.table_id).prefetch_related("changes")
    }
    lines = list(ScoreLine.objects.filter(sheet=sheet))
    wrong = [
        (line.game_number, line.seat)
        for line in lines
        if seats[line.seat].occupant(line.game_number) != line.participant_id
    ]
    assert wrong == []
    sheet.refresh_from_db()
    if sheet.status == Sheet.Status.CONFIRMED:
        assert len(lines) == GAMES * 4


def test_a_confirmation_first_refuses_the_substitute_it_did_not_see(evening, organiser):
    sheet = handed_in_table_one(evening, organiser)
    replaced = Seat.objects.get(round__tournament=evening, table__number=1, number=3).participant
    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)

    confirmed, replacement = one_after_another(
        lambda: confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser),
        lambda: replace_player(evening, 1, 1, 3, substitute, 9, reason="Zug", user=organiser),
        pause_at=(sheet_services, "record"),  # score lines written, not yet committed
    )

    assert isinstance(confirmed, SheetVersion), confirmed
    assert isinstance(replacement, DomainError), replacement
    assert "bestätigt" in replacement.message and "wieder öffnen" in replacement.message
    assert not SeatChange.objects.exists()
    seat = Seat.objects.get(round__tournament=evening, table__number=1, number=3)
    assert seat.participant == replaced
    assert ScoreLine.objects.filter(participant=replaced).count() == GAMES
    assert_points_follow_the_seats(sheet)


def test_a_substitute_first_gets_the_games_of_the_confirmation_that_waited(evening, organiser):
    sheet = handed_in_table_one(evening, organiser)
    replaced = Seat.objects.get(round__tournament=evening, table__number=1, number=3).participant
    substitute = add_participant(evening, name="Berta Schmidt", user=organiser)

    replacement, confirmed = one_after_another(
        lambda: replace_player(evening, 1, 1, 3, substitute, 9, reason="Zug", user=organiser),
        lambda: confirm_sheet(Sheet.objects.get(pk=sheet.pk), user=organiser),
        pause_at=(seating_steps, "record"),  # the seat changed, not yet committed
    )

    assert isinstance(replacement, SeatChange), replacement
    assert isinstance(confirmed, SheetVersion), confirmed
    lines = ScoreLine.objects.filter(sheet=sheet, seat=3)
    assert sorted(lines.filter(participant=replaced).values_list("game_number", flat=True)) == (
        list(range(1, 9))
    )
    assert sorted(lines.filter(participant=substitute).values_list("game_number", flat=True)) == (
        list(range(9, GAMES + 1))
    )
    assert_points_follow_the_seats(sheet)
