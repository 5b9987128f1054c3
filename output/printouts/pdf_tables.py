"""A report's rows as a printed table: the PDF counterpart of the XLSX renderer.

Header row repeated on every page (``repeatRows=1``), tinted and bold; numbers right-aligned;
places printed as "3."; light zebra stripes so that a line can be followed across the page.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Paragraph, Table, TableStyle

from output.printouts.pdf_base import (
    FELT,
    FELT_LIGHT,
    INK,
    LINE,
    SANS,
    SANS_BOLD,
    ZEBRA,
    escape,
    style,
    text_width,
)
from output.reports import BOOL, INT, MONEY, RANK, Report, display


def report_table(
    report: Report,
    widths: Sequence[float],
    *,
    size: float = 10,
    header_size: float | None = None,
    bold_columns: Sequence[int] = (),
    padding: float = 4,
) -> Table:
    """``report`` as a ``Table`` with the given column widths (points)."""
    header_size = header_size or max(size - 2, 7)
    head_style = style("report-head", header_size, bold=True, color=FELT)
    head_right = style("report-head-r", header_size, bold=True, color=FELT, alignment=2)
    cell_style = style("report-cell", size)
    cell_bold = style("report-cell-b", size, bold=True)
    right = {
        i for i, column in enumerate(report.columns) if column.kind in (INT, RANK, BOOL, MONEY)
    }
    header = [
        Paragraph(escape(column.label), head_right if i in right else head_style)
        for i, column in enumerate(report.columns)
    ]
    room = [width - 2 * 5 for width in widths]  # less the left and right padding
    body = []
    for row in report.rows:
        cells: list[object] = []
        for i, (value, column) in enumerate(zip(row, report.columns, strict=True)):
            text = display(value, column.kind)
            font = SANS_BOLD if i in bold_columns else SANS
            if i in right or text_width(text, font, size) <= room[i]:
                cells.append(text)  # a plain string costs a tenth of a paragraph to lay out
            else:
                # Paragraphs wrap long names instead of running into the next column.
                paragraph_style = cell_bold if i in bold_columns else cell_style
                cells.append(Paragraph(escape(text), paragraph_style))
        body.append(cells)
    table = Table([header, *body], colWidths=list(widths), repeatRows=1)
    commands: list[tuple] = [
        ("FONTNAME", (0, 1), (-1, -1), SANS),
        ("TEXTCOLOR", (0, 1), (-1, -1), INK),
        ("FONTSIZE", (0, 1), (-1, -1), size),
        ("LEADING", (0, 1), (-1, -1), size * 1.2),
        ("BACKGROUND", (0, 0), (-1, 0), FELT_LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1, FELT),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, LINE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding + 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 5),
    ]
    for i in right:
        commands.append(("ALIGN", (i, 1), (i, -1), "RIGHT"))
    for i in bold_columns:
        commands.append(("FONTNAME", (i, 1), (i, -1), SANS_BOLD))
    for row_index in range(2, len(body) + 1, 2):
        commands.append(("BACKGROUND", (0, row_index), (-1, row_index), ZEBRA))
    table.setStyle(TableStyle(commands))
    return table
