"""The backup document: its format, reading it as JSON, and the checks that name each place.

The document (``FORMAT``, version ``FORMAT_VERSION``) holds the tournament's settings, its
participants, every round with seed, method, lots, slips and status, the tables with seats and
entry tokens, every sheet with its status, revision and notes and *all* its versions with their
games (the record as entered and what the rules engine made of it), the score lines of the
confirmed versions, the audit log, and (optional, ``output.backup.prizes``) the entry fees, who
paid what, and the prize table, and (optional, ``output.backup.signups``) the online
sign-up's settings and sign-ups. Rows refer to participants by the ``id`` they had in the
exporting database; restoring maps those to the new rows (also inside lots and slips). The
``details`` of audit entries are kept as written: ids in them refer to the original database.

Restoring (``output.backup.restore``) first checks the whole document
(``output.backup.validate``) and writes nothing until every check has passed; the first problem
is named with its place (``rounds[1].tables[0].seats[2].participant``). This module holds the
checks every part of that uses: the size of the file (``MAX_BYTES``), the nesting depth
(``MAX_DEPTH``, also when ``json`` itself would give up with a ``RecursionError``), and one walk
over every value (``check_values``) for what a database would refuse or store differently: NUL
and other control characters, lone surrogates, numbers beyond 64 bits, NaN and infinities.

The games' results and the score lines in the document are not restored as written: the rules
engine scores every stored record again (``output.backup.recompute``, which says what happens
when they differ). A restored tournament shows the standings its records give today.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.errors import DomainError
from tournament.models import Tournament

FORMAT = "doko-turnier-sicherung"
FORMAT_VERSION = 1

# A 400-player tournament of two rounds is about 4.5 MB; ten rounds with several saves per
# sheet stay well below this.
MAX_BYTES = 50 * 1024 * 1024
# The document's own structure is 14 levels deep (rounds → tables → sheet → versions → games →
# record → statements …); audit details and records get the rest.
MAX_DEPTH = 24
# What a BigIntegerField holds on every database (SQLite's INTEGER, PostgreSQL's bigint).
INT64 = (-(2**63), 2**63 - 1)
# Dates and times as the pages can show and convert them (a year 9999 in UTC overflows in local
# time).
YEARS = (1900, 2999)
# The columns' ranges and lengths on SQLite *and* PostgreSQL, for the checks of ``validate``.
SMALL = (0, 32767)  # a PositiveSmallIntegerField on PostgreSQL
POINTS = (-32768, 32767)  # a SmallIntegerField
INT32 = (0, 2**31 - 1)  # a PositiveIntegerField
USERNAME_LENGTH = 150

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
# What the rules engine makes of a record (recomputed on restore, never taken from the file).
ENGINE_FIELDS = GAME_FIELDS[2:]


class BackupError(DomainError):
    """A backup file that cannot be restored; nothing was written."""


def dumps(data: Mapping[str, Any]) -> str:
    """The document as JSON text (UTF-8 names stay readable)."""
    return json.dumps(data, ensure_ascii=False, indent=1)


def too_large(size: int) -> BackupError:
    return BackupError(
        _("Die Datei ist zu groß (%(size)s MB; höchstens %(limit)s MB).")
        % {"size": f"{size / 2**20:.1f}", "limit": MAX_BYTES // 2**20}
    )


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse a backup file; ``BackupError`` if it is too large, too deep or not a JSON object."""
    if len(text) > MAX_BYTES:
        raise too_large(len(text))
    try:
        data = json.loads(text)
    except RecursionError as error:
        raise BackupError(
            _(
                "Die Datei ist zu tief verschachtelt (mehr als %(limit)d Ebenen) und keine "
                "Turniersicherung."
            )
            % {"limit": MAX_DEPTH}
        ) from error
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


def expect_number(value: int, expected: int, path: str) -> None:
    if value != expected:
        raise problem_at(
            path, _("muss %(expected)d sein (fortlaufend nummeriert)") % {"expected": expected}
        )


def duplicate(path: str, other: str) -> Exception:
    return problem_at(path, _("kommt doppelt vor (wie „%(other)s“)") % {"other": other})


def length(model: type, name: str) -> int:
    return model._meta.get_field(name).max_length


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# C0 control characters other than tab and line breaks: PostgreSQL refuses NUL where SQLite
# stores it, and spreadsheets refuse them all. Lone surrogates cannot be written as UTF-8.
_BAD_CHARACTERS = re.compile("[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ud800-\\udfff]")


def _value_problem(value: Any) -> str | None:
    """What a database could not store as this JSON value, or None."""
    if isinstance(value, str):
        if _BAD_CHARACTERS.search(value):
            return _("enthält Steuerzeichen oder ungültige Zeichen")
    elif isinstance(value, bool) or value is None:
        return None
    elif isinstance(value, int):
        if not INT64[0] <= value <= INT64[1]:
            return _("ist eine zu große Zahl (mehr als 64 Bit)")
    elif isinstance(value, float):
        if not math.isfinite(value):
            return _("ist keine endliche Zahl")
    elif not isinstance(value, dict | list):
        return _("ist kein JSON-Wert")
    return None


def check_values(data: Mapping[str, Any]) -> None:
    """One walk over every value of the document, without recursion: nesting depth, strings,
    numbers and keys that a database would refuse or store differently."""
    stack: list[tuple[Any, str, int]] = [(data, "", 1)]
    while stack:
        container, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise problem_at(
                path,
                _("ist zu tief verschachtelt (höchstens %(limit)d Ebenen)") % {"limit": MAX_DEPTH},
            )
        if isinstance(container, dict):
            items = []
            for key, value in container.items():
                where = f"{path}.{key}" if path else str(key)
                if not isinstance(key, str) or _value_problem(key):
                    raise problem_at(where, _("hat einen ungültigen Schlüssel"))
                items.append((where, value))
        else:
            items = [(f"{path}[{index}]", value) for index, value in enumerate(container)]
        for where, value in items:
            problem = _value_problem(value)
            if problem:
                raise problem_at(where, problem)
            if isinstance(value, dict | list):
                stack.append((value, where, depth + 1))


def _in_years(value: datetime.date) -> bool:
    return YEARS[0] <= value.year <= YEARS[1]


def _datetime(value: Any) -> datetime.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = parse_datetime(value)
    except ValueError:  # well-formed but impossible: 30 February, hour 25
        return None
    if parsed is None:
        return None
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, datetime.UTC)
    return parsed if _in_years(parsed) else None


def _date(value: Any) -> datetime.date | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = parse_date(value)
    except ValueError:
        return None
    return parsed if parsed is not None and _in_years(parsed) else None


KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "str": (lambda v: isinstance(v, str), gettext_noop("muss ein Text sein")),
    "int": (is_int, gettext_noop("muss eine ganze Zahl sein")),
    "bool": (lambda v: isinstance(v, bool), gettext_noop("muss true oder false sein")),
    "list": (lambda v: isinstance(v, list), gettext_noop("muss eine Liste sein")),
    "dict": (lambda v: isinstance(v, dict), gettext_noop("muss ein Objekt sein")),
    "datetime": (
        lambda v: _datetime(v) is not None,
        gettext_noop("muss ein Zeitpunkt (ISO 8601, Jahr 1900 bis 2999) sein"),
    ),
    "date": (
        lambda v: _date(v) is not None,
        gettext_noop("muss ein Datum (JJJJ-MM-TT, Jahr 1900 bis 2999) sein"),
    ),
}


def checked(obj: Mapping[str, Any], key: str, kind: str, path: str, **options: Any) -> Any:
    """``obj[key]``, checked by ``checked_value`` (the place is ``path.key``)."""
    return checked_value(obj.get(key, _MISSING), kind, f"{path}.{key}" if path else key, **options)


def _shown(choices: Any) -> str:
    shown = [json.dumps(choice, ensure_ascii=False) for choice in list(choices)[:6]]
    return ", ".join(shown) + (", …" if len(choices) > 6 else "")


def checked_value(
    value: Any,
    kind: str,
    where: str,
    *,
    null: bool = False,
    span: tuple[int, int] = INT64,
    max_length: int | None = None,
    blank: bool = True,
    choices: Any = None,
) -> Any:
    """``value``, checked to be of ``kind`` (or None where ``null``); numbers within ``span``,
    texts at most ``max_length`` long (and not empty unless ``blank``), and one of ``choices``
    where given. Dates and times come back parsed."""
    if value is _MISSING:
        raise problem_at(where, _("fehlt"))
    if value is None:
        if null:
            return None
        raise problem_at(where, _("darf nicht leer (null) sein"))
    check, problem = KINDS[kind]
    if not check(value):
        raise problem_at(where, _(problem))
    if kind == "int" and not span[0] <= value <= span[1]:
        raise problem_at(
            where,
            _("muss zwischen %(low)d und %(high)d liegen") % {"low": span[0], "high": span[1]},
        )
    if kind == "str":
        if max_length is not None and len(value) > max_length:
            raise problem_at(
                where, _("ist zu lang (höchstens %(max)d Zeichen)") % {"max": max_length}
            )
        if not blank and not value.strip():
            raise problem_at(where, _("darf nicht leer sein"))
    if choices is not None and value not in choices:
        raise problem_at(
            where, _("ist keiner der erlaubten Werte (%(choices)s)") % {"choices": _shown(choices)}
        )
    if kind == "datetime":
        return _datetime(value)
    if kind == "date":
        return _date(value)
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
        if is_int(version) and INT64[0] <= version <= INT64[1]:
            found = str(version)
        else:
            found = json.dumps(version[:20]) if isinstance(version, str) else "?"
        raise BackupError(
            _("Die Sicherung hat die Formatversion %(found)s; gelesen wird Version %(expected)d.")
            % {"found": found, "expected": FORMAT_VERSION}
        )
