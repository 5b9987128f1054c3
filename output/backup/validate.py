"""Checking a whole backup document before anything is written; the result is a ``Plan``.

Every value is checked for its JSON type, for a range or length that fits its column on SQLite
*and* PostgreSQL (SQLite would store an overlong name or a seat 40 000 that PostgreSQL refuses,
so both refuse it here, before the database is asked), for its choices, and for the app's own
invariants: rounds numbered 1, 2, … up to the tournament's count with only the last one a draft,
tables numbered 1, 2, … with 4 or 5 seats numbered 1 to 4 or 5, every participant seated at most
once per round, every reference to a participant present in the document, a sheet for every
table of a released round and none in a draft, at most one confirmed version per sheet (exactly
one when the sheet is confirmed, with all its games), every sheet of a closed round confirmed.
The first problem found is raised as a ``BackupError`` naming its place. The score sheets'
checks are in ``output.backup.validate_sheets``, the columns' ranges in ``document``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext as _

import rules as rulesets
from output.backup.clock import read_clock
from output.backup.document import (
    SMALL,
    TOURNAMENT_FIELDS,
    USERNAME_LENGTH,
    check_values,
    checked,
    checked_items,
    checked_value,
    duplicate,
    expect_number,
    length,
    problem_at,
)
from output.backup.plan import Plan, RoundPlan, TablePlan
from output.backup.prizes import read_payment, read_prizes
from output.backup.ruleset import checked_ruleset
from output.backup.signups import read_signup_settings, read_signups
from output.backup.validate_sheets import SheetChecks
from tournament.events.services import RESERVED_SLUGS
from tournament.models import (
    ANNOUNCEMENT_LENGTH,
    ANNOUNCEMENTS_LIMIT,
    AVERAGE_MIN_ROUNDS_LIMITS,
    CYCLES_LIMITS,
    ROUNDS_COUNT_LIMITS,
    SLIDE_FIELDS,
    SLIDE_SECONDS_DEFAULT,
    SLIDE_SECONDS_LIMITS,
    AuditEntry,
    EveningFormat,
    NameChoice,
    Participant,
    PublicNames,
    Round,
    SeatChange,
    SeatingRule,
    Table,
    Tournament,
)
from tournament.normalize import name_key, normalize_name

SLIP_NUMBERS = (0, 9999)  # the slip form takes four digits
TOKEN = re.compile(r"[A-Za-z0-9_-]+")  # entry tokens go into URLs
SLUG_LENGTH = Tournament._meta.get_field("slug").max_length


def validate(data: Mapping[str, Any]) -> Plan:
    """The plan of a well-formed document; ``BackupError`` naming the first problem."""
    check_values(data)
    return _Reader(data).plan()


def _normalised(value: str, path: str) -> str:
    if normalize_name(value) != value:
        raise problem_at(path, _("enthält Steuerzeichen oder überzählige Leerzeichen"))
    return value


class _Reader(SheetChecks):
    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.ids: set[int] = set()
        self.tokens: dict[str, str] = {}
        self.settings: dict[str, Any] = {}
        self.payments: dict[int, int] = {}

    def plan(self) -> Plan:
        path = "tournament"
        item = checked(self.data, path, "dict", "")
        slug = checked(item, "slug", "str", path, max_length=SLUG_LENGTH, blank=False)
        if slugify(slug) != slug or slug in RESERVED_SLUGS:
            raise problem_at(
                f"{path}.slug", _("darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten")
            )
        self.settings = self.tournament(item, path)
        participants = self.participants()
        rounds = [
            self.round(index, round_path, round_item)
            for index, (round_path, round_item) in enumerate(checked_items(self.data, "rounds", ""))
        ]
        for round_ in rounds[:-1]:
            if round_.fields["status"] == Round.Status.DRAFT:
                raise problem_at(
                    f"{round_.path}.status", _("darf nur beim letzten Durchgang ein Entwurf sein")
                )
        exported = self.data.get("exported_at")
        return Plan(
            original_slug=slug,
            exported_at=exported[:16] if isinstance(exported, str) else "",
            tournament=self.settings,
            created_at=checked(item, "created_at", "datetime", path, null=True),
            participants=participants,
            rounds=rounds,
            audit=[
                self.audit_entry(p, entry) for p, entry in checked_items(self.data, "audit", "")
            ],
            prizes=read_prizes(self.data),
            payments=self.payments,
            clock=read_clock(self.data, rounds, rulesets.get(self.settings["ruleset"]).table_sizes),
            announcements=self.announcements(),
            signup_settings=read_signup_settings(self.data),
            signups=read_signups(self.data, self.participant),
        )

    def tournament(self, item: dict[str, Any], path: str) -> dict[str, Any]:
        name = checked(
            item, "name", "str", path, max_length=length(Tournament, "name"), blank=False
        )
        values = {
            "name": _normalised(name, f"{path}.name"),
            "date": checked(item, "date", "date", path),
            "venue": checked(item, "venue", "str", path, max_length=length(Tournament, "venue")),
            "rounds_count": checked(item, "rounds_count", "int", path, span=ROUNDS_COUNT_LIMITS),
            "cycles": checked(item, "cycles", "int", path, span=CYCLES_LIMITS),
            **checked_ruleset(item, path),
            # Backups made before the setting existed sort as typed.
            "name_order": checked(
                {"name_order": Tournament.NameOrder.AS_ENTERED} | item,
                "name_order",
                "str",
                path,
                choices=Tournament.NameOrder.values,
            ),
            # Backups made before the seating rules existed seat by placement.
            "seating_rule": checked(
                {"seating_rule": SeatingRule.PLACEMENT} | item,
                "seating_rule",
                "str",
                path,
                choices=SeatingRule.values,
            ),
        }
        # Backups made before the setting existed publish as the club says.
        values["public_names"] = checked(
            {"public_names": ""} | item,
            "public_names",
            "str",
            path,
            choices=["", *PublicNames.values],
        )
        # Backups made before the evening formats existed rank by the sum of points.
        values["evening_format"] = checked(
            {"evening_format": EveningFormat.SUM} | item,
            "evening_format",
            "str",
            path,
            choices=EveningFormat.values,
        )
        values["average_min_rounds"] = checked(
            {"average_min_rounds": 1} | item,
            "average_min_rounds",
            "int",
            path,
            span=AVERAGE_MIN_ROUNDS_LIMITS,
        )
        # Backups made before the projector's show existed keep its defaults.
        values["slide_seconds"] = checked(
            {"slide_seconds": SLIDE_SECONDS_DEFAULT} | item,
            "slide_seconds",
            "int",
            path,
            span=SLIDE_SECONDS_LIMITS,
        )
        for name in TOURNAMENT_FIELDS:
            if name not in values:
                defaults = {name: True} if name in SLIDE_FIELDS else {}
                values[name] = checked(defaults | item, name, "bool", path)
        return values

    def announcements(self) -> list[dict[str, Any]]:
        """The projector's announcements (none in backups made before they existed)."""
        items = checked_items({"announcements": []} | dict(self.data), "announcements", "")
        if len(items) > ANNOUNCEMENTS_LIMIT:
            raise problem_at(
                "announcements", _("höchstens %(n)d Ansagen") % {"n": ANNOUNCEMENTS_LIMIT}
            )
        return [
            {
                "text": _normalised(
                    checked(item, "text", "str", path, max_length=ANNOUNCEMENT_LENGTH, blank=False),
                    f"{path}.text",
                ),
                "active": checked(item, "active", "bool", path),
                "position": checked(item, "position", "int", path, span=SMALL),
            }
            for path, item in items
        ]

    def participants(self) -> list[tuple[int, dict[str, Any], datetime.datetime | None]]:
        rows = []
        names: dict[str, str] = {}
        for path, item in checked_items(self.data, "participants", ""):
            key = checked(item, "id", "int", path, span=(1, 2**63 - 1))
            if key in self.ids:
                raise problem_at(f"{path}.id", _("kommt doppelt vor"))
            name = checked(
                item, "name", "str", path, max_length=length(Participant, "name"), blank=False
            )
            _normalised(name, f"{path}.name")
            if name_key(name) in names:
                raise duplicate(f"{path}.name", names[name_key(name)])
            names[name_key(name)] = f"{path}.name"
            club = checked(item, "club", "str", path, max_length=length(Participant, "club"))
            values = {
                "name": name,
                "club": _normalised(club, f"{path}.club"),
                "checked_in": checked(item, "checked_in", "bool", path),
                "withdrawn": checked(item, "withdrawn", "bool", path),
                # Backups made before the privacy settings existed: the club's rule, as stored.
                "name_choice": checked(
                    {"name_choice": NameChoice.CLUB} | item,
                    "name_choice",
                    "str",
                    path,
                    choices=NameChoice.values,
                ),
                "anonymised": checked({"anonymised": False} | item, "anonymised", "bool", path),
            }
            self.ids.add(key)
            paid = read_payment(item, path)
            if paid is not None:
                self.payments[key] = paid
            rows.append((key, values, checked(item, "created_at", "datetime", path, null=True)))
        return rows

    def participant(self, value: Any, path: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value not in self.ids:
            shown = value if isinstance(value, int | str) and len(str(value)) < 30 else "?"
            raise problem_at(
                path, _("nennt einen unbekannten Teilnehmer (%(value)s)") % {"value": shown}
            )
        return value

    def round(self, index: int, path: str, item: dict[str, Any]) -> RoundPlan:
        number = checked(item, "number", "int", path, span=(1, self.settings["rounds_count"]))
        expect_number(number, index + 1, f"{path}.number")
        status = checked(item, "status", "str", path, choices=Round.Status.values)
        fields = {
            "number": number,
            "status": status,
            "method": checked(item, "method", "str", path, choices=["", *Round.Method.values]),
            "seed": checked(item, "seed", "int", path, null=True),
            "lots": self.lots(checked(item, "lots", "list", path), f"{path}.lots"),
            "slips": self.slips(checked(item, "slips", "dict", path), f"{path}.slips"),
            "released_at": checked(item, "released_at", "datetime", path, null=True),
            "closed_at": checked(item, "closed_at", "datetime", path, null=True),
        }
        seated: dict[int, str] = {}
        tables = [
            self.table(table_index, table_path, table_item, status, seated)
            for table_index, (table_path, table_item) in enumerate(
                checked_items(item, "tables", path)
            )
        ]
        if status != Round.Status.DRAFT and not tables:
            raise problem_at(
                f"{path}.tables", _("darf in einem freigegebenen Durchgang nicht leer sein")
            )
        created_at = checked(item, "created_at", "datetime", path, null=True)
        return RoundPlan(path, fields, created_at, tables)

    def lots(self, lots: list[Any], path: str) -> list[dict[str, Any]]:
        kept = []
        for index, lot in enumerate(lots):
            where = f"{path}[{index}]"
            if not isinstance(lot, dict):
                raise problem_at(where, _("muss ein Objekt sein"))
            members = {
                key: [
                    self.participant(pid, f"{where}.{key}[{i}]")
                    for i, pid in enumerate(checked(lot, key, "list", where))
                ]
                for key in ("participants", "order")
            }
            tables = checked(lot, "tables", "list", where)
            for i, number in enumerate(tables):
                checked_value(number, "int", f"{where}.tables[{i}]", span=(1, SMALL[1]))
            if len(tables) != len(members["order"]):
                raise problem_at(
                    f"{where}.tables", _("muss so lang sein wie „order“ (ein Tisch je Teilnehmer)")
                )
            kept.append(
                {
                    "participants": members["participants"],
                    "first_place": checked(lot, "first_place", "int", where, span=(1, SMALL[1])),
                    "last_place": checked(lot, "last_place", "int", where, span=(1, SMALL[1])),
                    "order": members["order"],
                    "tables": tables,
                }
            )
        return kept

    def slips(self, slips: dict[str, Any], path: str) -> dict[int, int]:
        kept = {}
        for key in slips:
            where = f"{path}.{key}"
            pid = int(key) if key.isascii() and key.isdigit() and len(key) < 20 else key
            kept[self.participant(pid, where)] = checked(slips, key, "int", path, span=SLIP_NUMBERS)
        return kept

    def table(
        self, index: int, path: str, item: dict[str, Any], status: str, seated: dict[int, str]
    ) -> TablePlan:
        number = checked(item, "number", "int", path, span=(1, SMALL[1]))
        expect_number(number, index + 1, f"{path}.number")
        token = checked(
            item, "entry_token", "str", path, max_length=length(Table, "entry_token"), blank=False
        )
        if not TOKEN.fullmatch(token):
            raise problem_at(
                f"{path}.entry_token", _("darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten")
            )
        if token in self.tokens:
            raise duplicate(f"{path}.entry_token", self.tokens[token])
        self.tokens[token] = f"{path}.entry_token"
        seat_items = checked_items(item, "seats", path)
        if len(seat_items) not in rulesets.get(self.settings["ruleset"]).table_sizes:
            raise problem_at(
                f"{path}.seats",
                _("muss 4 oder 5 Plätze haben, nicht %(count)d") % {"count": len(seat_items)},
            )
        seats: dict[int, int] = {}
        changes: dict[int, list[tuple[int, int, int, str]]] = {}
        for seat_path, seat in seat_items:
            seat_number = checked(seat, "number", "int", seat_path, span=(1, len(seat_items)))
            if seat_number in seats:
                raise problem_at(f"{seat_path}.number", _("kommt doppelt vor"))
            where = f"{seat_path}.participant"
            pid = self.participant(checked(seat, "participant", "int", seat_path), where)
            if pid in seated:
                raise problem_at(
                    where,
                    _("sitzt in diesem Durchgang schon auf „%(other)s“") % {"other": seated[pid]},
                )
            seated[pid] = seat_path
            seats[seat_number] = pid
            if "changes" in seat:
                changes[seat_number] = self.seat_changes(seat, seat_path, pid, seated)
        sheet_item = checked(item, "sheet", "dict", path, null=True)
        draft = status == Round.Status.DRAFT
        if draft and sheet_item is not None:
            raise problem_at(f"{path}.sheet", _("muss in einem Entwurf leer (null) sein"))
        if not draft and sheet_item is None:
            raise problem_at(f"{path}.sheet", _("fehlt (ein freigegebener Tisch hat eine Liste)"))
        sheet = None
        if sheet_item is not None:
            sheet = self.sheet(f"{path}.sheet", sheet_item, len(seats), status)
        fields = {
            "number": number,
            "entry_token": token,
            "token_revoked": checked(item, "token_revoked", "bool", path),
        }
        return TablePlan(path, fields, seats, sheet, changes)

    def seat_changes(
        self, seat: dict[str, Any], seat_path: str, current: int, seated: dict[int, str]
    ) -> list[tuple[int, int, int, str]]:
        """A seat's changes (substitutes): first games rising, each taking over from the one
        before, the last one the seat's participant; whoever left was in no other seat."""
        changes = []
        last_game = 0
        previous_occupant = None
        for change_path, item in checked_items(seat, "changes", seat_path):
            from_game = checked(item, "from_game", "int", change_path, span=(last_game + 1, 100))
            where = f"{change_path}.previous_participant"
            previous = self.participant(
                checked(item, "previous_participant", "int", change_path), where
            )
            participant = self.participant(
                checked(item, "participant", "int", change_path), f"{change_path}.participant"
            )
            if previous_occupant is not None and previous != previous_occupant:
                raise problem_at(where, _("passt nicht zum Wechsel davor"))
            if previous_occupant is None:
                if previous in seated:
                    raise problem_at(
                        where,
                        _("sitzt in diesem Durchgang schon auf „%(other)s“")
                        % {"other": seated[previous]},
                    )
                seated[previous] = where
            reason = checked(
                item, "reason", "str", change_path, max_length=length(SeatChange, "reason")
            )
            changes.append((from_game, previous, participant, reason))
            last_game, previous_occupant = from_game, participant
        if changes and previous_occupant != current:
            raise problem_at(f"{seat_path}.participant", _("passt nicht zum Wechsel davor"))
        return changes

    def audit_entry(
        self, path: str, item: dict[str, Any]
    ) -> tuple[dict[str, Any], datetime.datetime, str | None]:
        username = checked(item, "user", "str", path, null=True, max_length=USERNAME_LENGTH)
        actor = checked(item, "actor", "str", path, max_length=length(AuditEntry, "actor"))
        fields = {
            "actor": (actor or username or "")[: length(AuditEntry, "actor")],
            "action": checked(item, "action", "str", path, choices=AuditEntry.Action.values),
            "summary": checked(
                item, "summary", "str", path, max_length=length(AuditEntry, "summary")
            ),
            "reason": checked(item, "reason", "str", path),
            "details": checked(item, "details", "dict", path),
        }
        # The summary as message and params: absent from older backups (their summary stays).
        for key in ("message", "message_plural"):
            if key in item:
                fields[key] = checked(item, key, "str", path, max_length=length(AuditEntry, key))
        if "params" in item:
            fields["params"] = checked(item, "params", "dict", path)
        return fields, checked(item, "created_at", "datetime", path), username
