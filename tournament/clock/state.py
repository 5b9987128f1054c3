"""What the round's clock shows, computed from what is stored and the server's clock only.

Words:

- **Elapsed**: the seconds the clock has run since its start, pauses left out; a paused clock
  stands still at the moment it was paused.
- **Remaining** (Restzeit) of a table: its playing time + Nachspielzeit − elapsed; zero or less
  is **time up** (Zeit abgelaufen). **Warning**: running and at most the warning minutes left.
- **Deadline**: when a running table's time is up, as the server counts (``None`` while the
  clock stands). Browsers count down to it from the server's time, so a phone whose own clock
  is off still shows the right time.

The functions here take plain values (``ClockFacts``), so they are tested without a database;
``tournament/clock/reading.py`` reads the facts from the database.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

IDLE = "idle"  # not started
RUNNING = "running"
PAUSED = "paused"


@dataclass(frozen=True, slots=True)
class TableFacts:
    number: int
    size: int
    extension_minutes: int = 0
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClockFacts:
    """A round clock as stored: ``started_at`` ``None`` when it was never started."""

    started_at: datetime.datetime | None
    playing_minutes: Mapping[int, int]
    paused_at: datetime.datetime | None = None
    paused_seconds: int = 0
    warning_minutes: int = 5
    sound: bool = True


@dataclass(frozen=True, slots=True)
class TableTime:
    number: int
    size: int
    playing_minutes: int
    extension_minutes: int
    reasons: tuple[str, ...]
    remaining: int  # seconds; negative once time is up
    deadline: datetime.datetime | None
    warning: bool

    @property
    def time_up(self) -> bool:
        return self.remaining <= 0

    @property
    def shown_seconds(self) -> int:
        return max(0, self.remaining)

    @property
    def shown(self) -> str:
        """The time left as the browsers write it (``1:05:09``, ``04:59``), never below zero."""
        hours, rest = divmod(self.shown_seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"


@dataclass(frozen=True, slots=True)
class ClockState:
    status: str
    now: datetime.datetime
    warning_minutes: int
    sound: bool
    tables: tuple[TableTime, ...]

    @property
    def started(self) -> bool:
        return self.status != IDLE

    def table(self, number: int) -> TableTime | None:
        return next((time for time in self.tables if time.number == number), None)

    def groups(self) -> list[TableTime]:
        """One line per table size without Nachspielzeit, then every table with it: what the
        projector shows (tables without Nachspielzeit of one size share their time)."""
        plain: dict[int, TableTime] = {}
        extended: list[TableTime] = []
        for time in self.tables:
            if time.extension_minutes:
                extended.append(time)
            else:
                plain.setdefault(time.size, time)
        return [plain[size] for size in sorted(plain)] + extended


def elapsed_seconds(facts: ClockFacts, now: datetime.datetime) -> int:
    if facts.started_at is None:
        return 0
    until = facts.paused_at if facts.paused_at is not None else now
    seconds = (until - facts.started_at).total_seconds() - facts.paused_seconds
    return max(0, int(seconds))


def clock_state(
    facts: ClockFacts, tables: Sequence[TableFacts], now: datetime.datetime
) -> ClockState:
    """The clock of a round with these tables at ``now`` (the server's time)."""
    if facts.started_at is None:
        status = IDLE
    elif facts.paused_at is not None:
        status = PAUSED
    else:
        status = RUNNING
    elapsed = elapsed_seconds(facts, now)
    times = []
    for table in tables:
        minutes = int(facts.playing_minutes.get(table.size, 0))
        total = (minutes + table.extension_minutes) * 60
        remaining = total - elapsed
        deadline = None
        if status == RUNNING and facts.started_at is not None:
            # From the stored facts alone, so every server and every request give the same.
            seconds = facts.paused_seconds + total
            deadline = facts.started_at + datetime.timedelta(seconds=seconds)
        warning = status == RUNNING and 0 < remaining <= facts.warning_minutes * 60
        times.append(
            TableTime(
                number=table.number,
                size=table.size,
                playing_minutes=minutes,
                extension_minutes=table.extension_minutes,
                reasons=table.reasons,
                remaining=remaining if status != IDLE else total,
                deadline=deadline,
                warning=warning,
            )
        )
    return ClockState(
        status=status,
        now=now,
        warning_minutes=facts.warning_minutes,
        sound=facts.sound,
        tables=tuple(sorted(times, key=lambda time: time.number)),
    )


def _epoch_ms(moment: datetime.datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def table_json(time: TableTime) -> dict[str, object]:
    return {
        "table": time.number,
        "size": time.size,
        "remaining": time.shown_seconds,
        "deadline": _epoch_ms(time.deadline),
        "extension": time.extension_minutes,
        "time_up": time.time_up,
    }


def state_json(state: ClockState, tables: Sequence[TableTime] | None = None) -> dict[str, object]:
    """What browsers count down from: the server's time now, the status, and per table its
    deadline (while running) and remaining seconds (always)."""
    return {
        "status": state.status,
        "server_now": _epoch_ms(state.now),
        "warning_seconds": state.warning_minutes * 60,
        "sound": state.sound,
        "tables": [table_json(time) for time in (state.tables if tables is None else tables)],
    }
