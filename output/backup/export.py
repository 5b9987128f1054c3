"""Writing a tournament as a backup document (see ``output.backup.document``)."""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from output.backup.clock import export_clock
from output.backup.document import FORMAT, FORMAT_VERSION, GAME_FIELDS, TOURNAMENT_FIELDS
from output.backup.prizes import export_payments, export_prizes
from output.backup.signups import export_signup_settings, export_signups
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from tournament.models import (
    Round,
    Seat,
    Table,
    Tournament,
)


def iso_time(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything of ``tournament`` as JSON-ready data (see the module docstring)."""
    settings = {field: getattr(tournament, field) for field in TOURNAMENT_FIELDS}
    settings.update(
        slug=tournament.slug,
        date=tournament.date.isoformat(),
        created_at=iso_time(tournament.created_at),
        # Complete (defaults filled in): the backup says how it was scored whatever the defaults.
        ruleset_options=tournament.rules.options_json(tournament.scoring_options),
    )
    paid = export_payments(tournament)
    participants = [
        {
            "id": participant.pk,
            "name": participant.name,
            "club": participant.club,
            "checked_in": participant.checked_in,
            "withdrawn": participant.withdrawn,
            "created_at": iso_time(participant.created_at),
            "paid_cents": paid.get(participant.pk),
            "name_choice": participant.name_choice,
            "anonymised": participant.anonymised,
        }
        for participant in tournament.participants.order_by("pk")
    ]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": iso_time(timezone.now()),
        "tournament": settings,
        "participants": participants,
        "prizes": export_prizes(tournament),
        "signup_settings": export_signup_settings(tournament),
        "signups": export_signups(tournament),
        "rounds": [_export_round(round_) for round_ in _rounds(tournament)],
        "clock": export_clock(tournament),
        "announcements": [
            {"text": item.text, "active": item.active, "position": item.position}
            for item in tournament.announcements.order_by("position", "pk")
        ],
        "audit": [
            {
                "created_at": iso_time(entry.created_at),
                "user": _username(entry.user),
                "actor": entry.actor,
                "action": entry.action,
                "summary": entry.summary,
                "message": entry.message,
                "message_plural": entry.message_plural,
                "params": entry.params,
                "reason": entry.reason,
                "details": entry.details,
            }
            for entry in tournament.audit_entries.select_related("user").order_by(
                "created_at", "pk"
            )
        ],
    }


def _rounds(tournament: Tournament):
    versions = SheetVersion.objects.select_related("created_by", "confirmed_by").prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number"))
    )
    sheets = Sheet.objects.prefetch_related(
        Prefetch("versions", queryset=versions.order_by("number")),
        Prefetch("score_lines", queryset=ScoreLine.objects.order_by("game_number", "seat")),
    )
    tables = (
        Table.objects.order_by("number")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.order_by("number").prefetch_related("changes"))
        )
        .prefetch_related(Prefetch("sheet", queryset=sheets))
    )
    return (
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .prefetch_related(Prefetch("tables", queryset=tables))
    )


def _export_round(round_: Round) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "method": round_.method,
        "seed": round_.seed,
        "lots": round_.lots,
        "slips": round_.slips,
        "released_at": iso_time(round_.released_at),
        "closed_at": iso_time(round_.closed_at),
        "created_at": iso_time(round_.created_at),
        "tables": [_export_table(table) for table in round_.tables.all()],
    }


def _export_table(table: Table) -> dict[str, Any]:
    sheet = getattr(table, "sheet", None)
    return {
        "number": table.number,
        "entry_token": table.entry_token,
        "token_revoked": table.token_revoked,
        "seats": [_export_seat(seat) for seat in table.seats.all()],
        "sheet": _export_sheet(sheet) if sheet is not None else None,
    }


def _export_seat(seat: Seat) -> dict[str, Any]:
    """A seat; one that changed hands (substitutes) also lists its changes by first game."""
    row: dict[str, Any] = {"number": seat.number, "participant": seat.participant_id}
    changes = sorted(seat.changes.all(), key=lambda change: change.from_game)
    if changes:
        row["changes"] = [
            {
                "from_game": change.from_game,
                "previous_participant": change.previous_participant_id,
                "participant": change.participant_id,
                "reason": change.reason,
            }
            for change in changes
        ]
    return row


def _export_sheet(sheet: Sheet) -> dict[str, Any]:
    return {
        "status": sheet.status,
        "revision": sheet.revision,
        "closed_after_game": sheet.closed_after_game,
        "close_note": sheet.close_note,
        "time_up_after": sheet.time_up_after,
        "return_comment": sheet.return_comment,
        "updated_at": iso_time(sheet.updated_at),
        "versions": [
            {
                "number": version.number,
                "source": version.source,
                "created_at": iso_time(version.created_at),
                "created_by": _username(version.created_by),
                "submitted": version.submitted,
                "confirmed": version.confirmed,
                "confirmed_at": iso_time(version.confirmed_at),
                "confirmed_by": _username(version.confirmed_by),
                "games": [
                    {field: getattr(game, field) for field in GAME_FIELDS}
                    for game in version.games.all()
                ],
            }
            for version in sheet.versions.all()
        ],
        "score_lines": [
            {
                "game": line.game_number,
                "seat": line.seat,
                "participant": line.participant_id,
                "points": line.points,
                "won": line.won,
                "soloist": line.soloist,
            }
            for line in sheet.score_lines.all()
        ],
    }
