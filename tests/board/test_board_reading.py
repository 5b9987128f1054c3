"""Reading a round's live board: each table's state, games of the sheet's length, stuck tables
with a shifted clock, what is left before the next round, and the ruleset's table note."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

import rules
from rules.hausregeln.ruleset import HOUSE_RULES
from scoring.board.reading import read_board
from scoring.board.state import TableState
from scoring.evening.rounds import draw_round, release_round
from scoring.models import Sheet
from scoring.sheets.services import reopen_sheet, return_sheet, submit_sheet
from tests.conftest import example_records
from tests.scoring.test_ddv_desk import ddv_evening  # noqa: F401
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db

S = TableState


def sheet_of(tournament, table: int, round_number: int = 1) -> Sheet:
    return Sheet.objects.select_related("table", "round__tournament").get(
        round__tournament=tournament, round__number=round_number, table__number=table
    )


def enter(tournament, table: int, games: int, *, final=False, confirm=False, user=None):
    sheet = sheet_of(tournament, table)
    records = example_records(4 if table <= 2 else 5)[:games]
    submit_sheet(
        sheet, records, expected_revision=sheet.revision, user=user, final=final, confirm=confirm
    )


def board_of(tournament, *, minutes_later: int = 0, stuck_after: int = 10, number: int = 1):
    round_ = Round.objects.select_related("tournament").get(tournament=tournament, number=number)
    now = timezone.now() + datetime.timedelta(minutes=minutes_later)
    return read_board(round_, stuck_after=stuck_after, now=now)


def by_number(board):
    return {table.number: table for table in board.tables}


def test_each_table_with_its_state_and_games_of_the_sheets_length(evening, organiser):
    enter(evening, 1, 16, final=True, confirm=True, user=organiser)
    enter(evening, 2, 5)
    enter(evening, 3, 20, final=True)
    tables = by_number(board_of(evening))
    assert [(t.state, t.games, t.length, t.size) for t in tables.values()] == [
        (S.CONFIRMED, 16, 16, 4),
        (S.PLAYING, 5, 16, 4),
        (S.SUBMITTED, 20, 20, 5),
        (S.PLAYING, 0, 20, 5),
    ]
    assert tables[2].last_entry_at is not None and tables[4].last_entry_at is None
    assert tables[1].captain and tables[1].captain != tables[2].captain


def test_returned_and_reopened_sheets(evening, organiser):
    enter(evening, 1, 16, final=True, confirm=True, user=organiser)
    reopen_sheet(sheet_of(evening, 1), reason="Spiel 3 falsch", user=organiser)
    enter(evening, 3, 20, final=True)
    return_sheet(sheet_of(evening, 3), comment="Spiel 7 prüfen", user=organiser)
    tables = by_number(board_of(evening))
    assert tables[1].state == S.DISPUTED
    assert tables[3].state == S.RETURNED and tables[3].return_comment == "Spiel 7 prüfen"


def test_a_table_quiet_for_the_threshold_is_stuck_with_a_shifted_clock(evening, organiser):
    enter(evening, 1, 16, final=True, confirm=True, user=organiser)
    enter(evening, 2, 5)
    enter(evening, 3, 20, final=True)
    assert not any(t.stuck for t in board_of(evening).tables)
    later = by_number(board_of(evening, minutes_later=11))
    assert [n for n, t in later.items() if t.stuck] == [2, 4]
    assert later[2].quiet in (10, 11)
    assert not any(t.stuck for t in board_of(evening, minutes_later=11, stuck_after=30).tables)
    # An entry makes the table fresh again.
    enter(evening, 2, 6)
    assert not by_number(board_of(evening, minutes_later=5))[2].stuck
    assert by_number(board_of(evening, minutes_later=5))[4].stuck is False  # 5 < 10 minutes
    assert by_number(board_of(evening, minutes_later=12))[2].stuck


def test_a_table_stopped_early_counts_the_games_it_must_have(evening, organiser):
    from scoring.sheets.services import close_sheet_early

    enter(evening, 2, 5)
    close_sheet_early(sheet_of(evening, 2), after_game=8, note="Feueralarm", user=organiser)
    table = by_number(board_of(evening))[2]
    assert (table.games, table.length, table.closed_early) == (5, 8, True)


def test_what_is_left_before_the_next_round(evening, organiser, confirm_round):
    board = board_of(evening)
    assert board.unconfirmed == [1, 2, 3, 4] and board.sheets_left == 4
    assert board.games_left == 16 + 16 + 20 + 20
    assert not board.next_round_seated

    confirm_round(evening, 1, user=organiser)
    assert board_of(evening).sheets_left == 0
    draw_round(evening, 2, seed=7, user=organiser)
    release_round(evening, 2, user=organiser)
    assert board_of(evening).next_round_seated
    reopen_sheet(sheet_of(evening, 3), reason="Einspruch", user=organiser)
    second = board_of(evening, number=2)
    assert second.earlier_unconfirmed == ((1, 3),)
    assert second.sheets_left == len(second.tables) + 1


class NotingRules(type(HOUSE_RULES)):
    """The house rules with a table note, as DDV gives one (who still owes a Pflichtsolo)."""

    key = "notiz"
    gives_board_lines = True

    def board_line(self, rows, table_size, options, lang="de"):
        return f"{len(rows)} Zeilen an {table_size} Plätzen"


@pytest.fixture
def noting():
    rules.register(NotingRules())
    yield
    rules.unregister("notiz")


def test_the_ruleset_may_give_each_table_a_board_line(evening, organiser, noting):
    assert all(t.note is None for t in board_of(evening).tables)  # the house rules give none
    Tournament.objects.filter(pk=evening.pk).update(ruleset="notiz")
    enter(evening, 3, 4)
    tables = by_number(board_of(evening))
    assert tables[3].note == "4 Zeilen an 5 Plätzen"
    assert tables[1].note is None  # nothing entered: nothing to say


def test_a_ddv_table_on_the_board_says_who_still_owes_a_pflichtsolo(make_tournament, organiser):
    from scoring.evening.rounds import release_round as release
    from tests.conftest import EXAMPLES
    from tests.scoring.test_ddv_desk import RD1
    from tournament.participants.services import import_participants
    from tournament.seating.services import enter_slips

    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release(tournament, 1, user=organiser)
    sheet = sheet_of(tournament, 1)
    # Three games, the third seat 2's Pflichtsolo: seats 1, 3 and 4 still owe theirs.
    submit_sheet(sheet, RD1[:3], expected_revision=sheet.revision, user=organiser)
    assert by_number(board_of(tournament))[1].note == "Pflichtsolo offen: Platz 1, 3, 4"


def blind_slams(count: int, size: int = 4) -> list[dict]:
    """ "24": each caller takes all six tricks Gelb blind (24 − 24 = 0): every deal ends its
    Partie."""
    rows = []
    for index in range(count):
        dealer = index % size + 1
        caller = dealer % size + 1
        tricks = {str(seat): 6 if seat == caller else 0 for seat in range(1, size + 1)}
        rows.append({"deal": 1, "dealer": dealer, "trump": "gelb", "blind": True, "tricks": tricks})
    return rows


def test_a_countdown_table_whose_round_ended_early_has_nothing_left_in_the_last_round(
    make_tournament, add_participants, organiser
):
    # Two cycles at four seats: 8 deals; five one-deal Parties leave 3 < 4: the round is over.
    tournament = make_tournament(ruleset="24", cycles=2, rounds_count=1)
    add_participants(tournament, 8)
    draw_round(tournament, 1, seed=3, user=organiser)
    release_round(tournament, 1, user=organiser)
    for table, count in ((1, 5), (2, 2)):
        sheet = sheet_of(tournament, table)
        submit_sheet(sheet, blind_slams(count), expected_revision=sheet.revision, user=organiser)
    board = board_of(tournament)
    tables = by_number(board)
    assert (tables[1].games, tables[1].games_left) == (5, 0)
    assert (tables[2].games, tables[2].games_left) == (2, 6)
    assert board.games_left == 6
    assert board.last_round
    from scoring.board.present import summary

    left = summary(board)["left"]
    assert left == (
        "Letzter Durchgang: bis zum Endstand noch 2 Listen bestätigen, 6 Spiele sind noch "
        "einzutragen."
    )
    assert "Durchgang 2" not in left


def test_the_board_names_the_list_keeper_of_the_ruleset(make_tournament, organiser):
    """The desk calls the Listenführer over: under DDV seat 4 at four, seat 5 at five."""
    from scoring.evening.rounds import release_round as release
    from tests.conftest import EXAMPLES
    from tournament.models import Seat
    from tournament.participants.services import import_participants
    from tournament.seating.services import enter_slips

    tournament = make_tournament(ruleset="ddv")
    people = import_participants(
        tournament, (EXAMPLES / "teilnehmer.csv").read_bytes(), "teilnehmer.csv", user=organiser
    )
    enter_slips(tournament, {p.pk: n for n, p in enumerate(people, start=1)}, user=organiser)
    release(tournament, 1, user=organiser)
    seats = Seat.objects.filter(table__round__tournament=tournament)
    for table in board_of(tournament).tables:
        keeper = 4 if table.size == 4 else 5
        expected = seats.get(table__number=table.number, number=keeper).participant.name
        assert table.captain == expected, (table.number, table.size)


def test_a_ddv_penalty_line_is_no_game_on_the_board(ddv_evening, organiser):  # noqa: F811
    from tests.scoring.test_ddv_desk import MINOR, RD1

    sheet = sheet_of(ddv_evening, 1)
    submit_sheet(
        sheet, [*RD1[:3], MINOR, *RD1[3:]], expected_revision=sheet.revision, user=organiser
    )
    table = by_number(board_of(ddv_evening))[1]
    assert (table.games, table.length) == (24, 24)
