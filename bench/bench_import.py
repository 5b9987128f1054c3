"""Benchmark of the participant import on hostile files: how fast and how small each refusal is.

Run from the repository root::

    .venv/bin/python bench/bench_import.py [--repeat 5]

Reads each file with ``read_participants`` (what the import page and ``manage.py
import_participants`` call), no database involved: the hand-made .xlsx files of
``tests/handmade_xlsx.py`` (a 100-million-row sheet of about 5 KB, a zip bomb unpacking to
64 MB, a part lying about its unpacked size, one row of a million cells, two million empty rows)
and, for comparison, a valid list of 2,000 participants as .xlsx and as CSV. Prints the file
size, the median time of ``--repeat`` runs, the peak of Python's memory allocations while reading
(``tracemalloc``, in a separate run, since tracing slows the reading down) and the answer.

Budget: every hostile file refused in under 2 s with a peak under 50 MB; exit code 1 otherwise.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

SECONDS_BUDGET = 2.0
PEAK_BUDGET_MB = 50.0


def files() -> list[tuple[str, str, bytes, bool]]:
    """(label, file name, data, hostile) of every file read."""
    from openpyxl import Workbook

    from tests import handmade_xlsx as handmade

    honest = handmade.xlsx_file(
        handmade.worksheet([handmade.row(1, ["Name"]), *handmade.participants(300)])
    )
    workbook = Workbook()
    workbook.active.append(["Name", "Verein"])
    for number in range(1, 2001):
        workbook.active.append([f"Spieler {number:04d}", "DK Herz-Dame"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    csv = "Name;Verein\n" + "".join(f"Spieler {n:04d};DK Herz-Dame\n" for n in range(1, 2001))
    return [
        ("100,000,000 rows declared and used", "liste.xlsx", handmade.hundred_million_rows(), True),
        ("zip bomb, 64 MB unpacked", "liste.xlsx", handmade.zip_bomb(64), True),
        (
            "part lying about its size",
            "liste.xlsx",
            handmade.with_declared_size(honest, handmade.SHEET_PART, 300),
            True,
        ),
        ("one row of 1,000,000 cells", "liste.xlsx", handmade.one_wide_row(), True),
        ("2,000,000 empty rows", "liste.xlsx", handmade.many_empty_rows(), True),
        (
            "worksheet 'sheet1.bin', 1,000,000 cells",
            "liste.xlsx",
            handmade.one_wide_row(sheet_part="xl/worksheets/sheet1.bin"),
            True,
        ),
        (
            "worksheet 'sheet1.bin', stored, 400,000 cells",
            "liste.xlsx",
            handmade.xlsx_file(
                handmade.worksheet("<row>" + "<c/>" * 400_000 + "</row>"),
                sheet_part="xl/worksheets/sheet1.bin",
                compression=zipfile.ZIP_STORED,
            ),
            True,
        ),
        ("valid: 2,000 participants (.xlsx)", "liste.xlsx", buffer.getvalue(), False),
        ("valid: 2,000 participants (CSV)", "liste.csv", csv.encode(), False),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    common.setup(migrate=False)
    from tournament.participants.importing import read_participants

    print("== Participant import: hostile files")
    print(common.machine_line())
    print(f"commit: {common.git_revision()} (working tree may differ)")
    print(f"median of {args.repeat} runs; peak = tracemalloc peak while reading (separate run)")
    print(f"budget for hostile files: < {SECONDS_BUDGET:.0f} s and < {PEAK_BUDGET_MB:.0f} MB\n")
    ok = True
    for label, name, data, hostile in files():
        times = []
        preview = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            preview = read_participants(data, name)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        read_participants(data, name)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        seconds = statistics.median(times)
        if hostile:
            answer = str(preview.errors[0]) if preview.errors else "ACCEPTED"
            within = bool(preview.errors) and seconds < SECONDS_BUDGET and peak < PEAK_BUDGET_MB
            ok = ok and within
            verdict = common.verdict(within)
        else:
            answer = f"{len(preview.rows)} participants" if preview.ok else str(preview.errors[0])
            verdict = "    "
        print(
            f"{verdict} {label:36s} {len(data) / 1024:8.1f} kB  {seconds * 1000:8.1f} ms  "
            f"peak {peak:6.1f} MB  {answer[:90]}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
