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
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from scoring.house_rules import legend_lines
from scoring.printouts.pdf_base import (
    FELT,
    FELT_LIGHT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    PageSetup,
    cell_padding,
    escape,
    fit_one_line,
    render_pdf,
    style,
)
from scoring.printouts.pdf_cells import Hatch, QrCode, SignatureLine
from scoring.printouts.sheet_data import TableSheet, table_sheets
from scoring.rules import ScoringOptions, dealer
from tournament.models import Round

CAPTAIN_TINT = colors.HexColor("#fbf4ea")
STAND_TINT = colors.HexColor("#f3f8f5")
SIDEBAR = 64 * mm
GUTTER = 6 * mm
TITLE_HEIGHT = 13 * mm
TITLE_GAP = 3 * mm
TOTAL_ROW = 9 * mm
ROW_MAX = 8.5 * mm
ROW_MIN = 5 * mm
FIXED_COLUMNS = (12 * mm, 25 * mm, 18 * mm, 11 * mm)  # Spiel, Geber, Sieger, Wert
CHECK_COLUMN = 15 * mm
PADDING_X = 2.5  # left and right in every cell of the grid
NAME_SIZES = (10, 9.5, 9, 8.5, 8, 7.5, 7)
# A name too long for one line at 7 pt wraps: at the largest of these sizes that needs at most
# NAME_LINES lines, else at the smallest with as many lines as it takes (the header row grows).
WRAPPED_NAME_SIZES = (7, 6.5, 6)
NAME_LINES = 3
# The dealer column repeats the name in rows of fixed height: one line, shrunk, else cut ("…").
DEALER_SIZES = (7, 6.5, 6)

# ---------------------------------------------------------------------------- grid


def _signed(value: int) -> str:
    """Plus and minus as on paper: "+3", "−3" (a real minus sign), "0"."""
    if value > 0:
        return f"+{value}"
    return _number(value)


def _number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _name_paragraph(name: str, width: float) -> Paragraph:
    """The player's name in the largest size that fits the column on one line; a longer name
    wraps (long words are split) and stays inside its column, whole."""
    for size in NAME_SIZES:
        if stringWidth(name, SANS_BOLD, size) <= width:
            return Paragraph(escape(name), style("grid-name", size, bold=True, alignment=1))
    for size in WRAPPED_NAME_SIZES:
        paragraph = Paragraph(
            escape(name),
            style("grid-name-wrapped", size, bold=True, alignment=1, leading=size * 1.15),
        )
        paragraph.wrap(width, 10_000)
        if len(paragraph.blPara.lines) <= NAME_LINES:
            break
    return paragraph


def _dealer_paragraph(seat: int, name: str, width: float) -> Paragraph:
    """ "3 · Heinz Groß" on one line of the dealer column, shrunk or cut to fit."""
    prefix = f"{seat} · "
    room = width - stringWidth(prefix, SANS_BOLD, DEALER_SIZES[0])
    size, shown = fit_one_line(name, SANS, DEALER_SIZES, room)
    return Paragraph(
        f"<b>{seat}</b> · {escape(shown)}",
        style("grid-dealer", size, color=INK, leading=size + 1),
    )


def _grid(sheet: TableSheet, width: float, row_height: float) -> Table:
    size = sheet.size
    fixed = sum(FIXED_COLUMNS) + CHECK_COLUMN
    per_player = (width - fixed) / size
    pm_width, stand_width = per_player * 0.6, per_player * 0.4
    widths = [*FIXED_COLUMNS]
    for _seat in range(size):
        widths += [pm_width, stand_width]
    widths.append(CHECK_COLUMN)
    first_player = len(FIXED_COLUMNS)
    check = len(widths) - 1

    head = style("grid-head", 8, bold=True, color=FELT, alignment=1, leading=9)
    seat_label = style("grid-seat", 6.5, bold=True, color=MUTED, alignment=1, leading=8)
    sub = style("grid-sub", 6.5, color=MUTED, alignment=1, leading=7.5)
    number_style = style("grid-number", 10, bold=True, alignment=1, leading=11)
    value_style = style("grid-value", 9, alignment=1, leading=10)
    total_style = style("grid-total", 7, color=MUTED, alignment=1, leading=8)

    winners_label, winners_example = escape(_("Sieger")), escape(_("z. B. 1 + 4"))
    sum_label, sum_check = escape(_("Summe")), escape(_("= 0 ✓"))
    row0: list[object] = [
        Paragraph(_("Spiel"), head),
        Paragraph(_("Geber"), head),
        Paragraph(f"{winners_label}<br/><font size=6>{winners_example}</font>", head),
        Paragraph(_("Wert"), head),
    ]
    row1: list[object] = ["", "", "", ""]
    for number, name in sheet.seats:
        caption = _("Platz %(seat)d") % {"seat": number}
        if number == 1:
            caption = _("Platz 1 · Listenführer")
        name_cell = _name_paragraph(name, per_player - 2 * PADDING_X)
        row0 += [[Paragraph(caption.upper(), seat_label), name_cell], ""]
        row1 += [Paragraph(_("+ / −"), sub), Paragraph(pgettext("running total", "Stand"), sub)]
    row0.append(Paragraph(f"{sum_label}<br/>{sum_check}", head))
    row1.append("")

    names = dict(sheet.seats)
    commands: list[tuple] = [
        ("GRID", (0, 0), (-1, -1), 0.5, LINE),
        ("BOX", (0, 0), (-1, -1), 1.3, FELT),
        ("BACKGROUND", (0, 0), (-1, 1), FELT_LIGHT),
        ("BACKGROUND", (first_player, 0), (first_player + 1, 1), CAPTAIN_TINT),
        ("LINEBELOW", (0, 1), (-1, 1), 1.3, FELT),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        *cell_padding(PADDING_X, PADDING_X, 1.5, 1.5),
        ("FONTNAME", (0, 2), (-1, -1), SANS),
        ("FONTSIZE", (0, 2), (-1, -1), 9),
    ]
    for column in (0, 1, 2, 3, check):
        commands.append(("SPAN", (column, 0), (column, 1)))
    for index in range(size):
        column = first_player + 2 * index
        commands.append(("SPAN", (column, 0), (column + 1, 0)))
        commands.append(("LINEAFTER", (column + 1, 0), (column + 1, -1), 1, FELT))
        commands.append(("BACKGROUND", (column + 1, 2), (column + 1, -2), STAND_TINT))
    commands.append(("LINEAFTER", (first_player - 1, 0), (first_player - 1, -1), 1, FELT))

    body: list[list[object]] = []
    for game in range(1, sheet.games + 1):
        row_index = 2 + len(body)
        dealing = dealer(game, size)
        filled = sheet.rows.get(game)
        row: list[object] = [
            Paragraph(str(game), number_style),
            _dealer_paragraph(dealing, names.get(dealing, ""), FIXED_COLUMNS[1] - 2 * PADDING_X),
            Paragraph(filled.winners, value_style) if filled else "",
            Paragraph(filled.value, value_style) if filled else "",
        ]
        for number, _name in sheet.seats:
            column = first_player + 2 * (number - 1)
            if size == 5 and number == dealing:
                row += [Hatch(pm_width + stand_width, row_height, _("setzt aus")), ""]
                start, end = (column, row_index), (column + 1, row_index)
                commands += [("SPAN", start, end), *cell_padding(start=start, end=end)]
            elif filled:
                row += [
                    Paragraph(_signed(filled.points.get(number, 0)), value_style),
                    Paragraph(_number(filled.totals.get(number, 0)), total_style),
                ]
            else:
                row += ["", ""]
        row.append(Paragraph("✓", value_style) if filled else "")
        if game % size == 0 and game < sheet.games:
            commands.append(("LINEBELOW", (0, row_index), (-1, row_index), 1.1, FELT))
        body.append(row)

    total_row: list[object] = [Paragraph(_("Endstand"), head), "", "", ""]
    last = sheet.rows.get(sheet.games) if sheet.rows else None
    for number, _name in sheet.seats:
        text = _number(last.totals.get(number, 0)) if last else ""
        total_row += [Paragraph(f"<b>{text}</b>", value_style), ""]
    total_row.append("")
    total_index = 2 + len(body)
    commands += [
        ("SPAN", (0, total_index), (3, total_index)),
        ("LINEABOVE", (0, total_index), (-1, total_index), 1.3, FELT),
        ("BACKGROUND", (0, total_index), (-1, total_index), FELT_LIGHT),
    ]
    for index in range(size):
        column = first_player + 2 * index
        commands.append(("SPAN", (column, total_index), (column + 1, total_index)))

    heights: list[float | None] = [None, None, *([row_height] * len(body)), TOTAL_ROW]
    grid = Table([row0, row1, *body, total_row], colWidths=widths, rowHeights=heights, repeatRows=2)
    grid.setStyle(TableStyle(commands))
    return grid


# ---------------------------------------------------------------------------- sidebar


def _sidebar(sheet: TableSheet, options: ScoringOptions, width: float) -> Table:
    caption = style("side-caption", 8, bold=True, color=FELT, alignment=1, leading=10)
    url_style = style("side-url", 5.5, color=MUTED, alignment=1, leading=6.5, wordWrap="CJK")
    legend_title = style("side-title", 8.5, bold=True, color=FELT, leading=10)
    legend_text = style("side-text", 6.8, leading=8.2)
    legend_value = style("side-value", 6.8, bold=True, alignment=2, leading=8.2)
    sign = style("side-sign", 7, color=MUTED, leading=9)

    parts: list[list[object]] = []
    if sheet.url:
        parts.append([QrCode(sheet.url)])
        parts.append([Paragraph(_("Ergebnisse am Handy eintragen: Code scannen"), caption)])
        parts.append([Paragraph(escape(sheet.url), url_style)])
    else:
        parts.append(
            [
                Paragraph(
                    _(
                        "Der Eingabelink dieses Tisches ist gesperrt. Liste bei der Turnierleitung "
                        "abgeben."
                    ),
                    caption,
                )
            ]
        )
    legend_rows = [
        [Paragraph(escape(text), legend_text), Paragraph(escape(value), legend_value)]
        for text, value in legend_lines(options)
    ]
    legend = Table(legend_rows, colWidths=[width - 12 * mm, 12 * mm])
    legend.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                *cell_padding(top=1, bottom=1.2),
                ("LINEBELOW", (0, 0), (-1, -2), 0.3, LINE),
            ]
        )
    )
    parts.append([Spacer(1, 2 * mm)])
    parts.append([Paragraph(_("Wertungspunkte"), legend_title)])
    parts.append([legend])
    parts.append([Spacer(1, 5 * mm)])
    parts.append(
        [
            Paragraph(
                _(
                    "Jede Zeile zusammen = 0. Liste nach dem letzten Spiel prüfen und sofort bei "
                    "der Turnierleitung abgeben."
                ),
                sign,
            )
        ]
    )
    parts.append([Spacer(1, 9 * mm)])
    parts.append([SignatureLine(width, _("Unterschrift Listenführer"))])
    side = Table(parts, colWidths=[width])
    side.setStyle(
        TableStyle(
            [
                *cell_padding(bottom=1),
                ("ALIGN", (0, 0), (-1, 0), "CENTER"),
            ]
        )
    )
    return side


# ---------------------------------------------------------------------------- document

SHEET_SETUP = {"landscape": True, "margin": 10 * mm, "top": 18 * mm, "bottom": 13 * mm}


def _title(sheet: TableSheet, round_number: int, width: float) -> Table:
    big = style("sheet-table", 24, bold=True, color=FELT, leading=26)
    info = style("sheet-info", 10, color=MUTED, leading=12, alignment=2)
    kind = _("Fünfertisch – der Geber setzt aus") if sheet.size == 5 else _("Vierertisch")
    heading = _("Spielliste Durchgang %(round)d") % {"round": round_number}
    games = ngettext("%(games)d Spiel", "%(games)d Spiele", sheet.games) % {"games": sheet.games}
    text = f"<b>{escape(heading)}</b> · {escape(games)} · {escape(kind)}"
    if sheet.note:
        text += f"<br/>{escape(sheet.note)}"
    title = Table(
        [[Paragraph(_("Tisch %(n)d") % {"n": sheet.number}, big), Paragraph(text, info)]],
        colWidths=[60 * mm, width - 60 * mm],
        rowHeights=[TITLE_HEIGHT],
    )
    title.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return title


def _fitted_grid(sheet: TableSheet, width: float, height: float) -> Table | None:
    """The grid with the tallest rows (up to ``ROW_MAX``) that let it fit ``height``; None if
    even ``ROW_MIN`` is too tall."""
    row_height = ROW_MAX
    for _attempt in range(4):
        grid = _grid(sheet, width, row_height)
        _width, needed = grid.wrap(width, height)
        if needed <= height:
            return grid
        row_height -= (needed - height) / sheet.games + 0.2
        if row_height < ROW_MIN:
            return None
    return None


def _page(sheet: TableSheet, round_: Round, width: float, height: float) -> list[Flowable]:
    grid_width = width - SIDEBAR - GUTTER
    grid = _fitted_grid(sheet, grid_width, height - TITLE_HEIGHT - TITLE_GAP)
    side = _sidebar(sheet, round_.tournament.scoring_options, SIDEBAR)
    side.hAlign = "LEFT"
    title = _title(sheet, round_.number, width)
    if grid is None:
        # Too many games for one page (many rounds of deals): the grid takes the full width and
        # runs on to the next page with its header repeated; QR code and legend follow it.
        grid = _grid(sheet, width, ROW_MAX)
        return [title, Spacer(1, TITLE_GAP), grid, Spacer(1, 6 * mm), KeepTogether([side])]
    layout = Table([[grid, "", side]], colWidths=[grid_width, GUTTER, SIDEBAR])
    layout.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *cell_padding()]))
    return [title, Spacer(1, TITLE_GAP), layout]


def score_sheets_pdf(round_: Round, base_url: str, *, with_games: bool = False) -> bytes:
    """Every table's sheet of a released round, one page each; pass ``round_with_seating``."""
    setup = PageSetup(
        tournament=round_.tournament,
        title=_("Spiellisten Durchgang %(number)d") % {"number": round_.number},
        **SHEET_SETUP,
    )
    story: list[Flowable] = []
    for index, sheet in enumerate(table_sheets(round_, base_url, with_games=with_games)):
        if index:
            story.append(PageBreak())
        story += _page(sheet, round_, setup.frame_width, setup.frame_height)
    return render_pdf(setup, story)
