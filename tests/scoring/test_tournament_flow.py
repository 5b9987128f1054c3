"""A complete evening: 18 players (tables 4, 4, 5, 5), two rounds, final standings.

Round 1 is seated from drawn slips; the example sheets are played at every table, so players at
the same seat of equal tables tie exactly. One sheet is reopened and corrected, a player
withdraws between the rounds, round 2 is seated by placement with lots at table boundaries.
"""

from __future__ import annotations

import pytest

from scoring.evening.rounds import draw_round, release_round
from scoring.models import ScoreLine
from scoring.sheets.reading import sheet_for
from scoring.sheets.services import confirm_sheet, reopen_sheet, submit_sheet
from scoring.standings.ranking import compute_standings
from tests.conftest import example_records
from tournament.errors import DomainError
from tournament.models import Round, Seat
from tournament.participants.services import add_participant, set_checked_in
from tournament.seating.reading import round_with_seating
from tournament.seating.services import set_withdrawn

pytestmark = pytest.mark.django_db


def rows_by_name(standings):
    return {row.name: row for row in standings.rows}


def test_two_round_tournament_from_registration_to_final_standings(
    evening, organiser, confirm_round
):
    tournament = evening
    sizes = [len(t.seats.all()) for t in round_with_seating(tournament, 1).tables.all()]
    assert sizes == [4, 4, 5, 5]

    with pytest.raises(DomainError, match="nicht bestätigt"):
        draw_round(tournament, 2, seed=1)

    confirm_round(tournament, 1, organiser)
    after_one = compute_standings(tournament, 1)
    by_name = rows_by_name(after_one)
    # Table 1 (example 4-player sheet): totals -29, -3, 31, 1
    assert by_name["Jürgen Müller"].total == -29
    assert by_name["Heinz Groß"].total == 31
    # Table 3 (example 5-player sheet): totals -4, -28, 48, 8, -24
    assert by_name["Dieter Bäcker"].total == 48
    assert by_name["Dieter Bäcker"].rank == 1
    # Table 4 repeats the 5-player sheet: its seat 3 ties exactly with Dieter -> shared place 1
    seat3_table4 = Seat.objects.get(round__number=1, table__number=4, number=3).participant.name
    assert by_name[seat3_table4].total == 48 and by_name[seat3_table4].rank == 1
    assert [row.rank for row in after_one.rows][:3] == [1, 1, 3]
    assert sum(row.total for row in after_one.rows) == 0

    # A reopened sheet keeps its last confirmed result until confirmed again.
    sheet = sheet_for(Round.objects.get(tournament=tournament, number=1), 2)
    reopen_sheet(sheet, reason="Spiel 16 falsch", user=organiser)
    assert ScoreLine.objects.filter(sheet=sheet).count() == 64
    assert compute_standings(tournament, 1).rows == after_one.rows
    sheet.refresh_from_db()
    records = example_records(4)
    records[15] = {"kind": "normal", "winners": [2, 4], "value": 9}
    submit_sheet(sheet, records, expected_revision=sheet.revision, final=True)
    confirm_sheet(sheet, user=organiser)
    captain_t2 = Seat.objects.get(round__number=1, table__number=2, number=1).participant.name
    assert rows_by_name(compute_standings(tournament, 1))[captain_t2].total == -29 + 10 - 9

    # A withdrawal between the rounds: 17 players -> tables 4, 4, 4, 5.
    leaving = Seat.objects.get(round__number=1, table__number=4, number=5).participant
    set_withdrawn(leaving, True, user=organiser)
    round_two = draw_round(tournament, 2, seed=2025, user=organiser)
    seating = round_with_seating(tournament, 2)
    assert [len(t.seats.all()) for t in seating.tables.all()] == [4, 4, 4, 5]
    assert not Seat.objects.filter(round=round_two, participant=leaving).exists()

    # Places 1-4 sit at table 1 (after lots where ties straddle a table boundary).
    ranking = [r for r in compute_standings(tournament, 1).rows if not r.withdrawn]
    table_one = {seat.participant.name for seat in seating.tables.all()[0].seats.all()}
    top_four_total = sorted(r.total for r in ranking)[-4:]
    assert (
        sorted(rows_by_name(compute_standings(tournament, 1))[n].total for n in table_one)
        == top_four_total
    )
    # Exact ties across a table boundary (if any) were decided by lots and obeyed.
    for lot in round_two.lots:
        for pid, table in zip(lot["order"], lot["tables"], strict=True):
            assert Seat.objects.get(round=round_two, participant_id=pid).table.number == table

    release_round(tournament, 2, user=organiser)
    confirm_round(tournament, 2, organiser)
    final = compute_standings(tournament, 2)
    assert final.after_round == 2
    assert sum(row.total for row in final.rows) == 0
    leaving_row = rows_by_name(final)[leaving.name]
    assert leaving_row.withdrawn and leaving_row.rounds[1] == 0
    for row in final.rows:
        assert row.total == sum(row.rounds)
    # Every active player played 16 games per round.
    for row in final.rows:
        if not row.withdrawn:
            assert row.games_played == 32


def test_late_arrival_joins_round_two_with_zero_points(evening, organiser, confirm_round):
    confirm_round(evening, 1, organiser)
    late = add_participant(evening, name="Zacharias Spät", user=organiser)
    set_checked_in(late, True)  # check-in has started: everyone else is checked in too
    for participant in evening.participants.exclude(pk=late.pk):
        set_checked_in(participant, True)
    set_withdrawn(evening.participants.get(name="Erika Möller"), True)
    draw_round(evening, 2, seed=7)
    assert Seat.objects.filter(round__number=2, participant=late).exists()
    # Not in the standings of a round they did not play ...
    assert "Zacharias Spät" not in rows_by_name(compute_standings(evening, 1))
    # ... and 0 points for it once they have played.
    release_round(evening, 2)
    confirm_round(evening, 2, organiser)
    row = rows_by_name(compute_standings(evening, 2))["Zacharias Spät"]
    assert row.rounds[0] == 0 and row.total == row.rounds[1]


def test_no_shows_are_not_in_the_standings(evening, organiser, confirm_round):
    confirm_round(evening, 1, organiser)
    add_participant(evening, name="Nie Gekommen", user=organiser)
    names = rows_by_name(compute_standings(evening, 1))
    assert "Nie Gekommen" not in names and len(names) == 18


def test_ties_are_broken_by_games_won_then_latest_round(tournament):
    from scoring.standings.ranking import StandingRow, rank_rows

    def row(name, rounds, won):
        return StandingRow(1, name, "", False, rounds, sum(rounds), won, 16, 0)

    ranked = rank_rows(
        [
            row("A", (10, 0), 5),
            row("B", (5, 5), 7),  # same total, more games won
            row("C", (0, 10), 5),  # same total and games won as A, better latest round
            row("D", (10, 0), 5),  # exactly like A -> shared place
            row("E", (-5, 0), 9),
        ]
    )
    assert [(r.name, r.rank) for r in ranked] == [("B", 1), ("C", 2), ("A", 3), ("D", 3), ("E", 5)]
    assert ranked[2].shared_rank and ranked[3].shared_rank and not ranked[0].shared_rank


def test_exact_ties_at_a_table_boundary_are_decided_by_a_shown_lot(
    tournament, add_participants, organiser, organiser_client
):
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=11)
    release_round(tournament, 1)
    zero = {"points": {"1": 0, "2": 0, "3": 0, "4": 0}}
    for table in (1, 2):
        sheet = sheet_for(Round.objects.get(tournament=tournament, number=1), table)
        submit_sheet(sheet, [zero] * 16, expected_revision=0, final=True)
        confirm_sheet(sheet)
    first = draw_round(tournament, 2, seed=99)
    assert len(first.lots) == 1
    lot = first.lots[0]
    assert (lot["first_place"], lot["last_place"]) == (1, 8)
    assert lot["tables"] == [1, 1, 1, 1, 2, 2, 2, 2]
    for pid, table in zip(lot["order"], lot["tables"], strict=True):
        assert Seat.objects.get(round=first, participant_id=pid).table.number == table
    again = draw_round(tournament, 2, seed=99)
    assert again.lots == first.lots  # the same seed draws the same lot
    page = organiser_client.get(f"/verwaltung/{tournament.slug}/durchgang/2/").content.decode()
    assert "Losentscheide bei Gleichstand" in page and "Plätze 1–8" in page
