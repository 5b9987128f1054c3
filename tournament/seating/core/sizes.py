"""Table sizes: how many 4- and 5-tables seat n participants, and which counts cannot be seated."""

from __future__ import annotations

from tournament.seating.core.errors import SeatingError

MIN_PARTICIPANTS = 4


def is_seatable(n: int) -> bool:
    """True if n participants fill 4-tables plus ``n % 4`` five-tables."""
    return n >= MIN_PARTICIPANTS and 5 * (n % 4) <= n


def table_sizes(n: int) -> tuple[int, ...]:
    """Table sizes for n participants: the 4-tables first, then ``n % 4`` five-tables.

    Raises ``SeatingError`` ``too_few`` (n < 4) or ``unseatable`` (6, 7, 11); params
    ``n``, ``remove`` (participants to remove to reach the next lower seatable count, or
    None) and ``add`` (participants to add to reach the next higher seatable count).
    """
    if n < 0:
        raise ValueError(f"participant count must not be negative, got {n}")
    if not is_seatable(n):
        lower = next((m for m in range(n - 1, MIN_PARTICIPANTS - 1, -1) if is_seatable(m)), None)
        upper = next(m for m in range(n + 1, n + 13) if is_seatable(m))
        code = "too_few" if n < MIN_PARTICIPANTS else "unseatable"
        remove = None if lower is None else n - lower
        raise SeatingError(code, n=n, remove=remove, add=upper - n)
    fives = n % 4
    fours = (n - 5 * fives) // 4
    return (4,) * fours + (5,) * fives
