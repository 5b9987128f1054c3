"""Work per request, counted instead of timed: Python function calls (cProfile) and SQL queries
of the requests the capacity ladder is made of (issue 26). Counts do not depend on how busy the
machine is, so two versions of the code can be compared on a shared machine, where timings
cannot.

Run from the repository root (or any checkout, e.g. the base commit, to compare)::

    .venv/bin/python bench/bench_request_work.py [--players 40] [--repeat 20]

Requests (Django's test client in this process; the client's own calls are in every row alike):

- ``poll 304``: the public standings, the projector and the JSON API asked again with their
  current ETag (the phones' and projector's polls);
- ``autosave writes``: the captain's autosave of table 1 alternating 16 and 15 games (every
  save a new version), the revision read before each POST (not counted);
- ``autosave unchanged``: the same games sent again (nothing to write);
- ``standings 200``: the public standings page without an ETag (cached standings and rows).

The database is the benchmarks' (``bench/common.py``); the cache is this process's memory, as
in development (in network mode the stamp is one read of Redis or of the cache table).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)

    common.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from demo.records import form_data, sheet_records
    from scoring.models import Sheet

    tournament = common.ensure_demo(args.players, 2, open_round=True)
    number = tournament.rounds_count
    sheet = Sheet.objects.select_related("table").get(
        round__tournament=tournament, round__number=number, table__number=1
    )
    records = sheet_records(sheet.table.size, 16, random.Random(16))
    variants = [form_data(records), form_data(records[:15])]
    client = Client()
    token = sheet.table.entry_token
    client.get(reverse("captain:sheet", args=[token]))
    autosave = reverse("captain:autosave", args=[token])

    def measure(request) -> tuple[int, int, int]:
        profile = cProfile.Profile()
        with CaptureQueriesContext(connection) as queries:
            profile.enable()
            status = request()
            profile.disable()
        return pstats.Stats(profile).total_calls, len(queries.captured_queries), status

    rows: dict[str, list[tuple[int, int]]] = {}

    def run(name: str, request, expect: int) -> None:
        for _ in range(args.repeat):
            calls, count, status = measure(request)
            if status != expect:
                raise SystemExit(f"{name}: status {status}, expected {expect}")
            rows.setdefault(name, []).append((calls, count))

    polls = {
        "poll 304 standings": reverse("public:standings", args=[tournament.slug]),
        "poll 304 projector": reverse("public:projector", args=[tournament.slug])
        + "?show=standings",
        "poll 304 JSON API": reverse("api:standings", args=[tournament.slug]),
    }
    for name, url in polls.items():
        etag = client.get(url).headers["ETag"]
        run(
            name,
            lambda url=url, etag=etag: client.get(url, HTTP_IF_NONE_MATCH=etag).status_code,
            304,
        )
    run("standings 200", lambda: client.get(polls["poll 304 standings"]).status_code, 200)

    turn = [0]

    def save() -> int:
        sheet.refresh_from_db(fields=["revision"])
        turn[0] += 1
        data = {**variants[turn[0] % 2], "revision": str(sheet.revision)}
        return client.post(autosave, data).status_code

    def save_again() -> int:
        sheet.refresh_from_db(fields=["revision"])
        data = {**variants[turn[0] % 2], "revision": str(sheet.revision)}
        return client.post(autosave, data).status_code

    # refresh_from_db runs inside ``measure``: count it out below (one call tree, one query).
    baseline_calls, baseline_queries, _ = measure(
        lambda: sheet.refresh_from_db(fields=["revision"]) or 200
    )
    run("autosave writes", save, 200)
    run("autosave unchanged", save_again, 200)

    print(common.machine_line())
    print(f"database: {common.database_label()}; {args.players} players, {args.repeat} each")
    print(f"{'request':<22} {'function calls':>15} {'queries':>8}")
    for name, values in rows.items():
        calls = statistics.median(calls for calls, _count in values)
        count = statistics.median(count for _calls, count in values)
        if name.startswith("autosave"):
            calls -= baseline_calls
            count -= baseline_queries
        print(f"{name:<22} {calls:>15,.0f} {count:>8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
