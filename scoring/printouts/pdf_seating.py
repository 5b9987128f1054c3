"""The seating of a round to pin on the wall: by table, then by name.

Part one shows every table as a block (table number, then seat by seat, the Listenführer
marked); part two lists every player alphabetically with table and seat, in two columns (seat
1 is the Listenführer, so the list needs no column for it). Names are set large (14–18 pt) so
that players find themselves from a step away. A draft round prints with "Entwurf" in the
header and across every page.
"""

from __future__ import annotations

from itertools import groupby

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import NextPageTemplate, PageBreak, Paragraph, Spacer, Table, TableStyle

from scoring.printouts.pdf_base import (
    ACCENT,
    COLUMNS_TEMPLATE,
    FELT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    PageSetup,
    cell_padding,
    escape,
    render_pdf,
    style,
)
from scoring.printouts.pdf_tables import report_table
from scoring.printouts.reports import Report, seating_rows, select_columns
from tournament.models import Round

NAME_SIZE = 18
BLOCK_GAP = 6 * mm


def _table_block(number: int, seats: list[tuple], width: float) -> Table:
    """One table: a green bar with "Tisch n", then a line per seat."""
    name = style("block-name", NAME_SIZE, leading=NAME_SIZE * 1.15)
    captain_note = style("block-captain", 9.5, bold=True, color=ACCENT, spaceBefore=1.5)
    room = width - 12 * mm - 12  # the name column less its padding
    # Plain strings where they fit (laid out ten times faster than paragraphs); a paragraph
    # wraps a long name and carries the Listenführer's note.
    rows: list[list[object]] = [[_("Tisch %(n)d") % {"n": number}, ""]]
    for _table, seat, player, _club, captain in seats:
        cell: object = player
        if captain or stringWidth(player, SANS, NAME_SIZE) > room:
            cell = [Paragraph(escape(player), name)]
            if captain:
                cell.append(Paragraph(_("Listenführer").upper(), captain_note))
        rows.append([str(seat), cell])
    block = Table(rows, colWidths=[12 * mm, width - 12 * mm])
    block.setStyle(
        TableStyle(
            [
                ("SPAN", (0, 0), (-1, 0)),
                ("FONT", (0, 0), (-1, 0), SANS_BOLD, 20, 24),
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                ("FONT", (0, 1), (0, -1), SANS_BOLD, 15, 18),
                ("TEXTCOLOR", (0, 1), (0, -1), MUTED),
                ("ALIGN", (0, 1), (0, -1), "CENTER"),
                ("FONT", (1, 1), (1, -1), SANS, NAME_SIZE, NAME_SIZE * 1.15),
                ("TEXTCOLOR", (1, 1), (1, -1), INK),
                ("BACKGROUND", (0, 0), (-1, 0), FELT),
                ("TOPPADDING", (0, 0), (-1, 0), 5),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 7),
                ("LEFTPADDING", (0, 0), (-1, 0), 8),
                ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 1), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 1), (-1, -1), 6),
                ("LINEBELOW", (0, 1), (-1, -2), 0.5, LINE),
                ("BOX", (0, 0), (-1, -1), 1, FELT),
                ("BACKGROUND", (0, 1), (-1, 1), colors.HexColor("#fbf4ea")),
            ]
        )
    )
    return block


def _by_table(report: Report, width: float) -> Table:
    block_width = (width - BLOCK_GAP) / 2
    blocks = [
        _table_block(number, list(seats), block_width)
        for number, seats in groupby(report.rows, key=lambda row: row[0])
    ]
    grid_rows = [
        blocks[i : i + 2] + [""] * (2 - len(blocks[i : i + 2])) for i in range(0, len(blocks), 2)
    ]
    grid = Table(
        [[left, "", right] for left, right in grid_rows],
        colWidths=[block_width, BLOCK_GAP, block_width],
    )
    grid.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                *cell_padding(bottom=BLOCK_GAP),
            ]
        )
    )
    return grid


def _heading(text: str, note: str) -> list:
    return [
        Paragraph(escape(text), style("seating-title", 24, bold=True, color=FELT)),
        Spacer(1, 1.5 * mm),
        Paragraph(escape(note), style("seating-note", 11, color=MUTED)),
        Spacer(1, 6 * mm),
    ]


def seating_pdf(round_: Round) -> bytes:
    """Both parts in one document; pass a round from ``round_with_seating``."""
    setup = PageSetup(
        tournament=round_.tournament,
        title=_("Sitzordnung Durchgang %(number)d") % {"number": round_.number},
        draft=round_.is_draft,
        columns=2,
    )
    width = setup.frame_width
    by_table = seating_rows(round_, order="table")
    players = len(by_table.rows)
    tables = len({row[0] for row in by_table.rows})
    summary = ngettext(
        "%(players)d Spieler an %(tables)d Tisch · Platz 1 ist Listenführer und gibt zuerst",
        "%(players)d Spieler an %(tables)d Tischen · Platz 1 ist Listenführer und gibt zuerst",
        tables,
    ) % {
        "players": players,
        "tables": tables,
    }
    story: list = [
        *_heading(_("Durchgang %(number)d – nach Tischen") % {"number": round_.number}, summary),
        _by_table(by_table, width),
        # The list by name runs in two columns: half the pages on the wall.
        NextPageTemplate(COLUMNS_TEMPLATE),
        PageBreak(),
        Paragraph(
            escape(_("Durchgang %(number)d – nach Namen") % {"number": round_.number}),
            style("seating-title-small", 18, bold=True, color=FELT),
        ),
        Spacer(1, 1 * mm),
        Paragraph(
            escape(_("Name suchen, dann Tisch und Platz ablesen. Platz 1 führt die Liste.")),
            style("seating-note-small", 10, color=MUTED),
        ),
        Spacer(1, 3 * mm),
    ]
    by_name = select_columns(seating_rows(round_, order="name"), [0, 2, 3])
    column = setup.column_width
    story.append(
        report_table(
            by_name,
            [column - 32 * mm, 16 * mm, 16 * mm],
            size=NAME_SIZE - 4,
            header_size=9,
            bold_columns=[1],
            padding=3.5,
        )
    )
    return render_pdf(setup, story)
