"""The backup document: its format, reading it as JSON, and the checks that name each place.

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

from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.errors import DomainError
from tournament.models import (
    Tournament,
)

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


def problem_at(path: str, problem: str) -> BackupError:
    return BackupError(
        _("Die Sicherung ist fehlerhaft: „%(path)s“ %(problem)s.")
        % {"path": path, "problem": problem}
    )


def is_int(value: Any) -> bool:
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
    "int": (is_int, gettext_noop("muss eine ganze Zahl sein")),
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


def checked(obj: Mapping[str, Any], key: str, kind: str, path: str, *, null: bool = False) -> Any:
    """``obj[key]``, checked to be of ``kind`` (or None where ``null``)."""
    value = obj.get(key, _MISSING)
    where = f"{path}.{key}" if path else key
    if value is _MISSING:
        raise problem_at(where, _("fehlt"))
    if value is None:
        if null:
            return None
        raise problem_at(where, _("darf nicht leer (null) sein"))
    check, problem = KINDS[kind]
    if not check(value):
        raise problem_at(where, _(problem))
    if kind == "datetime":
        return _datetime(value)
    if kind == "date":
        return parse_date(value)
    return value


def checked_items(obj: Mapping[str, Any], key: str, path: str) -> list[tuple[str, dict[str, Any]]]:
    """The objects of the list ``obj[key]``, each with its path."""
    values = checked(obj, key, "list", path)
    where = f"{path}.{key}" if path else key
    items = []
    for index, item in enumerate(values):
        item_path = f"{where}[{index}]"
        if not isinstance(item, dict):
            raise problem_at(item_path, _("muss ein Objekt sein"))
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


def dicts_in(value: Any) -> list[dict[str, Any]]:
    """The objects of a list that may not be one (before the document is checked in detail)."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def tables_in(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        table for round_ in dicts_in(data.get("rounds")) for table in dicts_in(round_.get("tables"))
    ]


def versions_in(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        version
        for table in tables_in(data)
        if isinstance(sheet := table.get("sheet"), dict)
        for version in dicts_in(sheet.get("versions"))
    ]


def checked_game(game: Mapping[str, Any], path: str) -> dict[str, Any]:
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
        field: checked(game, field, kind, path, null=null) for field, (kind, null) in kinds.items()
    }
