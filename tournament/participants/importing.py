"""Reading participant lists from CSV and Excel files.

One reader for every way in (the import page, ``manage.py import_participants``, the Excel
import of the printouts): a file's bytes and name in, a preview out. The preview says what would
be created and every problem with its line number; the import service writes nothing unless the
preview has no problems.

Accepted files: a header row with a ``Name`` column (any case) and optionally ``Verein`` (or
``Club``); other columns are ignored and named in the preview. CSV separated by commas or
semicolons; Excel ``.xlsx`` (first worksheet).

Limits (a file beyond them is refused with a message, and reading stops there): 2 MB per file,
2,000 lines under the header, 50 columns, 1,000 characters per cell (a name or club at most
100). An .xlsx is read streaming (openpyxl's read-only mode) and its declared size ignored: a
sheet claiming ``A1:Z100000000`` is read as far as it has rows, and one with a row numbered
100,000,000 is refused after row 2,001, not read to its end; unpacked it may hold at most 16 MB in 200 parts, 250,000 XML elements and
1,000 cells per row (``_check_xlsx_package``), so that a few kilobytes cannot unpack into
gigabytes (``bench/bench_import.py`` measures such files).

Encodings of a CSV file: UTF-8, with any number of byte order marks, or Windows-1252. A German
Excel saves "CSV (Trennzeichen-getrennt)" in Windows-1252 and "CSV UTF-8" as UTF-8 with a BOM,
so both must work. A file is read as Windows-1252 only when it is not valid UTF-8, carries no
UTF-8 BOM and contains no UTF-8 multi-byte character anywhere, that is when it is a
Windows-1252 file throughout, and every byte is defined in Windows-1252. A UTF-8 file with one
invalid byte (a line pasted from elsewhere) is refused with the line of that byte instead of
being read as Windows-1252, which would garble every umlaut of the file ("MÃ¼ller").

A record of a CSV file must end on its line: a quote left open would swallow the following lines
into one cell (and their participants with it), so it is refused with the line where it opens.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO
from xml.parsers import expat

from django.utils.translation import gettext as _
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from tournament.normalize import FORMULA_PREFIXES, name_key, normalize_name

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 2000  # lines under the header
MAX_COLUMNS = 50  # a club's member export may have many columns; only two are read
MAX_CELL_CHARS = 1000
MAX_XLSX_UNPACKED_BYTES = 16 * 1024 * 1024
MAX_XLSX_PARTS = 200
MAX_XLSX_ELEMENTS = 250_000  # 2,001 rows of 50 cells with a value each are about 200,000
MAX_XLSX_CELLS_PER_ROW = 1000
NAME_MAX_LENGTH = 100
CLUB_MAX_LENGTH = 100
NAME_HEADERS = {"name"}
CLUB_HEADERS = {"verein", "club"}


@dataclass(frozen=True)
class ImportRow:
    line: int
    name: str
    club: str


@dataclass(frozen=True)
class ImportProblem:
    """A problem at a line of the file (0 when it concerns the whole file)."""

    line: int
    message: str

    def __str__(self) -> str:
        if self.line:
            return _("Zeile %(line)d: %(message)s") % {"line": self.line, "message": self.message}
        return self.message


@dataclass
class ImportPreview:
    rows: list[ImportRow] = field(default_factory=list)
    errors: list[ImportProblem] = field(default_factory=list)
    warnings: list[ImportProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


class UnreadableFile(Exception):
    """The file cannot be read on (at ``line``, 0 for the whole file)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def read_participants(
    data: bytes, filename: str, existing_names: Iterable[str] = ()
) -> ImportPreview:
    """Parse ``data`` and check every line; ``existing_names`` are already registered."""
    preview = ImportPreview()
    if not data:
        preview.errors.append(ImportProblem(0, _("Die Datei ist leer.")))
        return preview
    if len(data) > MAX_FILE_BYTES:
        preview.errors.append(
            ImportProblem(
                0,
                _("Die Datei ist zu groß (%(size)d kB, höchstens %(max)d kB).")
                % {"size": len(data) // 1024, "max": MAX_FILE_BYTES // 1024},
            )
        )
        return preview
    try:
        if _looks_like_xlsx(data, filename):
            lines = list(_xlsx_lines(data))
        else:
            lines = list(_csv_lines(data))
    except UnreadableFile as error:
        preview.errors.append(ImportProblem(error.line, error.message))
        return preview

    _check_lines(lines, preview, existing_names)
    return preview


def _check_lines(
    lines: list[tuple[int, list[str]]], preview: ImportPreview, existing_names: Iterable[str]
) -> None:
    if not lines:
        preview.errors.append(ImportProblem(0, _("Die Datei enthält keine Zeilen.")))
        return
    header_line, header = lines[0]
    columns = [cell.strip().lower() for cell in header]
    name_columns = [i for i, column in enumerate(columns) if column in NAME_HEADERS]
    club_columns = [i for i, column in enumerate(columns) if column in CLUB_HEADERS]
    if len(name_columns) != 1:
        found = ", ".join(f'"{cell.strip()[:40]}"' for cell in header if cell.strip()) or "–"
        message = (
            _("Die Kopfzeile braucht genau eine Spalte „Name“ (gefunden: %(found)s).")
            if not name_columns
            else _("Die Spalte „Name“ kommt mehrfach vor (gefunden: %(found)s).")
        )
        preview.errors.append(ImportProblem(header_line, message % {"found": found}))
        return
    name_index = name_columns[0]
    club_index = club_columns[0] if club_columns else None
    preview.ignored_columns = [
        header[i].strip()
        for i in range(len(header))
        if i != name_index and i != club_index and header[i].strip()
    ]

    data_lines = lines[1:]
    if len(data_lines) > MAX_ROWS:
        preview.errors.append(
            ImportProblem(
                0,
                _("Die Datei hat %(count)d Zeilen; höchstens %(max)d werden eingelesen.")
                % {"count": len(data_lines), "max": MAX_ROWS},
            )
        )
        return

    existing = {name_key(name) for name in existing_names}
    seen: dict[str, int] = {}
    for line, cells in data_lines:
        if not any(cell.strip() for cell in cells):
            continue
        raw_name = cells[name_index] if name_index < len(cells) else ""
        name = normalize_name(raw_name)
        club = (
            normalize_name(cells[club_index])
            if club_index is not None and club_index < len(cells)
            else ""
        )
        if not name:
            preview.errors.append(ImportProblem(line, _("Der Name fehlt.")))
            continue
        if len(name) > NAME_MAX_LENGTH:
            preview.errors.append(
                ImportProblem(
                    line,
                    _("Der Name ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
                    % {"length": len(name), "max": NAME_MAX_LENGTH},
                )
            )
            continue
        if len(club) > CLUB_MAX_LENGTH:
            preview.errors.append(
                ImportProblem(
                    line,
                    _("Der Verein ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
                    % {"length": len(club), "max": CLUB_MAX_LENGTH},
                )
            )
            continue
        key = name_key(name)
        if key in seen:
            preview.errors.append(
                ImportProblem(
                    line,
                    _("„%(name)s“ steht schon in Zeile %(first)d.")
                    % {"name": name, "first": seen[key]},
                )
            )
            continue
        if key in existing:
            preview.errors.append(
                ImportProblem(line, _("„%(name)s“ ist bereits angemeldet.") % {"name": name})
            )
            continue
        seen[key] = line
        if name.startswith(FORMULA_PREFIXES):
            preview.warnings.append(
                ImportProblem(
                    line,
                    _("„%(name)s“ beginnt mit „%(char)s“ und wird als Text übernommen.")
                    % {"name": name, "char": name[0]},
                )
            )
        preview.rows.append(ImportRow(line=line, name=name, club=club))

    if not preview.rows and not preview.errors:
        preview.errors.append(ImportProblem(0, _("Die Datei enthält keine Teilnehmer.")))


def _looks_like_xlsx(data: bytes, filename: str) -> bool:
    return data[:4] == b"PK\x03\x04" or filename.lower().endswith((".xlsx", ".xlsm"))


# ---------------------------------------------------------------------------- limits per line


def _checked(line: int, cells: list[str]) -> list[str]:
    """``cells`` without trailing empty ones; ``UnreadableFile`` beyond the column and cell
    limits (the reading stops there)."""
    while cells and not cells[-1].strip():
        cells.pop()
    if len(cells) > MAX_COLUMNS:
        raise UnreadableFile(
            _(
                "Die Zeile hat mehr als %(max)d Spalten; bitte nur die Spalten „Name“ und "
                "„Verein“ speichern."
            )
            % {"max": MAX_COLUMNS},
            line=line,
        )
    for index, cell in enumerate(cells):
        if len(cell) > MAX_CELL_CHARS:
            raise UnreadableFile(
                _(
                    "Der Eintrag in Spalte %(column)s ist zu lang (%(length)d Zeichen, "
                    "höchstens %(max)d)."
                )
                % {
                    "column": get_column_letter(index + 1),
                    "length": len(cell),
                    "max": MAX_CELL_CHARS,
                },
                line=line,
            )
    return cells


def _too_many_rows() -> UnreadableFile:
    return UnreadableFile(
        _(
            "Die Tabelle reicht über Zeile %(last)d hinaus; höchstens %(max)d Zeilen unter der "
            "Kopfzeile werden eingelesen (auch leere Zeilen zählen: bitte leere Zeilen unterhalb "
            "der Liste löschen)."
        )
        % {"last": MAX_ROWS + 1, "max": MAX_ROWS}
    )


# ---------------------------------------------------------------------------- Excel


def _xlsx_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    """The first worksheet's rows, streamed; the declared size of the sheet is ignored."""
    _check_xlsx_package(data)
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
                raise _too_many_rows()
            yield index, _checked(index, [_cell_text(value) for value in row])
    except UnreadableFile:
        raise
    except Exception as error:  # a damaged sheet shows only while it is read
        raise UnreadableFile(_("Die Excel-Datei lässt sich nicht lesen.")) from error
    finally:
        workbook.close()


class _XmlRefused(Exception):
    pass


def _check_xlsx_package(data: bytes) -> None:
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
        budget = [MAX_XLSX_ELEMENTS]
        try:
            for part in parts:
                if part.filename.lower().endswith((".xml", ".rels", ".vml")):
                    with archive.open(part) as handle:
                        _scan_xml(handle, budget)
        except _XmlRefused as error:
            raise UnreadableFile(str(error)) from error
        except Exception as error:  # damaged zip or XML, unsupported compression, bad CRC
            raise UnreadableFile(
                _("Die Excel-Datei lässt sich nicht lesen (%(reason)s).")
                % {"reason": error.__class__.__name__}
            ) from error


def _scan_xml(handle: IO[bytes], budget: list[int]) -> None:
    """Count the elements of one XML part against ``budget`` and the cells of each row."""
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
    while chunk := handle.read(64 * 1024):
        parser.Parse(chunk, False)
    parser.Parse(b"", True)


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# ---------------------------------------------------------------------------- CSV


def _csv_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    """The records of a CSV file with the line each starts on; a record must end on its line."""
    text = _decode(data)
    if "\x00" in text or _looks_binary(text):
        raise UnreadableFile(
            _("Die Datei ist keine Textdatei (CSV) und keine Excel-Datei (.xlsx).")
        )
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") >= first_line.count(",") and ";" in first_line else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    records = 0
    while True:
        line = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise _csv_problem(error, line, reader.line_num, delimiter) from error
        if reader.line_num > line:
            # A quote left open runs on over the next lines (up to the next quote); a name has
            # no line break, so this is a mistake, not one record of several lines.
            raise _quote_runs_on(line, reader.line_num)
        records += 1
        if records > MAX_ROWS + 1:
            yield line, ["…"]  # counted, not read: the checks report "höchstens MAX_ROWS"
            continue
        yield line, _checked(line, cells)


def _quote_runs_on(line: int, end: int) -> UnreadableFile:
    return UnreadableFile(
        _(
            'Ein Anführungszeichen (") wird erst in Zeile %(end)d geschlossen; die Zeilen '
            "dazwischen würden zu einem Eintrag (Zeilenumbrüche in einer Zelle werden nicht "
            "eingelesen)."
        )
        % {"end": end},
        line=line,
    )


def _csv_problem(error: csv.Error, line: int, at: int, delimiter: str) -> UnreadableFile:
    reason = str(error)
    if at > line and "end of data" not in reason:  # the quote opened on ``line`` ran on
        return _quote_runs_on(line, at)
    if "unexpected end of data" in reason:
        return UnreadableFile(
            _('Ein Anführungszeichen (") wird bis zum Ende der Datei nicht geschlossen.'),
            line=line,
        )
    if "expected after" in reason:
        return UnreadableFile(
            _('Nach einem schließenden Anführungszeichen (") muss „%(delimiter)s“ folgen.')
            % {"delimiter": delimiter},
            line=at,
        )
    if "field larger than field limit" in reason:
        return UnreadableFile(
            _("Ein Eintrag ist zu lang (höchstens %(max)d Zeichen).") % {"max": MAX_CELL_CHARS},
            line=line,
        )
    return UnreadableFile(
        _("Die CSV-Datei ist fehlerhaft in Zeile %(line)d: %(reason)s")
        % {"line": at, "reason": reason}
    )


UTF8_BOM = b"\xef\xbb\xbf"
# A character of two to four bytes as UTF-8 writes it. Windows-1252 text (ü is one byte, 0xFC)
# practically never contains one: "Ã¼" would have to be typed.
UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)
LINE_BREAK = re.compile(rb"\r\n|\r|\n")


def _decode(data: bytes) -> str:
    """UTF-8, else Windows-1252 where that is what the file is (see the module docstring)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise UnreadableFile(
            _(
                "Die Datei ist UTF-16 kodiert. Bitte als „CSV UTF-8“ oder als Excel-Datei (.xlsx) "
                "speichern."
            )
        )
    head = data[:8192]
    if b"\x00" in head or sum(1 for byte in head if byte < 32 and byte not in b"\r\n\t") > 8:
        raise UnreadableFile(
            _("Die Datei ist keine Textdatei (CSV) und keine Excel-Datei (.xlsx).")
        )
    marked = data.startswith(UTF8_BOM)
    skipped = 0
    while data.startswith(UTF8_BOM, skipped):  # some tools add one BOM per save
        skipped += len(UTF8_BOM)
    body = data[skipped:]
    try:
        return body.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as error:
        if marked or UTF8_SEQUENCE.search(body):
            raise UnreadableFile(
                _(
                    "Die Datei ist als UTF-8 gespeichert, enthält hier aber ein Byte, das kein "
                    "UTF-8 ist (Byte %(position)d der Datei). Bitte die Zeile prüfen oder die "
                    "Datei noch einmal als „CSV UTF-8“ speichern."
                )
                % {"position": skipped + error.start + 1},
                line=_line_at(body, error.start),
            ) from error
    try:
        return body.decode("cp1252")
    except UnicodeDecodeError as error:
        raise UnreadableFile(
            _("Die Datei ist weder UTF-8 noch Windows-1252 kodiert (Byte %(position)d).")
            % {"position": skipped + error.start + 1},
            line=_line_at(body, error.start),
        ) from error


def _line_at(data: bytes, position: int) -> int:
    """The line (1, 2, …) of byte ``position``, line breaks counted as the CSV reader does."""
    return len(LINE_BREAK.findall(data, 0, position)) + 1


def _looks_binary(text: str) -> bool:
    control = sum(1 for char in text if ord(char) < 32 and char not in "\r\n\t")
    return control > max(2, len(text) // 100)
