"""The limits of an imported participant file, and the refusal that stops reading it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 2000  # lines under the header
MAX_COLUMNS = 50  # a club's member export may have many columns; only two are read
MAX_CELL_CHARS = 1000
MAX_XLSX_UNPACKED_BYTES = 16 * 1024 * 1024
MAX_XLSX_PARTS = 200
# A part unpacking to more than 1 MB may be packed at most 1:200 (a sheet of names packs ~1:10).
MAX_XLSX_RATIO = 200
MAX_XLSX_RATIO_FROM = 1024 * 1024
MAX_XLSX_ELEMENTS = 250_000  # 2,001 rows of 50 cells with a value each are about 200,000
MAX_XLSX_CELLS_PER_ROW = 1000
NAME_MAX_LENGTH = 100
CLUB_MAX_LENGTH = 100
NAME_HEADERS = {"name"}
# Without a "Name" column, a first and a last name column are joined: "Vorname Nachname".
FIRST_NAME_HEADERS = {"vorname"}
LAST_NAME_HEADERS = {"nachname", "familienname"}
CLUB_HEADERS = {"verein", "club"}


class UnreadableFile(Exception):
    """The file cannot be read on (at ``line``, 0 for the whole file)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


# ---------------------------------------------------------------------------- limits per line


def checked_cells(line: int, cells: list[str]) -> list[str]:
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
        if "\ufffd" in cell:
            # What a program writes where it could not read a character: a list exported from
            # a system that garbled its names. No club has a member called "Kaputt��Name".
            raise UnreadableFile(
                _(
                    "Der Eintrag in Spalte %(column)s enthält das Ersatzzeichen „�“ (ein "
                    "Zeichen, das beim Speichern der Liste verloren ging). Bitte den Namen in "
                    "der Datei korrigieren."
                )
                % {"column": get_column_letter(index + 1)},
                line=line,
            )
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


def too_many_rows() -> UnreadableFile:
    return UnreadableFile(
        _(
            "Die Tabelle reicht über Zeile %(last)d hinaus; höchstens %(max)d Zeilen unter der "
            "Kopfzeile werden eingelesen (auch leere Zeilen zählen: bitte leere Zeilen unterhalb "
            "der Liste löschen)."
        )
        % {"last": MAX_ROWS + 1, "max": MAX_ROWS}
    )
