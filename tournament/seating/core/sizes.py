"""Table sizes: which tables seat n participants, given the sizes the ruleset allows.

The scheme (rule 1 of the house rules, COUNTDOWN.md §8.1) is built around 4-tables:

- 4-tables, and the ``n % 4`` left over absorbed by as many **5-tables**, the last tables
  (when 5 is allowed and there are enough players: 9 = 4+5, 10 = 5+5, 15 = 5+5+5);
- otherwise, where 3 is allowed, the count is filled up to a multiple of four by **3-tables**,
  the last tables: 3 = 3, 6 = 3+3, 7 = 4+3, 11 = 4+4+3 (count-down games);
- never 3- and 5-tables together; fewer players than the smallest table: not seatable.

``allowed`` is the ruleset's ``table_sizes`` as plain data (a subset of :data:`SIZES` that
holds 4); the default is the Doppelkopf evening's (4, 5).
"""

from __future__ import annotations

from collections.abc import Iterable

from tournament.seating.core.errors import SeatingError

SIZES = (3, 4, 5)  # every table size the seating knows; a ruleset allows some of them
DOPPELKOPF = (4, 5)
MIN_PARTICIPANTS = 4  # at the Doppelkopf evening's sizes; see min_participants()


def allowed_sizes(allowed: Iterable[int] = DOPPELKOPF) -> tuple[int, ...]:
    """The allowed sizes, sorted and checked: ``ValueError`` unless a subset of
    :data:`SIZES` holding 4 (the scheme counts off 4-tables)."""
    sizes = tuple(sorted(set(allowed)))
    if 4 not in sizes or not set(sizes) <= set(SIZES):
        raise ValueError(f"table sizes must hold 4 and lie in {SIZES}, got {sizes}")
    return sizes


def min_participants(allowed: Iterable[int] = DOPPELKOPF) -> int:
    """The fewest participants that can be seated at all."""
    return min(allowed_sizes(allowed))


def _sizes_or_none(n: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    if n < min(sizes):
        return None
    rest = n % 4
    if rest == 0:
        return (4,) * (n // 4)
    if 5 in sizes and 5 * rest <= n:
        return (4,) * ((n - 5 * rest) // 4) + (5,) * rest
    threes = (4 - rest) % 4
    if 3 in sizes and 3 * threes <= n:
        return (4,) * ((n - 3 * threes) // 4) + (3,) * threes
    return None


def is_seatable(n: int, allowed: Iterable[int] = DOPPELKOPF) -> bool:
    """True if n participants can be seated at tables of the allowed sizes (the scheme above)."""
    return n >= 0 and _sizes_or_none(n, allowed_sizes(allowed)) is not None


def seatable_counts(
    allowed: Iterable[int] = DOPPELKOPF, below: int = 12
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the seatable counts, the counts that cannot be seated) from the smallest table up to
    ``below``; from 12 on every count is seatable at any allowed sizes."""
    sizes = allowed_sizes(allowed)
    counts = range(min(sizes), below)
    return (
        tuple(n for n in counts if _sizes_or_none(n, sizes) is not None),
        tuple(n for n in counts if _sizes_or_none(n, sizes) is None),
    )


def table_sizes(n: int, allowed: Iterable[int] = DOPPELKOPF) -> tuple[int, ...]:
    """Table sizes for n participants: the 4-tables first, then the 5- or 3-tables.

    Raises ``SeatingError`` ``too_few`` (fewer than the smallest table) or ``unseatable``
    (6, 7, 11 at 4 and 5); params ``n``, ``remove`` (participants to remove to reach the next
    lower seatable count, or None), ``add`` (participants to add to reach the next higher
    seatable count).
    """
    if n < 0:
        raise ValueError(f"participant count must not be negative, got {n}")
    sizes = allowed_sizes(allowed)
    found = _sizes_or_none(n, sizes)
    if found is not None:
        return found
    smallest = min(sizes)
    lower = next(
        (m for m in range(n - 1, smallest - 1, -1) if _sizes_or_none(m, sizes) is not None),
        None,
    )
    upper = next(m for m in range(n + 1, n + 13) if _sizes_or_none(m, sizes) is not None)
    code = "too_few" if n < smallest else "unseatable"
    remove = None if lower is None else n - lower
    raise SeatingError(code, n=n, remove=remove, add=upper - n)
