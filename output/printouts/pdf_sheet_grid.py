"""The score sheet's grid drawn on the canvas: its lines, header, the dealer column with the
hatched sit-out cells, and the games entered so far (``with_games``). The columns, dealers and
sitters are the ruleset's (``TableSheet.printed``, see ``rules.printing``)."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from output.printouts.pdf_base import (
    FELT,
    FELT_LIGHT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    fit_one_line,
    text_width,
)
from output.printouts.pdf_cells import draw_hatch
from output.printouts.pdf_fonts import runs
from output.printouts.pdf_sheet_layout import (
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
from output.printouts.sheet_data import TableSheet
from rules.printing import CALLER, DEALER, POINTS, ROW, RUNNING, PrintedRow, seat_cell
from tournament.ruleset_texts import say


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
    rows = _rows(layout, games)
    shape = tuple(
        (row.sitter, row.rule_after, row.caption and row.caption.german_text()) for row in rows
    )
    key = (layout.size, round(layout.head, 2), round(layout.row, 3), games, total, shape)
    forms = canvas.__dict__.setdefault("_doko_grid_forms", {})
    if key not in forms:
        forms[key] = f"doko-grid-{len(forms)}"
        height = layout.height(len(games), total=total)
        # The box's thick line reaches half its width beyond the grid: room for it.
        canvas.beginForm(forms[key], -2, -height - 2, layout.edges[-1] + 2, 2)
        _draw_grid_shape(canvas, sheet, layout, rows, total=total)
        canvas.endForm()
    canvas.doForm(forms[key])
    _draw_grid_entries(canvas, sheet, layout, rows, total=total)


def _rows(layout: GridLayout, games: range) -> list[PrintedRow]:
    return [layout.spec.rows[game - 1] for game in games]


class _Frame:
    """The grid's heights: header bottom, body top and bottom, the box's bottom."""

    def __init__(self, layout: GridLayout, lines: int, *, total: bool) -> None:
        self.head_bottom = -layout.head
        self.body_top = self.head_bottom - SUB_ROW
        self.body_bottom = self.body_top - lines * layout.row
        self.bottom = self.body_bottom - (TOTAL_ROW if total else 0)


def _draw_grid_shape(
    canvas: Canvas, sheet: TableSheet, layout: GridLayout, rows: list[PrintedRow], *, total: bool
) -> None:
    """Tints, hatching, lines and the printed captions of a grid of this shape."""
    frame = _Frame(layout, len(rows), total=total)
    _draw_tints(canvas, layout, frame, len(rows), total=total)
    for line, row in enumerate(rows):  # the seat that sits a row out: hatched
        if row.sitter is not None:
            left, end = layout.player_span(row.sitter - 1)
            top = frame.body_top - line * layout.row
            draw_hatch(canvas, left, top - layout.row, end - left, layout.row, _("setzt aus"))
    _draw_thin_lines(canvas, layout, frame, len(rows), total=total)
    _draw_thick_lines(canvas, layout, frame, rows, total=total)
    texts = TextBatch()
    _add_captions(texts, sheet, layout, frame)
    column = layout.column_of(ROW)
    for line, row in enumerate(rows):
        if column is not None:
            middle = frame.body_top - line * layout.row - layout.row / 2
            centre = (layout.edges[column] + layout.edges[column + 1]) / 2
            if row.caption is None:
                texts.centred(str(row.number), SANS_BOLD, 10, INK, centre, middle)
            else:
                room = layout.edges[column + 1] - layout.edges[column] - 2 * PADDING_X
                caption = say(sheet.rules, row.caption)
                size, shown = fit_one_line(caption, SANS_BOLD, (10, 9, 8, 7, 6), room)
                texts.centred(shown, SANS_BOLD, size, INK, centre, middle)
    if total:
        middle = frame.body_bottom - TOTAL_ROW / 2
        label = say(sheet.rules, sheet.printed.total_label)
        centre = layout.edges[layout.first_player] / 2
        texts.centred(label, SANS_BOLD, HEAD_SIZE, FELT, centre, middle)
    texts.draw(canvas)


def _draw_tints(
    canvas: Canvas, layout: GridLayout, frame: _Frame, lines: int, *, total: bool
) -> None:
    """Header, the list keeper's header, the tinted seat columns (running totals), the total
    line."""
    edges, right = layout.edges, layout.edges[-1]
    canvas.setFillColor(FELT_LIGHT)
    canvas.rect(0, frame.body_top, right, -frame.body_top, stroke=0, fill=1)
    canvas.setFillColor(CAPTAIN_TINT)
    left, end = layout.player_span(layout.spec.list_keeper - 1)
    canvas.rect(left, frame.body_top, end - left, -frame.body_top, stroke=0, fill=1)
    canvas.setFillColor(STAND_TINT)
    for index in range(layout.size):
        for offset, column in enumerate(layout.spec.seat):
            if column.tinted:
                at = layout.seat_column(index, offset)
                width = edges[at + 1] - edges[at]
                canvas.rect(
                    edges[at], frame.body_bottom, width, lines * layout.row, stroke=0, fill=1
                )
    if total:
        canvas.setFillColor(FELT_LIGHT)
        canvas.rect(0, frame.bottom, right, TOTAL_ROW, stroke=0, fill=1)


def _draw_thin_lines(
    canvas: Canvas, layout: GridLayout, frame: _Frame, lines: int, *, total: bool
) -> None:
    """Every row and column, except inside spanned cells: a seat's columns share the name above
    them and the total below them; the lead columns share the total line's caption."""
    edges = layout.edges
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.5)
    path = canvas.beginPath()
    for index in range(layout.size):  # the line under the names
        left, end = layout.player_span(index)
        path.moveTo(left, frame.head_bottom)
        path.lineTo(end, frame.head_bottom)
    for line in range(1, lines):
        y = frame.body_top - line * layout.row
        path.moveTo(0, y)
        path.lineTo(edges[-1], y)
    first, tail = layout.first_player, layout.first_tail
    for column in range(1, len(edges) - 1):
        inside_seat = first < column < tail and (column - first) % layout.per_seat != 0
        path.moveTo(edges[column], frame.head_bottom if inside_seat else 0)
        spanned_below = inside_seat or column < first
        path.lineTo(edges[column], frame.body_bottom if total and spanned_below else frame.bottom)
    canvas.drawPath(path, stroke=1, fill=0)


def _draw_thick_lines(
    canvas: Canvas, layout: GridLayout, frame: _Frame, rows: list[PrintedRow], *, total: bool
) -> None:
    """Around, under the header, after the lead columns and each player, after every round of
    deals, above the total."""
    right = layout.edges[-1]
    canvas.setStrokeColor(FELT)
    canvas.setLineWidth(1)
    thick = canvas.beginPath()
    for index in range(layout.size):
        x = layout.edges[layout.seat_column(index)]
        thick.moveTo(x, 0)
        thick.lineTo(x, frame.bottom)
    canvas.drawPath(thick, stroke=1, fill=0)
    canvas.setLineWidth(1.1)
    rounds = canvas.beginPath()
    for line, row in enumerate(rows[:-1]):  # never under the page's last line
        if row.rule_after:
            y = frame.body_top - (line + 1) * layout.row
            rounds.moveTo(0, y)
            rounds.lineTo(right, y)
    canvas.drawPath(rounds, stroke=1, fill=0)
    canvas.setLineWidth(1.3)
    canvas.line(0, frame.body_top, right, frame.body_top)
    if total:
        canvas.line(0, frame.body_bottom, right, frame.body_bottom)
    canvas.rect(0, frame.bottom, right, -frame.bottom, stroke=1, fill=0)


def _add_captions(texts: TextBatch, sheet: TableSheet, layout: GridLayout, frame: _Frame) -> None:
    """The lead and tail columns' headers, each seat's caption and its columns' captions."""
    edges = layout.edges
    head_middle = frame.body_top / 2
    for column, spec in layout.fixed_columns():
        x = (edges[column] + edges[column + 1]) / 2
        heads = [say(sheet.rules, text) for text in spec.header]
        if spec.hint is not None:
            heads.append(say(sheet.rules, spec.hint))
        if len(heads) == 1:
            texts.centred(heads[0], SANS_BOLD, HEAD_SIZE, FELT, x, head_middle)
        else:
            small = 6 if spec.hint is not None else HEAD_SIZE
            texts.centred(heads[0], SANS_BOLD, HEAD_SIZE, FELT, x, head_middle + 4.5)
            texts.centred(heads[1], SANS_BOLD, small, FELT, x, head_middle - 4.5)
    seat_heads = [say(sheet.rules, column.header[0]) for column in layout.spec.seat]
    sub_middle = frame.head_bottom - SUB_ROW / 2
    for index in range(layout.size):
        left, end = layout.player_span(index)
        y = _caption_top(layout, index)
        for label in layout.seat_labels[index]:
            y -= SEAT_LABEL_LEADING
            texts.add(
                label, SANS_BOLD, SEAT_LABEL_SIZE, MUTED, (left + end) / 2, y + 1.6, centred=True
            )
        for offset, head in enumerate(seat_heads):
            column = layout.seat_column(index, offset)
            centre = (edges[column] + edges[column + 1]) / 2
            texts.centred(head, SANS, 6.5, MUTED, centre, sub_middle)


def _caption_top(layout: GridLayout, index: int) -> float:
    """Where the seat caption of player ``index`` starts: caption and name centred in the
    header row."""
    used = len(layout.seat_labels[index]) * SEAT_LABEL_LEADING + layout.names[index].height
    return -(layout.head - used) / 2


def _draw_names(canvas: Canvas, texts: TextBatch, layout: GridLayout) -> None:
    for index in range(layout.size):
        left, end = layout.player_span(index)
        block = layout.names[index]
        y = _caption_top(layout, index) - len(layout.seat_labels[index]) * SEAT_LABEL_LEADING
        if block.paragraph is None:
            centre = (left + end) / 2
            texts.add(block.text, SANS_BOLD, block.size, INK, centre, y - block.size, centred=True)
        else:
            block.paragraph.drawOn(canvas, left + PADDING_X, y - block.height)


@lru_cache(maxsize=4096)
def _fitted(text: str, room: float) -> tuple[float, str]:
    # A round's filled sheets repeat the same few cell texts thousands of times.
    return fit_one_line(text, SANS, (9, 8, 7, 6), room)


def _cell(texts: TextBatch, text: str, width: float, centre: float, middle: float) -> None:
    """A filled cell at 9 pt, smaller (down to 6 pt, then cut) where it does not fit."""
    size, shown = _fitted(text, round(width - 2 * PADDING_X, 2))
    texts.centred(shown, SANS, size, INK, centre, middle)


def _draw_grid_entries(
    canvas: Canvas, sheet: TableSheet, layout: GridLayout, rows: list[PrintedRow], *, total: bool
) -> None:
    """The names, the dealer of each row and, filled in, the games entered."""
    edges = layout.edges
    frame = _Frame(layout, len(rows), total=total)
    texts = TextBatch()
    _draw_names(canvas, texts, layout)
    centres = [(edges[column] + edges[column + 1]) / 2 for column in range(len(edges) - 1)]
    dealer_column = layout.column_of(DEALER)
    caller_column = layout.column_of(CALLER)
    fixed = layout.fixed_columns()
    widths = [edges[column + 1] - edges[column] for column in range(len(edges) - 1)]
    seat_keys = [column.key for column in layout.spec.seat]
    for line, row in enumerate(rows):
        middle = frame.body_top - line * layout.row - layout.row / 2
        if dealer_column is not None and row.dealer in layout.dealers:
            dealer_size, dealer_name = layout.dealers[row.dealer]
            baseline = middle - dealer_size * 0.36
            x = edges[dealer_column] + PADDING_X
            texts.add(str(row.dealer), SANS_BOLD, dealer_size, INK, x, baseline)
            texts.add(f" · {dealer_name}", SANS, dealer_size, INK, None, baseline)
        if caller_column is not None and row.caller:
            texts.centred(str(row.caller), SANS_BOLD, 9, INK, centres[caller_column], middle)
        filled = sheet.rows.get(row.number)
        if filled is None:
            continue
        cells = filled.cells
        for column, spec in fixed:
            if column < layout.first_player and spec.key in cells:
                _cell(texts, cells[spec.key], widths[column], centres[column], middle)
        for number, _name in sheet.seats:
            if number == row.sitter:
                continue
            for offset, key in enumerate(seat_keys):
                centre = centres[layout.seat_column(number - 1, offset)]
                if key == POINTS:
                    points = _signed(filled.points.get(number, 0))
                    texts.centred(points, SANS, 9, INK, centre, middle)
                elif key == RUNNING:
                    running = _number(filled.totals.get(number, 0))
                    texts.centred(running, SANS, 7, MUTED, centre, middle)
                elif seat_cell(key, number) in cells:
                    column = layout.seat_column(number - 1, offset)
                    _cell(texts, cells[seat_cell(key, number)], widths[column], centre, middle)
        for column, spec in fixed:
            if column >= layout.first_tail and spec.key in cells:
                _cell(texts, cells[spec.key], widths[column], centres[column], middle)
    last = sheet.rows.get(sheet.final_row) if sheet.final_row is not None else None
    if total and last is not None:
        middle = frame.body_bottom - TOTAL_ROW / 2
        for number, _name in sheet.seats:
            left, end = layout.player_span(number - 1)
            text = _number(last.totals.get(number, 0))
            texts.centred(text, SANS_BOLD, 9, INK, (left + end) / 2, middle)
    texts.draw(canvas)
