"""The standings' columns a ruleset shows, as pure data.

- **Value**: what a column shows of a standings row (:data:`STANDINGS_VALUES`): the place, the
  name (withdrawn players marked), the club, the points of each round (``rounds``: one column
  per round), and the metrics of :data:`rules.base.STANDINGS_METRICS` plus counts the standings
  compute (games played, solos). A ruleset may only name values the standings compute; a new
  one (Partiepunkte, Restpunkte, Tischpunkte) is added here and computed in the standings
  together.
- **Surface**: where a column appears — the standings pages (``screen``), the room's projector
  (``projector``), the printout (``pdf``) and the workbook and CSV (``xlsx``). A column has a
  header per surface it appears on (the same column may be "Punkte" on screen and "Gesamt" in
  print); per-round headers take ``%(number)d``.
- **Kind**: ``rank`` (a place, shown as "3."), ``int`` (a number), ``decimal`` (a number with
  one decimal place), ``text`` (typed by a person).
- **API field**: the JSON API's name of a value (a published interface: the house rules' names
  stay as they are).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace

from rules.text import Text, gettext_noop, ngettext_lazy, pgettext_lazy

SCREEN = "screen"
PROJECTOR = "projector"
PDF = "pdf"
XLSX = "xlsx"
SURFACES = (SCREEN, PROJECTOR, PDF, XLSX)

RANK = "rank"
INT = "int"
DECIMAL = "decimal"  # a number with one decimal place (Schnitt)
TEXT = "text"

# What a standings column may show (see the module docstring); the metrics among them may
# also order the standings.
STANDINGS_VALUES = (
    "rank",
    "name",
    "club",
    "rounds",
    "total",
    "games_won",
    "latest_round",
    "games_played",
    "solos",
    "rest",
    "parties",
    "table_points",
    "rounds_played",
    "average",
)


@dataclass(frozen=True, slots=True)
class StandingsColumnSpec:
    """One column of the standings: ``key`` (unique; the page's sort order ``?sort=key``),
    ``value`` (of :data:`STANDINGS_VALUES`), ``kind``, ``headers`` per surface, ``per_round``
    (one column per round), ``width`` (characters in the workbook), ``print_width`` (mm in
    print; 0: what the others leave), ``emphasis`` (the deciding metric: bold, bright),
    ``on_phones`` (False: hidden on a phone's narrow screen)."""

    key: str
    value: str
    kind: str
    headers: Mapping[str, Text]
    per_round: bool = False
    width: int = 10
    print_width: float = 0.0
    emphasis: bool = False
    on_phones: bool = True


def everywhere(text: Text) -> dict[str, Text]:
    """The same header on every surface."""
    return dict.fromkeys(SURFACES, text)


PLACE = pgettext_lazy("rank", "Platz")

# Place and name lead every ruleset's standings.
LEAD_COLUMNS: tuple[StandingsColumnSpec, ...] = (
    StandingsColumnSpec("rank", "rank", RANK, everywhere(PLACE), width=7, print_width=15),
    StandingsColumnSpec("name", "name", TEXT, everywhere(gettext_noop("Name")), width=24),
)

# The columns every Doppelkopf evening shows: place, name, club, points per round and in all,
# rows won and played. A ruleset adds its own (the house rules: solos) or replaces them.
BASIC_COLUMNS: tuple[StandingsColumnSpec, ...] = (
    *LEAD_COLUMNS,
    StandingsColumnSpec(
        "club",
        "club",
        TEXT,
        {PDF: gettext_noop("Verein"), XLSX: gettext_noop("Verein")},
        width=20,
        print_width=44,
    ),
    StandingsColumnSpec(
        "rounds",
        "rounds",
        INT,
        {
            SCREEN: gettext_noop("Durchg. %(number)d"),
            PROJECTOR: gettext_noop("D%(number)d"),
            PDF: gettext_noop("D%(number)d"),
            XLSX: gettext_noop("Durchgang %(number)d"),
        },
        per_round=True,
        width=12,
        print_width=15,
        on_phones=False,  # a phone shows rank, name and the total without sideways scrolling
    ),
    StandingsColumnSpec(
        "total",
        "total",
        INT,
        {
            SCREEN: gettext_noop("Punkte"),
            PROJECTOR: gettext_noop("Punkte"),
            PDF: gettext_noop("Gesamt"),
            XLSX: gettext_noop("Gesamt"),
        },
        width=9,
        print_width=19,
        emphasis=True,
    ),
    StandingsColumnSpec(
        "games_won",
        "games_won",
        INT,
        {
            SCREEN: gettext_noop("gewonnene Spiele"),
            PDF: gettext_noop("Gew."),
            XLSX: gettext_noop("gewonnene Spiele"),
        },
        width=10,
        print_width=15,
        on_phones=False,
    ),
    # Games played: tells a late arrival's or a withdrawn player's total from a full evening's.
    StandingsColumnSpec(
        "games_played",
        "games_played",
        INT,
        {SCREEN: gettext_noop("Spiele"), PDF: gettext_noop("Sp."), XLSX: gettext_noop("Spiele")},
        width=8,
        print_width=13,  # the English "Gms." needs 12 mm with the cell padding
        on_phones=False,
    ),
)

SOLOS_COLUMN = StandingsColumnSpec(
    "solos",
    "solos",
    INT,
    {SCREEN: gettext_noop("Soli"), PDF: gettext_noop("Soli"), XLSX: gettext_noop("Soli")},
    width=7,
    print_width=14,  # the English "Solos" needs 12.6 mm with the cell padding
    on_phones=False,
)

# The JSON API's fields after ``rank`` and ``name`` (and before ``withdrawn``): (field, value).
BASIC_API_FIELDS: tuple[tuple[str, str], ...] = (
    ("points", "total"),
    ("rounds", "rounds"),
    ("games_won", "games_won"),
    ("games", "games_played"),
)


def metric_figure(metric: str, value: int) -> Text:
    """A player's figure in running text (the player page): "12 Punkte", "3 gewonnene
    Spiele"."""
    if metric == "games_won":
        return ngettext_lazy(
            "%(won)s gewonnenes Spiel", "%(won)s gewonnene Spiele", value, won=value
        )
    return ngettext_lazy("%(total)s Punkt", "%(total)s Punkte", value, total=value)


def certificate_score(total: int) -> Text:
    """The certificate's score line: "mit 12 Punkten"."""
    return ngettext_lazy("mit %(points)d Punkt", "mit %(points)d Punkten", abs(total), points=total)


# ---------------------------------------------------------------- evening formats
# How an evening is ranked, for a ruleset that ranks by the sum of points
# (:attr:`rules.base.Ruleset.offers_evening_formats`): the sum of points, Tischpunkte (points by
# place at each table and round), or the average per round played. Each format ranks by one
# metric of :data:`rules.base.STANDINGS_METRICS`, then by the ruleset's own order.
SUM = "sum"
TABLE_POINTS = "table_points"
AVERAGE = "average"
EVENING_FORMATS = (SUM, TABLE_POINTS, AVERAGE)
FORMAT_METRIC = {SUM: "total", TABLE_POINTS: "table_points", AVERAGE: "average"}
FORMAT_LABELS: Mapping[str, Text] = {
    SUM: gettext_noop("Summe der Punkte"),
    TABLE_POINTS: gettext_noop("Tischpunkte"),
    AVERAGE: gettext_noop("Schnitt je Durchgang"),
}


def table_points(totals: Mapping[Hashable, int]) -> dict[Hashable, int]:
    """The Tischpunkte of one table in one round from its players' points there: by place, the
    best ``n - 1``, then two fewer per place (+3/+1/−1/−3 at four, +4/+2/0/−2/−4 at five,
    +2/0/−2 at three). Players equal on points share their places' Tischpunkte (two first at a
    table of four: (3 + 1) / 2 = 2 each); the share is always whole, since the places' points
    step by two."""
    size = len(totals)
    ordered = sorted(totals.values(), reverse=True)
    result = {}
    for player, points in totals.items():
        first = ordered.index(points)  # the best place of the tied ones (0-based)
        tied = ordered.count(points)
        # The mean of the tied places' points: that of the first and the last of them.
        result[player] = (size - 1) - 2 * first - (tied - 1)
    return result


FORMAT_COLUMNS: Mapping[str, StandingsColumnSpec] = {
    TABLE_POINTS: StandingsColumnSpec(
        "table_points",
        "table_points",
        INT,
        {
            SCREEN: gettext_noop("Tischpunkte"),
            PROJECTOR: gettext_noop("Tischp."),
            PDF: gettext_noop("Tischp."),
            XLSX: gettext_noop("Tischpunkte"),
        },
        width=11,
        print_width=17,
        emphasis=True,
    ),
    AVERAGE: StandingsColumnSpec(
        "average",
        "average",
        DECIMAL,
        {
            SCREEN: gettext_noop("Schnitt"),
            PROJECTOR: gettext_noop("Schnitt"),
            PDF: gettext_noop("Schnitt"),
            XLSX: gettext_noop("Schnitt"),
        },
        width=9,
        print_width=17,
        emphasis=True,
    ),
}

# Schnitt je Durchgang shows how many rounds a player's average is over.
ROUNDS_PLAYED_COLUMN = StandingsColumnSpec(
    "rounds_played",
    "rounds_played",
    INT,
    {SCREEN: gettext_noop("Durchg."), PDF: gettext_noop("Dg."), XLSX: gettext_noop("Durchgänge")},
    width=10,
    print_width=12,
    on_phones=False,
)


def format_columns(
    columns: tuple[StandingsColumnSpec, ...], evening_format: str
) -> tuple[StandingsColumnSpec, ...]:
    """A ruleset's columns under ``evening_format``: the sum of points as they are; another
    format's metric column right after the total, which then no longer stands out (Schnitt
    also with the rounds played)."""
    extra = FORMAT_COLUMNS.get(evening_format)
    if extra is None:
        return columns
    added = (extra, ROUNDS_PLAYED_COLUMN) if evening_format == AVERAGE else (extra,)
    result: list[StandingsColumnSpec] = []
    for spec in columns:
        if spec.value == "total":
            result += [replace(spec, emphasis=False), *added]
        else:
            result.append(spec)
    return tuple(result)


def format_api_fields(
    fields: tuple[tuple[str, str], ...], evening_format: str
) -> tuple[tuple[str, str], ...]:
    """The JSON API's fields under ``evening_format``: the published ones, then the format's
    (``table_points``; ``average`` and ``rounds_played``)."""
    if evening_format == TABLE_POINTS:
        return (*fields, ("table_points", "table_points"))
    if evening_format == AVERAGE:
        return (*fields, ("average", "average"), ("rounds_played", "rounds_played"))
    return fields


def table_points_score(value: int) -> Text:
    """The certificate's score line under Tischpunkte: "mit 7 Tischpunkten"."""
    return ngettext_lazy(
        "mit %(points)d Tischpunkt", "mit %(points)d Tischpunkten", abs(value), points=value
    )


def average_score(value: str) -> Text:
    """The certificate's score line under Schnitt je Durchgang (``value`` as the reader
    writes numbers): "mit 12,5 Punkten je Durchgang"."""
    return gettext_noop("mit %(average)s Punkten je Durchgang", average=value)
