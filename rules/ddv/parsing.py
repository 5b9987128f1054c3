"""A DDV game record becomes one of the typed records (DDV.md §7.4 order, §8 refusals).

Recognised in this order: **direct points** (``points`` not null), **penalty** (``penalty`` not
null), **quick entry** (``winners`` or ``value`` not null), **calculator** (everything else).
``revoke`` (the house rules' Verwerfen) is refused whatever the form. A null counts as "not
given" for ``points``, ``penalty``, ``winners`` and ``value``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ddv.announcements import check_specials, parse_specials, parse_statements
from rules.ddv.errors import DdvRefused, shown
from rules.ddv.fields import as_choice, as_int, check_keys, parse_seats, parse_table
from rules.ddv.penalty import parse_penalty
from rules.ddv.points import parse_direct_points
from rules.ddv.records import CalculatorGame, Common, QuickEntry, Record, Table
from rules.ddv.vocabulary import (
    IMPOSSIBLE_AUGEN,
    KIND_BY_VALUE,
    MAX_SOLO_VALUE,
    MAX_TEAM_VALUE,
    SOLO_MODE_BY_VALUE,
    TOTAL_AUGEN,
    Kind,
    Party,
)

RECORD_FIELDS = frozenset(
    {
        "table_size",
        "sitting_out",
        "kind",
        "re",
        "augen_re",
        "schwarz",
        "statements",
        "specials",
        "revoke",
        "winners",
        "value",
        "points",
        "solo_mode",
        "klaerungsstich",
        "penalty",
        "dealer",
    }
)


def parse_record(raw: Any, imply_ansage: bool = False) -> Record:
    """Validate ``raw`` and return its typed record; :class:`DdvRefused` names the field."""
    if not isinstance(raw, Mapping):
        raise DdvRefused(None, "record_not_object", got=shown(raw))
    check_keys(raw, RECORD_FIELDS)
    size, sitting_out = parse_table(raw)
    table = Table(size, sitting_out)
    if raw.get("revoke") is not None:
        raise DdvRefused("revoke", "revoke")
    if raw.get("points") is not None:
        return parse_direct_points(raw, table)
    common = parse_common(raw)
    if raw.get("penalty") is not None:
        return parse_penalty(raw, table, common)
    if raw.get("winners") is not None or raw.get("value") is not None:
        return _parse_quick(raw, table, common)
    return _parse_calculator(raw, table, common, imply_ansage)


def parse_kind(raw: Mapping[str, Any]) -> Kind:
    return as_choice(raw.get("kind"), KIND_BY_VALUE, "kind")


def parse_common(raw: Mapping[str, Any]) -> Common:
    """``kind``, ``solo_mode`` (announced solos only) and ``klaerungsstich`` (Hochzeiten)."""
    kind = parse_kind(raw)
    mode = raw.get("solo_mode")
    if mode is not None:
        if not kind.announced_solo:
            raise DdvRefused("solo_mode", "solo_mode_not_solo")
        mode = as_choice(mode, SOLO_MODE_BY_VALUE, "solo_mode")
    trick = raw.get("klaerungsstich")
    if trick is not None:
        if kind not in (Kind.HOCHZEIT, Kind.HOCHZEIT_ALLEIN):
            raise DdvRefused("klaerungsstich", "klaerungsstich_not_hochzeit")
        trick = as_int(trick, "klaerungsstich")
        if kind is Kind.HOCHZEIT and not 1 <= trick <= 3:
            raise DdvRefused("klaerungsstich", "klaerungsstich_range", got=shown(trick))
        if kind is Kind.HOCHZEIT_ALLEIN and trick != 3:
            raise DdvRefused("klaerungsstich", "klaerungsstich_allein", got=shown(trick))
    return Common(kind, mode, trick)


def parse_re(raw: Mapping[str, Any], kind: Kind, table: Table) -> tuple[int, ...]:
    seats = parse_seats(raw.get("re"), "re", table.size, table.sitting_out)
    if kind.team and len(seats) != 2:
        raise DdvRefused("re", "re_size_team", size=len(seats))
    if not kind.team and len(seats) != 1:
        raise DdvRefused("re", "re_size_solo", size=len(seats))
    return seats


def max_value(kind: Kind) -> int:
    return MAX_TEAM_VALUE if kind.team else MAX_SOLO_VALUE


def _parse_quick(raw: Mapping[str, Any], table: Table, common: Common) -> QuickEntry:
    kind = common.kind
    re = None if kind.team else parse_re(raw, kind, table)
    winners = parse_seats(raw.get("winners"), "winners", table.size, table.sitting_out)
    if kind.team:
        if len(winners) != 2:
            raise DdvRefused("winners", "winners_team", size=len(winners))
    else:
        assert re is not None
        opponents = set(table.active) - set(re)
        if set(winners) != set(re) and set(winners) != opponents:
            raise DdvRefused("winners", "winners_solo")
    value = as_int(raw.get("value"), "value")
    if not 0 <= value <= max_value(kind):
        raise DdvRefused("value", "value_range", max=max_value(kind), got=shown(value))
    return QuickEntry(table, common, re, winners, value)


def _parse_calculator(
    raw: Mapping[str, Any], table: Table, common: Common, imply_ansage: bool
) -> CalculatorGame:
    re = parse_re(raw, common.kind, table)
    augen = as_int(raw.get("augen_re"), "augen_re")
    if not 0 <= augen <= TOTAL_AUGEN:
        raise DdvRefused("augen_re", "augen_range", got=shown(augen))
    if augen in IMPOSSIBLE_AUGEN:
        raise DdvRefused("augen_re", "augen_impossible", got=augen)
    schwarz = _parse_schwarz(raw.get("schwarz"), augen)
    ansage, absage = parse_statements(raw.get("statements"), imply_ansage)
    specials = parse_specials(raw.get("specials"))
    if not common.kind.team and any(+counter for counter in specials.values()):
        raise DdvRefused("specials", "specials_in_solo")
    check_specials(specials, augen, schwarz)
    return CalculatorGame(table, common, re, augen, schwarz, ansage, absage, specials)


def _parse_schwarz(value: Any, augen: int) -> Party | None:
    table = {"re": Party.RE, "kontra": Party.KONTRA, "none": None}
    if value is None:
        if augen in (0, TOTAL_AUGEN):
            raise DdvRefused("schwarz", "schwarz_missing", augen=augen)
        return None
    if type(value) is not str or value not in table:
        raise DdvRefused(
            "schwarz", "invalid_choice", got=shown(value), choices="null, re, kontra, none"
        )
    party = table[value]
    if party is Party.RE and augen != 0:
        raise DdvRefused("schwarz", "schwarz_re")
    if party is Party.KONTRA and augen != TOTAL_AUGEN:
        raise DdvRefused("schwarz", "schwarz_kontra")
    return party
