"""The round's time called at a table: "Zeit abgelaufen nach Spiel n" (DDV §9.4).

Only for a ruleset that ``records_time_up``: the sheet stores the game after which the time was
called (``Sheet.time_up_after``), and from then on the ruleset lets only what may still follow
(DDV: Vorführungen) onto the sheet. The desk (organiser, Helfer) records or changes it; the
table's captain records it once the table's clock says the time is up; only the organiser
clears it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules.rows import SheetResult
from scoring.models import Sheet, SheetVersion
from scoring.sheets.reading import latest_version
from scoring.sheets.services import (
    bump_revision,
    game_row,
    lock_sheet,
    require_entry,
    require_open_round,
)
from scoring.sheets.validation import validate_games
from tournament.actors import captain_actor
from tournament.audit import User, record
from tournament.clock.reading import table_time_up
from tournament.errors import DomainError
from tournament.models import AuditEntry

# What a stored row holds that its scoring gives (the record itself does not change).
RESULT_FIELDS = (
    "method",
    "kind",
    "value",
    "winner",
    "plus",
    "points",
    "breakdown",
    "warnings",
    "soloist",
)


def _rescore_latest(sheet: Sheet, scored: SheetResult) -> None:
    """Store the results ``scored`` gives the latest version's rows where they changed."""
    version = latest_version(sheet)
    if version is None:
        return
    for game, row in zip(version.games.order_by("number"), scored.rows, strict=False):
        fresh = game_row(version, game.number, game.record, row)
        changed = [name for name in RESULT_FIELDS if getattr(game, name) != getattr(fresh, name)]
        if changed:
            for name in changed:
                setattr(game, name, getattr(fresh, name))
            game.save(update_fields=changed)


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
    imported: Sequence[Any] | None = None,
) -> Sheet:
    """Record that the round's time was called after game ``after_game`` (0 to the games
    entered). The rows already entered after it must be what the ruleset still allows then;
    ``imported``: the rows an import stores with it in the same transaction, checked instead.
    Where the call changes how the rows entered score (count-down: the running Partie is cut
    once the rows reach it, §8.3), the latest version's stored results follow."""
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
    rows = _recorded_rows(sheet) if imported is None else list(imported)
    played = ruleset.played_rows(rows, sheet.round.tournament.scoring_options)
    if not 0 <= after_game <= played:
        raise DomainError(
            _("Zeit abgelaufen nach Spiel: bitte eine Zahl von 0 bis %(max)d angeben.")
            % {"max": played},
            field="after_game",
        )
    sheet.time_up_after = after_game
    options = sheet.round.tournament.scoring_options
    scored = validate_games(
        sheet, ruleset.complete_rows(rows, sheet.table.size, options), sheet.table.size
    )
    bump_revision(sheet, time_up_after=after_game)
    if imported is None:
        _rescore_latest(sheet, scored)
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
    # The rows score again without the call (DDV: a Vorführung after it is then refused and
    # stays as stored until the sheet is corrected; count-down: the cut Partie runs on).
    tournament, size = sheet.round.tournament, sheet.table.size
    rows = tournament.rules.complete_rows(_recorded_rows(sheet), size)
    scored = tournament.rules.score_sheet(rows, size, tournament.cycles, tournament.scoring_options)
    if not scored.issues:
        _rescore_latest(sheet, scored)
    record(
        sheet.round.tournament,
        AuditEntry.Action.ROUND_CLOCK,
        user=user,
        message=gettext_noop("Durchgang %(round)d, Tisch %(table)d: Zeitablauf zurückgenommen"),
        params={"round": sheet.round.number, "table": sheet.table.number},
        details={"sheet": sheet.pk, "time_up_after": None},
    )
    return sheet
