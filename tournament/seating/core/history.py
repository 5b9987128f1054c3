"""What the earlier rounds of an evening leave behind: who shared a table with whom, who sat at a
5-table, who sat at which seat. Plain counts from earlier seatings, the input of the rules that
keep later rounds fair (``fair``, ``seats``)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from tournament.seating.core.layout import Seating


def pair(a: int, b: int) -> tuple[int, int]:
    """The pair of two participants, in a fixed order."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class History:
    """Counts over the earlier rounds: ``met[pair]`` how often two participants shared a table,
    ``fives[p]`` how often ``p`` sat at a 5-table, ``seats[p][(size, seat)]`` how often ``p``
    sat at ``seat`` of a table of ``size``, ``tables[i][p]`` the table ``p`` sat at in the
    ``i``-th earlier round (0-based). Participants new to the evening simply count 0."""

    rounds: int = 0
    met: Counter[tuple[int, int]] = field(default_factory=Counter)
    fives: Counter[int] = field(default_factory=Counter)
    seats: defaultdict[int, Counter[tuple[int, int]]] = field(
        default_factory=lambda: defaultdict(Counter)
    )
    tables: tuple[dict[int, int], ...] = ()

    @classmethod
    def of(cls, seatings: Iterable[Seating]) -> History:
        """The history of the given earlier seatings (any order)."""
        met: Counter[tuple[int, int]] = Counter()
        fives: Counter[int] = Counter()
        seats: defaultdict[int, Counter[tuple[int, int]]] = defaultdict(Counter)
        tables: list[dict[int, int]] = []
        for seating in seatings:
            tables.append({pid: table.number for table in seating.tables for pid in table.seats})
            for table in seating.tables:
                met.update(pair(a, b) for a, b in combinations(table.seats, 2))
                for seat, pid in enumerate(table.seats, start=1):
                    seats[pid][(table.size, seat)] += 1
                    if table.size == 5:
                        fives[pid] += 1
        return cls(len(tables), met, fives, seats, tuple(tables))

    def times(self, a: int, b: int) -> int:
        """How often ``a`` and ``b`` shared a table before."""
        return self.met.get(pair(a, b), 0)

    def sat_at(self, pid: int, size: int, seat: int) -> int:
        """How often ``pid`` sat at ``seat`` of a table of ``size`` before."""
        return self.seats[pid][(size, seat)] if pid in self.seats else 0

    def repeat_pairs(self, table: Sequence[int]) -> tuple[int, int]:
        """(pairs at ``table`` who met before, pairs among them meeting for the third time or
        more)."""
        again = third = 0
        for a, b in combinations(table, 2):
            times = self.met.get(pair(a, b), 0)
            if times:
                again += 1
                if times >= 2:
                    third += 1
        return again, third
