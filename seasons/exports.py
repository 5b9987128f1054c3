"""The season table as a report (header and rows) and its renderings: PDF and Excel.

The same ``SeasonRow`` objects as on screen; the PDF prints the average with two decimals and
tints the first three places, Excel gets the average as a number.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from output.printouts.pdf_base import FELT, MUTED, PageSetup, escape, render_pdf, style
from output.printouts.pdf_tables import report_table
from output.reports import INT, RANK, TEXT, Report, ReportColumn
from output.spreadsheets.xlsx import render_xlsx
from scoring.models import Season
from seasons.ranking import SeasonTable
from seasons.tables import all_label, by_table_points, points_label

PODIUM_TINT = colors.HexColor("#fbf1df")


def rule_label(season: Season) -> str:
    """The rule in words, with the figure it adds when that is Tischpunkte."""
    label = str(season.get_rule_display())
    if season.rule == Season.Rule.BEST:
        label = _("die besten %(n)d Abende") % {"n": season.best_count}
    if by_table_points(season):
        label = {
            Season.Rule.SUM: _("Summe aller Tischpunkte"),
            Season.Rule.BEST: _("die besten %(n)d Abende nach Tischpunkten")
            % {"n": season.best_count},
            Season.Rule.AVERAGE: _("Tischpunkte je Durchgang"),
        }[season.rule]
    if season.min_rounds:
        label += " · " + _("mindestens %(k)d Durchgänge") % {"k": season.min_rounds}
    return label


def season_report(table: SeasonTable, *, for_print: bool = False) -> Report:
    """Place, name, evenings, rounds, the counted figure (points or Tischpunkte), the figure
    over all evenings (``best``), average. ``for_print``: the average as text with two
    decimals, "–" for none."""
    season = table.season
    best = season.rule == Season.Rule.BEST
    columns = [
        ReportColumn(pgettext("rank", "Platz"), RANK, 6),
        ReportColumn(_("Name"), TEXT, 24),
        ReportColumn(_("Abende"), INT, 7),
        ReportColumn(_("Durchgänge"), INT, 10),
        ReportColumn(points_label(season), INT, 10),
    ]
    if best:
        columns.append(ReportColumn(all_label(season), INT, 10))
    columns.append(ReportColumn(_("Schnitt"), INT if for_print else TEXT, 8))
    rows = []
    for row in table.rows:
        average: object = row.average
        if for_print:
            average = "–" if row.average is None else number_format(row.average, 2)
        values = [row.rank, row.name, row.evenings, row.rounds, row.points]
        if best:
            values.append(row.total)
        values.append(average)
        rows.append(tuple(values))
    return Report(title=season.name, columns=tuple(columns), rows=tuple(rows))


def season_xlsx(table: SeasonTable) -> bytes:
    return render_xlsx([season_report(table)])


@dataclass(frozen=True)
class Heading:
    """What the PDF's header names: the club, the last evening's date."""

    name: str
    date: datetime.date
    venue: str = ""
    # The club's logo in the header, as on its tournaments' printouts: the bytes already read
    # with the club (b"" for none), so the header asks the database nothing more.
    club_logo: bytes | None = None


def season_pdf(table: SeasonTable) -> bytes:
    season = table.season
    last = table.tournaments[-1].date if table.tournaments else datetime.date.today()
    heading = Heading(season.club.name, last, club_logo=bytes(season.club.logo or b""))
    setup = PageSetup(tournament=heading, title=season.name)  # type: ignore[arg-type]
    report = season_report(table, for_print=True)
    name_index = 1
    fixed = {0: 14, 2: 18, 3: 25, 4: 24, 5: 22, 6: 18}  # headers on one line
    if by_table_points(season):  # "Tischpunkte (beste 10)", "alle Tischpunkte"
        fixed |= {4: 34, 5: 28}
    widths = [fixed.get(i, 0) * mm for i in range(len(report.columns))]
    widths[name_index] = setup.frame_width - sum(widths)
    pdf_table = report_table(report, widths, size=11, header_size=8.5, bold_columns=[4])
    for index, row in enumerate(table.rows, start=1):
        if row.rank is not None and row.rank <= 3:
            pdf_table.setStyle([("BACKGROUND", (0, index), (-1, index), PODIUM_TINT)])
    note = ngettext(
        "%(evenings)d Abend · Wertung: %(rule)s · nur bestätigte Listen zählen · wer gleich "
        "viel hat, teilt sich den Platz.",
        "%(evenings)d Abende · Wertung: %(rule)s · nur bestätigte Listen zählen · wer gleich "
        "viel hat, teilt sich den Platz.",
        len(table.tournaments),
    ) % {"evenings": len(table.tournaments), "rule": rule_label(season)}
    if any(t not in table.tournaments for t in table.hidden):  # the public table
        note += " " + _(
            "Abende ohne öffentliche Tabelle zählen erst, wenn ihre Tabelle öffentlich ist."
        )
    story = [
        Paragraph(escape(season.name), style("season-title", 24, bold=True, color=FELT)),
        Spacer(1, 1.5 * mm),
        Paragraph(escape(note), style("season-note", 9.5, color=MUTED)),
        Spacer(1, 5 * mm),
        pdf_table,
    ]
    return render_pdf(setup, story)
