"""The seating of a round to pin on the wall: by table, then by name.

Part one shows every table as a block (table number, then seat by seat, the Listenführer
marked); part two lists every player alphabetically with table and seat, in two columns (the
heading says which seat keeps the list, so the list needs no column for it). Names are set
large (14–18 pt) so that players find themselves from a step away. A draft round prints with
"Entwurf" in the header and across every page.
"""

from __future__ import annotations

from itertools import groupby

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import NextPageTemplate, PageBreak, Paragraph, Spacer

from output.printouts.pdf_base import (
    ACCENT,
    COLUMNS_TEMPLATE,
    FELT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    FixedFlowable,
    PageSetup,
    escape,
    fit_one_line,
    render_pdf,
    style,
)
from output.printouts.pdf_tables import report_table
from output.reports import Report, seating_rows, select_columns
from tournament.models import Round, Tournament
from tournament.seating.messages import keeper_seats_text

NAME_SIZE = 18
BLOCK_GAP = 6 * mm


HEAD_HEIGHT = 12.5 * mm
ROW_HEIGHT = 11 * mm
CAPTAIN_ROW_HEIGHT = 15 * mm
SEAT_COLUMN = 12 * mm
NAME_SIZES = (NAME_SIZE, 16, 14, 12)
CAPTAIN_TINT = colors.HexColor("#fbf4ea")


def _block_height(seats: list[tuple]) -> float:
    return HEAD_HEIGHT + CAPTAIN_ROW_HEIGHT + (len(seats) - 1) * ROW_HEIGHT


class TableBlocks(FixedFlowable):
    """Two tables side by side, drawn straight on the canvas: a green bar with "Tisch n",
    then a line per seat, the Listenführer's tinted and marked. A name too long for its line
    shrinks, then is cut with "…" (never broken inside a word)."""

    def __init__(self, blocks: list[tuple[int, list[tuple]]], width: float) -> None:
        tallest = max(_block_height(seats) for _number, seats in blocks)
        super().__init__(width, tallest + BLOCK_GAP)
        self.blocks = blocks

    def draw(self) -> None:
        canvas = self.canv
        block_width = (self.width - BLOCK_GAP) / 2
        room = block_width - SEAT_COLUMN - 2 * 4
        for index, (number, seats) in enumerate(self.blocks):
            x = index * (block_width + BLOCK_GAP)
            top = self.height
            bottom = top - _block_height(seats)
            canvas.setFillColor(FELT)
            canvas.rect(x, top - HEAD_HEIGHT, block_width, HEAD_HEIGHT, stroke=0, fill=1)
            canvas.setFillColor(colors.white)
            canvas.setFont(SANS_BOLD, 20)
            canvas.drawString(x + 8, top - HEAD_HEIGHT + 10, _("Tisch %(n)d") % {"n": number})
            y = top - HEAD_HEIGHT
            for _table, seat, player, _club, captain in seats:
                height = CAPTAIN_ROW_HEIGHT if captain else ROW_HEIGHT
                y -= height
                if captain:
                    canvas.setFillColor(CAPTAIN_TINT)
                    canvas.rect(x, y, block_width, height, stroke=0, fill=1)
                middle = y + height / 2
                canvas.setFillColor(MUTED)
                canvas.setFont(SANS_BOLD, 15)
                canvas.drawCentredString(x + SEAT_COLUMN / 2, middle - 5.4, str(seat))
                size, shown = fit_one_line(player, SANS, NAME_SIZES, room)
                canvas.setFillColor(INK)
                canvas.setFont(SANS, size)
                name_x = x + SEAT_COLUMN + 4
                if captain:
                    canvas.drawString(name_x, middle + 3, shown)
                    canvas.setFillColor(ACCENT)
                    canvas.setFont(SANS_BOLD, 9.5)
                    canvas.drawString(name_x, middle - 13, _("Listenführer").upper())
                else:
                    canvas.drawString(name_x, middle - size * 0.36, shown)
                if y > bottom + 0.1:
                    canvas.setStrokeColor(LINE)
                    canvas.setLineWidth(0.5)
                    canvas.line(x, y, x + block_width, y)
            canvas.setStrokeColor(FELT)
            canvas.setLineWidth(1)
            canvas.rect(x, bottom, block_width, top - bottom, stroke=1, fill=0)


def _by_table(report: Report, width: float) -> list[TableBlocks]:
    blocks = [(number, list(seats)) for number, seats in groupby(report.rows, key=lambda r: r[0])]
    return [TableBlocks(blocks[i : i + 2], width) for i in range(0, len(blocks), 2)]


def _heading(text: str, note: str) -> list:
    return [
        Paragraph(escape(text), style("seating-title", 24, bold=True, color=FELT)),
        Spacer(1, 1.5 * mm),
        Paragraph(escape(note), style("seating-note", 11, color=MUTED)),
        Spacer(1, 6 * mm),
    ]


def seating_summary(tournament: Tournament, players: int, tables: int) -> str:
    """ "18 Spieler an 4 Tischen · Platz 1 ist Listenführer und gibt zuerst", the seat of the
    Listenführer as the ruleset says (at each table size where it differs)."""
    params = {"players": players, "tables": tables}
    sizes = tournament.table_sizes
    keepers = {tournament.list_keeper_seat(size) for size in sizes}
    dealers = {tournament.rules.dealer(1, size) for size in sizes}
    if keepers == dealers == {1}:
        return (
            ngettext(
                "%(players)d Spieler an %(tables)d Tisch · Platz 1 ist Listenführer und gibt "
                "zuerst",
                "%(players)d Spieler an %(tables)d Tischen · Platz 1 ist Listenführer und gibt "
                "zuerst",
                tables,
            )
            % params
        )
    return ngettext(
        "%(players)d Spieler an %(tables)d Tisch · Listenführer: %(keeper)s",
        "%(players)d Spieler an %(tables)d Tischen · Listenführer: %(keeper)s",
        tables,
    ) % {**params, "keeper": keeper_seats_text(tournament.list_keeper_seat, sizes)}


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
    summary = seating_summary(round_.tournament, players, tables)
    by_name_title = _("Durchgang %(number)d – nach Namen")
    if round_.tournament.name_order == Tournament.NameOrder.SURNAME:
        by_name_title = _("Durchgang %(number)d – nach Nachnamen")
    story: list = [
        *_heading(_("Durchgang %(number)d – nach Tischen") % {"number": round_.number}, summary),
        *_by_table(by_table, width),
        # The list by name runs in two columns: half the pages on the wall.
        NextPageTemplate(COLUMNS_TEMPLATE),
        PageBreak(),
        Paragraph(
            escape(by_name_title % {"number": round_.number}),
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
