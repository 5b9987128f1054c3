"""Restoring a backup document into the database: all of it in one transaction, or nothing.

Nothing is written before the whole document has passed ``validate`` (types, ranges, lengths,
references, table sizes: see ``output.backup.validate``) and every game has been scored again by
the rules engine (``output.backup.recompute``: restored points are the engine's, never the
file's). Only then does ``_Restorer`` write the plan, with bulk inserts; the checks left to it
need the database: the short name in use, entry tokens already taken.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from output.backup.clock import restore_clock
from output.backup.document import BackupError, check_format
from output.backup.plan import Plan, RoundPlan, SheetPlan, TablePlan
from output.backup.prizes import restore_prizes
from output.backup.recompute import recompute
from output.backup.signups import restore_signups
from output.backup.validate import SLUG_LENGTH, validate
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from tournament.audit import User, nested, ngettext_noop, record
from tournament.errors import DomainError
from tournament.events.services import RESERVED_SLUGS
from tournament.models import (
    Announcement,
    AuditEntry,
    Participant,
    Round,
    Seat,
    SeatChange,
    Table,
    Tournament,
    new_entry_token,
)

# The places whose stored points differed, at most this many in the audit entry.
DIFFERENCES_LISTED = 20

# The audit note of places whose points the engine recomputed (reader's language later).
RECOMPUTED_MESSAGE = ngettext_noop(
    "Punkte an %(count)d Stelle von der Wertung neu berechnet",
    "Punkte an %(count)d Stellen von der Wertung neu berechnet",
)


class _Restorer:
    """Writes a checked and recomputed plan; participants are mapped to their new rows."""

    def __init__(self, plan: Plan, slug: str | None, user: User) -> None:
        self.plan = plan
        self.user = user
        self.slug = slug or plan.original_slug
        self.people: dict[int, int] = {}  # the document's participant id → the new pk
        self.users: dict[str, Any] = {}
        self.timestamps: dict[type, list[tuple[Any, str, datetime.datetime]]] = {}

    def account(self, username: str | None) -> Any:
        return self.users.get(username) if username else None

    def keep_time(self, obj: Any, field: str, value: datetime.datetime | None) -> None:
        """auto_now(_add) fields are overwritten on create; set them back afterwards."""
        if value is not None:
            setattr(obj, field, value)
            self.timestamps.setdefault(type(obj), []).append((obj, field, value))

    def restore_times(self) -> None:
        for model, entries in self.timestamps.items():
            fields = sorted({field for _obj, field, _value in entries})
            for obj, field, value in entries:
                setattr(obj, field, value)
            unique = list({id(obj): obj for obj, _field, _value in entries}.values())
            model.objects.bulk_update(unique, fields, batch_size=500)

    # --- steps

    def run(self) -> Tournament:
        self.check_slug()
        model = get_user_model()
        lookup = {f"{model.USERNAME_FIELD}__in": self.plan.usernames()}
        self.users = {user.get_username(): user for user in model.objects.filter(**lookup)}
        tokens = [table.fields["entry_token"] for table in self.plan.tables()]
        new_tokens = (
            self.slug != self.plan.original_slug
            or Table.objects.filter(entry_token__in=tokens).exists()
        )
        tournament = Tournament.objects.create(slug=self.slug, **self.plan.tournament)
        self.keep_time(tournament, "created_at", self.plan.created_at)
        self.participants(tournament)
        rounds = Round.objects.bulk_create(
            [self.round(tournament, round_) for round_ in self.plan.rounds]
        )
        for row, round_ in zip(rounds, self.plan.rounds, strict=True):
            self.keep_time(row, "created_at", round_.created_at)
        self.tables(rounds, new_tokens)
        restore_prizes(
            tournament,
            self.plan.prizes,
            {self.people[key]: cents for key, cents in self.plan.payments.items()},
        )
        restore_clock(tournament, self.plan.clock)
        restore_signups(
            tournament,
            self.plan.signup_settings,
            self.plan.signups,
            self.people,
            new_codes=new_tokens,
            keep_time=self.keep_time,
        )
        Announcement.objects.bulk_create(
            Announcement(tournament=tournament, **fields) for fields in self.plan.announcements
        )
        self.audit_entries(tournament)
        self.restore_times()
        self.imported(tournament, new_tokens)
        return tournament

    def check_slug(self) -> None:
        if (
            not self.slug
            or slugify(self.slug) != self.slug
            or self.slug in RESERVED_SLUGS
            or len(self.slug) > SLUG_LENGTH
        ):
            raise BackupError(
                _(
                    "Der Kurzname „%(slug)s“ darf nur Kleinbuchstaben, Ziffern und Bindestriche "
                    "enthalten (höchstens %(max)d Zeichen)."
                )
                % {"slug": self.slug[:80], "max": SLUG_LENGTH}
            )
        if Tournament.objects.filter(slug=self.slug).exists():
            raise BackupError(
                _(
                    "Es gibt schon ein Turnier mit dem Kurznamen „%(slug)s“; bitte einen anderen "
                    "Kurznamen für die Wiederherstellung wählen."
                )
                % {"slug": self.slug}
            )

    def participants(self, tournament: Tournament) -> None:
        rows = self.plan.participants
        created = Participant.objects.bulk_create(
            [Participant(tournament=tournament, **fields) for _key, fields, _time in rows]
        )
        for (key, _fields, created_at), participant in zip(rows, created, strict=True):
            self.people[key] = participant.pk
            self.keep_time(participant, "created_at", created_at)

    def round(self, tournament: Tournament, round_: RoundPlan) -> Round:
        fields = dict(round_.fields)
        fields["lots"] = [
            {
                **lot,
                "participants": [self.people[pid] for pid in lot["participants"]],
                "order": [self.people[pid] for pid in lot["order"]],
            }
            for lot in fields["lots"]
        ]
        fields["slips"] = {str(self.people[pid]): number for pid, number in fields["slips"].items()}
        return Round(tournament=tournament, **fields)

    def tables(self, rounds: list[Round], new_tokens: bool) -> None:
        plans = [
            (row, table)
            for row, round_ in zip(rounds, self.plan.rounds, strict=True)
            for table in round_.tables
        ]
        tables = Table.objects.bulk_create(
            [
                Table(
                    round=row,
                    number=table.fields["number"],
                    entry_token=new_entry_token() if new_tokens else table.fields["entry_token"],
                    token_revoked=table.fields["token_revoked"],
                )
                for row, table in plans
            ]
        )
        Seat.objects.bulk_create(
            [
                Seat(round=row, table=table, participant_id=self.people[pid], number=number)
                for table, (row, plan) in zip(tables, plans, strict=True)
                for number, pid in sorted(plan.seats.items())
            ],
            batch_size=1000,
        )
        self.seat_changes(tables, [plan for _row, plan in plans])
        with_sheets = [
            (table, row, plan.sheet)
            for table, (row, plan) in zip(tables, plans, strict=True)
            if plan.sheet is not None
        ]
        sheets = Sheet.objects.bulk_create(
            [Sheet(table=table, round=row, **sheet.fields) for table, row, sheet in with_sheets]
        )
        for row, (_table, _round, plan) in zip(sheets, with_sheets, strict=True):
            self.keep_time(row, "updated_at", plan.updated_at)
        self.versions(sheets, [plan for _table, _round, plan in with_sheets])

    def seat_changes(self, tables: list[Table], plans: list[TablePlan]) -> None:
        """The substitutes of each seat (who left keeps the games before ``from_game``)."""
        wanted = [(table, plan) for table, plan in zip(tables, plans, strict=True) if plan.changes]
        if not wanted:
            return
        seats = {
            (seat.table_id, seat.number): seat
            for seat in Seat.objects.filter(table__in=[table for table, _plan in wanted])
        }
        SeatChange.objects.bulk_create(
            [
                SeatChange(
                    seat=seats[(table.pk, number)],
                    from_game=from_game,
                    previous_participant_id=self.people[previous],
                    participant_id=self.people[participant],
                    reason=reason,
                )
                for table, plan in wanted
                for number, changes in sorted(plan.changes.items())
                for from_game, previous, participant, reason in changes
            ]
        )

    def versions(self, sheets: list[Sheet], plans: list[SheetPlan]) -> None:
        pairs = [
            (sheet, version)
            for sheet, plan in zip(sheets, plans, strict=True)
            for version in plan.versions
        ]
        rows = SheetVersion.objects.bulk_create(
            [
                SheetVersion(
                    sheet=sheet,
                    **version.fields
                    | {
                        "created_by": self.account(version.fields["created_by"]),
                        "confirmed_by": self.account(version.fields["confirmed_by"]),
                    },
                )
                for sheet, version in pairs
            ]
        )
        games = []
        for row, (_sheet, version) in zip(rows, pairs, strict=True):
            self.keep_time(row, "created_at", version.created_at)
            for game in version.games:
                assert game.row is not None
                game.row.version = row
                games.append(game.row)
        Game.objects.bulk_create(games, batch_size=1000)
        ScoreLine.objects.bulk_create(
            [
                ScoreLine(
                    sheet=sheet,
                    round_id=sheet.round_id,
                    participant_id=self.people[line["participant"]],
                    **{key: value for key, value in line.items() if key != "participant"},
                )
                for sheet, plan in zip(sheets, plans, strict=True)
                for line in plan.lines
            ],
            batch_size=1000,
        )

    def audit_entries(self, tournament: Tournament) -> None:
        entries = [
            AuditEntry(tournament=tournament, user=self.account(username), **fields)
            for fields, _time, username in self.plan.audit
        ]
        rows = AuditEntry.objects.bulk_create(entries)
        for row, (_fields, created_at, _username) in zip(rows, self.plan.audit, strict=True):
            self.keep_time(row, "created_at", created_at)

    def imported(self, tournament: Tournament, new_tokens: bool) -> None:
        differences = self.plan.differences
        message = gettext_noop("aus Sicherung „%(slug)s“ vom %(when)s")
        params: dict[str, Any] = {
            "slug": self.plan.original_slug,
            "when": self.plan.exported_at,
        }
        if differences:
            params = {
                "source": nested(message, params),
                "recomputed": nested(
                    RECOMPUTED_MESSAGE[0],
                    {"count": len(differences)},
                    plural=RECOMPUTED_MESSAGE[1],
                ),
            }
            message = gettext_noop("%(source)s; %(recomputed)s")
        record(
            tournament,
            AuditEntry.Action.TOURNAMENT_IMPORTED,
            user=self.user,
            message=message,
            params=params,
            details={
                "original_slug": self.plan.original_slug,
                "new_tokens": new_tokens,
                "recomputed": len(differences),
                "recomputed_at": differences[:DIFFERENCES_LISTED],
            },
        )


@transaction.atomic
def import_tournament(
    data: Mapping[str, Any], *, slug: str | None = None, user: User = None
) -> Tournament:
    """Restore a document of ``export_tournament``; under ``slug`` if given (a copy).

    Raises ``BackupError`` (and writes nothing) for a malformed document, a record the rules
    engine refuses, or a slug in use.
    """
    if not isinstance(data, Mapping):
        raise BackupError(_("Die Datei ist keine Turniersicherung (kein JSON-Objekt)."))
    check_format(data)
    plan = validate(data)
    recompute(plan)
    try:
        with transaction.atomic():
            return _Restorer(plan, slug, user).run()
    except IntegrityError as error:
        raise BackupError(
            _("Die Sicherung ist widersprüchlich und wurde nicht eingelesen (%(reason)s).")
            % {"reason": error}
        ) from error
    except (ValueError, TypeError, OverflowError, DataError) as error:
        # A last line: validate() should have refused whatever a database cannot store.
        raise BackupError(
            _("Die Sicherung enthält ungültige Werte und wurde nicht eingelesen (%(reason)s).")
            % {"reason": f"{error.__class__.__name__}: {error}"[:200]}
        ) from error
    except DomainError as error:
        raise BackupError(error.message) from error
