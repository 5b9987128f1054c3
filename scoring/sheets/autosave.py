"""Autosave: every completed row of a sheet reaches the server by itself.

The page sends everything typed, with the revision it last saw. What is stored is the longest
run of games from game 1 that the rules engine accepts, as a new version through
``submit_sheet`` (so the revision check, the row lock, the audit entry and the history are the
same as for a manual save). Reading the form, scoring it and comparing it with what is stored
happen before that transaction: only ``submit_sheet`` holds the write lock, which on SQLite is
one for the whole database (every captain's autosave waits for it; ``docs/performance.md`` §8).
A write in between is caught there by the revision, as any other. Games after a refused one wait
on the device; a refused row never removes games already stored (a wrong correction of game 3
does not throw away games 4–9). When nothing changed, nothing is written.

The answer tells the page, game by game, what the server holds now, so that it can mark each row
"saved", "not yet sent" or "refused", and, when someone else changed the sheet meanwhile (a
``StaleWriteError``), show both versions of the games concerned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.models import Sheet, SheetVersion
from scoring.sheets.page import SheetPageData, build_page
from scoring.sheets.reading import latest_version, latest_version_with_games
from scoring.sheets.services import ReadBefore, require_entry, sheet_gone, submit_sheet
from scoring.sheets.validation import normalise_records
from tournament.audit import User
from tournament.models import Round


@dataclass(frozen=True)
class AutosaveOutcome:
    """What one autosave did."""

    written: bool  # a new version was stored
    stored_games: int  # games the server holds now
    held_back_by: int | None  # the first refused game, when later games wait behind it
    saved_as_typed: tuple[int, ...]  # games whose typed row is exactly what is stored


def _stored_records(sheet: Sheet, version: SheetVersion | None = None) -> list[dict[str, Any]]:
    """The latest version's records (``version``: that version with its games, as read)."""
    version = version if version is not None else latest_version(sheet)
    if version is None:
        return []
    return [dict(game.record) for game in version.games.all()]


def _relations_read(sheet: Sheet) -> bool:
    """Whether ``sheet`` came with its round, tournament and table (as the views read it)."""
    return (
        Sheet.round.is_cached(sheet)
        and Sheet.table.is_cached(sheet)
        and Round.tournament.is_cached(sheet.round)
    )


def savable_records(
    typed: SheetPageData, stored: list[dict[str, Any]]
) -> tuple[list | None, int | None]:
    """The records to store from ``typed`` rows, or None to store nothing, and the first
    refused game (None when every typed row is accepted).

    Every row accepted: the typed sheet as it is (also shorter than the stored one: the captain
    cleared the last game). A refused row: the games before it, but only when that keeps every
    stored game (the rows after a refused one are not dropped from the server).
    """
    filled = [row for row in typed.rows if row.filled]
    refused = next((row.number for row in filled if row.problems), None)
    if refused is None:
        return list(typed.records), None
    prefix = typed.records[: refused - 1]
    if len(prefix) < len(stored):
        return None, refused
    return prefix, refused


def autosave_sheet(
    sheet: Sheet,
    data: Any,
    *,
    expected_revision: int,
    source: str = SheetVersion.Source.DESK,
    user: User = None,
) -> tuple[AutosaveOutcome, SheetPageData]:
    """Store what can be stored of the typed form ``data``; return the outcome and the typed
    page (scored, for the rows' points and problems). Raises ``StaleWriteError`` when the sheet
    changed since ``expected_revision`` and ``DomainError`` when it cannot be changed (handed in
    from the phone, confirmed, round closed), exactly like ``submit_sheet``."""
    # The views read the sheet with its round and table just now (in this request): it is not
    # read again. The sheet first, then its latest version: the write checks the revision
    # under the lock, so what was read here is what is written over (``ReadBefore``).
    current = sheet
    if not _relations_read(sheet):
        current = (
            Sheet.objects.select_related("round__tournament", "table").filter(pk=sheet.pk).first()
        )
        if current is None:
            raise sheet_gone()
    require_entry(current, expected_revision, source)
    version = latest_version_with_games(current)  # one read of the stored games
    typed = build_page(current, data, version=version)
    if typed.refused_games:  # a crafted request (JSON nested too deeply): nothing is stored
        return AutosaveOutcome(False, 0, typed.refused_games[0], ()), typed
    size = typed.table_size
    tournament = current.round.tournament
    ruleset, options = tournament.rules, tournament.scoring_options
    stored = normalise_records(_stored_records(current, version), size, ruleset, options)
    records, refused = savable_records(typed, stored)
    written = records is not None and normalise_records(records, size, ruleset, options) != stored
    if written:
        read_before = ReadBefore(current.revision, size, version.number if version else 0)
        saved = submit_sheet(
            current,
            records,
            expected_revision=expected_revision,
            source=source,
            user=user,
            read_before=read_before,
        )
        for field in ("revision", "status", "return_comment"):
            setattr(sheet, field, getattr(saved.sheet, field))
        stored = normalise_records(records, size, ruleset, options)
    accepted = typed.records if refused is None else typed.records[: refused - 1]
    same = tuple(
        number
        for number, (mine, theirs) in enumerate(
            zip(normalise_records(accepted, size, ruleset, options), stored, strict=False), start=1
        )
        if mine == theirs
    )
    return AutosaveOutcome(written, len(stored), refused, same), typed


def stored_as(sheet: Sheet, records: list[Any]) -> bool:
    """Whether the latest version of ``sheet`` holds exactly ``records``."""
    size, tournament = sheet.table.size, sheet.round.tournament
    ruleset, options = tournament.rules, tournament.scoring_options
    return normalise_records(records, size, ruleset, options) == normalise_records(
        _stored_records(sheet), size, ruleset, options
    )


def server_rows(sheet: Sheet, page: SheetPageData | None = None) -> dict[str, Any]:
    """The sheet as stored, row by row in the page's field values, with a short summary of each
    game ("1 + 4 · 2 · Normalspiel"): what a conflict view shows beside the device's version.
    ``page`` is the stored page when the caller has it already."""
    if page is None or page.from_input:
        page = build_page(sheet)
    rows = {}
    for row in page.rows:
        if not row.filled:
            continue
        summary = [row.plus_label or "–"]
        if row.value is not None:
            summary.append(str(abs(row.value)))
        if row.kind_label:
            summary.append(row.kind_label)
        if row.note:
            summary.append(row.note)
        rows[str(row.number)] = {"values": row.values, "summary": " · ".join(summary)}
    return {"revision": sheet.revision, "status": sheet.status, "rows": rows}
