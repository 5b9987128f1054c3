"""The round's time called at a table: "Zeit abgelaufen nach Spiel n" (DDV §9.4).

Only for a ruleset that ``records_time_up``: the sheet stores the game after which the time was
called (``Sheet.time_up_after``), and from then on the ruleset lets only what may still follow
(DDV: Vorführungen) onto the sheet. The desk (organiser, Helfer) records or changes it; the
table's captain records it once the table's clock says the time is up; only the organiser
clears it again.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.models import Sheet, SheetVersion
from scoring.sheets.reading import latest_version
from scoring.sheets.services import bump_revision, lock_sheet, require_entry, require_open_round
from scoring.sheets.validation import validate_games
from tournament.actors import captain_actor
from tournament.audit import User, record
from tournament.clock.reading import table_time_up
from tournament.errors import DomainError
from tournament.models import AuditEntry


def _recorded_rows(sheet: Sheet) -> list:
    version = latest_version(sheet)
    if version is None:
        return []
    return list(version.games.order_by("number").values_list("record", flat=True))


@transaction.atomic
def record_time_up(
    sheet: Sheet,
    *,
    after_game: int,
    user: User = None,
    source: str = SheetVersion.Source.DESK,
    expected_revision: int | None = None,
) -> Sheet:
    """Record that the round's time was called after game ``after_game`` (0 to the games
    entered). The rows already entered after it must be what the ruleset still allows then."""
    sheet = lock_sheet(sheet, expected_revision)
    ruleset = sheet.round.tournament.rules
    if not ruleset.records_time_up:
        raise DomainError(_("Bei diesen Spielregeln wird kein Zeitablauf vermerkt."))
    require_entry(sheet, None, source)
    captain = source == SheetVersion.Source.CAPTAIN
    if captain and sheet.time_up_after is not None:
        raise DomainError(
            _("Der Zeitablauf ist schon vermerkt; ändern kann ihn nur die Turnierleitung.")
        )
    if captain and not table_time_up(sheet.table):
        raise DomainError(_("Die Spielzeit dieses Tisches ist noch nicht abgelaufen."))
    rows = _recorded_rows(sheet)
    played = ruleset.played_rows(rows)
    if not 0 <= after_game <= played:
        raise DomainError(
            _("Zeit abgelaufen nach Spiel: bitte eine Zahl von 0 bis %(max)d angeben.")
            % {"max": played},
            field="after_game",
        )
    sheet.time_up_after = after_game
    validate_games(sheet, ruleset.complete_rows(rows, sheet.table.size), sheet.table.size)
    bump_revision(sheet, time_up_after=after_game)
    record(
        sheet.round.tournament,
        AuditEntry.Action.ROUND_CLOCK,
        user=user,
        actor=captain_actor(sheet.table.number) if captain else "",
        message=gettext_noop(
            "Durchgang %(round)d, Tisch %(table)d: Zeit abgelaufen nach Spiel %(game)d"
        ),
        params={"round": sheet.round.number, "table": sheet.table.number, "game": after_game},
        details={"sheet": sheet.pk, "time_up_after": after_game, "source": source},
    )
    return sheet


@transaction.atomic
def clear_time_up(
    sheet: Sheet, *, user: User = None, expected_revision: int | None = None
) -> Sheet:
    """Take back a recorded time call (the organiser's; the desk view allows no one else)."""
    sheet = lock_sheet(sheet, expected_revision)
    require_open_round(sheet)
    if sheet.status == Sheet.Status.CONFIRMED:
        raise DomainError(_("Die Liste ist bestätigt; zuerst wieder öffnen."))
    if sheet.time_up_after is None:
        raise DomainError(_("Für diese Liste ist kein Zeitablauf vermerkt."))
    bump_revision(sheet, time_up_after=None)
    record(
        sheet.round.tournament,
        AuditEntry.Action.ROUND_CLOCK,
        user=user,
        message=gettext_noop("Durchgang %(round)d, Tisch %(table)d: Zeitablauf zurückgenommen"),
        params={"round": sheet.round.number, "table": sheet.table.number},
        details={"sheet": sheet.pk, "time_up_after": None},
    )
    return sheet
