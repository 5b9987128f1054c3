"""The prize list for the ceremony and the ledger for the treasurer, as PDFs (``render_pdf``
with the tables of ``report_table``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from output.printouts.pdf_base import (
    DRAFT_RED,
    FELT,
    MUTED,
    SANS_BOLD,
    PageSetup,
    escape,
    render_pdf,
    style,
)
from output.printouts.pdf_tables import report_table
from output.prizes.reading import PrizeReport
from output.prizes.reports import ledger_rows, prize_list_rows, summary_rows
from tournament.fees.money import euros


def notes(report: PrizeReport) -> list[str]:
    """What the reader must know beside the figures (also on the page)."""
    prizes = report.prizes
    found = []
    if not report.final:
        found.append(_("Vorläufig: der Endstand steht noch nicht fest."))
    if prizes.cut:
        found.append(
            _("Die Preistabelle verlangt mehr als das Preisgeld; die letzten Preise sind gekürzt.")
        )
    if prizes.remainder_cents:
        found.append(
            _("Geteilte Plätze und Anteile sind auf ganze Euro abgerundet; Rest: %(rest)s.")
            % {"rest": euros(prizes.remainder_cents)}
        )
    if report.table_count:
        found.append(
            _("Ein Preis je Tisch: %(count)d Tische im letzten Durchgang.")
            % {"count": report.table_count}
        )
    return found


def _heading(title: str, report: PrizeReport) -> list:
    story = [Paragraph(escape(title), style("prize-title", 22, bold=True, color=FELT))]
    for note in notes(report):
        color = DRAFT_RED if note.startswith(_("Vorläufig")) else MUTED
        story.append(Paragraph(escape(note), style("prize-note", 10, color=color)))
    story.append(Spacer(1, 4 * mm))
    return story


def sums_table(report: PrizeReport, width: float):
    table = report_table(summary_rows(report), [width * 0.6, width * 0.25], size=10)
    table.hAlign = "LEFT"
    return table


def prize_list_pdf(report: PrizeReport) -> bytes:
    setup = PageSetup(tournament=report.tournament, title=_("Preisliste"), draft=not report.final)
    width = setup.frame_width
    widths = [14 * mm, 0, width * 0.22, 26 * mm, width * 0.2, 24 * mm]
    widths[1] = width - sum(widths)
    story = _heading(_("Preisliste"), report)
    story.append(report_table(prize_list_rows(report), widths, size=12, bold_columns=[1]))
    story.append(Spacer(1, 6 * mm))
    story.append(sums_table(report, width))
    return render_pdf(setup, story)


def ledger_pdf(report: PrizeReport) -> bytes:
    setup = PageSetup(tournament=report.tournament, title=_("Kassenbericht"))
    width = setup.frame_width
    widths = [width * 0.2, 0, width * 0.18, 26 * mm, 26 * mm]
    widths[1] = width - sum(widths)
    story = _heading(_("Kassenbericht"), report)
    table = report_table(ledger_rows(report), widths, size=10)
    table.setStyle([("FONTNAME", (0, -2), (-1, -1), SANS_BOLD)])
    story.append(table)
    story.append(Spacer(1, 6 * mm))
    story.append(sums_table(report, width))
    return render_pdf(setup, story)
