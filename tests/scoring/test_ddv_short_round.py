"""A DDV club evening with a shorter round (DDV.md §9.1, ``games_per_round``): 16 games at a
four-player table and 20 at five everywhere the sheet's length and course are derived — the
desk and the captain's phone, the board, the printed sheets, the clock's playing time — and the
Vorführung comes when the owed Pflichtsoli equal the games left of the shorter round."""

from __future__ import annotations

import pytest
from django.urls import reverse

from output.printouts.sheet_data import spare_sheet, table_sheets
from scoring.board.reading import read_board
from scoring.evening.rounds import release_round
from scoring.models import Sheet
from scoring.sheets.page import build_page
from scoring.sheets.services import submit_sheet
from tests.conftest import EXAMPLES
from tournament.clock.reading import ruleset_minutes
from tournament.participants.services import import_participants
from tournament.seating.services import enter_slips

pytestmark = pytest.mark.django_db

SHORT = {4: 16, 5: 20}


def _evening(make_tournament, organiser, games_per_round: int):
    options = {"games_per_round": games_per_round}
    tournament = make_tournament(ruleset="ddv", ruleset_options=options)
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release_round(tournament, 1, user=organiser)
    return tournament


@pytest.fixture
def short_evening(make_tournament, organiser):
    return _evening(make_tournament, organiser, 16)


def _sheets(tournament) -> list[Sheet]:
    return list(
        Sheet.objects.filter(round__tournament=tournament, round__number=1)
        .select_related("table", "round__tournament")
        .order_by("table__number")
    )


def test_the_sheets_at_desk_and_phone_are_as_short_as_the_round(short_evening, organiser_client):
    sheets = _sheets(short_evening)
    assert {sheet.table.size for sheet in sheets} == {4, 5}
    for sheet in sheets:
        games = SHORT[sheet.table.size]
        assert short_evening.sheet_length(sheet.table.size) == games
        page = build_page(sheet)
        assert page.expected == page.game_limit == games and len(page.rows) == games
        args = [short_evening.slug, 1, sheet.table.number]
        desk = organiser_client.get(reverse("scoring:sheet", args=args)).content.decode()
        assert desk.count('class="game-row') == games
        phone = organiser_client.get(reverse("captain:sheet", args=[sheet.table.entry_token]))
        assert phone.status_code == 200
        assert phone.content.decode().count('class="game-row') == games


def test_board_printouts_and_clock_follow_the_shorter_round(short_evening):
    round_ = short_evening.rounds.get(number=1)
    board = read_board(round_, stuck_after=15)
    assert {table.size: table.length for table in board.tables} == SHORT
    assert spare_sheet(4, short_evening).games == 16
    assert spare_sheet(5, short_evening).games == 20
    printed = table_sheets(round_, "http://testserver")
    assert {len(sheet.seats): sheet.games for sheet in printed} == SHORT
    # The DDV's pace (100 minutes for 24 games) applied to the shorter round.
    assert ruleset_minutes(short_evening) == {4: 70, 5: 85}


def test_the_tsr_round_keeps_its_length(make_tournament, organiser):
    tournament = _evening(make_tournament, organiser, 0)
    assert {sheet.table.size: build_page(sheet).expected for sheet in _sheets(tournament)} == {
        4: 24,
        5: 30,
    }
    assert ruleset_minutes(tournament) == {4: 100, 5: 125}


def test_a_solo_typed_when_the_owed_pflichtsoli_fill_the_round_is_a_vorfuehrung(short_evening):
    """After 12 games without a solo at a four-table of a 16-game round every seat still owes
    its Pflichtsolo: game 13 must be a Vorführung (prefilled so), where the TSR's 24-game round
    leaves the choice open."""
    ruleset, options = short_evening.rules, short_evening.scoring_options
    normal = ruleset.sample_rows(4, 24, seed=3)
    games = [
        row for row in normal if row["kind"] in ("normal", "hochzeit") and "penalty" not in row
    ]
    rows: list[dict] = []
    for row in games:
        if len(rows) == 12:
            break
        candidate = {**row, "dealer": ruleset.dealer(len(rows) + 1, 4, rows, options)}
        if not ruleset.score_sheet([*rows, candidate], 4, 4, options).rows[-1].refused:
            rows.append(candidate)
    assert len(rows) == 12
    state = ruleset.deal_state(4, rows, options)
    assert state.vorfuehrung_due and len(state.owing) == 4
    seat, dealer = state.designated, ruleset.dealer(13, 4, rows, options)
    solo = {"kind": "solo_damen", "re": [seat], "winners": [seat], "value": 2, "dealer": dealer}
    prefilled = ruleset.prefill_rows([*rows, solo], 4, options)[-1]
    assert prefilled.get("solo_mode") == "vorfuehrung"
    # The TSR's round has 12 games left: the same solo is the seat's Pflichtsolo.
    assert ruleset.prefill_rows([*rows, solo], 4)[-1].get("solo_mode") == "pflicht"
    status = " ".join(ruleset.sheet_status(rows, 4, options))
    assert "Vorführung" in status


def test_a_whole_short_round_is_handed_in_and_confirmed(short_evening, organiser):
    sheet = next(sheet for sheet in _sheets(short_evening) if sheet.table.size == 4)
    rows = short_evening.rules.sample_rows(4, 16, seed=7)
    played = short_evening.rules.played_rows(rows)
    assert played == 16
    submit_sheet(sheet, rows, expected_revision=0, user=organiser, final=True, confirm=True)
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
