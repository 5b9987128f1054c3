"""Benchmark of saving a full 16-game sheet, at the organiser's desk and on a captain's phone.

Run from the repository root::

    .venv/bin/python bench/bench_sheet_save.py [--iterations 50] [--sizes 20,400]

For each tournament size (default 20 and 400 players, each with two confirmed rounds and a third
round released with empty sheets) it POSTs the same 16 valid games (quick entries, solos and
calculator records, as the entry page's fields) to the organiser's sheet page of table 1 and to
the captain's link of table 2, reading the sheet's current revision from the database before
each POST. Server time through Django's test client in this process (median, p95) and the
queries of one save.

Budget: at most 30 queries per save, the same count for every tournament size.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

MAX_QUERIES = 30
RECORD_SEED = 16


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--sizes", default="20,400", help="players per tournament, comma separated")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]

    common.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring.demo.records import form_data, sheet_records
    from scoring.models import Sheet, SheetVersion

    common.header("sheet save (16 games)")
    records = sheet_records(4, 16, random.Random(RECORD_SEED))
    fields = form_data(records)
    methods = sorted({"calculator" if "augen_re" in r else "quick" for r in records})
    print(
        f"sheet: 16 games ({', '.join(methods)}), {args.iterations} saves per page and size "
        "(median and p95 of server time; revision read before each POST, not timed)"
    )

    organiser = Client()
    organiser.force_login(common.bench_user())
    counts: dict[str, list[int]] = {"desk": [], "captain": []}
    failures = 0
    for players in sizes:
        tournament = common.ensure_demo(players, 2, open_round=True)
        number = tournament.rounds_count  # the open round
        sheets = {
            sheet.table.number: sheet
            for sheet in Sheet.objects.filter(round__tournament=tournament, round__number=number)
            .select_related("table")
            .filter(table__number__in=[1, 2])
        }
        pages = [
            (
                "desk",
                organiser,
                sheets[1],
                reverse("scoring:sheet", args=[tournament.slug, number, 1]),
            ),
            (
                "captain",
                Client(),
                sheets[2],
                reverse("captain:sheet", args=[sheets[2].table.entry_token]),
            ),
        ]
        print(f"-- {players} players ({tournament.slug}, round {number})")
        for name, client, sheet, url in pages:
            size = sheet.table.seats.count()
            assert size == 4, f"table {sheet.table.number} has {size} players"

            def save(client=client, sheet=sheet, url=url):
                revision = Sheet.objects.filter(pk=sheet.pk).values_list("revision", flat=True)[0]
                data = {**fields, "revision": str(revision), "save": "1"}
                start = time.perf_counter()
                response = client.post(url, data)
                elapsed = time.perf_counter() - start
                assert response.status_code == 302, (url, response.status_code)
                return elapsed

            before = SheetVersion.objects.filter(sheet=sheet).count()
            save()
            revision = Sheet.objects.filter(pk=sheet.pk).values_list("revision", flat=True)[0]
            with CaptureQueriesContext(connection) as queries:
                response = client.post(url, {**fields, "revision": str(revision), "save": "1"})
            count = len(queries.captured_queries)
            assert response.status_code == 302, response.status_code
            times = [save() for _ in range(args.iterations)]
            saved = SheetVersion.objects.filter(sheet=sheet).count() - before
            assert saved == args.iterations + 2, (saved, args.iterations + 2)
            stats = common.summary(times)
            ok = count <= MAX_QUERIES
            failures += not ok
            counts[name].append(count)
            print(
                f"{name:8s} median {common.ms(stats['median'])}, p95 {common.ms(stats['p95'])}, "
                f"{count} queries [{common.verdict(ok)} <= {MAX_QUERIES}], "
                f"{saved} versions written",
                flush=True,
            )
    for name, values in counts.items():
        same = len(set(values)) == 1
        failures += not same
        sizes_text = " / ".join(f"{n}p: {v}" for n, v in zip(sizes, values, strict=True))
        print(
            f"{name:8s} queries by size {sizes_text} "
            f"[{common.verdict(same)} independent of tournament size]"
        )
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
