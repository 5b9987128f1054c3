"""Parsing and validation: a JSON-like mapping becomes one of four typed, frozen records.

SCORING.md §6 recognises a record in this order: **direct points** (``points`` given),
**revoke** (``revoke`` not null), **quick entry** (``winners`` or ``value`` given), **calculator**
(everything else). Every check of §5 happens here, so the engine can trust what it gets; each
refusal is a :class:`~scoring.rules.errors.RecordError` naming the field.

JSON typing is strict, as §5 demands: ``true`` is not a seat, ``4.0`` is not a table size,
``"130"`` is not Augen. ``null`` is accepted only where §8 shows it (``sitting_out``, ``schwarz``,
``revoke``); for ``points``, ``winners`` and ``value`` a null counts as "not given", like a
missing key, so a form that always sends every field still enters the right way.

Unknown keys
    *Top level*: a record may carry the sheet's own bookkeeping ("game", "dealer", "id",
    "note", …), so unknown top-level keys are ignored — unless a key looks like a misspelling
    of a known one ("augen", "statement", "sitting-out", "Winners"), which is refused with a
    suggestion, because silently dropping "statement" would score a game without its calls.
    *Nested objects* (statements, specials, revoke) have no room for bookkeeping: any unknown
    key there is refused.

Fields an entry method does not read are not validated either: a revoke reads only ``kind``,
``table_size``, ``sitting_out``, ``re`` (one-Re kinds) and ``revoke.offender`` (§6.4); a quick
entry of ``normal``/``hochzeit`` ignores ``re`` (§6.2); direct points ignore ``kind`` (§6.3).
"""

from __future__ import annotations

import difflib
import re as regex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from scoring.rules.errors import RecordError, number, shown
from scoring.rules.options import DEFAULT_OPTIONS, ScoringOptions
from scoring.rules.vocabulary import (
    ABSAGE_LEVEL,
    ANNOUNCED_SOLOS,
    CALL_BY_VALUE,
    KIND_BY_VALUE,
    LAST_TRICK_SPECIALS,
    ONE_RE_KINDS,
    PARTY_BY_VALUE,
    RE_PARTY_SIZE,
    SCHWARZ_BY_VALUE,
    SPECIAL_BY_VALUE,
    TOTAL_AUGEN,
    Call,
    EntryMethod,
    Kind,
    Party,
    Schwarz,
    Special,
)

RE = Party.RE
KONTRA = Party.KONTRA

#: Every top-level key of §8.
KNOWN_FIELDS: frozenset[str] = frozenset(
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
    }
)
STATEMENT_FIELDS: frozenset[str] = frozenset({"party", "call", "before_lead"})
SPECIAL_FIELDS: frozenset[str] = frozenset({"party", "kind"})
REVOKE_FIELDS: frozenset[str] = frozenset({"offender"})

#: Highest game value a quick entry or direct points may carry (§5).
MAX_VALUE = 30

#: The seats of a table and, per sitting-out seat, the four active ones.
ACTIVE_SEATS: dict[tuple[int, int | None], tuple[int, ...]] = {(4, None): (1, 2, 3, 4)}
for _out in range(1, 6):
    ACTIVE_SEATS[(5, _out)] = tuple(s for s in range(1, 6) if s != _out)
SEAT_KEYS: dict[int, dict[str, int]] = {n: {str(s): s for s in range(1, n + 1)} for n in (4, 5)}

_CHOICES = {
    "kind": ", ".join(KIND_BY_VALUE),
    "party": ", ".join(PARTY_BY_VALUE),
    "call": ", ".join(CALL_BY_VALUE),
    "special": ", ".join(s for s in SPECIAL_BY_VALUE if s != "gegen"),
    "schwarz": "null, " + ", ".join(SCHWARZ_BY_VALUE),
}


class Statement(NamedTuple):
    """One call of the ``statements`` list: who said it and whether before the first lead."""

    party: Party
    call: Call
    before_lead: bool = False


class SpecialPoint(NamedTuple):
    """One Sonderpunkt of the ``specials`` list and the party that earned it."""

    party: Party
    kind: Special


@dataclass(frozen=True, slots=True)
class CalculatorRecord:
    """The full record of a played game (§6.1): the engine derives winner, V and breakdown.

    ``schwarz`` is the party that took no trick (derived from the Augen with 40 cards), or None.
    """

    table_size: int
    sitting_out: int | None
    kind: Kind
    re: tuple[int, ...]
    augen_re: int
    schwarz: Party | None
    statements: tuple[Statement, ...] = ()
    specials: tuple[SpecialPoint, ...] = ()

    method: ClassVar[EntryMethod] = EntryMethod.CALCULATOR

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class QuickEntry:
    """What the paper sheet holds (§6.2): the kind, the plus seats ("Sieger") and V ≥ 0.

    ``re`` is the soloist in a one-Re kind and None otherwise.
    """

    table_size: int
    sitting_out: int | None
    kind: Kind
    winners: tuple[int, ...]
    value: int
    re: tuple[int, ...] | None = None

    method: ClassVar[EntryMethod] = EntryMethod.QUICK_ENTRY

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class DirectPoints:
    """The per-seat plus/minus column of the paper sheet (§6.3), already checked for a pattern."""

    table_size: int
    sitting_out: int | None
    points: dict[int, int]

    method: ClassVar[EntryMethod] = EntryMethod.DIRECT_POINTS
    kind: ClassVar[None] = None

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


@dataclass(frozen=True, slots=True)
class Revoke:
    """A Verwerfen (§6.4): the game's score is replaced by the revoke payout.

    ``re`` is the soloist in a one-Re kind and None otherwise (the offender's party does not
    matter in ``normal``/``hochzeit``).
    """

    table_size: int
    sitting_out: int | None
    kind: Kind
    offender: int
    re: tuple[int, ...] | None = None

    method: ClassVar[EntryMethod] = EntryMethod.REVOKE

    @property
    def active_seats(self) -> tuple[int, ...]:
        return ACTIVE_SEATS[(self.table_size, self.sitting_out)]


Record = CalculatorRecord | QuickEntry | DirectPoints | Revoke


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def parse_record(raw: Any, options: ScoringOptions = DEFAULT_OPTIONS) -> Record:
    """Validate ``raw`` (a JSON-like mapping) and return its typed record.

    Raises :class:`RecordError` for anything §5 refuses; never any other exception for
    JSON-like input.
    """
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise RecordError(None, "record_not_object", got=shown(raw))
    if not raw.keys() <= KNOWN_FIELDS:
        _check_unknown_top_level(raw)
    table_size, sitting_out = _parse_table(raw)
    if raw.get("points") is not None:
        return _parse_direct_points(raw, table_size, sitting_out)
    if raw.get("revoke") is not None:
        return _parse_revoke(raw, table_size, sitting_out)
    if raw.get("winners") is not None or raw.get("value") is not None:
        return _parse_quick_entry(raw, table_size, sitting_out)
    return _parse_calculator(raw, table_size, sitting_out, options)


# --------------------------------------------------------------------------------------------
# Shared pieces
# --------------------------------------------------------------------------------------------


def _normalise_key(key: str) -> str:
    return regex.sub(r"[^a-z0-9]", "", key.lower())


_NORMALISED_KNOWN = {_normalise_key(k): k for k in KNOWN_FIELDS}


def suggest_field(key: str) -> str | None:
    """The known field ``key`` is probably a misspelling of, or None if it looks unrelated."""
    norm = _normalise_key(key)
    if not norm:
        return None
    if norm in _NORMALISED_KNOWN:
        return _NORMALISED_KNOWN[norm]
    close = difflib.get_close_matches(norm, list(_NORMALISED_KNOWN), n=1, cutoff=0.75)
    return _NORMALISED_KNOWN[close[0]] if close else None


def _check_unknown_top_level(raw: Mapping[Any, Any]) -> None:
    for key in raw:
        if key in KNOWN_FIELDS or type(key) is not str:
            continue
        suggestion = suggest_field(key)
        if suggestion is not None:
            raise RecordError(key, "unknown_field_typo", suggestion=suggestion)


def _check_nested_keys(item: Mapping[Any, Any], allowed: frozenset[str], path: str) -> None:
    if item.keys() <= allowed:
        return
    for key in item:
        if key not in allowed:
            raise RecordError(f"{path}.{key}", "unknown_field")


def _as_mapping(value: Any, field: str) -> Mapping[Any, Any]:
    if type(value) is dict or isinstance(value, Mapping):
        return value
    raise RecordError(field, "not_object", got=shown(value))


def _as_list(value: Any, field: str) -> list[Any] | tuple[Any, ...]:
    if type(value) is list or type(value) is tuple:
        return value
    raise RecordError(field, "not_list", got=shown(value))


def _as_int(value: Any, field: str) -> int:
    if type(value) is int:
        return value
    raise RecordError(field, "not_int", got=shown(value))


def _choice(value: Any, table: dict[str, Any], field: str, choices: str) -> Any:
    if type(value) is str:
        found = table.get(value)
        if found is not None:
            return found
    if value is None:
        raise RecordError(field, "missing")
    raise RecordError(field, "invalid_choice", choices=_CHOICES[choices], got=shown(value))


def _parse_table(raw: Mapping[str, Any]) -> tuple[int, int | None]:
    table_size = raw.get("table_size", 4)
    if type(table_size) is not int:
        raise RecordError("table_size", "not_int", got=shown(table_size))
    sitting_out = raw.get("sitting_out")
    if table_size == 4:
        if sitting_out is not None:
            raise RecordError("sitting_out", "sitting_out_not_allowed", got=shown(sitting_out))
        return 4, None
    if table_size != 5:
        raise RecordError("table_size", "table_size_invalid", got=shown(table_size))
    if sitting_out is None:
        raise RecordError("sitting_out", "sitting_out_missing")
    if type(sitting_out) is not int:
        raise RecordError("sitting_out", "not_int", got=shown(sitting_out))
    if not 1 <= sitting_out <= 5:
        raise RecordError(
            "sitting_out", "seat_out_of_range", seat=number(sitting_out), table_size=5
        )
    return 5, sitting_out


def _parse_kind(raw: Mapping[str, Any]) -> Kind:
    return _choice(raw.get("kind"), KIND_BY_VALUE, "kind", "kind")


def _parse_seat(value: Any, field: str, table_size: int, sitting_out: int | None) -> int:
    if type(value) is not int:
        if value is None:
            raise RecordError(field, "missing")
        raise RecordError(field, "not_int", got=shown(value))
    if not 1 <= value <= table_size:
        raise RecordError(field, "seat_out_of_range", seat=number(value), table_size=table_size)
    if value == sitting_out:
        raise RecordError(field, "seat_sitting_out", seat=value)
    return value


def _parse_seats(
    value: Any, field: str, table_size: int, sitting_out: int | None
) -> tuple[int, ...]:
    if value is None:
        raise RecordError(field, "missing")
    items = _as_list(value, field)
    seen: list[int] = []
    for index, seat in enumerate(items):
        if type(seat) is not int or not 1 <= seat <= table_size or seat == sitting_out:
            _parse_seat(seat, f"{field}[{index}]", table_size, sitting_out)
        if seat in seen:
            raise RecordError(f"{field}[{index}]", "seat_twice", seat=seat)
        seen.append(seat)
    return tuple(seen)


def _parse_re_party(
    raw: Mapping[str, Any], kind: Kind, table_size: int, sitting_out: int | None
) -> tuple[int, ...]:
    seats = _parse_seats(raw.get("re"), "re", table_size, sitting_out)
    expected = RE_PARTY_SIZE[kind]
    if len(seats) != expected:
        code = "re_size_one" if expected == 1 else "re_size_two"
        raise RecordError("re", code, kind=kind.value, size=len(seats))
    return seats


# --------------------------------------------------------------------------------------------
# Calculator (§6.1)
# --------------------------------------------------------------------------------------------


def _parse_calculator(
    raw: Mapping[str, Any], table_size: int, sitting_out: int | None, options: ScoringOptions
) -> CalculatorRecord:
    kind = _parse_kind(raw)
    re_seats = _parse_re_party(raw, kind, table_size, sitting_out)
    augen = _parse_augen(raw, options)
    schwarz = _parse_schwarz(raw.get("schwarz"), augen, options)
    statements = _parse_statements(raw.get("statements", ()), kind)
    specials = _parse_specials(raw.get("specials", ()), kind, augen)
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
        given = _choice(value, SCHWARZ_BY_VALUE, "schwarz", "schwarz")
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


_WRONG_PARTY_CODE = {
    (Call.RE, KONTRA): "re_by_kontra",
    (Call.KONTRA, RE): "kontra_by_re",
    (Call.SUB, KONTRA): "sub_by_kontra",
    (Call.IN, RE): "in_by_re",
}
_STATEMENT_CACHE: dict[tuple[str, str, bool], Statement] = {}


def _parse_statement(item: Any, path: str) -> Statement:
    if type(item) is dict:
        party_raw = item.get("party")
        call_raw = item.get("call")
        before_lead = item.get("before_lead", False)
        # Fast path: a well-formed item of known strings, looked up in a small cache.
        if (
            type(party_raw) is str
            and type(call_raw) is str
            and type(before_lead) is bool
            and len(item) <= 3
        ):
            cached = _STATEMENT_CACHE.get((party_raw, call_raw, before_lead))
            if cached is not None and item.keys() <= STATEMENT_FIELDS:
                return cached
    item = _as_mapping(item, path)
    _check_nested_keys(item, STATEMENT_FIELDS, path)
    party = _choice(item.get("party"), PARTY_BY_VALUE, f"{path}.party", "party")
    call = _choice(item.get("call"), CALL_BY_VALUE, f"{path}.call", "call")
    before_lead = item.get("before_lead", False)
    if type(before_lead) is not bool:
        raise RecordError(f"{path}.before_lead", "not_bool", got=shown(before_lead))
    return Statement(party, call, before_lead)


for _party in Party:
    for _call in Call:
        for _before in (False, True):
            _STATEMENT_CACHE[(_party.value, _call.value, _before)] = Statement(
                _party, _call, _before
            )


def _parse_statements(value: Any, kind: Kind) -> tuple[Statement, ...]:
    """Statements of §4.3/§4.4 with every §5 rule; the order of the list does not matter."""
    items = _as_list(value, "statements")
    if not items:
        return ()
    announced = kind in ANNOUNCED_SOLOS
    statements: list[Statement] = []
    first_seen: set[tuple[Party, bool]] = set()
    second_seen: set[Call] = set()
    for index, item in enumerate(items):
        statement = _parse_statement(item, f"statements[{index}]")
        party, call, before_lead = statement
        if call is Call.RE or call is Call.KONTRA:
            if (call is Call.RE) is not (party is RE):
                raise RecordError(f"statements[{index}].call", _WRONG_PARTY_CODE[(call, party)])
            key = (party, False if announced else before_lead)
            if key in first_seen:
                if announced:
                    code = "first_call_twice_solo"
                elif before_lead:
                    code = "first_call_twice_before_lead"
                else:
                    code = "first_call_twice_after_lead"
                raise RecordError(f"statements[{index}]", code, call=call.value)
            first_seen.add(key)
        elif call is Call.SUB or call is Call.IN:
            if (call is Call.SUB) is not (party is RE):
                raise RecordError(f"statements[{index}].call", _WRONG_PARTY_CODE[(call, party)])
            if call in second_seen:
                raise RecordError(f"statements[{index}]", "second_call_twice", call=call.value)
            second_seen.add(call)
        statements.append(statement)
    re_said = (RE, False) in first_seen or (RE, True) in first_seen
    kontra_said = (KONTRA, False) in first_seen or (KONTRA, True) in first_seen
    if len(statements) > len(first_seen):  # Sub, In or Absagen present
        for index, (party, call, _before) in enumerate(statements):
            if call is Call.SUB or call is Call.IN:
                if not (re_said and kontra_said):
                    raise RecordError(
                        f"statements[{index}].call",
                        "second_call_without_first_calls",
                        call=call.value,
                    )
            elif call in ABSAGE_LEVEL and not (re_said if party is RE else kontra_said):
                code = "absage_without_re" if party is RE else "absage_without_kontra"
                raise RecordError(f"statements[{index}].call", code, call=call.value)
    return tuple(statements)


# --------------------------------------------------------------------------------------------
# Sonderpunkte (§4.6 and the combination rules of §5)
# --------------------------------------------------------------------------------------------

_SPECIAL_CACHE: dict[tuple[str, str], SpecialPoint] = {
    (p.value, s.value): SpecialPoint(p, s) for p in Party for s in Special
}


def _parse_special(item: Any, path: str) -> SpecialPoint:
    if type(item) is dict and len(item) == 2:
        party_raw = item.get("party")
        kind_raw = item.get("kind")
        if type(party_raw) is str and type(kind_raw) is str:
            cached = _SPECIAL_CACHE.get((party_raw, kind_raw))
            if cached is not None:
                return cached
    item = _as_mapping(item, path)
    _check_nested_keys(item, SPECIAL_FIELDS, path)
    party = _choice(item.get("party"), PARTY_BY_VALUE, f"{path}.party", "party")
    kind = _choice(item.get("kind"), SPECIAL_BY_VALUE, f"{path}.kind", "special")
    return SpecialPoint(party, kind)


def _parse_specials(value: Any, kind: Kind, augen: int) -> tuple[SpecialPoint, ...]:
    items = _as_list(value, "specials")
    if not items:
        return ()
    if kind in ANNOUNCED_SOLOS:
        raise RecordError("specials", "specials_in_announced_solo", kind=kind.value)
    specials: list[SpecialPoint] = []
    for index, item in enumerate(items):
        special = _parse_special(item, f"specials[{index}]")
        if special.kind is Special.GEGEN:
            raise RecordError(f"specials[{index}].kind", "gegen_by_hand")
        party_augen = augen if special.party is RE else TOTAL_AUGEN - augen
        if party_augen == 0:
            raise RecordError(
                f"specials[{index}].party",
                "special_without_augen",
                special=special.kind.value,
                party=special.party.value,
            )
        specials.append(special)
    check_special_combinations(specials, kind, augen)
    return tuple(specials)


def check_special_combinations(specials: list[SpecialPoint], kind: Kind, augen: int) -> None:
    """Refuse Sonderpunkte that no deal can produce (§5), field ``specials``."""
    total: dict[Special, int] = {}
    doppelkopf_re = doppelkopf_kontra = 0
    last_trick_parties: set[Party] = set()
    for party, special in specials:
        total[special] = total.get(special, 0) + 1
        if special is Special.DOPPELKOPF:
            if party is RE:
                doppelkopf_re += 1
            else:
                doppelkopf_kontra += 1
        elif special in LAST_TRICK_SPECIALS:
            last_trick_parties.add(party)

    doppelkopf = doppelkopf_re + doppelkopf_kontra
    if doppelkopf > 4:
        raise RecordError("specials", "doppelkopf_too_many", count=doppelkopf)
    for party, n, party_augen in (
        (RE, doppelkopf_re, augen),
        (KONTRA, doppelkopf_kontra, TOTAL_AUGEN - augen),
    ):
        if party_augen < 40 * n:
            raise RecordError(
                "specials",
                "doppelkopf_augen",
                party=party.value,
                count=n,
                needed=40 * n,
                augen=party_augen,
            )
    if not last_trick_parties and len(total) == len(specials) and doppelkopf <= 1:
        return  # every Sonderpunkt at most once and none of the last trick: nothing to combine
    fuchs_am_end = total.get(Special.FUCHS_AM_END, 0)
    fuchs_caught_last = total.get(Special.FUCHS_AM_END_GEFANGEN, 0)
    # checked before the fox count it is implied by, for the clearer message
    if fuchs_am_end and fuchs_caught_last > 1:
        raise RecordError("specials", "fuchs_caught_with_fuchs_am_end", count=fuchs_caught_last)
    foxes = total.get(Special.FUCHS_GEFANGEN, 0) + fuchs_caught_last + fuchs_am_end
    if foxes > 2:
        raise RecordError("specials", "fuchs_too_many", count=foxes)
    herzstich = total.get(Special.HERZSTICH, 0)
    if herzstich > 1:
        raise RecordError("specials", "herzstich_too_many", count=herzstich)
    charlie_am_end = total.get(Special.CHARLIE_AM_END, 0)
    if fuchs_am_end + charlie_am_end > 1:
        raise RecordError("specials", "last_trick_two_winners", count=fuchs_am_end + charlie_am_end)
    if len(last_trick_parties) > 1:
        raise RecordError("specials", "last_trick_split")
    charlie_caught = total.get(Special.CHARLIE_AM_END_GEFANGEN, 0)
    if charlie_caught > 2:
        raise RecordError("specials", "charlie_caught_too_many", count=charlie_caught)
    if charlie_am_end and charlie_caught > 1:
        raise RecordError("specials", "charlie_caught_with_charlie_am_end", count=charlie_caught)
    if fuchs_am_end and charlie_caught:
        raise RecordError("specials", "charlie_caught_with_fuchs_am_end")
    caught = fuchs_caught_last + charlie_caught
    if caught:
        (last_trick_winner,) = last_trick_parties
        # opponent cards in the last trick: 2 in a normal game; 3 or 1 around a soloist
        limit = (3 if last_trick_winner is RE else 1) if kind in ONE_RE_KINDS else 2
        if caught > limit:
            raise RecordError(
                "specials",
                "last_trick_caught_too_many",
                party=last_trick_winner.value,
                limit=limit,
                count=caught,
            )


# --------------------------------------------------------------------------------------------
# Quick entry (§6.2), direct points (§6.3), revoke (§6.4)
# --------------------------------------------------------------------------------------------


def _parse_quick_entry(
    raw: Mapping[str, Any], table_size: int, sitting_out: int | None
) -> QuickEntry:
    kind = _parse_kind(raw)
    winners = _parse_seats(raw.get("winners"), "winners", table_size, sitting_out)
    value = raw.get("value")
    if value is None:
        raise RecordError("value", "missing")
    if type(value) is not int:
        raise RecordError("value", "not_int", got=shown(value))
    if not 0 <= value <= MAX_VALUE:
        raise RecordError("value", "value_range", got=shown(value))
    active = ACTIVE_SEATS[(table_size, sitting_out)]
    if kind in ONE_RE_KINDS:
        re_seats = _parse_re_party(raw, kind, table_size, sitting_out)
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
    given = _as_mapping(raw.get("points"), "points")
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
        points[seat] = _as_int(given[key], f"points.{key}")
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
    kind = _parse_kind(raw)
    revoke = _as_mapping(raw.get("revoke"), "revoke")
    _check_nested_keys(revoke, REVOKE_FIELDS, "revoke")
    offender = _parse_seat(revoke.get("offender"), "revoke.offender", table_size, sitting_out)
    re_seats = None
    if kind in ONE_RE_KINDS:
        re_seats = _parse_re_party(raw, kind, table_size, sitting_out)
    return Revoke(table_size, sitting_out, kind, offender, re_seats)
