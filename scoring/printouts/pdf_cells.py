"""Drawn cells of the score sheet: the hatched cell of a sitting-out dealer, the QR code, the
signature line.

The QR code is made with segno, the library that draws the codes on screen
(``scoring.sheets.links.qr_data_uri``), and drawn as one filled path.
"""

from __future__ import annotations

from itertools import groupby

import segno
from reportlab.lib import colors
from reportlab.lib.units import mm

from scoring.printouts.pdf_base import INK, MUTED, SANS, SANS_BOLD, FixedFlowable

HATCH_BG = colors.HexColor("#eceeee")
HATCH_LINE = colors.HexColor("#b9bfc4")
QR_SIZE = 36 * mm
QR_BORDER = 4  # modules of quiet zone around the code, as the QR standard asks


class Hatch(FixedFlowable):
    """A cell nobody writes in: grey, hatched, with a short note."""

    def __init__(self, width: float, height: float, text: str = "") -> None:
        super().__init__(width, height)
        self.text = text

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(HATCH_BG)
        canvas.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        path = canvas.beginPath()
        path.rect(0, 0, self.width, self.height)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.setStrokeColor(HATCH_LINE)
        canvas.setLineWidth(0.6)
        step = 2.2 * mm
        x = -self.height
        while x < self.width:
            canvas.line(x, 0, x + self.height, self.height)
            x += step
        if self.text:
            size = 6.5
            text_width = canvas.stringWidth(self.text, SANS_BOLD, size)
            canvas.setFillColor(colors.white)
            canvas.rect(
                (self.width - text_width) / 2 - 1.2,
                self.height / 2 - size / 2 - 1,
                text_width + 2.4,
                size + 2,
                stroke=0,
                fill=1,
            )
            canvas.setFillColor(MUTED)
            canvas.setFont(SANS_BOLD, size)
            canvas.drawCentredString(self.width / 2, self.height / 2 - size / 2 + 1, self.text)
        canvas.restoreState()


def qr_runs(text: str) -> tuple[int, list[tuple[int, int, int]]]:
    """``text`` as a QR code of error level M: its width in modules (quiet zone included) and
    its dark modules, run by run along each row, as (row, column, length) from the top left."""
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
    return count, runs


class QrCode(FixedFlowable):
    """The QR code of ``text``, ``size`` square with its quiet zone.

    All dark modules are one filled path, drawn in module units (one unit a module, rows
    counted downwards from the top), so the page holds one rectangle per run of dark modules.
    """

    def __init__(self, text: str, size: float = QR_SIZE) -> None:
        super().__init__(size, size)
        self.text = text

    def draw(self) -> None:
        count, runs = qr_runs(self.text)
        module = self.width / count
        canvas = self.canv
        canvas.saveState()
        canvas.transform(module, 0, 0, -module, 0, self.height)
        canvas.setFillColor(colors.black)
        path = canvas.beginPath()
        for row, column, length in runs:
            path.rect(column, row, length, 1)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.restoreState()


class SignatureLine(FixedFlowable):
    """A line to sign on, with what the signature stands for below it."""

    def __init__(self, width: float, text: str) -> None:
        super().__init__(width, 6 * mm)
        self.text = text

    def draw(self) -> None:
        canvas = self.canv
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.line(0, 3.5 * mm, self.width, 3.5 * mm)
        canvas.setFont(SANS, 6.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, 0.8 * mm, self.text)
