"""The outputs a ruleset gives (the pages and printouts ask the ruleset): the printed sheet,
the standings' columns (page, projector, JSON API, workbook, CSV, PDF) and the rules page's
values and course. :class:`RulesetOutputs` is the part of :class:`rules.base.Ruleset` that
answers them. Texts are
:class:`rules.text.Text`: German, translated where they are shown. Every method has a default a
Doppelkopf-like ruleset can keep; a ruleset overrides what its contract says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.printing import (
    CHECK,
    CHECK_COLUMN,
    DEALER_COLUMN,
    FOOTER,
    ROW_COLUMN,
    SEAT_COLUMNS,
    VALUE,
    WINNERS,
    LegendLine,
    PrintedSheet,
    printed_rows,
    table_note,
)
from rules.standings import BASIC_API_FIELDS, BASIC_COLUMNS, StandingsColumnSpec
from rules.text import Text, gettext_noop, ngettext_lazy

JsonRow = Mapping[str, Any]

PLACEMENT_LINE = gettext_noop(
    "Durchgang 1 wird gelost; ab Durchgang 2 wird nach Platzierung gesetzt: Platz 1–4 an "
    "Tisch 1, Platz 5–8 an Tisch 2 usw."
)


class RulesetOutputs:
    """The outputs part of the ruleset interface (mixed into :class:`rules.base.Ruleset`)."""

    def printed_sheet(
        self,
        table_size: int,
        length: int,
        options: Any,
        rows: Sequence[JsonRow] = (),
        lang: str = "de",
    ) -> PrintedSheet:
        """What the printed sheet of a table of ``table_size`` with ``length`` rows holds
        (:mod:`rules.printing`): its columns, the rows with dealer and sitter derived from
        ``rows`` (the rows entered so far; none on a blank sheet), the legend of
        :meth:`legend`, footer and signature. Default: row, dealer, each seat's plus/minus and
        running total, the check that a row adds up to 0."""
        return PrintedSheet(
            lead=(ROW_COLUMN, DEALER_COLUMN),
            seat=SEAT_COLUMNS,
            tail=(CHECK_COLUMN,),
            rows=printed_rows(self, table_size, length, rows),
            list_keeper=self.list_keeper_seat(table_size),
            table_note=table_note(self, table_size),
            total_label=gettext_noop("Endstand"),
            legend_title=gettext_noop("Wertungspunkte"),
            legend=self.legend(options, lang),
            footer=(FOOTER,),
            signature=gettext_noop("Unterschrift Listenführer"),
        )

    def sheet_cells(
        self, row: JsonRow, result: Mapping[str, Any], lang: str = "de"
    ) -> dict[str, str]:
        """What a filled printed row shows in the sheet's own columns, by column key (a seat's
        column by :func:`rules.printing.seat_cell`): ``row`` is the stored row, ``result`` its
        stored result (``points``, ``plus``, ``value``, ``winner``, ``kind``). The printout fills
        each seat's ``points`` and ``running`` itself. Default: the winners' seats, the value and
        the check mark."""
        value = result.get("value")
        return {
            WINNERS: " + ".join(str(seat) for seat in result.get("plus") or ()),
            VALUE: "" if value is None else str(value),
            CHECK: "✓",
        }

    def legend(self, options: Any, lang: str = "de") -> tuple[LegendLine, ...]:
        """The scoring values in words, (what, points) per line: the printed sheet's legend and
        the rules page's values. Default: none."""
        return ()

    def course(self, rounds: int, cycles: int, lang: str = "de") -> tuple[tuple[Text, ...], ...]:
        """How the evening runs, for the rules page: lines, each of texts joined by ", ".
        Default: the number of rounds and the seating by placement from round 2."""
        return (
            (ngettext_lazy("%(n)s Durchgang", "%(n)s Durchgänge", rounds, n=rounds),),
            (PLACEMENT_LINE,),
        )

    def standings_columns(self) -> tuple[StandingsColumnSpec, ...]:
        """The standings' columns in order, with their headers per surface
        (:mod:`rules.standings`). Default: place, name, club, points per round and in all,
        rows won and played."""
        return BASIC_COLUMNS

    def standings_api_fields(self) -> tuple[tuple[str, str], ...]:
        """The JSON API's fields between ``rank``/``name`` and ``withdrawn``: (field name,
        value of :data:`rules.standings.STANDINGS_VALUES`). Default: ``points``, ``rounds``,
        ``games_won``, ``games`` (the published shape)."""
        return BASIC_API_FIELDS
