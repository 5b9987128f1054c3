"""A seating as data: tables numbered 1..T, each seat holding one participant id."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tournament.seating.core.errors import SeatingError
from tournament.seating.core.sizes import SIZES


class SeatRef(NamedTuple):
    table: int
    seat: int


class SeatRow(NamedTuple):
    table: int
    seat: int
    participant_id: int


class Slip(NamedTuple):
    number: int
    table: int
    seat: int


@dataclass(frozen=True)
class TableSeating:
    """One table: ``seats[0]`` is at seat 1. Its size is one of :data:`SIZES`; which sizes a
    tournament seats is its ruleset's choice (``sizes.table_sizes``)."""

    number: int
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        if self.number < 1:
            raise SeatingError("invalid_table", table=self.number, reason="number must be >= 1")
        if len(self.seats) not in SIZES:
            raise SeatingError(
                "invalid_table", table=self.number, reason=f"{len(self.seats)} players"
            )

    @property
    def captain(self) -> int:
        """The player at seat 1 (the first dealer; the house rules' Listenführer — which seat
        keeps the list is the ruleset's, see ``edits.make_captain``)."""
        return self.seats[0]

    def at_seat(self, seat: int) -> int:
        """The participant at ``seat`` (1-based)."""
        if not 1 <= seat <= len(self.seats):
            raise SeatingError("unknown_seat", table=self.number, seat=seat)
        return self.seats[seat - 1]

    @property
    def size(self) -> int:
        return len(self.seats)


@dataclass(frozen=True)
class Seating:
    """Tables numbered 1..T in order; every participant sits exactly once (validated)."""

    tables: tuple[TableSeating, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        for expected, table in enumerate(self.tables, start=1):
            if table.number != expected:
                raise SeatingError(
                    "invalid_table", table=table.number, reason=f"expected number {expected}"
                )
        seen: set[int] = set()
        for pid in self.participants:
            if pid in seen:
                raise SeatingError("duplicate_participant", participant_id=pid)
            seen.add(pid)

    @property
    def participants(self) -> tuple[int, ...]:
        """All participant ids, table by table, seat by seat."""
        return tuple(pid for table in self.tables for pid in table.seats)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(table.size for table in self.tables)

    @property
    def five_tables_last(self) -> bool:
        """True if the 5- (or 3-)tables are the last tables (always true for drawn seatings)."""
        others = [size != 4 for size in self.sizes]
        return others == sorted(others)

    def table(self, number: int) -> TableSeating:
        if not 1 <= number <= len(self.tables):
            raise SeatingError("unknown_table", table=number)
        return self.tables[number - 1]

    def position_of(self, participant_id: int) -> SeatRef:
        for table in self.tables:
            if participant_id in table.seats:
                return SeatRef(table.number, table.seats.index(participant_id) + 1)
        raise SeatingError("not_seated", participant_id=participant_id)

    def as_rows(self) -> Iterator[SeatRow]:
        for table in self.tables:
            for seat, pid in enumerate(table.seats, start=1):
                yield SeatRow(table.number, seat, pid)

    def require_participants(self, participant_ids: Iterable[int]) -> None:
        """Raise ``participants_mismatch`` unless exactly these participants are seated."""
        expected, seated = set(participant_ids), set(self.participants)
        if expected != seated:
            raise SeatingError(
                "participants_mismatch",
                missing=sorted(expected - seated),
                unexpected=sorted(seated - expected),
            )


def fill_tables(ordered_ids: Sequence[int], sizes: Sequence[int]) -> Seating:
    tables, start = [], 0
    for number, size in enumerate(sizes, start=1):
        tables.append(TableSeating(number, tuple(ordered_ids[start : start + size])))
        start += size
    return Seating(tuple(tables))
