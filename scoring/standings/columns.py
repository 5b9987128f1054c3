"""The columns of the standings, as the tournament's ruleset names them, for every surface.

The ruleset says which columns there are (:meth:`rules.base.Ruleset.standings_columns`, specs of
``rules.standings``: the value shown, the kind, a German header per surface, widths); this
module turns them into :class:`StandingsColumn` objects that read a ``StandingRow`` and
translate their headers. The surfaces: the standings pages (``SCREEN``), the room's projector
(``PROJECTOR``), the printout (``PDF``) and the workbook and CSV (``XLSX``). The same column may
be headed differently on each ("Punkte" on screen, "Gesamt" in print); a column without a
header for a surface is not shown there. Every surface shows its columns in the ruleset's
order. The JSON API names its fields itself (``rank``, ``name``, the ruleset's
:meth:`~rules.base.Ruleset.standings_api_fields`, ``withdrawn``): they are a published
interface.

Kinds:

- ``rank``: a place: a number, shown as "3." on pages and in print (shared places twice).
- ``int``: a number (a number in the workbook and the JSON API, not a string).
- ``text``: typed by a person (names, clubs).

Withdrawn players stay in the standings with what they played and are marked on every surface:
the name column shows "Name (abgemeldet)" (``marked_name``; a badge on screen), the JSON API has
``withdrawn``.

A per-round column (``per_round``) becomes one column per round on a table ("Durchg. 1",
"Durchg. 2", …; its headers take ``%(number)d``) and a list in the JSON API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext

import rules as rulesets
from rules.base import Ruleset
from rules.standings import (
    DECIMAL,
    INT,
    PDF,
    PROJECTOR,
    RANK,
    SCREEN,
    STANDINGS_VALUES,
    SUM,
    TEXT,
    XLSX,
    StandingsColumnSpec,
    format_api_fields,
    format_columns,
)
from rules.text import Text
from scoring.standings.ranking import StandingRow
from tournament.ruleset_texts import say

__all__ = ["DECIMAL", "INT", "PDF", "PROJECTOR", "RANK", "SCREEN", "TEXT", "XLSX"]


@dataclass(frozen=True)
class StandingsColumn:
    key: str  # the name in code and, on screen, of the sort order (``?sort=total``)
    kind: str  # RANK, INT or TEXT
    value: Callable[[StandingRow], Any]  # per-round columns: the tuple of all rounds
    headers: Mapping[str, Text]  # surface -> German header; shown on these surfaces only
    ruleset: Ruleset  # whose catalogue translates the headers
    attribute: str = ""  # the ``StandingRow`` attribute shown (pages sort by it)
    per_round: bool = False
    width: int = 10  # minimum width in characters (workbook)
    print_width: float | None = None  # millimetres in print; None: what the others leave
    emphasis: bool = False  # the total: bold on screen and in print, bright on the projector
    on_phones: bool = True  # False: hidden on a phone's narrow screen

    @property
    def numeric(self) -> bool:
        return self.kind in (RANK, INT, DECIMAL)

    def header(self, surface: str) -> str | None:
        """The header on ``surface`` in the active language; None: not shown there."""
        text = self.headers.get(surface)
        return None if text is None else say(self.ruleset, text)


@dataclass(frozen=True)
class Field:
    """A column as one surface shows it; a per-round column gives one field per round."""

    name: str  # unique on the surface: the column's key, or ``round_<n>``
    header: str
    column: StandingsColumn
    round: int = 0  # the round of a per-round column's field, else 0

    def value(self, row: StandingRow) -> Any:
        value = self.column.value(row)
        return value[self.round - 1] if self.round else value


ROUND_POINTS = "rounds"


def marked_name(row: StandingRow) -> str:
    """The name as the tables show it: withdrawn players marked "(abgemeldet)"."""
    if row.withdrawn:
        return gettext("%(name)s (abgemeldet)") % {"name": row.name}
    return row.name


# What a column shows of a row, by the value names of ``rules.standings.STANDINGS_VALUES``.
VALUES: dict[str, Callable[[StandingRow], Any]] = {
    name: attrgetter(name) for name in STANDINGS_VALUES if name != "name"
}
VALUES["name"] = marked_name


def column(spec: StandingsColumnSpec, ruleset: Ruleset) -> StandingsColumn:
    """A ruleset's column spec as a column of the standings; a value the standings do not
    compute is refused here, at once, naming it."""
    if spec.value not in VALUES:
        raise ValueError(
            f"{ruleset.key}: standings column {spec.key!r} shows {spec.value!r}, which the "
            f"standings do not compute (known: {', '.join(VALUES)})"
        )
    return StandingsColumn(
        key=spec.key,
        kind=spec.kind,
        value=VALUES[spec.value],
        headers=spec.headers,
        ruleset=ruleset,
        attribute=spec.value,
        per_round=spec.per_round,
        width=spec.width,
        print_width=spec.print_width or None,
        emphasis=spec.emphasis,
        on_phones=spec.on_phones,
    )


@cache
def columns_of(ruleset: Ruleset, evening_format: str = SUM) -> tuple[StandingsColumn, ...]:
    """The standings' columns of ``ruleset`` under ``evening_format``
    (``Tournament.standings_format``), in its order."""
    specs = format_columns(ruleset.standings_columns(), evening_format)
    return tuple(column(spec, ruleset) for spec in specs)


def default_columns() -> tuple[StandingsColumn, ...]:
    """The columns of the default ruleset (the house rules)."""
    return columns_of(rulesets.get(rulesets.DEFAULT_KEY))


def fields(
    surface: str, round_numbers: Iterable[int], ruleset: Ruleset, evening_format: str = SUM
) -> list[Field]:
    """The columns of ``surface`` in order, with a field per round for per-round columns."""
    result = []
    for standings_column in columns_of(ruleset, evening_format):
        header = standings_column.header(surface)
        if header is None:
            continue
        if standings_column.per_round:
            result += [
                Field(f"round_{number}", header % {"number": number}, standings_column, number)
                for number in round_numbers
            ]
        else:
            result.append(Field(standings_column.key, header, standings_column))
    return result


def shown(field: Field, row: StandingRow) -> Any:
    """``field``'s value of ``row`` as a page shows it: places as "3." (no place: "–"),
    a decimal with one place in the active language ("12,5"), a negative number with a real
    minus sign ("−6", as the score sheets print it)."""
    value = field.value(row)
    if field.column.kind == RANK:
        return f"{value}." if value else "–"
    if field.column.kind == DECIMAL:
        return number_format(value, 1).replace("-", "−")
    if isinstance(value, int) and value < 0:
        return f"−{-value}"
    return value


@cache
def api_fields(
    ruleset: Ruleset, evening_format: str = SUM
) -> tuple[tuple[str, Callable[[StandingRow], Any]], ...]:
    """The JSON API's fields, in this order: ``rank`` (0: no place), ``name`` (the plain name),
    the ruleset's fields and the evening format's, ``withdrawn`` (what the tables' suffix
    says). Per-round points as a list."""
    middle = []
    for name, value in format_api_fields(ruleset.standings_api_fields(), evening_format):
        read = VALUES[value]
        middle.append(
            (name, (lambda row, read=read: list(read(row))) if value == "rounds" else read)
        )
    return (
        ("rank", VALUES["rank"]),
        ("name", attrgetter("name")),
        *middle,
        ("withdrawn", attrgetter("withdrawn")),
    )


def api_record(row: StandingRow, ruleset: Ruleset, evening_format: str = SUM) -> dict[str, Any]:
    """One row of the JSON API."""
    return {name: value(row) for name, value in api_fields(ruleset, evening_format)}
