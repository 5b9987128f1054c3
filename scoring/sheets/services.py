"""What happens to a score sheet: saved, submitted, confirmed, sent back, reopened, closed early.

Every service locks the sheet row, checks the revision the writer started from (a second writer
gets "changed, reload" instead of overwriting), validates every game with the rules engine,
writes a new numbered version with its games in one transaction, and leaves an audit entry.
Only a confirmed version counts: confirming writes the players' score lines. Reopening a sheet
for a correction keeps them (and the version's ``confirmed`` mark): every table, page, printout
and season keeps the last confirmed result until the sheet is confirmed again, which replaces
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules.rows import RowResult
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from scoring.sheets.lines import score_lines
from scoring.sheets.reading import ends_early, expected_games, latest_version
from scoring.sheets.validation import normalise_records, validate_games
from tournament.actors import captain_actor
from tournament.audit import User, ngettext_noop, record
from tournament.errors import DomainError, StaleWriteError
from tournament.models import AuditEntry, Round, Seat

# The audit summary of a saved or handed-in version, in the reader's language later.
SAVED_MESSAGE = ngettext_noop(
    "Durchgang %(round)d, Tisch %(table)d: Version %(version)d, %(games)d Spiel",
    "Durchgang %(round)d, Tisch %(table)d: Version %(version)d, %(games)d Spiele",
)


def _stale(current: int, yours: int) -> StaleWriteError:
    return StaleWriteError(
        _(
            "Diese Liste wurde inzwischen geändert (Stand %(current)d statt %(yours)d). "
            "Bitte die Seite neu laden; Ihre Eingaben wurden nicht gespeichert."
        )
        % {"current": current, "yours": yours}
    )


def sheet_gone() -> DomainError:
    """The sheet was removed meanwhile: the release of its round was taken back."""
    return DomainError(
        _(
            "Diese Liste gilt nicht mehr: die Turnierleitung hat die Freigabe des Durchgangs "
            "zurückgenommen. Es wurde nichts gespeichert."
        )
    )


def lock_sheet(sheet: Sheet, expected_revision: int | None) -> Sheet:
    """The sheet row locked (with its round and table), still at ``expected_revision``."""
    locked = (
        Sheet.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "table")
        .filter(pk=sheet.pk)
        .first()
    )
    if locked is None:
        raise sheet_gone()
    if expected_revision is not None and locked.revision != expected_revision:
        raise _stale(locked.revision, expected_revision)
    return locked


def bump_revision(sheet: Sheet, **fields: Any) -> None:
    """Advance the revision with a compare-and-set, so that even a database without row locks
    (SQLite) cannot let two writers of one revision both through."""
    updated = Sheet.objects.filter(pk=sheet.pk, revision=sheet.revision).update(
        revision=sheet.revision + 1, updated_at=timezone.now(), **fields
    )
    if updated != 1:
        raise StaleWriteError(_("Diese Liste wurde inzwischen geändert. Bitte neu laden."))
    sheet.revision += 1
    for key, value in fields.items():
        setattr(sheet, key, value)


def require_open_round(sheet: Sheet) -> None:
    """A closed round's sheets stay as they are."""
    if sheet.round.status == Round.Status.CLOSED:
        raise DomainError(
            _("Durchgang %(round)d ist abgeschlossen; die Liste lässt sich nicht mehr ändern.")
            % {"round": sheet.round.number}
        )


def _where(sheet: Sheet) -> dict[str, Any]:
    """ "Durchgang 1, Tisch 3": the sheet as the audit log names it (message and params)."""
    return {
        "message": gettext_noop("Durchgang %(round)d, Tisch %(table)d"),
        "params": {"round": sheet.round.number, "table": sheet.table.number},
    }


def _actor_label(source: str, sheet: Sheet) -> str:
    if source == SheetVersion.Source.CAPTAIN:
        return captain_actor(sheet.table.number)  # stored in German, translated when shown
    return ""


def require_entry(sheet: Sheet, expected_revision: int | None, source: str) -> None:
    """New games from ``source`` are welcome: the revision is the writer's, the round open,
    the sheet not confirmed, and a captain cannot change a handed-in sheet. On a sheet as read
    (``sheet.round`` and ``sheet.table`` loaded); ``lock_for_entry`` checks again under the
    lock."""
    if expected_revision is not None and sheet.revision != expected_revision:
        raise _stale(sheet.revision, expected_revision)
    require_open_round(sheet)
    if sheet.status == Sheet.Status.CONFIRMED:
        raise DomainError(
            _("Die Liste ist bestätigt. Zum Ändern muss die Turnierleitung sie wieder öffnen.")
        )
    if source == SheetVersion.Source.CAPTAIN and sheet.status == Sheet.Status.SUBMITTED:
        raise DomainError(
            _(
                "Die Liste ist abgegeben. Ändern lässt sie sich erst wieder, wenn die "
                "Turnierleitung sie zurückgibt."
            )
        )


def lock_for_entry(sheet: Sheet, expected_revision: int | None, source: str) -> Sheet:
    """Lock ``sheet`` for new games from ``source`` (``require_entry`` under the lock)."""
    locked = lock_sheet(sheet, expected_revision)
    require_entry(locked, None, source)
    return locked


@dataclass(frozen=True)
class ReadBefore:
    """What the caller read of the sheet just before, at ``revision``: the table's size and the
    latest version's number (0: none). Every new version advances the revision in its own
    transaction, so while the locked sheet still has ``revision`` both hold, and
    ``submit_sheet`` need not read them again (the captain's autosave)."""

    revision: int
    table_size: int
    latest_number: int


@transaction.atomic
def submit_sheet(
    sheet: Sheet,
    records: Sequence[Any],
    *,
    expected_revision: int | None,
    source: str = SheetVersion.Source.DESK,
    user: User = None,
    final: bool = False,
    confirm: bool = False,
    read_before: ReadBefore | None = None,
) -> SheetVersion:
    """Store the games of a sheet as a new version.

    ``final`` hands the sheet in for confirmation (it must then be complete); otherwise it is a
    save of the games played so far. ``confirm`` (the organiser's "save and confirm") confirms
    the new version in the same transaction (see ``confirm_sheet``: whoever entered it may
    confirm it). A captain cannot change a sheet once it is handed in; the organiser can, and the
    sheet stays handed in. The returned version's ``sheet`` is the sheet as written (its new
    revision and status).
    """
    sheet = lock_for_entry(sheet, expected_revision, source)
    known = read_before if read_before and read_before.revision == sheet.revision else None
    captain = source == SheetVersion.Source.CAPTAIN
    size = known.table_size if known else sheet.table.size
    tournament = sheet.round.tournament
    records = normalise_records(records, size, tournament.rules, tournament.scoring_options)
    scored = validate_games(sheet, records, size)
    if final:
        _require_complete(
            sheet,
            tournament.rules.played_rows(records, tournament.scoring_options),
            size,
            scored.complete and not sheet.closed_after_game,
        )
    if known:
        number = known.latest_number + 1  # the unique (sheet, number) guards it as well
    else:
        number = (sheet.versions.aggregate(last=Max("number"))["last"] or 0) + 1
    version = SheetVersion.objects.create(
        sheet=sheet,
        number=number,
        source=source,
        created_by=user if user is not None and user.is_authenticated else None,
        submitted=final,
    )
    Game.objects.bulk_create(
        [
            game_row(version, index + 1, raw, row)
            for index, (raw, row) in enumerate(zip(records, scored.rows, strict=True))
        ]
    )
    handed_in = final or (sheet.status == Sheet.Status.SUBMITTED and not captain)
    bump_revision(
        sheet,
        status=Sheet.Status.SUBMITTED if handed_in else Sheet.Status.OPEN,
        return_comment="",
    )
    record(
        sheet.round.tournament,
        AuditEntry.Action.SHEET_SUBMITTED if final else AuditEntry.Action.SHEET_SAVED,
        user=user,
        actor=_actor_label(source, sheet),
        message=SAVED_MESSAGE[0],
        plural=SAVED_MESSAGE[1],
        params={
            "round": sheet.round.number,
            "table": sheet.table.number,
            "version": number,
            "games": len(records),
            "count": len(records),
        },
        details={"sheet": sheet.pk, "version": number, "source": source},
    )
    if final and confirm:
        confirm_sheet(sheet, user=user, expected_revision=sheet.revision)
        version.refresh_from_db()
    return version


def game_row(
    version: SheetVersion | None, number: int, raw: Mapping[str, Any], result: RowResult
) -> Game:
    """The stored row of one scored sheet row (a game, a penalty line, a deal: the ruleset's
    :class:`rules.rows.RowResult`); backup restore makes it before the version exists."""
    return Game(
        version=version,
        number=number,
        record=dict(raw),
        method=result.method,
        kind=result.game_type,
        value=result.value,
        winner=result.winner,
        plus=list(result.plus),
        points={str(seat): points for seat, points in result.points.items()},
        breakdown=[[key, points] for key, points in result.breakdown],
        warnings=[warning.code for warning in result.warnings],
        soloist=result.soloist,
    )


def _require_complete(sheet: Sheet, count: int, size: int, ended: bool = False) -> None:
    """The sheet holds every row it must: the round's length, or as many as the organiser
    allowed; ``ended``: the rules end the round earlier (count-down: a Partie ended with fewer
    deals left than seats, COUNTDOWN.md §8.2)."""
    expected = expected_games(sheet, size)
    if count != expected and not (ended and count < expected):
        raise DomainError(
            _(
                "Die Liste hat %(count)d von %(expected)d Spielen. Abgeben und bestätigen geht "
                "erst, wenn alle Spiele eingetragen sind (oder die Turnierleitung den Tisch "
                "vorzeitig beendet)."
            )
            % {"count": count, "expected": expected}
        )


@transaction.atomic
def confirm_sheet(
    sheet: Sheet, *, user: User = None, expected_revision: int | None = None
) -> SheetVersion:
    """Confirm the latest version: from now on its games count in the standings.

    The confirmer may be the one who entered the version: at a club evening one organiser at
    the desk often types the paper sheets and confirms them in one step ("save and confirm"),
    so there is deliberately no check of ``created_by`` against ``user``.
    """
    sheet = lock_sheet(sheet, expected_revision)
    require_open_round(sheet)
    if sheet.status == Sheet.Status.CONFIRMED:
        raise DomainError(_("Die Liste ist bereits bestätigt."))
    version = latest_version(sheet)
    if version is None:
        raise DomainError(_("Die Liste ist noch leer."))
    games = list(version.games.order_by("number"))
    size = sheet.table.size
    ruleset = sheet.round.tournament.rules
    records = [game.record for game in games]
    played = ruleset.played_rows(records, sheet.round.tournament.scoring_options)
    _require_complete(sheet, played, size, ends_early(sheet, records, size))
    # The points follow the seat: each game counts for whoever sat there (substitutes). The
    # seats are locked after the sheet, in the order ``replace_player`` locks them, so a
    # substitute entered meanwhile is either in these rows or refused.
    seats = {
        seat.number: seat
        for seat in Seat.objects.select_for_update()
        .filter(table=sheet.table)
        .order_by("number")
        .prefetch_related("changes")
    }
    # A reopened sheet's last confirmed version counted until now; this one replaces it.
    sheet.versions.filter(confirmed=True).update(confirmed=False)
    ScoreLine.objects.filter(sheet=sheet).delete()
    version.confirmed = True
    version.confirmed_at = timezone.now()
    version.confirmed_by = user if user is not None and user.is_authenticated else None
    version.save(update_fields=["confirmed", "confirmed_at", "confirmed_by"])
    lines = score_lines(games, lambda seat, game: seats[seat].occupant(game))
    ScoreLine.objects.bulk_create(
        [
            ScoreLine(
                sheet=sheet,
                round_id=sheet.round_id,
                participant_id=line["participant"],
                game_number=line["game_number"],
                seat=line["seat"],
                points=line["points"],
                won=line["won"],
                soloist=line["soloist"],
            )
            for line in lines
        ]
    )
    bump_revision(sheet, status=Sheet.Status.CONFIRMED)
    record(
        sheet.round.tournament,
        AuditEntry.Action.SHEET_CONFIRMED,
        user=user,
        message=gettext_noop("Durchgang %(round)d, Tisch %(table)d: Version %(version)d"),
        params={
            "round": sheet.round.number,
            "table": sheet.table.number,
            "version": version.number,
        },
        details={"sheet": sheet.pk, "version": version.number},
    )
    return version


@transaction.atomic
def return_sheet(
    sheet: Sheet, *, comment: str, user: User = None, expected_revision: int | None = None
) -> Sheet:
    """Send a submitted sheet back to the table captain with a comment."""
    sheet = lock_sheet(sheet, expected_revision)
    require_open_round(sheet)
    if sheet.status != Sheet.Status.SUBMITTED:
        raise DomainError(_("Nur eine abgegebene Liste kann zurückgegeben werden."))
    comment = comment.strip()
    if not comment:
        raise DomainError(_("Bitte kurz sagen, was zu korrigieren ist."), field="comment")
    bump_revision(sheet, status=Sheet.Status.OPEN, return_comment=comment[:500])
    record(
        sheet.round.tournament,
        AuditEntry.Action.SHEET_RETURNED,
        user=user,
        **_where(sheet),
        reason=comment,
    )
    return sheet


@transaction.atomic
def reopen_sheet(
    sheet: Sheet, *, reason: str, user: User = None, expected_revision: int | None = None
) -> Sheet:
    """Take back a confirmation (with a reason) to correct the sheet. Its last confirmed version
    keeps counting (score lines and ``confirmed`` stay) until the sheet is confirmed again: the
    public table does not drop its players to 0 meanwhile. The round's sheet counts show it as
    open again, so the round cannot be closed nor the next one seated by placement."""
    sheet = lock_sheet(sheet, expected_revision)
    require_open_round(sheet)
    if sheet.status != Sheet.Status.CONFIRMED:
        raise DomainError(_("Nur eine bestätigte Liste kann wieder geöffnet werden."))
    reason = reason.strip()
    if not reason:
        raise DomainError(_("Bitte einen Grund für das Öffnen angeben."), field="reason")
    bump_revision(sheet, status=Sheet.Status.SUBMITTED)
    record(
        sheet.round.tournament,
        AuditEntry.Action.SHEET_REOPENED,
        user=user,
        **_where(sheet),
        reason=reason,
    )
    return sheet


@transaction.atomic
def close_sheet_early(
    sheet: Sheet,
    *,
    after_game: int,
    note: str,
    user: User = None,
    expected_revision: int | None = None,
) -> Sheet:
    """Rule 16: the organiser stops a table after game ``after_game``; the games recorded so far
    count, and the sheet is complete with that many games."""
    sheet = lock_sheet(sheet, expected_revision)
    require_open_round(sheet)
    if sheet.status == Sheet.Status.CONFIRMED:
        raise DomainError(_("Die Liste ist bestätigt; zuerst wieder öffnen."))
    size = sheet.table.size
    full = sheet.round.tournament.sheet_length(size)
    if not 1 <= after_game <= full:
        raise DomainError(
            _("Ein Tisch kann nach Spiel 1 bis %(max)d beendet werden.") % {"max": full},
            field="after_game",
        )
    version = latest_version(sheet)
    ruleset = sheet.round.tournament.rules
    recorded = (
        ruleset.played_rows(
            list(version.games.values_list("record", flat=True)),
            sheet.round.tournament.scoring_options,
        )
        if version
        else 0
    )
    if recorded > after_game:
        raise DomainError(
            _(
                "Die Liste enthält schon %(recorded)d Spiele; sie kann nicht nach Spiel "
                "%(game)d enden."
            )
            % {"recorded": recorded, "game": after_game},
            field="after_game",
        )
    note = note.strip()
    if not note:
        raise DomainError(_("Bitte einen Vermerk zum Abbruch angeben."), field="note")
    bump_revision(sheet, closed_after_game=after_game, close_note=note[:300])
    record(
        sheet.round.tournament,
        AuditEntry.Action.SHEET_CLOSED_EARLY,
        user=user,
        message=gettext_noop("Durchgang %(round)d, Tisch %(table)d nach Spiel %(game)d"),
        params={"round": sheet.round.number, "table": sheet.table.number, "game": after_game},
        reason=note,
    )
    return sheet
