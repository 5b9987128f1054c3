"""Direct points: the per-seat column of the Spielliste (DDV.md §7.4 no. 1).

Accepted patterns over the four active seats (the sitting-out seat has 0, every row sums to 0):
``+V,+V,−V,−V`` (0 ≤ V ≤ 29), ``+3V,−V,−V,−V`` / ``−3V,+V,+V,+V`` (0 ≤ V ≤ 21), and the penalty
patterns ``−3,+3,0,0`` and ``−(12+3k),+(12+3k),0,0`` (k = 0–4); ``−3,+1,+1,+1`` and
``−(12+3k),+(4+k)×3`` are already solo patterns. In a sheet the pattern must also fit the row's
kind (:func:`fits_kind`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ddv.errors import DdvRefused, shown
from rules.ddv.fields import as_mapping, parse_seats
from rules.ddv.records import DirectPoints, Table
from rules.ddv.vocabulary import (
    KIND_BY_VALUE,
    MAX_SOLO_VALUE,
    MAX_TEAM_VALUE,
    SOLO_MODE_BY_VALUE,
    Kind,
)

#: |points| of the two non-zero seats of a penalty pattern −P,+P,0,0.
PAIR_PENALTIES = frozenset({3, 12, 15, 18, 21, 24})


def parse_direct_points(raw: Mapping[str, Any], table: Table) -> DirectPoints:
    given = as_mapping(raw["points"], "points")
    keys = [str(seat) for seat in range(1, table.size + 1)]
    if len(given) != table.size or set(given) != set(keys):
        raise DdvRefused("points", "points_keys", table_size=table.size)
    points: dict[int, int] = {}
    for key in keys:
        value = given[key]
        if type(value) is not int:
            raise DdvRefused(f"points.{key}", "not_int", got=shown(value))
        points[int(key)] = value
    if table.sitting_out is not None and points[table.sitting_out] != 0:
        raise DdvRefused("points", "points_sitting_out", seat=table.sitting_out)
    total = sum(points.values())
    if total != 0:
        raise DdvRefused("points", "points_sum", sum=shown(total))
    active = [points[seat] for seat in table.active]
    if not (team_value(active) is not None or solo_value(active) is not None or penalty(active)):
        raise DdvRefused("points", "points_pattern", got=shown(active))
    # kind, solo_mode and re are ignored in a single record (§7.4) and kept only as hints;
    # a sheet checks them strictly (rules.ddv.round).
    given_kind = raw.get("kind")
    kind = KIND_BY_VALUE.get(given_kind) if type(given_kind) is str else None
    given_mode = raw.get("solo_mode")
    mode = SOLO_MODE_BY_VALUE.get(given_mode) if type(given_mode) is str else None
    re = None
    try:
        re = parse_seats(raw.get("re"), "re", table.size, table.sitting_out)
    except DdvRefused:
        re = None
    return DirectPoints(table, points, kind, mode, re)


def team_value(active: list[int]) -> int | None:
    """V of a ``+V,+V,−V,−V`` row, or None."""
    ordered = sorted(active)
    low, high = ordered[0], ordered[-1]
    if ordered == [low, low, high, high] and low == -high and high <= MAX_TEAM_VALUE:
        return high
    return None


def solo_value(active: list[int]) -> int | None:
    """V of a ``±3V,∓V,∓V,∓V`` row (the soloist's points / 3 in absolute value), or None."""
    for index, soloist in enumerate(active):
        others = active[:index] + active[index + 1 :]
        if all(-3 * other == soloist for other in others) and abs(soloist) <= 3 * MAX_SOLO_VALUE:
            return abs(soloist) // 3
    return None


def penalty(active: list[int]) -> bool:
    ordered = sorted(active)
    return ordered[1:3] == [0, 0] and ordered[0] == -ordered[3] and ordered[3] in PAIR_PENALTIES


def fits_kind(record: DirectPoints, kind: Kind, re: tuple[int, ...] | None) -> bool:
    """In a sheet: team kinds ``+V,+V,−V,−V``; one-Re kinds the soloist ``re`` at 3× the others'
    negation."""
    active = [record.points[seat] for seat in record.table.active]
    if kind.team:
        return team_value(active) is not None
    if not re or len(re) != 1:
        return False
    soloist = record.points[re[0]]
    others = [record.points[seat] for seat in record.table.active if seat != re[0]]
    return all(-3 * other == soloist for other in others) and abs(soloist) <= 3 * MAX_SOLO_VALUE
