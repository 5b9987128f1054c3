"""The Excel renderer: any list of reports as one workbook, one worksheet per report.

Header row bold (a named font, so that every program shows the same), tinted and frozen, with an
auto-filter; column widths from the content; numbers as numbers; yes/no as 1/0 shown "ja"/"nein"
by the cell's number format (they filter as ja/nein and add up to a count). Printed, each sheet
is landscape A4, one page wide, the header row repeated on every page, the title in the page
header and "Seite x von y" in the footer.

Every string is stored as text (``data_type = "s"``): openpyxl
would otherwise write a string starting with ``=`` as a formula, and a name typed as
``=HYPERLINK(…)`` must stay a name. Strings that a spreadsheet would read as a formula when
retyped (``=``, ``+``, ``-``, ``@``, tab, CR) also get Excel's quote prefix.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from output.reports import BOOL, INT, MONEY, RANK, Report
from tournament.normalize import FORMULA_PREFIXES

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

HEADER_FONT = Font(name="Calibri", bold=True)
HEADER_FILL = PatternFill("solid", fgColor="E7F3EC")
MAX_WIDTH = 45
EURO_FORMAT = '#,##0.00 "€";-#,##0.00 "€"'
SHEET_TITLE_FORBIDDEN = re.compile(r"[\\/*?:\[\]]")


def write_value(cell: Cell, value: Any) -> None:
    """Store ``value`` so that a string can never become a formula."""
    if isinstance(value, str):
        text = ILLEGAL_CHARACTERS_RE.sub("", value)
        if not text:
            cell.value = None  # an empty cell, not an empty string, so that filters see "(Leere)"
            return
        cell.value = text
        cell.data_type = "s"
        if text.startswith(FORMULA_PREFIXES):
            cell.quotePrefix = True
    else:
        cell.value = value


def sheet_title(title: str, taken: set[str]) -> str:
    """A valid, unique worksheet name (at most 31 characters, none of ``\\/*?:[]``)."""
    base = SHEET_TITLE_FORBIDDEN.sub(" ", title).strip()[:31] or "Tabelle"
    name, counter = base, 2
    while name.casefold() in taken:
        suffix = f" ({counter})"
        name = base[: 31 - len(suffix)] + suffix
        counter += 1
    taken.add(name.casefold())
    return name


def _width(value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, bool):
        return 6
    return len(str(value))


def _print_setup(sheet: Worksheet, title: str) -> None:
    sheet.print_title_rows = "1:1"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0  # as many pages down as it takes
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_options.gridLines = True
    sheet.oddHeader.center.text = title.replace("&", "&&")
    sheet.oddFooter.right.text = _("Seite &P von &N")


def render_xlsx(reports: Sequence[Report]) -> bytes:
    """One workbook with a worksheet per report, as the bytes of an ``.xlsx`` file."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    taken: set[str] = set()
    yes, no = _("ja"), _("nein")
    yes_no = f'"{yes}";"{yes}";"{no}"'
    for report in reports:
        sheet = workbook.create_sheet(sheet_title(report.title, taken))
        for index, column in enumerate(report.columns, start=1):
            cell = sheet.cell(row=1, column=index)
            write_value(cell, column.label)
            cell.font = HEADER_FONT
            cell.fill = HEADER_FILL
            cell.alignment = Alignment(vertical="center")
        numeric = {i for i, column in enumerate(report.columns) if column.kind in (INT, RANK)}
        booleans = {i for i, column in enumerate(report.columns) if column.kind == BOOL}
        money = {i for i, column in enumerate(report.columns) if column.kind == MONEY}
        for row_index, row in enumerate(report.rows, start=2):
            for col_index, value in enumerate(row):
                cell = sheet.cell(row=row_index, column=col_index + 1)
                if col_index in numeric and value is not None:
                    value = int(value)
                elif col_index in money and value is not None:
                    value = int(value) / 100  # euros; the cents stay exact up to 2**53
                    cell.number_format = EURO_FORMAT
                elif col_index in booleans and value is not None:
                    value = int(bool(value))
                    cell.number_format = yes_no
                write_value(cell, value)
        for index, column in enumerate(report.columns, start=1):
            longest = max(
                [len(column.label), column.width]
                + [_width(row[index - 1]) for row in report.rows[:500]]
            )
            sheet.column_dimensions[get_column_letter(index)].width = min(longest + 2, MAX_WIDTH)
        sheet.freeze_panes = "A2"
        _print_setup(sheet, report.title)
        if report.columns:
            last = get_column_letter(len(report.columns))
            sheet.auto_filter.ref = f"A1:{last}{max(len(report.rows) + 1, 1)}"
    if not workbook.worksheets:
        workbook.create_sheet("Tabelle")
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
