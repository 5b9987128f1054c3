"""Printouts a club pins on the wall: text 5 mm or more from the paper's edge (printers clip
there), header texts that never overlap, slip numbers that cannot be read upside down."""

from __future__ import annotations

import io
import itertools
import math

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from output.printouts.pdf_base import FONT_FILES, SANS_BOLD, register_fonts
from output.printouts.pdf_certificates import certificates_pdf
from output.printouts.pdf_seating import seating_pdf
from output.printouts.pdf_sheets import score_sheets_pdf
from output.printouts.pdf_slips import reads_differently_upside_down, slips_pdf
from output.printouts.pdf_standings import standings_pdf
from scoring.standings.ranking import compute_standings
from tournament.seating.reading import round_with_seating

from .conftest import pdf_text

pytestmark = pytest.mark.django_db

MARGIN = 5 * mm


def _times(m: list[float], n: list[float]) -> list[float]:
    """The matrix product m × n of two PDF matrices [a b c d e f]."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    ]


def measuring_font(font) -> str:
    """Our registered font of the PDF font ``font`` (its base name ends like the file's)."""
    base = str((font or {}).get("/BaseFont", ""))
    for name, filename in FONT_FILES.items():
        if base.endswith("+" + filename.removesuffix(".ttf")):
            return name
    return SANS_BOLD


def text_boxes(data: bytes) -> list[tuple[int, float, float, float, float, str]]:
    """Every piece of text as drawn: (page, left, bottom, right, top, text) in points from
    the page's lower left corner: the font's advance for the width (a font we do not embed is
    measured as our widest), 0.95 × size above and 0.25 × size below the baseline. Text
    inside a form (drawn once, placed on many pages) is placed where the form is."""
    register_fonts()
    boxes = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        # The graphics state stack of the page and of each form being read.
        levels: list[list[list[float]]] = [[[1, 0, 0, 1, 0, 0]]]

        def before(operator, operands, _cm, _tm, levels=levels):
            current = levels[-1]
            if operator == b"q":
                current.append(current[-1])
            elif operator == b"Q" and len(current) > 1:
                current.pop()
            elif operator == b"cm":
                current[-1] = _times([float(v) for v in operands], current[-1])
            elif operator == b"Do":
                levels.append([current[-1]])

        def after(operator, _operands, _cm, _tm, levels=levels):
            if operator == b"Do":
                levels.pop()

        def visit(text, cm, tm, font, size, number=number, levels=levels):
            if not text.strip():
                return
            matrix = [float(v) for v in cm]
            if len(levels) > 1:  # inside a form: its own matrix, then where the form sits
                matrix = _times(matrix, levels[-1][0])
            a, b, c, d, e, f = matrix
            x = tm[4] * a + tm[5] * c + e
            y = tm[4] * b + tm[5] * d + f
            scale = math.sqrt(abs(a * d - b * c)) * math.sqrt(abs(tm[0] * tm[3] - tm[1] * tm[2]))
            points = size * scale
            if b or c:  # rotated (the "ENTWURF" across a draft): its centre is checked
                boxes.append((number, x, y, x, y, text))
                return
            width = stringWidth(text.strip(), measuring_font(font), points)
            boxes.append((number, x, y - 0.25 * points, x + width, y + 0.95 * points, text))

        page.extract_text(
            visitor_text=visit, visitor_operand_before=before, visitor_operand_after=after
        )
    return boxes


def too_close(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    problems = []
    for number, left, bottom, right, top, text in text_boxes(data):
        box = reader.pages[number].mediabox
        width, height = float(box.width), float(box.height)
        distance = min(left, bottom, width - right, height - top)
        if distance < MARGIN:
            problems.append(f"page {number + 1}: {text!r} {distance / mm:.1f} mm")
    return problems


def test_the_text_check_sees_text_at_the_edge():
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont(SANS_BOLD, 10)
    canvas.drawString(3 * mm, 100, "am Rand")
    canvas.drawString(100, 400, "mittig")
    canvas.save()
    assert [problem.split(":")[1].split()[0] for problem in too_close(buffer.getvalue())] == ["'am"]


def test_every_printout_keeps_5_mm_from_the_edge(complete_tournament):
    round_ = round_with_seating(complete_tournament, 2)
    standings = compute_standings(complete_tournament, 2)
    printouts = {
        "seating": seating_pdf(round_),
        "sheets": score_sheets_pdf(round_, "http://doko.local"),
        "filled sheets": score_sheets_pdf(round_, "http://doko.local", with_games=True),
        "standings": standings_pdf(standings),
        "certificates": certificates_pdf(standings),
        "slips": slips_pdf(complete_tournament, 18),
    }
    for name, data in printouts.items():
        assert text_boxes(data), name
        assert too_close(data) == [], name


def header_overlaps(data: bytes) -> list[str]:
    """Texts on the same line of the page header (the top 30 mm) that overlap."""
    reader = PdfReader(io.BytesIO(data))
    problems = []
    for number, page in enumerate(reader.pages):
        top = float(page.mediabox.height) - 30 * mm
        lines: dict[float, list[tuple[float, float, str]]] = {}
        for page_number, left, bottom, right, _top, text in text_boxes(data):
            if page_number == number and bottom > top:
                lines.setdefault(round(bottom), []).append((left, right, text.strip()))
        for boxes in lines.values():
            boxes.sort()
            for (_l, right, text), (left, _r, other) in itertools.pairwise(boxes):
                if left < right:
                    problems.append(f"page {number + 1}: {text!r} runs into {other!r}")
    return problems


def test_a_long_tournament_name_never_runs_into_the_page_title(complete_tournament):
    complete_tournament.name = "Offene Vereinsmeisterschaft im Doppelkopf der Kreuz-Buben Köln"
    complete_tournament.venue = "Vereinsheim der Kreuz-Buben Köln-Lindenthal, großer Saal oben"
    complete_tournament.save()
    assert len(complete_tournament.name) > 45
    round_ = round_with_seating(complete_tournament, 2)
    standings = compute_standings(complete_tournament, 2)
    for data in (
        seating_pdf(round_),
        score_sheets_pdf(round_, "http://doko.local"),
        standings_pdf(standings),
    ):
        assert header_overlaps(data) == []
        _pages, texts = pdf_text(data)
        assert "Offene Vereinsmeisterschaft" in texts[0]


def test_slip_numbers_that_turn_into_others_are_underlined():
    turned = [n for n in range(1, 101) if reads_differently_upside_down(n)]
    assert turned == [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]
