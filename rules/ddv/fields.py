"""Reading single fields with strict JSON types (DDV.md §8, first row).

``true`` is not a seat, ``4.0`` is not a table size, ``"130"`` is not Augen. Each reader returns
the typed value or raises :class:`~rules.ddv.errors.DdvRefused` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ddv.errors import DdvRefused, shown


def as_mapping(value: Any, field: str) -> Mapping[str, Any]:
    if isinstance(value, Mapping):
        return value
    raise DdvRefused(field, "not_object", got=shown(value))


def as_list(value: Any, field: str) -> list[Any] | tuple[Any, ...]:
    if type(value) in (list, tuple):
        return value
    raise DdvRefused(field, "not_list", got=shown(value))


def as_int(value: Any, field: str) -> int:
    if type(value) is int:
        return value
    if value is None:
        raise DdvRefused(field, "missing")
    raise DdvRefused(field, "not_int", got=shown(value))


def as_bool(value: Any, field: str) -> bool:
    if type(value) is bool:
        return value
    raise DdvRefused(field, "not_bool", got=shown(value))


def as_choice(value: Any, table: Mapping[str, Any], field: str) -> Any:
    if type(value) is str and value in table:
        return table[value]
    if value is None:
        raise DdvRefused(field, "missing")
    raise DdvRefused(field, "invalid_choice", got=shown(value), choices=", ".join(table))


def check_keys(raw: Mapping[str, Any], known: frozenset[str], prefix: str = "") -> None:
    for key in raw:
        if key not in known:
            name = key if type(key) is str else shown(key)
            raise DdvRefused(f"{prefix}{name}", "unknown_field")


def parse_table(raw: Mapping[str, Any]) -> tuple[int, int | None]:
    """``table_size`` (default 4) and ``sitting_out`` (required at five, refused at four)."""
    size = raw.get("table_size", 4)
    if type(size) is not int:
        raise DdvRefused("table_size", "not_int", got=shown(size))
    if size not in (4, 5):
        raise DdvRefused("table_size", "table_size_invalid", got=shown(size))
    sitting_out = raw.get("sitting_out")
    if size == 4:
        if sitting_out is not None:
            raise DdvRefused("sitting_out", "sitting_out_not_allowed")
        return 4, None
    if sitting_out is None:
        raise DdvRefused("sitting_out", "sitting_out_missing")
    return 5, parse_seat(sitting_out, "sitting_out", 5, None)


def parse_seat(value: Any, field: str, table_size: int, sitting_out: int | None) -> int:
    seat = as_int(value, field)
    if not 1 <= seat <= table_size:
        raise DdvRefused(field, "seat_out_of_range", seat=shown(seat), table_size=table_size)
    if seat == sitting_out:
        raise DdvRefused(field, "seat_sitting_out", seat=seat)
    return seat


def parse_seats(
    value: Any, field: str, table_size: int, sitting_out: int | None
) -> tuple[int, ...]:
    """A list of distinct active seats (``[1, 4]``)."""
    if value is None:
        raise DdvRefused(field, "missing")
    seats: list[int] = []
    for index, item in enumerate(as_list(value, field)):
        seat = parse_seat(item, f"{field}[{index}]", table_size, sitting_out)
        if seat in seats:
            raise DdvRefused(f"{field}[{index}]", "seat_twice", seat=seat)
        seats.append(seat)
    return tuple(seats)


def active_seats(table_size: int, sitting_out: int | None) -> tuple[int, ...]:
    return tuple(seat for seat in range(1, table_size + 1) if seat != sitting_out)
