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
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph

from rules.hausregeln import ScoringOptions, dealer
from scoring.house_rules import legend_lines
from scoring.printouts.pdf_base import (
    DRAFT_RED,
    FELT,
    FELT_LIGHT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    FixedFlowable,
    PageSetup,
    escape,
    fit_one_line,
    register_fonts,
    render_pdf,
    style,
    text_width,
)
from scoring.printouts.pdf_cells import QR_SIZE, draw_hatch, draw_qr
from scoring.printouts.pdf_fonts import runs
from scoring.printouts.sheet_data import TableSheet, spare_sheet, table_sheets
from scoring.sheets.links import is_loopback
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
PADDING_Y = 1.5
NAME_SIZES = (10, 9.5, 9, 8.5, 8, 7.5, 7)
# A name too long for one line at 7 pt wraps: at the largest of these sizes that needs at most
# NAME_LINES lines, else at the smallest with as many lines as it takes (the header row grows).
WRAPPED_NAME_SIZES = (7, 6.5, 6)
NAME_LINES = 3
# The dealer column repeats the name in rows of fixed height: one line, shrunk, else cut ("…").
DEALER_SIZES = (7, 6.5, 6)
SEAT_LABEL_SIZE = 6.5
SEAT_LABEL_LEADING = 7.5
HEAD_SIZE = 8
SUB_ROW = 7.5 + 2 * PADDING_Y  # the "+ / −" and "Stand" row

# ---------------------------------------------------------------------------- layout


def _signed(value: int) -> str:
    """Plus and minus as on paper: "+3", "−3" (a real minus sign), "0"."""
    if value > 0:
        return f"+{value}"
    return _number(value)


def _number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


@dataclass
class NameBlock:
    """A player's name in the header: one line at ``size``, or a wrapped ``paragraph``."""

    text: str
    size: float
    paragraph: Paragraph | None = None
    height: float = 0

    def fits(self, width: float) -> bool:
        """Every line within ``width`` (a paragraph positions a line by the space it leaves)."""
        if self.paragraph is None:
            return text_width(self.text, SANS_BOLD, self.size) <= width + 0.01
        lines = self.paragraph.blPara.lines
        spare = [line[0] if isinstance(line, tuple) else line.extraSpace for line in lines]
        return not spare or min(spare) >= -0.01


def name_block(name: str, width: float) -> NameBlock:
    """The player's name in the largest size that fits the column on one line; a longer name
    wraps (long words are split) and stays inside its column, whole."""
    for size in NAME_SIZES:
        if text_width(name, SANS_BOLD, size) <= width:
            return NameBlock(name, size, height=size * 1.2)
    for size in WRAPPED_NAME_SIZES:
        paragraph = Paragraph(
            escape(name),
            style("grid-name-wrapped", size, bold=True, alignment=1, leading=size * 1.15),
        )
        _width, height = paragraph.wrap(width, 10_000)
        if len(paragraph.blPara.lines) <= NAME_LINES:
            break
    return NameBlock(name, size, paragraph, height)


def dealer_text(name: str, width: float) -> tuple[float, str]:
    """Size and (shrunk or cut) name for "3 · Heinz Groß" on one line of the dealer column."""
    room = width - text_width("5 · ", SANS_BOLD, DEALER_SIZES[0])
    return fit_one_line(name, SANS, DEALER_SIZES, room)


@dataclass
class GridLayout:
    """Where everything of a sheet's grid goes, in points from the grid's top left corner."""

    edges: list[float]  # x of every column edge, left to right
    size: int  # players at the table
    head: float  # height of the header row with seat and name
    row: float  # height of a game line
    seat_labels: list[list[str]]  # the "PLATZ n" caption of each seat, in lines
    names: list[NameBlock]
    dealers: dict[int, tuple[float, str]]  # seat -> (size, name as printed)

    @property
    def first_player(self) -> int:
        return len(FIXED_COLUMNS)

    def player_span(self, index: int) -> tuple[float, float]:
        column = self.first_player + 2 * index
        return self.edges[column], self.edges[column + 2]

    def height(self, games: int, *, total: bool = True) -> float:
        return self.head + SUB_ROW + games * self.row + (TOTAL_ROW if total else 0)


def grid_layout(sheet: TableSheet, width: float) -> GridLayout:
    """Column edges, header and names of ``sheet``'s grid ``width`` wide (row height ROW_MAX;
    :func:`fit_rows` chooses the real one)."""
    size = sheet.size
    fixed = sum(FIXED_COLUMNS) + CHECK_COLUMN
    per_player = (width - fixed) / size
    widths = [*FIXED_COLUMNS]
    for _seat in range(size):
        widths += [per_player * 0.6, per_player * 0.4]
    widths.append(CHECK_COLUMN)
    edges = [0.0]
    for column_width in widths:
        edges.append(edges[-1] + column_width)
    inner = per_player - 2 * PADDING_X
    labels, names = [], []
    for number, name in sheet.seats:
        caption = _("Platz %(seat)d") % {"seat": number}
        if number == 1:
            caption = _("Platz 1 · Listenführer")
        labels.append(simpleSplit(caption.upper(), SANS_BOLD, SEAT_LABEL_SIZE, inner))
        names.append(name_block(name, inner))
    tallest = max(
        len(lines) * SEAT_LABEL_LEADING + block.height
        for lines, block in zip(labels, names, strict=True)
    )
    head = max(tallest, 2 * (HEAD_SIZE + 1) + 4) + 2 * PADDING_Y + 1
    if sheet.spare:
        head = max(head, 15 * mm)  # room to write the names in by hand
    dealer_width = FIXED_COLUMNS[1] - 2 * PADDING_X
    dealers = {number: dealer_text(name, dealer_width) for number, name in sheet.seats}
    return GridLayout(edges, size, head, ROW_MAX, labels, names, dealers)


def fit_rows(layout: GridLayout, games: int, height: float) -> bool:
    """Set the tallest game line (up to ``ROW_MAX``) that lets ``games`` lines fit ``height``;
    False if even ``ROW_MIN`` is too tall."""
    room = height - layout.height(0)
    layout.row = min(ROW_MAX, room / games) if games else ROW_MAX
    return layout.row >= ROW_MIN


# ---------------------------------------------------------------------------- drawing


class TextBatch:
    """The texts of a grid, written as one PDF text object: a page of a filled sheet holds
    some 200 of them, and a text object each (as ``drawString`` makes) was half its time.
    Only for fonts of our own (TrueType, embedded as subsets)."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str, float, colors.Color, float | None, float]] = []

    def add(
        self,
        text: str,
        font: str,
        size: float,
        color: colors.Color,
        x: float | None,
        y: float,
        *,
        centred: bool = False,
    ) -> None:
        """``text`` with its baseline at ``y``, starting at ``x`` (centred on it if asked);
        ``x`` None continues where the previous text ended."""
        if centred and x is not None:
            x -= text_width(text, font, size) / 2
        for index, (run_font, part) in enumerate(runs(text, font)):  # CJK, emoji: fallbacks
            self.items.append((part, run_font, size, color, x if index == 0 else None, y))

    def centred(
        self, text: str, font: str, size: float, color: colors.Color, x: float, middle: float
    ) -> None:
        """``text`` centred on ``x`` with its capitals centred on ``middle``."""
        self.add(text, font, size, color, x, middle - size * 0.36, centred=True)

    def draw(self, canvas: Canvas) -> None:
        """Write the texts as PDF operators: the same ones reportlab's text object writes
        (a font subset's name, ``Tf``, ``Tm``, ``Tj``), formatted with Python's own float
        formatting instead of reportlab's pure-Python one, which was most of a filled page's
        time."""
        if not self.items:
            return
        doc = canvas._doc
        for font_name in {item[1] for item in self.items}:
            canvas.setFont(font_name, 10)  # makes the font known to the document
        ops = ["BT"]
        current_font, current_color = None, None
        for text, font_name, size, color, x, y in self.items:
            if color != current_color:
                ops.append(f"{color.red:.3f} {color.green:.3f} {color.blue:.3f} rg")
                current_color = color
            if x is not None:
                ops.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm")
            font = pdfmetrics.getFont(font_name)
            for subset, chunk in font.splitString(text, doc):
                name = font.getSubsetInternalName(subset, doc)
                if (name, size) != current_font:
                    ops.append(f"{name} {size:g} Tf")
                    current_font = (name, size)
                ops.append(f"({canvas._escape(chunk)}) Tj")
        ops.append("ET")
        canvas.addLiteral("\n".join(ops))


def _draw_grid(
    canvas: Canvas, sheet: TableSheet, layout: GridLayout, games: range, *, total: bool
) -> None:
    """The grid with its top left corner at (0, 0), growing downwards: what every table of
    this shape shares is a form, drawn once per document; then this table's names, dealers and
    games."""
    key = (layout.size, round(layout.head, 2), round(layout.row, 3), games, total, sheet.games)
    forms = canvas.__dict__.setdefault("_doko_grid_forms", {})
    if key not in forms:
        forms[key] = f"doko-grid-{len(forms)}"
        height = layout.height(len(games), total=total)
        # The box's thick line reaches half its width beyond the grid: room for it.
        canvas.beginForm(forms[key], -2, -height - 2, layout.edges[-1] + 2, 2)
        _draw_grid_shape(canvas, sheet.games, layout, games, total=total)
        canvas.endForm()
    canvas.doForm(forms[key])
    _draw_grid_entries(canvas, sheet, layout, games, total=total)


def _draw_grid_shape(
    canvas: Canvas, last_game: int, layout: GridLayout, games: range, *, total: bool
) -> None:
    """Tints, hatching, lines and the printed captions of a grid of this shape."""
    edges, size, row = layout.edges, layout.size, layout.row
    right = edges[-1]
    first = layout.first_player
    head_bottom = -layout.head
    body_top = head_bottom - SUB_ROW
    body_bottom = body_top - len(games) * row
    bottom = body_bottom - (TOTAL_ROW if total else 0)

    # Tints: header, the Listenführer's header, the running-total columns, the total line.
    canvas.setFillColor(FELT_LIGHT)
    canvas.rect(0, body_top, right, -body_top, stroke=0, fill=1)
    canvas.setFillColor(CAPTAIN_TINT)
    canvas.rect(
        edges[first], body_top, edges[first + 2] - edges[first], -body_top, stroke=0, fill=1
    )
    canvas.setFillColor(STAND_TINT)
    for index in range(size):
        column = first + 2 * index + 1
        canvas.rect(
            edges[column],
            body_bottom,
            edges[column + 1] - edges[column],
            len(games) * row,
            stroke=0,
            fill=1,
        )
    if total:
        canvas.setFillColor(FELT_LIGHT)
        canvas.rect(0, bottom, right, TOTAL_ROW, stroke=0, fill=1)

    # Hatched cells of the dealer who sits out at a five-player table.
    if size == 5:
        for line, game in enumerate(games):
            left, end = layout.player_span(dealer(game, size) - 1)
            top = body_top - line * row
            draw_hatch(canvas, left, top - row, end - left, row, _("setzt aus"))

    # Thin lines: every row and column, except inside spanned cells.
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.5)
    lines = canvas.beginPath()
    for index in range(size):  # the line under the names, above "+ / −" and "Stand"
        left, end = layout.player_span(index)
        lines.moveTo(left, head_bottom)
        lines.lineTo(end, head_bottom)
    for line in range(1, len(games)):
        y = body_top - line * row
        lines.moveTo(0, y)
        lines.lineTo(right, y)
    for column in range(1, len(edges) - 1):
        # "+ / −" and "Stand" share the name above them and the total below them; the fixed
        # columns share the "Endstand" cell.
        is_stand_edge = column >= first and (column - first) % 2 == 1
        lines.moveTo(edges[column], head_bottom if is_stand_edge else 0)
        spanned_below = is_stand_edge or column < first
        lines.lineTo(edges[column], body_bottom if total and spanned_below else bottom)
    canvas.drawPath(lines, stroke=1, fill=0)

    # Thick lines: around, under the header, after the fixed columns and each player, after
    # every round of deals, above the total.
    canvas.setStrokeColor(FELT)
    canvas.setLineWidth(1)
    thick = canvas.beginPath()
    for column in [first, *(first + 2 * index + 2 for index in range(size - 1))]:
        thick.moveTo(edges[column], 0)
        thick.lineTo(edges[column], bottom)
    canvas.drawPath(thick, stroke=1, fill=0)
    canvas.setLineWidth(1.1)
    rounds = canvas.beginPath()
    for line, game in enumerate(games):
        if game % size == 0 and game < last_game and line < len(games) - 1:
            y = body_top - (line + 1) * row
            rounds.moveTo(0, y)
            rounds.lineTo(right, y)
    canvas.drawPath(rounds, stroke=1, fill=0)
    canvas.setLineWidth(1.3)
    canvas.line(0, body_top, right, body_top)
    if total:
        canvas.line(0, body_bottom, right, body_bottom)
    canvas.rect(0, bottom, right, -bottom, stroke=1, fill=0)

    texts = TextBatch()
    head_middle = body_top / 2
    fixed_heads = [[_("Spiel")], [_("Geber")], [_("Sieger"), _("z. B. 1 + 4")], [_("Wert")]]
    fixed_heads.append([_("Summe"), _("= 0 ✓")])
    columns = [*range(first), len(edges) - 2]
    for column, heads in zip(columns, fixed_heads, strict=True):
        x = (edges[column] + edges[column + 1]) / 2
        if len(heads) == 1:
            texts.centred(heads[0], SANS_BOLD, HEAD_SIZE, FELT, x, head_middle)
        else:
            small = 6 if column == 2 else HEAD_SIZE
            texts.centred(heads[0], SANS_BOLD, HEAD_SIZE, FELT, x, head_middle + 4.5)
            texts.centred(heads[1], SANS_BOLD, small, FELT, x, head_middle - 4.5)
    plus_minus, stand = _("+ / −"), pgettext("running total", "Stand")
    sub_middle = head_bottom - SUB_ROW / 2
    for index in range(size):
        left, end = layout.player_span(index)
        labels = layout.seat_labels[index]
        y = _caption_top(layout, index)
        for label in labels:
            y -= SEAT_LABEL_LEADING
            texts.add(
                label, SANS_BOLD, SEAT_LABEL_SIZE, MUTED, (left + end) / 2, y + 1.6, centred=True
            )
        column = first + 2 * index
        texts.centred(
            plus_minus, SANS, 6.5, MUTED, (edges[column] + edges[column + 1]) / 2, sub_middle
        )
        texts.centred(
            stand, SANS, 6.5, MUTED, (edges[column + 1] + edges[column + 2]) / 2, sub_middle
        )
    for line, game in enumerate(games):
        middle = body_top - line * row - row / 2
        texts.centred(str(game), SANS_BOLD, 10, INK, (edges[0] + edges[1]) / 2, middle)
    if total:
        middle = body_bottom - TOTAL_ROW / 2
        texts.centred(_("Endstand"), SANS_BOLD, HEAD_SIZE, FELT, edges[first] / 2, middle)
    texts.draw(canvas)


def _caption_top(layout: GridLayout, index: int) -> float:
    """Where the seat caption of player ``index`` starts: caption and name centred in the
    header row."""
    used = len(layout.seat_labels[index]) * SEAT_LABEL_LEADING + layout.names[index].height
    return -(layout.head - used) / 2


def _draw_grid_entries(
    canvas: Canvas, sheet: TableSheet, layout: GridLayout, games: range, *, total: bool
) -> None:
    """The names, the dealer of each game and, filled in, the games entered."""
    edges, size, row = layout.edges, layout.size, layout.row
    first = layout.first_player
    body_top = -layout.head - SUB_ROW
    body_bottom = body_top - len(games) * row
    texts = TextBatch()
    for index in range(size):
        left, end = layout.player_span(index)
        block = layout.names[index]
        y = _caption_top(layout, index) - len(layout.seat_labels[index]) * SEAT_LABEL_LEADING
        if block.paragraph is None:
            texts.add(
                block.text,
                SANS_BOLD,
                block.size,
                INK,
                (left + end) / 2,
                y - block.size,
                centred=True,
            )
        else:
            block.paragraph.drawOn(canvas, left + PADDING_X, y - block.height)
    centres = [(edges[column] + edges[column + 1]) / 2 for column in range(len(edges) - 1)]
    for line, game in enumerate(games):
        middle = body_top - line * row - row / 2
        seat = dealer(game, size)
        dealer_size, dealer_name = layout.dealers[seat]
        baseline = middle - dealer_size * 0.36
        texts.add(str(seat), SANS_BOLD, dealer_size, INK, edges[1] + PADDING_X, baseline)
        texts.add(f" · {dealer_name}", SANS, dealer_size, INK, None, baseline)
        filled = sheet.rows.get(game)
        if filled is None:
            continue
        texts.centred(filled.winners, SANS, 9, INK, centres[2], middle)
        texts.centred(filled.value, SANS, 9, INK, centres[3], middle)
        for number, _name in sheet.seats:
            if size == 5 and number == seat:
                continue
            column = first + 2 * (number - 1)
            points = _signed(filled.points.get(number, 0))
            texts.centred(points, SANS, 9, INK, centres[column], middle)
            running = _number(filled.totals.get(number, 0))
            texts.centred(running, SANS, 7, MUTED, centres[column + 1], middle)
        texts.centred("✓", SANS, 9, INK, centres[-1], middle)
    last = sheet.rows.get(sheet.games) if sheet.rows else None
    if total and last is not None:
        middle = body_bottom - TOTAL_ROW / 2
        for number, _name in sheet.seats:
            left, end = layout.player_span(number - 1)
            text = _number(last.totals.get(number, 0))
            texts.centred(text, SANS_BOLD, 9, INK, (left + end) / 2, middle)
    texts.draw(canvas)


# ---------------------------------------------------------------------------- sidebar

LEGEND_FORM = "doko-sheet-legend"


def _legend(canvas: Canvas, options: ScoringOptions, width: float) -> None:
    """Place the legend of house values and the signature line with its top left corner at
    (0, 0): drawn once per document as a form, then only referenced."""
    height = getattr(canvas, "_doko_legend_height", None)
    if height is None:
        height = _legend_form(canvas, options, width)
        canvas._doko_legend_height = height  # type: ignore[attr-defined]
    canvas.saveState()
    canvas.translate(0, -height)
    canvas.doForm(LEGEND_FORM)
    canvas.restoreState()


def _legend_form(canvas: Canvas, options: ScoringOptions, width: float) -> float:
    """Draw the legend as the form ``LEGEND_FORM``; its height."""
    title = style("side-title", 8.5, bold=True, color=FELT, leading=10)
    legend_text = style("side-text", 6.8, leading=8.2)
    sign = style("side-sign", 7, color=MUTED, leading=9)
    height = 0.0
    flowables: list[tuple[object, float, float]] = []  # (what, y of its top, x)

    def add(flowable: Flowable, gap_after: float = 0, x: float = 0, w: float = width) -> None:
        nonlocal height
        _w, h = flowable.wrap(w, 10_000)
        flowables.append((flowable, height + h, x))
        height += h + gap_after

    add(Paragraph(_("Wertungspunkte"), title), 1.5)
    rules: list[float] = []
    for text, value in legend_lines(options):
        paragraph = Paragraph(escape(text), legend_text)
        _w, h = paragraph.wrap(width - 12 * mm, 10_000)
        flowables.append((paragraph, height + 1 + h, 0))
        if value:
            flowables.append((("value", value), height + 1 + 6.8, width))
        height += h + 2.2
        rules.append(height)
    rules.pop()
    height += 5 * mm
    add(
        Paragraph(
            _(
                "Jede Zeile zusammen = 0. Liste nach dem letzten Spiel prüfen und sofort bei "
                "der Turnierleitung abgeben."
            ),
            sign,
        ),
        9 * mm,
    )
    signature_top = height
    height += 6 * mm
    canvas.beginForm(LEGEND_FORM, 0, 0, width, height)
    for item, bottom, x in flowables:
        if isinstance(item, tuple):
            canvas.setFillColor(INK)
            canvas.setFont(SANS_BOLD, 6.8)
            canvas.drawRightString(x, height - bottom, item[1])
        else:
            item.drawOn(canvas, x, height - bottom)
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.3)
    for y in rules:
        canvas.line(0, height - y, width, height - y)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    line_y = height - signature_top - 2.5 * mm
    canvas.line(0, line_y, width, line_y)
    canvas.setFont(SANS, 6.5)
    canvas.setFillColor(MUTED)
    canvas.drawString(0, line_y - 2.7 * mm, _("Unterschrift Listenführer"))
    canvas.endForm()
    return height


def _url_lines(url: str, width: float) -> list[str]:
    """The link broken anywhere (it has no spaces) into lines of ``width`` at 5.5 pt."""
    lines, line, used = [], "", 0.0
    for char in url:
        char_width = text_width(char, SANS, 5.5)
        if line and used + char_width > width:
            lines.append(line)
            line, used = "", 0.0
        line += char
        used += char_width
    return [*lines, line]


def _draw_sidebar(canvas: Canvas, sheet: TableSheet, options: ScoringOptions, width: float) -> None:
    """QR code, link and legend, top left corner at (0, 0)."""
    y = 0.0
    if sheet.url:
        draw_qr(canvas, sheet.url, (width - QR_SIZE) / 2, -QR_SIZE, QR_SIZE)
        y -= QR_SIZE + 1
    if sheet.url and is_loopback(sheet.url):
        # Printed from 127.0.0.1 by mistake: nobody's phone reaches the code. The warning
        # takes the place of the caption and the link (which it names).
        caption, color = (
            _(
                "Achtung: Dieser Code führt zu diesem Rechner selbst (127.0.0.1) – kein "
                "Telefon erreicht ihn. Über die Netzwerkadresse neu drucken."
            ),
            DRAFT_RED,
        )
    elif sheet.url:
        caption, color = _("Ergebnisse am Handy eintragen: Code scannen"), FELT
    elif sheet.spare:
        caption, color = (
            _("Ersatzliste: Tisch und Namen eintragen, bei der Turnierleitung abgeben."),
            FELT,
        )
    else:
        caption, color = (
            _("Der Eingabelink dieses Tisches ist gesperrt. Liste bei der Turnierleitung abgeben."),
            FELT,
        )
    canvas.setFillColor(color)
    canvas.setFont(SANS_BOLD, 8)
    for line in simpleSplit(caption, SANS_BOLD, 8, width):
        y -= 10
        canvas.drawCentredString(width / 2, y + 2.2, line)
    if sheet.url and not is_loopback(sheet.url):
        y -= 1
        canvas.setFillColor(MUTED)
        canvas.setFont(SANS, 5.5)
        for line in _url_lines(sheet.url, width):
            y -= 6.5
            canvas.drawCentredString(width / 2, y + 1.4, line)
        if sheet.code:
            # Without a camera: the short code (no I/l/1, O/0) typed at the links' folder.
            y -= 13
            canvas.setFillColor(FELT)
            canvas.setFont(SANS_BOLD, 11)
            canvas.drawCentredString(width / 2, y + 1.5, _("Code %(code)s") % {"code": sheet.code})
            canvas.setFillColor(MUTED)
            canvas.setFont(SANS, 6)
            for line in simpleSplit(
                _("ohne Kamera: %(url)s öffnen, Code eintippen") % {"url": sheet.code_url},
                SANS,
                6,
                width,
            ):
                y -= 7.5
                canvas.drawCentredString(width / 2, y + 1.4, line)
    canvas.saveState()
    canvas.translate(0, y - 3 * mm)
    _legend(canvas, options, width)
    canvas.restoreState()


# ---------------------------------------------------------------------------- page

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
    kind = _("Fünfertisch – der Geber setzt aus") if sheet.size == 5 else _("Vierertisch")
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
        options: ScoringOptions,
        layout: GridLayout,
        games: range,
        *,
        width: float,
        height: float,
        total: bool = True,
    ) -> None:
        super().__init__(width, height)
        self.sheet, self.round_number, self.options = sheet, round_number, options
        self.layout, self.games, self.total = layout, games, total

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height - TITLE_HEIGHT)
        _draw_title(canvas, self.sheet, self.round_number, self.width)
        canvas.translate(0, -TITLE_GAP)
        _draw_grid(canvas, self.sheet, self.layout, self.games, total=self.total)
        canvas.translate(self.width - SIDEBAR, 0)
        _draw_sidebar(canvas, self.sheet, self.options, SIDEBAR)
        canvas.restoreState()


def sheet_pages(sheet: TableSheet, round_: Round, width: float, height: float) -> list[Flowable]:
    """The pages of one table's sheet: one, unless its games do not fit even at ``ROW_MIN``
    (many rounds of deals): then the lines run on over as many pages as they need, the header
    repeated, the total line on the last."""
    grid_width = width - SIDEBAR - GUTTER
    room = height - TITLE_HEIGHT - TITLE_GAP
    layout = grid_layout(sheet, grid_width)
    options = round_.tournament.scoring_options
    if fit_rows(layout, sheet.games, room):
        return [
            SheetPage(
                sheet,
                round_.number,
                options,
                layout,
                range(1, sheet.games + 1),
                width=width,
                height=height,
            )
        ]
    layout.row = ROW_MIN
    per_page = max(1, int((room - layout.height(0)) // ROW_MIN))
    pages: list[Flowable] = []
    for start in range(1, sheet.games + 1, per_page):
        games = range(start, min(start + per_page, sheet.games + 1))
        if pages:
            pages.append(PageBreak())
        pages.append(
            SheetPage(
                sheet,
                round_.number,
                options,
                layout,
                games,
                width=width,
                height=height,
                total=games[-1] == sheet.games,
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
