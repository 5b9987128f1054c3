"""Drawn cells of the score sheet: the hatched cell of a sitting-out dealer and the QR code.

The QR code is made with segno, the library that draws the codes on screen
(``scoring.sheets.links.qr_data_uri``), and drawn as one filled path.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby

import segno
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from output.printouts.pdf_base import MUTED, SANS_BOLD

HATCH_BG = colors.HexColor("#eceeee")
HATCH_LINE = colors.HexColor("#b9bfc4")
QR_SIZE = 36 * mm
QR_BORDER = 4  # modules of quiet zone around the code, as the QR standard asks


def draw_hatch(
    canvas: Canvas, x: float, y: float, width: float, height: float, text: str = ""
) -> None:
    """A cell nobody writes in, lower left corner at (x, y): grey, hatched, a short note."""
    canvas.saveState()
    canvas.setFillColor(HATCH_BG)
    path = canvas.beginPath()
    path.rect(x, y, width, height)
    canvas.clipPath(path, stroke=0, fill=1)
    canvas.setStrokeColor(HATCH_LINE)
    canvas.setLineWidth(0.6)
    hatch = canvas.beginPath()
    step = 2.2 * mm
    start = -height
    while start < width:
        hatch.moveTo(x + start, y)
        hatch.lineTo(x + start + height, y + height)
        start += step
    canvas.drawPath(hatch, stroke=1, fill=0)
    if text:
        size = 6.5
        text_width = canvas.stringWidth(text, SANS_BOLD, size)
        canvas.setFillColor(colors.white)
        canvas.rect(
            x + (width - text_width) / 2 - 1.2,
            y + height / 2 - size / 2 - 1,
            text_width + 2.4,
            size + 2,
            stroke=0,
            fill=1,
        )
        canvas.setFillColor(MUTED)
        canvas.setFont(SANS_BOLD, size)
        canvas.drawCentredString(x + width / 2, y + height / 2 - size / 2 + 1, text)
    canvas.restoreState()


@lru_cache(maxsize=1024)
def qr_runs(text: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """``text`` as a QR code of error level M: its width in modules (quiet zone included) and
    its dark modules, run by run along each row, as (row, column, length) from the top left.

    Kept per link for the process: the sheets, the filled sheets and the round's bundle print
    the same links, and choosing the best mask is most of the work."""
    symbol = segno.make(text, error="m", boost_error=False)
    runs = []
    count = 0
    for row, modules in enumerate(symbol.matrix_iter(border=QR_BORDER)):
        column = 0
        for dark, run in groupby(modules):
            length = len(list(run))
            if dark:
                runs.append((row, column, length))
            column += length
        count = column
    return count, tuple(runs)


@lru_cache(maxsize=1024)
def _qr_path(text: str) -> tuple[int, str]:
    """Width in modules and the PDF path operators of ``text``'s dark modules (whole numbers:
    nothing to format per page)."""
    count, runs = qr_runs(text)
    return count, " ".join(f"{column} {row} {length} 1 re" for row, column, length in runs)


def draw_qr(canvas: Canvas, text: str, x: float, y: float, size: float = QR_SIZE) -> None:
    """The QR code of ``text``, ``size`` square with its quiet zone, lower left at (x, y).

    All dark modules are one filled path, drawn in module units (one unit a module, rows
    counted downwards from the top), so the page holds one rectangle per run of dark modules.
    """
    count, path = _qr_path(text)
    module = size / count
    canvas.saveState()
    canvas.transform(module, 0, 0, -module, x, y + size)
    canvas.setFillColor(colors.black)
    canvas.addLiteral(f"{path} f")
    canvas.restoreState()


def forget_qr_codes() -> None:
    """Empty the per-link caches (benchmarks measure the first print of a round)."""
    qr_runs.cache_clear()
    _qr_path.cache_clear()
