"""Reading single fields of a record with strict JSON types: objects, lists, integers, choices,
the table and its seats (SCORING.md §5).

``true`` is not a seat, ``4.0`` is not a table size, ``"130"`` is not Augen. ``null`` is
accepted only where §8 shows it (``sitting_out``, ``schwarz``, ``revoke``). Each reader returns
the typed value or raises a :class:`~rules.hausregeln.errors.RecordError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.hausregeln.errors import RecordError, number, shown
from rules.hausregeln.vocabulary import (
    CALL_BY_VALUE,
    KIND_BY_VALUE,
    PARTY_BY_VALUE,
    RE_PARTY_SIZE,
    SCHWARZ_BY_VALUE,
    SPECIAL_BY_VALUE,
    Kind,
)

#: The keys of a ``points`` object per table size ("1" … "5") and the seat each one names.
SEAT_KEYS: dict[int, dict[str, int]] = {n: {str(s): s for s in range(1, n + 1)} for n in (4, 5)}

_CHOICES = {
    "kind": ", ".join(KIND_BY_VALUE),
    "party": ", ".join(PARTY_BY_VALUE),
    "call": ", ".join(CALL_BY_VALUE),
    "special": ", ".join(s for s in SPECIAL_BY_VALUE if s != "gegen"),
    "schwarz": "null, " + ", ".join(SCHWARZ_BY_VALUE),
}


def as_mapping(value: Any, field: str) -> Mapping[Any, Any]:
    if type(value) is dict or isinstance(value, Mapping):
        return value
    raise RecordError(field, "not_object", got=shown(value))


def as_list(value: Any, field: str) -> list[Any] | tuple[Any, ...]:
    if type(value) is list or type(value) is tuple:
        return value
    raise RecordError(field, "not_list", got=shown(value))


def as_int(value: Any, field: str) -> int:
    if type(value) is int:
        return value
    raise RecordError(field, "not_int", got=shown(value))


def as_choice(value: Any, table: dict[str, Any], field: str, choices: str) -> Any:
    if type(value) is str:
        found = table.get(value)
        if found is not None:
            return found
    if value is None:
        raise RecordError(field, "missing")
    raise RecordError(field, "invalid_choice", choices=_CHOICES[choices], got=shown(value))


def parse_table(raw: Mapping[str, Any]) -> tuple[int, int | None]:
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


def parse_kind(raw: Mapping[str, Any], played: frozenset[Kind] | None = None) -> Kind:
    """The record's ``kind``; with ``played`` (the kinds the options allow, CLUBRULES.md §3.1,
    §3.2) a known kind the club does not play is refused too."""
    value = raw.get("kind")
    kind = KIND_BY_VALUE.get(value) if type(value) is str else None
    if kind is None or played is None:
        if kind is None and played is not None and value is not None:
            choices = ", ".join(k.value for k in Kind if k in played)
            raise RecordError("kind", "invalid_choice", choices=choices, got=shown(value))
        return as_choice(value, KIND_BY_VALUE, "kind", "kind")
    if kind not in played:
        code = "armut_not_played" if kind is Kind.ARMUT else "kind_not_played"
        raise RecordError("kind", code, kind=kind.value)
    return kind


def parse_seat(value: Any, field: str, table_size: int, sitting_out: int | None) -> int:
    if type(value) is not int:
        if value is None:
            raise RecordError(field, "missing")
        raise RecordError(field, "not_int", got=shown(value))
    if not 1 <= value <= table_size:
        raise RecordError(field, "seat_out_of_range", seat=number(value), table_size=table_size)
    if value == sitting_out:
        raise RecordError(field, "seat_sitting_out", seat=value)
    return value


def parse_seat_list(
    value: Any, field: str, table_size: int, sitting_out: int | None
) -> tuple[int, ...]:
    """A record field holding a list of distinct seats (``[1, 4]``), each checked as by
    ``parse_seat``."""
    if value is None:
        raise RecordError(field, "missing")
    items = as_list(value, field)
    seen: list[int] = []
    for index, seat in enumerate(items):
        if type(seat) is not int or not 1 <= seat <= table_size or seat == sitting_out:
            parse_seat(seat, f"{field}[{index}]", table_size, sitting_out)
        if seat in seen:
            raise RecordError(f"{field}[{index}]", "seat_twice", seat=seat)
        seen.append(seat)
    return tuple(seen)


def parse_re_party(
    raw: Mapping[str, Any], kind: Kind, table_size: int, sitting_out: int | None
) -> tuple[int, ...]:
    seats = parse_seat_list(raw.get("re"), "re", table_size, sitting_out)
    expected = RE_PARTY_SIZE[kind]
    if len(seats) != expected:
        code = "re_size_one" if expected == 1 else "re_size_two"
        raise RecordError("re", code, kind=kind.value, size=len(seats))
    return seats
