"""Excel files written by hand with ``zipfile``, as no spreadsheet program would write them.

An .xlsx is a zip of XML parts; these helpers write the few parts openpyxl needs (content
types, the package and workbook relations, the workbook and one worksheet) around a worksheet
XML of our choosing: a declared size of 100 million rows, a row numbered 100,000,000, a part
that unpacks to many megabytes (a zip bomb), a part that lies about its unpacked size.

Used by the import tests, the bad-input catalogue and ``bench/bench_import.py``.
"""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Iterable
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET_PART = "xl/worksheets/sheet1.xml"

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    "</Types>"
)
PACKAGE_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE}">'
    f'<Relationship Id="rId1" Type="{RELATIONS}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
WORKBOOK = (
    f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}">'
    '<sheets><sheet name="Teilnehmer" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
WORKBOOK_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PACKAGE}">'
    f'<Relationship Id="rId1" Type="{RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/>'
    "</Relationships>"
)


def cell(reference: str, text: str) -> str:
    return f'<c r="{reference}" t="inlineStr"><is><t>{escape(text)}</t></is></c>'


def row(number: int, texts: Iterable[str]) -> str:
    columns = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    cells = "".join(cell(f"{columns[i]}{number}", text) for i, text in enumerate(texts))
    return f'<row r="{number}">{cells}</row>'


def worksheet(rows: Iterable[str] | str, dimension: str | None = None, tail: str = "") -> str:
    """A worksheet part: ``rows`` as XML, an optional ``<dimension ref=…>`` and what follows
    ``sheetData``."""
    body = rows if isinstance(rows, str) else "".join(rows)
    declared = f'<dimension ref="{dimension}"/>' if dimension else ""
    return f'<worksheet xmlns="{MAIN}">{declared}<sheetData>{body}</sheetData>{tail}</worksheet>'


def xlsx_file(
    sheet_xml: str | bytes,
    extra_parts: dict[str, bytes] | None = None,
    sheet_part: str = SHEET_PART,
    compression: int = zipfile.ZIP_DEFLATED,
) -> bytes:
    """The workbook with ``sheet_xml`` as its only worksheet, deflated as hard as zip can;
    ``sheet_part`` names the worksheet's part (openpyxl follows the relations, whatever the
    name ends with); ``zipfile.ZIP_STORED`` packs nothing."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES.replace(SHEET_PART, sheet_part))
        archive.writestr("_rels/.rels", PACKAGE_RELS)
        archive.writestr("xl/workbook.xml", WORKBOOK)
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            WORKBOOK_RELS.replace(SHEET_PART.removeprefix("xl/"), sheet_part.removeprefix("xl/")),
        )
        archive.writestr(sheet_part, sheet_xml)
        for name, data in (extra_parts or {}).items():
            archive.writestr(name, data)
    return buffer.getvalue()


def participants(count: int, start: int = 2) -> list[str]:
    return [row(start + i, [f"Spieler {i + 1:03d}", "DK Herz-Dame"]) for i in range(count)]


def hundred_million_rows(names: int = 250) -> bytes:
    """About 5 KB: a sheet declaring ``A1:Z100000000``, a header, ``names`` participants and a
    last row numbered 100,000,000."""
    rows = [row(1, ["Name", "Verein"]), *participants(names), row(100_000_000, ["Zuletzt"])]
    return xlsx_file(worksheet(rows, dimension="A1:Z100000000"))


def zip_bomb(megabytes: int = 64) -> bytes:
    """A valid little list whose worksheet unpacks to ``megabytes`` (blanks after the data)."""
    rows = [row(1, ["Name"]), row(2, ["Anna"])]
    padding = " " * (megabytes * 2**20)
    return xlsx_file(worksheet(rows, tail=padding))


def one_wide_row(cells: int = 1_000_000, sheet_part: str = SHEET_PART) -> bytes:
    """One row of ``cells`` empty cells (``<c/>``, 4 bytes each)."""
    return xlsx_file(worksheet("<row>" + "<c/>" * cells + "</row>"), sheet_part=sheet_part)


def many_empty_rows(rows: int = 2_000_000) -> bytes:
    """``rows`` empty rows (``<row/>``, 6 bytes each) and no ``<dimension>``."""
    return xlsx_file(worksheet("<row/>" * rows))


def with_declared_size(data: bytes, part: str, size: int) -> bytes:
    """``data`` with the unpacked size of ``part`` given as ``size`` in both zip headers."""
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo(part)
    patched = bytearray(data)
    # local file header: the uncompressed size is at offset 22
    struct.pack_into("<I", patched, info.header_offset + 22, size)
    # central directory entry (signature PK\x01\x02 … name): uncompressed size at offset 24
    name = part.encode()
    entry = patched.find(b"PK\x01\x02", 0)
    while entry != -1:
        if patched[entry + 46 : entry + 46 + len(name)] == name:
            struct.pack_into("<I", patched, entry + 24, size)
            break
        entry = patched.find(b"PK\x01\x02", entry + 4)
    return bytes(patched)
