"""Benchmark of the Excel export of every game of a 400-player tournament (3,200 games).

Run from the repository root::

    .venv/bin/python bench/bench_excel.py [--players 400] [--repeat 3]

Downloads ``spiele.xlsx`` through the organiser's export view (Django's test client in this
process, logged in): one worksheet with a row per game and one with a row per player and game.
Rows are counted by reading the workbook back with openpyxl. Prints seconds (median of
``--repeat`` runs), file size, and as the ratio rows written per second.
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
    from openpyxl import load_workbook

    from scoring.models import Game

    common.header("Excel export of all games")
    tournament = common.ensure_demo(args.players, 2)
    games = Game.objects.filter(
        version__sheet__round__tournament=tournament, version__confirmed=True
    ).count()
    client = Client()
    client.force_login(common.bench_user())
    url = reverse("exports:games_xlsx", args=[tournament.slug])
    times = []
    response = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    count = len(queries.captured_queries)
    workbook = load_workbook(io.BytesIO(response.content), read_only=True)
    sheets = [(sheet.title, sheet.max_row - 1) for sheet in workbook.worksheets]
    workbook.close()
    rows = sum(n for _title, n in sheets)
    seconds = statistics.median(times)
    print(f"tournament: {tournament.slug}, {games} confirmed games; median of {args.repeat} runs")
    print("worksheets: " + ", ".join(f"{title} {n} rows" for title, n in sheets))
    print(
        f"spiele.xlsx: {seconds:.2f} s, {len(response.content) / 1024:.0f} kB, {count} queries; "
        f"ratio {rows / seconds:,.0f} rows/s ({games / seconds:,.0f} games/s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
