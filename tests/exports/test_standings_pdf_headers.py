"""Every header of the standings printout fits its column on one line, in German and English
("Solos" did not: it wrapped)."""

from __future__ import annotations

import pytest
from django.utils import translation
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from output.printouts.pdf_base import SANS_BOLD, register_fonts
from scoring.standings.columns import PDF, default_columns

HEADER_SIZE = 8.5  # output/printouts/pdf_standings.py
SIDE_PADDING = 2 * 5  # output/printouts/pdf_tables.py, left and right


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_printed_header_fits_its_column(language):
    register_fonts()
    too_wide = []
    with translation.override(language):
        for column in default_columns():
            if PDF not in column.headers or not column.print_width:
                continue
            header = column.header(PDF)
            if column.per_round:
                header = header % {"number": 10}
            needed = stringWidth(header, SANS_BOLD, HEADER_SIZE) + SIDE_PADDING
            if needed > column.print_width * mm:
                too_wide.append((column.key, header, round(needed / mm, 1)))
    assert too_wide == []
