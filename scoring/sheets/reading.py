"""Reading score sheets: the latest and the confirmed version, the games a table owes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, OuterRef, Prefetch, Subquery
from django.utils.translation import gettext as _

from scoring.models import Game, Sheet, SheetVersion
from tournament.errors import DomainError
from tournament.models import Round, Tournament


def expected_games(sheet: Sheet, size: int) -> int:
    """Games the sheet must have to be complete: all of them, or as many as the organiser
    allowed when stopping the table early (rule 16)."""
    if sheet.closed_after_game:
        return sheet.closed_after_game
    return sheet.round.tournament.sheet_length(size)


def ends_early(sheet: Sheet, records: Sequence[Mapping[str, Any]], size: int) -> bool:
    """Whether the ruleset says ``records`` complete the sheet before its length (DDV: time
    called and every Pflichtsolo played; count-down: a Partie ended with fewer deals left than
    seats). Asked only when fewer rows than ``expected_games`` are played and the organiser has
    not stopped the table (then the count decides)."""
    tournament = sheet.round.tournament
    ruleset = tournament.rules
    played = ruleset.played_rows(records, tournament.scoring_options)
    if sheet.closed_after_game or played >= expected_games(sheet, size):
        return False
    return ruleset.score_sheet(
        records,
        size,
        tournament.cycles,
        tournament.scoring_options,
        time_up_after=sheet.time_up_after,
    ).complete


def confirmable(sheet: Sheet, records: Sequence[Mapping[str, Any]], size: int) -> bool:
    """Whether ``records`` (the stored rows) may be confirmed as they are: every row the sheet
    owes, or fewer where the ruleset says the sheet is complete early — what ``confirm_sheet``
    accepts, and so when the desk's plain "Bestätigen" is enabled."""
    tournament = sheet.round.tournament
    played = tournament.rules.played_rows(records, tournament.scoring_options)
    return played == expected_games(sheet, size) or ends_early(sheet, records, size)


def latest_version(sheet: Sheet) -> SheetVersion | None:
    return sheet.versions.order_by("-number").first()


def latest_version_with_games(sheet: Sheet) -> SheetVersion | None:
    """The latest version with its games in order (``version.games.all()``), two queries."""
    games = Prefetch("games", queryset=Game.objects.order_by("number"))
    return sheet.versions.order_by("-number").prefetch_related(games).first()


def latest_versions(round_: Round, *, with_games: bool = False) -> dict[int, SheetVersion]:
    """The latest version of every sheet of a round, by table id, with ``game_count`` (and the
    games when asked); a fixed number of queries whatever the number of tables or saves."""
    newest = SheetVersion.objects.filter(sheet=OuterRef("sheet")).order_by("-number")
    versions = (
        SheetVersion.objects.filter(sheet__round=round_, pk=Subquery(newest.values("pk")[:1]))
        .select_related("sheet")
        .annotate(game_count=Count("games"))
    )
    if with_games:
        versions = versions.prefetch_related(
            Prefetch("games", queryset=Game.objects.order_by("number"))
        )
    return {version.sheet.table_id: version for version in versions}


def sheet_for(round_: Round, table_number: int) -> Sheet:
    sheet = (
        Sheet.objects.select_related("table", "round__tournament")
        .filter(round=round_, table__number=table_number)
        .first()
    )
    if sheet is None:
        raise DomainError(
            _("Tisch %(table)d hat in Durchgang %(round)d keine Liste.")
            % {"table": table_number, "round": round_.number}
        )
    return sheet


def rounds_with_open_sheets(tournament: Tournament) -> list[int]:
    """Numbers of the rounds with a sheet not confirmed yet (a later round waits for them)."""
    numbers = (
        Sheet.objects.filter(round__tournament=tournament)
        .exclude(status=Sheet.Status.CONFIRMED)
        .values_list("round__number", flat=True)
        .distinct()
    )
    return sorted(set(numbers))


def pending_sheets(tournament: Tournament) -> list[tuple[int, int]]:
    """(round, table) of the sheets handed in and waiting for the organiser's confirmation."""
    return list(
        Sheet.objects.filter(round__tournament=tournament, status=Sheet.Status.SUBMITTED)
        .order_by("round__number", "table__number")
        .values_list("round__number", "table__number")
    )
