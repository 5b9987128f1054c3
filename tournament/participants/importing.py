"""Reading participant lists from CSV and Excel files.

One reader for every way in (the import page, ``manage.py import_participants``, the Excel
import of the printouts): a file's bytes and name in, a preview out. The preview says what would
be created and every problem with its line number; the import service writes nothing unless the
preview has no problems.

Accepted files: a header row with a ``Name`` column (any case), or instead ``Vorname`` and
``Nachname`` (joined as "Vorname Nachname"), and optionally ``Verein`` (or ``Club``); other
columns are ignored and named in the preview. CSV separated by commas or semicolons; Excel
``.xlsx`` (first worksheet).

A line whose name is already registered, or repeats an earlier line, is skipped with a warning
(``skipped``); the rest can still be imported. Every other problem refuses the whole file.

Limits (a file beyond them is refused with a message, and reading stops there): 2 MB per file,
2,000 lines under the header, 50 columns, 1,000 characters per cell (a name or club at most
100); see ``import_limits``, ``xlsx_lines`` and ``csv_lines`` for the readers of each format.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.utils.translation import gettext as _

from tournament.normalize import FORMULA_PREFIXES, name_key, normalize_name
from tournament.participants.csv_lines import csv_lines
from tournament.participants.import_limits import (
    CLUB_HEADERS,
    CLUB_MAX_LENGTH,
    FIRST_NAME_HEADERS,
    LAST_NAME_HEADERS,
    MAX_FILE_BYTES,
    MAX_ROWS,
    NAME_HEADERS,
    NAME_MAX_LENGTH,
    UnreadableFile,
)
from tournament.participants.xlsx_lines import xlsx_lines


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
    # Lines left out (a name already registered or repeated in the file); they refuse nothing.
    skipped: list[ImportProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


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
            lines = list(xlsx_lines(data))
        else:
            lines = list(csv_lines(data))
    except UnreadableFile as error:
        preview.errors.append(ImportProblem(error.line, error.message))
        return preview

    _check_lines(lines, preview, existing_names)
    return preview


def _check_lines(
    lines: list[tuple[int, list[str]]], preview: ImportPreview, existing_names: Iterable[str]
) -> None:
    """Check the header, then every data line, and fill ``preview`` with what was found."""
    if not lines:
        preview.errors.append(ImportProblem(0, _("Die Datei enthält keine Zeilen.")))
        return
    header_line, header = lines[0]
    layout = _read_header(header_line, header, preview)
    if layout is None:
        return

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

    _check_rows(data_lines, layout, preview, existing_names)
    if not preview.rows and not preview.errors:
        message = (
            _("Die Datei enthält keine neuen Teilnehmer.")
            if preview.skipped
            else _("Die Datei enthält keine Teilnehmer.")
        )
        preview.errors.append(ImportProblem(0, message))


class _Layout(NamedTuple):
    """Where a data line holds the name (one column, or first and last name) and the club."""

    name_parts: list[int]
    club_index: int | None


def _read_header(header_line: int, header: list[str], preview: ImportPreview) -> _Layout | None:
    """The columns of the header line; None (with the error in ``preview``) without exactly one
    name column or a "Vorname" and a "Nachname"."""
    columns = [cell.strip().lower() for cell in header]
    name_columns = [i for i, column in enumerate(columns) if column in NAME_HEADERS]
    club_columns = [i for i, column in enumerate(columns) if column in CLUB_HEADERS]
    first_columns = [i for i, column in enumerate(columns) if column in FIRST_NAME_HEADERS]
    last_columns = [i for i, column in enumerate(columns) if column in LAST_NAME_HEADERS]
    if not name_columns and len(first_columns) == 1 and len(last_columns) == 1:
        name_parts = [first_columns[0], last_columns[0]]
    elif len(name_columns) == 1:
        name_parts = name_columns
    else:
        found = ", ".join(f'"{cell.strip()[:40]}"' for cell in header if cell.strip()) or "–"
        message = (
            _(
                "Die Kopfzeile braucht genau eine Spalte „Name“ (oder „Vorname“ und "
                "„Nachname“; gefunden: %(found)s)."
            )
            if not name_columns
            else _("Die Spalte „Name“ kommt mehrfach vor (gefunden: %(found)s).")
        )
        preview.errors.append(ImportProblem(header_line, message % {"found": found}))
        return None
    club_index = club_columns[0] if club_columns else None
    preview.ignored_columns = [
        header[i].strip()
        for i in range(len(header))
        if i not in name_parts and i != club_index and header[i].strip()
    ]
    return _Layout(name_parts, club_index)


def _check_rows(
    data_lines: list[tuple[int, list[str]]],
    layout: _Layout,
    preview: ImportPreview,
    existing_names: Iterable[str],
) -> None:
    """Each non-empty data line becomes a row, an error, a skipped duplicate or a row with a
    warning."""
    existing = {name_key(name) for name in existing_names}
    seen: dict[str, int] = {}
    for line, cells in data_lines:
        if not any(cell.strip() for cell in cells):
            continue
        name = normalize_name(" ".join(cells[i] for i in layout.name_parts if i < len(cells)))
        club_index = layout.club_index
        club = (
            normalize_name(cells[club_index])
            if club_index is not None and club_index < len(cells)
            else ""
        )
        error = _row_error(line, name, club)
        if error is not None:
            preview.errors.append(error)
            continue
        key = name_key(name)
        duplicate = _duplicate(line, name, key, seen, existing)
        if duplicate is not None:
            preview.skipped.append(duplicate)
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


def _row_error(line: int, name: str, club: str) -> ImportProblem | None:
    """What refuses the file on this line: a missing name, a name or club too long."""
    if not name:
        return ImportProblem(line, _("Der Name fehlt."))
    if len(name) > NAME_MAX_LENGTH:
        return ImportProblem(
            line,
            _("Der Name ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
            % {"length": len(name), "max": NAME_MAX_LENGTH},
        )
    if len(club) > CLUB_MAX_LENGTH:
        return ImportProblem(
            line,
            _("Der Verein ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
            % {"length": len(club), "max": CLUB_MAX_LENGTH},
        )
    return None


def _duplicate(
    line: int, name: str, key: str, seen: dict[str, int], existing: set[str]
) -> ImportProblem | None:
    """Why this line is skipped: its name came earlier in the file or is registered already."""
    if key in seen:
        return ImportProblem(
            line,
            _("„%(name)s“ steht schon in Zeile %(first)d.") % {"name": name, "first": seen[key]},
        )
    if key in existing:
        return ImportProblem(line, _("„%(name)s“ ist bereits angemeldet.") % {"name": name})
    return None


def _looks_like_xlsx(data: bytes, filename: str) -> bool:
    return data[:4] == b"PK\x03\x04" or filename.lower().endswith((".xlsx", ".xlsm"))
