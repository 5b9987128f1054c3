"""Pre-filled paper score sheets (Spiellisten): one landscape page per table of a round.

What the rule sheet asks of the paper list (rules 2 and 4): the Listenführer in the first
player column, a "Sieger" column for the winners' seats ("1 + 4"), each player's plus and minus
after every game, and every line adding up to 0. The sheet prints the players in seat order, one
line per game with its number and dealer (at a five-player table the dealer's cells are hatched:
"setzt aus"), a small "Stand" column next to each player's plus/minus for the running total, a
"Summe = 0" check column, a thicker line after every round of deals, the house scoring values as
a legend, and a QR code that opens the table's entry page on a phone.

With ``with_games`` the games entered so far (the latest version) are printed too, for the
archive.

Speed: a round prints 100 of these pages at once, so a page is drawn straight on the canvas
(:class:`SheetPage`) instead of being laid out by platypus tables, which measured every cell's
paragraph twice. Geometry is computed once per page by :func:`grid_layout`; only a name that
does not fit its column on one line becomes a paragraph (wrapped, whole). What is the same on
every page — the legend of house values and the signature line — is a PDF form drawn once per
document and placed on each page.

This module assembles the pages; the grid's measures are in ``pdf_sheet_layout``, its drawing in
``pdf_sheet_grid``, the QR code and legend in ``pdf_sheet_sidebar``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from output.printouts.pdf_base import (
    FELT,
    MUTED,
    SANS,
    SANS_BOLD,
    FixedFlowable,
    PageSetup,
    fit_one_line,
    register_fonts,
    render_pdf,
    text_width,
)
from output.printouts.pdf_sheet_grid import draw_grid
from output.printouts.pdf_sheet_layout import (
    GUTTER,
    SIDEBAR,
    TITLE_GAP,
    TITLE_HEIGHT,
    GridLayout,
    fit_rows,
    grid_layout,
)
from output.printouts.pdf_sheet_sidebar import draw_sidebar
from output.printouts.sheet_data import TableSheet, spare_sheet, table_sheets
from tournament.models import Round
from tournament.ruleset_texts import say

# Header and footer sit in the top and bottom margins: 22 and 16 mm keep their text 5 mm or
# more from the edge, where printers clip.
SHEET_SETUP = {"landscape": True, "margin": 10 * mm, "top": 22 * mm, "bottom": 16 * mm}


def _draw_title(canvas: Canvas, sheet: TableSheet, round_number: int, width: float) -> None:
    """ "Tisch n" large on the left, the round, games and kind of table on the right; the
    baseline at (0, 2)."""
    canvas.setFillColor(FELT)
    canvas.setFont(SANS_BOLD, 24)
    if sheet.spare:
        canvas.drawString(0, 2 + 4, _("Tisch"))
        canvas.setStrokeColor(FELT)
        canvas.setLineWidth(1)
        start = text_width(_("Tisch"), SANS_BOLD, 24) + 4
        canvas.line(start, 4, start + 18 * mm, 4)  # the number is written in
    else:
        canvas.drawString(0, 2 + 4, _("Tisch %(n)d") % {"n": sheet.number})
    kind = say(sheet.rules, sheet.printed.table_note)
    heading = _("Spielliste Durchgang %(round)d") % {"round": round_number}
    games = ngettext("%(games)d Spiel", "%(games)d Spiele", sheet.games) % {"games": sheet.games}
    rest = f" · {games} · {kind}"
    y = 2 + 2 + (12 if sheet.note else 0)
    room = width - 60 * mm
    size, rest_shown = fit_one_line(
        rest, SANS, (10, 9, 8), room - text_width(heading, SANS_BOLD, 10)
    )
    canvas.setFillColor(MUTED)
    canvas.setFont(SANS, size)
    canvas.drawRightString(width, y, rest_shown)
    canvas.setFont(SANS_BOLD, size)
    canvas.drawRightString(width - text_width(rest_shown, SANS, size), y, heading)
    if sheet.note:
        canvas.setFont(SANS, 10)
        canvas.drawRightString(width, 4, sheet.note)


class SheetPage(FixedFlowable):
    """One page of a table's sheet: title, the grid (games ``games``) and the sidebar."""

    def __init__(
        self,
        sheet: TableSheet,
        round_number: int,
        layout: GridLayout,
        games: range,
        *,
        width: float,
        height: float,
        total: bool = True,
    ) -> None:
        super().__init__(width, height)
        self.sheet, self.round_number = sheet, round_number
        self.layout, self.games, self.total = layout, games, total

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height - TITLE_HEIGHT)
        _draw_title(canvas, self.sheet, self.round_number, self.width)
        canvas.translate(0, -TITLE_GAP)
        draw_grid(canvas, self.sheet, self.layout, self.games, total=self.total)
        canvas.translate(self.width - SIDEBAR, 0)
        draw_sidebar(canvas, self.sheet, SIDEBAR)
        canvas.restoreState()


def sheet_pages(sheet: TableSheet, round_: Round, width: float, height: float) -> list[Flowable]:
    """The pages of one table's sheet: one, unless its lines do not fit even at the ruleset's
    lowest row height (``ROW_MIN`` for the house rules; many rounds of deals): then the lines
    run on over as many pages as they need, the header repeated, the total line on the last."""
    grid_width = width - SIDEBAR - GUTTER
    room = height - TITLE_HEIGHT - TITLE_GAP
    layout = grid_layout(sheet, grid_width)
    lines = len(sheet.printed.rows)  # the games, and the ruleset's penalty lines if any
    lowest = sheet.printed.min_row_mm * mm  # the house rules: ROW_MIN
    if fit_rows(layout, lines, room, lowest):
        return [
            SheetPage(
                sheet,
                round_.number,
                layout,
                range(1, lines + 1),
                width=width,
                height=height,
            )
        ]
    layout.row = lowest
    per_page = max(1, int((room - layout.height(0)) // lowest))
    pages: list[Flowable] = []
    for start in range(1, lines + 1, per_page):
        games = range(start, min(start + per_page, lines + 1))
        if pages:
            pages.append(PageBreak())
        pages.append(
            SheetPage(
                sheet,
                round_.number,
                layout,
                games,
                width=width,
                height=height,
                total=games[-1] == lines,
            )
        )
    return pages


def score_sheets_pdf(
    round_: Round,
    base_url: str,
    *,
    with_games: bool = False,
    table: int | None = None,
    spare: int | None = None,
) -> bytes:
    """Every table's sheet of a released round, one page each (only table number ``table``
    if given; a blank spare sheet for ``spare`` players instead if given); pass
    ``round_with_seating``."""
    setup = PageSetup(
        tournament=round_.tournament,
        title=_("Spiellisten Durchgang %(number)d") % {"number": round_.number},
        **SHEET_SETUP,
    )
    if spare is not None:
        register_fonts()
        sheet = spare_sheet(spare, round_.tournament)
        story = sheet_pages(sheet, round_, setup.frame_width, setup.frame_height)
    else:
        story = sheets_story(round_, base_url, setup, with_games=with_games, table=table)
    return render_pdf(setup, story)


def sheets_story(
    round_: Round,
    base_url: str,
    setup: PageSetup,
    *,
    with_games: bool = False,
    table: int | None = None,
) -> list[Flowable]:
    register_fonts()  # the layout measures text before anything is drawn
    story: list[Flowable] = []
    sheets = table_sheets(round_, base_url, with_games=with_games)
    if table is not None:
        sheets = [sheet for sheet in sheets if sheet.number == table]
    for index, sheet in enumerate(sheets):
        if index:
            story.append(PageBreak())
        story += sheet_pages(sheet, round_, setup.frame_width, setup.frame_height)
    return story
