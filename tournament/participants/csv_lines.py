"""The lines of a CSV participant file: encodings, BOMs and quotes.

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
from collections.abc import Iterator

from django.utils.translation import gettext as _

from tournament.participants.import_limits import (
    MAX_CELL_CHARS,
    MAX_ROWS,
    UnreadableFile,
    checked_cells,
)

# ---------------------------------------------------------------------------- CSV


def csv_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
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
        yield line, checked_cells(line, cells)


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
