"""The standings after a round, or final, as a printout: the rows of ``standings_rows``.

One line per player with the ``PDF`` columns of ``scoring.standings.columns`` (place, name, club,
points in each round, total and the tie-breakers; the name takes the width the others leave);
the header row repeats on every page. Under the heading: how many sheets of the round in play are
still open (they do not count yet). Shared places print twice ("3.", "3.", then "5."). The
first three places are tinted. Portrait up to two rounds, landscape beyond.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from scoring.models import Sheet
from scoring.printouts.pdf_base import FELT, MUTED, PageSetup, escape, render_pdf, style
from scoring.printouts.pdf_tables import report_table
from scoring.printouts.reports import standings_rows
from scoring.standings import columns
from scoring.standings.columns import PDF
from scoring.standings.ranking import TIE_BREAKERS, Standings
from tournament.models import Round

PODIUM_TINT = colors.HexColor("#fbf1df")


def is_final(standings: Standings) -> bool:
    """After the last round, with every sheet of every round confirmed."""
    tournament = standings.tournament
    if standings.after_round < tournament.rounds_count:
        return False
    rounds = Round.objects.filter(tournament=tournament).visible()
    if rounds.count() < tournament.rounds_count:
        return False
    return (
        not Sheet.objects.filter(round__in=rounds).exclude(status=Sheet.Status.CONFIRMED).exists()
    )


def standings_pdf(standings: Standings) -> bytes:
    tournament = standings.tournament
    after = _("Stand nach Durchgang %(number)d") % {"number": standings.after_round}
    setup = PageSetup(tournament=tournament, title=after, landscape=standings.after_round > 2)
    report = standings_rows(standings, PDF)
    fields = columns.fields(PDF, standings.round_numbers)
    fixed = sum(field.column.print_width or 0 for field in fields) * mm
    widths = [
        field.column.print_width * mm if field.column.print_width else setup.frame_width - fixed
        for field in fields
    ]
    bold = [index for index, field in enumerate(fields) if field.column.emphasis]
    table = report_table(report, widths, size=11, header_size=8.5, bold_columns=bold)
    podium = [index for index, row in enumerate(standings.rows, start=1) if row.on_podium]
    for index in podium:
        table.setStyle([("BACKGROUND", (0, index), (-1, index), PODIUM_TINT)])

    heading = _("Endstand") if is_final(standings) else after
    breakers = ", ".join(str(breaker.label) for breaker in TIE_BREAKERS[1:])
    note = _(
        "%(players)d Spieler · nur bestätigte Listen zählen · bei Punktgleichheit entscheiden "
        "%(breakers)s; wer auch darin gleich ist, teilt sich den Platz."
    ) % {"players": len(standings.rows), "breakers": breakers}
    if standings.open_sheets:
        note = f"{standings.open_sheets.label}. {note}"
    story = [
        Paragraph(escape(heading), style("standings-title", 24, bold=True, color=FELT)),
        Spacer(1, 1.5 * mm),
        Paragraph(escape(note), style("standings-note", 9.5, color=MUTED)),
        Spacer(1, 5 * mm),
        table,
    ]
    return render_pdf(setup, story)
