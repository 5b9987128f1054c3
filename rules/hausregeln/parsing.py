"""Parsing a game record: a JSON-like mapping becomes one of the four typed records.

SCORING.md §6 recognises a record in this order: **direct points** (``points`` given),
**revoke** (``revoke`` not null), **quick entry** (``winners`` or ``value`` given), **calculator**
(everything else). Every check of §5 happens while parsing, so the engine can trust what it
gets; each refusal is a :class:`~rules.hausregeln.errors.RecordError` naming the field. For
``points``, ``winners`` and ``value`` a null counts as "not given", like a missing key, so a form
that always sends every field still enters the right way.

Fields an entry method does not read are not validated either: a revoke reads only ``kind``,
``table_size``, ``sitting_out``, ``re`` (one-Re kinds) and ``revoke.offender`` (§6.4); a quick
entry of ``normal``/``hochzeit`` ignores ``re`` (§6.2); direct points ignore ``kind`` (§6.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.hausregeln.errors import RecordError, number, shown
from rules.hausregeln.fields import (
    SEAT_KEYS,
    as_choice,
    as_int,
    as_mapping,
    parse_kind,
    parse_re_party,
    parse_seat,
    parse_seat_list,
    parse_table,
)
from rules.hausregeln.keys import (
    KNOWN_FIELDS,
    REVOKE_FIELDS,
    check_nested_keys,
    check_unknown_top_level,
)
from rules.hausregeln.options import DEFAULT_OPTIONS, ScoringOptions
from rules.hausregeln.records import (
    ACTIVE_SEATS,
    CalculatorRecord,
    DirectPoints,
    QuickEntry,
    Record,
    Revoke,
)
from rules.hausregeln.specials import parse_specials
from rules.hausregeln.statements import parse_statements
from rules.hausregeln.vocabulary import ONE_RE_KINDS, SCHWARZ_BY_VALUE, TOTAL_AUGEN, Party, Schwarz

RE = Party.RE
KONTRA = Party.KONTRA

#: Highest game value a quick entry or direct points may carry (§5).
MAX_VALUE = 30


def parse_record(raw: Any, options: ScoringOptions = DEFAULT_OPTIONS) -> Record:
    """Validate ``raw`` (a JSON-like mapping) and return its typed record.

    Raises :class:`RecordError` for anything §5 refuses; never any other exception for
    JSON-like input.
    """
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise RecordError(None, "record_not_object", got=shown(raw))
    if not raw.keys() <= KNOWN_FIELDS:
        check_unknown_top_level(raw)
    table_size, sitting_out = parse_table(raw)
    if raw.get("points") is not None:
        return _parse_direct_points(raw, table_size, sitting_out)
    if raw.get("revoke") is not None:
        return _parse_revoke(raw, table_size, sitting_out)
    if raw.get("winners") is not None or raw.get("value") is not None:
        return _parse_quick_entry(raw, table_size, sitting_out)
    return _parse_calculator(raw, table_size, sitting_out, options)


# --------------------------------------------------------------------------------------------
# Calculator (§6.1)
# --------------------------------------------------------------------------------------------


def _parse_calculator(
    raw: Mapping[str, Any], table_size: int, sitting_out: int | None, options: ScoringOptions
) -> CalculatorRecord:
    kind = parse_kind(raw)
    re_seats = parse_re_party(raw, kind, table_size, sitting_out)
    augen = _parse_augen(raw, options)
    schwarz = _parse_schwarz(raw.get("schwarz"), augen, options)
    statements = parse_statements(raw.get("statements", ()), kind)
    specials = parse_specials(raw.get("specials", ()), kind, augen)
    return CalculatorRecord(
        table_size, sitting_out, kind, re_seats, augen, schwarz, statements, specials
    )


def _parse_augen(raw: Mapping[str, Any], options: ScoringOptions) -> int:
    augen = raw.get("augen_re")
    if type(augen) is not int:
        if augen is None:
            raise RecordError("augen_re", "missing")
        raise RecordError("augen_re", "not_int", got=shown(augen))
    if not 0 <= augen <= TOTAL_AUGEN:
        raise RecordError("augen_re", "augen_range", augen=number(augen))
    if options.deck == 40 and (1 <= augen <= 7 or 233 <= augen <= 239):
        raise RecordError("augen_re", "augen_gap", augen=augen)
    return augen


def _parse_schwarz(value: Any, augen: int, options: ScoringOptions) -> Party | None:
    """The party that took no trick: derived with 40 cards, explicit at 0/240 with 48 (§5)."""
    given: Schwarz | None = None
    if value is not None:
        given = as_choice(value, SCHWARZ_BY_VALUE, "schwarz", "schwarz")
    if options.deck == 40:
        derived = Schwarz.RE if augen == 0 else Schwarz.KONTRA if augen == 240 else Schwarz.NONE
        if given is not None and given is not derived:
            raise RecordError(
                "schwarz",
                "schwarz_contradiction",
                given=given.value,
                augen=augen,
                derived=derived.value,
            )
        given = derived
    elif given is None:
        if augen == 0 or augen == TOTAL_AUGEN:
            raise RecordError("schwarz", "schwarz_required", augen=augen)
        return None
    elif given is Schwarz.RE and augen != 0:
        raise RecordError("schwarz", "schwarz_re_needs_0", augen=augen)
    elif given is Schwarz.KONTRA and augen != TOTAL_AUGEN:
        raise RecordError("schwarz", "schwarz_kontra_needs_240", augen=augen)
    if given is Schwarz.RE:
        return RE
    if given is Schwarz.KONTRA:
        return KONTRA
    return None


# --------------------------------------------------------------------------------------------
# Quick entry (§6.2), direct points (§6.3), revoke (§6.4)
# --------------------------------------------------------------------------------------------


def _parse_quick_entry(
    raw: Mapping[str, Any], table_size: int, sitting_out: int | None
) -> QuickEntry:
    kind = parse_kind(raw)
    winners = parse_seat_list(raw.get("winners"), "winners", table_size, sitting_out)
    value = raw.get("value")
    if value is None:
        raise RecordError("value", "missing")
    if type(value) is not int:
        raise RecordError("value", "not_int", got=shown(value))
    if not 0 <= value <= MAX_VALUE:
        raise RecordError("value", "value_range", got=shown(value))
    active = ACTIVE_SEATS[(table_size, sitting_out)]
    if kind in ONE_RE_KINDS:
        re_seats = parse_re_party(raw, kind, table_size, sitting_out)
        soloist = re_seats[0]
        opponents = tuple(s for s in active if s != soloist)
        if len(winners) == 1:
            ok = winners[0] == soloist
        else:
            ok = len(winners) == 3 and set(winners) == set(opponents)
        if not ok:
            raise RecordError(
                "winners",
                "winners_not_solo_side",
                kind=kind.value,
                soloist=soloist,
                opponents=" + ".join(map(str, opponents)),
            )
        return QuickEntry(table_size, sitting_out, kind, winners, value, re_seats)
    if len(winners) != 2:
        raise RecordError("winners", "winners_not_pair", kind=kind.value)
    return QuickEntry(table_size, sitting_out, kind, winners, value, None)


def _parse_direct_points(
    raw: Mapping[str, Any], table_size: int, sitting_out: int | None
) -> DirectPoints:
    given = as_mapping(raw.get("points"), "points")
    seat_keys = SEAT_KEYS[table_size]
    if len(given) != table_size or not given.keys() <= seat_keys.keys():
        for key in given:
            if key not in seat_keys:
                raise RecordError(
                    f"points.{key}", "points_unknown_seat", key=str(key), table_size=table_size
                )
    points: dict[int, int] = {}
    for key, seat in seat_keys.items():
        if key not in given:
            raise RecordError(
                f"points.{key}", "points_seat_missing", seat=seat, table_size=table_size
            )
        points[seat] = as_int(given[key], f"points.{key}")
    if sitting_out is not None and points[sitting_out] != 0:
        raise RecordError(
            f"points.{sitting_out}",
            "points_sitting_out",
            seat=sitting_out,
            got=number(points[sitting_out]),
        )
    total = sum(points.values())
    if total != 0:
        raise RecordError("points", "points_sum", total=number(total))
    value = points_pattern_value([points[s] for s in ACTIVE_SEATS[(table_size, sitting_out)]])
    if value is None:
        shown_points = ", ".join(
            f"{s}: {'+' if p > 0 else ''}{number(p)}" for s, p in points.items()
        )
        raise RecordError("points", "points_pattern", points=shown_points)
    if value > MAX_VALUE:
        raise RecordError("points", "points_value_too_high", value=number(value))
    return DirectPoints(table_size, sitting_out, points)


def points_pattern_value(active_points: list[int]) -> int | None:
    """V of a §6.3 pattern over the four active seats, or None if it fits none.

    Patterns: ``+V,+V,−V,−V``, ``+3V,−V,−V,−V``, ``−3V,+V,+V,+V`` (V ≥ 0) and the revoke pattern
    ``−15,+15,0,0`` (``−15,+5,+5,+5`` is already ``−3V,+V,+V,+V`` with V = 5).
    """
    a, b, c, d = sorted(active_points)
    if a == b and c == d and a == -d and d >= 0:
        return d
    if a == b == c and d == -3 * a and d > 0:
        return d // 3
    if b == c == d and a == -3 * d and d > 0:
        return d
    if (a, b, c, d) == (-15, 0, 0, 15):
        return 15
    return None


def _parse_revoke(raw: Mapping[str, Any], table_size: int, sitting_out: int | None) -> Revoke:
    kind = parse_kind(raw)
    revoke = as_mapping(raw.get("revoke"), "revoke")
    check_nested_keys(revoke, REVOKE_FIELDS, "revoke")
    offender = parse_seat(revoke.get("offender"), "revoke.offender", table_size, sitting_out)
    re_seats = None
    if kind in ONE_RE_KINDS:
        re_seats = parse_re_party(raw, kind, table_size, sitting_out)
    return Revoke(table_size, sitting_out, kind, offender, re_seats)
