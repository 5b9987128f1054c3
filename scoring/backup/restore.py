"""Restoring a backup document into the database: all of it in one transaction, or nothing."""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.backup.document import (
    TOURNAMENT_FIELDS,
    BackupError,
    check_format,
    checked,
    checked_game,
    checked_items,
    dicts_in,
    is_int,
    problem_at,
    tables_in,
    versions_in,
)
from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from tournament.audit import User
from tournament.audit import record as audit
from tournament.errors import DomainError
from tournament.events.services import RESERVED_SLUGS, validate_settings
from tournament.models import (
    AuditEntry,
    Participant,
    Round,
    Seat,
    Table,
    Tournament,
    new_entry_token,
)


class _Restorer:
    """Reads the document and writes rows; every check names its place in the document."""

    def __init__(self, data: Mapping[str, Any], slug: str | None, user: User) -> None:
        self.data = data
        self.user = user
        self.people: dict[int, Participant] = {}
        self.users: dict[str, Any] = {}
        settings = checked(data, "tournament", "dict", "")
        self.original_slug = checked(settings, "slug", "str", "tournament")
        self.slug = slug or self.original_slug
        self.timestamps: dict[type, list[tuple[Any, str, datetime.datetime]]] = {}

    # --- helpers

    def participant(self, value: Any, path: str) -> Participant:
        if not is_int(value) or value not in self.people:
            raise problem_at(
                path,
                _("nennt einen unbekannten Teilnehmer (%(value)s)") % {"value": json.dumps(value)},
            )
        return self.people[value]

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
            objects = []
            for obj, field, value in entries:
                setattr(obj, field, value)
                objects.append(obj)
            unique = list({id(obj): obj for obj in objects}.values())
            model.objects.bulk_update(unique, fields, batch_size=500)

    # --- steps

    def run(self) -> Tournament:
        self.check_slug()
        self.load_users()
        tournament = self.tournament()
        self.participants(tournament)
        new_tokens = self.slug != self.original_slug or self.tokens_taken()
        for path, item in checked_items(self.data, "rounds", ""):
            self.round(tournament, path, item, new_tokens)
        self.audit_entries(tournament)
        self.restore_times()
        audit(
            tournament,
            AuditEntry.Action.TOURNAMENT_IMPORTED,
            user=self.user,
            summary=_("aus Sicherung „%(slug)s“ vom %(when)s")
            % {"slug": self.original_slug, "when": str(self.data.get("exported_at", ""))[:16]},
            details={"original_slug": self.original_slug, "new_tokens": new_tokens},
        )
        return tournament

    def check_slug(self) -> None:
        if not self.slug or slugify(self.slug) != self.slug or self.slug in RESERVED_SLUGS:
            raise BackupError(
                _(
                    "Der Kurzname „%(slug)s“ darf nur Kleinbuchstaben, Ziffern und Bindestriche "
                    "enthalten."
                )
                % {"slug": self.slug}
            )
        if Tournament.objects.filter(slug=self.slug).exists():
            raise BackupError(
                _(
                    "Es gibt schon ein Turnier mit dem Kurznamen „%(slug)s“; bitte einen anderen "
                    "Kurznamen für die Wiederherstellung wählen."
                )
                % {"slug": self.slug}
            )

    def load_users(self) -> None:
        names = {
            value
            for entry in dicts_in(self.data.get("audit"))
            if isinstance(value := entry.get("user"), str)
        }
        for version in versions_in(self.data):
            names |= {
                value
                for key in ("created_by", "confirmed_by")
                if isinstance(value := version.get(key), str)
            }
        model = get_user_model()
        lookup = {f"{model.USERNAME_FIELD}__in": names}
        self.users = {user.get_username(): user for user in model.objects.filter(**lookup)}

    def tokens_taken(self) -> bool:
        tokens = [
            token
            for table in tables_in(self.data)
            if isinstance(token := table.get("entry_token"), str)
        ]
        return Table.objects.filter(entry_token__in=tokens).exists()

    def tournament(self) -> Tournament:
        path = "tournament"
        settings = checked(self.data, "tournament", "dict", "")
        kinds = {
            "name": "str",
            "venue": "str",
            "rounds_count": "int",
            "cycles": "int",
            "deck": "int",
        }
        values = {
            field: checked(settings, field, kinds.get(field, "bool"), path)
            for field in TOURNAMENT_FIELDS
        }
        tournament = Tournament(
            slug=self.slug, date=checked(settings, "date", "date", path), **values
        )
        _validate(tournament, path, exclude=["slug"])
        validate_settings(tournament)
        tournament.save()
        self.keep_time(
            tournament, "created_at", checked(settings, "created_at", "datetime", path, null=True)
        )
        return tournament

    def participants(self, tournament: Tournament) -> None:
        rows = []
        ids = []
        for path, item in checked_items(self.data, "participants", ""):
            key = checked(item, "id", "int", path)
            if key in ids:
                raise problem_at(f"{path}.id", _("kommt doppelt vor"))
            participant = Participant(
                tournament=tournament,
                name=checked(item, "name", "str", path),
                club=checked(item, "club", "str", path),
                checked_in=checked(item, "checked_in", "bool", path),
                withdrawn=checked(item, "withdrawn", "bool", path),
            )
            _validate(participant, path, exclude=["tournament"])
            ids.append(key)
            rows.append((participant, checked(item, "created_at", "datetime", path, null=True)))
        created = Participant.objects.bulk_create([participant for participant, iso_time in rows])
        for key, participant, (_row, created_at) in zip(ids, created, rows, strict=True):
            self.people[key] = participant
            self.keep_time(participant, "created_at", created_at)

    def round(self, tournament: Tournament, path: str, item: dict, new_tokens: bool) -> None:
        status = checked(item, "status", "str", path)
        method = checked(item, "method", "str", path)
        if status not in Round.Status.values:
            raise problem_at(f"{path}.status", _("ist kein bekannter Status"))
        if method and method not in Round.Method.values:
            raise problem_at(f"{path}.method", _("ist kein bekanntes Verfahren"))
        round_ = Round.objects.create(
            tournament=tournament,
            number=checked(item, "number", "int", path),
            status=status,
            method=method,
            seed=checked(item, "seed", "int", path, null=True),
            lots=self.lots(checked(item, "lots", "list", path), f"{path}.lots"),
            slips=self.slips(checked(item, "slips", "dict", path), f"{path}.slips"),
            released_at=checked(item, "released_at", "datetime", path, null=True),
            closed_at=checked(item, "closed_at", "datetime", path, null=True),
        )
        self.keep_time(
            round_, "created_at", checked(item, "created_at", "datetime", path, null=True)
        )
        for table_path, table_item in checked_items(item, "tables", path):
            self.table(round_, table_path, table_item, new_tokens)

    def lots(self, lots: list, path: str) -> list:
        restored = []
        for index, lot in enumerate(lots):
            where = f"{path}[{index}]"
            if not isinstance(lot, dict):
                raise problem_at(where, _("muss ein Objekt sein"))
            lot = dict(lot)
            for key in ("participants", "order"):
                members = checked(lot, key, "list", where)
                lot[key] = [
                    self.participant(pid, f"{where}.{key}[{i}]").pk for i, pid in enumerate(members)
                ]
            restored.append(lot)
        return restored

    def slips(self, slips: dict, path: str) -> dict:
        restored = {}
        for key, number in slips.items():
            where = f"{path}.{key}"
            pid = int(key) if key.isdigit() else key
            if not is_int(number):
                raise problem_at(where, _("muss eine ganze Zahl sein"))
            restored[str(self.participant(pid, where).pk)] = number
        return restored

    def table(self, round_: Round, path: str, item: dict, new_tokens: bool) -> None:
        token = checked(item, "entry_token", "str", path)
        table = Table.objects.create(
            round=round_,
            number=checked(item, "number", "int", path),
            entry_token=new_entry_token() if new_tokens else token,
            token_revoked=checked(item, "token_revoked", "bool", path),
        )
        seats = {}
        rows = []
        for seat_path, seat in checked_items(item, "seats", path):
            number = checked(seat, "number", "int", seat_path)
            participant = self.participant(
                checked(seat, "participant", "int", seat_path), f"{seat_path}.participant"
            )
            seats[number] = participant
            rows.append(Seat(round=round_, table=table, participant=participant, number=number))
        Seat.objects.bulk_create(rows)
        sheet = checked(item, "sheet", "dict", path, null=True)
        if sheet is not None:
            self.sheet(round_, table, f"{path}.sheet", sheet)

    def sheet(self, round_: Round, table: Table, path: str, item: dict) -> None:
        status = checked(item, "status", "str", path)
        if status not in Sheet.Status.values:
            raise problem_at(f"{path}.status", _("ist kein bekannter Status"))
        sheet = Sheet.objects.create(
            table=table,
            round=round_,
            status=status,
            revision=checked(item, "revision", "int", path),
            closed_after_game=checked(item, "closed_after_game", "int", path, null=True),
            close_note=checked(item, "close_note", "str", path),
            return_comment=checked(item, "return_comment", "str", path),
        )
        self.keep_time(
            sheet, "updated_at", checked(item, "updated_at", "datetime", path, null=True)
        )
        games = []
        for version_path, version_item in checked_items(item, "versions", path):
            source = checked(version_item, "source", "str", version_path)
            if source not in SheetVersion.Source.values:
                raise problem_at(f"{version_path}.source", _("ist keine bekannte Quelle"))
            version = SheetVersion.objects.create(
                sheet=sheet,
                number=checked(version_item, "number", "int", version_path),
                source=source,
                created_by=self.account(
                    checked(version_item, "created_by", "str", version_path, null=True)
                ),
                submitted=checked(version_item, "submitted", "bool", version_path),
                confirmed=checked(version_item, "confirmed", "bool", version_path),
                confirmed_at=checked(
                    version_item, "confirmed_at", "datetime", version_path, null=True
                ),
                confirmed_by=self.account(
                    checked(version_item, "confirmed_by", "str", version_path, null=True)
                ),
            )
            self.keep_time(
                version,
                "created_at",
                checked(version_item, "created_at", "datetime", version_path, null=True),
            )
            for game_path, game in checked_items(version_item, "games", version_path):
                games.append(Game(version=version, **checked_game(game, game_path)))
        Game.objects.bulk_create(games)
        lines = []
        for line_path, line in checked_items(item, "score_lines", path):
            lines.append(
                ScoreLine(
                    sheet=sheet,
                    round=round_,
                    participant=self.participant(
                        checked(line, "participant", "int", line_path), f"{line_path}.participant"
                    ),
                    game_number=checked(line, "game", "int", line_path),
                    seat=checked(line, "seat", "int", line_path),
                    points=checked(line, "points", "int", line_path),
                    won=checked(line, "won", "bool", line_path),
                    soloist=checked(line, "soloist", "bool", line_path),
                )
            )
        ScoreLine.objects.bulk_create(lines)

    def audit_entries(self, tournament: Tournament) -> None:
        entries = []
        times = []
        for path, item in checked_items(self.data, "audit", ""):
            action = checked(item, "action", "str", path)
            if action not in AuditEntry.Action.values:
                raise problem_at(f"{path}.action", _("ist keine bekannte Aktion"))
            username = checked(item, "user", "str", path, null=True)
            actor = checked(item, "actor", "str", path) or (username or "")
            entries.append(
                AuditEntry(
                    tournament=tournament,
                    user=self.account(username),
                    actor=actor[:120],
                    action=action,
                    summary=checked(item, "summary", "str", path)[:300],
                    reason=checked(item, "reason", "str", path),
                    details=checked(item, "details", "dict", path),
                )
            )
            times.append(checked(item, "created_at", "datetime", path))
        for entry, created_at in zip(AuditEntry.objects.bulk_create(entries), times, strict=True):
            self.keep_time(entry, "created_at", created_at)


def _validate(obj: Any, path: str, *, exclude: list[str]) -> None:
    """The model's own field checks (choices, lengths, check constraints), named by place."""
    try:
        obj.full_clean(exclude=exclude, validate_unique=False)
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise problem_at(f"{path}.{field}", "– " + " ".join(messages)) from error


@transaction.atomic
def import_tournament(
    data: Mapping[str, Any], *, slug: str | None = None, user: User = None
) -> Tournament:
    """Restore a document of ``export_tournament``; under ``slug`` if given (a copy).

    Raises ``BackupError`` (and writes nothing) for a malformed document or a slug in use.
    """
    if not isinstance(data, Mapping):
        raise BackupError(_("Die Datei ist keine Turniersicherung (kein JSON-Objekt)."))
    check_format(data)
    try:
        with transaction.atomic():
            return _Restorer(data, slug, user).run()
    except IntegrityError as error:
        raise BackupError(
            _("Die Sicherung ist widersprüchlich und wurde nicht eingelesen (%(reason)s).")
            % {"reason": error}
        ) from error
    except (ValueError, TypeError, OverflowError, DataError, KeyError) as error:
        # Values of the right JSON type but impossible content: a 30 February, a number too
        # large for its column, a key that is not a number.
        raise BackupError(
            _("Die Sicherung enthält ungültige Werte und wurde nicht eingelesen (%(reason)s).")
            % {"reason": f"{error.__class__.__name__}: {error}"[:200]}
        ) from error
    except DomainError as error:
        raise BackupError(error.message) from error
