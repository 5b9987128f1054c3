"""Fair seats over the evening: who keeps the list, who deals first and who sits where at a
table rotate from round to round.

The ruleset fixes the seats (``keeper``: table size -> the list keeper's seat, house rules seat
1, DDV the last seat; ``dealer``: table size -> the first dealer's seat); this step only
chooses who sits there. At each table it takes the order that gives the list keeper's seat to
the player who kept the list least often, then the first dealer's seat likewise, then the
seats each player sat at least often before (at a 5-table the seat decides when a player sits
out); ties go by a seeded draw.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from tournament.seating.core.draw import derived_rng, shuffled
from tournament.seating.core.edits import seat_one
from tournament.seating.core.history import History
from tournament.seating.core.layout import Seating, TableSeating

_KEEPER = 10**6  # a list keeper's earlier turn weighs more than any dealer turn, and so on
_DEALER = 10**3


def turns(history: History, pid: int, seat_of: Callable[[int], int]) -> int:
    """How often ``pid`` sat at the seat ``seat_of(size)`` of a table of any size before."""
    seats = history.seats.get(pid)
    if not seats:
        return 0
    return sum(count for (size, seat), count in seats.items() if seat == seat_of(size))


def rotate_seats(
    seating: Seating,
    history: History,
    seed: int,
    *,
    keeper: Callable[[int], int] = seat_one,
    dealer: Callable[[int], int] = seat_one,
) -> Seating:
    """The same tables with seats chosen so the list keeper, the first dealer and every seat
    rotate over the evening (see the module). Without history the seats are simply drawn."""
    rng = derived_rng(seed, "seat rotation")
    tables = []
    for table in seating.tables:
        size = table.size
        keeper_seat, dealer_seat = keeper(size), dealer(size)
        kept = {pid: turns(history, pid, keeper) for pid in table.seats}
        dealt = {pid: turns(history, pid, dealer) for pid in table.seats}
        best, best_cost = None, None
        for order in permutations(shuffled(sorted(table.seats), rng)):
            cost = (
                _KEEPER * kept[order[keeper_seat - 1]]
                + _DEALER * dealt[order[dealer_seat - 1]]
                + sum(history.sat_at(pid, size, seat) for seat, pid in enumerate(order, 1))
            )
            if best_cost is None or cost < best_cost:
                best, best_cost = order, cost
                if cost == 0:
                    break
        tables.append(TableSeating(table.number, tuple(best)))
    return Seating(tuple(tables))
