"""Warnings for tables that bring three or more players of one earlier table together again."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournament.seating.core.layout import Seating


@dataclass(frozen=True)
class RepeatWarning:
    """``participant_ids`` (>= 3) share ``table`` again after sitting together at
    ``previous_table`` of ``previous[previous_index]`` (0-based index into ``previous``)."""

    table: int
    previous_index: int
    previous_table: int
    participant_ids: tuple[int, ...]


def repeat_warnings(
    seating: Seating, previous: Iterable[Seating], min_shared: int = 3
) -> list[RepeatWarning]:
    """Warn for each table with ``min_shared`` or more players from one earlier table."""
    earlier = list(previous)
    warnings = []
    for table in seating.tables:
        players = set(table.seats)
        for index, old in enumerate(earlier):
            for old_table in old.tables:
                shared = players & set(old_table.seats)
                if len(shared) >= min_shared:
                    warnings.append(
                        RepeatWarning(table.number, index, old_table.number, tuple(sorted(shared)))
                    )
    return warnings
