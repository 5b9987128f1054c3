"""The columns of the standings, defined once for every surface that shows them.

A :class:`StandingsColumn` says what a column shows (a value of a ``StandingRow``), what kind of
value that is, what it is called and on which surfaces it appears: the standings pages
(``SCREEN``), the room's projector (``PROJECTOR``), the printout (``PDF``) and the workbook
(``XLSX``). The same column may be headed differently on each ("Punkte" on screen, "Gesamt" in
print); a column without a header for a surface is not shown there. Every surface shows its
columns in the order of ``COLUMNS``. The JSON API (``API_FIELDS``) names its fields itself: they
are a published interface.

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
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.standings.ranking import StandingRow

SCREEN = "screen"
PROJECTOR = "projector"
PDF = "pdf"
XLSX = "xlsx"

RANK = "rank"
INT = "int"
TEXT = "text"


@dataclass(frozen=True)
class StandingsColumn:
    key: str  # the name in code and, on screen, of the sort order (``?sort=total``)
    kind: str  # RANK, INT or TEXT
    value: Callable[[StandingRow], Any]  # per-round columns: the tuple of all rounds
    headers: Mapping[str, Promise]  # surface -> header; shown on these surfaces only
    per_round: bool = False
    width: int = 10  # minimum width in characters (workbook)
    print_width: float | None = None  # millimetres in print; None: what the others leave
    emphasis: bool = False  # the total: bold on screen and in print, bright on the projector
    on_phones: bool = True  # False: hidden on a phone's narrow screen

    @property
    def numeric(self) -> bool:
        return self.kind in (RANK, INT)


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


COLUMNS: tuple[StandingsColumn, ...] = (
    StandingsColumn(
        "rank",
        RANK,
        lambda row: row.rank,
        {
            SCREEN: pgettext_lazy("rank", "Platz"),
            PROJECTOR: pgettext_lazy("rank", "Platz"),
            PDF: pgettext_lazy("rank", "Platz"),
            XLSX: pgettext_lazy("rank", "Platz"),
        },
        width=7,
        print_width=15,
    ),
    StandingsColumn(
        "name",
        TEXT,
        marked_name,
        {SCREEN: _("Name"), PROJECTOR: _("Name"), PDF: _("Name"), XLSX: _("Name")},
        width=24,
    ),
    StandingsColumn(
        "club",
        TEXT,
        lambda row: row.club,
        {PDF: _("Verein"), XLSX: _("Verein")},
        width=20,
        print_width=44,
    ),
    StandingsColumn(
        ROUND_POINTS,
        INT,
        lambda row: row.rounds,
        {
            SCREEN: _("Durchg. %(number)d"),
            PROJECTOR: _("D%(number)d"),
            PDF: _("D%(number)d"),
            XLSX: _("Durchgang %(number)d"),
        },
        per_round=True,
        width=12,
        print_width=15,
        on_phones=False,  # a phone shows rank, name and the total without sideways scrolling
    ),
    StandingsColumn(
        "total",
        INT,
        lambda row: row.total,
        {SCREEN: _("Punkte"), PROJECTOR: _("Punkte"), PDF: _("Gesamt"), XLSX: _("Gesamt")},
        width=9,
        print_width=19,
        emphasis=True,
    ),
    StandingsColumn(
        "games_won",
        INT,
        lambda row: row.games_won,
        {SCREEN: _("gewonnene Spiele"), PDF: _("Gew."), XLSX: _("gewonnene Spiele")},
        width=10,
        print_width=15,
        on_phones=False,
    ),
    # Games played: tells a late arrival's or a withdrawn player's total from a full evening's.
    StandingsColumn(
        "games_played",
        INT,
        lambda row: row.games_played,
        {SCREEN: _("Spiele"), PDF: _("Sp."), XLSX: _("Spiele")},
        width=8,
        print_width=13,  # the English "Gms." needs 12 mm with the cell padding
        on_phones=False,
    ),
    StandingsColumn(
        "solos",
        INT,
        lambda row: row.solos,
        {SCREEN: _("Soli"), PDF: _("Soli"), XLSX: _("Soli")},
        width=7,
        print_width=14,  # the English "Solos" needs 12.6 mm with the cell padding
        on_phones=False,
    ),
)

BY_KEY: dict[str, StandingsColumn] = {column.key: column for column in COLUMNS}

# The JSON API's fields, in this order: (field, value of a row). Their names are an interface
# that other programs read, so they stay as they are when headers change; new fields are added
# at the end. The name is the plain name: ``withdrawn`` says what the tables' suffix says.
API_FIELDS: tuple[tuple[str, Callable[[StandingRow], Any]], ...] = (
    ("rank", BY_KEY["rank"].value),
    ("name", lambda row: row.name),
    ("points", BY_KEY["total"].value),
    ("rounds", lambda row: list(row.rounds)),
    ("games_won", BY_KEY["games_won"].value),
    ("games", BY_KEY["games_played"].value),
    ("withdrawn", lambda row: row.withdrawn),
)


def fields(surface: str, round_numbers: Iterable[int]) -> list[Field]:
    """The columns of ``surface`` in order, with a field per round for per-round columns."""
    result = []
    for column in COLUMNS:
        header = column.headers.get(surface)
        if header is None:
            continue
        if column.per_round:
            result += [
                Field(f"round_{number}", str(header) % {"number": number}, column, number)
                for number in round_numbers
            ]
        else:
            result.append(Field(column.key, str(header), column))
    return result


def shown(field: Field, row: StandingRow) -> Any:
    """``field``'s value of ``row`` as a page shows it: places as "3."."""
    value = field.value(row)
    return f"{value}." if field.column.kind == RANK else value


def api_record(row: StandingRow) -> dict[str, Any]:
    """One row of the JSON API: per-round points as a list."""
    return {name: value(row) for name, value in API_FIELDS}
