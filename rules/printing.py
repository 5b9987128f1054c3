"""What a ruleset's printed score sheet (Spielliste) holds, as pure data.

Vocabulary of the printout (the drawing is the Django layer's, ``output.printouts``):

- **Grid**: lead columns | each seat's columns (under the player's name, once per seat) | tail
  columns, one line per **printed row**, a total line at the bottom.
- **Column** (:class:`SheetColumn`): its ``key`` says what is printed in it — pre-printed:
  ``row`` (the row's number), ``dealer`` ("3 · name"), ``caller`` (the seat that names
  trump: "2"); filled in from the rows entered so far
  (``with_games``): ``winners``, ``value``, ``check`` ("✓"), per seat ``points`` (this row's
  plus/minus) and ``running`` (the running total, also printed in the total line). A key the
  printout does not know stays empty for the players to write in. Lead and tail columns are
  ``width_mm`` wide (a row number needs 12 mm on every page); a seat's columns share what they
  leave to each seat by ``share`` (fractions adding up to 1).
- **Printed row** (:class:`PrintedRow`): its number (the line on the sheet, 1-based: the key
  of the stored row filled into it), the seat that deals it (0: not printed, to write in) and
  the seat that sits it out (hatched), derived through the ruleset from the rows before, whether
  a thicker rule follows it (a round of deals ends: the next row's dealer is the first row's
  again) and a ``caption`` printed in the ``row`` column instead of the number (DDV: the game's
  number, "Strafe" on a penalty line).
- **Cells** of a filled row: what :meth:`rules.base.Ruleset.sheet_cells` gives, by column key;
  a seat's column is keyed :func:`seat_cell` (``"pflichtsolo.2"``).
- **Legend**: (what, points) lines beside the grid, then the footer lines and the signature
  line.

Every text is a :class:`rules.text.Text` (German, translated where it is printed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.text import Text, gettext_noop, pgettext_lazy

if TYPE_CHECKING:
    from rules.base import Ruleset

# The keys of columns the printout fills in (see the module docstring).
ROW = "row"
DEALER = "dealer"
CALLER = "caller"
WINNERS = "winners"
VALUE = "value"
CHECK = "check"
POINTS = "points"
RUNNING = "running"


@dataclass(frozen=True, slots=True)
class SheetColumn:
    """One column of the grid: ``header`` lines (one or two, centred in the header row; a seat
    column's one line goes under the name), a small ``hint`` line under a one-line header,
    ``tinted`` cells (the running totals)."""

    key: str
    header: tuple[Text, ...]
    width_mm: float = 0.0
    share: float = 0.0
    hint: Text | None = None
    tinted: bool = False


@dataclass(frozen=True, slots=True)
class PrintedRow:
    number: int
    dealer: int
    sitter: int | None = None
    rule_after: bool = False
    caption: Text | None = None
    caller: int = 0  # the seat that names trump (count-down), 0: none printed


@dataclass(frozen=True, slots=True)
class LegendLine:
    what: Text
    points: Text | None = None


@dataclass(frozen=True, slots=True)
class PrintedSheet:
    """Everything a table's printed sheet holds that depends on the ruleset."""

    lead: tuple[SheetColumn, ...]
    seat: tuple[SheetColumn, ...]
    tail: tuple[SheetColumn, ...]
    rows: tuple[PrintedRow, ...]
    list_keeper: int
    table_note: Text  # beside the title: "Vierertisch", "Fünfertisch – der Geber setzt aus"
    total_label: Text  # the total line's caption under the lead columns
    legend_title: Text
    legend: tuple[LegendLine, ...]
    footer: tuple[Text, ...]
    signature: Text
    # The lowest row height before the lines run on to a second page (a DDV list of 30 games
    # and its penalty lines stays on one page with 4 mm).
    min_row_mm: float = 5.0


def seat_cell(key: str, seat: int) -> str:
    """The cell key of seat ``seat``'s column ``key`` in :meth:`rules.base.Ruleset.sheet_cells`."""
    return f"{key}.{seat}"


# The columns most sheets share: the row's number and dealer, each seat's plus/minus and
# running total, the check that a row adds up to 0.
ROW_COLUMN = SheetColumn(ROW, (gettext_noop("Spiel"),), width_mm=12)
DEALER_COLUMN = SheetColumn(DEALER, (gettext_noop("Geber"),), width_mm=25)
WINNERS_COLUMN = SheetColumn(
    WINNERS, (gettext_noop("Sieger"),), width_mm=18, hint=gettext_noop("z. B. 1 + 4")
)
VALUE_COLUMN = SheetColumn(VALUE, (gettext_noop("Wert"),), width_mm=11)
SEAT_COLUMNS = (
    SheetColumn(POINTS, (gettext_noop("+ / −"),), share=0.6),
    SheetColumn(RUNNING, (pgettext_lazy("running total", "Stand"),), share=0.4, tinted=True),
)
CHECK_COLUMN = SheetColumn(CHECK, (gettext_noop("Summe"), gettext_noop("= 0 ✓")), width_mm=15)

# What the sheet pages say under the time-up control (DDV §9.4).
TIME_UP_NOTE = gettext_noop("Danach dürfen nur noch Vorführungen (offene Pflichtsoli) folgen.")

FOOTER = gettext_noop(
    "Jede Zeile zusammen = 0. Liste nach dem letzten Spiel prüfen und sofort bei der "
    "Turnierleitung abgeben."
)


def printed_rows(
    ruleset: Ruleset, table_size: int, length: int, rows: Sequence[Any] = ()
) -> tuple[PrintedRow, ...]:
    """The rows 1..``length`` with dealer and sitter, each from the rows before it, and a rule
    where a round of deals ends. Rows not entered yet (all of them on a blank sheet) count as
    ordinary rows, an empty mapping each: the plain rotation is printed ahead."""
    known = list(rows)
    dealers = []
    for number in range(1, length + 1):
        before = known[: number - 1] + [{}] * max(0, number - 1 - len(known))
        dealers.append(
            (ruleset.dealer(number, table_size, before), ruleset.sitter(number, table_size, before))
        )
    first = dealers[0][0] if dealers else 0
    printed = []
    for index, (dealer, sitter) in enumerate(dealers):
        following = dealers[index + 1][0] if index + 1 < len(dealers) else None
        rule_after = following == first and following != dealer
        printed.append(PrintedRow(index + 1, dealer, sitter, rule_after))
    return tuple(printed)


def table_note(ruleset: Ruleset, table_size: int) -> Text:
    """The kind of table, as the title names it."""
    if table_size == 5 and ruleset.sitter(1, 5) is not None:
        return gettext_noop("Fünfertisch – der Geber setzt aus")
    return {
        3: gettext_noop("Dreiertisch"),
        4: gettext_noop("Vierertisch"),
        5: gettext_noop("Fünfertisch"),
    }.get(table_size, gettext_noop("%(n)d Spieler", n=table_size))
