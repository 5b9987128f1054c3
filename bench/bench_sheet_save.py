"""Benchmark of saving a full 16-game sheet, at the organiser's desk and on a captain's phone.

Run from the repository root::

    .venv/bin/python bench/bench_sheet_save.py [--iterations 50] [--sizes 20,400]

For each tournament size (default 20 and 400 players, each with two confirmed rounds and a third
round released with empty sheets) it POSTs 16 valid games (quick entries, solos and calculator
records, as the entry page's fields), alternating with the first 15 of them so that every save
changes the sheet, to the organiser's sheet page of table 1, to the captain's link of table 2 and
to the autosave address of each (what the page sends by itself after every game), reading the
sheet's current revision from the database before each POST. Server time through Django's test
client in this process (median, p95) and the queries of one save.

Budget: at most 30 queries per save (24 per autosave), the same count for every tournament size.
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
MAX_AUTOSAVE_QUERIES = 24
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

    from demo.records import form_data, sheet_records
    from scoring.models import Sheet, SheetVersion

    common.header("sheet save (16 games)")
    records = sheet_records(4, 16, random.Random(RECORD_SEED))
    variants = [form_data(records), form_data(records[:15])]
    methods = sorted({"calculator" if "augen_re" in r else "quick" for r in records})
    print(
        f"sheet: 16 games ({', '.join(methods)}), {args.iterations} saves per page and size "
        "(median and p95 of server time; revision read before each POST, not timed)"
    )

    organiser = Client()
    organiser.force_login(common.bench_user())
    counts: dict[str, list[int]] = {
        "desk": [],
        "captain": [],
        "desk-autosave": [],
        "captain-autosave": [],
    }
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
        desk_url = reverse("scoring:sheet", args=[tournament.slug, number, 1])
        captain = reverse("captain:sheet", args=[sheets[2].table.entry_token])
        pages = [
            ("desk", organiser, sheets[1], desk_url, 302, MAX_QUERIES),
            ("captain", Client(), sheets[2], captain, 302, MAX_QUERIES),
            (
                "desk-autosave",
                organiser,
                sheets[1],
                desk_url + "sichern/",
                200,
                MAX_AUTOSAVE_QUERIES,
            ),
            (
                "captain-autosave",
                Client(),
                sheets[2],
                captain + "sichern/",
                200,
                MAX_AUTOSAVE_QUERIES,
            ),
        ]
        print(f"-- {players} players ({tournament.slug}, round {number})")
        for name, client, sheet, url, status, budget in pages:
            size = sheet.table.seats.count()
            assert size == 4, f"table {sheet.table.number} has {size} players"
            turn = [0]

            def post(client=client, sheet=sheet, url=url, status=status, turn=turn):
                revision = Sheet.objects.filter(pk=sheet.pk).values_list("revision", flat=True)[0]
                fields = variants[turn[0] % 2]
                turn[0] += 1
                data = {**fields, "revision": str(revision), "save": "1"}
                start = time.perf_counter()
                response = client.post(url, data)
                elapsed = time.perf_counter() - start
                assert response.status_code == status, (url, response.status_code)
                return elapsed

            before = SheetVersion.objects.filter(sheet=sheet).count()
            post()
            with CaptureQueriesContext(connection) as queries:
                post()
            count = len(queries.captured_queries)
            times = [post() for _ in range(args.iterations)]
            saved = SheetVersion.objects.filter(sheet=sheet).count() - before
            assert saved == args.iterations + 2, (saved, args.iterations + 2)
            stats = common.summary(times)
            ok = count <= budget
            failures += not ok
            counts[name].append(count)
            print(
                f"{name:16s} median {common.ms(stats['median'])}, "
                f"p95 {common.ms(stats['p95'])}, "
                f"{count} queries [{common.verdict(ok)} <= {budget}], "
                f"{saved} versions written",
                flush=True,
            )
    for name, values in counts.items():
        same = len(set(values)) == 1
        failures += not same
        sizes_text = " / ".join(f"{n}p: {v}" for n, v in zip(sizes, values, strict=True))
        print(
            f"{name:16s} queries by size {sizes_text} "
            f"[{common.verdict(same)} independent of tournament size]"
        )
    print(f"result: {'PASS' if not failures else f'FAIL ({failures} budgets missed)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
