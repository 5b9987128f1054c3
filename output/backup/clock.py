"""The round's clock in a backup: the tournament's clock settings and every started round clock
with its pauses and Nachspielzeit, under the document's optional key ``clock``.

Backups made before the clock existed have no ``clock`` key and restore without one. A restored
clock keeps its start and pauses as they were, so a clock that was running at export has long
run out when restored later — which is what happened.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from output.backup.document import checked, checked_items, length, problem_at
from output.backup.plan import RoundPlan
from tournament.models import ClockExtension, ClockSettings, Round, RoundClock, Table, Tournament
from tournament.models.clock import (
    EXTENSION_MINUTES_LIMITS,
    PLAYING_MINUTES_LIMITS,
    WARNING_MINUTES_LIMITS,
)

KEY = "clock"
PAUSED_LIMIT = (0, 7 * 24 * 3600)


def iso_time_of(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_clock(tournament: Tournament) -> dict[str, Any]:
    settings = ClockSettings.objects.filter(tournament=tournament).first()
    clocks = (
        RoundClock.objects.filter(round__tournament=tournament)
        .select_related("round")
        .prefetch_related("extensions__table")
        .order_by("round__number")
    )
    return {
        "settings": None
        if settings is None
        else {
            "playing_minutes": settings.playing_minutes,
            "warning_minutes": settings.warning_minutes,
            "sound": settings.sound,
        },
        "rounds": [
            {
                "round": clock.round.number,
                "started_at": iso_time_of(clock.started_at),
                "playing_minutes": clock.playing_minutes,
                "paused_at": iso_time_of(clock.paused_at),
                "paused_seconds": clock.paused_seconds,
                "extensions": [
                    {
                        "table": extension.table.number,
                        "minutes": extension.minutes,
                        "reason": extension.reason,
                        "actor": extension.actor,
                        "created_at": iso_time_of(extension.created_at),
                    }
                    for extension in clock.extensions.all()
                ],
            }
            for clock in clocks
        ],
    }


def _minutes(item: Mapping[str, Any], path: str, sizes: Sequence[int]) -> dict[str, int]:
    minutes = checked(item, "playing_minutes", "dict", path)
    for size in minutes:
        if not size.isdigit() or int(size) not in sizes:
            raise problem_at(
                f"{path}.playing_minutes.{size}", _("ist keine Tischgröße des Regelwerks")
            )
        checked(minutes, size, "int", f"{path}.playing_minutes", span=PLAYING_MINUTES_LIMITS)
    return dict(minutes)


def read_clock(
    data: Mapping[str, Any], rounds: Sequence[RoundPlan], sizes: Sequence[int]
) -> dict[str, Any] | None:
    """The checked ``clock`` part of a document (``None`` when it has none)."""
    if data.get(KEY) is None:
        return None
    item = checked(data, KEY, "dict", "")
    settings = None
    if item.get("settings") is not None:
        path = f"{KEY}.settings"
        raw = checked(item, "settings", "dict", KEY)
        settings = {
            "playing_minutes": _minutes(raw, path, sizes),
            "warning_minutes": checked(
                raw, "warning_minutes", "int", path, span=WARNING_MINUTES_LIMITS
            ),
            "sound": checked(raw, "sound", "bool", path),
        }
    tables = {
        round_.fields["number"]: (round_, {table.fields["number"] for table in round_.tables})
        for round_ in rounds
    }
    clocks: dict[int, dict[str, Any]] = {}
    for path, raw in checked_items(item, "rounds", KEY):
        number = checked(raw, "round", "int", path, span=(1, 100))
        if number not in tables or tables[number][0].fields["status"] == Round.Status.DRAFT:
            raise problem_at(f"{path}.round", _("ist kein freigegebener Durchgang der Sicherung"))
        if number in clocks:
            raise problem_at(f"{path}.round", _("kommt doppelt vor"))
        extensions = []
        for extension_path, extension in checked_items(raw, "extensions", path):
            table = checked(extension, "table", "int", extension_path, span=(1, 10_000))
            if table not in tables[number][1]:
                raise problem_at(f"{extension_path}.table", _("ist kein Tisch dieses Durchgangs"))
            extensions.append(
                {
                    "table": table,
                    "minutes": checked(
                        extension, "minutes", "int", extension_path, span=EXTENSION_MINUTES_LIMITS
                    ),
                    "reason": checked(
                        extension,
                        "reason",
                        "str",
                        extension_path,
                        max_length=length(ClockExtension, "reason"),
                        blank=False,
                    ),
                    "actor": checked(
                        extension,
                        "actor",
                        "str",
                        extension_path,
                        max_length=length(ClockExtension, "actor"),
                    ),
                    "created_at": checked(extension, "created_at", "datetime", extension_path),
                }
            )
        clocks[number] = {
            "started_at": checked(raw, "started_at", "datetime", path),
            "playing_minutes": _minutes(raw, path, sizes),
            "paused_at": checked(raw, "paused_at", "datetime", path, null=True),
            "paused_seconds": checked(raw, "paused_seconds", "int", path, span=PAUSED_LIMIT),
            "extensions": extensions,
        }
    return {"settings": settings, "rounds": clocks}


def restore_clock(tournament: Tournament, clock: Mapping[str, Any] | None) -> None:
    """Write the checked clock of a restored tournament (its rounds and tables exist)."""
    if clock is None:
        return
    if clock["settings"] is not None:
        ClockSettings.objects.create(tournament=tournament, **clock["settings"])
    rounds = {round_.number: round_ for round_ in Round.objects.filter(tournament=tournament)}
    tables = {
        (table.round_id, table.number): table
        for table in Table.objects.filter(round__tournament=tournament)
    }
    for number, item in clock["rounds"].items():
        round_ = rounds[number]
        stored = RoundClock.objects.create(
            round=round_,
            started_at=item["started_at"],
            playing_minutes=item["playing_minutes"],
            paused_at=item["paused_at"],
            paused_seconds=item["paused_seconds"],
        )
        for extension in item["extensions"]:
            made = ClockExtension.objects.create(
                clock=stored,
                table=tables[(round_.pk, extension["table"])],
                minutes=extension["minutes"],
                reason=extension["reason"],
                actor=extension["actor"],
            )
            # ``auto_now_add`` set it to now: keep the time of the original.
            ClockExtension.objects.filter(pk=made.pk).update(created_at=extension["created_at"])
