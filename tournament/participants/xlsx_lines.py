"""The rows of an .xlsx participant file, read streaming and bounded.

An .xlsx is read streaming (openpyxl's read-only mode) and its declared size ignored: a sheet
claiming ``A1:Z100000000`` is read as far as it has rows, and one with a row numbered
100,000,000 is refused after row 2,001, not read to its end. Unpacked it may hold at most 16 MB
in 200 parts, no part over 1 MB packed more than 1:200, 250,000 XML elements and 1,000 cells per
row, counted in every part whatever its name (``check_xlsx_package``), so that a few kilobytes
cannot unpack into gigabytes (``bench/bench_import.py`` measures such files).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import IO
from xml.parsers import expat

from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournament.participants.import_limits import (
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_XLSX_CELLS_PER_ROW,
    MAX_XLSX_ELEMENTS,
    MAX_XLSX_PARTS,
    MAX_XLSX_RATIO,
    MAX_XLSX_RATIO_FROM,
    MAX_XLSX_UNPACKED_BYTES,
    UnreadableFile,
    checked_cells,
    too_many_rows,
)

# ---------------------------------------------------------------------------- Excel


def xlsx_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    """The first worksheet's rows, streamed; the declared size of the sheet is ignored."""
    check_xlsx_package(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError) as error:
        raise UnreadableFile(
            _("Die Excel-Datei lässt sich nicht lesen (%(reason)s).")
            % {"reason": error.__class__.__name__}
        ) from error
    except Exception as error:  # openpyxl raises many kinds on damaged files
        raise UnreadableFile(_("Die Excel-Datei lässt sich nicht lesen.")) from error
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            return
        # <dimension ref="A1:Z100000000"/> would make openpyxl pad every row to that width and
        # add empty rows up to that height: forget it and read the rows that are there.
        sheet.reset_dimensions()
        rows = sheet.iter_rows(min_row=1, max_col=MAX_COLUMNS + 1, values_only=True)
        for index, row in enumerate(rows, start=1):
            # Rows missing from the file come as empty rows: a row numbered 100,000,000 stops
            # the reading here, after row MAX_ROWS + 1, not at the end of 100 million.
            if index > MAX_ROWS + 1:
                raise too_many_rows()
            yield index, checked_cells(index, [_cell_text(value) for value in row])
    except UnreadableFile:
        raise
    except Exception as error:  # a damaged sheet shows only while it is read
        raise UnreadableFile(_("Die Excel-Datei lässt sich nicht lesen.")) from error
    finally:
        workbook.close()


class _XmlRefused(Exception):
    pass


def check_xlsx_package(data: bytes) -> None:
    """Refuse an .xlsx whose parts would cost more to read than a participant list can need.

    An .xlsx is a zip of XML parts. openpyxl reads the shared strings whole and builds each
    row's cells in memory, so a few kilobytes that unpack to a huge part (a zip bomb), or to one
    row of a million cells, would take the server's memory and minutes. Checked here first:
    the number of parts, their unpacked size as the zip declares it (``zipfile`` never returns
    more than that: a part that unpacks to more fails its CRC check), and, with a streaming
    parser that keeps nothing, the elements of every XML part and the cells per row; no DTD
    (entities) either.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise UnreadableFile(
            _("Die Excel-Datei lässt sich nicht lesen (%(reason)s).")
            % {"reason": error.__class__.__name__}
        ) from error
    with archive:
        parts = archive.infolist()
        unpacked = sum(part.file_size for part in parts)
        if len(parts) > MAX_XLSX_PARTS or unpacked > MAX_XLSX_UNPACKED_BYTES:
            raise UnreadableFile(
                _(
                    "Die Excel-Datei ist entpackt zu groß (%(size)s MB in %(parts)d Teilen, "
                    "höchstens %(max)d MB in %(max_parts)d Teilen)."
                )
                % {
                    "size": f"{unpacked / 2**20:.0f}",
                    "parts": len(parts),
                    "max": MAX_XLSX_UNPACKED_BYTES // 2**20,
                    "max_parts": MAX_XLSX_PARTS,
                }
            )
        for part in parts:
            # Deflate packs at most about 1:1032; a legitimate sheet of names packs about 1:10.
            if part.file_size > MAX_XLSX_RATIO_FROM and part.file_size > MAX_XLSX_RATIO * max(
                part.compress_size, 1
            ):
                raise UnreadableFile(
                    _(
                        "Die Excel-Datei enthält einen Teil, der sich beim Entpacken auf das "
                        "%(ratio)d-fache vergrößert (höchstens %(max)d-fach); so packt keine "
                        "Tabellenkalkulation eine Teilnehmerliste."
                    )
                    % {
                        "ratio": part.file_size // max(part.compress_size, 1),
                        "max": MAX_XLSX_RATIO,
                    }
                )
        budget = [MAX_XLSX_ELEMENTS]
        try:
            for part in parts:
                # Every part, whatever its name: openpyxl follows the package's relations, and a
                # worksheet may be called "sheet1.bin". A part that is no XML at all (a picture)
                # stops the scan at its first bytes; openpyxl cannot read more of it either.
                with archive.open(part) as handle:
                    _scan_xml(handle, budget, binary_allowed=not _named_as_xml(part.filename))
        except _XmlRefused as error:
            raise UnreadableFile(str(error)) from error
        except Exception as error:  # damaged zip or XML, unsupported compression, bad CRC
            raise UnreadableFile(
                _("Die Excel-Datei lässt sich nicht lesen (%(reason)s).")
                % {"reason": error.__class__.__name__}
            ) from error


def _named_as_xml(name: str) -> bool:
    return name.lower().endswith((".xml", ".rels", ".vml"))


def _scan_xml(handle: IO[bytes], budget: list[int], *, binary_allowed: bool = False) -> None:
    """Count the elements of one part against ``budget`` and the cells of each row, up to the
    end or (``binary_allowed``: a part not named as XML) up to where it stops being XML: every
    element any XML parser could build from it has been counted by then."""
    parser = expat.ParserCreate()
    cells_in_row = [0]

    def start(name: str, _attributes: dict[str, str]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _XmlRefused(
                _(
                    "Die Excel-Datei ist zu umfangreich (mehr als %(max)d XML-Elemente); eine "
                    "Teilnehmerliste braucht weit weniger."
                )
                % {"max": MAX_XLSX_ELEMENTS}
            )
        local = name.rpartition(":")[2]
        if local == "row":
            cells_in_row[0] = 0
        elif local == "c":
            cells_in_row[0] += 1
            if cells_in_row[0] > MAX_XLSX_CELLS_PER_ROW:
                raise _XmlRefused(
                    _("Eine Zeile der Excel-Datei hat mehr als %(max)d Zellen.")
                    % {"max": MAX_XLSX_CELLS_PER_ROW}
                )

    def doctype(*_args: object) -> None:
        raise _XmlRefused(_("Die Excel-Datei enthält eine DTD und wird nicht gelesen."))

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = doctype
    try:
        while chunk := handle.read(64 * 1024):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError:
        if not binary_allowed:
            raise


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
