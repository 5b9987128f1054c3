"""Benchmark of a round's printouts for 400 players: seating, 100 score sheets, standings.

Run from the repository root::

    .venv/bin/python bench/bench_pdfs.py [--players 400] [--repeat 3]

Downloads the PDFs of round 2 through the organiser's download views (Django's test client in
this process, logged in): the seating plan, the blank score sheets of every table (with their
captains' QR codes), the same sheets filled in (the archive copy) and the standings after
round 2. Pages are counted with pypdf. Prints seconds and pages per PDF (median of ``--repeat``
runs) and, as the ratio, pages per second for the whole set.

The budget is a ratio measured in the same run, so that a slow or busy machine does not decide
it: the round's set (seating, score sheets, standings) and the filled score sheets may take at
most ``RATIO_BUDGET`` times as long as a plain reportlab document of the same page count (one
table grid of 10 rows and 5 columns of short strings per page, platypus ``Table`` in Helvetica,
no fonts to embed). Exit code 1 when a ratio misses it. QR codes are kept per link for the
process (``output.printouts.pdf_cells``), as on a server: the caches are emptied once at the
start, so the first run of the score sheets pays for making the QR codes and the median does
not; the first print of the round's set is printed with its ratio, for information.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

RATIO_BUDGET = 5.0
BASELINE_ROWS = 10
BASELINE_COLUMNS = 5


def plain_document(pages: int) -> bytes:
    """The yardstick: ``pages`` pages of plain reportlab, one table grid per page."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import PageBreak, SimpleDocTemplate, Table, TableStyle

    buffer = io.BytesIO()
    story: list = []
    for page in range(pages):
        if page:
            story.append(PageBreak())
        rows = [
            [f"{page}-{row}-{column}" for column in range(BASELINE_COLUMNS)]
            for row in range(BASELINE_ROWS)
        ]
        table = Table(rows)
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.grey)]))
        story.append(table)
    SimpleDocTemplate(buffer, pagesize=A4).build(story)
    return buffer.getvalue()


def timed(make, repeat: int) -> tuple[float, bytes]:
    """Median seconds of ``repeat`` calls of ``make`` and what the last one returned."""
    times, result = [], b""
    for _ in range(repeat):
        start = time.perf_counter()
        result = make()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    common.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from pypdf import PdfReader

    from output.printouts.pdf_cells import forget_qr_codes

    common.header("PDF printouts of a round")
    tournament = common.ensure_demo(args.players, 2)
    slug, number = tournament.slug, 2
    tables = tournament.rounds.get(number=number).tables.count()
    client = Client()
    client.force_login(common.bench_user())
    downloads = [
        ("seating", reverse("exports:seating_pdf", args=[slug, number])),
        ("score sheets", reverse("exports:sheets_pdf", args=[slug, number])),
        ("standings", reverse("exports:standings_pdf", args=[slug])),
        ("filled sheets", reverse("exports:sheets_pdf", args=[slug, number]) + "?filled=1"),
    ]
    print(
        f"tournament: {slug}, round {number}: {tables} tables; "
        f"median of {args.repeat} runs per PDF (server time, test client)"
    )
    # Each run of a download is followed by the plain document of the same page count, so
    # that both see the same load on a shared machine.
    set_seconds = set_pages = set_plain = first_set = first_plain = 0.0
    measured: dict[str, tuple[float, float, int]] = {}
    forget_qr_codes()  # the round's first print: no QR code known yet
    for name, url in downloads:
        times, plains = [], []
        response = None
        pages = 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
            assert response["Content-Type"].startswith("application/pdf")
            pages = pages or len(PdfReader(io.BytesIO(response.content)).pages)
            plain, _data = timed(lambda pages=pages: plain_document(pages), 1)
            plains.append(plain)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        count = len(queries.captured_queries)
        seconds, plain = statistics.median(times), statistics.median(plains)
        measured[name] = (seconds, plain, pages)
        if name != "filled sheets":  # the set an organiser prints for a round
            set_seconds += seconds
            set_plain += plain
            set_pages += pages
            first_set += times[0]
            first_plain += plains[0]
        print(
            f"{name:14s} {pages:4d} pages in {seconds:6.2f} s = {pages / seconds:6.1f} pages/s, "
            f"{len(response.content) / 1024:7.0f} kB, {count} queries; first run {times[0]:.2f} s; "
            f"plain {plain:.2f} s",
            flush=True,
        )
    print(
        f"round set (seating + score sheets + standings): {set_pages:.0f} pages in "
        f"{set_seconds:.2f} s; ratio {set_pages / set_seconds:.1f} pages/s"
    )
    failures = 0
    print(
        f"\nyardstick: plain reportlab, one {BASELINE_ROWS}x{BASELINE_COLUMNS} table grid per page"
    )
    filled_seconds, filled_plain, filled_pages = measured["filled sheets"]
    checks = [
        ("round set", set_seconds, set_plain, int(set_pages), True),
        ("filled sheets", filled_seconds, filled_plain, filled_pages, True),
        ("set, 1st print", first_set, first_plain, int(set_pages), False),
    ]
    for name, seconds, plain, pages, judged in checks:
        ratio = seconds / plain
        ok = ratio <= RATIO_BUDGET
        if judged:
            failures += not ok
            verdict = f"(budget <= {RATIO_BUDGET:.0f}x) {common.verdict(ok)}"
        else:
            verdict = "(for information: no QR code cached yet)"
        print(
            f"{name:14s} {pages:4d} pages: {seconds:6.2f} s vs plain {plain:5.2f} s = "
            f"{ratio:4.1f}x {verdict}",
            flush=True,
        )
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
