"""The score sheet's sidebar: the QR code with its link and short code, and the ruleset's legend
of scoring values with the footer and the signature line (a PDF form drawn once per
document)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from output.printouts.pdf_base import (
    DRAFT_RED,
    FELT,
    INK,
    LINE,
    MUTED,
    SANS,
    SANS_BOLD,
    escape,
    style,
    text_width,
)
from output.printouts.pdf_cells import QR_SIZE, draw_qr
from output.printouts.sheet_data import TableSheet
from scoring.sheets.links import is_loopback
from tournament.ruleset_texts import say

LEGEND_FORM = "doko-sheet-legend"


def _legend(canvas: Canvas, sheet: TableSheet, width: float) -> None:
    """Place the legend of house values and the signature line with its top left corner at
    (0, 0): drawn once per document as a form, then only referenced."""
    height = getattr(canvas, "_doko_legend_height", None)
    if height is None:
        height = _legend_form(canvas, sheet, width)
        canvas._doko_legend_height = height  # type: ignore[attr-defined]
    canvas.saveState()
    canvas.translate(0, -height)
    canvas.doForm(LEGEND_FORM)
    canvas.restoreState()


def _legend_form(canvas: Canvas, sheet: TableSheet, width: float) -> float:
    """Draw the legend as the form ``LEGEND_FORM``; its height."""
    printed = sheet.printed
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

    add(Paragraph(escape(say(sheet.rules, printed.legend_title)), title), 1.5)
    rules: list[float] = []
    for line in printed.legend:
        text = say(sheet.rules, line.what)
        value = say(sheet.rules, line.points) if line.points is not None else ""
        paragraph = Paragraph(escape(text), legend_text)
        _w, h = paragraph.wrap(width - 12 * mm, 10_000)
        flowables.append((paragraph, height + 1 + h, 0))
        if value:
            flowables.append((("value", value), height + 1 + 6.8, width))
        height += h + 2.2
        rules.append(height)
    if rules:
        rules.pop()
    height += 5 * mm
    for index, footer in enumerate(printed.footer):
        gap = 9 * mm if index == len(printed.footer) - 1 else 1.5
        add(Paragraph(escape(say(sheet.rules, footer)), sign), gap)
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
    canvas.drawString(0, line_y - 2.7 * mm, say(sheet.rules, printed.signature))
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


def draw_sidebar(canvas: Canvas, sheet: TableSheet, width: float) -> None:
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
    _legend(canvas, sheet, width)
    canvas.restoreState()
