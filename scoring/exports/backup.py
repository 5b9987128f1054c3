"""Backup and restore: a whole tournament as one JSON document, and back into a database.

The document (``FORMAT``, version ``FORMAT_VERSION``) holds the tournament's settings, its
participants, every round with seed, method, lots, slips and status, the tables with seats and
entry tokens, every sheet with its status, revision and notes and *all* its versions with their
games (the record as entered and what the rules engine made of it), the score lines of the
confirmed versions, and the audit log. Rows refer to participants by the ``id`` they had in the
exporting database; restoring maps those to the new rows (also inside lots and slips). The
``details`` of audit entries are kept as written: ids in them refer to the original database.

Restoring writes everything in one transaction or nothing: the document is checked first and a
malformed one is refused with a message naming the place (``rounds[1].tables[0].seats[2]``) and
the problem. Users are stored by username and mapped back to existing users of the same name
(else left empty; the audit log keeps the name as its actor). Entry tokens stay the same when a
tournament is restored under its own slug and the tokens are free; under a new slug (a copy next
to the original) every table gets a new token, so that old links cannot reach the copy.

Score lines are restored as stored rather than recomputed, so that a restored tournament shows
exactly the standings of the original even if the rules engine has changed since.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.models import Game, ScoreLine, Sheet, SheetVersion
from tournament.audit import record as audit
from tournament.errors import DomainError
from tournament.models import (
    AuditEntry,
    Participant,
    Round,
    Seat,
    Table,
    Tournament,
    new_entry_token,
)
from tournament.services import RESERVED_SLUGS, User, validate_settings

FORMAT = "doko-turnier-sicherung"
FORMAT_VERSION = 1

TOURNAMENT_FIELDS = ("name", *Tournament.SETTINGS_FIELDS)
GAME_FIELDS = (
    "number",
    "record",
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


class BackupError(DomainError):
    """A backup file that cannot be restored; nothing was written."""


# ---------------------------------------------------------------------------- export


def _when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything of ``tournament`` as JSON-ready data (see the module docstring)."""
    settings = {field: getattr(tournament, field) for field in TOURNAMENT_FIELDS}
    settings.update(
        slug=tournament.slug,
        date=tournament.date.isoformat(),
        created_at=_when(tournament.created_at),
    )
    participants = [
        {
            "id": participant.pk,
            "name": participant.name,
            "club": participant.club,
            "checked_in": participant.checked_in,
            "withdrawn": participant.withdrawn,
            "created_at": _when(participant.created_at),
        }
        for participant in tournament.participants.order_by("pk")
    ]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _when(timezone.now()),
        "tournament": settings,
        "participants": participants,
        "rounds": [_export_round(round_) for round_ in _rounds(tournament)],
        "audit": [
            {
                "created_at": _when(entry.created_at),
                "user": _username(entry.user),
                "actor": entry.actor,
                "action": entry.action,
                "summary": entry.summary,
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
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("number")))
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
        "released_at": _when(round_.released_at),
        "closed_at": _when(round_.closed_at),
        "created_at": _when(round_.created_at),
        "tables": [_export_table(table) for table in round_.tables.all()],
    }


def _export_table(table: Table) -> dict[str, Any]:
    sheet = getattr(table, "sheet", None)
    return {
        "number": table.number,
        "entry_token": table.entry_token,
        "token_revoked": table.token_revoked,
        "seats": [
            {"number": seat.number, "participant": seat.participant_id}
            for seat in table.seats.all()
        ],
        "sheet": _export_sheet(sheet) if sheet is not None else None,
    }


def _export_sheet(sheet: Sheet) -> dict[str, Any]:
    return {
        "status": sheet.status,
        "revision": sheet.revision,
        "closed_after_game": sheet.closed_after_game,
        "close_note": sheet.close_note,
        "return_comment": sheet.return_comment,
        "updated_at": _when(sheet.updated_at),
        "versions": [
            {
                "number": version.number,
                "source": version.source,
                "created_at": _when(version.created_at),
                "created_by": _username(version.created_by),
                "submitted": version.submitted,
                "confirmed": version.confirmed,
                "confirmed_at": _when(version.confirmed_at),
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


def dumps(data: Mapping[str, Any]) -> str:
    """The document as JSON text (UTF-8 names stay readable)."""
    return json.dumps(data, ensure_ascii=False, indent=1)


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse a backup file; ``BackupError`` if it is not a JSON object."""
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError) as error:
        raise BackupError(
            _("Die Datei ist keine gültige JSON-Datei (%(reason)s).") % {"reason": error}
        ) from error
    if not isinstance(data, dict):
        raise BackupError(_("Die Datei ist keine Turniersicherung (kein JSON-Objekt)."))
    return data


# ---------------------------------------------------------------------------- checking

_MISSING = object()


def _fail(path: str, problem: str) -> BackupError:
    return BackupError(
        _("Die Sicherung ist fehlerhaft: „%(path)s“ %(problem)s.")
        % {"path": path, "problem": problem}
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _datetime(value: Any) -> datetime.datetime | None:
    if not isinstance(value, str):
        return None
    parsed = parse_datetime(value)
    if parsed is not None and timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, datetime.UTC)
    return parsed


KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "str": (lambda v: isinstance(v, str), gettext_noop("muss ein Text sein")),
    "int": (_is_int, gettext_noop("muss eine ganze Zahl sein")),
    "bool": (lambda v: isinstance(v, bool), gettext_noop("muss true oder false sein")),
    "list": (lambda v: isinstance(v, list), gettext_noop("muss eine Liste sein")),
    "dict": (lambda v: isinstance(v, dict), gettext_noop("muss ein Objekt sein")),
    "datetime": (
        lambda v: _datetime(v) is not None,
        gettext_noop("muss ein Zeitpunkt (ISO 8601) sein"),
    ),
    "date": (
        lambda v: isinstance(v, str) and parse_date(v) is not None,
        gettext_noop("muss ein Datum (JJJJ-MM-TT) sein"),
    ),
}


def _get(obj: Mapping[str, Any], key: str, kind: str, path: str, *, null: bool = False) -> Any:
    """``obj[key]``, checked to be of ``kind`` (or None where ``null``)."""
    value = obj.get(key, _MISSING)
    where = f"{path}.{key}" if path else key
    if value is _MISSING:
        raise _fail(where, _("fehlt"))
    if value is None:
        if null:
            return None
        raise _fail(where, _("darf nicht leer (null) sein"))
    check, problem = KINDS[kind]
    if not check(value):
        raise _fail(where, _(problem))
    if kind == "datetime":
        return _datetime(value)
    if kind == "date":
        return parse_date(value)
    return value


def _items(obj: Mapping[str, Any], key: str, path: str) -> list[tuple[str, dict[str, Any]]]:
    """The objects of the list ``obj[key]``, each with its path."""
    values = _get(obj, key, "list", path)
    where = f"{path}.{key}" if path else key
    items = []
    for index, item in enumerate(values):
        item_path = f"{where}[{index}]"
        if not isinstance(item, dict):
            raise _fail(item_path, _("muss ein Objekt sein"))
        items.append((item_path, item))
    return items


def check_format(data: Mapping[str, Any]) -> None:
    """Refuse anything that is not a backup of a format version this code reads."""
    if data.get("format") != FORMAT:
        raise BackupError(
            _(
                "Die Datei ist keine Turniersicherung von Doko-Turnier "
                "(Feld „format“ fehlt oder ist falsch)."
            )
        )
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise BackupError(
            _("Die Sicherung hat die Formatversion %(found)s; gelesen wird Version %(expected)d.")
            % {"found": json.dumps(version), "expected": FORMAT_VERSION}
        )


# ---------------------------------------------------------------------------- import


class _Restorer:
    """Reads the document and writes rows; every check names its place in the document."""

    def __init__(self, data: Mapping[str, Any], slug: str | None, user: User) -> None:
        self.data = data
        self.user = user
        self.people: dict[int, Participant] = {}
        self.users: dict[str, Any] = {}
        settings = _get(data, "tournament", "dict", "")
        self.original_slug = _get(settings, "slug", "str", "tournament")
        self.slug = slug or self.original_slug
        self.timestamps: dict[type, list[tuple[Any, str, datetime.datetime]]] = {}

    # --- helpers

    def participant(self, value: Any, path: str) -> Participant:
        if not _is_int(value) or value not in self.people:
            raise _fail(
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
        for path, item in _items(self.data, "rounds", ""):
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
            for entry in _dicts(self.data.get("audit"))
            if isinstance(value := entry.get("user"), str)
        }
        for version in _versions(self.data):
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
            for table in _tables(self.data)
            if isinstance(token := table.get("entry_token"), str)
        ]
        return Table.objects.filter(entry_token__in=tokens).exists()

    def tournament(self) -> Tournament:
        path = "tournament"
        settings = _get(self.data, "tournament", "dict", "")
        kinds = {
            "name": "str",
            "venue": "str",
            "rounds_count": "int",
            "cycles": "int",
            "deck": "int",
        }
        values = {
            field: _get(settings, field, kinds.get(field, "bool"), path)
            for field in TOURNAMENT_FIELDS
        }
        tournament = Tournament(slug=self.slug, date=_get(settings, "date", "date", path), **values)
        _validate(tournament, path, exclude=["slug"])
        validate_settings(tournament)
        tournament.save()
        self.keep_time(
            tournament, "created_at", _get(settings, "created_at", "datetime", path, null=True)
        )
        return tournament

    def participants(self, tournament: Tournament) -> None:
        rows = []
        ids = []
        for path, item in _items(self.data, "participants", ""):
            key = _get(item, "id", "int", path)
            if key in ids:
                raise _fail(f"{path}.id", _("kommt doppelt vor"))
            participant = Participant(
                tournament=tournament,
                name=_get(item, "name", "str", path),
                club=_get(item, "club", "str", path),
                checked_in=_get(item, "checked_in", "bool", path),
                withdrawn=_get(item, "withdrawn", "bool", path),
            )
            _validate(participant, path, exclude=["tournament"])
            ids.append(key)
            rows.append((participant, _get(item, "created_at", "datetime", path, null=True)))
        created = Participant.objects.bulk_create([participant for participant, _when in rows])
        for key, participant, (_row, created_at) in zip(ids, created, rows, strict=True):
            self.people[key] = participant
            self.keep_time(participant, "created_at", created_at)

    def round(self, tournament: Tournament, path: str, item: dict, new_tokens: bool) -> None:
        status = _get(item, "status", "str", path)
        method = _get(item, "method", "str", path)
        if status not in Round.Status.values:
            raise _fail(f"{path}.status", _("ist kein bekannter Status"))
        if method and method not in Round.Method.values:
            raise _fail(f"{path}.method", _("ist kein bekanntes Verfahren"))
        round_ = Round.objects.create(
            tournament=tournament,
            number=_get(item, "number", "int", path),
            status=status,
            method=method,
            seed=_get(item, "seed", "int", path, null=True),
            lots=self.lots(_get(item, "lots", "list", path), f"{path}.lots"),
            slips=self.slips(_get(item, "slips", "dict", path), f"{path}.slips"),
            released_at=_get(item, "released_at", "datetime", path, null=True),
            closed_at=_get(item, "closed_at", "datetime", path, null=True),
        )
        self.keep_time(round_, "created_at", _get(item, "created_at", "datetime", path, null=True))
        for table_path, table_item in _items(item, "tables", path):
            self.table(round_, table_path, table_item, new_tokens)

    def lots(self, lots: list, path: str) -> list:
        restored = []
        for index, lot in enumerate(lots):
            where = f"{path}[{index}]"
            if not isinstance(lot, dict):
                raise _fail(where, _("muss ein Objekt sein"))
            lot = dict(lot)
            for key in ("participants", "order"):
                members = _get(lot, key, "list", where)
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
            if not _is_int(number):
                raise _fail(where, _("muss eine ganze Zahl sein"))
            restored[str(self.participant(pid, where).pk)] = number
        return restored

    def table(self, round_: Round, path: str, item: dict, new_tokens: bool) -> None:
        token = _get(item, "entry_token", "str", path)
        table = Table.objects.create(
            round=round_,
            number=_get(item, "number", "int", path),
            entry_token=new_entry_token() if new_tokens else token,
            token_revoked=_get(item, "token_revoked", "bool", path),
        )
        seats = {}
        rows = []
        for seat_path, seat in _items(item, "seats", path):
            number = _get(seat, "number", "int", seat_path)
            participant = self.participant(
                _get(seat, "participant", "int", seat_path), f"{seat_path}.participant"
            )
            seats[number] = participant
            rows.append(Seat(round=round_, table=table, participant=participant, number=number))
        Seat.objects.bulk_create(rows)
        sheet = _get(item, "sheet", "dict", path, null=True)
        if sheet is not None:
            self.sheet(round_, table, f"{path}.sheet", sheet)

    def sheet(self, round_: Round, table: Table, path: str, item: dict) -> None:
        status = _get(item, "status", "str", path)
        if status not in Sheet.Status.values:
            raise _fail(f"{path}.status", _("ist kein bekannter Status"))
        sheet = Sheet.objects.create(
            table=table,
            round=round_,
            status=status,
            revision=_get(item, "revision", "int", path),
            closed_after_game=_get(item, "closed_after_game", "int", path, null=True),
            close_note=_get(item, "close_note", "str", path),
            return_comment=_get(item, "return_comment", "str", path),
        )
        self.keep_time(sheet, "updated_at", _get(item, "updated_at", "datetime", path, null=True))
        games = []
        for version_path, version_item in _items(item, "versions", path):
            source = _get(version_item, "source", "str", version_path)
            if source not in SheetVersion.Source.values:
                raise _fail(f"{version_path}.source", _("ist keine bekannte Quelle"))
            version = SheetVersion.objects.create(
                sheet=sheet,
                number=_get(version_item, "number", "int", version_path),
                source=source,
                created_by=self.account(
                    _get(version_item, "created_by", "str", version_path, null=True)
                ),
                submitted=_get(version_item, "submitted", "bool", version_path),
                confirmed=_get(version_item, "confirmed", "bool", version_path),
                confirmed_at=_get(
                    version_item, "confirmed_at", "datetime", version_path, null=True
                ),
                confirmed_by=self.account(
                    _get(version_item, "confirmed_by", "str", version_path, null=True)
                ),
            )
            self.keep_time(
                version,
                "created_at",
                _get(version_item, "created_at", "datetime", version_path, null=True),
            )
            for game_path, game in _items(version_item, "games", version_path):
                games.append(Game(version=version, **_game_fields(game, game_path)))
        Game.objects.bulk_create(games)
        lines = []
        for line_path, line in _items(item, "score_lines", path):
            lines.append(
                ScoreLine(
                    sheet=sheet,
                    round=round_,
                    participant=self.participant(
                        _get(line, "participant", "int", line_path), f"{line_path}.participant"
                    ),
                    game_number=_get(line, "game", "int", line_path),
                    seat=_get(line, "seat", "int", line_path),
                    points=_get(line, "points", "int", line_path),
                    won=_get(line, "won", "bool", line_path),
                    soloist=_get(line, "soloist", "bool", line_path),
                )
            )
        ScoreLine.objects.bulk_create(lines)

    def audit_entries(self, tournament: Tournament) -> None:
        entries = []
        times = []
        for path, item in _items(self.data, "audit", ""):
            action = _get(item, "action", "str", path)
            if action not in AuditEntry.Action.values:
                raise _fail(f"{path}.action", _("ist keine bekannte Aktion"))
            username = _get(item, "user", "str", path, null=True)
            actor = _get(item, "actor", "str", path) or (username or "")
            entries.append(
                AuditEntry(
                    tournament=tournament,
                    user=self.account(username),
                    actor=actor[:120],
                    action=action,
                    summary=_get(item, "summary", "str", path)[:300],
                    reason=_get(item, "reason", "str", path),
                    details=_get(item, "details", "dict", path),
                )
            )
            times.append(_get(item, "created_at", "datetime", path))
        for entry, created_at in zip(AuditEntry.objects.bulk_create(entries), times, strict=True):
            self.keep_time(entry, "created_at", created_at)


def _dicts(value: Any) -> list[dict[str, Any]]:
    """The objects of a list that may not be one (before the document is checked in detail)."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _tables(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        table for round_ in _dicts(data.get("rounds")) for table in _dicts(round_.get("tables"))
    ]


def _versions(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        version
        for table in _tables(data)
        if isinstance(sheet := table.get("sheet"), dict)
        for version in _dicts(sheet.get("versions"))
    ]


def _game_fields(game: Mapping[str, Any], path: str) -> dict[str, Any]:
    kinds = {
        "number": ("int", False),
        "record": ("dict", False),
        "method": ("str", False),
        "kind": ("str", False),
        "value": ("int", True),
        "winner": ("str", False),
        "plus": ("list", False),
        "points": ("dict", False),
        "breakdown": ("list", False),
        "warnings": ("list", False),
        "soloist": ("int", True),
    }
    return {
        field: _get(game, field, kind, path, null=null) for field, (kind, null) in kinds.items()
    }


def _validate(obj: Any, path: str, *, exclude: list[str]) -> None:
    """The model's own field checks (choices, lengths, check constraints), named by place."""
    try:
        obj.full_clean(exclude=exclude, validate_unique=False)
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise _fail(f"{path}.{field}", "– " + " ".join(messages)) from error


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
