"""Parsing a game record: a JSON-like mapping becomes one of the typed records.

SCORING.md §6 and CLUBRULES.md §3.3 recognise a record in this order: **direct points**
(``points`` given), **Schmeißen** (``schmeissen`` not null), **revoke** (``revoke`` not null),
**quick entry** (``winners`` or ``value`` given), **calculator** (everything else). The club's
fields (``armut``, ``klaerungsstich``, ``bock``, ``bock_ausloeser``) are checked against the
options: at the defaults each is refused wherever it describes something SCORING.md does not
play. Every check of §5 happens while parsing, so the engine can trust what it
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
from rules.hausregeln.options import DEFAULT_OPTIONS, SCHMEISSEN_REASONS, ScoringOptions
from rules.hausregeln.records import (
    ACTIVE_SEATS,
    CalculatorRecord,
    DirectPoints,
    QuickEntry,
    Record,
    Revoke,
    Schmeissen,
)
from rules.hausregeln.specials import parse_specials
from rules.hausregeln.statements import parse_statements
from rules.hausregeln.vocabulary import (
    ANNOUNCED_SOLOS,
    ONE_RE_KINDS,
    SCHWARZ_BY_VALUE,
    TOTAL_AUGEN,
    Kind,
    Party,
    Schwarz,
)

RE = Party.RE
KONTRA = Party.KONTRA

#: Highest game value a quick entry or direct points may carry (§5) under SCORING.md.
MAX_VALUE = 30
_HOCHZEITEN = (Kind.HOCHZEIT, Kind.HOCHZEIT_ALLEIN)
_ARMUT_FIELDS = frozenset({"poor"})
_SCHMEISSEN_FIELDS = frozenset({"seat", "reason"})
_FORTY_CARDS_NO = frozenset({"neunen", "neunen_koenige"})


def played_kinds(options: ScoringOptions) -> frozenset[Kind]:
    """The kinds a record may have under ``options`` (CLUBRULES.md §3.1, §3.2)."""
    return options.played_kinds


def solo_valued(kind: Kind, options: ScoringOptions) -> bool:
    """Whether ``kind`` is valued like an announced solo: no Sonderpunkte, no "Gegen", type
    points (CLUBRULES.md §4.5)."""
    if kind in ANNOUNCED_SOLOS:
        return True
    if kind is Kind.STILLES_SOLO:
        return options.stilles_solo == "solo"
    if kind is Kind.HOCHZEIT_ALLEIN:
        return options.hochzeit_allein == "solo"
    return False


def parse_record(
    raw: Any, options: ScoringOptions = DEFAULT_OPTIONS, *, bock: int | None = None
) -> Record:
    """Validate ``raw`` (a JSON-like mapping) and return its typed record.

    ``bock`` is the multiplier a sheet derived for the row (CLUBRULES.md §5.3): a ``bock``
    field must then equal it. Without it (a single record) the ``bock`` field is checked
    against the options alone (§3.5). Raises :class:`RecordError` for anything SCORING.md §5
    or CLUBRULES.md §6 refuses; never any other exception for JSON-like input.
    """
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise RecordError(None, "record_not_object", got=shown(raw))
    if not raw.keys() <= KNOWN_FIELDS:
        check_unknown_top_level(raw)
    table_size, sitting_out = parse_table(raw)
    schmeissen = raw.get("schmeissen")
    if schmeissen is not None and options.schmeissen == "not_entered":
        raise RecordError("schmeissen", "schmeissen_not_entered")
    m = _parse_bock(raw.get("bock"), options, bock, table_size)
    if raw.get("points") is not None:
        ausloeser = _parse_ausloeser(raw, options)
        return _parse_direct_points(raw, table_size, sitting_out, options, m, ausloeser)
    if schmeissen is not None:
        if raw.get("bock_ausloeser") is not None:
            _parse_ausloeser(raw, options)
            if raw["bock_ausloeser"]:
                raise RecordError("bock_ausloeser", "bock_ausloeser_schmeissen")
        return _parse_schmeissen(schmeissen, table_size, sitting_out, options, m)
    ausloeser = _parse_ausloeser(raw, options)
    if raw.get("revoke") is not None:
        return _parse_revoke(raw, table_size, sitting_out, options, m, ausloeser)
    if raw.get("winners") is not None or raw.get("value") is not None:
        return _parse_quick_entry(raw, table_size, sitting_out, options, m, ausloeser)
    return _parse_calculator(raw, table_size, sitting_out, options, m, ausloeser)


# --------------------------------------------------------------------------------------------
# The club's fields (CLUBRULES.md §3)
# --------------------------------------------------------------------------------------------


def bock_factors(options: ScoringOptions, table_size: int) -> tuple[int, ...]:
    """The multipliers a single record may carry (§3.5)."""
    if not options.bock:
        return (1,)
    f = options.bock_multiplier
    if options.bock_overlap == "queue":
        return (1, f)
    return tuple(f**k for k in range(options.bock_round_games(table_size) + 1))


def _parse_bock(value: Any, options: ScoringOptions, derived: int | None, table_size: int) -> int:
    if value is None:
        return 1 if derived is None else derived
    if type(value) is not int:
        raise RecordError("bock", "not_int", got=shown(value))
    if derived is not None:
        if value != derived:
            raise RecordError("bock", "sheet_bock_mismatch", expected=derived, got=number(value))
        return value
    allowed = bock_factors(options, table_size)
    if value not in allowed:
        if not options.bock:
            raise RecordError("bock", "bock_not_played", got=number(value))
        shown_allowed = ", ".join(map(str, allowed))
        raise RecordError("bock", "bock_invalid", got=number(value), allowed=shown_allowed)
    return value


def _parse_ausloeser(raw: Mapping[str, Any], options: ScoringOptions) -> bool | None:
    value = raw.get("bock_ausloeser")
    if value is None:
        return None
    if type(value) is not bool:
        raise RecordError("bock_ausloeser", "not_bool", got=shown(value))
    if value and not options.bock:
        raise RecordError("bock_ausloeser", "bock_ausloeser_not_played")
    return value


def _parse_kind(raw: Mapping[str, Any], options: ScoringOptions) -> Kind:
    """The kind, allowed by the options, and the club's fields that hang on it: ``armut``
    (§3.2, all but its ``poor``) and ``klaerungsstich`` (§3.4)."""
    kind = parse_kind(raw, played_kinds(options))
    armut = raw.get("armut")
    if armut is not None:
        if kind is not Kind.ARMUT:
            raise RecordError("armut", "armut_field")
        check_nested_keys(as_mapping(armut, "armut"), _ARMUT_FIELDS, "armut")
    klaerungsstich = raw.get("klaerungsstich")
    if klaerungsstich is not None:
        if kind not in _HOCHZEITEN:
            raise RecordError("klaerungsstich", "klaerungsstich_kind", kind=kind.value)
        if type(klaerungsstich) is not int:
            raise RecordError("klaerungsstich", "not_int", got=shown(klaerungsstich))
        last = options.klaerungsstich_max
        if kind is Kind.HOCHZEIT_ALLEIN and klaerungsstich != last:
            raise RecordError(
                "klaerungsstich", "klaerungsstich_allein", max=last, got=number(klaerungsstich)
            )
        if not 1 <= klaerungsstich <= last:
            raise RecordError(
                "klaerungsstich", "klaerungsstich_range", max=last, got=number(klaerungsstich)
            )
    return kind


def _parse_schmeissen(
    value: Any, table_size: int, sitting_out: int | None, options: ScoringOptions, m: int
) -> Schmeissen:
    """A Schmeißen row (§3.3): the active seat that threw in and a reason the club allows."""
    given = as_mapping(value, "schmeissen")
    check_nested_keys(given, _SCHMEISSEN_FIELDS, "schmeissen")
    seat = parse_seat(given.get("seat"), "schmeissen.seat", table_size, sitting_out)
    reason = given.get("reason")
    if type(reason) is not str or reason not in SCHMEISSEN_REASONS:
        if reason is None:
            raise RecordError("schmeissen.reason", "missing")
        choices = ", ".join(options.schmeissen_reasons)
        raise RecordError(
            "schmeissen.reason", "schmeissen_reason_unknown", choices=choices, got=shown(reason)
        )
    if reason not in options.schmeissen_reasons or (
        reason == "armut" and not (options.armut and options.armut_untaken == "redeal")
    ):
        raise RecordError("schmeissen.reason", "schmeissen_reason_not_allowed", reason=reason)
    if reason in _FORTY_CARDS_NO and options.deck == 40:
        raise RecordError("schmeissen.reason", "schmeissen_reason_deck", reason=reason)
    return Schmeissen(table_size, sitting_out, seat, reason, m)


# --------------------------------------------------------------------------------------------
# Calculator (§6.1)
# --------------------------------------------------------------------------------------------


def _parse_calculator(
    raw: Mapping[str, Any],
    table_size: int,
    sitting_out: int | None,
    options: ScoringOptions,
    m: int,
    ausloeser: bool | None,
) -> CalculatorRecord:
    kind = _parse_kind(raw, options)
    re_seats = parse_re_party(raw, kind, table_size, sitting_out)
    armut = raw.get("armut")
    if armut is not None:
        poor = parse_seat(armut.get("poor"), "armut.poor", table_size, sitting_out)
        if poor not in re_seats:
            raise RecordError("armut.poor", "armut_poor_not_re", seat=poor)
    augen = _parse_augen(raw, options)
    schwarz = _parse_schwarz(raw.get("schwarz"), augen, options)
    statements = parse_statements(raw.get("statements", ()), kind)
    no_specials = solo_valued(kind, options) and kind not in ANNOUNCED_SOLOS
    specials = parse_specials(raw.get("specials", ()), kind, augen, no_specials)
    return CalculatorRecord(
        table_size,
        sitting_out,
        kind,
        re_seats,
        augen,
        schwarz,
        statements,
        specials,
        m,
        ausloeser,
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
    raw: Mapping[str, Any],
    table_size: int,
    sitting_out: int | None,
    options: ScoringOptions,
    m: int,
    ausloeser: bool | None,
) -> QuickEntry:
    kind = _parse_kind(raw, options)
    winners = parse_seat_list(raw.get("winners"), "winners", table_size, sitting_out)
    value = raw.get("value")
    if value is None:
        raise RecordError("value", "missing")
    if type(value) is not int:
        raise RecordError("value", "not_int", got=shown(value))
    limit = options.max_value
    if not 0 <= value <= limit:
        if limit == MAX_VALUE:
            raise RecordError("value", "value_range", got=shown(value))
        raise RecordError("value", "value_range_club", max=limit, got=shown(value))
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
        return QuickEntry(table_size, sitting_out, kind, winners, value, re_seats, m, ausloeser)
    if len(winners) != 2:
        raise RecordError("winners", "winners_not_pair", kind=kind.value)
    return QuickEntry(table_size, sitting_out, kind, winners, value, None, m, ausloeser)


def _parse_direct_points(
    raw: Mapping[str, Any],
    table_size: int,
    sitting_out: int | None,
    options: ScoringOptions,
    m: int,
    ausloeser: bool | None,
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
    limit = options.max_value * m
    if value > limit:
        if limit == MAX_VALUE:
            raise RecordError("points", "points_value_too_high", value=number(value))
        raise RecordError("points", "points_value_too_high_club", value=number(value), max=limit)
    return DirectPoints(table_size, sitting_out, points, m, ausloeser)


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


def _parse_revoke(
    raw: Mapping[str, Any],
    table_size: int,
    sitting_out: int | None,
    options: ScoringOptions,
    m: int,
    ausloeser: bool | None,
) -> Revoke:
    kind = _parse_kind(raw, options)
    revoke = as_mapping(raw.get("revoke"), "revoke")
    check_nested_keys(revoke, REVOKE_FIELDS, "revoke")
    offender = parse_seat(revoke.get("offender"), "revoke.offender", table_size, sitting_out)
    re_seats = None
    if kind in ONE_RE_KINDS:
        re_seats = parse_re_party(raw, kind, table_size, sitting_out)
    return Revoke(table_size, sitting_out, kind, offender, re_seats, m, ausloeser)
