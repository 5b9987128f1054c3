"""The results as CSV files in one ZIP, one file per round and table (as SchafkopfTurnier
hands them out): for clubs that keep their own statistics or feed an association's database.

``durchgang-1/tisch-03.csv`` holds the games of that table's confirmed sheet, one line per
game (the columns of ``games_rows``); ``durchgang-1/sitzordnung.csv`` the seating of the
round; ``tabelle.csv`` the standings after the latest round with a confirmed sheet.

CSV as a German spreadsheet opens it: UTF-8 with a byte order mark, ``;`` between fields,
"ja" for yes, a number with decimals with a comma ("-1,25", kind :data:`DECIMAL`: a number,
never text). Text typed by people never becomes a formula: a field that starts with ``=``,
``+``, ``-``, ``@``, tab or CR gets a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterable
from itertools import groupby
from typing import Any

from django.utils.translation import gettext as _

from output.reports import BOOL, Report, games_rows, seating_rows, standings_rows
from scoring.standings.ranking import compute_standings
from tournament.models import Tournament
from tournament.normalize import FORMULA_PREFIXES
from tournament.seating.reading import round_with_seating

CSV_ENCODING = "utf-8-sig"
#: A number with two decimals, written with a German decimal comma: a number, never text.
DECIMAL = "decimal"


def _field(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind == BOOL:
        return _("ja") if value else _("nein")
    if kind == DECIMAL:
        return f"{value:.2f}".replace(".", ",")
    text = str(value)
    if isinstance(value, str) and text.startswith(FORMULA_PREFIXES):
        return "'" + text
    return text


def csv_bytes(header: list[str], rows: Iterable[tuple], kinds: list[str]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow([_field(label, "text") for label in header])
    for row in rows:
        writer.writerow([_field(value, kind) for value, kind in zip(row, kinds, strict=True)])
    return buffer.getvalue().encode(CSV_ENCODING)


def _report_csv(report: Report, rows: Iterable[tuple] | None = None) -> bytes:
    kinds = [column.kind for column in report.columns]
    return csv_bytes(report.header, report.rows if rows is None else rows, kinds)


def results_zip(tournament: Tournament) -> bytes:
    """The ZIP's bytes; rounds without a seating and tables without a confirmed sheet have no
    file."""
    files: list[tuple[str, bytes]] = []
    for number in tournament.rounds.order_by("number").values_list("number", flat=True):
        round_ = round_with_seating(tournament, number)
        if round_ is not None and round_.is_seated:
            seating = seating_rows(round_, order="table")
            files.append((f"durchgang-{number}/sitzordnung.csv", _report_csv(seating)))
    games = games_rows(tournament)  # round and table are its first two columns
    for (round_number, table), rows in groupby(games.rows, key=lambda row: (row[0], row[1])):
        name = f"durchgang-{round_number}/tisch-{table:02d}.csv"
        files.append((name, _report_csv(games, list(rows))))
    standings = compute_standings(tournament)
    if standings.after_round >= 1:
        files.append(("tabelle.csv", _report_csv(standings_rows(standings))))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files):
            archive.writestr(name, data)
    return buffer.getvalue()
