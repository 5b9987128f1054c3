"""Losnummern: the slip scheme of the physical draw and the seating it gives."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from tournament.seating.core.errors import SeatingError, SlipError, SlipProblem
from tournament.seating.core.layout import Seating, SeatRef, Slip, fill_tables
from tournament.seating.core.sizes import DOPPELKOPF, table_sizes


def slip_position(number: int, sizes: Sequence[int]) -> SeatRef:
    """Table and seat of slip ``number`` (1..sum(sizes)) under the slip scheme."""
    if not 1 <= number <= sum(sizes):
        raise SeatingError("slip_out_of_range", number=number, n=sum(sizes))
    remaining = number
    for table, size in enumerate(sizes, start=1):
        if remaining <= size:
            return SeatRef(table, remaining)
        remaining -= size
    raise AssertionError("unreachable")  # pragma: no cover


def slip_number(table: int, seat: int, sizes: Sequence[int]) -> int:
    """Slip number of ``table``/``seat``: the inverse of ``slip_position``."""
    if not 1 <= table <= len(sizes):
        raise SeatingError("unknown_table", table=table)
    if not 1 <= seat <= sizes[table - 1]:
        raise SeatingError("unknown_seat", table=table, seat=seat)
    return sum(sizes[: table - 1]) + seat


def slip_layout(n: int, allowed: Iterable[int] = DOPPELKOPF) -> list[Slip]:
    """Every slip for n participants at tables of the ``allowed`` sizes, in number order, for
    printing slips and table cards."""
    sizes = table_sizes(n, allowed)
    return [Slip(number, *slip_position(number, sizes)) for number in range(1, n + 1)]


def seating_from_slips(
    assignments: Mapping[int, int | None],
    n: int | None = None,
    allowed: Iterable[int] = DOPPELKOPF,
) -> Seating:
    """Seating from a physical draw: participant id -> drawn slip number (None = none yet).

    ``n`` is the number of slips in the bowl (default: ``len(assignments)``), seated at tables
    of the ``allowed`` sizes. Raises
    ``SeatingError`` if n is unseatable, else ``SlipError`` listing every problem:
    out-of-range numbers, duplicates, missing numbers and participants without a number.
    """
    count = len(assignments) if n is None else n
    sizes = table_sizes(count, allowed)
    holders: dict[int, list[int]] = defaultdict(list)
    problems: list[SlipProblem] = []
    unassigned: list[SlipProblem] = []
    for pid, number in sorted(assignments.items()):
        if number is None:
            unassigned.append(SlipProblem("unassigned", (pid,), None))
        elif not 1 <= number <= count:
            problems.append(SlipProblem("out_of_range", (pid,), number))
        else:
            holders[number].append(pid)
    for number in range(1, count + 1):
        if number not in holders:
            problems.append(SlipProblem("missing", (), number))
        elif len(holders[number]) > 1:
            problems.append(SlipProblem("duplicate", tuple(holders[number]), number))
    problems += unassigned
    if problems:
        raise SlipError(problems, n=count)
    return fill_tables([holders[number][0] for number in range(1, count + 1)], sizes)
