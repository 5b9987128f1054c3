"""Benchmark of a 400-player DDV tournament: standings, saving a 24-game sheet, printouts.

Run from the repository root::

    .venv/bin/python bench/bench_ddv.py [--players 400] [--iterations 20] [--repeat 3]

The tournament comes from ``generate_demo --ruleset ddv`` (two rounds played and confirmed,
24 games at a four-player table and 30 at five, each with Pflichtsoli, Vorführungen and a
penalty line; a third round released with empty sheets). Measured through Django's test client
in this process, logged in as an organiser:

- **standings**: the organiser's page, the public page (cache off) and the JSON API — median
  and p95 of server time, and the queries of one request (budget ``STANDINGS_QUERIES``, as for
  the house rules);
- **sheet save**: POST a whole DDV sheet (24 rows typed as the calculator's records, alternating
  with its first 23) to the desk page of round 3, table 1 — median, p95, queries (budget
  ``SAVE_QUERIES``);
- **printouts** of round 2: the blank Spiellisten of every table, the filled ones and the
  standings — seconds and pages (median of ``--repeat``), queries (budget
  ``PRINTOUT_QUERIES``). Times are judged as ratios measured in the same run, so that a busy
  machine does not decide them: the round's set (blank lists and standings) against a plain
  reportlab document of the same page count (budget ``RATIO_BUDGET``, as ``bench_pdfs.py``);
  the filled lists, which print some 450 texts a page (three times the house rules' columns),
  against the house rules' filled sheets of a tournament of the same size
  (``FILLED_RATIO_BUDGET``).

Exit code 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common
from bench_pdfs import RATIO_BUDGET, plain_document

STANDINGS_QUERIES = 10
SAVE_QUERIES = 30
PRINTOUT_QUERIES = 14
FILLED_RATIO_BUDGET = 3.0


def ddv_form(rows: list[dict], revision: int) -> dict[str, str]:
    data = {"revision": str(revision), "save": "1"}
    for number, row in enumerate(rows, start=1):
        data[f"g{number}-kind"] = row["kind"]
        data[f"g{number}-record"] = json.dumps(row)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    common.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import reverse
    from pypdf import PdfReader

    from rules.ddv.sample import sample_rows
    from scoring.models import Sheet, SheetVersion

    common.header(f"DDV tournament ({args.players} players)")
    tournament = common.ensure_demo(args.players, 2, open_round=True, ruleset="ddv")
    slug = tournament.slug
    games = SheetVersion.objects.filter(sheet__round__tournament=tournament, confirmed=True)
    print(
        f"tournament: {slug} ({tournament.rules.label}), "
        f"{tournament.rounds.get(number=2).tables.count()} tables a round, "
        f"{sum(version.games.count() for version in games[:10])} rows in the first 10 sheets"
    )
    client = Client()
    client.force_login(common.bench_user())
    failures = 0

    def measure(name: str, request, budget: int, repeat: int) -> None:
        nonlocal failures
        request()
        with CaptureQueriesContext(connection) as queries:
            request()
        count = len(queries.captured_queries)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            request()
            times.append(time.perf_counter() - start)
        stats = common.summary(times)
        ok = count <= budget
        failures += not ok
        print(
            f"{name:20s} median {common.ms(stats['median'])}, p95 {common.ms(stats['p95'])}, "
            f"{count} queries [{common.verdict(ok)} <= {budget}]",
            flush=True,
        )

    print("-- standings (after round 2)")
    with override_settings(PUBLIC_CACHE_SECONDS=0):
        for name, url in (
            ("organiser page", reverse("scoring:standings", args=[slug])),
            ("public page", reverse("public:standings", args=[slug])),
            ("JSON API", reverse("api:standings", args=[slug])),
        ):

            def get(url=url):
                response = client.get(url)
                assert response.status_code == 200, (url, response.status_code)

            measure(name, get, STANDINGS_QUERIES, args.iterations)

    print("-- sheet save (round 3, table 1: 24 games as calculator records)")
    sheet = Sheet.objects.select_related("table").get(
        round__tournament=tournament, round__number=3, table__number=1
    )
    rows = sample_rows(sheet.table.seats.count(), 24, seed=7)
    variants = [rows, rows[:23]]
    desk = reverse("scoring:sheet", args=[slug, 3, 1])
    turn = [0]

    def save():
        revision = Sheet.objects.filter(pk=sheet.pk).values_list("revision", flat=True)[0]
        data = ddv_form(variants[turn[0] % 2], revision)
        turn[0] += 1
        response = client.post(desk, data)
        assert response.status_code == 302, (desk, response.status_code)

    measure("desk save", save, SAVE_QUERIES, args.iterations)

    print(f"-- printouts of round 2 (median of {args.repeat} runs)")
    house = common.ensure_demo(args.players, 2)

    def timed_pdf(url: str) -> tuple[float, int, int]:
        times, pages = [], 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
            pages = pages or len(PdfReader(io.BytesIO(response.content)).pages)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        return statistics.median(times), pages, len(queries.captured_queries)

    def plain(pages: int) -> float:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            plain_document(pages)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    sheets = reverse("exports:sheets_pdf", args=[slug, 2])
    measured = {}
    for name, url in (
        ("blank sheets", sheets),
        ("standings", reverse("exports:standings_pdf", args=[slug])),
        ("filled sheets", sheets + "?filled=1"),
        ("house filled", reverse("exports:sheets_pdf", args=[house.slug, 2]) + "?filled=1"),
    ):
        seconds, pages, count = timed_pdf(url)
        measured[name] = (seconds, pages)
        ok = count <= PRINTOUT_QUERIES
        failures += not ok
        print(
            f"{name:20s} {pages:4d} pages in {seconds:6.2f} s = {pages / seconds:6.1f} pages/s, "
            f"{count} queries [{common.verdict(ok)} <= {PRINTOUT_QUERIES}]",
            flush=True,
        )
    set_seconds = measured["blank sheets"][0] + measured["standings"][0]
    set_pages = measured["blank sheets"][1] + measured["standings"][1]
    ratio = set_seconds / plain(set_pages)
    ok = ratio <= RATIO_BUDGET
    failures += not ok
    print(
        f"round set (blank lists + standings) {set_pages} pages: {ratio:4.1f}x plain reportlab "
        f"[{common.verdict(ok)} <= {RATIO_BUDGET:.0f}x]"
    )
    ratio = measured["filled sheets"][0] / measured["house filled"][0]
    ok = ratio <= FILLED_RATIO_BUDGET
    failures += not ok
    print(
        f"filled DDV lists: {ratio:4.1f}x the house rules' filled sheets "
        f"[{common.verdict(ok)} <= {FILLED_RATIO_BUDGET:.0f}x]"
    )
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
