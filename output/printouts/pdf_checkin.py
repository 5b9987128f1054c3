"""The check-in list (Anwesenheitsliste) for the entrance: everyone registered, by name, with a
box to tick.

Two columns to the page, large enough to read standing at the door: a box (ticked already for
who checked in on the laptop), the name and the club. Withdrawn players are left out; the count
under the heading says how many are expected and how many are there.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from output.printouts.pdf_base import FELT, MUTED, PageSetup, escape, render_pdf, style
from output.printouts.pdf_tables import report_table
from output.reports import TEXT, Report, ReportColumn, participants_rows
from tournament.models import Tournament

CHECKED, OPEN = "☑", "☐"


def checkin_pdf(tournament: Tournament) -> bytes:
    registered = participants_rows(tournament)
    rows = [
        (CHECKED if checked_in else OPEN, name, club)
        for name, club, checked_in, withdrawn in registered.rows
        if not withdrawn
    ]
    setup = PageSetup(
        tournament=tournament, title=_("Anwesenheitsliste"), columns=2, start_in_columns=True
    )
    report = Report(
        title=_("Anwesenheitsliste"),
        columns=(
            ReportColumn(_("da"), TEXT, 3),
            ReportColumn(_("Name"), TEXT, 24),
            ReportColumn(_("Verein"), TEXT, 20),
        ),
        rows=tuple(rows),
    )
    width = setup.column_width
    table = report_table(report, [9 * mm, width * 0.55 - 9 * mm, width * 0.45], size=11)
    table.setStyle([("FONTSIZE", (0, 1), (0, -1), 15), ("LEADING", (0, 1), (0, -1), 15)])
    present = sum(1 for row in rows if row[0] == CHECKED)
    note = _("%(total)d angemeldet · %(present)d schon als anwesend erfasst") % {
        "total": len(rows),
        "present": present,
    }
    if tournament.name_order == Tournament.NameOrder.SURNAME:
        note = "{} · {}".format(note, _("nach Nachnamen sortiert"))
    story = [
        Paragraph(escape(_("Anwesenheit")), style("checkin-title", 18, bold=True, color=FELT)),
        Spacer(1, 1 * mm),
        Paragraph(escape(note), style("checkin-note", 9.5, color=MUTED)),
        Spacer(1, 3 * mm),
        table,
    ]
    return render_pdf(setup, story)
