"""Reading a round's live board from the database, in a fixed number of queries.

The sheets with their table's size and whether a version was ever confirmed (one query), the names
on their seats, of which the ruleset's Listenführer seat is shown (one query), the latest version
of each with its game count (one query; with the games when the ruleset gives table notes, then
counted as the ruleset counts a sheet's rows: a penalty line is no game), and the earlier rounds'
unconfirmed sheets and whether the next round exists (one query each): the same few queries for
4 tables or 100.
"""

from __future__ import annotations

import datetime

from django.db.models import Count, Exists, OuterRef
from django.utils import timezone, translation

from scoring.board.state import Board, BoardTable, is_stuck, quiet_minutes, table_state
from scoring.models import Sheet, SheetVersion
from scoring.sheets.reading import latest_versions
from tournament.models import Round, Seat, Tournament


def read_board(round_: Round, *, stuck_after: int, now: datetime.datetime | None = None) -> Board:
    """The board of ``round_`` at ``now`` (default: the current time) with tables quiet for
    ``stuck_after`` minutes or longer marked stuck."""
    now = now or timezone.now()
    tournament = round_.tournament
    rules = tournament.rules
    notes = rules.gives_board_lines
    ever_confirmed = SheetVersion.objects.filter(sheet=OuterRef("pk"), confirmed=True)
    sheets = (
        Sheet.objects.filter(round=round_)
        .select_related("table")
        .annotate(
            size=Count("table__seats"),
            confirmed_before=Exists(ever_confirmed),
        )
        .order_by("table__number")
    )
    # A ruleset whose sheet may be complete before its length (time called; count-down: a
    # Partie ended with fewer deals left than seats) is asked, from the rows, whether it is.
    ends_early = rules.records_time_up
    # The Listenführer the desk would call over: the ruleset's seat for the table's size.
    seated = Seat.objects.filter(table__in=[sheet.table_id for sheet in sheets])
    names = {
        (table, number): name
        for table, number, name in seated.values_list("table_id", "number", "participant__name")
    }
    latest = latest_versions(round_, with_games=notes or ends_early)
    options = tournament.scoring_options
    language = translation.get_language()
    tables = []
    for sheet in sheets:
        version = latest.get(sheet.table_id)
        games = version.game_count if version is not None else 0
        length = sheet.closed_after_game or tournament.sheet_length(sheet.size)
        state = table_state(
            sheet.status,
            returned=bool(sheet.return_comment),
            confirmed_before=sheet.confirmed_before,
        )
        quiet = quiet_minutes(sheet.updated_at, now)
        note = None
        rows = (
            [game.record for game in version.games.all()]
            if version and (notes or ends_early)
            else []
        )
        if notes and version is not None:
            note = rules.board_line(rows, sheet.size, options, language)
            # A row that is no game (a DDV penalty line) is no game of the sheet's length.
            games = rules.played_rows(rows, options)
        if ends_early and games < length and rows_complete(tournament, rows, sheet, options):
            length = games  # nothing more to enter at this table
        tables.append(
            BoardTable(
                number=sheet.table.number,
                captain=names.get((sheet.table_id, rules.list_keeper_seat(sheet.size)), ""),
                size=sheet.size,
                games=games,
                length=length,
                state=state,
                last_entry_at=version.created_at if version is not None else None,
                quiet=quiet,
                stuck=is_stuck(state, games, length, quiet, stuck_after),
                closed_early=bool(sheet.closed_after_game),
                return_comment=sheet.return_comment,
                note=note,
            )
        )
    return _board(round_, tables, stuck_after, now)


def rows_complete(tournament: Tournament, rows: list, sheet: Sheet, options: object) -> bool:
    """Whether the ruleset says ``rows`` complete the sheet (a refused row: not complete)."""
    scored = tournament.rules.score_sheet(
        rows, sheet.size, tournament.cycles, options, time_up_after=sheet.time_up_after
    )
    return scored.complete and not scored.issues


def _board(
    round_: Round, tables: list[BoardTable], stuck_after: int, now: datetime.datetime
) -> Board:
    tournament = round_.tournament
    earlier = tuple(
        Sheet.objects.filter(round__tournament=tournament, round__number__lt=round_.number)
        .exclude(status=Sheet.Status.CONFIRMED)
        .order_by("round__number", "table__number")
        .values_list("round__number", "table__number")
    )
    next_seated = Round.objects.filter(tournament=tournament, number=round_.number + 1).exists()
    return Board(
        round_number=round_.number,
        tables=tuple(tables),
        stuck_after=stuck_after,
        earlier_unconfirmed=earlier,
        next_round_seated=next_seated,
        last_round=round_.number >= tournament.rounds_count,
        now=now,
    )
