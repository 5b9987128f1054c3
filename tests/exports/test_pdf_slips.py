"""Drawn slips to cut and table cards for seating round 1 by hand."""

from __future__ import annotations

import pytest

from output.printouts.pdf_slips import slip_pages, slips_pdf

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def test_slips_and_one_card_per_table(tournament, keep_output):
    data = slips_pdf(tournament, 18)
    keep_output("losnummern.pdf", data)
    pages, texts = pdf_text(data)
    assert slip_pages(18) == 1
    assert pages == 1 + 4
    assert "18" in texts[0] and "LOSNUMMER" in texts[0]
    assert "Seite 1 von 5" in texts[0]
    # Table 3 is the first five-player table: numbers 9 to 13, number 9 is its Listenführer.
    card = texts[3]
    assert "Tisch 3" in card
    assert "Platz 1" in card and "Nr. 9" in card and "Nr. 13" in card
    assert "Listenführer" in card


def test_many_slips_run_over_several_pages(tournament):
    pages, texts = pdf_text(slips_pdf(tournament, 41))
    assert slip_pages(41) == 3
    assert pages == 3 + 10
    assert "41" in texts[2]


class RecordingCanvas:
    """Just enough of a reportlab canvas (its method names) to see what a slip page writes."""

    def __init__(self) -> None:
        self.font = ("", 0.0)
        self.texts: list[tuple[str, str, float]] = []

    def setFont(self, name: str, size: float) -> None:
        self.font = (name, size)

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self.texts.append((text, *self.font))

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


def test_a_long_tournament_name_stays_inside_the_slip():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from output.printouts.pdf_base import register_fonts
    from output.printouts.pdf_slips import COLUMNS, SlipPage
    from tournament.seating.core import slip_layout

    register_fonts()
    name = "Großes Offenes Doppelkopf-Turnier des Doppelkopfclubs Herz-Dame Oberursel 2026"
    page = SlipPage(slip_layout(8), 180 * 2.8346, 270 * 2.8346, f"{name} · Durchgang 1")
    page.canv = RecordingCanvas()
    page.draw()
    captions = [(text, font, size) for text, font, size in page.canv.texts if "Turnier" in text]
    assert len(captions) == 8
    cell = page.width / COLUMNS
    for text, font, size in captions:
        assert stringWidth(text, font, size) <= cell
        assert size >= 6
    assert captions[0][0].endswith("…") and captions[0][0].startswith("Großes Offenes")
