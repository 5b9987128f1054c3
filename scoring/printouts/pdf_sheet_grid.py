"""The score sheet's grid drawn on the canvas: its lines, header, the dealer column with the
hatched sit-out cells, and the games entered so far (``with_games``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from rules.hausregeln import dealer
from scoring.printouts.pdf_base import (
    FELT,
    FELT_LIGHT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    text_width,
)
from scoring.printouts.pdf_cells import draw_hatch
from scoring.printouts.pdf_fonts import runs
from scoring.printouts.pdf_sheet_layout import (
    CAPTAIN_TINT,
    HEAD_SIZE,
    PADDING_X,
    SEAT_LABEL_LEADING,
    SEAT_LABEL_SIZE,
    STAND_TINT,
    SUB_ROW,
    TOTAL_ROW,
    GridLayout,
)
from scoring.printouts.sheet_data import TableSheet


def _signed(value: int) -> str:
    """Plus and minus as on paper: "+3", "−3" (a real minus sign), "0"."""
    if value > 0:
        return f"+{value}"
    return _number(value)


def _number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


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


def draw_grid(
    canvas: Canvas, sheet: TableSheet, layout: GridLayout, games: range, *, total: bool
) -> None:
    """The grid with its top left corner at (0, 0), growing downwards: what every table of
    this shape shares is a form, drawn once per document; then this table's names, dealers and
    games."""
    key = (
        layout.size,
        layout.keeper,
        round(layout.head, 2),
        round(layout.row, 3),
        games,
        total,
        sheet.games,
    )
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
    keeper = first + 2 * (layout.keeper - 1)
    canvas.rect(
        edges[keeper], body_top, edges[keeper + 2] - edges[keeper], -body_top, stroke=0, fill=1
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
