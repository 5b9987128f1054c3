"""Strafpunkte (TSR 9, DDV.md §6): the ``penalty`` record and its points.

*k* = ``absagen``, the Absage levels the offender's opposing party had made (0–4):

- geringfügig: offender −3, each other active seat +1; by an opponent of the soloist who can
  harm him (``harms_soloist``): offender −3, soloist +3, the others 0.
- schwerwiegend, not in the solo phase or by the soloist: offender −(12+3k), the others +(4+k)
  each; the game is "nicht gespielt" (the same dealer deals again).
- schwerwiegend by an opponent in the solo phase: offender −(12+3k), soloist +(12+3k); the solo
  **counts as played**.
- unsportlich: offender −``points`` (1–12), nobody else anything (Punktabzug).

``referee`` (optional, not in the contract's record): the Schiedsrichter who signs the line
(TSR 8.2.2), a name or initials of 1–60 characters; it does not change the points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ddv.errors import DdvRefused, shown
from rules.ddv.fields import (
    as_bool,
    as_choice,
    as_int,
    as_mapping,
    check_keys,
    parse_seats,
)
from rules.ddv.records import Common, Penalty, Table
from rules.ddv.vocabulary import SEVERITY_BY_VALUE, SOLO_KNOWN_KINDS, Severity

_KEYS = frozenset(
    {"offender", "severity", "absagen", "harms_soloist", "solo_known", "points", "referee"}
)
#: The Schiedsrichter's name or initials on a penalty line (8.2.2): informational, bounded.
MAX_REFEREE = 60


def parse_penalty(raw: Mapping[str, Any], table: Table, common: Common) -> Penalty:
    data = as_mapping(raw["penalty"], "penalty")
    check_keys(data, _KEYS, "penalty.")
    kind = common.kind
    offender = as_int(data.get("offender"), "penalty.offender")
    if offender not in table.active:
        raise DdvRefused("penalty.offender", "penalty_offender")
    severity = as_choice(data.get("severity"), SEVERITY_BY_VALUE, "penalty.severity")
    referee = data.get("referee")
    if referee is not None and (
        type(referee) is not str or not 0 < len(referee.strip()) <= MAX_REFEREE
    ):
        raise DdvRefused("penalty.referee", "referee_invalid", limit=MAX_REFEREE)
    solo_known = data.get("solo_known")
    if kind in SOLO_KNOWN_KINDS:
        if solo_known is None:
            raise DdvRefused("penalty.solo_known", "solo_known_missing")
        solo_known = as_bool(solo_known, "penalty.solo_known")
    elif solo_known is not None:
        raise DdvRefused("penalty.solo_known", "solo_known_not_allowed")
    solo_phase = kind.announced_solo or solo_known is True
    re = _parse_re(raw, table, kind.team, solo_phase)
    soloist = re[0] if solo_phase and re else None
    harms = data.get("harms_soloist", False)
    harms = as_bool(harms, "penalty.harms_soloist")
    if harms and (not solo_phase or offender == soloist or severity is not Severity.GERINGFUEGIG):
        raise DdvRefused("penalty.harms_soloist", "harms_not_allowed")
    absagen = 0
    if data.get("absagen") is not None:
        if severity is not Severity.SCHWERWIEGEND:
            raise DdvRefused("penalty.absagen", "absagen_not_allowed")
        absagen = as_int(data["absagen"], "penalty.absagen")
        if not 0 <= absagen <= 4:
            raise DdvRefused("penalty.absagen", "absagen_range", got=shown(absagen))
    deduction = None
    if severity is Severity.UNSPORTLICH:
        if data.get("points") is None:
            raise DdvRefused("penalty.points", "points_missing")
        deduction = as_int(data["points"], "penalty.points")
        if not 1 <= deduction <= 12:
            raise DdvRefused("penalty.points", "points_range", got=shown(deduction))
    elif data.get("points") is not None:
        raise DdvRefused("penalty.points", "points_not_allowed")
    return Penalty(table, common, re, offender, severity, absagen, harms, solo_known, deduction)


def _parse_re(
    raw: Mapping[str, Any], table: Table, team: bool, solo_phase: bool
) -> tuple[int, ...] | None:
    if raw.get("re") is None and not solo_phase:
        return None
    seats = parse_seats(raw.get("re"), "re", table.size, table.sitting_out)
    if team and len(seats) != 2:
        raise DdvRefused("re", "re_size_team", size=len(seats))
    if not team and len(seats) != 1:
        raise DdvRefused("re", "re_size_solo", size=len(seats))
    return seats


def penalty_points(record: Penalty) -> dict[int, int]:
    """Points per seat of the table (the sitting-out seat 0)."""
    points = dict.fromkeys(range(1, record.table.size + 1), 0)
    offender = record.offender
    soloist = record.soloist if record.solo_phase else None
    others = [seat for seat in record.table.active if seat != offender]
    k = record.absagen
    if record.severity is Severity.UNSPORTLICH:
        assert record.deduction is not None
        points[offender] = -record.deduction
    elif record.severity is Severity.GERINGFUEGIG:
        points[offender] = -3
        if record.harms_soloist and soloist is not None:
            points[soloist] = 3
        else:
            for seat in others:
                points[seat] = 1
    elif record.counts_as_played and soloist is not None:
        points[offender] = -(12 + 3 * k)
        points[soloist] = 12 + 3 * k
    else:
        points[offender] = -(12 + 3 * k)
        for seat in others:
            points[seat] = 4 + k
    return points
