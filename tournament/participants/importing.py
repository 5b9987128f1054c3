"""Reading participant lists from CSV and Excel files.

One reader for every way in (the import page, ``manage.py import_participants``, the Excel
import of the printouts): a file's bytes and name in, a preview out. The preview says what would
be created and every problem with its line number; the import service writes nothing unless the
preview has no problems.

Accepted files: a header row with a ``Name`` column (any case) and optionally ``Verein`` (or
``Club``); other columns are ignored and named in the preview. CSV in UTF-8 (with or without BOM)
or Windows-1252, separated by commas or semicolons; Excel ``.xlsx`` (first worksheet).
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournament.normalize import FORMULA_PREFIXES, name_key, normalize_name

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 2000
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
    pass


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
        preview.errors.append(ImportProblem(0, str(error)))
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
        found = ", ".join(f'"{cell.strip()}"' for cell in header if cell.strip()) or "–"
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


def _xlsx_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
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
        for index, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            if index > MAX_ROWS + 1:
                yield index, ["…"]
                continue
            yield index, [_cell_text(value) for value in row]
    finally:
        workbook.close()


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _csv_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    text = _decode(data)
    if "\x00" in text or _looks_binary(text):
        raise UnreadableFile(
            _("Die Datei ist keine Textdatei (CSV) und keine Excel-Datei (.xlsx).")
        )
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") >= first_line.count(",") and ";" in first_line else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for cells in reader:
            yield reader.line_num, cells
    except csv.Error as error:
        raise UnreadableFile(
            _("Die CSV-Datei ist fehlerhaft in Zeile %(line)d: %(reason)s")
            % {"line": reader.line_num, "reason": error}
        ) from error


def _decode(data: bytes) -> str:
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
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as error:
        raise UnreadableFile(
            _("Die Datei ist weder UTF-8 noch Windows-1252 kodiert (Byte %(position)d).")
            % {"position": error.start + 1}
        ) from error


def _looks_binary(text: str) -> bool:
    control = sum(1 for char in text if ord(char) < 32 and char not in "\r\n\t")
    return control > max(2, len(text) // 100)
