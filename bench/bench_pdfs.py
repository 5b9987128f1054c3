"""Benchmark of a round's printouts for 400 players: seating, 100 score sheets, standings.

Run from the repository root::

    .venv/bin/python bench/bench_pdfs.py [--players 400] [--repeat 3]

Downloads the PDFs of round 2 through the organiser's download views (Django's test client in
this process, logged in): the seating plan, the blank score sheets of every table (with their
captains' QR codes), the same sheets filled in (the archive copy) and the standings after
round 2. Pages are counted with pypdf. Prints seconds and pages per PDF (median of ``--repeat``
runs) and, as the ratio, pages per second for the whole set.
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
    set_seconds = set_pages = 0.0
    for name, url in downloads:
        times = []
        response = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
            assert response["Content-Type"].startswith("application/pdf")
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        count = len(queries.captured_queries)
        pages = len(PdfReader(io.BytesIO(response.content)).pages)
        seconds = statistics.median(times)
        if name != "filled sheets":  # the set an organiser prints for a round
            set_seconds += seconds
            set_pages += pages
        print(
            f"{name:14s} {pages:4d} pages in {seconds:6.2f} s = {pages / seconds:6.1f} pages/s, "
            f"{len(response.content) / 1024:7.0f} kB, {count} queries",
            flush=True,
        )
    print(
        f"round set (seating + score sheets + standings): {set_pages:.0f} pages in "
        f"{set_seconds:.2f} s; ratio {set_pages / set_seconds:.1f} pages/s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
