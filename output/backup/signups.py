"""The online sign-up (``tournament.signup``) in the backup document.

Two optional parts, so that format version 1 stays as it was and a backup from before them
restores without a sign-up (as it did):

- ``signup_settings``: ``{"enabled", "opens_at", "closes_at", "cap", "ask_club",
  "ask_ddv_number", "ask_contact", "ask_remark", "make_members"}``, or absent / null;
- ``signups``: ``[{"name", "club", "ddv_number", "contact", "remark", "status", "position",
  "token", "short_code", "moved_up_at", "cancelled_at", "no_show", "participant",
  "created_at"}]``, ``participant`` the document's id of who the sign-up became, or null.

Restored under a new short name, or where a personal link or short code is taken already, the
sign-ups get new links and codes (the old ones keep opening the original's).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from output.backup.document import (
    INT32,
    checked,
    checked_items,
    duplicate,
    length,
    problem_at,
)
from tournament.models import (
    SHORT_CODE_ALPHABET,
    SHORT_CODE_LENGTH,
    SIGNUP_CAP_LIMITS,
    Signup,
    SignupSettings,
    Tournament,
    new_entry_token,
    new_short_code,
)
from tournament.normalize import normalize_name

TEXT_FIELDS = ("name", "club", "ddv_number", "contact", "remark")
TIME_FIELDS = ("moved_up_at", "cancelled_at")
SETTINGS_TIMES = ("opens_at", "closes_at")
SETTINGS_SWITCHES = tuple(
    name for name in SignupSettings.FIELDS if name not in (*SETTINGS_TIMES, "cap")
)


def _iso(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_signup_settings(tournament: Tournament) -> dict[str, Any] | None:
    settings = SignupSettings.objects.filter(tournament=tournament).first()
    if settings is None:
        return None
    row = {name: getattr(settings, name) for name in SignupSettings.FIELDS}
    row.update({name: _iso(row[name]) for name in SETTINGS_TIMES})
    return row


def export_signups(tournament: Tournament) -> list[dict[str, Any]]:
    return [
        {
            **{name: getattr(signup, name) for name in TEXT_FIELDS},
            "status": signup.status,
            "position": signup.position,
            "token": signup.token,
            "short_code": signup.short_code,
            **{name: _iso(getattr(signup, name)) for name in TIME_FIELDS},
            "no_show": signup.no_show,
            "participant": signup.participant_id,
            "created_at": _iso(signup.created_at),
        }
        for signup in tournament.signups.order_by("pk")
    ]


def read_signup_settings(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The checked ``signup_settings`` part (None when the document has none)."""
    if data.get("signup_settings") is None:
        return None
    path = "signup_settings"
    item = checked(data, path, "dict", "")
    values = {name: checked(item, name, "bool", path) for name in SETTINGS_SWITCHES}
    for name in SETTINGS_TIMES:
        values[name] = checked(item, name, "datetime", path, null=True)
    values["cap"] = checked(item, "cap", "int", path, null=True, span=SIGNUP_CAP_LIMITS)
    if values["opens_at"] and values["closes_at"] and values["closes_at"] <= values["opens_at"]:
        raise problem_at(f"{path}.closes_at", _("muss nach „opens_at“ liegen"))
    return values


def read_signups(
    data: Mapping[str, Any], participant: Callable[[Any, str], int]
) -> list[tuple[dict[str, Any], datetime.datetime | None]]:
    """The checked ``signups`` (none in backups from before them); ``participant`` checks a
    reference to the document's participants."""
    rows = []
    seen: dict[str, dict[Any, str]] = {"token": {}, "short_code": {}, "participant": {}}
    for path, item in checked_items({"signups": []} | dict(data), "signups", ""):
        values: dict[str, Any] = {}
        for name in TEXT_FIELDS:
            value = checked(
                item, name, "str", path, max_length=length(Signup, name), blank=name != "name"
            )
            if name != "remark" and normalize_name(value) != value:
                raise problem_at(
                    f"{path}.{name}", _("enthält Steuerzeichen oder überzählige Leerzeichen")
                )
            values[name] = value
        values["status"] = checked(item, "status", "str", path, choices=Signup.Status.values)
        values["position"] = checked(item, "position", "int", path, span=INT32)
        values["token"] = checked(
            item, "token", "str", path, max_length=length(Signup, "token"), blank=False
        )
        if not values["token"].isascii() or not all(
            char.isalnum() or char in "-_" for char in values["token"]
        ):
            raise problem_at(
                f"{path}.token", _("darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten")
            )
        code = checked(item, "short_code", "str", path)
        if len(code) != SHORT_CODE_LENGTH or any(char not in SHORT_CODE_ALPHABET for char in code):
            raise problem_at(
                f"{path}.short_code",
                _("muss %(n)d Zeichen aus „%(alphabet)s“ haben")
                % {"n": SHORT_CODE_LENGTH, "alphabet": SHORT_CODE_ALPHABET},
            )
        values["short_code"] = code
        for name in TIME_FIELDS:
            values[name] = checked(item, name, "datetime", path, null=True)
        values["no_show"] = checked(item, "no_show", "bool", path)
        pid = checked(item, "participant", "int", path, null=True)
        values["participant"] = None if pid is None else participant(pid, f"{path}.participant")
        for name in seen:
            if values[name] is not None and values[name] in seen[name]:
                raise duplicate(f"{path}.{name}", seen[name][values[name]])
            seen[name][values[name]] = f"{path}.{name}"
        rows.append((values, checked(item, "created_at", "datetime", path, null=True)))
    return rows


def restore_signups(
    tournament: Tournament,
    settings: dict[str, Any] | None,
    signups: list[tuple[dict[str, Any], datetime.datetime | None]],
    people: dict[int, int],
    *,
    new_codes: bool,
    keep_time: Callable[[Any, str, datetime.datetime | None], None],
) -> None:
    """Write the plan's parts; ``people``: the document's participant id → the new pk."""
    if settings is not None:
        SignupSettings.objects.create(tournament=tournament, **settings)
    if not signups:
        return
    taken = new_codes or (
        Signup.objects.filter(token__in=[values["token"] for values, _time in signups]).exists()
        or Signup.objects.filter(
            short_code__in=[values["short_code"] for values, _time in signups]
        ).exists()
    )
    rows = Signup.objects.bulk_create(
        Signup(
            tournament=tournament,
            participant_id=None if pid is None else people[pid],
            **fields
            | ({"token": new_entry_token(), "short_code": new_short_code()} if taken else {}),
        )
        for pid, fields in (
            (values["participant"], {k: v for k, v in values.items() if k != "participant"})
            for values, _time in signups
        )
    )
    for row, (_values, created_at) in zip(rows, signups, strict=True):
        keep_time(row, "created_at", created_at)
