"""Read a round's clock from the database: its settings, facts and state (no writes)."""

from __future__ import annotations

import datetime

from django.db.models import Count
from django.utils import timezone

from tournament.clock.state import ClockFacts, ClockState, TableFacts, clock_state
from tournament.models import (
    ClockExtension,
    ClockSettings,
    Round,
    RoundClock,
    Table,
    Tournament,
)
from tournament.models.clock import WARNING_MINUTES_DEFAULT


def settings_of(tournament: Tournament) -> ClockSettings:
    """The tournament's clock settings (unsaved defaults when never changed)."""
    stored = ClockSettings.objects.filter(tournament=tournament).first()
    return stored or ClockSettings(tournament=tournament, warning_minutes=WARNING_MINUTES_DEFAULT)


def ruleset_minutes(tournament: Tournament) -> dict[int, int]:
    """The playing time per table size as the ruleset gives it."""
    rules, options = tournament.rules, tournament.scoring_options
    return {
        size: rules.playing_minutes(size, tournament.cycles, options) for size in rules.table_sizes
    }


def playing_minutes(
    tournament: Tournament, settings: ClockSettings | None = None
) -> dict[int, int]:
    """The playing time per table size in force: the tournament's own, else the ruleset's."""
    settings = settings or settings_of(tournament)
    minutes = ruleset_minutes(tournament)
    for size, value in (settings.playing_minutes or {}).items():
        if int(size) in minutes and value:
            minutes[int(size)] = int(value)
    return minutes


def clock_of(round_: Round) -> RoundClock | None:
    """The round's clock as stored now (never a cached ``round_.clock``: a long-lived round
    object would keep telling the clock it saw first)."""
    return RoundClock.objects.filter(round=round_).first()


def table_facts(round_: Round, clock: RoundClock | None) -> list[TableFacts]:
    tables = (
        Table.objects.filter(round=round_).annotate(seat_count=Count("seats")).order_by("number")
    )
    extensions: dict[int, list] = {}
    if clock is not None:
        for extension in clock.extensions.all():
            extensions.setdefault(extension.table_id, []).append(extension)
    return [
        TableFacts(
            number=table.number,
            size=table.seat_count,
            extension_minutes=sum(item.minutes for item in extensions.get(table.pk, [])),
            reasons=tuple(item.reason for item in extensions.get(table.pk, [])),
        )
        for table in tables
    ]


def extensions_by_table(round_: Round) -> dict[int, list[ClockExtension]]:
    """Every Nachspielzeit of the round's clock by table number, oldest first (the desk lists
    them one by one, each to be taken back on its own)."""
    given: dict[int, list[ClockExtension]] = {}
    extensions = ClockExtension.objects.filter(clock__round=round_).select_related("table")
    for extension in extensions.order_by("created_at", "pk"):
        given.setdefault(extension.table.number, []).append(extension)
    return given


def facts_of(round_: Round, clock: RoundClock | None) -> ClockFacts:
    settings = settings_of(round_.tournament)
    if clock is None:
        return ClockFacts(
            started_at=None,
            playing_minutes=playing_minutes(round_.tournament, settings),
            warning_minutes=settings.warning_minutes,
            sound=settings.sound,
        )
    return ClockFacts(
        started_at=clock.started_at,
        playing_minutes={int(size): int(m) for size, m in clock.playing_minutes.items()},
        paused_at=clock.paused_at,
        paused_seconds=clock.paused_seconds,
        warning_minutes=settings.warning_minutes,
        sound=settings.sound,
    )


def round_state(round_: Round, now: datetime.datetime | None = None) -> ClockState:
    """The round's clock now, from the database and the server's clock only."""
    clock = clock_of(round_)
    return clock_state(facts_of(round_, clock), table_facts(round_, clock), now or timezone.now())


def table_time_up(table: Table, now: datetime.datetime | None = None) -> bool:
    """Whether the clock of the table's round says its time is up (Nachspielzeit included).

    The hook for the DDV's sheet (TSR 8.5: after time the outstanding Normalspiele are struck,
    only Vorführungen follow, "Zeit abgelaufen" recorded): the sheet asks this, not the clock's
    rows. The house rules record nothing; the captain's page only says so.
    """
    state = round_state(table.round, now)
    time = state.table(table.number)
    return time is not None and state.started and time.time_up
