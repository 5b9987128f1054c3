"""Drawn cells of the score sheet: the hatched cell of a sitting-out dealer, the QR code, the
signature line.
"""

from __future__ import annotations

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
)

from scoring.printouts.pdf_base import (
    INK,
    MUTED,
    SANS,
    SANS_BOLD,
)

CAPTAIN_TINT = colors.HexColor("#fbf4ea")
STAND_TINT = colors.HexColor("#f3f8f5")
HATCH_BG = colors.HexColor("#eceeee")
HATCH_LINE = colors.HexColor("#b9bfc4")
QR_SIZE = 36 * mm


class Hatch(Flowable):
    """A cell nobody writes in: grey, hatched, with a short note."""

    def __init__(self, width: float, height: float, text: str = "") -> None:
        super().__init__()
        self.width = width
        self.height = height
        self.text = text

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

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


def qr_code(url: str, size: float = QR_SIZE) -> Drawing:
    """reportlab's own QR widget, scaled to ``size`` (quiet zone included)."""
    widget = QrCodeWidget(url, barLevel="M")
    x1, y1, x2, y2 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x2 - x1), 0, 0, size / (y2 - y1), 0, 0])
    drawing.add(widget)
    return drawing


class SignatureLine(Flowable):
    def __init__(self, width: float, text: str) -> None:
        super().__init__()
        self.width = width
        self.text = text
        self.height = 6 * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.line(0, 3.5 * mm, self.width, 3.5 * mm)
        canvas.setFont(SANS, 6.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, 0.8 * mm, self.text)
