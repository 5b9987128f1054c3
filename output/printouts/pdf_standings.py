"""The standings after a round, or final, as a printout: the rows of ``standings_rows``.

One line per player with the ``PDF`` columns of ``scoring.standings.columns`` (place, name, club,
points in each round, total and the tie-breakers; the name takes the width the others leave);
the header row repeats on every page. Under the heading: how many sheets of the round in play are
still open (they do not count yet). Shared places print twice ("3.", "3.", then "5."). The
first three places are tinted. Portrait up to two rounds, landscape beyond.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from output.printouts.pdf_base import (
    DRAFT_RED,
    FELT,
    MUTED,
    SANS,
    SANS_BOLD,
    PageSetup,
    escape,
    register_fonts,
    render_pdf,
    style,
    text_width,
)
from output.printouts.pdf_tables import report_table
from output.reports import Report, display, select_columns, standings_rows
from scoring.models import Sheet
from scoring.standings import columns
from scoring.standings.columns import PDF
from scoring.standings.ranking import Standings, rank_evening, tie_breakers, tie_lead
from tournament.models import Round

PODIUM_TINT = colors.HexColor("#fbf1df")


@dataclass(frozen=True)
class Confirmation:
    """How many sheets of the rounds played so far are confirmed: until all are, standings
    and certificates on paper say "vorläufig"."""

    confirmed: int
    total: int

    @property
    def provisional(self) -> bool:
        return self.confirmed < self.total

    @property
    def label(self) -> str:
        return _("%(confirmed)d von %(total)d Listen bestätigt") % {
            "confirmed": self.confirmed,
            "total": self.total,
        }


def _in_sentence(standings: Standings) -> str:
    """The ruleset's tie-break lead ("Bei Punktgleichheit entscheiden:") inside the note's
    sentence: "bei Punktgleichheit entscheiden"."""
    lead = str(tie_lead(standings.tournament)).strip().rstrip(":")
    return lead[:1].lower() + lead[1:]


def confirmation(standings: Standings) -> Confirmation:
    """The sheets of every released round up to the one in play (one query)."""
    last = standings.open_sheets.round if standings.open_sheets else standings.after_round
    rounds = Round.objects.filter(tournament=standings.tournament, number__lte=last).visible()
    counts = Sheet.objects.filter(round__in=rounds).aggregate(
        total=Count("id"), confirmed=Count("id", filter=Q(status=Sheet.Status.CONFIRMED))
    )
    return Confirmation(counts["confirmed"], counts["total"])


def provisional_note(standings: Standings, sheets: Confirmation) -> str:
    """ "Vorläufig: 7 von 10 Listen bestätigt", and the rounds still to come; "" when final."""
    parts = []
    if sheets.provisional:
        parts.append(sheets.label)
    rounds = standings.tournament.rounds_count
    if standings.after_round < rounds:
        parts.append(
            _("Stand nach Durchgang %(number)d von %(rounds)d")
            % {"number": standings.after_round, "rounds": rounds}
        )
    if not parts:
        return ""
    return _("Vorläufig: %(details)s") % {"details": " · ".join(parts)}


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


COMPACT_KEYS = ("rank", "name", "total", "games_played")
HEADER_SIZE = 8.5
CELL_PADDING = 2 * 5  # left and right, as ``report_table`` sets them


def share_text_room(
    report: Report, keys: list[str], widths: list[float], size: float, bold: list[int]
) -> list[float]:
    """``widths`` with the club column narrowed to what its longest entry (or its heading)
    needs and the name column given the rest, so that names wrap only when the club column
    has no room to spare."""
    if "name" not in keys or "club" not in keys:
        return widths
    register_fonts()  # measured before the document registers them
    name, club = keys.index("name"), keys.index("club")
    column = report.columns[club]
    font = SANS_BOLD if club in bold else SANS
    entries = (display(row[club], column.kind) for row in report.rows)
    widest = max((text_width(text, font, size) for text in entries), default=0)
    need = max(widest, text_width(column.label, SANS_BOLD, HEADER_SIZE)) + CELL_PADDING + 2
    fitted = list(widths)
    fitted[club] = min(need, widths[club])
    fitted[name] = widths[name] + widths[club] - fitted[club]
    return fitted


def standings_pdf(standings: Standings, *, compact: bool = False) -> bytes:
    """The standings; ``compact``: place, name, total and games only, in two columns (half
    the pages on the wall)."""
    tournament = standings.tournament
    sheets = confirmation(standings)
    after = _("Stand nach Durchgang %(number)d") % {"number": standings.after_round}
    title = after
    if sheets.provisional:
        title = _("%(title)s – vorläufig") % {"title": after}
    setup = PageSetup(
        tournament=tournament,
        title=title,
        landscape=standings.after_round > 2 and not compact,
        columns=2 if compact else 1,
        start_in_columns=compact,
    )
    # Who has no confirmed game yet is not ranked among those who played: the others are
    # ranked among themselves (no gap in the places), the idle ones listed last, no place.
    idle = [row for row in standings.rows if not row.games_played]
    played = list(standings.rows)
    if idle:
        played = rank_evening(
            standings.tournament, (row for row in standings.rows if row.games_played)
        )
    on_paper = dataclasses.replace(standings, rows=(*played, *idle))
    report = standings_rows(on_paper, PDF)
    rows = (*report.rows[: len(played)], *((None, *row[1:]) for row in report.rows[len(played) :]))
    report = dataclasses.replace(report, rows=rows)
    fields = columns.fields(
        PDF,
        standings.round_numbers,
        standings.tournament.rules,
        standings.tournament.standings_format,
    )
    if compact:
        keep = [index for index, field in enumerate(fields) if field.name in COMPACT_KEYS]
        report = select_columns(report, keep)
        fields = [fields[index] for index in keep]
    room = setup.column_width if compact else setup.frame_width
    fixed = sum(field.column.print_width or 0 for field in fields) * mm
    # The columns without a width of their own (the name) share what the others leave.
    flexible = sum(1 for field in fields if not field.column.print_width) or 1
    widths = [
        field.column.print_width * mm if field.column.print_width else (room - fixed) / flexible
        for field in fields
    ]
    bold = [index for index, field in enumerate(fields) if field.column.emphasis]
    size = 10 if compact else 11
    widths = share_text_room(report, [field.name for field in fields], widths, size, bold)
    table = report_table(report, widths, size=size, header_size=HEADER_SIZE, bold_columns=bold)
    podium = [index for index, row in enumerate(played, start=1) if row.on_podium]
    for index in podium:
        table.setStyle([("BACKGROUND", (0, index), (-1, index), PODIUM_TINT)])

    heading = _("Endstand") if is_final(standings) else title
    order = tie_breakers(standings.tournament)
    breakers = ", ".join(str(breaker.label) for breaker in order[1:])
    note = _(
        "%(players)d Spieler · nur bestätigte Listen zählen · %(lead)s %(breakers)s; wer auch "
        "darin gleich ist, teilt sich den Platz."
    ) % {"players": len(standings.rows), "lead": _in_sentence(standings), "breakers": breakers}
    if standings.open_sheets:
        note = f"{standings.open_sheets.label}. {note}"
    unplaced = sum(1 for row in played if not row.rank)
    if unplaced:
        note += " " + ngettext(
            "%(count)d Spieler mit weniger als %(rounds)d Durchgängen steht ohne Platz am Ende.",
            "%(count)d Spieler mit weniger als %(rounds)d Durchgängen stehen ohne Platz am Ende.",
            unplaced,
        ) % {"count": unplaced, "rounds": standings.tournament.average_min_rounds}
    if idle:
        note += " " + ngettext(
            "%(count)d Spieler ohne bestätigtes Spiel steht ohne Platz am Ende.",
            "%(count)d Spieler ohne bestätigtes Spiel stehen ohne Platz am Ende.",
            len(idle),
        ) % {"count": len(idle)}
    story = [
        Paragraph(
            escape(heading), style("standings-title", 18 if compact else 24, bold=True, color=FELT)
        ),
        Spacer(1, 1.5 * mm),
        Paragraph(escape(note), style("standings-note", 9.5, color=MUTED)),
        Spacer(1, 5 * mm),
        table,
    ]
    warning = provisional_note(standings, sheets) if sheets.provisional else ""
    if warning:
        story[2:2] = [
            Paragraph(escape(warning), style("standings-warning", 11, bold=True, color=DRAFT_RED)),
            Spacer(1, 1 * mm),
        ]
    return render_pdf(setup, story)
