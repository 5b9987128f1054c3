"""Rule 3: round 2 and later seated by placement, with lots for ties at table boundaries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournament.seating.core.draw import derived_rng, shuffled, sorted_unique
from tournament.seating.core.errors import SeatingError
from tournament.seating.core.layout import Seating, fill_tables
from tournament.seating.core.sizes import DOPPELKOPF, table_sizes


@dataclass(frozen=True)
class RankedPlayer:
    """A participant in standings order; equal ``key`` means an exact tie."""

    participant_id: int
    key: tuple[Any, ...]


@dataclass(frozen=True)
class TieLot:
    """A lot between exactly tied participants whose shared places span a table boundary.

    ``order[i]`` won place ``first_place + i`` and goes to table ``tables[i]``.
    """

    participant_ids: tuple[int, ...]  # sorted
    first_place: int
    last_place: int
    order: tuple[int, ...]
    tables: tuple[int, ...]

    def table_of(self, participant_id: int) -> int:
        return self.tables[self.order.index(participant_id)]


@dataclass(frozen=True)
class PlacementResult:
    seating: Seating
    lots: tuple[TieLot, ...] = field(default=())
    order: tuple[int, ...] = field(default=())  # final places after the lots, best first


def _tie_groups(ranking: Sequence[RankedPlayer]) -> list[list[RankedPlayer]]:
    groups: list[list[RankedPlayer]] = []
    for player in ranking:
        if groups and groups[-1][0].key == player.key:
            groups[-1].append(player)
        elif any(group[0].key == player.key for group in groups):
            raise SeatingError("tie_not_contiguous", participant_id=player.participant_id)
        else:
            groups.append([player])
    return groups


def seat_by_placement(
    ranking: Sequence[RankedPlayer], seed: int, allowed: Iterable[int] = DOPPELKOPF
) -> PlacementResult:
    """Rule 3: places 1-4 -> table 1, places 5-8 -> table 2, ...; 5- (or 3-)tables are last,
    at tables of the ``allowed`` sizes (``sizes.table_sizes``).

    Exact ties straddling a table boundary are decided by a lot (seed stream "lots");
    then the seats within each table are drawn (seed stream "seats"), so the captain is
    random. Ties inside one table need no lot.
    """
    sorted_unique(p.participant_id for p in ranking)
    sizes = table_sizes(len(ranking), allowed)
    table_of_place = [t for t, size in enumerate(sizes, start=1) for _ in range(size)]
    lots_rng = derived_rng(seed, "lots")
    order: list[int] = []
    lots: list[TieLot] = []
    for group in _tie_groups(ranking):
        first = len(order) + 1
        last = first + len(group) - 1
        ids = [p.participant_id for p in group]
        if table_of_place[first - 1] == table_of_place[last - 1]:
            order += ids
            continue
        drawn = shuffled(sorted(ids), lots_rng)
        tables = tuple(table_of_place[place - 1] for place in range(first, last + 1))
        lots.append(TieLot(tuple(sorted(ids)), first, last, tuple(drawn), tables))
        order += drawn
    seats_rng = derived_rng(seed, "seats")
    seated: list[int] = []
    start = 0
    for size in sizes:
        seated += shuffled(sorted(order[start : start + size]), seats_rng)
        start += size
    return PlacementResult(fill_tables(seated, sizes), tuple(lots), tuple(order))
